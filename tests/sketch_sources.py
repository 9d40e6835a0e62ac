#!/usr/bin/env python3
"""The search steps' sketches, checked two ways.

Their src/ copies. The sketches compile a move generator from their own src/ folder,
because the Arduino tools compile only what is in the sketch folder. Each file there
must be, byte for byte, the stage header of the same name (stages/<name>/<name>.h),
which the host tests test: one source of truth, and this check proves the copy is it.
A file named after the step itself is the step's own, not a copy, and is left alone:
src/e07_weights.h (step 07's data) and src/e07_game.h (step 07's game over Serial). A file
named after an earlier step is that step's own file, copied: stages/e08_selective/src/
e07_weights.h must be, byte for byte, stages/e07_patterns/src/e07_weights.h.

Their lines. Apart from its first comment (the lines up to the first that is not a //
comment) and blank lines, a step's sketch differs from the previous step's only in
lines marked as the step's own, with a comment starting `// step`; except that step 05,
the first with a transposition table, adds its memory: the block from "// The
transposition table's memory" to the end of lendTable(), and the lines that use its
slots. So a step's own code outside its header (step 07's game) is brought in by marked
lines only: its constants, its #include and loop(). The first step is compared with
none.

    tests/sketch_sources.py check stages/e01_minimax [more step folders...]
    tests/sketch_sources.py sync  stages/e01_minimax [...]   # rewrite the copies
"""
import filecmp
import glob
import os
import re
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def pairs(folder):
    own = os.path.basename(os.path.normpath(folder)).split("_")[0] + "_"  # "e07_"
    copies = sorted(glob.glob(os.path.join(folder, "src", "*.h")))
    for copy in copies:
        base = os.path.basename(copy)
        if base.startswith(own):
            continue
        step = re.match(r"(e\d\d_)", base)
        if step:  # another step's own file: the copy of that step's src/ file
            found = glob.glob(os.path.join(ROOT, "stages", step.group(1) + "*", "src", base))
            yield copy, found[0] if len(found) == 1 else os.path.join(ROOT, "stages", base)
            continue
        name = os.path.splitext(base)[0]
        yield copy, os.path.join(ROOT, "stages", name, name + ".h")


def sketch_lines(folder):
    """(the sketch's lines after its first comment, path), or None when it has no sketch."""
    name = os.path.basename(os.path.normpath(folder))
    path = os.path.join(folder, name + ".ino")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    first = 0
    while first < len(lines) and lines[first].startswith("//"):
        first += 1
    return [(n + 1, l) for n, l in enumerate(lines) if n >= first], path


def shared(lines, has_table):
    """The lines every step shares: not blank, not marked `// step`; without step 05's
    table memory when the other sketch has no table."""
    out, in_table = [], False
    for n, l in lines:
        if has_table is False:
            if l.startswith("// The transposition table's memory"):
                in_table = True
            if in_table:
                if l == "}":  # lendTable()'s end
                    in_table = False
                continue
            if re.search(r"\bslots\b", l):
                continue
        if l.strip() and not re.search(r"//\s*step\b", l):
            out.append((n, l))
    return out


def previous_step(folder):
    """The folder of the step before this one (stages/eNN-1_*), or None."""
    m = re.match(r"e(\d\d)_", os.path.basename(os.path.normpath(folder)))
    if not m or int(m.group(1)) <= 1:
        return None
    found = glob.glob(os.path.join(os.path.dirname(os.path.normpath(folder)), f"e{int(m.group(1)) - 1:02d}_*"))
    return found[0] if len(found) == 1 else None


def line_problems(folder):
    """Where the sketch differs from the previous step's outside its marked lines."""
    this, before = sketch_lines(folder), previous_step(folder)
    if this is None or before is None or sketch_lines(before) is None:
        return []
    (lines, path), (old_lines, old_path) = this, sketch_lines(before)
    def uses_table(ls):
        return any("lendTable()" in l for _, l in ls)
    table = uses_table(old_lines) if uses_table(lines) else None  # False: only this one has it
    a, b = shared(lines, table), shared(old_lines, None)
    for (n, l), (m, k) in zip(a, b):
        if l != k:
            return [f"{os.path.relpath(path, ROOT)}:{n}: {l!r} is neither {os.path.relpath(old_path, ROOT)}:{m} "
                    f"{k!r} nor marked // step"]
    if len(a) != len(b):
        extra, where = (a[len(b)], path) if len(a) > len(b) else (b[len(a)], old_path)
        return [f"{os.path.relpath(where, ROOT)}:{extra[0]}: {extra[1]!r} is in one sketch only and not marked // step"]
    return []


def main(argv):
    if len(argv) < 3 or argv[1] not in ("check", "sync"):
        print("usage: sketch_sources.py check|sync STEP_FOLDER...", file=sys.stderr)
        return 2
    problems = []
    for folder in argv[2:]:
        found = list(pairs(folder))
        if not found:
            problems.append(f"{folder}/src holds no stage header: the sketch has no move generator")
        problems.extend(line_problems(folder))
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
    print(f"{len(argv) - 2} sketch folder(s): every src/ header is its stage header, byte for byte; "
          "each sketch after step 01 differs from the previous step's only in lines marked // step")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
