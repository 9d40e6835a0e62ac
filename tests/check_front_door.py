#!/usr/bin/env python3
"""Keeps the READMEs a front door, not a manual: README.md and README.ja.md each at most
150 lines, each with a link to stage s01 (where a learner starts) and to every page the
reference material lives on (the command line, the ESP32 guide, testing, the layout).
The READMEs once grew to 876 lines with all of that inside them.

    python3 lab.py check-front-door REPOSITORY_ROOT    (CTest docs:front-door)

tests/check_docs_test.py plants a long README and one without a link to see it fail.
"""
import os
import re
import sys

FRONT_DOORS = ("README.md", "README.ja.md")
MAX_LINES = 150
LINKS = ("stages/s01_naive/README.md", "docs/cli.md", "docs/esp32.md", "docs/testing.md", "docs/layout.md")
LINK = re.compile(r"\]\(([^)\s]+)\)")  # a Markdown link's target: a mention in prose does not count


def wanted(name):
    """The links the front door `name` must have: the Japanese one leads to s01's Japanese twin."""
    return [link.replace("README.md", "README.ja.md") if name.endswith(".ja.md") and link.startswith("stages/")
            else link for link in LINKS]


def problems(root):
    found = []
    for name in FRONT_DOORS:
        path = os.path.join(root, name)
        if not os.path.exists(path):
            found.append(f"{name}: missing")
            continue
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
        if len(lines) > MAX_LINES:
            found.append(f"{name}: {len(lines)} lines, more than {MAX_LINES}: move the detail to a page under "
                         "docs/ and link it")
        targets = {t.split("#")[0] for line in lines for t in LINK.findall(line)}
        found += [f"{name}: no link to {link}" for link in wanted(name) if link not in targets]
    return found


def main(root):
    found = problems(os.path.abspath(root))
    for p in found:
        print("FAIL:", p)
    if not found:
        print(f"{' and '.join(FRONT_DOORS)}: at most {MAX_LINES} lines each, linking s01 and "
              + ", ".join(LINKS[1:]))
    return 1 if found else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: check_front_door.py REPOSITORY_ROOT", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
