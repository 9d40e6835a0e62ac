#!/usr/bin/env python3
"""Checks a stage page against the template (docs/stage-template.md), or a search
step's page (stages/eNN_name) against the step template (docs/step-template.md):
- the sections are there, in order;
- every ```cpp block is a verbatim excerpt of the folder's header(s) or its sketch (a
  search step's page shows each of its own files whole, folded), so the code shown to
  learners cannot drift from the code that runs;
- every test name quoted in the Pitfalls section is a TEST_CASE in tests/;
- the generated parts have their markers (a stage's diff from the previous stage, a search
  step's own files; none on the first of each).

    python3 lab.py check-page stages/s05_cell91 [more stage or step folders...]
"""
import glob
import os
import re
import sys

SECTIONS = ["The idea", "Where it comes from", "Board layout", "Key code",
            "What changed from the previous stage", "Pitfalls", "Numbers", "Claims", "Exercises", "Run it"]
# A search step: the same outline, with a diagram of the search instead of the board.
STEP_SECTIONS = ["The idea", "Where it comes from", "Diagram", "Key code",
                 "What changed from the previous step", "Pitfalls", "Numbers", "Claims", "Exercises", "Run it"]
TESTS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)))


def test_names():
    names = set()
    for path in glob.glob(os.path.join(TESTS_DIR, "**", "*.cpp"), recursive=True):
        with open(path, encoding="utf-8") as f:
            names.update(re.findall(r'TEST_CASE\(\s*"((?:[^"\\]|\\.)*)"', f.read()))
    return names


def check(folder, known_tests):
    problems = []
    folder = os.path.abspath(folder)
    name = os.path.basename(folder)
    page = os.path.join(folder, "README.md")
    with open(page, encoding="utf-8") as f:
        md = f.read()
    header_lines = []
    for h in sorted(glob.glob(os.path.join(folder, "*.h")) + glob.glob(os.path.join(folder, "*.ino"))):
        with open(h, encoding="utf-8") as f:
            header_lines.append([line.rstrip() for line in f.read().splitlines()])

    # Sections, in order (headings inside code blocks do not count).
    prose = re.sub(r"^```.*?^```", "", md, flags=re.S | re.M)
    found = re.findall(r"^## (.+?)\s*$", prose, flags=re.M)
    is_step = re.match(r"e\d\d_", name) is not None
    at = -1
    for s in STEP_SECTIONS if is_step else SECTIONS:
        if s not in found:
            problems.append(f"missing section '## {s}'")
        elif found.index(s) < at:
            problems.append(f"section '## {s}' is out of order")
        else:
            at = found.index(s)
    if not re.match(r"# \S", md):
        problems.append("the page does not start with a '# ' title")

    # Key code: verbatim excerpts.
    blocks = re.findall(r"^```cpp\n(.*?)^```", md, flags=re.S | re.M)
    if not blocks:
        problems.append("no ```cpp block with the stage's key code")
    for i, block in enumerate(blocks, 1):
        lines = [line.rstrip() for line in block.splitlines()]
        n = len(lines)
        if not any(h[k:k + n] == lines for h in header_lines for k in range(len(h) - n + 1)):
            problems.append(f"code block {i} is not a verbatim excerpt of the folder's headers or sketch "
                            f"(first line: {lines[0] if lines else ''!r})")

    # Pitfalls: every quoted test name exists.
    m = re.search(r"^## Pitfalls\s*$(.*?)(?=^## )", md, flags=re.S | re.M)
    if m:
        quoted = re.findall(r'"([^"\n]+)"', m.group(1))
        if not quoted:
            problems.append("the Pitfalls section names no test")
        for q in quoted:
            if q not in known_tests:
                problems.append(f"Pitfalls names \"{q}\", which is no TEST_CASE in tests/")

    # Markers for the generated parts.
    first = name.startswith("s01") or name.startswith("e01")
    markers = ["numbers", "claims"] + (["diff"] if re.match(r"[se]\d\d_", name) and not first else [])
    for marker in markers:
        if f"<!-- {marker}:begin -->" not in md or f"<!-- {marker}:end -->" not in md:
            problems.append(f"missing the <!-- {marker}:begin --> / <!-- {marker}:end --> markers")
    return [f"{page}: {p}" for p in problems]


def main(folders):
    known = test_names()
    problems = [p for folder in folders for p in check(folder, known)]
    for p in problems:
        print(p)
    if problems:
        sys.exit(1)
    print(f"{len(folders)} page(s) follow their template; code blocks match the header; pitfalls name real tests")


if __name__ == "__main__":
    main(sys.argv[1:])
