#!/usr/bin/env python3
"""Each sketch as the Arduino IDE opens it: a folder with every file the sketch includes.

A search step's sketch (stages/eNN_name/eNN_name.ino) includes its step's files and the
files of the earlier steps and stages it builds on by relative paths (../e01_minimax/
e01_sketch.h): one source of truth for each file. The Arduino IDE and arduino-cli copy a
sketch's folder before they compile it, so those paths lead nowhere there. This command
writes, for each sketch, a folder that has them all:

    OUT/eNN_name/eNN_name.ino       the sketch, its includes pointed at the copies
    OUT/eNN_name/eNN_name*.h        the step's own files (the IDE shows them as tabs)
    OUT/eNN_name/src/*.h            what it builds on, from other folders

The files are the repository's, byte for byte, but for the paths in their #include lines.
The host, AVR, Xtensa and RISC-V builds of a sketch compile this folder (tests/embedded),
so what a board gets is what the tests ran. A sketch that includes nothing outside its
folder (every stage's) is copied as it is.

    tests/sketches.py write OUT [FOLDER...]   the sketches of stages/ (or those named)
    tests/sketches.py check OUT [FOLDER...]   OUT holds exactly what write would write
    tests/sketches.py verify [FOLDER...]      each sketch's folder, as write makes it, is whole:
                                              every quoted #include found inside it, every file
                                              its repository file but for #include lines
    tests/sketches.py list FOLDER             the repository files FOLDER's sketch compiles

Exit status: 0 done; 1 check found a difference; 2 bad input (one line says what).
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STAGES = os.path.join(ROOT, "stages")
INCLUDE = re.compile(r'^(\s*#\s*include\s*")([^"]+)(".*)$')


class BadInput(Exception):
    pass


def sketch_folders():
    """Every folder of stages/ that is a sketch (holds FOLDER.ino)."""
    return sorted(f for f in os.listdir(STAGES) if os.path.isfile(os.path.join(STAGES, f, f + ".ino")))


def closure(folder, stages=STAGES, overlay=None):
    """[path] of the sketch's .ino and every file it includes with quotes, transitively,
    in the order they are met; paths under `stages`. With `overlay`, a folder laid out
    as stages/ is, each file there is read in place of the one under `stages` at the same
    place: the walk follows a changed copy's own #include lines (an exercise's candidate,
    exercises/exercises.py)."""
    def source(path):
        mine = overlay and os.path.join(overlay, os.path.relpath(path, stages))
        return mine if mine and os.path.isfile(mine) else path

    order, todo = [], [os.path.join(stages, folder, folder + ".ino")]
    while todo:
        path = todo.pop(0)
        if path in order:
            continue
        order.append(path)
        with open(source(path), encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                target = os.path.normpath(os.path.join(os.path.dirname(path), m.group(2)))
                if not os.path.isfile(source(target)):
                    if m.group(2) in ("Arduino.h",):
                        continue
                    raise BadInput(f"{os.path.relpath(source(path), ROOT)}:{n}: includes {m.group(2)}, which is not there")
                todo.append(target)
    return order


def layout(folder):
    """{repository path: path inside the sketch's folder}: own files at its top, others in src/."""
    own = os.path.join(STAGES, folder)
    places, seen = {}, {}
    for path in closure(folder):
        inside = os.path.dirname(path) == own
        rel = os.path.basename(path) if inside else "src/" + os.path.basename(path)
        if rel in seen and seen[rel] != path:
            raise BadInput(f"{folder}: {os.path.relpath(path, ROOT)} and {os.path.relpath(seen[rel], ROOT)} "
                           f"would both be {rel}")
        seen[rel] = path
        places[path] = rel
    return places


def rewritten(path, places):
    """The file's text with each quoted #include pointing at its copy."""
    here = os.path.dirname(places[path])
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f.read().split("\n"):
            m = INCLUDE.match(line)
            if m:
                target = os.path.normpath(os.path.join(os.path.dirname(path), m.group(2)))
                if target in places:
                    new = os.path.relpath(places[target], here or ".")
                    line = m.group(1) + new + m.group(3)
            out.append(line)
    return "\n".join(out)


def sketch(folder):
    """{path inside OUT/folder: text} of the sketch's folder."""
    places = layout(folder)
    return {rel: rewritten(path, places) for path, rel in places.items()}


def write(out, folders):
    for folder in folders:
        base = os.path.join(out, folder)
        files = sketch(folder)
        for rel, text in files.items():
            path = os.path.join(base, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            if not os.path.isfile(path) or open(path, encoding="utf-8").read() != text:
                with open(path, "w", encoding="utf-8") as f:  # only what changed: builds stay up to date
                    f.write(text)
        for dirpath, _, names in os.walk(base):  # a file no longer included goes
            for name in names:
                if os.path.relpath(os.path.join(dirpath, name), base) not in files:
                    os.remove(os.path.join(dirpath, name))
    return 0


def check(out, folders):
    problems = []
    for folder in folders:
        base = os.path.join(out, folder)
        files = sketch(folder)
        for rel, text in files.items():
            path = os.path.join(base, rel)
            if not os.path.isfile(path):
                problems.append(f"{folder}/{rel}: missing")
            elif open(path, encoding="utf-8").read() != text:
                problems.append(f"{folder}/{rel}: differs from what the repository's files make")
        for dirpath, _, names in os.walk(base):
            for name in names:
                rel = os.path.relpath(os.path.join(dirpath, name), base)
                if rel not in files:
                    problems.append(f"{folder}/{rel}: no file of the sketch")
    for p in problems:
        print("FAIL:", p)
    if not problems:
        print(f"ok: {len(folders)} sketch folder(s) in {out} are the repository's files")
    return 1 if problems else 0


def verify(folders):
    """Each sketch's folder is whole and faithful (see the module's comment)."""
    problems = []
    for folder in folders:
        places = layout(folder)
        files = sketch(folder)
        for path, rel in places.items():
            original, copy = open(path, encoding="utf-8").read().split("\n"), files[rel].split("\n")
            if len(original) != len(copy) or any(a != b and not (INCLUDE.match(a) and INCLUDE.match(b))
                                                 for a, b in zip(original, copy)):
                problems.append(f"{folder}/{rel}: differs from {os.path.relpath(path, ROOT)} beyond #include lines")
            for n, line in enumerate(copy, 1):
                m = INCLUDE.match(line)
                if not m or m.group(2) == "Arduino.h":
                    continue
                target = os.path.normpath(os.path.join(os.path.dirname(rel), m.group(2)))
                if target.startswith("..") or target not in files:
                    problems.append(f"{folder}/{rel}:{n}: includes {m.group(2)}, which is not in the sketch's folder")
    for p in problems:
        print("FAIL:", p)
    if not problems:
        print(f"ok: {len(folders)} sketch folder(s) hold every file they include, the repository's but for their paths")
    return 1 if problems else 0


def main(argv):
    if len(argv) >= 2 and argv[1] == "verify":
        known = sketch_folders()
        unknown = [f for f in argv[2:] if f not in known]
        if unknown:
            raise BadInput(f"not a sketch folder of stages/: {', '.join(unknown)}")
        return verify(argv[2:] or known)
    if len(argv) < 3 or argv[1] not in ("write", "check", "list"):
        raise BadInput("usage: tests/sketches.py write OUT [FOLDER...] | check OUT [FOLDER...] | verify [FOLDER...]"
                       " | list FOLDER")
    known = sketch_folders()
    if argv[1] == "list":
        if len(argv) != 3 or argv[2] not in known:
            raise BadInput(f"list takes one sketch folder of stages/ (such as e10_stable), not {' '.join(argv[2:])}")
        for path in closure(argv[2]):
            print(os.path.relpath(path, ROOT))
        return 0
    folders = argv[3:] or known
    unknown = [f for f in folders if f not in known]
    if unknown:
        raise BadInput(f"not a sketch folder of stages/: {', '.join(unknown)}")
    return write(argv[2], folders) if argv[1] == "write" else check(argv[2], folders)


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except BadInput as e:
        print(f"sketches.py: {e}", file=sys.stderr)
        sys.exit(2)
    except OSError as e:
        print(f"sketches.py: {e.filename or ''}: {e.strerror}", file=sys.stderr)
        sys.exit(1)
