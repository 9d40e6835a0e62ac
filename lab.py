#!/usr/bin/env python3
"""The one entry point of reversi-lab's Python tools (./lab, CMake and CI call it).

The repository's Python is one package tree rooted here, in the folders docs/layout.md lists:
bench/ measures, docs/ writes the pages, exercises/ checks a learner's solution, tests/
checks the rest. A tool is a module of it, named by its file with "-" for "_":

    python3 lab.py                       list the tools, by what they do
    python3 lab.py TOOL [ARGUMENTS...]   run one (python3 lab.py update-docs --check)

This file is the only place that puts the repository on Python's path; a module imports
another by its package (from docs import store), never by editing the path.
"""
import ast
import os
import re
import runpy
import sys

ROOT = os.path.dirname(os.path.abspath(__file__))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

# What each folder's tools do, in the order a maintainer meets them; a measuring tool that
# plays games is listed under matches.
FOLDERS = [("bench", "measure"), ("docs", "pages"), ("exercises", "exercises"), ("tests", "checks"),
           ("tests/embedded", "checks")]
MATCHES = ("match", "match_report", "duel_report", "move_times")


def tools():
    """{tool name: (module, group)} for every module of the package."""
    found = {}
    for folder, group in FOLDERS:
        for name in sorted(os.listdir(os.path.join(ROOT, folder))):
            stem, ext = os.path.splitext(name)
            if ext != ".py" or stem == "__init__":
                continue
            module = folder.replace("/", ".") + "." + stem
            found[stem.replace("_", "-")] = (module, "matches" if stem in MATCHES else group)
    return found


def command(tool):
    """The argv that runs `tool` in a child process: [python, lab.py, tool]."""
    if tool not in tools():
        raise KeyError(tool)
    return [sys.executable, os.path.join(ROOT, "lab.py"), tool]


def summary(module):
    """The first sentence of a module's docstring, read without running the module."""
    path = os.path.join(ROOT, *module.split(".")) + ".py"
    with open(path, encoding="utf-8") as f:
        doc = ast.get_docstring(ast.parse(f.read())) or ""
    first = " ".join(doc.split("\n\n")[0].split())
    end = re.search(r"\.(\s|$)", first)
    first = first[:end.start() + 1] if end else first
    return first if len(first) <= 96 else first[:95] + "…"


def listing():
    """The tools, grouped, one line each."""
    found = tools()
    lines = ["usage: python3 lab.py TOOL [ARGUMENTS...]", ""]
    for group in ("measure", "matches", "pages", "exercises", "checks"):
        lines.append(f"{group}:")
        lines += [f"  {name:22} {summary(module)}" for name, (module, g) in found.items() if g == group]
        lines.append("")
    return "\n".join(lines)


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help", "--list"):
        print(listing())
        return 0 if len(argv) >= 2 else 2
    found = tools()
    if argv[1] not in found:
        print(f"lab.py: no tool {argv[1]!r} (python3 lab.py lists them)", file=sys.stderr)
        return 2
    module = found[argv[1]][0]
    sys.argv = [os.path.join(ROOT, *module.split(".")) + ".py"] + argv[2:]
    runpy.run_module(module, run_name="__main__", alter_sys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
