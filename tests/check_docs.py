#!/usr/bin/env python3
"""Checks that the documentation tells the truth about what a clone contains:
- no page or source file names a file the repository does not have (a learner cannot
  follow a citation of a file that was never committed; the articles are cited by
  title and address on docs/sources.md instead);
- no paragraph line of a page starts with a number and a full stop (Doxygen makes it a
  numbered list);
- README.ja.md's and docs/overview.ja.md's generated blocks are their English pages' in
  Japanese (docs/ja.py), with the same numbers;
- no page and no figure contains a Python repr (`<function ...>`, `<... object at
  0x...>`): the sign of a generator that printed an object instead of its value;
- every lesson of docs/lessons.md has its measured figure and a platform it holds on;
- no page talks about how the project is run (an issue, a goal set for a stage) or
  compares against an engine it does not name ("the best public engine");
- every stage, step and sidebar page (stages/*/README.md) links the glossary
  (docs/glossary.md) in its own prose, outside the generated blocks, each term there to
  its anchor (`glossary.md#NAME`, not the bare page), and every `glossary.md#NAME` link
  of it names an anchor the glossary has (`<a name="NAME">`);
- every such page has its Japanese twin (README.ja.md), linking the glossary the same way,
  whose C++ blocks stand line for line in its folder's files;
- every generated block of a page (`<!-- NAME:begin -->`) has its one writer in
  docs/blocks.py's WRITERS, and every writer there writes a block some page has.

    python3 lab.py check-docs .            (the repository's root)
    python3 lab.py check-docs --numbers .  (only: measured figures typed outside the generated blocks)
    python3 lab.py check-docs --length .   (only: every stage page at most 2,000 words outside <details>)
    python3 lab.py check-docs --ratios .   (only: no ratio in another convention than "as fast as")
"""
import os
import re
import subprocess
import sys

from docs.blocks import block_text, cpu_of  # docs/blocks.py: a page's generated blocks, a machine's CPU

# Files the docs talk about that a build, a run or the reader makes: not in the repository.
MADE = re.compile(r"^(build[^/]*/|logs/|/path/to/|platformio\.ini$|bench-report\.json$|embedded\.json$|"
                  r"match-report\.json$|compile_commands\.json$|this_stage\.h$|"
                  r"ffo_data\.h$|.*sketch_.*\.cpp$|Arduino\.h$)")
FILE = re.compile(r"(?<![\w./@:-])((?:[\w.-]+/)*[\w-]+\.(?:md|h|cpp|py|txt|json|svg|ino|cmake|sh))(?![\w/-])")
TOP = ("stages", "common", "tests", "bench", "docs")
URL = re.compile(r"\b(?:https?|file)://\S+")
REPR = re.compile(r"(?:<|&lt;)(?:function |bound method |built-in |class '|module '|lambda>|generator object )"
                  r"|\bobject at 0x[0-9a-fA-F]+")


def repo_files(root):
    """The files a clone has: git's list when this is a checkout, else the tree."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "--cached", "--others", "--exclude-standard"],
                             capture_output=True, text=True, check=True).stdout
        files = [f for f in out.splitlines() if f]
        if files:
            return files
    except (OSError, subprocess.CalledProcessError):
        pass
    files = []
    for d, subdirs, names in os.walk(root):
        subdirs[:] = [s for s in subdirs if not s.startswith(("build", ".git"))]
        files += [os.path.relpath(os.path.join(d, n), root) for n in names]
    return files


def scanned(files):
    """Pages, figures and the sources whose comments cite files."""
    for f in files:
        if f.startswith(("tests/fuzz/corpus/", "tests/catch.h")):
            continue
        if f.endswith((".md", ".svg", ".h", ".cpp", ".ino", ".py", ".cmake", ".sh", ".txt")) \
                or f in ("lab", ".ci/run", "CMakeLists.txt"):
            yield f


def stray_lists(f, text):
    """A line of a paragraph that starts with a number and a full stop ("3577. is the
    index") becomes a numbered list item in Doxygen: the sentence breaks apart."""
    problems, last, fence = [], 0, False
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            fence = not fence
        elif line.startswith("#"):
            last = 0  # a list's numbers start again under a new heading
        elif not fence and re.match(r"\d+\. ", line):
            number = int(line.split(".", 1)[0])
            if number != 1 and number != last + 1:  # not the next item of a list
                problems.append(f"{f}:{n}: a paragraph line starts with {line.split()[0]!r}, which Doxygen "
                                "shows as a numbered list: rewrap the paragraph")
            last = number
    return problems


def cited_missing(root, f, text, have, basenames):
    problems = []
    for n, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("#include"):
            continue  # the compiler checks those
        for name in FILE.findall(URL.sub("", line)):
            name = name.lstrip("./") if name.startswith("./") else name
            if MADE.match(name) or "NN" in name or name.startswith("."):
                continue
            # A citation: a Markdown file, or a path into the repository's own folders
            # (bare source names and system headers are the compiler's business).
            if not (name.endswith(".md") or name.split("/", 1)[0] in TOP):
                continue
            here = os.path.normpath(os.path.join(os.path.dirname(f), name))
            if name in have or here in have or ("/" not in name and name in basenames):
                continue
            if "/" in name and any(h.endswith("/" + name) for h in have):
                continue  # a path given from inside a folder, the folders above it left out
            problems.append(f"{f}:{n}: cites {name}, which the repository does not have")
    return problems


# A measured figure: a time, a count of cycles or instructions (190 M instructions too), a
# rate, a speed-up. A unit followed by "=" is a key of a printed line (`reps=1000 us=...`).
MEASURED = re.compile(r"\b\d[\d,]*(?:\.\d+)?\s?(?:[kMG]\s)?(?:ns|µs|us|ms|s of CPU|s of wall time|seconds|"
                      r"cycles|instructions|nodes/s|M nodes)(?![\w/=])|\b\d+\.\d+x\b"
                      r"|\b\d+\.\d+ s\b(?![\w/=])"  # "0.56 s": a decimal is a measured time, "3-4 s" an article's
                      r"|\b\d+\.\d+ times\b")  # "3.30 times as long": a ratio of measurements
# A table column whose heading names a unit of time or work ("ATmega2560 us"): its cells are
# measured figures even though no cell repeats the unit.
UNIT_HEADING = re.compile(r"(?:^|\s|\()(?:ns|µs|us|ms|cycles|instructions|instr\.)\)?\s*$")


def typed_numbers(f, text):
    """Measured figures on a page outside the generated blocks and code: typed by hand,
    they drift from the measurements (update_docs.py writes the blocks)."""
    text = re.sub(r"<!-- ([\w-]+):begin -->.*?<!-- \1:end -->", lambda m: "\n" * m.group(0).count("\n"), text,
                  flags=re.S)
    text = re.sub(r"^```.*?^```", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S | re.M)
    found = [f"{f}:{n}: a measured figure typed by hand ({m.group(0)!r}): generate it between markers"
             for n, line in enumerate(text.splitlines(), 1) for m in [MEASURED.search(line)] if m]
    return found + typed_table_cells(f, text)


def typed_table_cells(f, text):
    """Numbers in a table column headed by a unit, outside the generated blocks."""
    found, units = [], None
    for n, line in enumerate(text.splitlines(), 1):
        if not line.startswith("|"):
            units = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if units is None:  # the heading row
            units = [bool(UNIT_HEADING.search(c)) for c in cells]
        elif not all(set(c) <= set("-: ") for c in cells):
            found += [f"{f}:{n}: a measured figure typed by hand ({c!r} in a column of measurements): "
                      "generate the table between markers"
                      for c, unit in zip(cells, units) if unit and re.fullmatch(r"[\d,]+(?:\.\d+)?", c)]
    return found


# A stage or step page reads in ten minutes: at most this many words outside its
# folded parts (<details>), code included (docs/update_docs.py folds the bulk).
PAGE_WORDS = 2000


def words_outside_details(text):
    """Words at no depth of <details> (a folded block may hold another)."""
    words, depth = 0, 0
    for part in re.split(r"(<details[ >]|</details>)", text):
        if part.startswith("<details"):
            depth += 1
        elif part == "</details>":
            depth = max(0, depth - 1)
        elif depth == 0:
            words += len(part.split())
    return words


def stage_pages(root):
    """Every stage, step and sidebar page, stages/*/README.md, in order."""
    stages = os.path.join(root, "stages")
    return sorted(f"stages/{d}/README.md" for d in os.listdir(stages)
                  if os.path.isfile(os.path.join(stages, d, "README.md")))


def page_lengths(root):
    """[(page, words outside <details>)] of every stages/*/README.md, in order."""
    return [(p, words_outside_details(open(os.path.join(root, p), encoding="utf-8").read()))
            for p in stage_pages(root)]


# A link to the glossary, its text (the term) and the anchor it names if any:
# [FFO](../../docs/glossary.md#ffo). The text may wrap onto the next line.
GLOSSARY_LINK = re.compile(r"\[(?P<term>[^\[\]]*)\]\((?:[\w./-]*/)?glossary\.md(?:#(?P<anchor>[^)\s]*))?\)")
# The text of a link to the glossary as a whole, not to one of its terms: it needs no anchor.
GLOSSARY_ITSELF = ("glossary", "用語集")
GLOSSARY_ANCHOR = re.compile(r"<a name=\"([^\"]+)\">")


def glossary_anchors(root):
    """The names a link may give after glossary.md#: the <a name="NAME"> of docs/glossary.md."""
    path = os.path.join(root, "docs", "glossary.md")
    if not os.path.exists(path):
        return set()
    return set(GLOSSARY_ANCHOR.findall(open(path, encoding="utf-8").read()))


def glossary_links(page, text, anchors):
    """A stage page explains its terms by linking the glossary where it first uses them: at
    least one link in the page's own prose (a generated block is rewritten by a script, and
    a link in a code block is no link); every link of its prose to a term, to the term's
    anchor (glossary.md#NAME: a link without one lands at the top of the glossary), a link
    named for the glossary itself aside; and every glossary.md#NAME link, generated or not,
    to an anchor the glossary has (else the reader lands at the top of the glossary too)."""
    def blank(m):
        return "\n" * m.group(0).count("\n")  # keeps the line numbers

    def uncoded(t):
        return re.sub(r"^```.*?^```", blank, t, flags=re.S | re.M)

    def links(t):  # (line, the link's text on one line, its anchor or None) of each link
        return [(t.count("\n", 0, m.start()) + 1, " ".join(m.group("term").split()), m.group("anchor"))
                for m in GLOSSARY_LINK.finditer(t)]
    prose = uncoded(re.sub(r"<!-- ([\w-]+):begin -->.*?<!-- \1:end -->", blank, text, flags=re.S))
    code = uncoded(text)
    found = [] if GLOSSARY_LINK.search(prose) else [
        f"{page}: no link to docs/glossary.md outside the generated blocks: link the glossary at the "
        "first use of the terms the page relies on"]
    found += [f"{page}:{n}: links the glossary for {term!r} without an anchor: link the term's anchor, "
              "glossary.md#NAME (the <a name=\"NAME\"> of its row)"
              for n, term, anchor in links(prose) if anchor is None and term.lower() not in GLOSSARY_ITSELF]
    return found + [f"{page}:{n}: links glossary.md#{anchor}, an anchor docs/glossary.md does not have "
                    f"(<a name=\"{anchor}\">)"
                    for n, _, anchor in links(code) if anchor is not None and anchor not in anchors]


def glossary_linked(root):
    """glossary_links of every stage, step and sidebar page."""
    anchors = glossary_anchors(root)
    return [p for page in stage_pages(root)
            for p in glossary_links(page, open(os.path.join(root, page), encoding="utf-8").read(), anchors)]


def nested_folds(page, text):
    """A <details> opened inside another: the page reads the same, but a fold's end is
    then ambiguous to any count that closes a fold at the first </details> (the stage
    contract's own check does), so the pages keep their folds side by side."""
    found, depth = [], 0
    for n, line in enumerate(text.split("\n"), 1):
        for tag in re.findall(r"<details[ >]|</details>", line):
            if tag != "</details>":
                if depth:
                    found.append(f"{page}:{n}: a <details> inside another: make it a sibling or a bold heading")
                depth += 1
            else:
                depth = max(0, depth - 1)
    return found


def long_pages(lengths):
    return [f"{p}: {n:,} words outside <details>, more than {PAGE_WORDS:,}: fold the bulk or move it"
            for p, n in lengths if n > PAGE_WORDS]


# The site's one ratio convention (docs/measurements.md): "B runs N.NNx as fast as A" is A's
# time / B's, above 1 faster. These are the other conventions the pages once used.
OTHER_RATIOS = [
    (re.compile(r"below 1 is faster", re.I), "a time ratio (below 1 is faster)"),
    (re.compile(r"\b(?:needs|takes|took) \d+(?:\.\d+)?x the (?:cycles|time|instructions)\b"),
     "a time or cycle ratio (\"needs N.NNx the cycles\")"),
    (re.compile(r"\bat \d+(?:\.\d+)?x the speed\b"), "\"at N.NNx the speed\""),
    (re.compile(r"\btime ratio\b"), "a time ratio"),
    (re.compile(r"\b[se]\d\d\w*(?::\S+)? / [se]\d\d\w*(?::\S+)?:? (?:= )?\d+\.\d+x?(?![\w.])"),
     "\"A / B N.NNx\", a ratio of times"),
]
RATIO_HEADER = re.compile(r"^[se]\d\d\w* / [se]\d\d\w*$")  # a table column of A / B ratios


def other_ratios(f, text):
    """Ratios written in another convention than the site's, outside code."""
    text = re.sub(r"^```.*?^```", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S | re.M)
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        for pattern, what in OTHER_RATIOS:
            m = pattern.search(line)
            if m:
                found.append(f"{f}:{n}: {what} ({m.group(0)!r}): write \"B runs N.NNx as fast as A\" "
                             "(A's time / B's; docs/measurements.md)")
        if line.startswith("|"):
            found += [f"{f}:{n}: a column of ratios headed {c.strip()!r}: head it \"B as fast as A\" "
                      "(A's time / B's) or \"as many\" for counts"
                      for c in line.strip().strip("|").split("|") if RATIO_HEADER.match(c.strip())]
    return found


# Words about the project's own work, not the reader's subject: a page names the engine it
# compares against (Edax 4.6, with how its figure was measured) or says nothing.
INTERNAL = [(re.compile(r"\b(?:the|this|an|our|that) issue\b|\bissue #?\d+", re.I), "a mention of an issue"),
            (re.compile(r"\b(?:speed|stage's|the stage) goal\b|\bgoal set for\b", re.I), "a goal set for a stage"),
            (re.compile(r"\bbest (?:public|known|open) engine\b", re.I), "an engine not named")]


def internal_text(f, text):
    """Lines of a page that speak of the project's work instead of the reader's subject."""
    return [f"{f}:{n}: {what} ({m.group(0)!r}): say what was measured, and against which named engine"
            for n, line in enumerate(text.splitlines(), 1) for pattern, what in INTERNAL
            for m in [pattern.search(line)] if m]


def pages(root):
    """The pages a reader sees: the READMEs, docs/*.md and the stage pages (Japanese included)."""
    return [f for f in repo_files(root) if f.endswith(".md") and ("/" not in f or f.startswith("docs/")
                                                                   or re.match(r"stages/[^/]+/README", f))]


# (translation, original, the generated blocks they share)
TRANSLATIONS = [("README.ja.md", "README.md", ("numbers",)),
                ("docs/overview.ja.md", "docs/overview.md", ("numbers", "search"))]


def translations_in_step(root):
    """A Japanese page carries its English original's generated blocks, translated word for
    word by docs/ja.py (update_docs.py writes both) with the same numbers; a difference
    means one was edited by hand or not regenerated."""
    from docs import ja  # docs/ja.py
    problems = []
    for page, en, names in TRANSLATIONS:
        paths = [os.path.join(root, p) for p in (en, page)]
        if not all(os.path.exists(p) for p in paths):
            continue
        texts = [open(p, encoding="utf-8").read() for p in paths]
        for name in names:
            pattern = r"<!-- %s:begin -->\n(.*?)<!-- %s:end -->" % (name, name)
            blocks = [re.search(pattern, t, flags=re.S) for t in texts]
            if None in blocks or ja.block(name, blocks[0].group(1)) != blocks[1].group(1):
                problems.append(f"{page}: its {name} block is not {en}'s in Japanese (run docs/update_docs.py)")
            elif ja.numbers_of(blocks[0].group(1)) != ja.numbers_of(blocks[1].group(1)):
                problems.append(f"{page}: its {name} block's numbers differ from {en}'s (docs/ja.py changed one)")
    return problems


def lessons_hold(root):
    """Every lesson on docs/lessons.md has its measured figure and a platform it holds on
    (a lesson that holds nowhere is a sentence to rewrite, not a lesson)."""
    path = os.path.join(root, "docs", "lessons.md")
    if not os.path.exists(path):
        return []
    blocks = re.findall(r"<!-- (lesson-[\w-]+):begin -->\n(.*?)<!-- \1:end -->", open(path, encoding="utf-8").read(),
                        flags=re.S)
    return [f"docs/lessons.md: {name} has no " + ("measured figure" if "**Measured:**" not in body else
                                                  "platform it holds on")
            for name, body in blocks if "**Measured:**" not in body or "**Holds on:**" not in body]


def block_writers(root, files):
    """Every generated block of a page has its one writer in docs/blocks.py's WRITERS, every
    entry there is a block some page has, and its writer or maker names it (blocks.unclaimed);
    every block is fed by a step of docs/pipeline.py or by the code alone (pipeline.problems).
    Only in a tree that has docs/blocks.py (the tests' planted trees have none)."""
    if not os.path.exists(os.path.join(root, "docs", "blocks.py")):
        return []
    from docs import blocks, pipeline  # the block table, and the measurements that feed it
    return blocks.unclaimed(root, [f for f in files if f.endswith(".md")]) + pipeline.problems()


def machine_once(page, text):
    """A stage or step page (and the overview, in English and Japanese) with host numbers
    names the machine they were measured on once, in its `measured-on` block (where the
    verdict and every table link to it); a second naming is a second place to disagree."""
    if "<!-- numbers:begin -->" not in text and "<!-- measured-on:begin -->" not in text:
        return []
    if "<!-- measured-on:begin -->" not in text and "Not measured yet" in (block_text(text, "numbers") or ""):
        return []  # a new stage's page (./lab new-stage) before its first measurement
    found = re.search(r"<!-- measured-on:begin -->\n.*?\*\*(?:Measured on|測定環境):\*\* (.+?)(?:\. The host figures|。このページ)",
                      text, re.S)
    anchor = re.search(r'<a name="(measured-on-[\w-]+)"></a>', text)
    links = set(re.findall(r"\]\(#(measured-on[\w-]*)\)", text))
    if not found:
        return [f"{page}: no <!-- measured-on --> block naming the machine its numbers were measured on "
                "(docs/update_docs.py writes it)"]
    machine = found.group(1)
    cpu = cpu_of(machine)
    named = text.count(cpu)
    wrong = sorted(links - {anchor.group(1) if anchor else None})
    return ([] if named == 1 else [f"{page}: names its machine ({cpu}) {named} times; once, in <!-- measured-on -->, "
                                   "and the rest link to it"]) + \
        [f"{page}: links #{w}, which is not its own measured-on anchor" for w in wrong]


def japanese_stage_pages(root):
    """Every stage, step and sidebar page has its Japanese twin (README.ja.md beside it), which
    links the glossary like the English page, and whose key code is the code: each C++ block
    of it stands, line for line, in a file of its folder (generated blocks aside: the
    verdict's numbers come from the English page, docs:generated compares them)."""
    found, anchors = [], glossary_anchors(root)
    for page in stage_pages(root):
        ja = page[:-len("README.md")] + "README.ja.md"
        path = os.path.join(root, ja)
        if not os.path.exists(path):
            found.append(f"{page}: no Japanese page beside it ({ja})")
            continue
        text = open(path, encoding="utf-8").read()
        found += glossary_links(ja, text, anchors)
        folder = os.path.dirname(path)
        sources = [open(os.path.join(folder, f), encoding="utf-8").read() for f in sorted(os.listdir(folder))
                   if f.endswith((".h", ".ino", ".cpp"))]
        for m in re.finditer(r"^```cpp\n(.*?)^```", text, re.S | re.M):
            if not any(m.group(1) in source for source in sources):
                line = text[:m.start()].count("\n") + 1
                found.append(f"{ja}:{line}: its C++ block is not, line for line, in a file of {os.path.dirname(ja)}/")
    return found


def machines_once(root):
    pages = stage_pages(root) + [p[:-len("README.md")] + "README.ja.md" for p in stage_pages(root)
                                 if os.path.exists(os.path.join(root, p[:-len("README.md")] + "README.ja.md"))] + [p for p in ("docs/overview.md", "docs/overview.ja.md", "docs/lessons.md", "docs/cli.md")
                                 if os.path.exists(os.path.join(root, p))]
    return [p for page in pages for p in machine_once(page, open(os.path.join(root, page), encoding="utf-8").read())]


def main(root, numbers=False, length=False, ratios=False):
    root = os.path.abspath(root)
    if length:  # CTest docs:length
        lengths = page_lengths(root)
        for p, n in lengths:
            print(f"{n:6,} words outside <details>  {p}")
        found = long_pages(lengths) + [f for p, _ in lengths
                                       for f in nested_folds(p, open(os.path.join(root, p), encoding="utf-8").read())]
        for p in found:
            print("FAIL:", p)
        return 1 if found else 0
    if ratios:  # CTest docs:ratios
        found = [p for f in pages(root) for p in other_ratios(f, open(os.path.join(root, f), encoding="utf-8").read())]
        for p in found:
            print("FAIL:", p)
        print(f"{len(found)} ratio(s) in another convention than \"B runs N.NNx as fast as A\"")
        return 1 if found else 0
    if numbers:  # CTest docs:numbers
        found = [p for f in repo_files(root) if f.endswith(".md") and (f.startswith("stages/") or "/" not in f
                                                                      or f.startswith("docs/"))
                 for p in typed_numbers(f, open(os.path.join(root, f), encoding="utf-8").read())]
        for p in found:
            print("FAIL:", p)
        print(f"{len(found)} measured figure(s) outside the generated blocks")
        return 1 if found else 0
    files = repo_files(root)
    have = set(files)
    basenames = {os.path.basename(f) for f in files}
    problems, count = [], 0
    page_set = set(pages(root))
    for f in scanned(files):
        path = os.path.join(root, f)
        if not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        count += 1
        if f.endswith(".md"):
            problems += stray_lists(f, text)
        if f in page_set:
            problems += internal_text(f, text)
        if f.endswith((".md", ".svg")):
            for n, line in enumerate(text.splitlines(), 1):
                m = REPR.search(line)
                if m:
                    problems.append(f"{f}:{n}: a Python repr ({m.group(0)!r}) where a value belongs")
        if not f.endswith(".svg"):
            problems += cited_missing(root, f, text, have, basenames)
    problems += translations_in_step(root) + lessons_hold(root) + glossary_linked(root) + block_writers(root, files)
    problems += machines_once(root) + japanese_stage_pages(root)
    for p in problems:
        print("FAIL:", p)
    if problems:
        return 1
    print(f"{count} files: every cited file exists, no stray numbered list, no Python repr in a page or figure, "
          "no page about the project's own work, every stage page linked to the glossary's anchors and naming "
          "its machine once")
    return 0


if __name__ == "__main__":
    flags = ("--numbers", "--length", "--ratios")
    args = [a for a in sys.argv[1:] if a not in flags]
    if len(args) != 1:
        print("usage: check_docs.py [--numbers | --length | --ratios] REPOSITORY_ROOT", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(args[0], numbers="--numbers" in sys.argv[1:], length="--length" in sys.argv[1:],
                  ratios="--ratios" in sys.argv[1:]))
