#!/usr/bin/env python3
"""The search steps stay composed: each step's folder holds its own files, small.

A search step (stages/eNN_name/) includes what it does not change from the step that
introduced it, so a step's own files are its diff. This check keeps that true:
- no hand-written header of a step over MAX_HEADER lines (generated data, such as
  e07_weights.h, is left out: it says "generated" in its first lines);
- no function in a step over MAX_FUNCTION lines;
- no run of MAX_REPEAT or more lines repeated between two steps' own files (lines
  compared without their indentation; blank lines, comments and lone braces skipped).

    python3 lab.py check-steps ROOT         the repository at ROOT
    python3 lab.py check-steps --self-test  a clean tree passes and planted faults fail
"""
import os
import re
import sys
import tempfile

MAX_HEADER = 700
MAX_FUNCTION = 80
MAX_REPEAT = 40

STEP = re.compile(r"^e\d\d_")
# A line that opens a function body: a parameter list's closing parenthesis (perhaps
# const, a return type or an initializer list after it) and the brace. Control
# statements and lambdas are not functions.
FUNCTION_START = re.compile(r"\)\s*(const)?\s*(noexcept)?\s*(->\s*[\w:<>]+)?\s*(:\s*.*)?\{\s*(//.*)?$")
CONTROL = re.compile(r"^\s*(\}\s*)?(if|for|while|switch|else|do|catch|try)\b")


def step_files(root):
    """{step folder: [paths of its own .h and .ino files]}."""
    stages = os.path.join(root, "stages")
    out = {}
    for folder in sorted(os.listdir(stages)):
        path = os.path.join(stages, folder)
        if STEP.match(folder) and os.path.isdir(path):
            out[folder] = sorted(os.path.join(path, f) for f in os.listdir(path) if f.endswith((".h", ".ino")))
    return out


def generated(text):
    head = "\n".join(text.splitlines()[:5]).lower()
    return "generated" in head and "not edited" in head


def code_only(line):
    """The line without its // comment and string or character literals' contents."""
    line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    line = re.sub(r"'(\\.|[^'\\])*'", "''", line)
    return line.split("//", 1)[0]


def long_functions(path, lines):
    """[(first line, length)] of the functions longer than MAX_FUNCTION lines."""
    found, i, in_block_comment = [], 0, False
    while i < len(lines):
        code = code_only(lines[i])
        if "/*" in code and "*/" not in code:
            in_block_comment = True
        if in_block_comment:
            in_block_comment = "*/" not in code
            i += 1
            continue
        if FUNCTION_START.search(code) and not CONTROL.match(code):
            depth, j = 0, i
            while j < len(lines):
                c = code_only(lines[j])
                depth += c.count("{") - c.count("}")
                if depth <= 0:
                    break
                j += 1
            length = j - i + 1
            if length > MAX_FUNCTION:
                found.append((i + 1, length))
            i = j + 1
            continue
        i += 1
    return found


def normalized(lines):
    """[(line number, text)] of the lines that count for repetition."""
    out, in_block_comment = [], False
    for n, line in enumerate(lines, 1):
        s = line.strip()
        if in_block_comment or s.startswith("/*"):
            in_block_comment = "*/" not in s
            continue
        if not s or s.startswith(("//", "*")) or s in ("{", "}", "};", "});"):
            continue
        out.append((n, re.sub(r"\s+", " ", code_only(s)).strip()))
    return out


def repeated_runs(files_by_step):
    """[(path a, line, path b, line)] where MAX_REPEAT normalized lines repeat across steps."""
    seen = {}  # window text -> (step, path, first line)
    found = []
    for step, paths in files_by_step.items():
        for path in paths:
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            if generated(text):
                continue
            lines = normalized(text.splitlines())
            reported = set()
            for k in range(len(lines) - MAX_REPEAT + 1):
                window = "\n".join(t for _, t in lines[k:k + MAX_REPEAT])
                other = seen.get(window)
                if other and other[0] != step and (other[1], path) not in reported:
                    reported.add((other[1], path))
                    found.append((other[1], other[2], path, lines[k][0]))
                seen.setdefault(window, (step, path, lines[k][0]))
    return found


def check(root):
    problems = []
    files = step_files(root)
    for step, paths in files.items():
        for path in paths:
            rel = os.path.relpath(path, root)
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            if generated(text):
                continue
            lines = text.splitlines()
            if path.endswith(".h") and len(lines) > MAX_HEADER:
                problems.append(f"{rel}: {len(lines)} lines, more than {MAX_HEADER}: split it by concern")
            for first, length in long_functions(path, lines):
                problems.append(f"{rel}:{first}: a function of {length} lines, more than {MAX_FUNCTION}: split it")
    for a, la, b, lb in repeated_runs(files):
        problems.append(f"{os.path.relpath(b, root)}:{lb} repeats {MAX_REPEAT} lines or more of "
                        f"{os.path.relpath(a, root)}:{la}: include the earlier step's file instead")
    return problems


def self_test():
    """A clean tree passes; a long header, a long function and a copied run each fail."""
    body = "\n".join(f"  int v{i} = {i};" for i in range(MAX_REPEAT + 2))
    long_body = "\n".join(f"  int w{i} = {i};" for i in range(MAX_FUNCTION + 1))
    with tempfile.TemporaryDirectory() as root:
        def write(rel, text):
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        write(os.path.join("stages", "e01_a", "e01_a.h"), "int f() {\n  return 1;\n}\n")
        write(os.path.join("stages", "e02_b", "e02_b.h"), "int g() {\n  return 2;\n}\n")
        ok = not check(root)
        write(os.path.join("stages", "e02_b", "e02_b.h"), "void g() {\n" + long_body + "\n}\n")
        long_function = any("a function of" in p for p in check(root))
        write(os.path.join("stages", "e02_b", "e02_b.h"), "void g() {\n" + body + "\n}\n")
        write(os.path.join("stages", "e01_a", "e01_a.h"), "void f() {\n" + body + "\n}\n")
        repeated = any("repeats" in p for p in check(root))
        write(os.path.join("stages", "e01_a", "e01_a.h"), "\n".join(f"const int c{i} = {i};" for i in range(MAX_HEADER + 1)) + "\n")
        too_long = any("more than 700" in p for p in check(root))
    results = {"clean tree passes": ok, "long function found": long_function, "repeated run found": repeated,
               "long header found": too_long}
    for name, passed in results.items():
        print(("ok   " if passed else "FAIL ") + name)
    return 0 if all(results.values()) else 1


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) != 2 or not os.path.isdir(os.path.join(argv[1], "stages")):
        print("usage: python3 lab.py check-steps ROOT | --self-test (ROOT: the repository, with stages/)", file=sys.stderr)
        return 2
    problems = check(argv[1])
    for p in problems:
        print("FAIL:", p)
    if not problems:
        print(f"ok: the search steps' own files (no header over {MAX_HEADER} lines, no function over "
              f"{MAX_FUNCTION}, no run of {MAX_REPEAT} lines repeated between steps)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
