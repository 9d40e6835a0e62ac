#!/usr/bin/env python3
"""Are the pages' embedded figures those of the code as it is? Runs the embedded report
(bench/embedded_report.py) and compares, cell by cell, the tables it generates with the
ones on the pages (docs/esp32.md's memory, steps and Go tables, each step's row).

    python3 lab.py check-embedded-pages [--build build] [--json saved.json]

Compared exactly: what the simulators count the same way every run (AVR cycles in simavr,
RISC-V instructions under QEMU -icount, flash, RAM, stack, nodes, the reasons a sketch does
not fit). Not compared: a figure the report itself marks approximate ("~": the lx106
sketch reads micros(), a thousand instructions a tick), and the sidebars' timing tables
(embedded-timed: each figure a timing line's microseconds, one tick's resolution).
A sketch's code changed without its figures regenerated is one line per cell and exit 1.
A block measured with other compilers than this machine's (its "Compilers: ..." sentence,
e.g. on another Debian or Ubuntu release) is not compared: one line says so.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

from docs.blocks import block_text  # docs/blocks.py: a page's generated blocks
from tests import check_facts  # beside this file
import lab  # lab.py: the tools' entry point, to run a tool as a child process

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKIPPED = {"embedded-timed"}  # timing lines at one tick's resolution: not reproducible to the digit
HOW = "python3 lab.py embedded-report --build build --store && python3 lab.py update-docs --source ."


def rows(text):
    """The header's cells and the rows of a block's table, {first cell: [cells]}."""
    found = check_facts.tables(text)  # (tests/check_facts.py: the Markdown tables of a text, separators left out)
    if not found:
        return [], {}
    header, *body = found[0][1]
    return header, {cells[0]: cells for cells in body}


def compilers(text):
    m = re.search(r"Compilers: [^\n]*?\.(?= |$)", text, re.M)
    return m.group(0) if m else None


def compare(sections, root):
    """One line per difference between the report's sections and the pages, and one per
    block left out because the page's figures come from other compilers."""
    problems, skipped = [], []
    for sec in sections:
        if sec["marker"] in SKIPPED:
            continue
        path = os.path.join(root, sec["file"])
        try:
            with open(path, encoding="utf-8") as f:
                page = block_text(f.read(), sec["marker"])
        except OSError as e:
            problems.append(f"{sec['file']}: cannot read ({e.strerror})")
            continue
        if page is None:  # (docs/update_docs.py writes a block only where the page has its markers)
            continue
        if compilers(page) != compilers(sec["text"]):
            skipped.append(f"{sec['file']} ({sec['marker']}): the page's figures come from other compilers "
                           f"({compilers(page)} Here: {compilers(sec['text'])}): not compared")
            continue
        header, measured = rows(sec["text"])
        _, shown = rows(page)
        for name, cells in measured.items():
            if name not in shown:
                problems.append(f"{sec['file']} ({sec['marker']}): no row for {name}")
                continue
            for col, now, then in zip(header, cells, shown[name]):
                if now != then and not (now.startswith("~") and then.startswith("~")):
                    problems.append(f"{sec['file']} ({sec['marker']}), {name}, {col}: the page says {then}, "
                                    f"the code measures {now}")
        for name in shown:
            if name not in measured:
                problems.append(f"{sec['file']} ({sec['marker']}): row {name} is no longer measured")
    return problems, skipped


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default="build", help="the CMake build folder (default: build)")
    ap.add_argument("--json", help="a report already written by bench/embedded_report.py (else it is run)")
    args = ap.parse_args()
    path = args.json
    try:
        if not path:  # the report run here, into a file of its own (removed after)
            fd, path = tempfile.mkstemp(suffix=".json", prefix="embedded-")
            os.close(fd)
            # In a folder of its own, so that it runs beside the embedded tests, which
            # write and compile the sketches in the build folder's.
            work = os.path.join(os.path.abspath(args.build), "docs-embedded")
            r = subprocess.run([*lab.command("embedded-report"), "--build",
                                os.path.abspath(args.build), "--work", work, "--json", path], cwd=ROOT,
                               stdout=subprocess.DEVNULL)
            if r.returncode != 0:
                sys.exit(f"check_embedded_pages: bench/embedded_report.py failed (exit {r.returncode})")
        with open(path, encoding="utf-8") as f:
            sections = json.load(f)["sections"]
    except (OSError, ValueError, KeyError) as e:
        sys.exit(f"check_embedded_pages: cannot read the report {path}: {e}")
    finally:
        if not args.json and path:
            os.unlink(path)
    problems, skipped = compare(sections, ROOT)
    for p in skipped + problems:
        print(p, flush=True)
    if problems:
        sys.exit(f"check_embedded_pages: {len(problems)} embedded figure(s) on the pages are not the code's (run {HOW})")
    print("check_embedded_pages: every exact embedded figure on the pages is the code's")


if __name__ == "__main__":
    main()
