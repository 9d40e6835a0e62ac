#!/usr/bin/env python3
"""Runs every stage's and every search step's benchmark and prints their tables.

    python3 lab.py report [--build build] [--repetitions 2] [--rounds 3] [--min-time 0.1] [--json out.json]
                    [--stages s01,s05] [--steps e01,e06] [--only stages|steps]
                    [--step-repetitions 1] [--ffo 40-59] [--from-json saved.json]
                    [--only stages --steps-from saved.json]

Every executable runs --rounds times, one process each, round after round; a figure pools
the repetitions of all its processes.

For each stage: its technique, the median time per item over the repetitions (with the
min and max), and the speed-up against s01 and against the previous stage.

For each search step (bench/search_bench.cpp): "what each stage buys", the CPU time per
run of the step's workload and its nodes/s on every stage, against s01; the node counts,
which must be the same on every stage (the report says so, and exits with 1 if they are
not); the nodes step by step on the workloads two steps share; the step's variants
against its default; and the FFO positions solved one by one (--ffo passes a list to the
steps' benchmarks: `--steps e06 --ffo 40-59` is the long run).

The raw Google Benchmark JSON of every stage and step is kept in --json for the docs to
regenerate from.
"""
import argparse
import glob
import json
import os
import platform
import re
import statistics
import subprocess
import sys

from docs import store  # docs/store.py: the store of facts

# The shared benchmarks, in table order; a stage's own benchmarks (variants, fast perft)
# follow them. The unit of a benchmark follows from the word in its name.
MAIN = ["FlipScan", "LegalMoves", "Play", "Perft/7"]
UNIT_WORDS = [("Perft", "ns/leaf"), ("FlipScan", "ns/position"), ("LegalMoves", "ns/position"), ("Play", "ns/move")]


def unit(name):
    for word, u in UNIT_WORDS:
        if word in name:
            return u
    return "ns/item"


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# Cores by (vendor, family, model range): the AVX-512 gain of s11 depends on the core (Zen 4
# splits a 512-bit operation into two 256-bit halves, Sapphire Rapids does not), so a
# measurement names it. An unknown pair is named by its numbers only.
CORES = [
    ("AuthenticAMD", 23, range(0x00, 0x30), "Zen, Zen+"), ("AuthenticAMD", 23, range(0x30, 0x100), "Zen 2"),
    ("AuthenticAMD", 25, range(0x00, 0x10), "Zen 3"), ("AuthenticAMD", 25, range(0x10, 0x20), "Zen 4"),
    ("AuthenticAMD", 25, range(0x20, 0x60), "Zen 3"), ("AuthenticAMD", 25, range(0x60, 0x80), "Zen 4"),
    ("AuthenticAMD", 25, range(0xA0, 0xB0), "Zen 4"), ("AuthenticAMD", 26, range(0x00, 0x100), "Zen 5"),
    ("GenuineIntel", 6, range(85, 86), "Skylake-SP / Cascade Lake"), ("GenuineIntel", 6, range(106, 107), "Ice Lake-SP"),
    ("GenuineIntel", 6, range(143, 144), "Sapphire Rapids"), ("GenuineIntel", 6, range(207, 208), "Emerald Rapids"),
]


def cpu_name(info):
    """"AMD EPYC (family 25, model 17: Zen 4)" from /proc/cpuinfo's first processor's fields
    (vendor_id, cpu family, model, model name); without the family, the model name alone."""
    name = info.get("model name") or platform.processor() or platform.machine()
    try:
        family, model = int(info["cpu family"]), int(info["model"])
    except (KeyError, ValueError):
        return name
    core = next((c for v, f, models, c in CORES if v == info.get("vendor_id") and f == family and model in models), None)
    return f"{name} (family {family}, model {model}" + (f": {core})" if core else ")")


def cpuinfo(path="/proc/cpuinfo"):
    """The fields of the first processor in /proc/cpuinfo ({} where there is none)."""
    info = {}
    try:
        with open(path) as f:
            for line in f:
                if not line.strip():
                    break
                key, _, value = line.partition(":")
                info[key.strip()] = value.strip()
    except OSError:
        pass
    return info


def machine():
    return f"{cpu_name(cpuinfo())}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def pin_to_current_cpu():
    """Keeps this process, and every benchmark it starts, on the CPU it is running on now, and
    returns that CPU's number (None where the system cannot pin). On the 2-core virtual machine
    of the pages, for stretches of many minutes one CPU ran every benchmark 1.25x slower than the
    other (host load we cannot see), and each process landed on either: stage 08's perft(7) took
    4.5 or 5.9 ms by the luck of the draw, enough to turn a verdict against stage 07. Pinned,
    every process of one report shares that core's fate, so its ratios compare alike."""
    try:
        with open("/proc/self/stat") as f:
            cpu = int(f.read().rsplit(")", 1)[1].split()[36])  # field 39, "processor"
        os.sched_setaffinity(0, {cpu})
        return cpu
    except (AttributeError, OSError, IndexError, ValueError):
        return None


def commit():
    """The repository's commit (short), or "unknown" outside a git checkout: which code a run measured."""
    try:
        return subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], check=True,
                              capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def write_json(path, data):
    """Writes a script's JSON report and says where; a failed write is one line and exit 1."""
    try:
        with open(path, "w") as f:
            json.dump(data, f, indent=1)
    except OSError as e:
        sys.exit(f"{script()}: cannot write {path}: {e.strerror}")
    print(f"written: {path}")


def script():
    """The running script's name, to start its error lines with."""
    return os.path.splitext(os.path.basename(sys.argv[0]))[0]


def tool_version(tool):
    """The first line of `tool --version`, or None when the tool is not installed."""
    try:
        out = subprocess.run([tool, "--version"], capture_output=True, text=True).stdout
    except OSError:
        return None
    return out.splitlines()[0] if out.strip() else None


def need(tool, package):
    """`tool --version`'s first line; a missing tool is one line and exit 1."""
    return tool_version(tool) or sys.exit(f"{script()}: {tool} is missing (apt-get install {package})")


def build_compiler(build):
    """'g++ (Debian 12.2.0-14) 12.2.0, CMake build type Release': the compiler of a build
    folder, from its CMake cache (counts depend on the compiler and its flags)."""
    try:
        with open(os.path.join(build, "CMakeCache.txt"), encoding="utf-8") as f:
            cache = f.read()
    except OSError:
        sys.exit(f"{script()}: {build} is not a CMake build folder (no CMakeCache.txt)")
    cxx = re.search(r"^CMAKE_CXX_COMPILER:\w+=(.*)$", cache, re.M)
    kind = re.search(r"^CMAKE_BUILD_TYPE:\w+=(.*)$", cache, re.M)
    version = tool_version(cxx.group(1)) if cxx else None
    return f"{version or '?'}, CMake build type {kind.group(1) if kind and kind.group(1) else 'none'}"


def single_iteration_items(stdout, name):
    """The items of the one iteration a benchmark made under --benchmark_min_time=0 (the
    valgrind tools' runs): the harness sets them, Google Benchmark reports them only as a
    rate per CPU second."""
    runs = [b for b in json.loads(stdout or '{"benchmarks": []}')["benchmarks"] if b.get("run_type") == "iteration"]
    if not runs:
        sys.exit(f"{script()}: no benchmark named {name} ran")
    if runs[0]["iterations"] != 1:
        sys.exit(f"{script()}: {name} ran {runs[0]['iterations']} iterations, expected 1")
    return round(runs[0]["items_per_second"] * runs[0]["cpu_time"] * TO_MS[runs[0]["time_unit"]] / 1e3)


def run_stage(exe, repetitions, min_time, extra=()):
    cmd = [exe, "--benchmark_format=json", f"--benchmark_repetitions={repetitions}",
           f"--benchmark_min_time={min_time}", *extra]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def summarise(raw):
    """{benchmark name: (median, min, max) ns per item} from the individual repetitions."""
    per_item = {}
    for b in raw["benchmarks"]:
        if b.get("run_type") != "iteration" or "items_per_second" not in b:
            continue
        name = re.sub(r"/iterations:\d+$", "", b.get("run_name", b["name"]))
        per_item.setdefault(name, []).append(1e9 / b["items_per_second"])
    return {k: (statistics.median(v), min(v), max(v)) for k, v in per_item.items()}


def counters(raw):
    """{benchmark name: {counter: value}} of the first repetition (counters are counts, not times)."""
    out = {}
    skip = {"name", "run_name", "run_type", "family_index", "per_family_instance_index", "repetitions",
            "repetition_index", "threads", "iterations", "real_time", "cpu_time", "time_unit",
            "items_per_second", "aggregate_name", "aggregate_unit", "error_occurred", "error_message"}
    for b in raw["benchmarks"]:
        if b.get("run_type") == "iteration":
            name = re.sub(r"/iterations:\d+$", "", b.get("run_name", b["name"]))
            out.setdefault(name, {k: v for k, v in b.items() if k not in skip and isinstance(v, (int, float))})
    return out


# A search benchmark's name: [Variant/<variant>/]<workload>/<stage>, the workload one of
# Midgame/d<depth>, Endgame/e<empties>, FFO/<n> or FFO/<a>-<b> (bench/search_harness.h).
STEP_NAME = re.compile(r"^(?:Variant/(?P<variant>[^/]+)/)?(?P<workload>(?:Midgame|Endgame|FFO)/[^/]+)/(?P<stage>s\d\d_\w+)$")
TO_MS = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}


def steps_of(path, machine_line):
    """The search steps of a report written by --json, for a stages-only run on the same
    machine: its steps, their repetitions and its rounds (step_rounds), marked as another
    run's (steps_from_another_run: the pages say so). Exits with one line if the file is not
    such a report."""
    try:
        with open(path) as f:
            saved = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit(f"report.py: --steps-from {path}: {e}")
    if not isinstance(saved, dict) or not saved.get("steps") or "step_repetitions" not in saved or "rounds" not in saved:
        sys.exit(f"report.py: --steps-from {path}: not a report with search steps (written by --json)")
    if saved.get("machine") != machine_line:
        sys.exit(f"report.py: --steps-from {path}: measured on {saved.get('machine')}, not on this machine "
                 f"({machine_line}): one page would mix two CPUs")
    return {"steps": saved["steps"], "step_repetitions": saved["step_repetitions"],
            "step_rounds": saved.get("step_rounds", saved["rounds"]), "steps_from_another_run": True}


def summarise_step(raw):
    """{benchmark name: {"variant", "workload", "stage", "ms": (median, min, max) CPU ms per run,
    "rate": (median, min, max) nodes/s, "nodes": nodes per run, "runs": repetitions}} with the
    node count of every repetition (they must agree) in "nodes_seen"."""
    runs = {}
    for b in raw["benchmarks"]:
        if b.get("run_type") != "iteration" or b.get("error_occurred"):
            continue
        name = re.sub(r"/(iterations|repeats):\d+", "", b.get("run_name", b["name"]))
        m = STEP_NAME.match(name)
        if not m:
            continue
        r = runs.setdefault(name, {"variant": m.group("variant") or "", "workload": m.group("workload"),
                                   "stage": m.group("stage"), "ms": [], "rate": [], "nodes_seen": []})
        r["ms"].append(b["cpu_time"] * TO_MS[b.get("time_unit", "ns")])
        r["rate"].append(b["nodes/s"])
        r["nodes_seen"].append(int(b["nodes"]))
    out = {}
    for name, r in runs.items():
        out[name] = {k: r[k] for k in ("variant", "workload", "stage")}
        out[name].update({"ms": (statistics.median(r["ms"]), min(r["ms"]), max(r["ms"])),
                          "rate": (statistics.median(r["rate"]), min(r["rate"]), max(r["rate"])),
                          "nodes": r["nodes_seen"][0], "nodes_seen": sorted(set(r["nodes_seen"])),
                          "runs": len(r["ms"])})
    return out


# The store of facts (docs/store.py): a run's every figure, one fact per benchmark of a
# stage, sidebar or step, which docs/update_docs.py reads back as the report it was.
STORE_FILE, WRITER = "bench.json", "bench/report.py"
SETTINGS = ("machine", "repetitions", "rounds", "pinned_cpu", "step_repetitions", "step_rounds",
            "steps_from_another_run")


def facts(report, cpu, run):
    """The report as facts: the run's settings; per stage and sidebar its technique and, per
    benchmark, the time per item of every repetition with its counters; per step its idea
    and, per search benchmark, CPU ms, nodes/s and nodes of every repetition."""
    fact = store.fact_maker("python3 lab.py report --store", run, platform="host", cpu=cpu)
    out = [fact("benchmark run settings", "bench report", "the run",
                {k: report[k] for k in SETTINGS if k in report})]

    def items(raw):
        per = {}
        for b in raw["benchmarks"]:
            if b.get("run_type") == "iteration" and "items_per_second" in b:
                name = re.sub(r"/iterations:\d+$", "", b.get("run_name", b["name"]))
                per.setdefault(name, {"ns": [], "counters": {}})["ns"].append(1e9 / b["items_per_second"])
        for name, c in counters(raw).items():
            if name in per:
                per[name]["counters"] = c
        return per

    for s in report.get("stages", []):
        out.append(fact("stage", "bench_" + s["stage"], s["stage"], {"technique": s["technique"]}))
        out += [fact("ns per item", name, s["stage"], v) for name, v in items(s["raw"]).items()]
    for folder, side in report.get("sidebars", {}).items():
        out.append(fact("sidebar", "bench_" + folder, folder, {}))
        out += [fact("ns per item", name, folder, v) for name, v in items(side["raw"]).items()]
    for st in report.get("steps", []):
        meta = {k: st[k] for k in ("number", "idea", "workload", "default_stage")}
        out.append(fact("step", "bench_" + st["step"], st["step"], meta))
        per = {}
        for b in st["raw"]["benchmarks"]:
            if b.get("run_type") == "iteration" and not b.get("error_occurred"):
                name = re.sub(r"/(iterations|repeats):\d+", "", b.get("run_name", b["name"]))
                r = per.setdefault(name, {"ms": [], "rate": [], "nodes": []})
                r["ms"].append(b["cpu_time"] * TO_MS[b.get("time_unit", "ns")])
                r["rate"].append(b["nodes/s"])
                r["nodes"].append(int(b["nodes"]))
        out += [fact("search run", name, st["step"], v) for name, v in per.items()]
    return out


def from_facts(store_facts):
    """The report of the latest run in the store (facts() read back), or None without one."""
    mine, latest = store.latest(store_facts, WRITER, "benchmark run settings")
    if not latest:
        return None
    cpu, run = latest["key"]["cpu"], latest["run"]
    ours = [f for f in mine if f["key"]["cpu"] == cpu and f["run"] == run]
    report = dict(latest["value"], stages=[], sidebars={}, steps=[])

    def raw_items(subject):
        bench = []
        for f in ours:
            if f["key"]["what"] == "ns per item" and f["key"]["subject"] == subject:
                name, v = f["key"]["workload"], f["value"]
                bench += [dict(v["counters"], name=name, run_name=name, run_type="iteration",
                               items_per_second=1e9 / ns) for ns in v["ns"]]
        return {"benchmarks": bench}

    for f in ours:
        subject, value = f["key"]["subject"], f["value"]
        if f["key"]["what"] == "stage":
            raw = raw_items(subject)
            report["stages"].append({"stage": subject, "technique": value["technique"], "summary": summarise(raw),
                                     "raw": raw})
        elif f["key"]["what"] == "sidebar":
            raw = raw_items(subject)
            report["sidebars"][subject] = {"summary": summarise(raw), "counters": counters(raw), "raw": raw}
        elif f["key"]["what"] == "step":
            bench = [{"name": g["key"]["workload"], "run_name": g["key"]["workload"], "run_type": "iteration",
                      "cpu_time": ms, "time_unit": "ms", "nodes/s": rate, "nodes": nodes}
                     for g in ours if g["key"]["what"] == "search run" and g["key"]["subject"] == subject
                     for ms, rate, nodes in zip(g["value"]["ms"], g["value"]["rate"], g["value"]["nodes"])]
            raw = {"benchmarks": bench}
            report["steps"].append(dict(value, step=subject, results=summarise_step(raw), raw=raw))
    report["stages"].sort(key=lambda s: s["stage"])
    report["steps"].sort(key=lambda s: s["number"])
    return report


def record(report):
    """Writes the report's facts into the store (docs/facts/bench.json)."""
    store.save("report.py", WRITER, STORE_FILE, facts(report, cpu_name(cpuinfo()), store.run_stamp()))


def node_check(results):
    """[(variant, workload, {stage: nodes})] for every workload whose node count is not the
    same on every stage and in every repetition: the steps are deterministic, so any
    difference is a defect."""
    groups = {}
    for r in results.values():
        groups.setdefault((r["variant"], r["workload"]), {})[r["stage"]] = r["nodes_seen"]
    return [(v, w, by) for (v, w), by in sorted(groups.items())
            if len({n for seen in by.values() for n in seen}) > 1]


def step_rows(step, variant=""):
    """The step's workloads run on more than one stage (its own rung), in order, with their
    results by stage: [(workload, {stage: result})]."""
    by = {}
    for r in step["results"].values():
        if r["variant"] == variant:
            by.setdefault(r["workload"], {})[r["stage"]] = r
    return [(w, st) for w, st in sorted(by.items(), key=lambda kv: workload_order(kv[0])) if len(st) > 1]


def workload_order(w):
    kind, arg = w.split("/", 1)
    return (["Midgame", "Endgame", "FFO"].index(kind), int(re.match(r"\d+", arg.lstrip("de")).group()))


def mega(rate):
    return f"{rate / 1e6:.2f}M"


def millions(v):
    """A rate as the pages' tables show it: "1.23 M", "1,193.83 M"."""
    return f"{v / 1e6:,.2f} M"


def print_steps(report):
    steps = report.get("steps", [])
    if not steps:
        return
    print(f"\nSearch steps: CPU ms per run of the workload, median of {report.get('step_repetitions', '?')} "
          "repetitions (min-max), nodes per second, and the speed against s01 (ratio of medians).")
    for st in steps:
        print(f"\n{st['step']} ({st['idea']}): {st['workload']}")
        rows = step_rows(st)
        stages = sorted({s for _, by in rows for s in by})
        head = "| stage          |" + "".join(f" {w + ' ms':>22} | {'nodes/s':>8} | {'vs s01':>6} |" for w, _ in rows)
        print(head)
        print("|" + "-" * 16 + "|" + "".join(f"{'-' * 24}|{'-' * 10}|{'-' * 8}|" for _ in rows))
        for stage in stages:
            cells = ""
            for _, by in rows:
                r, first = by.get(stage), by.get(stages[0])
                if r:
                    med, lo, hi = r["ms"]
                    cells += f" {f'{med:.1f} ({lo:.1f}-{hi:.1f})':>22} | {mega(r['rate'][0]):>8} | {r['rate'][0] / first['rate'][0]:5.2f}x |"
                else:
                    cells += f" {'-':>22} | {'-':>8} | {'-':>6} |"
            print(f"| {stage:<14} |{cells}")
        for w, by in rows:
            seen = {n for r in by.values() for n in r["nodes_seen"]}
            print(f"  nodes, {w}: " + (f"{seen.pop():,} on every stage" if len(seen) == 1 else
                                        "DIFFER: " + ", ".join(f"{s} {r['nodes_seen']}" for s, r in sorted(by.items()))))
        table = {id(r) for _, by in rows for r in by.values()}
        rest = sorted((r for r in st["results"].values() if id(r) not in table),
                      key=lambda r: (r["variant"], workload_order(r["workload"]), r["stage"]))
        if rest:
            print("  more workloads, and the variants (each against the step as it is, on the same work):")
        for r in rest:
            base = find_result(st, "", r["workload"], r["stage"]) if r["variant"] else None
            vs = (f"; time {base['ms'][0] / r['ms'][0]:.2f}x the speed, nodes {r['nodes'] / base['nodes']:.3f}x"
                  if base else "")
            name = (f"{r['variant']}: " if r["variant"] else "") + f"{r['workload']} {r['stage'][:3]}"
            print(f"    {name:<34} {r['ms'][0]:10.1f} ms ({r['ms'][1]:.1f}-{r['ms'][2]:.1f}) "
                  f"{r['nodes']:>13,} nodes {mega(r['rate'][0]):>8} nodes/s{vs}")
    shared = step_by_step(report)
    if shared:
        print("\nThe same workload, step by step (default stage): nodes, CPU ms per run")
        for w, per in shared:
            print(f"  {w:<14} " + " | ".join(f"{s[:3]} {r['nodes']:,} nodes {r['ms'][0]:.1f} ms" for s, r in per))
    for st in steps:
        ffo = ffo_rows(st)
        if ffo:
            print(f"\nFFO positions solved one by one by {st['step']} on {st['default_stage']}:")
            print("| # | nodes | CPU s | nodes/s |")
            print("|---|---|---|---|")
            for n, r in ffo:
                print(f"| {n} | {r['nodes']:,} | {r['ms'][0] / 1e3:.2f} | {mega(r['rate'][0])} |")
            tn, tms = sum(r["nodes"] for _, r in ffo), sum(r["ms"][0] for _, r in ffo)
            print(f"| total | {tn:,} | {tms / 1e3:.2f} | {mega(tn / tms * 1e3)} |")


def find_result(step, variant, workload, stage):
    return next((r for r in step["results"].values()
                 if (r["variant"], r["workload"], r["stage"]) == (variant, workload, stage)), None)


def step_by_step(report):
    """[(workload, [(step, result)])]: each workload that two or more steps ran on the
    default stage (the step's own rung and its predecessor's), without variants."""
    per = {}
    for st in report.get("steps", []):
        for r in st["results"].values():
            if not r["variant"] and r["stage"] == st["default_stage"]:
                per.setdefault(r["workload"], []).append((st["step"], r))
    return [(w, p) for w, p in sorted(per.items(), key=lambda kv: workload_order(kv[0])) if len(p) > 1]


def ffo_rows(step):
    """[(number, result)] of the FFO positions the step solved one by one."""
    return sorted(((int(r["workload"].split("/")[1]), r) for r in step["results"].values()
                   if not r["variant"] and re.fullmatch(r"FFO/\d+", r["workload"])), key=lambda x: x[0])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build", help="CMake build folder (default: build)")
    ap.add_argument("--repetitions", type=int, default=2, help="repetitions per process (default 2)")
    ap.add_argument("--rounds", type=int, default=3,
                    help="processes per executable, run round after round (default 3): a figure is the median "
                         "over rounds x repetitions")
    ap.add_argument("--min-time", type=float, default=0.1, help="seconds per repetition")
    ap.add_argument("--json", help="write every stage's raw results and the summary here")
    ap.add_argument("--store", action="store_true",
                    help="record every figure in the store of facts (docs/facts/bench.json), which the pages are "
                         "written from")
    ap.add_argument("--stages", help="comma-separated stage ids or prefixes (default: all)")
    ap.add_argument("--steps", help="comma-separated step ids or prefixes (default: all)")
    ap.add_argument("--only", choices=["stages", "steps"], help="run only the stages (and sidebars) or only the steps")
    ap.add_argument("--step-repetitions", type=int, default=1,
                    help="repetitions of the search benchmarks per process (default 1; each run is 10-800 ms)")
    ap.add_argument("--ffo", help="FFO positions the steps solve one by one (bench --ffo=LIST), e.g. 40-59")
    ap.add_argument("--from-json", help="print the table from a file written by --json, running nothing")
    ap.add_argument("--steps-from", help="with --only stages: take the search steps from a file written by --json "
                                         "on this machine (the steps' own rounds are kept: the pages say so)")
    args = ap.parse_args()
    if min(args.repetitions, args.rounds, args.step_repetitions) < 1:
        ap.error("--repetitions, --rounds and --step-repetitions must be at least 1")
    if args.store and (args.stages or args.steps or args.only or args.ffo or args.from_json):
        # The pages are written from the store's latest run: a part of one, or another
        # workload, would leave them a run with pieces missing.
        ap.error("--store records a whole run measured now (every stage, sidebar and step, their usual workloads): "
                 "drop --stages, --steps, --only, --ffo and --from-json")
    if args.steps_from and (args.only != "stages" or args.from_json):
        ap.error("--steps-from goes with --only stages (this run measures the stages, the file gives the steps)")

    if args.from_json:
        with open(args.from_json) as f:
            report = json.load(f)
    else:
        def wanted(folder, filt):
            return not filt or any(folder.startswith(w) for w in filt.split(","))

        cpu = pin_to_current_cpu()
        report = {"machine": machine(), "repetitions": args.rounds * args.repetitions, "rounds": args.rounds,
                  "pinned_cpu": cpu, "stages": [], "sidebars": {}, "step_repetitions": args.rounds * args.step_repetitions, "steps": []}
        saved_steps = steps_of(args.steps_from, report["machine"]) if args.steps_from else None  # checked before any run
        # --stages alone runs only stages (and sidebars), --steps alone only steps.
        run_stages = args.only != "steps" and not (args.steps and not args.stages)
        run_steps = args.only != "stages" and not (args.stages and not args.steps)
        runs = []  # (kind, executable, repetitions, extra arguments), in the order of the tables
        if run_stages:
            runs += [("stage", exe, args.repetitions, [])
                     for exe in sorted(glob.glob(os.path.join(args.build, "bench_s[0-9][0-9]_*")))
                     if wanted(os.path.basename(exe)[6:], args.stages)]
            # The sidebars' own benchmarks (their pages show them; no speed-up table).
            runs += [("sidebar", exe, args.repetitions, [])
                     for exe in sorted(glob.glob(os.path.join(args.build, "bench_*")))
                     if not re.match(r"[se]\d\d_", os.path.basename(exe)[6:])
                     and os.path.isdir(os.path.join(ROOT, "stages", os.path.basename(exe)[6:]))
                     and wanted(os.path.basename(exe)[6:], args.stages)]
        if run_steps:
            extra = [f"--ffo={args.ffo}"] if args.ffo else []
            runs += [("step", exe, args.step_repetitions, extra)
                     for exe in sorted(glob.glob(os.path.join(args.build, "bench_e[0-9][0-9]_*")))
                     if wanted(os.path.basename(exe)[6:], args.steps)]
        # Every executable runs once a round, round after round, all on the CPU pinned above.
        # Even so, on a virtual machine a whole process can run slower than the next one of
        # the same program (a neighbour on the host), so each figure is the median over the
        # repetitions of --rounds processes, and one slow process moves the median little;
        # its spread shows in min-max and the quartiles.
        merged = {}
        for r in range(args.rounds):
            for kind, exe, reps, more in runs:
                print(f"running {os.path.basename(exe)} (round {r + 1} of {args.rounds}) ...", file=sys.stderr, flush=True)
                raw = run_stage(exe, reps, args.min_time, more)
                if exe in merged:
                    merged[exe]["benchmarks"] += raw["benchmarks"]
                else:
                    merged[exe] = raw
        for kind, exe, _, _ in runs:
            raw = merged[exe]
            ctx = raw["context"]
            if kind == "stage":
                report["stages"].append({"stage": ctx["stage"], "technique": ctx["technique"],
                                         "summary": summarise(raw), "raw": raw})
            elif kind == "sidebar":
                report["sidebars"][os.path.basename(exe)[6:]] = {"summary": summarise(raw), "counters": counters(raw),
                                                                  "raw": raw}
            else:
                report["steps"].append({"step": ctx["step"], "number": int(ctx["step_number"]), "idea": ctx["idea"],
                                        "workload": ctx["workload"], "default_stage": ctx["default_stage"],
                                        "results": summarise_step(raw), "raw": raw})
        ran = len(runs)
        if not ran:
            sys.exit(f"report.py: no bench_sNN_* or bench_eNN_* executables to run in {args.build}/ "
                     "(build first: ./lab build)")
        if saved_steps:
            report.update(saved_steps)
        if args.json:
            write_json(args.json, report)
        if args.store:
            record(report)

    stages = report["stages"]
    print(f"Machine: {report['machine']}" + (f"; median of {report['repetitions']} repetitions (min-max)." if stages else ""))
    others = sorted({k for s in stages for k in s["summary"]} - set(MAIN))
    families = [f for f in MAIN if any(f in s["summary"] for s in stages)] + others
    for family in families:
        print(f"\n{family} ({unit(family)})")
        print(f"| {'stage':<14} | {'technique':<46} | {'median':>9} | {'min-max':>17} | {'vs 1st':>7} | {'vs prev':>7} |")
        print(f"|{'-' * 16}|{'-' * 48}|{'-' * 11}|{'-' * 19}|{'-' * 9}|{'-' * 9}|")
        first = prev = None
        for s in stages:
            if family not in s["summary"]:
                continue
            med, lo, hi = s["summary"][family]
            first = first or med  # s01 where it ran this benchmark, else the first stage that did
            vs_prev = f"{prev / med:.2f}x" if prev else "-"
            print(f"| {s['stage']:<14} | {s['technique']:<46} | {med:9.1f} | {lo:8.1f}-{hi:<8.1f} | "
                  f"{first / med:6.2f}x | {vs_prev:>7} |")
            prev = med

    for folder, sb in report.get("sidebars", {}).items():
        print(f"\n{folder} (ns per item: median, min-max)")
        for name, (med, lo, hi) in sb["summary"].items():
            extra = " ".join(f"{k}={v:g}" for k, v in sb["counters"].get(name, {}).items())
            print(f"  {name:<28} {med:10.1f}  {lo:8.1f}-{hi:<8.1f} {extra}")

    print_steps(report)
    bad = [(st["step"], v, w, by) for st in report.get("steps", []) for v, w, by in node_check(st["results"])]
    for step, v, w, by in bad:
        print(f"report.py: {step}: the node counts of {(v + ' ') if v else ''}{w} differ between stages or runs: "
              + ", ".join(f"{s} {n}" for s, n in sorted(by.items())), file=sys.stderr)
    if bad:
        sys.exit(1)


if __name__ == "__main__":
    main()
