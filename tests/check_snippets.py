#!/usr/bin/env python3
"""Checks that every ```cpp block in a stage page is a verbatim excerpt of that stage's
header, so the key code shown to learners cannot drift from the code that runs.

    tests/check_snippets.py stages/s05_cell91 [more stage folders...]
"""
import os
import re
import sys


def blocks(markdown):
    return re.findall(r"^```cpp\n(.*?)^```", markdown, flags=re.S | re.M)


def main(folders):
    failures = 0
    for folder in folders:
        name = os.path.basename(os.path.abspath(folder))
        page = os.path.join(folder, "README.md")
        with open(page, encoding="utf-8") as f:
            md = f.read()
        with open(os.path.join(folder, name + ".h"), encoding="utf-8") as f:
            header = [line.rstrip() for line in f.read().splitlines()]
        found = blocks(md)
        if not found:
            print(f"{page}: no ```cpp block with the stage's key code")
            failures += 1
        for i, block in enumerate(found, 1):
            lines = [line.rstrip() for line in block.splitlines()]
            n = len(lines)
            if not any(header[k:k + n] == lines for k in range(len(header) - n + 1)):
                print(f"{page}: code block {i} is not a verbatim excerpt of {name}.h "
                      f"(first line: {lines[0] if lines else ''!r})")
                failures += 1
    if failures:
        sys.exit(1)
    print(f"{len(folders)} stage pages: every code block matches its header")


if __name__ == "__main__":
    main(sys.argv[1:])
