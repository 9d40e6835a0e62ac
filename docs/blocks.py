"""A page's generated blocks, each between `<!-- NAME:begin -->` and `<!-- NAME:end -->`:
whether a page has one, what it holds, the page with it replaced, and, for the scripts
that write their own blocks, whether a page file can take them and the file rewritten.
Every script that reads or writes a block goes through these."""
import os
import re
import sys


def _pattern(name):
    return re.compile(r"(<!-- %s:begin -->\n)(.*?)(<!-- %s:end -->)" % (re.escape(name), re.escape(name)), re.S)


def has_markers(text, name):
    return f"<!-- {name}:begin -->" in text


def block_text(text, name):
    """What the page's first block `name` holds, or None when it has none."""
    found = _pattern(name).search(text)
    return found.group(2) if found else None


def replace_between(text, name, body, path):
    """`text` with its first block `name` holding `body`; stops the script, naming `path`,
    when there is no such block."""
    pattern = _pattern(name)
    if not pattern.search(text):
        raise SystemExit(f"update_docs: {path} has no <!-- {name}:begin/end --> markers")
    return pattern.sub(lambda m: m.group(1) + body + m.group(3), text, count=1)


def missing_markers(page, names):
    """Why the blocks `names` cannot be written into `page` (unreadable, or a block without
    its markers), as one line; None when they can. For the scripts that play games for an
    hour before they write: they ask first."""
    try:
        with open(page, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        return f"cannot read {page}: {e.strerror}"
    missing = [n for n in names if not has_markers(text, n)]
    return f"{page} has no <!-- {missing[0]}:begin/end --> markers" if missing else None


def rewrite_page(page, blocks, script, optional=()):
    """Rewrites a page's generated blocks, {name: body}, for the scripts that write their own
    (a name in `optional` only where the page has its markers), each as the page shows it
    (as_on_page). Every block is replaced before the page is opened to write; a failed read
    or write is one line on stderr and 1, else 0."""
    try:
        with open(page, encoding="utf-8") as f:
            text = f.read()
        for name, body in blocks.items():
            if name not in optional or has_markers(text, name):
                text = replace_between(text, name, as_on_page(text, body), page)
        with open(page, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        print(f"{script}: cannot rewrite {page}: {e.strerror}", file=sys.stderr)
        return 1
    return 0


def stale_blocks(page, blocks):
    """The names among `blocks`, {name: body}, whose block in `page` is not `body` as the page
    would show it (a body of None, or a block the page lacks, is left out). For the scripts'
    --check: OSError when the page cannot be read."""
    with open(page, encoding="utf-8") as f:
        text = f.read()
    return [name for name, body in blocks.items()
            if body is not None and has_markers(text, name) and block_text(text, name) != as_on_page(text, body)]


def stale_lines(root, wanted, writes_it):
    """One line per stale block of `wanted`, {page: {name: body}}: the page (from `root`), the
    block, and `writes_it`, the command that writes it."""
    return [f"{os.path.relpath(page, root)}: <!-- {name} --> is not what the store gives ({writes_it} writes it)"
            for page, blocks in wanted.items() for name in stale_blocks(page, blocks)]


# The machine a stage or step page was measured on is named once, in its `measured-on`
# block; every other generated block links there instead of naming it again.
# Its anchor is the page's own (Doxygen's labels are one namespace for the whole site).
_MEASURED = re.compile(r'<a name="(measured-on-[\w-]+)"></a>\*\*Measured on:\*\* (.+?)\. The host figures')


def measured_on_text(machine, folder):
    """The `measured-on` block of the page of `folder`, measured on `machine` (bench/report.py's line)."""
    return (f'<a name="measured-on-{folder}"></a>**Measured on:** {machine}. The host figures on this page were '
            "measured there, with the command each table names; a table measured on another machine names its own.\n")


def page_machine(text):
    """(machine, anchor) of a page's `measured-on` block, or None."""
    found = _MEASURED.search(block_text(text, "measured-on") or "")
    return (found.group(2), found.group(1)) if found else None


def as_on_page(text, body):
    """A block's `body` as the page `text` shows it: where the page names its machine once
    (its measured-on block), the body links there instead of naming it again."""
    return link_machine(body, page_machine(text))


def cpu_of(machine):
    """A machine line (bench/report.py machine()) without its core count and kernel: its CPU,
    "AMD EPYC (family 25, model 17: Zen 4)"."""
    return re.sub(r", \d+ cores.*", "", machine)


def core_of(line):
    """A machine line's or CPU's processor, short: its core's name ("Zen 4"), else its family
    and model; the line itself where it names neither."""
    m = re.search(r"\(family (\d+), model (\d+)(?:: ([^)]+))?\)", line)
    return (m.group(3) or f"family {m.group(1)}, model {m.group(2)}") if m else line


def link_machine(body, named):
    """`body` with the machine of `named` (page_machine's answer: the whole line, then the
    CPU alone, without its cores and kernel) replaced by a link to the page's block."""
    if not named:
        return body
    machine, anchor = named
    cpu = cpu_of(machine)
    link = f"[this page's machine](#{anchor})"
    return body.replace(machine, link).replace(cpu, link)


# Every generated block of the pages, by name (a name ending in "*" covers every block it
# begins): the program that writes it into its page, the one that makes its text, and what
# that reads. One writer per block. tests/check_docs.py fails on a page's block no entry
# claims, on an entry no page uses, and on an entry whose writer or maker never names its
# block; docs/update_docs.py lists the table on docs/layout.md (the `block-writers` block).
U, E = "docs/update_docs.py", "bench/embedded_report.py"
WRITERS = {
    "navtop": (U, U, "the stage folders, in reading order"),
    "navbottom": (U, U, "the stage folders, in reading order"),
    "stages": (U, U, "the stage folders"),
    "steps": (U, U, "the search step folders"),
    "diff": (U, "docs/step_files.py", "the headers: a stage's against the one before, a step's own files"),
    "step-files": (U, "docs/step_files.py", "the search step folders"),
    "numbers": (U, U, "docs/facts/bench.json (the store; bench/report.py)"),
    "search": (U, U, "docs/facts/bench.json (the store; bench/report.py)"),
    "verdict": (U, U, "docs/facts/bench.json, docs/facts/embedded.json; a threaded step's: docs/facts/parallel.json; a step of one idea (VERDICT_ROW): docs/facts/ablation.json"),
    "perft-fast": (U, U, "docs/facts/bench.json (the store; bench/report.py)"),
    "machine": (U, U, "docs/facts/bench.json (the store; bench/report.py)"),
    "claims": (U, U, "docs/claims.json, docs/facts/bench.json, docs/facts/pairs.json"),
    "verdicts-ja": (U, "docs/ja.py", "the English claims block, translated"),
    "counts": (U, U, "docs/facts/counts.json (the store; bench/page_counts.py: callgrind)"),
    "why": (U, "docs/verdicts.py", "docs/facts/why.json (the store; bench/why_slower.py)"),
    "one-process": (U, "docs/verdicts.py", "docs/facts/pairs.json (the store; bench/verdict_pairs.py)"),
    "embedded": (U, U, "docs/facts/embedded.json (the store; bench/embedded_report.py: simulators)"),
    "embedded-step": (U, E, "docs/facts/embedded.json: a step's solve in simavr and QEMU"),
    "embedded-timed": (U, E, "docs/facts/embedded.json: the sketches' timed runs in simavr and QEMU"),
    "esp32-memory": (U, E, "docs/facts/embedded.json: the sketches' builds (avr-size, the lx106 and RISC-V links)"),
    "esp32-steps": (U, E, "docs/facts/embedded.json: the sketches in simavr and QEMU"),
    "esp32-go-stack": (U, E, "docs/facts/embedded.json: the Go sketch's frames in QEMU"),
    "flash-cache": (U, "bench/flash_cache.py", "docs/facts/flash.json (the store; bench/flash_cache.py: the lx106 "
                    "builds' table layout, a cache model)"),
    "kept": (U, U, "docs/facts/kept.json (the store: runs kept as taken, which no program here can repeat)"),
    "measured-on": (U, "docs/blocks.py", "docs/facts/bench.json (the store): its machine (in Japanese: docs/ja.py)"),
    "ffo-long": (U, "bench/ffo_long.py", "docs/facts/ffo_long.json (the store; bench/ffo_long.py)"),
    "ffo-published": (U, "bench/ffo_long.py", "docs/facts/ffo_long.json, docs/facts/published.json (the store: "
                      "other programs' published runs, copied as given)"),
    "ablation": (U, "docs/ablation.py", "docs/facts/ablation.json (the store; bench/ablation.cpp's runs)"),
    "ablation-deeper": (U, "docs/ablation.py", "docs/facts/ablation.json: a step's run on deeper positions"),
    "parallel": (U, "docs/parallel.py", "docs/facts/parallel.json (the store; bench/parallel_speedup.cpp's runs)"),
    "learning": (U, "docs/learned.py", "docs/facts/train.json (the store; ./lab train --write)"),
    "lesson-*": ("docs/lessons.py", "docs/lessons.py", "docs/facts/bench.json, docs/facts/embedded.json, docs/facts/counts.json, "
                 "docs/facts/perft.json"),
    "lessons-sources": ("docs/lessons.py", "docs/lessons.py", "the lessons' own blocks"),
    "transcript-*": ("docs/transcripts.py", "docs/transcripts.py", "what build/reversi-lab prints"),
    "perft-speed": ("bench/perft_speed.py", "bench/perft_speed.py", "docs/facts/perft.json (the store): perft, plain, "
                    "hashed and threaded, interleaved"),
    "instructions": ("bench/simd_instructions.py", "bench/simd_instructions.py", "the SIMD kernels' instructions"),
    "match": ("bench/match_report.py", "bench/match_report.py", "docs/facts/matches.json (the store): games against "
              "gtp-rhino (bench/match.py)"),
    "match-timed": ("bench/match_report.py", "bench/match_report.py", "docs/facts/matches.json: games against "
                    "gtp-rhino at 5 s a move"),
    "match-1s": ("bench/match_report.py", "bench/match_report.py", "docs/facts/matches.json: games against "
                 "gtp-rhino at 1 s a move"),
    "duel": ("bench/duel_report.py", "bench/duel_report.py", "docs/facts/duels.json (the store): each step against "
             "the one before (bench/match.py)"),
    "duel-verdict": ("bench/duel_report.py", "bench/duel_report.py", "docs/facts/duels.json: the same duels"),
    "duel-timed": ("bench/duel_report.py", "bench/duel_report.py", "docs/facts/duels.json: the duels' timed runs"),
    "exercise": ("exercises/exercises.py", "exercises/exercises.py", "exercises/NN_slug/exercise.json"),
    "exercises": ("exercises/exercises.py", "exercises/exercises.py", "exercises/NN_slug/exercise.json"),
    "exercises-list": ("exercises/exercises.py", "exercises/exercises.py", "exercises/NN_slug/exercise.json"),
    "exercises-measured": ("exercises/exercises.py", "exercises/exercises.py",
                           "docs/facts/exercises.json (the store; exercises proof --store)"),
    "block-writers": (U, "docs/blocks.py", "this table"),
    "pipeline": (U, "docs/pipeline.py", "docs/pipeline.py's PIPELINE: the measurements, in ./lab docs' order"),
    "pipeline-times": (U, "docs/pipeline.py", "docs/facts/pipeline.json (the store; python3 lab.py pipeline --run): "
                       "each step's time by the clock"),
}


def writer_of(name):
    """The WRITERS entry (key) that claims block `name`, or None."""
    if name in WRITERS:
        return name
    return next((k for k in WRITERS if k.endswith("*") and name.startswith(k[:-1])), None)


BLOCK_NAMES = re.compile(r"<!-- ([a-z0-9-]+):begin -->")


def writers_table():
    """The `block-writers` block of docs/layout.md: WRITERS as a Markdown table."""
    rows = ["| block | written into its page by | its text made by | from |", "|---|---|---|---|"]
    for name, (writer, maker, reads) in WRITERS.items():
        rows.append(f"| `{name}` | `{writer}` | `{maker}` | {reads} |")
    return "\n".join(rows) + "\n"


def unclaimed(root, pages):
    """Problems of the block table against the pages (paths from `root`): a block no entry
    claims, an entry no page uses, an entry whose writer and maker files never name it."""
    problems, used = [], set()
    for page in pages:
        with open(os.path.join(root, page), encoding="utf-8") as f:
            for name in BLOCK_NAMES.findall(f.read()):
                key = writer_of(name)
                if key is None:
                    problems.append(f"{page}: block <!-- {name} --> has no writer in docs/blocks.py's WRITERS")
                used.add(key)
    for key, (writer, maker, _) in WRITERS.items():
        if key not in used:
            problems.append(f"docs/blocks.py: WRITERS lists '{key}', which no page has")
        stem = key.rstrip("*")
        texts = []
        for path in {writer, maker}:
            try:
                with open(os.path.join(root, path), encoding="utf-8") as f:
                    texts.append(f.read())
            except OSError:
                problems.append(f"docs/blocks.py: '{key}' names {path}, which does not exist")
        if texts and not any(stem in t for t in texts):
            problems.append(f"docs/blocks.py: '{key}': neither {writer} nor {maker} names the block")
    return problems
