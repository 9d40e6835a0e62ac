#!/usr/bin/env python3
"""Fails when a Japanese paragraph is hard-wrapped: a line that ends with a CJK character
followed, in the same paragraph, by a line that starts with one. Markdown joins the two
with a space, and Japanese has no spaces between words, so the page shows a stray gap
(「調べる コードが」). A Japanese paragraph is written as one line.

    python3 lab.py check-japanese REPOSITORY_ROOT    (CTest docs:japanese-lines)

It first checks itself on a planted wrap, so that a check that stopped seeing
anything fails instead of passing. It also checks that docs/overview.ja.md's verdict table
is the English claims ledger's, translated by docs/ja.py, with the same numbers.
"""
import os
import re
import json
import subprocess
import sys

from docs import ja  # docs/ja.py
from docs.blocks import block_text  # docs/blocks.py: a page's generated blocks


CJK = r"\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
ENDS = re.compile(f"[{CJK}]$")
STARTS = re.compile(f"^[{CJK}]")
# A line that starts a new block (list item, table row, heading, quote, fence, comment)
# is not the continuation of the line above it.
NEW_BLOCK = re.compile(r"^\s*(?:[-*+] |\d+[.)] |\||#|>|```|<!--)")


def wraps(text):
    """[(line number, the two lines' join)] of the hard wraps in a Markdown text."""
    found, fenced = [], False
    lines = text.split("\n")
    for n, (line, nxt) in enumerate(zip(lines, lines[1:]), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if fenced or not nxt.strip() or NEW_BLOCK.match(nxt) or line.lstrip().startswith("|"):
            continue
        if ENDS.search(line.rstrip()) and STARTS.search(nxt.lstrip()):
            found.append((n, line.rstrip()[-6:] + " / " + nxt.strip()[:6]))
    return found


def markdown_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "--cached", "--others", "--exclude-standard", "*.md"],
                             capture_output=True, text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        out = [os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs if f.endswith(".md")]
    return sorted(f for f in out if not f.startswith("build"))


def table_numbers(block, skip):
    """The numbers of a table's rows, the first `skip` columns (article and claim: the
    claim in its own words) left out."""
    rows = [l.strip().strip("|").split("|") for l in block.splitlines()[2:] if l.startswith("|")]
    return sorted(n for r in rows for c in r[skip:] for n in re.findall(r"\d[\d,.]*\d|\d", c))


def verdicts_in_step(root):
    """overview.ja.md's verdict table against the English overview's claims ledger."""
    read = lambda *p: open(os.path.join(root, *p), encoding="utf-8").read()  # noqa: E731
    en, page = block_text(read("docs", "overview.md"), "claims"), block_text(
        read("docs", "overview.ja.md"), "verdicts-ja")
    if en is None or page is None:
        return ["docs/overview.ja.md: no verdicts-ja block, or docs/overview.md no claims block"]
    problems = []
    if page != ja.verdicts(en, json.loads(read("docs", "claims.json"))):
        problems.append("docs/overview.ja.md: its verdict table is not the English ledger's in Japanese "
                        "(run docs/update_docs.py)")
    if table_numbers(page, 2) != table_numbers(en, 2):
        problems.append("docs/overview.ja.md: its verdict table's numbers differ from the English ledger's")
    return problems


def main(root):
    planted = "記事では、ある手で石が何個ひっくり返るかを調べる\nコードが書き換えられていきます。\n"
    unwrapped = "記事では、ある手で石が何個ひっくり返るかを調べるコードです。\n\n- 一つめ。\n- 二つめ。\n"
    if len(wraps(planted)) != 1 or wraps(unwrapped):
        print("FAIL: the check does not see a planted hard wrap (or sees one where there is none)")
        return 1
    problems = [f"{f}:{n}: a Japanese line is wrapped ({join}): join the paragraph into one line"
                for f in markdown_files(root)
                for n, join in wraps(open(os.path.join(root, f), encoding="utf-8", errors="replace").read())]
    problems += verdicts_in_step(root)
    for p in problems:
        print("FAIL:", p)
    if not problems:
        print("no hard-wrapped Japanese paragraph in the pages (and the planted one is found); "
              "the Japanese verdict table is the English ledger's")
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        print("usage: check_japanese.py REPOSITORY_ROOT", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
