#!/usr/bin/env python3
"""The evidence behind the pages' "Why it is slower" sections, from counts that do not
depend on the machine's load:

    python3 lab.py why-slower [--build build] [--store] [--json build/why-slower.json]

- callgrind (valgrind's simulator of this CPU's instruction set): instructions,
  conditional branches, mispredicted branches and first-level data cache misses per
  item of the benchmarks that slowed down (bench/callgrind_counts.py does the counting:
  one iteration of the benchmark, its set-up subtracted). The branch predictor and the
  caches are callgrind's simple models (--branch-sim=yes --cache-sim=yes), not this
  CPU's: the counts say where the work is, not how long it takes.
- the hot loops, read from the assembly: bench/hot_loop.cpp puts one stage's flip scan
  and legalMoves in functions of their own, compiled as the benchmarks are for the host
  (c++ -O3) and as the sketches are for AVR (avr-g++ -Os, ATmega2560); the script
  disassembles them (objdump) and lists every innermost loop (a backward branch with no
  other loop inside) of the code each reaches, with its instruction count.
The AVR cycles, lx106 and RISC-V instructions come from the embedded report
(bench/embedded_report.py). With --store the counts and loops go into the store of facts
(docs/facts/why.json); docs/verdicts.py reads both reports from there.
"""
import argparse
import os
import re
import subprocess
import sys

from bench import callgrind_counts
from bench import report  # bench/report.py: the tools' versions, write_json
from docs import store  # docs/store.py: the store of facts
from docs import verdicts  # docs/verdicts.py: the slowdowns the pages explain


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def slowed_down():
    """{benchmark family: stage folders}: each stage whose slowdown a page explains
    (docs/verdicts.py) and the stage it is compared with."""
    runs = {}
    for folder, (family, base) in verdicts.SLOWDOWNS.items():
        runs.setdefault(family, set()).update((base, folder))
    return {family: sorted(stages) for family, stages in runs.items()}


RUNS = slowed_down()
# Where each function's code goes: the host as the benchmarks are built, AVR as the sketches.
COMPILE = {
    "x86": (["c++", "-O3", "-std=c++20"], "objdump", ["-nostartfiles"]),
    "avr": (["avr-g++", "-Os", "-mmcu=atmega2560", "-std=gnu++11", "-fno-exceptions"], "avr-objdump",
            ["-nostartfiles", "-nostdlib", "-lgcc"]),
}
ENTRIES = {"FlipScan": "scanFlips", "LegalMoves": "listMoves"}
INSN = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$")
FUNC = re.compile(r"^([0-9a-f]+) <(.+)>:$")
BRANCH = {"x86": re.compile(r"^j"), "avr": re.compile(r"^(br|rjmp$|jmp$)")}
CALL = {"x86": re.compile(r"^call"), "avr": re.compile(r"^r?call$")}


def disassemble(tool, elf):
    """{function: [(address, mnemonic, operands)]} of the linked driver."""
    funcs, cur = {}, None
    for line in subprocess.run([tool, "-d", "--no-show-raw-insn", elf], capture_output=True, text=True,
                               check=True).stdout.splitlines():
        m = FUNC.match(line)
        if m:
            cur = funcs.setdefault(m.group(2), [])
            continue
        m = INSN.match(line)
        if m and cur is not None:
            cur.append((int(m.group(1), 16), m.group(2), m.group(3)))
    return funcs


def target(ops):
    """The absolute address a branch or call names (objdump prints it in hex)."""
    m = re.search(r"(?:;\s*)?0x([0-9a-f]+)\s*<", ops) or re.match(r"([0-9a-f]+)\s*<", ops)
    return int(m.group(1), 16) if m else None


def reached(funcs, entry, arch):
    """The functions `entry` calls, directly or not (itself first)."""
    start = {insns[0][0]: name for name, insns in funcs.items() if insns}
    seen, todo = [], [entry]
    while todo:
        name = todo.pop()
        if name in seen or name not in funcs:
            continue
        seen.append(name)
        for _, mn, ops in funcs[name]:
            t = target(ops)
            if CALL[arch].match(mn) and t in start:
                todo.append(start[t])
    return seen


def innermost_loops(insns, arch, names):
    """[{instructions, mnemonics, calls}] of every loop that holds no other loop (a backward
    branch to an address inside the function spans the loop); calls: the functions it calls."""
    lo = insns[0][0]
    loops = []
    for addr, mn, ops in insns:
        t = target(ops)
        if BRANCH[arch].match(mn) and t is not None and lo <= t <= addr:
            loops.append((t, addr))
    inner = [l for l in loops if not any(o != l and l[0] <= o[0] and o[1] <= l[1] for o in loops)]
    out = []
    for a, b in sorted(set(inner)):
        body = [(mn, ops) for addr, mn, ops in insns if a <= addr <= b]
        calls = sorted({names.get(target(ops), "?") for mn, ops in body if CALL[arch].match(mn)})
        out.append({"instructions": len(body), "mnemonics": [mn for mn, _ in body], "calls": calls})
    return out


def demangle(name):
    """s02::lineFlips for _ZN3s029lineFlipsERKNS_5BoardEiihii (c++filt, without the parameters)."""
    run = subprocess.run(["c++filt", name], capture_output=True, text=True)
    return (run.stdout.strip() or name).split("(")[0] if run.returncode == 0 else name


def hot_loops(stage, family, arch, work):
    compiler, objdump, libs = COMPILE[arch]
    ns = stage[:3]
    elf = os.path.join(work, f"{arch}-{stage}.elf")
    entry = ENTRIES[family]
    cmd = compiler + [f"-Wl,-e,{entry}", "-I", os.path.join(ROOT, "stages"),
                      f'-DSTAGE_HEADER="{stage}/{stage}.h"', f"-DSTAGE_NS={ns}",
                      os.path.join(ROOT, "bench", "hot_loop.cpp"), "-o", elf] + libs
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode:
        return {"error": f"{compiler[0]} failed: " + (run.stderr.strip().splitlines() or ["?"])[-1]}
    funcs = disassemble(objdump, elf)
    names = reached(funcs, entry, arch)
    start = {insns[0][0]: demangle(name) for name, insns in funcs.items() if insns}
    return {"functions": {demangle(n): {"instructions": len(funcs[n]), "loops": innermost_loops(funcs[n], arch, start)}
                          for n in names},
            "compiler": " ".join(compiler)}


# The store of facts (docs/store.py): per stage and benchmark its callgrind counts (the cache
# model takes this CPU's cache sizes: the key names the CPU) and per architecture its loops,
# with the tools' versions beside them.
STORE_FILE, WRITER = "why.json", "bench/why_slower.py"
COUNTS, LOOPS, TOOLS = "callgrind counts per item", "innermost loops (objdump)", "why-slower tool versions"


def facts(out, run):
    cpu = report.cpu_name(report.cpuinfo())

    fact = store.fact_maker("python3 lab.py why-slower --store", run, cpu=cpu)
    found = [fact(TOOLS, "why-slower", "the run", {k: out[k] for k in ("valgrind", "compilers")}, platform="host")]
    for name, counts in out["callgrind"].items():
        stage, family = name.split(":")
        found.append(fact(COUNTS, family, stage, counts, platform="host (callgrind)"))
    for arch, per in out["loops"].items():
        for name, loops in per.items():
            stage, family = name.split(":")
            found.append(fact(LOOPS, family, stage, loops, platform=arch, cpu="any"))
    return found


def from_facts(store_facts):
    """The latest run in the store, as --json writes it; None without one."""
    mine, latest = store.latest(store_facts, WRITER, TOOLS)
    if not latest:
        return None
    out = dict(latest["value"], callgrind={}, loops={})
    for f in mine:
        k = f["key"]
        if k["what"] == COUNTS and k["cpu"] == latest["key"]["cpu"]:
            out["callgrind"][f"{k['subject']}:{k['workload']}"] = f["value"]
        elif k["what"] == LOOPS:
            out["loops"].setdefault(k["platform"], {})[f"{k['subject']}:{k['workload']}"] = f["value"]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--store", action="store_true", help="record the counts in the store of facts "
                                                         "(docs/facts/why.json), which the pages are written from")
    ap.add_argument("--json", help="also write them here (default without --store: BUILD/why-slower.json)")
    args = ap.parse_args()
    tools = {"valgrind": report.need("valgrind", "valgrind"), "objdump": report.need("objdump", "binutils"),
             "c++": report.need("c++", "g++"), "avr-g++": report.tool_version("avr-g++")}
    missing = [f"bench_{s}" for stages in RUNS.values() for s in stages
               if not os.path.exists(os.path.join(args.build, f"bench_{s}"))]
    if missing:
        print(f"why_slower: missing in {args.build}: {', '.join(sorted(set(missing)))} "
              f"(cmake --build {args.build} --target ...)", file=sys.stderr)
        return 1
    work = os.path.join(args.build, "why-slower")
    os.makedirs(work, exist_ok=True)
    out = {"valgrind": tools["valgrind"], "compilers": {"x86": tools["c++"], "avr": tools["avr-g++"] or "missing"},
           "callgrind": {}, "loops": {}}
    for family, stages in RUNS.items():
        for stage in stages:
            exe = os.path.join(args.build, f"bench_{stage}")
            print(f"{stage} {family} ...", file=sys.stderr, flush=True)
            out["callgrind"][f"{stage}:{family}"] = callgrind_counts.counts(exe, family, cache=True)
            for arch in COMPILE:
                if arch == "avr" and not tools["avr-g++"]:
                    continue
                out["loops"].setdefault(arch, {})[f"{stage}:{family}"] = hot_loops(stage, family, arch, work)
    if args.store:
        store.save("why_slower", WRITER, STORE_FILE, facts(out, store.run_stamp()))
    if args.json or not args.store:
        report.write_json(args.json or os.path.join(args.build, "why-slower.json"), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
