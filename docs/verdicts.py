#!/usr/bin/env python3
"""The claims ledger with a verdict per platform, and the stage pages' "Why it is slower"
sections. docs/update_docs.py calls it; on its own it checks the committed pages:

    python3 lab.py verdicts --check [--source .]

Data (all optional, handed over by docs/update_docs.py through load()):
- the bench report (the store's, python3 lab.py report --store), when it holds both benchmarks of a pair: their
  repetitions decide the host verdict, so a verdict and the tables read one data set;
- the store's pairs (docs/facts/pairs.json, bench/verdict_pairs.py --store): the host timings of the pairs the
  report lacks, both benchmarks sharing each process with their repetitions interleaved (two
  search steps: bench_step_compare), and of the pages' interleaved tables (ONE_PROCESS:
  s11 against s10);
- the store's embedded figures (docs/facts/embedded.json, bench/embedded_report.py): AVR cycles (simavr), lx106 and RISC-V
  instructions (QEMU) of the flip scan, legalMoves and play, and a step's exact solve;
- the store's counts (docs/facts/why.json, bench/why_slower.py --store): callgrind counts and
  the hot loops.

A timing claim ("faster": A, "than": B) gets one row per platform. Host x86: the median
with the interquartile range (IQR) and min-max of the repetitions; it holds when A's upper
quartile is below B's lower quartile, does not hold in the mirror case, and is "within
noise" when the quartiles overlap; a difference of the medians under 1 % is too small to
decide either way, whatever the quartiles (a stage timed against itself in one process,
`./lab compare 10 10`, differs by that much). Embedded: exact counts of one run (the simulators are
deterministic: no spread), so any difference decides, except lx106's step solves, counted
to +-1,000 instructions, and a sidebar's methods, timed by its sketch's own timing lines
to about 1 %. A platform that cannot run the code says why; a platform whose
figures should exist but do not gets "data missing", and --check fails on it.
"""
import argparse
import json
import os
import re
import statistics
import sys

from docs.blocks import block_text, cpu_of  # docs/blocks.py: a page's generated blocks, a machine's CPU


FAMILY_OPS = {"FlipScan": "flipscan", "LegalMoves": "legalmoves", "Play": "play"}
# (key in the embedded report, label, unit, field of a stage operation, field of a step's
# solve, counting tolerance of the solve)
EMBEDDED = [("avr", "AVR (ATmega2560, simavr)", "cycles", "{op}", "solve_cycles", 0),
            ("xtensa", "lx106 (QEMU)", "instructions", "{op}", "solve_instructions", 1000),
            ("riscv", "RISC-V rv32imac (QEMU)", "instructions", "{op}_cycles", "solve_cycles", 0)]
HOST = "host x86"
TIMED = "timed:"  # a field of a sketch's timing lines ("timed:sweep"), per run, about 1 % (micros())
TIMED_TOLERANCE = 0.01
VERDICTS = ("holds", "does not hold", "within noise (the quartiles overlap)", "no difference",
            "cannot run there", "not measured there", "too small to tell (under 1 %)")
# Medians closer than this decide nothing on the host: one stage against itself in one
# process differs by up to about 1 % (./lab compare 10 10).
MIN_EFFECT = 0.01
MISSING = "data missing"

_data = {"pairs": None, "embedded": None, "why": None, "times": {}, "machine": None}


def load(pairs=None, embedded=None, why=None, report=None):
    """Takes the reports that docs/update_docs.py read (None: not there). With the bench
    report, a host verdict reads that report's repetitions: the tables, the lessons and the
    verdicts then show one value per quantity (one data set); verdict-pairs.json serves
    only the pairs the report lacks."""
    _data.update(pairs=pairs, embedded=embedded, why=why, times=report_times(report) if report else {},
                 machine=(report or {}).get("machine"))
    return _data


def loaded():
    return _data["pairs"] is not None or bool(_data["times"])


def report_times(report):
    """{"s03:FlipScan" | "e05:FFO/1-19/s11_avx512" | "go_capture:Article/recursive":
    (unit, [time of each repetition])} from a bench report's raw Google Benchmark runs."""
    units = [("Perft", "ns/leaf"), ("FlipScan", "ns/position"), ("LegalMoves", "ns/position"), ("Play", "ns/move")]
    out = {}
    sources = [(s["stage"][:3], s.get("raw"), False) for s in report.get("stages", [])]
    sources += [(k, v.get("raw"), False) for k, v in report.get("sidebars", {}).items()]
    sources += [(st["step"][:3], st.get("raw"), True) for st in report.get("steps", [])]
    for prefix, raw, step in sources:
        for b in (raw or {}).get("benchmarks", []):
            if b.get("run_type") != "iteration" or b.get("error_occurred"):
                continue
            name = re.sub(r"/(iterations|repeats):\d+", "", b.get("run_name", b["name"]))
            if step:
                unit, t = "ms/run", b["cpu_time"] * {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b.get("time_unit", "ns")]
            elif "items_per_second" in b:
                unit, t = next((u for w, u in units if w in name), "ns/item"), 1e9 / b["items_per_second"]
            else:
                continue
            out.setdefault(f"{prefix}:{name}", (unit, []))[1].append(t)
    return out


def fmt(v):
    return f"{v:,.0f}" if v >= 100 else f"{v:.1f}"


def spread(times):
    """(median, lower quartile, upper quartile, min, max)."""
    q1, _, q3 = statistics.quantiles(times, n=4, method="inclusive")
    return statistics.median(times), q1, q3, min(times), max(times)


def host_verdict(a, b):
    """A faster than B? Decided by the quartiles of the repetitions."""
    (am, a1, a3, _, _), (bm, b1, b3, _, _) = spread(a), spread(b)
    if abs(bm / am - 1) < MIN_EFFECT:
        return VERDICTS[6]
    return "holds" if a3 < b1 else "does not hold" if a1 > b3 else VERDICTS[2]


def count_verdict(a, b, tolerance=0):
    if abs(a - b) <= tolerance:
        return "no difference" if a == b else VERDICTS[2]
    return "holds" if a < b else "does not hold"


def embedded_field(key, platform):
    """The embedded report's field for benchmark `key` ("s04:FlipScan"), or None when the
    embedded runs have no such figure (perft, variants, a midgame search). A sidebar's
    "Article/<method>" is its sketch's timing line for that method ("timed:<method>")."""
    prefix, name = key.split(":", 1)
    _, _, _, op_field, solve_field, _ = next(p for p in EMBEDDED if p[0] == platform)
    if re.match(r"s\d\d$", prefix) and name in FAMILY_OPS:
        return op_field.format(op=FAMILY_OPS[name])
    if re.match(r"e\d\d$", prefix) and re.match(r"(Endgame|FFO)/", name):
        return solve_field
    m = re.fullmatch(r"Article/(\w+)", name)
    if m and not re.match(r"[se]\d\d$", prefix):  # a sidebar's sketch times each method on the article's board
        return TIMED + m.group(1)
    return None


def expected_platforms(claim):
    """The platforms a timing claim must have a row for: the host, and every embedded one
    that measures both of its benchmarks."""
    return [HOST] + [label for p, label, *_ in EMBEDDED
                     if embedded_field(claim["faster"], p) and embedded_field(claim["than"], p)]


def folder_of(raw, prefix):
    return next((f for f in raw if f == prefix or f.startswith(prefix + "_")), None)


def embedded_value(key, platform):
    """("value", n) | ("absent", why it cannot run) | ("missing", what is needed)."""
    raw = (_data["embedded"] or {}).get("raw", {})
    folder = folder_of(raw, key.split(":", 1)[0])
    entry = raw.get(folder, {}).get(platform) if folder else None
    field = embedded_field(key, platform)
    value = (entry or {}).get("timed", {}).get(field[len(TIMED):]) if field and field.startswith(TIMED) else \
        (entry or {}).get(field)
    if value is not None:
        return "value", value
    if entry and "error" in entry:
        return "absent", entry["error"]
    return "missing", f"needs {key} in the store's embedded figures (python3 lab.py embedded-report --store)"


def solve_name(key):
    """"e03:Endgame/e10/s11_avx512" -> "e03's sketch, its exact solve" (the sketch solves its own
    endgame on its own board, not the host benchmark's workload)."""
    return f"{key.split(':', 1)[0]}'s sketch, its exact solve"


def solve_note(claim):
    """Whether the two sketches solve the same position (the embedded report records it)."""
    raw = (_data["embedded"] or {}).get("raw", {})
    pos = [raw.get(folder_of(raw, k.split(":", 1)[0]) or "", {}).get("solve", {}).get("position")
           for k in (claim["faster"], claim["than"])]
    if pos[0] and pos[0] == pos[1]:
        return f" (the same position, {pos[0].count('-')} empties)"
    return " (different positions: only a rough comparison)"


def stored_pairs():
    """The one-process pairs loaded (the store's, or a saved file), or None."""
    return _data["pairs"]


def pair_source(p):
    """Where a pair's times come from, in a table's words: the bench report, one process, or
    several processes (bench/verdict_pairs.py --processes), both sides interleaved in each."""
    if p["how"].startswith("bench/report.py"):
        return "bench/report.py"
    n = processes(p)
    return "one process, interleaved" if n == 1 else f"interleaved in each of {n} processes"


def processes(p):
    """How many processes a stored pair's repetitions come from (bench/verdict_pairs.py
    records it; a pair from before --processes has none: one)."""
    return p.get("processes", 1)


def pair_in(run, faster, than):
    """The pair of `faster` against `than` in a run of bench/verdict_pairs.py, or None."""
    return next((p for p in (run or {}).get("pairs", []) if p["faster"] == faster and p["than"] == than), None)


def find_pair(faster, than):
    a, b = _data["times"].get(faster), _data["times"].get(than)
    if a and b and len(a[1]) >= 2 and len(b[1]) >= 2:
        return {"faster": faster, "than": than, "a": a[1], "b": b[1], "unit": a[0], "machine": _data["machine"],
                "how": f"bench/report.py, {len(a[1])} and {len(b[1])} repetitions, the same data as the tables"}
    return pair_in(_data["pairs"], faster, than)


def host_row(claim, note):
    p = find_pair(claim["faster"], claim["than"])
    if not p:
        return HOST, MISSING, (f"needs {claim['faster']} against {claim['than']} in the store's pairs "
                               "(python3 lab.py verdict-pairs --store)")
    u = p["unit"]

    def cell(key, t):
        med, q1, q3, lo, hi = spread(t)
        return f"{key}: {fmt(med)} {u} (IQR {fmt(q1)}-{fmt(q3)}, min-max {fmt(lo)}-{fmt(hi)})"
    ratio = statistics.median(p["b"]) / statistics.median(p["a"])
    machine = p.get("machine") or (_data["pairs"] or {}).get("machine", "?")
    return HOST, host_verdict(p["a"], p["b"]), (
        f"{cell(claim['faster'], p['a'])}; {cell(claim['than'], p['b'])}; the first runs {ratio:.2f}x as fast as "
        f"the second ({p['how']}; measured on {machine})" + note)


def speed_words(a, b, unit):
    """The first of two counts against the second, in the site's one convention ("runs
    N.NNx as fast as": the second's count / the first's, above 1 faster)."""
    return f"by {unit[:-1] if unit.endswith('s') else unit} count, the first runs {b / a:.2f}x as fast as the second"


def embedded_rows(claim):
    rows = []
    for platform, label, unit, *_, tolerance in EMBEDDED:
        if label not in expected_platforms(claim):
            continue
        a, b = embedded_value(claim["faster"], platform), embedded_value(claim["than"], platform)
        if a[0] == "missing" or b[0] == "missing":
            rows.append((label, MISSING, a[1] if a[0] == "missing" else b[1]))
        elif a[0] == "absent" or b[0] == "absent":
            key, why = (claim["faster"], a[1]) if a[0] == "absent" else (claim["than"], b[1])
            rows.append((label, "cannot run there", f"{key}: {why}"))
        else:
            solve = claim["faster"][0] == "e"
            timed = embedded_field(claim["faster"], platform).startswith(TIMED)
            na, nb = (solve_name(k) if solve else k for k in (claim["faster"], claim["than"]))
            tol = f"; counted to +-{tolerance:,}" if tolerance and solve else "; exact, one run: no spread"
            if timed:
                tolerance = round(max(a[1], b[1]) * TIMED_TOLERANCE)
                tol = ("; per run, from the sketch's own timing lines (micros() around all its runs), "
                       f"to about {TIMED_TOLERANCE:.0%}")
            rows.append((label, count_verdict(a[1], b[1], tolerance if solve or timed else 0),
                         f"{na}: {a[1]:,} {unit}; {nb}: {b[1]:,} {unit}{solve_note(claim) if solve else ''}; "
                         f"{speed_words(a[1], b[1], unit)}{tol}"))
    return rows


def unmeasured_row(claim, keys=None):
    """The embedded platforms that do not run a claim's benchmarks (`keys`, default its
    "faster" and "than"), in one row that says so and why: every claim has a row for every
    platform."""
    keys = keys or [claim["faster"], claim["than"]]
    left = [label.split(" (")[0] for p, label, *_ in EMBEDDED if not all(embedded_field(k, p) for k in keys)]
    if not left:
        return []
    return [(", ".join(left), VERDICTS[5],
             "the sketches time only a stage's flip scan, legalMoves and play, a sidebar's methods on the "
             f"article's board and a step's exact solve: {', '.join(keys[:-1])} and {keys[-1]} run on the host only")]


def timing_rows(claim):
    """[(platform, verdict, figure)] of a "faster" claim."""
    note = f"; {claim['note']}" if claim.get("note") else ""
    return [host_row(claim, note)] + embedded_rows(claim) + unmeasured_row(claim)


def table(blocks):
    """blocks: [(article, claim, [(platform, verdict, figure)])] as one Markdown table, the
    article and claim only on a claim's first row."""
    out = ["| article | claim | platform | verdict | the figure that decides it |", "|---|---|---|---|---|"]
    for article, claim, rows in blocks:
        for i, (platform, verdict, figure) in enumerate(rows):
            out.append(f"| {article if i == 0 else ''} | {claim if i == 0 else ''} | {platform} | {verdict} | {figure} |")
    return "\n".join(out) + "\n"


def old_blocks(text):
    """{(article, claim): [lines]} of the ledger rows in `text` (a claim's continuation rows
    have empty article and claim cells). A row of the older ledger without the platform
    column (article, claim, verdict, figure) gets an empty platform cell."""
    blocks, key = {}, None
    for line in re.findall(r"^\|.*\|$", text, flags=re.M):
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) < 4 or set(cells[0]) <= {"-"} and cells[0] or cells[0] == "article":
            continue
        if len(cells) == 4:
            line = f"| {cells[0]} | {cells[1]} |  | {cells[2]} | {cells[3]} |"
        if cells[0] or cells[1]:
            key = (cells[0], cells[1])
            blocks[key] = []
        if key:
            blocks[key].append(line)
    return blocks


def keep_unsettled(body, old_text):
    """On a partial report a claim it cannot settle keeps the rows it had."""
    keep = old_blocks(old_text)
    new = old_blocks(body)
    lines = body.splitlines()[:2]
    for key, rows in new.items():
        unsettled = any("not measured yet" in r for r in rows)
        if unsettled and key in keep:
            platform = [c.strip() for c in rows[0].strip("|").split("|")][2]
            rows = [re.sub(r"^\| ([^|]*) \| ([^|]*) \|  \|", lambda m: f"| {m.group(1)} | {m.group(2)} | {platform} |", r)
                    for r in keep[key]]
        lines += rows
    return "\n".join(lines) + "\n"


def keep_missing(body, old_text):
    """A row whose platform's report was not given (an embedded row without the embedded
    report) keeps the verdict and figure it had: they are read from the same run as the
    embedded tables on the page, which stay as they are too."""
    old = {}
    for key, rows in old_blocks(old_text).items():
        for r in rows:
            cells = [c.strip() for c in r.strip("|").split("|")]
            old[(key, cells[2])] = cells[3:]
    out, key = [], None
    for line in body.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")] if line.startswith("|") else []
        if len(cells) == 5 and cells[0] != "article" and not (cells[0] and set(cells[0]) <= {"-"}):
            key = (cells[0], cells[1]) if cells[0] or cells[1] else key
            if cells[3] == MISSING and (key, cells[2]) in old:
                line = "| " + " | ".join(cells[:3] + old[(key, cells[2])]) + " |"
        out.append(line)
    return "\n".join(out) + "\n"


# ---- "Why it is slower" ----------------------------------------------------------------

# The slowdowns the pages explain: page -> (benchmark family, the stage it is slower than).
SLOWDOWNS = {"s02_delta": ("FlipScan", "s01_naive"), "s03_wall": ("FlipScan", "s01_naive"),
             "s04_flat": ("FlipScan", "s01_naive"), "s05_cell91": ("FlipScan", "s01_naive"),
             "s09_bitboard": ("FlipScan", "s08_line_index")}
# What differs in the code, in plain words (no numbers: those come from the counts).
CAUSES = {
    "s02_delta": "Stage s01 has one copy of the scan per direction, each with its step and its edge test written in; "
                 "s02 runs one loop for all eight, taking the step (dx, dy) from a table and testing both "
                 "coordinates against both edges at every step, in every direction.",
    "s03_wall": "The wall removes the edge tests, but the scan still steps x and y by (dx, dy) taken from a "
                "table and reads the 2-D array cells[y][x] at every step.",
    "s04_flat": "One index into a flat array replaces x and y, but each direction's step is still built from "
                "(dx, dy) at run time (dy * width + dx, a multiply per direction).",
    "s05_cell91": "One signed offset per direction replaces (dx, dy); what is left against s01 is the loop "
                  "over a table of directions instead of eight written-out scans.",
    "s09_bitboard": "Stage s08 answers each direction with a table look-up; s09 computes the flips of an empty "
                    "square with eight occluded fills of 64-bit masks (one per direction), the same work for "
                    "every empty square, whether stones are near it or not.",
}
LABEL = {"FlipScan": "flip scan (per position)", "LegalMoves": "legalMoves (per position)"}


def relevant(entry, ns):
    """The functions of a driver's code that do the work: the driver's own, the stage's, and
    the compiler's 64-bit arithmetic routines (not the one-time CPU detection of libgcc)."""
    return {n: f for n, f in entry["functions"].items()
            if n in ("scanFlips", "listMoves") or n.startswith(ns + "::") or re.match(r"__\w*di\d", n)}


def loop_summary(entry, ns):
    """"3: 13, 11, 12 instr." for the innermost loops of the code a driver function reaches."""
    if not entry:
        return "-"
    if "error" in entry:
        return "does not build"
    sizes = [str(l["instructions"]) for f in relevant(entry, ns).values() for l in f["loops"]]
    return f"{len(sizes)}: " + ", ".join(sizes) + " instr." if sizes else "none"


def why_facts(folder):
    """The numbers of a slowdown, or None without the data."""
    why = _data["why"]
    if not why or folder not in SLOWDOWNS:
        return None
    fam, base = SLOWDOWNS[folder]
    cg = why["callgrind"]
    me, ref = cg.get(f"{folder}:{fam}"), cg.get(f"{base}:{fam}")
    if not (me and ref):
        return None
    return fam, base, me, ref


def avr_findings(entry, ns):
    """Plain statements the AVR disassembly supports: calls inside loops, shift loops,
    64-bit helper routines."""
    if not entry or "error" in entry:
        return []
    out = []
    for name, f in relevant(entry, ns).items():
        for l in f["loops"]:
            called = [c for c in l["calls"] if c != "?"]
            if called:
                out.append(f"a loop of `{name}` calls " + ", ".join(f"`{c}`" for c in called))
        if not name.startswith(ns + "::"):
            continue
        shifts = sum(1 for l in f["loops"] if l["mnemonics"] in (["add", "adc", "dec", "brne"],
                                                                 ["asr", "ror", "dec", "brne"]))
        if shifts:
            out.append(f"`{name}` has {shifts} loop{'s' if shifts > 1 else ''} of 4 instructions that "
                       "shift a 16-bit number by one bit per turn (the AVR has no multi-bit shift)")
    helpers = [n for n in entry["functions"] if n.startswith("__") and n.endswith("di3")]
    if helpers:
        out.append("every 64-bit shift, add or compare is a call to a library routine ("
                   + ", ".join(f"`{h}`" for h in sorted(helpers)) + ")")
    return out


def x86_findings(entry, ns):
    """Plain statements the x86 disassembly supports: the stage's functions that the driver
    calls out of line, and a once-only initialisation whose guard every call tests."""
    if not entry or "error" in entry:
        return []
    names = list(entry["functions"])
    out = []
    called = [n for n in names[1:] if n.startswith(ns + "::")]
    if called:
        out.append(f"`{names[0]}` calls " + ", ".join(
            f"`{n}` ({entry['functions'][n]['instructions']} instructions)" for n in called) + " out of line")
    if any(n.startswith("__cxa_guard_acquire") for n in names):
        out.append("a function-local static is set up once, behind a guard that every call tests")
    return out


def why_section(folder):
    """The generated body of the page's "why" section, or None without the data."""
    facts = why_facts(folder)
    if not facts:
        return None
    fam, base, me, ref = facts
    why, b3, m3 = _data["why"], base[:3], folder[:3]
    loops = why.get("loops", {})
    emb = [(label, unit, embedded_value(f"{s[:3]}:{fam}", p)) for p, label, unit, *_ in EMBEDDED
           for s in (base, folder)]
    rows = [f"| measured | {base} | {folder} | {m3} against {b3} |", "|---|---|---|---|"]
    pair = find_pair(f"{b3}:{fam}", f"{m3}:{fam}")
    if pair:
        (ma, qa1, qa3, _, _), (mb, qb1, qb3, _, _) = spread(pair["a"]), spread(pair["b"])
        source = pair_source(pair)
        rows.append(f"| host time, {pair['unit']} (median, IQR; {source}) | {fmt(ma)} "
                    f"({fmt(qa1)}-{fmt(qa3)}) | {fmt(mb)} ({fmt(qb1)}-{fmt(qb3)}) | runs {ma / mb:.2f}x as fast |")
    for key, label in (("instructions", "instructions (callgrind)"),
                       ("branches", "conditional branches (callgrind)"),
                       ("mispredicted", "mispredicted branches (callgrind's predictor model)"),
                       ("l1_data_misses", "first-level data cache misses (callgrind's cache model)")):
        a, b = ref.get(key), me.get(key)
        if a is not None and b is not None:
            ratio = f"{b / a:.2f}x as many" if a >= 1 else "-"
            rows.append(f"| {label}, per position | {fmt(a)} | {fmt(b)} | {ratio} |")
    for arch, label in (("x86", "x86-64 innermost loops, from each backward branch to its target (c++ -O3, objdump)"),
                        ("avr", "AVR innermost loops, the same way (avr-g++ -Os, avr-objdump)")):
        if arch in loops:
            rows.append(f"| {label}: how many, instructions each | {loop_summary(loops[arch].get(f'{base}:{fam}'), b3)} "
                        f"| {loop_summary(loops[arch].get(f'{folder}:{fam}'), m3)} | |")
    for i in range(0, len(emb), 2):
        (label, unit, a), (_, _, b) = emb[i], emb[i + 1]
        cells = [f"{v[1]:,}" if v[0] == "value" else "-" for v in (a, b)]
        # cycles are time (one convention: the other's / this one's); instructions are a count
        ratio = "-" if not a[0] == b[0] == "value" else f"runs {a[1] / b[1]:.2f}x as fast" if unit == "cycles" \
            else f"{b[1] / a[1]:.2f}x as many"
        rows.append(f"| {label}, {unit} per {LABEL[fam].split(' (')[0]} | {cells[0]} | {cells[1]} | {ratio} |")
    text = [f"Generated by docs/update_docs.py (docs/verdicts.py) from `python3 lab.py why-slower` "
            f"(callgrind: {why.get('valgrind', '?')}; the host code as the benchmarks build it, {why['compilers']['x86']}; "
            f"AVR: {why['compilers'].get('avr', '?')}), the host times of the tables above (bench/report.py; "
            f"`python3 lab.py verdict-pairs` where they lack a pair) and the embedded report. "
            f"Callgrind counts every instruction the {LABEL[fam]} executes on this machine's instruction set; its "
            "branch predictor and caches are simple models, not this CPU's. The embedded counts are exact and "
            "deterministic.\n", "\n".join(rows) + "\n"]
    r_ir, r_br = me["instructions"] / ref["instructions"], me["branches"] / ref["branches"]
    more = "more" if r_ir > 1 else "fewer"
    said = [f"**What the counts show.** Against {b3}, the {LABEL[fam].split(' (')[0]} of {m3} executes "
            f"{r_ir:.2f}x the instructions ({more}) and {r_br:.2f}x the conditional branches."]
    if me["mispredicted"] > ref["mispredicted"] * 1.2:
        said.append(f"Callgrind's predictor model misses {me['mispredicted'] / ref['mispredicted']:.2f}x as many "
                    "of them.")
    if pair:
        (ma, *_), (mb, *_) = spread(pair["a"]), spread(pair["b"])
        verdict = host_verdict(pair["a"], pair["b"])
        if verdict in (VERDICTS[2], VERDICTS[6]):
            why = "the quartiles overlap" if verdict == VERDICTS[2] else "under 1 % apart"
            said.append(f"The host times are within noise of each other ({m3} runs {ma / mb:.2f}x as fast; {why}): "
                        "the instruction count does not decide the time here.")
        elif (mb > ma) == (r_ir > 1):
            said.append(f"The host time moves the same way ({m3} runs {ma / mb:.2f}x as fast).")
        else:
            said.append(f"Yet the host time moves the other way ({m3} runs {ma / mb:.2f}x as fast): the instruction count "
                        "does not decide the time here.")
    said.append("**Why.** " + CAUSES[folder])
    same = [label.split(" (")[0] for i, (label, _, a) in enumerate(emb) if i % 2 == 0
            and a[0] == emb[i + 1][2][0] == "value" and a[1] == emb[i + 1][2][1]]
    if same:
        said.append(f"On {', '.join(same)} the counts are the same as {b3}'s: the code compiled there is the same.")
    found = [] if len(same) == len(EMBEDDED) else avr_findings(loops.get("avr", {}).get(f"{folder}:{fam}"), m3)
    if found:
        said.append("In the AVR code of " + m3 + ": " + "; ".join(found) + ".")
    found = x86_findings(loops.get("x86", {}).get(f"{folder}:{fam}"), m3)
    if found:
        said.append("In the x86-64 code of " + m3 + ": " + "; ".join(found) + ".")
    text.append(" ".join(said) + "\n")
    return "\n".join(text)


def fill_why(text, folder, replace_between, path):
    """The page with its "why" section filled, when the page has the markers and the data exist."""
    if "<!-- why:begin -->" not in text:
        return text
    body = why_section(folder)
    return replace_between(text, "why", body, path) if body else text


# ---- one stage against the one it changes, both in the same processes ---------------------
# The bench report runs each stage's executable in turn, so a ratio between two stages
# compares two processes. Where a page's question is a difference of a few per cent (s11:
# what AVX-512 alone buys over s10), the pair also runs interleaved in the same processes
# (bench_compare, via bench/verdict_pairs.py), and the page shows that table.
ONE_PROCESS = {"s11_avx512": "s10_simd"}
ONE_PROCESS_FAMILIES = {"FlipScan": "flip scan", "LegalMoves": "legalMoves", "Play": "play", "Perft/7": "perft(7)"}


# host_verdict's answer to "is this stage faster?", in the table's words.
FASTER = {"holds": "yes", "does not hold": "no: slower", VERDICTS[2]: "within noise (the quartiles overlap)",
          VERDICTS[6]: "too close to tell (under 1 %)"}


def one_process_pairs():
    """[(faster, than)] that bench/verdict_pairs.py measures for the one-process tables."""
    return [(f"{me[:3]}:{fam}", f"{base[:3]}:{fam}") for me, base in ONE_PROCESS.items()
            for fam in ONE_PROCESS_FAMILIES]


def one_process_ratio(folder, fam):
    """(how many times as fast `folder` runs `fam` as its partner, the machine) from the
    interleaved pairs, or None where the page has no such table or the pairs lack it: where it
    exists, the verdict's source (both stages timed in the same processes, interleaved)."""
    if folder not in ONE_PROCESS or fam not in ONE_PROCESS_FAMILIES:
        return None
    p = pair_in(_data["pairs"], f"{folder[:3]}:{fam}", f"{ONE_PROCESS[folder][:3]}:{fam}")
    if not p:
        return None
    return spread(p["b"])[0] / spread(p["a"])[0], p.get("machine") or (_data["pairs"] or {}).get("machine", "?")


def one_process_section(folder):
    """The generated body of a page's one-process table, or None without the pairs."""
    if folder not in ONE_PROCESS:
        return None
    base, m3 = ONE_PROCESS[folder], folder[:3]
    b3, rows, machine = base[:3], [], None
    for fam in ONE_PROCESS_FAMILIES:
        p = pair_in(_data["pairs"], f"{m3}:{fam}", f"{b3}:{fam}")
        if not p:
            return None
        (ma, qa1, qa3, _, _), (mb, qb1, qb3, _, _) = spread(p["a"]), spread(p["b"])
        rows.append(f"| {ONE_PROCESS_FAMILIES[fam]} | {fmt(mb)} ({fmt(qb1)}-{fmt(qb3)}) | {fmt(ma)} ({fmt(qa1)}-{fmt(qa3)}) "
                    f"| {p['unit']} | {mb / ma:.2f}x | {FASTER[host_verdict(p['a'], p['b'])]} |")
        machine = p.get("machine") or (_data["pairs"] or {}).get("machine", "?")
        reps, n = len(p["a"]), processes(p)
    where = "in one process" if n == 1 else f"together in each of {n} processes"
    head = [f"Generated by docs/update_docs.py from `python3 lab.py verdict-pairs` (target `verdicts`): "
            f"{b3} and {m3} {where} (bench_compare), {reps} repetitions of each in all, interleaved at random; "
            f"median time per item with the quartiles (IQR) beside it; measured on {machine}. "
            f"\"{m3} as fast as {b3}\" is {b3}'s median time / {m3}'s (below 1: slower); the last column says "
            f"whether {m3} is faster, by whether the quartiles separate.\n",
            f"| interleaved | {b3}: median (IQR) | {m3}: median (IQR) | unit | {m3} as fast as {b3} | "
            f"{m3} faster? |", "|---|---:|---:|---|---:|---|"]
    return head[0] + "\n" + "\n".join(head[1:] + rows) + "\n" + elsewhere_section(folder)


# host_verdict's answer in a cell of the table of CPUs side by side.
BRIEF = {"holds": "faster", "does not hold": "slower", VERDICTS[2]: "within noise", VERDICTS[6]: "too close to tell"}


def elsewhere_section(folder):
    """The same one-process pairs on the other CPUs the store has them for, side by side with
    this page's, one column a CPU: the ratio and whether the quartiles separate. "" when the
    store has one CPU. What an extension buys depends on the core (AVX-512 on Intel's cores
    against AMD's Zen 4): the pair is two keys (two CPUs), so the page shows both."""
    others = (_data["pairs"] or {}).get("elsewhere") or []
    if not others:
        return ""
    base, m3 = ONE_PROCESS[folder], folder[:3]
    b3 = base[:3]
    runs = [_data["pairs"]] + others
    cols = []
    for run in runs:
        col = {}
        for fam in ONE_PROCESS_FAMILIES:
            p = pair_in(run, f"{m3}:{fam}", f"{b3}:{fam}")
            col[fam] = "-" if not p else f"{spread(p['b'])[0] / spread(p['a'])[0]:.2f}x ({BRIEF[host_verdict(p['a'], p['b'])]})"
        cols.append(col)
    names = [cpu_of(run.get("machine", "?")) for run in runs]
    lines = ["", f"The same table's ratios on every CPU the store has them for, each CPU's latest run (the first "
                 f"column is the table above; \"{m3} as fast as {b3}\", and whether {m3} is faster):", "",
             "| interleaved | " + " | ".join(names) + " |", "|---|" + "---:|" * len(names)]
    lines += [f"| {label} | " + " | ".join(col[fam] for col in cols) + " |" for fam, label in ONE_PROCESS_FAMILIES.items()]
    return "\n".join(lines) + "\n"


def fill_one_process(text, folder, replace_between, path):
    """The page with its one-process table filled, when it has the markers and the pairs exist."""
    if "<!-- one-process:begin -->" not in text:
        return text
    body = one_process_section(folder)
    return replace_between(text, "one-process", body, path) if body else text


# ---- the check ------------------------------------------------------------------------

def still_slower(section):
    """Does a "why" section's table still show the slowdown it explains: a timed row (host or
    AVR) where this stage runs below 1.00x as fast as the other, or a QEMU row (lx106,
    RISC-V) where it executes more instructions per flip scan: under -icount shift=0 an
    instruction is the time (the sketches' us= is instructions / 1000)."""
    ratios = [float(x) for x in re.findall(r"\| runs (\d+\.\d+)x as fast \|", section)]
    more = [float(x) for x in re.findall(r"\(QEMU\), instructions per flip scan \|[^|]*\|[^|]*\| (\d+\.\d+)x as many \|",
                                         section)]
    return any(r < 1.0 for r in ratios) or any(m > 1.0 for m in more)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def check(src):
    """Problems of the committed pages: a timing claim without a row for a platform that
    measures it (or the row naming those that do not), a row whose data are missing, a listed
    slowdown without its section."""
    claims = json.loads(read(os.path.join(src, "docs", "claims.json")))
    problems = []
    ov = read(os.path.join(src, "docs", "overview.md"))
    held = block_text(ov, "claims")
    blocks = old_blocks(held) if held is not None else {}
    for c in claims:
        rows = blocks.get((c["article"], c["claim"]))
        if rows is None:
            problems.append(f"docs/overview.md: the ledger has no row for the claim “{c['claim']}”")
            continue
        cells = [[x.strip() for x in r.strip("|").split("|")] for r in rows]
        for cl in cells:
            if cl[3] in (MISSING, "not measured yet"):
                problems.append(f"docs/overview.md: “{c['claim']}” on {cl[2]}: {cl[3]} ({cl[4]})")
        if "faster" in c or "gap" in c:
            have = {cl[2] for cl in cells}
            wanted = expected_platforms(c) if "faster" in c else [HOST]
            wanted += [r[0] for r in unmeasured_row(c, c.get("gap"))]  # the platforms that do not run it
            for platform in wanted:
                if platform not in have:
                    problems.append(f"docs/overview.md: “{c['claim']}” has no row for {platform}")
    for folder in SLOWDOWNS:
        page = os.path.join(src, "stages", folder, "README.md")
        if not os.path.exists(page):
            continue
        why = block_text(read(page), "why")
        if why is None or "What the counts show" not in why:
            problems.append(f"stages/{folder}/README.md: no generated \"Why it is slower\" section")
        elif not still_slower(why):
            problems.append(f"stages/{folder}/README.md: explains a slowdown its own data no longer show "
                            "(no platform runs slower): drop it from SLOWDOWNS and the page")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", default=".")
    ap.add_argument("--check", action="store_true", help="check the committed ledger and sections")
    args = ap.parse_args()
    if not args.check:
        ap.print_usage(sys.stderr)
        print("verdicts.py: the pages are written by docs/update_docs.py; give --check to check them",
              file=sys.stderr)
        return 2
    problems = check(args.source)
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        return 1
    print("every timing claim has a row per platform with its data; every listed slowdown has its section")
    return 0


if __name__ == "__main__":
    sys.exit(main())
