#!/usr/bin/env python3
"""Rewrites the generated parts of the docs from measured data. Nothing here is typed
by hand: every number comes from a benchmark or simulator report.

    python3 lab.py update-docs --source . [--bench saved-report.json] [--embedded saved-embedded.json]
    python3 lab.py update-docs --source . --check      # fails if a generated diff is stale

Between markers `<!-- NAME:begin -->` and `<!-- NAME:end -->` it writes:
- stage pages (stages/*/README.md): `numbers` (this stage's table), `diff` (the diff of
  its header from the previous stage's, comment-only lines left out), and where a page
  asks for them `counts` (callgrind counts of the runs named by a `<!-- counts-runs: ... -->`
  line, from --counts) and `embedded` (the embedded figures of the stages named by an
  `<!-- embedded-stages: ... -->` line), `perft-fast` (perft with bulk counting, depth by
  depth), `why` ("Why it is slower": the counts behind a slowdown, from --why,
  --pairs and --embedded; docs/verdicts.py), `kept` (measurements a regeneration cannot
  repeat: another CPU, or code no longer in the tree; the store's docs/facts/kept.json),
  `ffo-long` (FFO #40-#59 one by one, on the page of the step that ran them: the store's
  docs/facts/ffo_long.json, kept by bench/ffo_long.py between its runs of hours),
  `ffo-published` (a run on every core beside other programs' published runs of the same
  positions, docs/facts/published.json, copied as given);
- search step pages (stages/eNN_*/README.md): `numbers` (the step on every stage, its
  node counts, against the previous step, its variants, FFO), `diff` (the step's own
  files, which are its diff: a line each, what it includes unchanged from earlier steps,
  each file's code folded; docs/step_files.py);
- docs/layout.md: `step-files` (every search step's own files and what it includes from
  earlier steps; docs/step_files.py);
- docs/overview.md: `stages` and `steps` (the reading order), `numbers` (all stages and
  the plot), `search` (the search track's tables and plot), `claims` (the claims
  ledger, from docs/claims.json: a timing claim gets a verdict per platform, host x86 from
  --pairs, AVR, lx106 and RISC-V from --embedded; docs/verdicts.py);
- every numbered stage page after s01 and search step after e01: `verdict` (one sentence under the idea: what the stage
  buys against the stage it changes, host and AVR; inserted when missing);
- README.md and README.ja.md: `numbers` (the same compact table; in Japanese, docs/ja.py);
- docs/overview.ja.md: the overview's `numbers`, `search` and `claims` blocks in Japanese
  (docs/ja.py: the words translated, the numbers the English blocks' own), `claims` into `verdicts-ja`;
- docs/lessons.md: `lessons-sources` and one `lesson-NAME` block per lesson (docs/lessons.py);
- the example sessions of docs/cli.md: docs/transcripts.py, run after it by the same target;
- the embedded report's own sections (docs/esp32.md's memory and stack table, ...) and stage
  08's `flash-cache` table (bench/flash_cache.py's run: the store's, or a saved one from
  --flash-cache);
- the e04, e06, e08, e09 and e10 pages' `ablation` tables, and e10's `ablation-deeper` (docs/ablation.py, from the store or
  --ablation: bench/ablation.cpp's runs);
- the e11 page's `parallel` table and its verdict, one thread against two by the clock
  (docs/parallel.py: the store's latest run of bench/parallel_speedup.cpp);
- docs/layout.md: `step-files` (docs/step_files.py), `block-writers`, the table of every
  generated block and its writer (docs/blocks.py's WRITERS, which tests/check_docs.py holds
  the pages to), and `pipeline`, the measurements in the order ./lab docs runs them
  (docs/pipeline.py's PIPELINE);
- the e07 page's `learning` table (docs/learned.py: the store's training run, or --train's JSON);
- every page under stages/: `navtop` and `navbottom`, the links to the previous page, the
  README (every stage) and the next page in reading order (inserted under the title and at the end
  when a page has no such markers yet; `--check` fails until they are there).
It also draws docs/progression.svg and docs/search.svg with docs/figures.py (needs python3-matplotlib),
and writes docs/measurements.md's `machine` (the processor the host numbers come from).
A stage or step page keeps the idea in view and folds the bulk: the diff, the embedded
tables (their caption replaced by a link to docs/measurements.md), the counts, the claims'
rows per platform go inside <details> blocks (FOLDS; docs/md_filter.py makes Doxygen render them).
"""
import argparse
import statistics
import difflib
import json
import os
import re
import sys

from bench import embedded_report  # bench/embedded_report.py: the simulators' figures, from the store
from bench import ffo_long  # bench/ffo_long.py: the full FFO test, its table
from bench import flash_cache  # bench/flash_cache.py: stage 08's flash-cache table
from bench import page_counts  # bench/page_counts.py: the pages' callgrind counts, from the store
from bench import verdict_pairs  # bench/verdict_pairs.py: the one-process pairs, from the store
from bench import why_slower  # bench/why_slower.py: the slowdowns' counts, from the store
from bench import report as bench  # bench/report.py: how the search results are read
from docs import ablation  # docs/ablation.py: step 06's ideas switched off one at a time
from docs import blocks  # docs/blocks.py: a page's generated blocks, and their writers
from docs import figures  # docs/figures.py: the plots
from docs import ja as japanese  # docs/ja.py: the Japanese versions of the blocks
from docs import learned  # docs/learned.py: step 07's training, error per phase
from docs import lessons  # docs/lessons.py: the numbers of docs/lessons.md
from docs import parallel  # docs/parallel.py: a threaded step's gain by the clock, its verdict
from docs import pipeline  # docs/pipeline.py: the measurements, in ./lab docs' order
from docs import step_files  # docs/step_files.py: a search step's own files, its "what changed"
from docs import store  # docs/store.py: the store of facts; the lessons' perft rounds
from docs import verdicts  # docs/verdicts.py: a verdict per platform; "why it is slower"
from docs.blocks import block_text, has_markers, replace_between


FAMILIES = [  # benchmark family, label, unit
    ("FlipScan", "flip scan (countFlips on 64 squares)", "ns/position"),
    ("LegalMoves", "legalMoves", "ns/position"),
    ("Play", "play (copy + play one legal move)", "ns/move"),
    ("Perft/7", "perft(7) from the start", "ns/leaf"),
]
UNIT_WORDS = [("Perft", "ns/leaf"), ("FlipScan", "ns/position"), ("LegalMoves", "ns/position"), ("Play", "ns/move")]


def unit(name):
    return next((u for word, u in UNIT_WORDS if word in name), "ns/item")
HOW = "`cmake --build build --target update-docs` (Google Benchmark via bench/report.py)"
COUNT_HOW = "`cmake --build build --target page-counts` (bench/page_counts.py)"
FFO_EASY = "FFO/1-19"  # the search benchmark's FFO #1-#19 solved together (bench/search_harness.h)


def numbered(folders):
    return [f for f in folders if re.match(r"s\d\d_", f)]


def step_folders(folders):
    return [f for f in folders if re.match(r"e\d\d_", f)]


def stage_folders(src):
    all_ = sorted(d for d in os.listdir(os.path.join(src, "stages"))
                  if os.path.exists(os.path.join(src, "stages", d, "README.md")))
    nums = numbered(all_)
    return nums + [d for d in all_ if d not in nums]


def reading_order(folders):
    """The order a learner reads the pages in: the move-generation stages, the sidebars
    beside them, then the search track (the overview lists them the same way)."""
    nums, steps = numbered(folders), step_folders(folders)
    return nums + [f for f in folders if f not in nums and f not in steps] + steps


def nav_links(order, folder, japanese_page=False):
    """One line of links: previous page, the README (every stage), next page (GitHub and Doxygen both
    follow a link to another Markdown file of the site), and the Japanese page where there is one."""
    i = order.index(folder)
    parts = [f"[← previous: {order[i - 1]}](../{order[i - 1]}/README.md)" if i else "(the first page)",
             "[all stages](../../README.md)",
             f"[next: {order[i + 1]} →](../{order[i + 1]}/README.md)" if i + 1 < len(order) else "(the last page)"]
    return " · ".join(parts + (["[日本語](README.ja.md)"] if japanese_page else [])) + "\n"


def with_nav(text, order, folder, line=None):
    """The page with its navigation lines (`line`, else nav_links'), the markers added where
    they are missing."""
    if not has_markers(text, "navtop"):
        title, _, rest = text.partition("\n")
        text = title + "\n\n<!-- navtop:begin -->\n<!-- navtop:end -->\n" + rest
    if not has_markers(text, "navbottom"):
        text = text.rstrip("\n") + "\n\n<!-- navbottom:begin -->\n<!-- navbottom:end -->\n"
    line = line or nav_links(order, folder)
    text = replace_between(text, "navtop", line, folder)
    return replace_between(text, "navbottom", line, folder)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def japanese_folders(src, order):
    """The folders, in reading order, whose page has a Japanese twin (README.ja.md)."""
    return [f for f in order if os.path.exists(os.path.join(src, "stages", f, "README.ja.md"))]


def japanese_page(text, english, order_ja, folder, path):
    """A stage's Japanese page with its generated blocks made from its English page's:
    the Japanese navigation, the verdict translated with the same numbers (docs/ja.py),
    the machine line naming the English page's machine. Nothing is measured here, so the
    two pages cannot disagree; `--check` fails when one was not rewritten."""
    new = with_nav(text, order_ja, folder, japanese.nav_links(order_ja, folder))
    verdict = block_text(english, "verdict")
    if verdict is not None and has_markers(new, "verdict"):
        new = replace_between(new, "verdict", japanese.verdict(verdict), path)
    named = blocks.page_machine(english)
    if named and has_markers(new, "measured-on"):
        new = replace_between(new, "measured-on", japanese.measured_on_text(named[0], f"{folder}-ja"), path)
    return new


def write_if_changed(path, text):
    if os.path.exists(path) and read(path) == text:
        return False
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return True


def code_lines(text):
    """The header's lines without the comment-only ones (a `//` line or a line of a
    `/* */` block), runs of blank lines made one: the diff then shows what the code
    does differently, not the rewritten explanations (about half of every diff)."""
    out, block = [], False
    for n, line in enumerate(text.splitlines(keepends=True), 1):
        s = line.strip()
        if block:
            block = "*/" not in s
            continue
        if s.startswith("/*"):
            block = "*/" not in s
            continue
        if s.startswith("//") or (not s and (not out or not out[-1][1].strip())):
            continue
        out.append((n, line))
    return out


def diff_base(text, nums, folder):
    """The stage a stage's page is diffed against: the one its page names
    (<!-- diff-base: s05_cell91 -->, or none when the stage replaces the representation
    and a diff would change every line), else the previous stage."""
    named = re.search(r"<!-- diff-base: (\S+) -->", text)
    return named.group(1) if named else nums[nums.index(folder) - 1]


def header_diff(src, prev, cur):
    a, b = (f"stages/{f}/{f}.h" for f in (prev, cur))
    (na, la), (nb, lb) = (zip(*code_lines(read(os.path.join(src, f)))) for f in (a, b))

    def real_lines(m):  # a hunk's first lines as numbered in the headers, not in the filtered lists
        return f"@@ -{na[int(m.group(1)) - 1]} +{nb[int(m.group(2)) - 1]} @@"
    diff = (re.sub(r"^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@", real_lines, h) if h.startswith("@@") else h
            for h in difflib.unified_diff(la, lb, a, b, n=2))
    diff = "".join(diff)
    # The lines that carry the idea are the prose's job; the diff is there to check it against.
    return (f"The whole diff, comments included: `git diff --no-index {a} {b}`.\n\n" +
            fold(f"The diff of the code, {diff.count(chr(10))} lines (comment-only lines left out; "
                 "generated by docs/update_docs.py, 2 lines of context)", "```diff\n" + diff + "```"))


fmt = figures.number  # a measured value, written the same way in the tables and the plots

# Bulk a learner opens on request. A page reads in minutes when the idea, the key code and
# the verdict come first; the full diff, the per-platform tables and the counts behind a
# verdict sit in <details> blocks, which GitHub renders and docs/md_filter.py hands to Doxygen.
FOLDS = {  # block -> its summary line (what opening it shows)
    "why": "Why it is slower: the counts behind it (callgrind on the host, the embedded cores)",
    "counts": "Callgrind counts: instructions and simulated mispredicted branches per item",
    "embedded": "The embedded cores (AVR, lx106, RISC-V): cycles, instructions, memory",
    "embedded-step": "This step on the embedded cores (AVR, lx106, RISC-V): nodes, cycles, instructions, memory",
    "embedded-timed": "The sketch's timing lines on the embedded cores (AVR, lx106, RISC-V)",
    "flash-cache": "A model of the ESP32's flash cache (tables laid out as in the lx106 build): table reads, hit rates, added cycles",
    "perft-fast": "Perft with bulk counting, depth by depth: ns per leaf and leaves per second",
    "claims": "The articles' claims about this page, a verdict per platform",
    "match": "Games against another engine (gtp-rhino), level by level",
}
# The captions the embedded report writes above its tables: how those figures are measured
# is said once, on docs/measurements.md, and a page links to it instead.
EMBEDDED_CAPTIONS = ("Embedded figures, measured by", "Search steps on embedded cores, measured by",
                     "The sketch's own timing lines")
MEASUREMENTS = "docs/measurements.md"


def machine_line(report):
    rounds = f", pooled from {report['rounds']} processes run round after round" if report.get("rounds", 1) > 1 else ""
    if report.get("pinned_cpu") is not None:
        rounds += f", every process on CPU {report['pinned_cpu']}"
    if report.get("steps_from_another_run"):  # report.py --steps-from: said even where the rounds agree
        return (f"{report['machine']}; the stages' benchmarks {report['repetitions']} repetitions each{rounds}; the "
                f"search steps' {report.get('step_repetitions', '?')}, from {report.get('step_rounds', '?')} processes "
                "of another run.\n")
    return (f"{report['machine']}; the stages' benchmarks {report['repetitions']} repetitions each, the search "
            f"steps' {report.get('step_repetitions', '?')}{rounds}.\n")


def fold(summary, body):
    """body inside a <details> block (the blank lines around it let Markdown render inside)."""
    return f"<details><summary>{summary}</summary>\n\n{body.strip()}\n\n</details>\n"


def measurements_link(page):
    """The one line that replaces an embedded caption on `page` (a path from the root)."""
    rel = os.path.relpath(MEASUREMENTS, os.path.dirname(page) or ".").replace(os.sep, "/")
    return f"How these figures are measured, and on what: [How the numbers are measured]({rel})."


def fold_embedded(body, page, summary=FOLDS["embedded"]):
    """A block whose tail is an embedded table under its caption: the caption becomes the
    link to docs/measurements.md and the tail is folded; the head stays in view."""
    if "<details>" in body:
        return body
    parts = body.split("\n\n")
    at = next((i for i, p in enumerate(parts) if p.startswith(EMBEDDED_CAPTIONS)), None)
    if at is None:
        return body
    head = "\n\n".join(parts[:at]).strip()
    # What belongs to this table alone stays beside it: what its brackets mean, the compilers.
    own = re.findall(r"In brackets: [^\n]*?\)\.|In brackets: [^.\n]*\.|Compilers: [^\n]*?\(Debian \d+\)\.", parts[at])
    tail = "\n\n".join([" ".join([measurements_link(page)] + own)] + parts[at + 1:])
    return (head + "\n\n" if head else "") + fold(summary, tail)


def with_kept_embedded(body, old_page):
    """A numbers block's host part with the embedded table of the page's old block (its
    caption or its fold on), which a run without the embedded report keeps as it was: that
    block's report is missing. One blank line between them, as the report's run writes."""
    old = block_text(old_page, "numbers") or ""
    starts = [old.find(f"<details><summary>{FOLDS['embedded']}</summary>")] + \
        [old.find(c) for c in EMBEDDED_CAPTIONS]
    at = min((i for i in starts if i >= 0), default=-1)
    return body.rstrip("\n") + "\n\n" + old[at:] if at >= 0 else body


def details_depth(text, pos):
    """How many <details> blocks are open at `pos` in `text`."""
    return len(re.findall(r"<details[ >]", text[:pos])) - text[:pos].count("</details>")


def unfold(body):
    """A generated body without the <details> lines this script added (fold)."""
    return re.sub(r"^(?:<details><summary>.*</summary>|</details>)\n\n?", "", body, flags=re.M)


# The blocks other programs write (they link the machine themselves: bench/duel_report.py,
# bench/perft_speed.py, docs/transcripts.py), and the one that names it.
OWN_MACHINE = ("measured-on", "duel", "duel-verdict", "duel-timed", "perft-speed", "transcript-")


def name_machine_once(text, machine, folder, path, before="\n## Where it comes from", ja=False):
    """A page with its machine named once: the `measured-on` block (inserted before `before`
    when missing: on a stage page after the verdict, before "Where it comes from") names it,
    and every other generated block links there. ja: the Japanese block (its links come
    translated with the blocks, docs/ja.py)."""
    if not has_markers(text, "measured-on"):
        if before not in text:
            return text
        text = text.replace(before, "\n<!-- measured-on:begin -->\n<!-- measured-on:end -->\n" + before, 1)
    body = japanese.measured_on_text(machine, folder) if ja else blocks.measured_on_text(machine, folder)
    text = replace_between(text, "measured-on", body, path)
    named = (machine, f"measured-on-{folder}")
    return ANY_BLOCK.sub(lambda m: m.group(0) if m.group(2).startswith(OWN_MACHINE) else
                         m.group(1) + blocks.link_machine(m.group(3), named) + m.group(4), text)


ANY_BLOCK = re.compile(r"(<!-- ([a-z0-9-]+):begin -->\n)(.*?)(<!-- \2:end -->)", re.S)


def fold_page(text, page, only=None):
    """Every foldable block of a page (or those named in `only`) folded, whatever wrote it
    (this script, the embedded report's sections, an older run): a block already folded is
    left as it is."""
    pattern = re.compile(r"(<!-- ([\w-]+):begin -->\n)(.*?)(<!-- \2:end -->)", re.S)

    def one(m):
        name, body = m.group(2), m.group(3)
        if details_depth(text, m.start()) > 0:  # the page folds it already: one click, not two
            return m.group(1) + unfold(body) + m.group(4)
        if (only is not None and name not in only) or "<details>" in body or not body.strip() \
                or body.startswith("Not measured yet"):
            return m.group(0)
        if name == "numbers" or name in ("embedded", "embedded-step", "embedded-timed"):
            new = fold_embedded(body, page, FOLDS.get(name, FOLDS["embedded"]))
            if new != body or name == "numbers":
                return m.group(1) + new + m.group(4)
        if name in FOLDS:
            return m.group(1) + fold(FOLDS[name], body) + m.group(4)
        return m.group(0)
    return pattern.sub(one, text)


def stage_numbers(report, stage, embedded):
    stages = report["stages"]
    ids = [s["stage"] for s in stages]
    if stage not in ids:
        return "Not measured yet: run " + HOW + ".\n"
    i = ids.index(stage)
    me, first, prev = stages[i], stages[0], stages[i - 1] if i else None
    out = [f"Measured on {report['machine']} with {HOW}: median of {report['repetitions']} "
           "repetitions, min-max beside it; \"as fast as\" is the other stage's median time / this one's "
           "(below 1: slower).\n",
           f"| benchmark | time per item | min-max | as fast as {first['stage'][:3]} | "
           f"as fast as {prev['stage'][:3] if prev else '-'} (previous) |",
           "|---|---|---|---|---|"]
    for fam, label, per in FAMILIES:
        if fam not in me["summary"]:
            continue
        med, lo, hi = me["summary"][fam]
        vs1 = first["summary"].get(fam, [None])[0]
        vsp = prev["summary"].get(fam, [None])[0] if prev else None
        out.append(f"| {label} | {fmt(med)} {per} | {fmt(lo)}-{fmt(hi)} | "
                   f"{(vs1 / med):.2f}x | {(f'{vsp / med:.2f}x' if vsp else '-')} |")
    extra = [f for f in me["summary"] if f not in dict((f[0], 1) for f in FAMILIES)]
    for fam in sorted(extra):
        med, lo, hi = me["summary"][fam]
        out.append(f"| {fam} (this stage's own) | {fmt(med)} {unit(fam)} | {fmt(lo)}-{fmt(hi)} | | |")
    out.append("")
    if embedded and stage in embedded.get("stages", {}):
        out.append(embedded_table(embedded, [stage]))
    return "\n".join(out) + "\n"


def stage_verdict(report, stage, base, embedded):
    """The page's verdict in one sentence, near its top: what this stage's idea buys against
    the stage it changes (its diff base), on the host and, where it ran there, on the AVR,
    in the site's convention. The same medians as the Numbers table."""
    by = {s["stage"]: s for s in report["stages"]}
    me, was = by.get(stage), by.get(base)
    if not me or not was:
        return "Not measured yet: run " + HOW + ".\n"
    # Where the page times the two stages in one process, interleaved, that table is the
    # verdict's source: one value per fact, and the fairer comparison.
    one = {fam: verdicts.one_process_ratio(stage, fam) for fam in ("FlipScan", "Perft/7")}
    together = all(one.values()) and base == verdicts.ONE_PROCESS.get(stage)

    def host(fam, what):
        if together:
            return f"{what} {one[fam][0]:.2f}x as fast"
        a, b = was["summary"].get(fam), me["summary"].get(fam)
        return f"{what} {a[0] / b[0]:.2f}x as fast" if a and b else None
    parts = [p for p in (host("FlipScan", "the flip scan"), host("Perft/7", "perft(7)")) if p]
    where = one["FlipScan"][1] if together else report["machine"]
    cpu = blocks.cpu_of(where)
    out = (f"**Verdict.** Against {base[:3]}, {stage[:3]} runs " + " and ".join(parts) +
           (f" on the host, timed interleaved with it ({cpu})" if together else f" on the host ({cpu})"))
    cycles = lambda s: (embedded or {}).get("stages", {}).get(s, {}).get("AVR flip scan (cycles)", "")
    a, b = cycles(base).replace(",", ""), cycles(stage).replace(",", "")
    if a.isdigit() and b.isdigit():
        out += f", and its flip scan {int(a) / int(b):.2f}x as fast on the AVR (simavr cycles)"
    return out + ". Above 1 is faster, below 1 slower; the tables below give the spread and every platform.\n"


def step_verdict(report, step, base):
    """A search step's verdict in one sentence: on the heaviest workload it shares with the
    step before it (an exact solve first, else a fixed-depth search), on its default stage,
    how many nodes it needs and how fast it runs against that step. Same runs as Numbers."""
    by = {st["step"]: st for st in report.get("steps", [])}
    me, was = by.get(step), by.get(base)
    if not me or not was:
        return "Not measured yet: run " + HOW + ".\n"
    stage = me["default_stage"]
    mine = {r["workload"]: r for r in me["results"].values() if not r["variant"] and r["stage"] == stage}
    theirs = {r["workload"]: r for r in was["results"].values() if not r["variant"] and r["stage"] == stage}
    # FFO #40-#44, solved one by one, as one workload: the five together, round by round.
    for runs in (mine, theirs):
        five = [runs.get(f"FFO/{n}") for n in range(40, 45)]
        if all(five) and len({len(r["ms"]) for r in five}) == 1:
            runs["FFO/40-44"] = {"nodes": sum(r["nodes"] for r in five),
                                 "ms": [sum(rounds) for rounds in zip(*(r["ms"] for r in five))]}
    shared = [w for w in mine if w in theirs and not re.match(r"FFO/\d+$", w)]
    if not shared:
        return "No workload shared with " + base[:3] + " was measured.\n"
    def weight(w):  # exact solves first, then the most empties or the deepest search
        kind, arg = w.split("/", 1)
        return (kind != "Midgame", kind == "FFO", int(re.search(r"\d+", arg).group()))  # FFO/40-44: 40
    w = max(shared, key=weight)
    a, b = theirs[w], mine[w]
    cpu = blocks.cpu_of(report["machine"])
    return (f"**Verdict.** On the same work ({workload_label(w)}, on {stage}), {step[:3]} visits "
            f"{b['nodes'] / a['nodes']:.2f}x as many nodes as {base[:3]} and runs "
            f"{statistics.median(a['ms']) / statistics.median(b['ms']):.2f}x as fast (CPU time, {cpu}). "
            "Above 1 is faster, below 1 slower; Numbers has every workload and stage.\n")


def sidebar_numbers(report, folder, embedded):
    sb = report.get("sidebars", {}).get(folder)
    if not sb:
        return "Not measured yet: run " + HOW + ".\n"
    out = [f"Measured on {report['machine']} with {HOW}: median of {report['repetitions']} "
           "repetitions, min-max beside it; the counters are averages per item.\n",
           "| benchmark | time per item | min-max | counters |", "|---|---|---|---|"]
    for name, (med, lo, hi) in sb["summary"].items():
        extra = ", ".join(f"{k} {v:.3g}" for k, v in sb["counters"].get(name, {}).items())
        out.append(f"| {name} | {fmt(med)} ns | {fmt(lo)}-{fmt(hi)} | {extra} |")
    if embedded and folder in embedded.get("stages", {}):
        out += ["", embedded_table(embedded, [folder])]
    return "\n".join(out) + "\n"


def embedded_table(embedded, stages):
    """A table of whatever the embedded report measured: one row per stage."""
    rows = [embedded["stages"][s] for s in stages if s in embedded.get("stages", {})]
    if not rows:
        return ""
    # A column with nothing for these stages (a sidebar has no flip scan) is left out.
    keys = [k for k in embedded.get("columns", sorted({k for r in rows for k in r}))
            if any(r.get(k, "-") not in ("", "-") for r in rows)]
    lines = [embedded.get("caption", "Embedded figures (tests/embedded):") + "\n",
             "| stage | " + " | ".join(keys) + " |", "|---" * (len(keys) + 1) + "|"]
    for s in stages:
        r = embedded["stages"].get(s)
        if r:
            lines.append(f"| {s} | " + " | ".join(str(r.get(k, "")) for k in keys) + " |")
    return "\n".join(lines) + "\n"


def overview_numbers(report, embedded):
    stages = report["stages"]
    fams = [f for f in FAMILIES if any(f[0] in s["summary"] for s in stages)]
    out = [f"Measured on {report['machine']} with {HOW}; median of {report['repetitions']} repetitions. "
           "Each cell: time per item, then in brackets how many times as fast as s01 it runs (s01's time / "
           "this stage's; below 1: slower).\n",
           "| stage | technique | " + " | ".join(f"{label} ({unit})" for _, label, unit in fams) + " |",
           "|---|---|" + "---|" * len(fams)]
    first = stages[0]
    for s in stages:
        cells = []
        for fam, _, _ in fams:
            if fam in s["summary"]:
                med = s["summary"][fam][0]
                cells.append(f"{fmt(med)} ({first['summary'][fam][0] / med:.2f}x)")
            else:
                cells.append("-")
        out.append(f"| {s['stage']} | {s['technique']} | " + " | ".join(cells) + " |")
    out.append(f"\n![{figures.PROGRESSION_ALT}](progression.svg)\n")
    if embedded:
        out.append(embedded_table(embedded, [s["stage"] for s in stages]))
    return "\n".join(out) + "\n"


def perft_speed(report, folder):
    """Perft from the start with bulk counting (PerftFastBulk/N): ns per leaf, the whole
    perft's CPU time and leaves per second."""
    stage = next((s for s in report["stages"] if s["stage"] == folder), None)
    runs = sorted((int(n.split("/")[1]), v) for n, v in (stage or {}).get("summary", {}).items()
                  if n.startswith("PerftFastBulk/"))
    if not runs:
        return "Not measured yet: run " + HOW + ".\n"
    leaves = {int(b["name"].split("/")[1]): int(b["leaves"]) for b in stage["raw"]["benchmarks"]
              if b["name"].startswith("PerftFastBulk/") and b.get("run_type") == "iteration"}
    out = [f"Measured on {report['machine']} with {HOW}: `PerftFastBulk/N` in `build/bench_{folder}`, "
           f"this stage's `perftFast` from the start, one thread; median of {report['repetitions']} repetitions, "
           "min-max beside it.\n",
           "| depth | leaves | ns per leaf | min-max | leaves/s |", "|---|---|---|---|---|"]
    for depth, (med, lo, hi) in runs:
        out.append(f"| {depth} | {leaves[depth]:,} | {med:.2f} | {lo:.2f}-{hi:.2f} | {rate(1e9 / med)} |")
    # The whole perft's seconds are measured once, as a process (bench/perft_speed.py, in
    # the store), not derived here from the in-process time per leaf: two methods, two
    # keys, shown side by side.
    whole = store.latest_run("bench/perft_speed.py").get(f"{folder[:3]} 11")
    if whole:
        wall = statistics.median(whole["value"]["wall"])
        out += ["", f"The same perft as a whole command, `reversi-lab {whole['key']['workload'].split(' ', 1)[1]}`: "
                f"{wall:.3f} s, {wall / whole['value']['count'] * 1e9:.2f} ns per leaf (wall time, the median of "
                f"bench/perft_speed.py's interleaved rounds on {whole['measured_on']}, from the store of facts). "
                "That time also holds starting the process, reading the arguments and printing; the table above "
                "times the call alone, in the benchmark's process. Its whole table is on "
                "[the command-line page](../../docs/cli.md)."]
    else:
        out += ["", "The seconds a whole perft takes, run as one process (`reversi-lab perft --bulk`), are measured "
                "by bench/perft_speed.py: its table is on [the command-line page](../../docs/cli.md)."]
    return "\n".join(out) + "\n"


# The kept measurements (docs/facts/kept.json): runs no program here can repeat (another
# CPU, or code no longer in the tree), each with its CPU, its command and the code it
# measured, kept as taken. times: seconds per run (medians); as_fast: how many times as fast
# b runs as a (a's time / b's), one value, or [low, high] where only a range was recorded;
# rounds: the per-round ratios, when recorded.
KEPT_WRITER = "kept as taken: runs no program here can repeat (another CPU, or code no longer in the tree)"


def kept_measurements(store_facts, folder):
    """A page's kept measurements, as taken, in the site's ratio convention."""
    entries = [dict(f["value"], what=f["key"]["what"], code=f["key"]["workload"], cpu=f["key"]["cpu"], how=f["how"])
               for f in store_facts if f.get("writer") == KEPT_WRITER and f["value"]["page"] == folder]
    if not entries:
        return "No kept measurement for this page.\n"
    out = []
    for e in entries:
        a, b, fast = e["a"], e["b"], e["as_fast"]
        times = "; ".join(f"{k} {v:.3f} s" for k, v in e.get("times", {}).items())
        ratio = (f"{b} runs {fast[0]:.2f}x-{fast[1]:.2f}x as fast as {a}" if isinstance(fast, list)
                 else f"{b} runs {fast:.2f}x as fast as {a}")
        if e.get("rounds"):
            r = e["rounds"]
            ratio += (f" (rounds from {r[0]:.2f}x to {r[1]:.2f}x)" if e.get("rounds_are_range")
                      else f" (rounds: {', '.join(f'{x:.2f}' for x in r)})")
        for k, v in e.get("also", {}).items():
            ratio += f"; {k} runs {v:.2f}x as fast as {a}"
        out.append(f"- **{e['cpu']}**: {e['what']}" + (f", {times} (medians)" if times else "") + f"; {ratio}. "
                   f"Measured with {e['how']}; code: {e['code']}.")
    return "\n".join(out) + "\n"


def counts_table(counts, runs):
    """Instructions and simulated mispredictions per item of the runs a page names."""
    missing = [r for r in runs if r not in counts["runs"]]
    if missing:
        return "Not counted yet: run " + COUNT_HOW + " (missing: " + ", ".join(missing) + ").\n"
    out = [f"Counted with {COUNT_HOW}, that is {counts['tool']}, on a build by {counts['compiler']}: "
           "exact instructions per item, "
           "the same on any x86-64 machine with this compiler whatever its load; the mispredicted branches "
           "come from callgrind's simple model of a predictor, not from this CPU's.\n",
           "| stage | benchmark | instructions per item | mispredicted branches per item (simulated) |",
           "|---|---|---:|---:|"]
    for r in runs:
        exe, name = r.split(":", 1)
        c = counts["runs"][r]
        out.append(f"| {exe.replace('bench_', '', 1)} | {name} | {c['instructions']:,.1f} | {c['mispredicted']:.2f} |")
    return "\n".join(out) + "\n"


def page_extras(new, old, counts, embedded, path):
    """A page's own generated tables: the callgrind counts of the runs it names
    (<!-- counts-runs: EXE:BENCHMARK ... -->) and the embedded figures of the stages it
    compares (<!-- embedded-stages: sNN_a sNN_b -->); without the data they stay as they are."""
    runs = re.search(r"<!-- counts-runs: (.*?) -->", old)
    if counts and runs and has_markers(new, "counts"):
        new = replace_between(new, "counts", counts_table(counts, runs.group(1).split()), path)
    stages = re.search(r"<!-- embedded-stages: (.*?) -->", old)
    if embedded and stages and has_markers(new, "embedded"):
        new = replace_between(new, "embedded", embedded_table(embedded, stages.group(1).split()), path)
    return new


def load_json(path, optional=True):
    """A report named on the command line: None when not named (or, if optional, missing);
    one that cannot be read is one line and exit 2, never a page half rewritten."""
    if not path or (optional and not os.path.exists(path)):
        return None
    try:
        return json.loads(read(path))
    except (OSError, ValueError) as e:
        print(f"update_docs: cannot read {path}: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
        sys.exit(2)


def flash_cache_sections(saved, embedded):
    """Stage 08's flash-cache table from bench/flash_cache.py's run (the store's, or a saved
    one), its lx106 column from the embedded report; none without a run."""
    if not saved:
        return []
    return [flash_cache.section(flash_cache.table(saved["rows"], embedded, saved["tool"]))]


def find_step(report, folder):
    return next((st for st in (report or {}).get("steps", []) if st["step"] == folder), None)


rate = bench.millions  # a rate as the tables show it, "1.23 M"


def workload_label(w):
    kind, arg = w.split("/", 1)
    if kind == "Midgame":
        return f"midgame, depth {arg[1:]}"
    if kind == "Endgame":
        return f"endgame, {arg[1:]} empties"
    return f"FFO #{arg}"


def step_numbers(report, folder):
    st = find_step(report, folder)
    if not st:
        return "Not measured yet: run " + HOW + ".\n"
    rows = bench.step_rows(st)
    out = [f"Measured on {report['machine']} with {HOW}: CPU time per run of the workload, median of "
           f"{report.get('step_repetitions', '?')} repetitions. The workload: {st['workload']} "
           "(bench/search_harness.h).\n"]
    prev = previous_step_table(report, st)
    if prev:
        out.append(prev)
    every = []  # the step on every stage, then its variants and FFO: the bulk, folded
    if rows:
        out, every = every, out
        out.append("CPU time per run (min-max); nodes/s is nodes per run over that time, and \"as fast as s01\" "
                   "s01's time / this stage's (the same nodes on every stage).\n")
        out.append("| stage | " + " | ".join(f"{workload_label(w)}: ms per run | nodes/s | as fast as s01"
                                           for w, _ in rows) + " |")
        out.append("|---|" + "---|---|---|" * len(rows))
        stages = sorted({s for _, by in rows for s in by})
        for stage in stages:
            cells = []
            for _, by in rows:
                r, first = by.get(stage), by[stages[0]]
                cells += ([f"{fmt(r['ms'][0])} ({fmt(r['ms'][1])}-{fmt(r['ms'][2])})", rate(r["rate"][0]),
                           f"{r['rate'][0] / first['rate'][0]:.2f}x"] if r else ["-"] * 3)
            out.append(f"| {stage} | " + " | ".join(cells) + " |")
        out.append("")
        counts = []
        for w, by in rows:
            seen = {n for r in by.values() for n in r["nodes_seen"]}
            counts.append(f"{workload_label(w)} {seen.pop():,}" if len(seen) == 1 else
                          f"**{workload_label(w)}: they differ, a defect** (" +
                          ", ".join(f"{s} {r['nodes_seen']}" for s, r in sorted(by.items())) + ")")
        out.append("Nodes per run, the same on every stage and in every run (the report checks): "
                   + "; ".join(counts) + ".\n")
        out, every = every, out
        out.append(fold("This step on every move-generation stage: time, nodes/s, node counts", "\n".join(every)))
    var = variant_tables(st)
    if var:
        out.append(fold("The step's variants, each against the step as it is", var))
    ffo = ffo_table(st)
    if ffo:
        out.append(fold("FFO positions solved one by one", ffo))
    return "\n".join(out) + "\n"


def previous_step_table(report, st):
    """The step against the one before it on the work both ran (default stage); where a row
    is the previous step's workload, not this step's own, the heading says what it is."""
    steps = report.get("steps", [])
    before = [x for x in steps if x["number"] < st["number"]]
    if not before:
        return ""
    pv = before[-1]
    lines, own, theirs = [], {w for w, _ in bench.step_rows(st)}, False
    for r in sorted(st["results"].values(), key=lambda r: bench.workload_order(r["workload"])):
        if r["variant"] or r["stage"] != st["default_stage"]:
            continue
        p = bench.find_result(pv, "", r["workload"], r["stage"])
        if p:
            theirs = theirs or (r["workload"] not in own and not r["workload"].startswith("FFO/"))
            lines.append(f"| {workload_label(r['workload'])} | {p['nodes']:,} | {r['nodes']:,} | {r['nodes'] / p['nodes']:.2f}x | "
                         f"{fmt(p['ms'][0])} | {fmt(r['ms'][0])} | {p['ms'][0] / r['ms'][0]:.2f}x |")
    if not lines:
        return ""
    a, b = pv["step"][:3], st["step"][:3]
    whose = f"; {pv['step']}'s workload: {pv['workload']}" if theirs else ""
    return "\n".join([f"Against {pv['step']}, on the work both ran ({st['default_stage']}{whose}); \"{b} as fast as {a}\" "
                      f"is {a}'s time / {b}'s:\n",
                      f"| workload | {a} nodes | {b} nodes | {b}'s nodes as a share of {a}'s | {a} ms | {b} ms | "
                      f"{b} as fast as {a} |",
                      "|---|---|---|---|---|---|---|"] + lines) + "\n"


def variant_tables(st):
    """The step's variants against the step as it is, on the same work and stage."""
    lines = []
    for r in sorted((r for r in st["results"].values() if r["variant"]),
                    key=lambda r: (r["variant"], bench.workload_order(r["workload"]), r["stage"])):
        base = bench.find_result(st, "", r["workload"], r["stage"])
        if not base:
            continue
        lines.append(f"| {r['variant']} | {workload_label(r['workload'])} | {r['stage']} | "
                     f"{fmt(base['ms'][0])} ({fmt(base['ms'][1])}-{fmt(base['ms'][2])}) | "
                     f"{fmt(r['ms'][0])} ({fmt(r['ms'][1])}-{fmt(r['ms'][2])}) | {base['ms'][0] / r['ms'][0]:.2f}x | "
                     f"{base['nodes']:,} | {r['nodes']:,} |")
    if not lines:
        return ""
    return "\n".join(["The step's variants, each against the step as it is on the same work (ms per run, median "
                      "and min-max; \"as fast as\" is the step's median time / the variant's):\n",
                      "| variant | workload | stage | as it is: ms | variant: ms | variant as fast as the step | "
                      "as it is: nodes | variant: nodes |",
                      "|---|---|---|---|---|---|---|---|"] + lines) + "\n"


def ffo_table(st):
    rows = bench.ffo_rows(st)
    if not rows:
        return ""
    runs = rows[0][1].get("runs", 1)  # the report's rounds x repetitions, the same for every row
    each = "one run each" if runs == 1 else f"median of {runs} runs each"
    out = [f"FFO positions solved one by one on {st['default_stage']} ({each}):\n",
           "| FFO # | nodes | CPU s | nodes/s |", "|---|---|---|---|"]
    for n, r in rows:
        out.append(f"| {n} | {r['nodes']:,} | {r['ms'][0] / 1e3:.2f} | {rate(r['rate'][0])} |")
    tn, tms = sum(r["nodes"] for _, r in rows), sum(r["ms"][0] for _, r in rows)
    out.append(f"| total | {tn:,} | {tms / 1e3:.2f} | {rate(tn / tms * 1e3)} |")
    return "\n".join(out) + "\n"


def search_numbers(report):
    """The overview's search section: what each stage buys, step by step, FFO, the plot."""
    steps = report.get("steps", [])
    if not steps:
        return "Not measured yet: run " + HOW + ".\n"
    out = [f"Measured on {report['machine']} with {HOW}; CPU time, median of "
           f"{report.get('step_repetitions', '?')} repetitions. Each step runs its own workload on every stage "
           "(the same positions on every stage, so the same nodes); a cell gives nodes per second and, in "
           "brackets, how many times as fast as s01 it runs (s01's time / this stage's).\n"]
    for kind in ("Midgame", "Endgame"):
        cols = [(st, w, by) for st in steps for w, by in bench.step_rows(st) if w.startswith(kind)]
        if not cols:
            continue
        stages = sorted({s for _, _, by in cols for s in by})
        out.append(f"**{kind}** ({'a fixed-depth search' if kind == 'Midgame' else 'an exact solve'} of 8 positions):\n")
        out.append("| stage | " + " | ".join(f"{st['step']} ({workload_label(w).split(', ')[1]})" for st, w, _ in cols) + " |")
        out.append("|---|" + "---|" * len(cols))
        for stage in stages:
            cells = [f"{rate(by[stage]['rate'][0])} ({by[stage]['rate'][0] / by[stages[0]]['rate'][0]:.2f}x)"
                     if stage in by else "-" for _, _, by in cols]
            out.append(f"| {stage} | " + " | ".join(cells) + " |")
        out.append("")
    shared = bench.step_by_step(report)
    if shared:
        names = [st["step"] for st in steps]
        out.append(f"**Step by step**: nodes per run of the same work on {steps[-1]['default_stage']} (ms in brackets); "
                   "a step runs its own workload and the one before it:\n")
        out.append("| workload | " + " | ".join(names) + " |")
        out.append("|---|" + "---|" * len(names))
        for w, per in shared:
            by = dict(per)
            out.append(f"| {workload_label(w)} | " + " | ".join(
                f"{by[n]['nodes']:,} ({fmt(by[n]['ms'][0])})" if n in by else "" for n in names) + " |")
        out.append(f"\n![{figures.SEARCH_ALT}](search.svg)\n")  # the same work, drawn
    easy = [(st, bench.find_result(st, "", FFO_EASY, st["default_stage"])) for st in steps]
    easy = [(st, r) for st, r in easy if r]
    if easy:
        out.append(f"**FFO #1-#19** solved together on {steps[-1]['default_stage']}:\n")
        out.append("| step | nodes | CPU s | nodes/s |")
        out.append("|---|---|---|---|")
        for st, r in easy:
            out.append(f"| {st['step']} | {r['nodes']:,} | {r['ms'][0] / 1e3:.2f} | {rate(r['rate'][0])} |")
        out.append("")
    for st in steps:
        t = ffo_table(st)
        if t:
            out.append(f"**{st['step']}**: " + t)
    return "\n".join(out) + "\n"


def readme_numbers(report):
    stages = report["stages"]
    out = [f"Measured on {report['machine']} (`./lab bench` prints the full table; "
           "`cmake --build build --target update-docs` rewrites this one):\n",
           "| stage | flip scan ns/position | as fast as s01 | perft(7) ns/leaf | as fast as s01 |", "|---|---|---|---|---|"]
    f0 = stages[0]["summary"]
    for s in stages:
        fs, pf = s["summary"].get("FlipScan"), s["summary"].get("Perft/7")
        out.append(f"| {s['stage']} | {fmt(fs[0]) if fs else '-'} | {f0['FlipScan'][0] / fs[0]:.2f}x | "
                   f"{fmt(pf[0]) if pf else '-'} | {(f0['Perft/7'][0] / pf[0]) if pf else 0:.2f}x |")
    out.append(f"\n![{figures.PROGRESSION_ALT}](docs/progression.svg)\n")
    return "\n".join(out) + "\n"


def claims_ledger(src, report, stage=None):
    """The claims of docs/claims.json (of one stage or step, or all), with verdicts computed
    from the report for timing claims."""
    claims = json.loads(read(os.path.join(src, "docs", "claims.json")))
    if stage:
        claims = [c for c in claims if c.get("stage", c.get("step")) == stage]
        if not claims:
            return "The articles make no claim about this step; the numbers above speak for it.\n"
    summ = {s["stage"][:3]: s["summary"] for s in report["stages"]} if report else {}
    summ.update({k: v["summary"] for k, v in (report or {}).get("sidebars", {}).items()})
    # A search step's results, "eNN:<benchmark name>": (median, min, max) ms per run.
    steps = {st["step"][:3]: st["results"] for st in (report or {}).get("steps", [])}
    summ.update({k: {name: r["ms"] for name, r in res.items()} for k, res in steps.items()})

    def result(key):  # "e05:Endgame/e12/s10_simd" -> that benchmark's result, or None
        sk, name = key.split(":", 1)
        return steps.get(sk, {}).get(name)

    blocks = []
    for c in claims:
        verdict, figure = c.get("verdict", ""), c.get("figure", "")
        note = f"; {c['note']}" if c.get("note") else ""
        platform = "every platform"  # a claim about behaviour, settled by the tests
        if "faster" in c:  # a timing claim: a row per platform (docs/verdicts.py)
            blocks.append((c["article"], c["claim"], verdicts.timing_rows(c)))
            continue
        if "fewer" in c:  # a search claim: "A visits fewer nodes than B" (counts are exact)
            platform = "every platform (node counts)"
            a, b = result(c["fewer"]), result(c["than"])
            if a and b:
                verdict = "holds" if a["nodes"] < b["nodes"] else "does not hold"
                figure = (f"{c['fewer']}: {a['nodes']:,} nodes; {c['than']}: {b['nodes']:,} nodes "
                          f"({a['nodes'] / b['nodes']:.2f}x)" + note)
            else:
                verdict, figure = "not measured yet", f"needs {c['fewer']} and {c['than']} in the report"
        if "at_least" in c:  # a speed claim in nodes per second: which of our searches reach it
            platform = verdicts.HOST
            got = [(k, result(k)) for k in c["rates"]]
            if all(r for _, r in got):
                ok = [r["rate"][0] >= c["at_least"] for _, r in got]
                verdict = "holds" if all(ok) else "does not hold" if not any(ok) else "holds for some of our searches"
                figure = "; ".join(f"{k}: {rate(r['rate'][0])} nodes/s" for k, r in got) + note
            else:
                verdict, figure = "not measured yet", "needs " + ", ".join(c["rates"]) + " in the report"
        if "gap" in c:  # "the gap a/b shrinks to c/d": a ratio of ratios
            platform = verdicts.HOST
            vals = [summ.get(x.split(":", 1)[0], {}).get(x.split(":", 1)[1]) for x in c["gap"]]
            if all(vals):
                r1, r2 = vals[0][0] / vals[1][0], vals[2][0] / vals[3][0]
                names = [x.split(":", 1)[1] for x in c["gap"]]
                verdict = "holds" if r2 < r1 else "does not hold"
                figure = (f"{names[1]} runs {r1:.2f}x as fast as {names[0]}; {names[3]} runs {r2:.2f}x as fast as "
                          f"{names[2]} (time per item)")
            else:
                verdict, figure = "not measured yet", "needs " + ", ".join(c["gap"]) + " in the report"
        # a ratio of host timings: the embedded platforms, which do not run them, get a row saying so
        others = verdicts.unmeasured_row(c, c["gap"]) if "gap" in c else []
        blocks.append((c["article"], c["claim"], [(platform, verdict, figure)] + others))
    return verdicts.table(blocks)


def ledger(src, report, page, old_text, partial):
    """claims_ledger, but on a partial report (only stages, or only steps) a claim it
    cannot settle keeps the row it had."""
    body = claims_ledger(src, report, page)
    return verdicts.keep_missing(verdicts.keep_unsettled(body, old_text) if partial else body, old_text)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", default=".")
    ap.add_argument("--bench", help="JSON written by python3 lab.py report --json (default: the store's latest "
                                    "run, docs/facts/bench.json; with only stages, or only steps, only their parts "
                                    "are rewritten)")
    ap.add_argument("--embedded", help="JSON written by python3 lab.py embedded-report --json (default: the store's "
                                       "figures, docs/facts/embedded.json)")
    ap.add_argument("--counts", help="JSON written by python3 lab.py page-counts --json (default: the store's "
                                     "counts, docs/facts/counts.json)")
    ap.add_argument("--pairs", help="JSON written by python3 lab.py verdict-pairs --json (default: the store's "
                                    "pairs, docs/facts/pairs.json)")
    ap.add_argument("--why", help="JSON written by python3 lab.py why-slower --json (default: the store's counts, "
                                  "docs/facts/why.json)")
    ap.add_argument("--flash-cache", help="JSON written by python3 lab.py flash-cache --json (stage 08's table; "
                                          "default: the store's latest run, docs/facts/flash.json)")
    ap.add_argument("--ablation", action="append", default=[],
                    help="a saved run of bench/ablation.cpp (that step's page's ablation table, over the store's "
                         "latest run; skipped if missing; may be given once per step)")
    ap.add_argument("--train", help="JSON written by `./lab train` (e07's learning block; default: the store's run "
                                    "of the committed weights, docs/facts/train.json)")
    ap.add_argument("--check", action="store_true", help="only check that the generated diffs are current")
    args = ap.parse_args()
    src = args.source
    if not os.path.isdir(os.path.join(src, "stages")):
        ap.error(f"{src} is not the repository (no stages/ folder)")
    folders = stage_folders(src)
    nums, steps = numbered(folders), step_folders(folders)
    # Every report: the store's (each measuring program's --store), or a saved JSON named on
    # the command line.
    try:
        facts = list(store.load().values())
    except store.FactError as e:
        sys.exit(f"update_docs: {e}")
    report = load_json(args.bench, optional=False) if args.bench else bench.from_facts(facts)
    embedded = load_json(args.embedded) if args.embedded else embedded_report.from_facts(facts)
    counts = load_json(args.counts) if args.counts else page_counts.from_facts(facts)
    pairs = load_json(args.pairs) if args.pairs else verdict_pairs.from_facts(facts)
    why = load_json(args.why) if args.why else why_slower.from_facts(facts)
    flash = load_json(args.flash_cache, optional=False) if args.flash_cache else flash_cache.from_facts(facts)
    train = load_json(args.train, optional=False) if args.train else learned.from_facts(facts)
    has_stages = bool(report and report.get("stages"))
    has_steps = bool(report and report.get("steps"))
    partial = not (has_stages and has_steps)  # no report, or only a part: unsettled claims keep their rows
    verdicts.load(pairs, embedded, why, report if has_stages and has_steps else None)  # one data set: the report's runs
    stale = []
    # --check compares every block made from the store with what the store gives; a block
    # made from a saved report named on the command line may differ by machine: skipped.
    generated = ("counts",) if args.counts or not counts else ()
    if args.bench or not report:
        generated += ("numbers", "search", "perft-fast", "measured-on")
    if args.embedded or not embedded:
        generated += ("embedded",)
    if args.bench or args.embedded or args.pairs or args.why or not (report and embedded and pairs and why):
        generated += ("claims", "why", "verdict", "one-process")

    def strip(t, path):
        for m in generated:
            t = replace_between(t, m, "", path) if has_markers(t, m) else t
        return t

    order = reading_order(folders)
    order_ja = japanese_folders(src, order)
    for folder in folders:
        path = os.path.join(src, "stages", folder, "README.md")
        text = read(path)
        new = with_nav(text, order, folder, nav_links(order, folder, folder in order_ja))
        # A search step's own files are its diff (docs/step_files.py); a stage's is the diff
        # of its header from the previous stage's, or from the base its page names.
        if folder in steps and steps.index(folder) > 0 and has_markers(text, "diff"):
            new = replace_between(new, "diff", step_files.block(src, folder), path)
        if folder in nums and nums.index(folder) > 0 and has_markers(text, "diff"):
            base = diff_base(text, nums, folder)
            body = (header_diff(src, base, folder) if base != "none" else
                    "No generated diff: this stage replaces the representation, so every line would change.\n")
            new = replace_between(new, "diff", body, path)
        if (report or verdicts.loaded()) and has_markers(new, "claims"):  # without data, the verdicts stay
            new = replace_between(new, "claims", ledger(src, report, folder, text, partial), path)
        new = verdicts.fill_why(new, folder, replace_between, path)
        new = verdicts.fill_one_process(new, folder, replace_between, path)
        if folder in nums and nums.index(folder) > 0 and has_stages:
            base = diff_base(text, nums, folder)
            base = nums[nums.index(folder) - 1] if base == "none" else base
            if not has_markers(new, "verdict") and "\n## Where it comes from" in new:
                new = new.replace("\n## Where it comes from", "\n<!-- verdict:begin -->\n<!-- verdict:end -->\n\n"
                                  "## Where it comes from", 1)
            if has_markers(new, "verdict"):
                new = replace_between(new, "verdict", stage_verdict(report, folder, base, embedded), path)
        if folder in steps and steps.index(folder) > 0 and has_steps:
            if not has_markers(new, "verdict") and "\n## Where it comes from" in new:
                new = new.replace("\n## Where it comes from", "\n<!-- verdict:begin -->\n<!-- verdict:end -->\n\n"
                                  "## Where it comes from", 1)
            if has_markers(new, "verdict"):
                new = replace_between(new, "verdict", step_verdict(report, folder, steps[steps.index(folder) - 1]), path)
        # A step that searches on several threads: its gain by the clock is its verdict, from
        # the same run as its table (one process, interleaved rounds).
        threaded = parallel.from_facts(facts, folder)
        if threaded and has_markers(new, "verdict"):
            new = replace_between(new, "verdict", parallel.verdict(threaded), path)
        new = parallel.fill(new, threaded, replace_between, path)
        # A step of one idea: its verdict is its ablation's row for that idea (the same run).
        if folder in ablation.VERDICT_ROW and has_markers(new, "verdict"):
            alone = ablation.from_facts(facts, folder)
            if alone:
                new = replace_between(new, "verdict", ablation.verdict(alone), path)
        if has_markers(new, "numbers"):
            if folder in steps:
                if has_steps:
                    new = replace_between(new, "numbers", step_numbers(report, folder), path)
            elif has_stages:
                body = stage_numbers(report, folder, embedded) if folder in nums else \
                    sidebar_numbers(report, folder, embedded)
                new = replace_between(new, "numbers", body if embedded else with_kept_embedded(body, text), path)
        new = page_extras(new, text, counts, embedded, path)
        # The step's latest ablation run in the store; a saved run named by --ablation over it.
        for on_deeper in (False, True):
            new = ablation.fill(new, ablation.from_facts(facts, folder, on_deeper), replace_between, path)
        for ablation_json in args.ablation:
            new = ablation.fill(new, load_json(ablation_json), replace_between, path)
        new = learned.fill(new, train, replace_between, path)
        if has_markers(new, "kept"):
            new = replace_between(new, "kept", kept_measurements(facts, folder), path)
        if has_markers(new, "ffo-long"):
            new = replace_between(new, "ffo-long", ffo_long.table(src, folder, ffo_long.from_facts(facts, folder)), path)
        if has_markers(new, "ffo-published"):
            new = replace_between(new, "ffo-published", ffo_long.beside_published(
                src, folder, ffo_long.from_facts(facts, folder), ffo_long.published(facts)), path)
        if has_stages and has_markers(new, "perft-fast"):
            new = replace_between(new, "perft-fast", perft_speed(report, folder), path)
        if report and report.get("machine") and has_markers(new, "numbers"):
            new = name_machine_once(new, report["machine"], folder, path)
        new = fold_page(new, os.path.relpath(path, src))
        if args.check:
            if strip(new, path) != strip(text, path):
                stale.append(path)
        elif write_if_changed(path, new):
            print(f"updated {path}")
        if folder in order_ja:  # its Japanese twin, from the English page as it now stands
            ja_path = os.path.join(src, "stages", folder, "README.ja.md")
            ja_text = read(ja_path)
            ja_new = japanese_page(ja_text, text if args.check else new, order_ja, folder, ja_path)
            if args.check:
                if ja_new != ja_text:
                    stale.append(ja_path)
            elif write_if_changed(ja_path, ja_new):
                print(f"updated {ja_path}")

    ov_path = os.path.join(src, "docs", "overview.md")
    ov = read(ov_path)
    listing = "".join(f"- \\subpage md_stages_{f}_README\n" for f in folders if f not in steps)
    new = replace_between(ov, "stages", listing, ov_path)
    new = replace_between(new, "steps", "".join(f"- \\subpage md_stages_{f}_README\n" for f in steps), ov_path)
    if (report or verdicts.loaded()) and has_markers(new, "claims"):
        new = replace_between(new, "claims", ledger(src, report, None, ov, partial), ov_path)
    if has_stages:
        new = replace_between(new, "numbers", overview_numbers(report, embedded) if embedded else
                              with_kept_embedded(overview_numbers(report, None), ov),
                              ov_path)
    if has_steps:
        new = replace_between(new, "search", search_numbers(report), ov_path)
    if report and report.get("machine"):
        new = name_machine_once(new, report["machine"], "overview", ov_path, before="\n<!-- numbers:begin -->")
    new = fold_page(new, "docs/overview.md", only=("numbers",))  # its embedded table; the verdicts stay in view
    if args.check:
        if strip(new, ov_path) != strip(ov, ov_path):
            stale.append(ov_path)
    elif write_if_changed(ov_path, new):
        print(f"updated {ov_path}")
    # The layout page's table of the search steps' files, from the folders alone.
    lay_path = os.path.join(src, "docs", "layout.md")
    if os.path.exists(lay_path) and has_markers(read(lay_path), "step-files"):
        lay = read(lay_path)
        new_lay = replace_between(lay, "step-files", step_files.house(src, steps), lay_path)
        if has_markers(new_lay, "block-writers"):  # the table of every block's writer (docs/blocks.py)
            new_lay = replace_between(new_lay, "block-writers", blocks.writers_table(), lay_path)
        if has_markers(new_lay, "pipeline"):  # the measurements in ./lab docs' order (docs/pipeline.py)
            new_lay = replace_between(new_lay, "pipeline", pipeline.table(), lay_path)
        if has_markers(new_lay, "pipeline-times"):  # how long each of them took (docs/facts/pipeline.json)
            new_lay = replace_between(new_lay, "pipeline-times", pipeline.times(facts), lay_path)
        if args.check:
            if new_lay != lay:
                stale.append(lay_path)
        elif write_if_changed(lay_path, new_lay):
            print(f"updated {lay_path}")
    # The Japanese overview carries the overview's own number blocks and verdicts, translated
    # word for word from them (docs/ja.py), so the two cannot disagree (tests/check_docs.py
    # recomputes them).
    ja_path = os.path.join(src, "docs", "overview.ja.md")
    if os.path.exists(ja_path) and not args.check:
        ja = japanese.overview(read(ja_path), new, json.loads(read(os.path.join(src, "docs", "claims.json"))),
                               lambda t, m, body: replace_between(t, m, body, ja_path))
        if report and report.get("machine"):
            ja = name_machine_once(ja, report["machine"], "overview-ja", ja_path, before="\n<!-- numbers:begin -->",
                                   ja=True)
        if write_if_changed(ja_path, ja):
            print(f"updated {ja_path}")
    ls_path = os.path.join(src, "docs", "lessons.md")
    if os.path.exists(ls_path) and not args.check:
        ls = lessons.write(read(ls_path), report, embedded, counts, HOW, COUNT_HOW, replace_between,
                           store.latest_run("bench/perft_speed.py"))
        # Without a report the SIMD lesson is still written, from the store: it links to the
        # machine the page already names.
        machine = (report or {}).get("machine") or (blocks.page_machine(ls) or (None,))[0]
        if machine:
            ls = name_machine_once(ls, machine, "lessons", ls_path, before="\n<!-- lessons-sources:begin -->")
        if write_if_changed(ls_path, ls):
            print(f"updated {ls_path}")
    # The command-line page: its perft table and transcripts (bench/perft_speed.py and
    # docs/transcripts.py write them, and link to this block themselves).
    cli_path = os.path.join(src, "docs", "cli.md")
    if report and report.get("machine") and os.path.exists(cli_path) and not args.check:
        cli = name_machine_once(read(cli_path), report["machine"], "cli", cli_path, before="\n<!-- perft-speed:begin -->")
        if write_if_changed(cli_path, cli):
            print(f"updated {cli_path}")

    if has_stages and not args.check:
        for name in ("README.md", "README.ja.md"):  # the Japanese README carries the same block
            rd_path = os.path.join(src, name)
            body = readme_numbers(report)
            body = japanese.block("numbers", body) if name.endswith(".ja.md") else body
            if os.path.exists(rd_path) and write_if_changed(
                    rd_path, replace_between(read(rd_path), "numbers", body, rd_path)):
                print(f"updated {rd_path}")
        ms_path = os.path.join(src, MEASUREMENTS)  # the machine the pages' host numbers come from
        if os.path.exists(ms_path) and has_markers(read(ms_path), "machine") and write_if_changed(
                ms_path, replace_between(read(ms_path), "machine", machine_line(report), ms_path)):
            print(f"updated {ms_path}")
        figures.progression(report, os.path.join(src, "docs", "progression.svg"), src, FAMILIES)
        print("drew docs/progression.svg")
    if has_steps and not args.check and figures.search(report, os.path.join(src, "docs", "search.svg"), workload_label):
        print("drew docs/search.svg")
    # The embedded report's own tables ("sections": file, marker, Markdown), e.g. the memory
    # and stack table in the ESP32 guide, docs/esp32.md (bench/embedded_report.py writes them).
    # --check compares them when they come from the store (a saved --embedded may differ).
    sections = (embedded or {}).get("sections", []) + flash_cache_sections(flash, embedded)
    if args.check:
        sections = [] if args.embedded or args.flash_cache else sections
    for sec in sections:
        sec_path = os.path.join(src, sec["file"])
        old = read(sec_path)
        body = replace_between(old, sec["marker"], sec["text"], sec_path) if has_markers(old, sec["marker"]) else None
        if body and sec["file"].startswith("stages/"):  # a stage page's bulk is folded
            body = fold_page(body, sec["file"])
        if args.check:
            if body and body != old:
                stale.append(f"{sec_path} ({sec['marker']})")
        elif body and write_if_changed(sec_path, body):
            print(f"updated {sec_path} ({sec['marker']})")
    if stale:
        sys.exit("update_docs: generated parts are stale (run python3 lab.py update-docs --source .): " + ", ".join(stale))
    if args.check:
        print(f"{len(folders)} pages and the overview: generated diffs and lists are current")


if __name__ == "__main__":
    main()
