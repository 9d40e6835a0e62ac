#!/usr/bin/env python3
"""Checks the docs' checkers and generators on small known inputs, so that a check that
stopped seeing anything (or a filter that ate code) fails here instead of passing quietly:
- tests/check_docs.py: a Python repr is found; a typed time, cycle count or speed-up is found (in a table column
  headed by a unit too), a count of squares,
  a printed key (`us=`) or a number inside a generated block is not; a Japanese page
  whose generated block differs from its English page's is reported;
- docs/update_docs.py: the diff leaves out comment-only lines and keeps code, with the
  headers' own line numbers;
- tests/check_docs.py: a lesson without its figure, or holding on no platform, is reported;
- docs/lessons.py: a lesson whose data are missing says so instead of inventing a number,
  and one that the numbers contradict on a platform says so.
"""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
sys.path.insert(0, os.path.join(ROOT, "docs"))
import check_docs  # noqa: E402
import lessons  # noqa: E402
import update_docs  # noqa: E402

failures = []


def expect(ok, what):
    if not ok:
        failures.append(what)


def flagged(text):
    return [p.split("(")[1].split(")")[0] for p in check_docs.typed_numbers("sample", text)]


# Measured figures typed by hand are found...
for typed in ["the scan takes 474 ns here", "21,583 cycles on the AVR", "a 1.25x gain", "190 M instructions",
              "depth 11 in 0.56 s of CPU", "0.56 s here", "2.6 ms on the Mega", "the sweep took 3.30 times as long",
              "| method | ATmega2560 us |\n|---|---:|\n| recursive | 738 |",
              "| stage | cycles |\n|---|---|\n| s05 | 21,572 |"]:
    expect(flagged(typed), f"not flagged: {typed!r}")
# ... but not what is no measurement: counts, keys of printed lines, generated blocks, code.
for fine in ["64 squares and 8 directions", "prints `legalmoves reps=100 us=...`", "100,000 runs took 3-4 s",
             "<!-- numbers:begin -->\n474 ns\n<!-- numbers:end -->", "```\n474 ns\n```", "a 10x10 board",
             "| method | ATmega2560 us |\n|---|---:|\n| recursive | see below |", "| board | squares |\n|---|---|\n| 9 x 9 | 81 |",
             "<!-- go:begin -->\n| method | us |\n|---|---|\n| recursive | 738 |\n<!-- go:end -->"]:
    expect(not flagged(fine), f"flagged although not measured: {fine!r}")

# A Python repr in a page or a figure is found (the plot legend once printed a function).
for repr_text in ["label <function unit at 0x7f3a>", "<text>&lt;function unit at 0x7f&gt;</text>",
                  "<__main__.Row object at 0x7f3a12>"]:
    expect(check_docs.REPR.search(repr_text), f"Python repr not found in {repr_text!r}")
expect(not check_docs.REPR.search("a function of the board, <b>object</b> at hand"), "a repr found in plain prose")

# A Japanese page whose generated block is not its English page's is reported.
with tempfile.TemporaryDirectory() as root:
    os.makedirs(os.path.join(root, "docs"))
    pages = {"README.md": "a", "README.ja.md": "a", "docs/overview.md": "b", "docs/overview.ja.md": "c"}
    for name, body in pages.items():
        with open(os.path.join(root, name), "w", encoding="utf-8") as f:
            f.write(f"x\n<!-- numbers:begin -->\n{body}\n<!-- numbers:end -->\n"
                    f"<!-- search:begin -->\nsame\n<!-- search:end -->\n")
    found = check_docs.translations_in_step(root)
    expect(len(found) == 1 and "overview.ja.md" in found[0] and "numbers" in found[0],
           f"translations_in_step: expected one report on docs/overview.ja.md's numbers, got {found}")

# A lesson that holds on no platform, or has no figure, is reported; one that holds is not.
with tempfile.TemporaryDirectory() as root:
    os.makedirs(os.path.join(root, "docs"))
    with open(os.path.join(root, "docs", "lessons.md"), "w", encoding="utf-8") as f:
        f.write("<!-- lesson-a:begin -->\n**Measured:** 2x.\n\n**Holds on:** host.\n<!-- lesson-a:end -->\n"
                "<!-- lesson-b:begin -->\n**Measured:** 1x.\n\n**Does not hold on:** host.\n<!-- lesson-b:end -->\n"
                "<!-- lesson-c:begin -->\nNot measured yet.\n<!-- lesson-c:end -->\n")
    found = check_docs.lessons_hold(root)
    expect(len(found) == 2 and "lesson-b" in found[0] and "lesson-c" in found[1],
           f"lessons_hold: expected lesson-b and lesson-c reported, got {found}")

# The diff's filter: comment-only lines out, code (with its trailing comments) in.
header = "/**\n * @file a.h\n */\n#include <x>\n\n// why\n\nint f();  // kept\n/* one line */\nint g();\n"
kept = update_docs.code_lines(header)
expect([n for n, _ in kept] == [4, 5, 8, 10], f"code_lines kept lines {[n for n, _ in kept]}, expected 4, 5, 8, 10")

# A lesson without its data says it was not measured.
text = "".join(f"<!-- {m}:begin -->\n<!-- {m}:end -->\n" for m in ["lessons-sources"] + [m for m, _ in lessons.LESSONS])
out = lessons.write(text, None, None, None, "HOW", "COUNT", update_docs.replace_between)
expect(out.count("Not measured yet") == len(lessons.LESSONS) and "**Measured:**" not in out,
       "lessons.write without reports must say 'Not measured yet' for every lesson")

# A lesson lists where its figure bears it out and where it does not, from the numbers.
block = lessons.held("s07 is slower", [("host", True), ("AVR", False)])
expect("**Holds on:** host." in block and "**Does not hold on:** AVR." in block,
       f"lessons.held must split the platforms by the verdict, got {block!r}")

for f in failures:
    print("FAIL:", f)
if failures:
    sys.exit(1)
print("check_docs, the diff filter and the lessons behave on known inputs")
