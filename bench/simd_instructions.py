#!/usr/bin/env python3
"""Counts the instructions of the move generator's two kernels, moveMask and flips, as
compiled for the portable fills (stage 09's, kept in stages 10 and 11), stage 10's AVX2
lanes and stage 11's AVX-512 lanes, and writes the table into stage 11's page (between
<!-- instructions:begin/end -->).

    python3 lab.py simd-instructions [--cxx g++] [--page stages/s11_avx512/README.md]

Each kernel is wrapped in a function of its own (noinline, the stage's target
attribute), compiled with -O3 as the Release build does, and its instructions between
its symbol and the next are counted in `objdump -d`: a count of the code one call runs
(the kernels have no loops or branches), not of cycles. This machine's virtual CPU has
no hardware counters for `perf stat`, and valgrind does not run AVX-512 code.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

WRAPPERS = r'''
#include "s10_simd/s10_simd.h"
#include "s11_avx512/s11_avx512.h"
#define KERNEL(name, target) extern "C" __attribute__((noinline, target)) uint64_t name
KERNEL(moves_portable, target("popcnt"))(uint64_t own, uint64_t opp) { return s10::moveMask(own, opp); }
KERNEL(moves_avx2, target("avx2,popcnt"))(uint64_t own, uint64_t opp) { return s10::moveMaskAvx2(own, opp); }
KERNEL(moves_avx512, target("avx512f,popcnt"))(uint64_t own, uint64_t opp) { return s11::moveMaskAvx512(own, opp); }
KERNEL(flips_portable, target("popcnt"))(uint64_t m, uint64_t own, uint64_t opp) { return s10::flips(m, own, opp); }
KERNEL(flips_avx2, target("avx2,popcnt"))(uint64_t m, uint64_t own, uint64_t opp) { return s10::flipsAvx2(m, own, opp); }
KERNEL(flips_avx512, target("avx512f,popcnt"))(uint64_t m, uint64_t own, uint64_t opp) { return s11::flipsAvx512(m, own, opp); }
'''
KERNELS = [("moveMask (all legal moves)", "moves"), ("flips (one move)", "flips")]
PATHS = [("portable (s09's fills)", "portable"), ("AVX2 (s10)", "avx2"), ("AVX-512 (s11)", "avx512")]


def counts(cxx):
    with tempfile.TemporaryDirectory() as tmp:
        src, obj = os.path.join(tmp, "kernels.cpp"), os.path.join(tmp, "kernels.o")
        with open(src, "w") as f:
            f.write(WRAPPERS)
        subprocess.run([cxx, "-std=c++20", "-O3", "-DNDEBUG", "-c", "-I", os.path.join(ROOT, "stages"), src, "-o", obj],
                       check=True)
        dump = subprocess.run(["objdump", "-d", "--no-show-raw-insn", obj], capture_output=True, text=True,
                              check=True).stdout
    found, name = {}, None
    for line in dump.splitlines():
        m = re.match(r"^[0-9a-f]+ <(\w+)>:$", line)
        if m:
            name = m.group(1)
            found[name] = {"all": 0, "vector": 0}
        elif name and re.match(r"^\s+[0-9a-f]+:\s+\S", line):
            found[name]["all"] += 1
            found[name]["vector"] += bool(re.search(r"%[xyz]mm|%k[0-7]", line))
    version = subprocess.run([cxx, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    return found, version


def table(found, version, cxx):
    head = "| kernel | " + " | ".join(label for label, _ in PATHS) + " |"
    lines = [head, "|---|" + "---:|" * len(PATHS)]
    for label, kernel in KERNELS:
        cells = []
        for _, path in PATHS:
            c = found[f"{kernel}_{path}"]
            cells.append(f"{c['all']} ({c['vector']} vector)")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    lines.append("")
    lines.append(f"Instructions per call (of them, those on vector or mask registers), counted by "
                 f"`bench/simd_instructions.py` in `objdump -d` of each kernel compiled alone with "
                 f"`{os.path.basename(cxx)} -O3` ({version}).")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cxx", default=os.environ.get("CXX", "g++"))
    ap.add_argument("--page", help="rewrite this page's instructions section")
    a = ap.parse_args()
    found, version = counts(a.cxx)
    body = table(found, version, a.cxx)
    print(body, end="")
    if a.page:
        with open(a.page) as f:
            text = f.read()
        pattern = re.compile(r"(<!-- instructions:begin -->\n)(.*?)(<!-- instructions:end -->)", re.S)
        if not pattern.search(text):
            sys.exit(f"simd_instructions: {a.page} has no <!-- instructions:begin/end --> markers")
        with open(a.page, "w") as f:
            f.write(pattern.sub(lambda m: m.group(1) + body + m.group(3), text, count=1))


if __name__ == "__main__":
    main()
