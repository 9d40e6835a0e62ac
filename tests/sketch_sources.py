#!/usr/bin/env python3
"""The search steps' sketches compile a move generator from their own src/ folder,
because the Arduino tools compile only what is in the sketch folder. Each file there
must be, byte for byte, the stage header of the same name (stages/<name>/<name>.h),
which the host tests test: one source of truth, and this check proves the copy is it.

    tests/sketch_sources.py check stages/e01_minimax [more step folders...]
    tests/sketch_sources.py sync  stages/e01_minimax [...]   # rewrite the copies
"""
import filecmp
import glob
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def pairs(folder):
    copies = sorted(glob.glob(os.path.join(folder, "src", "*.h")))
    for copy in copies:
        name = os.path.splitext(os.path.basename(copy))[0]
        yield copy, os.path.join(ROOT, "stages", name, name + ".h")


def main(argv):
    if len(argv) < 3 or argv[1] not in ("check", "sync"):
        print("usage: sketch_sources.py check|sync STEP_FOLDER...", file=sys.stderr)
        return 2
    problems = []
    for folder in argv[2:]:
        found = list(pairs(folder))
        if not found:
            problems.append(f"{folder}/src holds no stage header: the sketch has no move generator")
        for copy, source in found:
            if not os.path.exists(source):
                problems.append(f"{copy}: no stage header {os.path.relpath(source, ROOT)} of that name")
            elif argv[1] == "sync":
                shutil.copyfile(source, copy)
            elif not filecmp.cmp(copy, source, shallow=False):
                problems.append(f"{os.path.relpath(copy, ROOT)} differs from {os.path.relpath(source, ROOT)}; "
                                f"run: python3 tests/sketch_sources.py sync {os.path.relpath(folder, ROOT)}")
    for p in problems:
        print(p)
    if problems:
        return 1
    print(f"{len(argv) - 2} sketch folder(s): every src/ header is its stage header, byte for byte")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
