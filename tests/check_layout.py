#!/usr/bin/env python3
"""The library does not reach up into the command line.

common/ holds the library (positions, the stage and step contracts, registries, tables,
perft, the engine) and common/cli/ the commands built on it. A library file, or a stage
or step under stages/, that includes a header of common/cli/ makes the library depend
on the program that uses it (engine.cpp once included cli.h for the search limits):
this check fails on any such #include, whether written "cli/cli.h" or by the bare name
of a header that only common/cli/ has.

    tests/check_layout.py ROOT         the repository at ROOT
    tests/check_layout.py --self-test  a clean tree passes and a planted include fails
"""
import os
import re
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
SOURCES = (".h", ".hpp", ".cpp", ".cc", ".ino")
LIBRARY = ("common", "stages")  # scanned, common/cli excepted


def cli_includes(root):
    """["common/engine.cpp:7: includes cli.h (common/cli/cli.h)", ...] for every library file."""
    common, cli = os.path.join(root, "common"), os.path.join(root, "common", "cli")
    cli_headers = {f for f in os.listdir(cli) if f.endswith((".h", ".hpp"))} if os.path.isdir(cli) else set()
    found = []
    for top in LIBRARY:
        for folder, subdirs, files in os.walk(os.path.join(root, top)):
            subdirs[:] = sorted(s for s in subdirs if os.path.join(folder, s) != cli)
            for name in sorted(f for f in files if f.endswith(SOURCES)):
                path = os.path.join(folder, name)
                text = open(path, encoding="utf-8", errors="replace").read()
                for m in INCLUDE.finditer(text):
                    target = m.group(1)
                    # The compiler looks beside the file first, then in common/ (the
                    # include directory every target has): either may land in cli/.
                    beside = os.path.normpath(os.path.join(folder, target))
                    below_common = os.path.normpath(os.path.join(common, target))
                    if os.path.exists(beside) and not beside.startswith(cli + os.sep):
                        continue  # a file of the library's own with that name
                    hit = next((p for p in (beside, below_common) if p.startswith(cli + os.sep)), None)
                    if hit is None and os.path.basename(target) in cli_headers and "/" not in target:
                        hit = os.path.join(cli, target)  # the bare name of a cli header
                    if hit:
                        line = text.count("\n", 0, m.start()) + 1
                        found.append(f"{os.path.relpath(path, root)}:{line}: includes {target} "
                                     f"({os.path.relpath(hit, root)}), a header of the command line")
    return found


def main(root):
    found = cli_includes(os.path.abspath(root))
    for f in found:
        print("FAIL:", f)
    if found:
        print("The library (common/, stages/) must not include common/cli/: move what it needs down "
              "into the library.")
        return 1
    print("no file of common/ (outside common/cli/) or stages/ includes a header of common/cli/")
    return 0


def self_test():
    """A clean tree passes; each planted include of a cli header is found."""
    failures = []
    clean = {"common/engine.h": '#include "position.h"\n', "common/position.h": "",
             "common/cli/cli.h": '#include "engine.h"\n', "common/cli/cli.cpp": '#include "cli.h"\n#include "cli_args.h"\n',
             "common/cli/cli_args.h": "", "stages/s01_naive/s01_naive.h": '#include "stage.h"\n',
             "stages/e01_minimax/e01_minimax.h": '#include "step.h"\n'}
    # (file, its text, the line of the planted include): by the path below common/, by a
    # bare name, by a path relative to the file, from a stage.
    planted = [("common/engine.cpp", '#include "engine.h"\n#include "cli/cli.h"  // searchLimits\n', 2),
               ("common/perft_hash.cpp", '#include "cli_args.h"\n', 1),
               ("stages/go_capture/go_capture.h", '#include <cstdint>\n#include "../../common/cli/cli.h"\n', 2),
               ("stages/s01_naive/s01_naive.h", '#include "stage.h"\n#include "cli/cli_args.h"\n', 2)]

    def scan(files):
        with tempfile.TemporaryDirectory(prefix="check_layout_") as root:
            for rel, text in files.items():
                os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
                with open(os.path.join(root, rel), "w", encoding="utf-8") as f:
                    f.write(text)
            return cli_includes(root)

    if scan(clean):
        failures.append(f"a clean tree was flagged: {scan(clean)}")
    for rel, text, line in planted:
        found = scan({**clean, rel: text})
        if len(found) != 1 or not found[0].startswith(f"{rel}:{line}: "):
            failures.append(f"planted include in {rel} (line {line}) not found alone: {found}")
    for f in failures:
        print("FAIL:", f)
    print(f"self-test: {len(planted)} planted includes, " + ("all found" if not failures else "not all found"))
    return 1 if failures else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
