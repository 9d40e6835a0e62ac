#!/usr/bin/env python3
"""The layering of common/: the library below the commands, nothing running back up.

common/library/ holds the library (positions, the stage and step contracts, the registry
of every stage and step, tables, perft, the engine); common/commands/ the commands of
reversi-lab, built on it. This check fails on:

- a header of common/commands/ included anywhere but in common/commands/ itself and in
  tests/ (the commands' own tests and fuzzers drive them in-process): not by the
  library, a stage or step, a benchmark or an exercise, whether written
  "commands/cli.h", by a relative path or by the bare name of a header only
  common/commands/ has (engine.cpp once included the command line's header for the
  search limits, and the benchmarks included it for parseFfoRange);
- an include cycle between two parts of common/ (a part: a header and its .cpp; the step
  contract and the search registry once included each other);
- a part below another reaching it through its includes: the search's value types
  (search_types) below the step contract (step) and the search registry
  (search_registry), and the step contract below the search registry (BELOW);
- the Python tools leaving their one package: a module that edits Python's module
  search path (only lab.py, the entry point, does), or a folder of modules without its
  __init__.py (then `from docs import store` would find another package or none).

    python3 lab.py check-layout ROOT         the repository at ROOT
    python3 lab.py check-layout --self-test  a clean tree passes and each planted fault is found
"""
import os
import re
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
SOURCES = (".h", ".hpp", ".cpp", ".cc", ".ino")
LIBRARY, COMMANDS = os.path.join("common", "library"), os.path.join("common", "commands")
MAY_INCLUDE_COMMANDS = (COMMANDS, "tests")  # besides these, no folder includes a command's header
# (lower, upper): `lower` must not reach `upper` through its includes.
BELOW = [("search_types", "step"), ("search_types", "search_registry"), ("step", "search_registry")]


def sources(root):
    """Every source file under ROOT (relative paths), .git and build folders aside."""
    for folder, subdirs, files in os.walk(root):
        subdirs[:] = sorted(s for s in subdirs if not s.startswith((".", "build")))
        for name in sorted(files):
            if name.endswith(SOURCES):
                yield os.path.relpath(os.path.join(folder, name), root)


def resolve(root, rel, target):
    """The file (relative to ROOT) an #include "target" in `rel` names, as the compiler
    finds it: beside the file, then below common/library/ and common/ (the include
    directories every target has); the bare name of a header only common/commands/ has
    counts as that header. None for a file outside the repository (the standard library,
    a stage folder found through stages/ is not in common/ and needs no resolving here)."""
    beside = os.path.normpath(os.path.join(os.path.dirname(rel), target))
    for candidate in (beside, os.path.normpath(os.path.join(LIBRARY, target)),
                      os.path.normpath(os.path.join("common", target))):
        if os.path.exists(os.path.join(root, candidate)):
            return candidate
    if "/" not in target and os.path.exists(os.path.join(root, COMMANDS, target)):
        return os.path.join(COMMANDS, target)
    return None


def includes(root):
    """{file: [(line, target, resolved file or None)]} for every source file."""
    found = {}
    for rel in sources(root):
        text = open(os.path.join(root, rel), encoding="utf-8", errors="replace").read()
        found[rel] = [(text.count("\n", 0, m.start()) + 1, m.group(1), resolve(root, rel, m.group(1)))
                      for m in INCLUDE.finditer(text)]
    return found


def command_includes(graph):
    """A header of common/commands/ included from outside the folders that may."""
    found = []
    for rel, incs in graph.items():
        if rel.startswith(tuple(f + os.sep for f in MAY_INCLUDE_COMMANDS)):
            continue
        for line, target, hit in incs:
            if hit and hit.startswith(COMMANDS + os.sep):
                found.append(f"{rel}:{line}: includes {target} ({hit}), a header of the commands: only "
                             f"common/commands/ and the commands' tests (tests/) may")
    return found


def part(rel):
    """The part of common/ a file belongs to ('library/step' for step.h and step.cpp), or None."""
    if not rel.startswith("common" + os.sep):
        return None
    return os.path.splitext(os.path.relpath(rel, "common"))[0].replace(os.sep, "/")


def part_graph(graph):
    """{part: {part it includes}} over common/."""
    edges = {}
    for rel, incs in graph.items():
        p = part(rel)
        if p is None:
            continue
        targets = edges.setdefault(p, set())
        targets.update(q for _, _, hit in incs if hit and (q := part(hit)) and q != p)
    return edges


def cycles(edges):
    """Each include cycle between parts, once, as 'a -> b -> a'."""
    found, seen = [], set()
    def walk(node, path):
        for nxt in sorted(edges.get(node, ())):
            if nxt in path:
                loop = path[path.index(nxt):]
                key = frozenset(loop)
                if key not in seen:
                    seen.add(key)
                    found.append(" -> ".join(loop + [nxt]))
            elif len(path) < 30:
                walk(nxt, path + [nxt])
    for start in sorted(edges):
        walk(start, [start])
    return found


def reaches(edges, start, goal):
    """The chain of includes from part `start` to part `goal`, or None."""
    todo, came = [start], {start: None}
    while todo:
        node = todo.pop()
        if node == goal:
            chain = [node]
            while came[chain[-1]]:
                chain.append(came[chain[-1]])
            return " -> ".join(reversed(chain))
        for nxt in sorted(edges.get(node, ())):
            if nxt not in came:
                came[nxt] = node
                todo.append(nxt)
    return None


PYTHON_FOLDERS = ("bench", "docs", "exercises", "tests")  # the package's folders; lab.py is its entry point
# The module search path's name, written in two parts so that this file is no finding of its own.
SEARCH_PATH = "sys" + ".path"


def python_problems(root):
    """The Python modules outside lab.py that name the module search path, and the package folders
    (those holding modules) that lack their __init__.py."""
    found = []
    for top in PYTHON_FOLDERS:
        for folder, subdirs, files in os.walk(os.path.join(root, top)):
            subdirs[:] = sorted(d for d in subdirs if not d.startswith((".", "build", "__")) and d != "work")
            modules = sorted(f for f in files if f.endswith(".py"))
            rel = os.path.relpath(folder, root)
            if modules and "__init__.py" not in files:
                found.append(f"{rel}/ holds Python modules but no __init__.py")
            for name in modules:
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    for n, line in enumerate(f, 1):
                        if SEARCH_PATH in line:
                            found.append(f"{rel}/{name}:{n}: edits {SEARCH_PATH} (import by package; lab.py sets the path)")
    return found


def problems(root):
    graph = includes(root)
    found = command_includes(graph)
    edges = part_graph(graph)
    found += [f"an include cycle in common/: {c}" for c in cycles(edges)]
    for lower, upper in BELOW:
        chain = reaches(edges, "library/" + lower, "library/" + upper)
        if chain:
            found.append(f"common/library/{lower} must stay below {upper}, but includes it: {chain}")
    return found + python_problems(root)


def main(root):
    found = problems(os.path.abspath(root))
    for f in found:
        print("FAIL:", f)
    if found:
        print("The library stays below the commands, and each part of common/ below those that use it: "
              "move what is needed down, not the include up.")
        return 1
    print("common/commands/ is included only by itself and the tests; common/ has no include cycle; "
          + ", ".join(f"{lo} is below {up}" for lo, up in BELOW)
          + "; the Python tools are one package, only lab.py setting its path")
    return 0


def self_test():
    """A clean tree passes; each planted fault is found, alone, where it was planted."""
    clean = {"common/library/position.h": "", "common/library/search_types.h": '#include "position.h"\n',
             "common/library/step.h": '#include "search_types.h"\n',
             "common/library/search_registry.h": '#include "search_types.h"\n',
             "common/library/search_registry.cpp": '#include "search_registry.h"\n#include "step.h"\n',
             "common/library/engine.cpp": '#include "search_registry.h"\n',
             "common/commands/cli.h": '#include "search_registry.h"\n',
             "common/commands/cli.cpp": '#include "cli.h"\n#include "cli_args.h"\n',
             "common/commands/cli_args.h": "", "stages/s01_naive/s01_naive.h": "",
             "tests/cli_test.cpp": '#include "commands/cli.h"\n', "bench/search_bench.cpp": '#include "step.h"\n'}
    # (file, its text, what each finding must say): a command's header by its path below
    # common/, by a bare name, by a path relative to the file, from a stage and from a
    # benchmark; a cycle; a value type reaching up, the step contract reaching the
    # registry (each also a cycle here, as the clean tree has the downward includes).
    planted = [("common/library/engine.cpp", '#include "search_registry.h"\n#include "commands/cli.h"\n',
                ["common/library/engine.cpp:2: includes commands/cli.h"]),
               ("common/library/perft_hash.cpp", '#include "cli_args.h"\n', ["common/library/perft_hash.cpp:1: includes cli_args.h"]),
               ("stages/go_capture/go_capture.h", '#include <cstdint>\n#include "../../common/commands/cli.h"\n',
                ["stages/go_capture/go_capture.h:2: includes ../../common/commands/cli.h"]),
               ("stages/s01_naive/s01_naive.h", '#include "commands/cli_args.h"\n', ["stages/s01_naive/s01_naive.h:1: includes"]),
               ("bench/search_bench.cpp", '#include "step.h"\n#include "commands/cli.h"  // parseFfoRange\n',
                ["bench/search_bench.cpp:2: includes commands/cli.h"]),
               ("common/library/search_registry.h", '#include "search_types.h"\n#include "engine.h"\n',
                ["an include cycle in common/: library/search_registry -> library/engine -> library/search_registry"]),
               ("common/library/search_types.h", '#include "position.h"\n#include "step.h"\n',
                ["an include cycle", "search_types must stay below step"]),
               ("common/library/step.h", '#include "search_types.h"\n#include "search_registry.h"\n',
                ["an include cycle", "step must stay below search_registry"]),
               ("bench/report.py", f'import sys\n{SEARCH_PATH}.insert(0, "../docs")\n',
                ["bench/ holds Python modules but no __init__.py", "bench/report.py:2: edits"]),
               ("tests/embedded/embedded.py", "import os\n", ["tests/embedded/ holds Python modules but no __init__.py"])]
    clean["tests/__init__.py"] = ""
    clean["common/library/engine.h"] = ""

    def scan(files):
        with tempfile.TemporaryDirectory(prefix="check_layout_") as root:
            for rel, text in files.items():
                os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
                with open(os.path.join(root, rel), "w", encoding="utf-8") as f:
                    f.write(text)
            return problems(root)

    failures = []
    if scan(clean):
        failures.append(f"a clean tree was flagged: {scan(clean)}")
    for rel, text, says in planted:
        found = scan({**clean, rel: text})
        if len(found) != len(says) or not all(s in f for s, f in zip(says, found)):
            failures.append(f"planted in {rel}: expected findings saying {says}, got {found}")
    for f in failures:
        print("FAIL:", f)
    print(f"self-test: {len(planted)} planted faults, " + ("each found" if not failures else "not each found"))
    return 1 if failures else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
