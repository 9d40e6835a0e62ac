#!/usr/bin/env python3
"""Stage 08's table reads replayed through a model of the ESP32's flash cache: a model
on this machine, not a measurement on a board.

    python3 lab.py flash-cache --build build --store [--json build/flash-cache.json] [--stages s05,s07,s08]
    python3 lab.py flash-cache --from-json build/flash-cache.json --store   (a saved run into the store)

On an ESP32 `const` data stays in flash and the CPU reads it through a cache. The
ESP32 Series Datasheet (Espressif, section 4.1.5 "Cache", pointing to the Technical
Reference Manual's chapter "System and Memory", section "Cache"):
https://www.espressif.com/documentation/esp32_datasheet_en.pdf gives its geometry: two-way
set-associative, 32 KB per CPU, 32-byte blocks. Stage 08's flip tables are 104,976 bytes.

How (per stage, per workload of bench/harness.h: FlipScan, LegalMoves, Play):
1. bench_<stage> runs the workload under `valgrind --tool=lackey --trace-mem=yes` with
   --benchmark_min_time=0 (one iteration), once with one repetition and once with two.
   Only loads from the stage's read-only objects are kept (its namespace's symbols in
   .rodata or .data.rel.ro: what an ESP32 leaves in flash). The two traces differ by
   exactly one iteration, so the set-up (building the positions) drops out, and the
   last two iterations must be identical (checked).
2. Each read is moved to the address the same object has in the stage's sketch built
   for the Xtensa lx106 (build/embedded/xtensa-sketch/<stage>/<stage>.elf, from the
   `:xtensa` test), so the table layout is a flash image's, not the host's; a pointer
   table (8-byte pointers on the host, 4 on Xtensa) has its offsets scaled.
3. The reads go through the cache model (LRU replacement assumed; the datasheet does not
   say): "cold" starts empty, "repeated" is the same iteration run a second time, as a
   benchmark loop would. A miss is one 32-byte line filled from flash.
4. A line fill's cost is an assumption, not a datasheet figure: one SPI read of 32 bytes,
   8 command clocks, then the 24-bit address and 8 mode bits on the data lines, the dummy
   clocks, then 256 data bits on the data lines (QIO: 4 lines, 4 dummy; DIO: 2 lines, 0
   dummy), at the flash clock, in cycles of a 240 MHz CPU. The SPI controller's own
   overhead is left out, so these are lower bounds.
Instruction fetches are not modelled (the stage's code is small beside the cache: the
lx106 stage code bytes of the embedded report), nor the other core or interrupts.
For comparison: s05 reads one 8-byte table (DIR), s07 no table at all.
--from-json remakes the table from a saved run without tracing again.

--store records the run in the store of facts (docs/facts/flash.json), from which
python3 lab.py update-docs writes the table between <!-- flash-cache:begin/end --> in
stages/s08_line_index/README.md. The JSON has "rows" (the figures) and "sections"
([{file, marker, text}], that table). Only whole runs (all three stages) go into the store.
Needs valgrind; takes several minutes.
"""
import argparse
import json
import os
import re
import subprocess
import sys

from bench import report  # bench/report.py: items of one iteration, tool lines, write_json
from bench import embedded_report  # bench/embedded_report.py: the store's figures, read back
from docs import store  # docs/store.py: the store of facts


# ESP32 (Xtensa LX6): the datasheet's geometry, and its usual CPU clock.
ESP32_CACHE = {"size": 32 * 1024, "ways": 2, "line": 32}
CPU_MHZ = 240
# Flash read modes: (label, flash clock MHz, data lines, dummy clocks).
FLASH_MODES = [("QIO 80 MHz", 80, 4, 4), ("QIO 40 MHz", 40, 4, 4), ("DIO 40 MHz", 40, 2, 0)]
WORKLOADS = [("FlipScan", "flip scan (64 squares)", "flipscan"),
             ("LegalMoves", "legalMoves", "legalmoves"),
             ("Play", "play one move", "play")]
# s05: one 8-byte table (DIR), which fits; s07: no table at all; s08: 105 KB of tables.
STAGES = {"s05": "s05_cell91", "s07": "s07_recursion", "s08": "s08_line_index"}


class Cache:
    """A set-associative cache with LRU replacement: counts line accesses and misses."""

    def __init__(self, size, ways, line):
        if size % (ways * line):
            raise ValueError("cache size must be a multiple of ways * line size")
        self.ways, self.line, self.nsets = ways, line, size // (ways * line)
        self.sets = [[] for _ in range(self.nsets)]  # each: line numbers, least recent first
        self.accesses = self.misses = 0

    def read(self, addr, size=1):
        """One read of `size` bytes; a read that straddles two lines touches both."""
        for ln in range(addr // self.line, (addr + size - 1) // self.line + 1):
            self.accesses += 1
            s = self.sets[ln % self.nsets]
            if ln in s:
                s.remove(ln)
            else:
                self.misses += 1
                if len(s) == self.ways:
                    s.pop(0)
            s.append(ln)


def fill_cycles(spi_mhz, lines, dummy, line_bytes=32, cpu_mhz=CPU_MHZ):
    """CPU cycles of one line fill under the SPI read assumed in the module's doc."""
    clocks = 8 + (24 + 8) // lines + dummy + line_bytes * 8 // lines
    return clocks * cpu_mhz / spi_mhz


def symbols(objdump, elf, ns):
    """{mangled name: (address, size)} of namespace `ns`'s read-only objects."""
    out = subprocess.run([objdump, "-t", elf], capture_output=True, text=True, check=True).stdout
    prefix = "_ZN%d%s" % (len(ns), ns)
    syms = {}
    for line in out.splitlines():
        m = re.match(r"([0-9a-f]+)\s.*\sO\s+(\S+)\s+([0-9a-f]+)\s+(\S+)$", line)
        if m and m.group(4).startswith(prefix) and re.match(r"\.(rodata|data\.rel\.ro)", m.group(2)):
            syms[m.group(4)] = (int(m.group(1), 16), int(m.group(3), 16))
    return syms


def relocator(host, target, base):
    """A function from a host read (runtime address, size) to the target's (None: not a
    stage object); a pointer table's offsets and sizes are scaled. `base`: where the host
    executable was loaded."""
    spans = sorted((a + base, a + base + n, name) for name, (a, n) in host.items() if name in target)
    missing = sorted(set(host) - set(target))
    if missing:
        raise SystemExit("flash_cache: the target build lacks " + ", ".join(missing))

    def move(addr, size):
        lo, hi = 0, len(spans)
        while lo < hi:  # the last span starting at or before addr
            mid = (lo + hi) // 2
            if spans[mid][0] <= addr:
                lo = mid + 1
            else:
                hi = mid
        if lo == 0 or addr >= spans[lo - 1][1]:
            return None
        start, end, name = spans[lo - 1]
        t_addr, t_size = target[name]
        return t_addr + (addr - start) * t_size // (end - start), max(1, size * t_size // (end - start))
    move.spans = [(lo, hi) for lo, hi, _ in spans]
    return move


def parse_lackey(lines, move):
    """The (target address, size) of every load that `move` maps, in order."""
    reads = []
    for line in lines:
        if line[:3] in (" L ", " M "):
            a, n = line[3:].split(",")
            t = move(int(a, 16), int(n))
            if t is not None:
                reads.append(t)
    return reads


def one_iteration(once, twice):
    """The reads of one iteration: what the two-repetition trace has beyond the
    one-repetition trace. The last two iterations must be the same reads."""
    k = len(twice) - len(once)
    if k <= 0 or twice[:len(once)] != once or twice[-k:] != twice[-2 * k:-k]:
        raise SystemExit("flash_cache: the iterations' reads differ; the workload is not repeatable")
    return twice[-k:]


def simulate(reads, geometry):
    """Cold and repeated (second pass) line accesses and misses, and distinct lines."""
    c = Cache(**geometry)
    for a, n in reads:
        c.read(a, n)
    cold = (c.accesses, c.misses)
    for a, n in reads:
        c.read(a, n)
    line = geometry["line"]
    touched = {ln for a, n in reads for ln in range(a // line, (a + n - 1) // line + 1)}
    return {"cold": cold, "repeated": (c.accesses - cold[0], c.misses - cold[1]), "lines": len(touched)}


def base_address(exe):
    """Where valgrind loads a position-independent executable (its text start)."""
    out = subprocess.run(["valgrind", "-v", "-v", "--tool=none", exe, "--benchmark_list_tests"],
                         capture_output=True, text=True).stderr
    m = re.search(r"Reading syms from %s\s*\n.*?svma 0x([0-9a-f]+), avma 0x([0-9a-f]+)" % re.escape(exe), out, re.S)
    if not m:
        raise SystemExit(f"flash_cache: cannot read where valgrind loads {exe}")
    return int(m.group(2), 16) - int(m.group(1), 16)


def page_pattern(spans):
    """A grep pattern for lackey's loads and modifies in the 4 KB pages of `spans`
    ((start, end) runtime addresses), so that Python sees only a few lines."""
    pages = sorted({p for lo, hi in spans for p in range(lo >> 12, ((hi - 1) >> 12) + 1)})
    width = max(8, len("%x" % (max(hi for _, hi in spans) - 1)))  # lackey prints %08lx
    return "^ [LM] (" + "|".join("%0*x" % (width - 3, p) for p in pages) + ")"


def lackey(exe, family, repetitions, move):
    r, w = os.pipe()  # the trace comes through a pipe of its own, stdout carries the JSON
    cmd = ["valgrind", "--tool=lackey", "--trace-mem=yes", f"--log-fd={w}", exe,
           f"--benchmark_filter=^{family}$", "--benchmark_min_time=0",
           f"--benchmark_repetitions={repetitions}", "--benchmark_format=json"]
    with open(os.devnull, "w") as null:
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=null, pass_fds=(w,))
    os.close(w)
    # grep keeps the loads in the tables' pages (fast); they are mapped exactly here.
    g = subprocess.Popen(["grep", "-E", page_pattern(move.spans)], stdin=r, stdout=subprocess.PIPE, text=True)
    os.close(r)
    reads = parse_lackey(g.stdout, move)
    out = p.stdout.read().decode()
    if p.wait() or g.wait() not in (0, 1):
        raise SystemExit(f"flash_cache: {' '.join(cmd)} failed")
    return reads, report.single_iteration_items(out, family)


def measure(build, folder, ns):
    exe = os.path.abspath(os.path.join(build, f"bench_{folder}"))
    elf = os.path.join(build, "embedded", "xtensa-sketch", folder, f"{folder}.elf")
    if not os.path.exists(exe):
        raise SystemExit(f"flash_cache: {exe} is missing (cmake --build {build} --target bench_{folder})")
    if not os.path.exists(elf):
        raise SystemExit(f"flash_cache: {elf} is missing: run ctest --test-dir {build} -R '^{ns}:xtensa$' first")
    move = relocator(symbols("objdump", exe, ns), symbols("xtensa-lx106-elf-objdump", elf, ns),
                     base_address(exe))
    rows = {}
    if not move.spans:  # nothing in flash to read: no trace needed
        empty = {"items": None, "reads": 0, "cold": (0, 0), "repeated": (0, 0), "lines": 0}
        return {family: empty for family, _, _ in WORKLOADS}
    for family, _, _ in WORKLOADS:
        once, _ = lackey(exe, family, 1, move)
        twice, items = lackey(exe, family, 2, move)
        reads = one_iteration(once, twice)
        sim = simulate(reads, ESP32_CACHE)
        rows[family] = {"items": items, "reads": len(reads), **sim}
        print(f"{folder} {family}: {items} items, {len(reads)} flash reads, {sim['lines']} lines, "
              f"{sim['repeated'][1]} misses when repeated", flush=True)
    return rows


# The store of facts (docs/store.py): the model's counts per stage and workload, and the run's
# tools beside them. The counts follow from the code and the cache model, not from the CPU
# that ran the trace: the key names no CPU, and a run with other tools replaces them.
STORE_FILE, WRITER = "flash.json", "bench/flash_cache.py"
READS, TOOLS = "flash reads through the ESP32 cache model", "flash-cache tools"


def facts(saved, run):
    """A run (as --json writes it) as facts of the store."""
    fact = store.fact_maker("python3 lab.py flash-cache --store", run, platform="ESP32 (cache model)", cpu="any")
    out = [fact(TOOLS, "flash-cache", "the run", {"tool": saved["tool"], "cache": saved["cache"],
                                                    "cpu_mhz": saved["cpu_mhz"]})]
    for folder, rows in saved["rows"].items():
        out += [fact(READS, family, folder, rows[family]) for family, _, _ in WORKLOADS]
    return out


def from_facts(store_facts):
    """The store's latest run, as --json writes it without its sections; None without one."""
    mine, tools = store.latest(store_facts, WRITER, TOOLS)
    if not tools:
        return None
    rows = {}
    for f in store.of_run(mine, tools, READS):
        rows.setdefault(f["key"]["subject"], {})[f["key"]["workload"]] = f["value"]
    order = list(STAGES.values())
    return dict(tools["value"], rows={k: rows[k] for k in sorted(rows, key=order.index)})


def versions(build):
    """valgrind's, the host compiler's (its code makes the reads) and the lx106 compiler's."""
    return [report.need("valgrind", "valgrind"), f"host reads from {report.build_compiler(build)}",
            "flash layout from " + report.need("xtensa-lx106-elf-g++", "gcc-xtensa-lx106")]


def fmt(v, digits=0):
    return f"{v:,.{digits}f}"


def table(results, embedded, tool):
    """The page section: the model's figures per stage and workload, with how they were made."""
    g = ESP32_CACHE
    positions = max(r["FlipScan"]["items"] or 0 for r in results.values())  # a flip scan's item: one position
    modes = [(label, fill_cycles(mhz, lines, dummy, g["line"])) for label, mhz, lines, dummy in FLASH_MODES]
    text = (
        "A model, not a measurement on a board, made by `python3 lab.py flash-cache --build build --store` "
        f"(`cmake --build build --target flash-cache`, {tool}): the stage's benchmark workloads "
        f"(bench/harness.h, {positions:,} seeded positions) run on the host; every load from the stage's "
        "read-only tables is recorded, moved to where the table sits in the sketch's lx106 build, "
        f"and replayed through a {g['size'] // 1024} KB, {g['ways']}-way set-associative cache of "
        f"{g['line']}-byte lines with LRU replacement (the ESP32's geometry: ESP32 Series Datasheet, "
        "section 4.1.5 \"Cache\", <https://www.espressif.com/documentation/esp32_datasheet_en.pdf>). "
        "\"Cold\": the cache starts empty; \"repeated\": the same workload a second time, as a "
        "benchmark loop runs it. A miss fills one line from flash; its cost is an assumption, "
        "the clocks of one SPI read of 32 bytes (command, address and mode bits, dummy clocks, data) "
        f"at the flash clock, in cycles of a {CPU_MHZ} MHz CPU, without the SPI controller's own "
        "overhead: " + ", ".join(f"{label} {fmt(c)}" for label, c in modes) + " cycles per fill. "
        "Table reads count every load of the stage's flash data, the small tables (s08's square-to-line "
        "tables and pointer table) included, which always hit: the misses per item, not the hit rate, "
        "are what an item costs. lx106 instructions: the same operation on the sketch's one position "
        "(the embedded report), for scale.\n\n")
    head = ["stage", "workload, per item", "table reads", f"distinct lines touched (the cache holds {g['size'] // g['line']:,})",
            "hit rate cold / repeated", "misses per item (repeated)"]
    head += [f"added cycles, {label}" for label, _ in modes] + ["lx106 instructions"]
    text += "| " + " | ".join(head) + " |\n|" + "---|" * len(head) + "\n"
    for folder, rows in results.items():
        for family, label, key in WORKLOADS:
            r = rows[family]
            acc_c, miss_c = r["cold"]
            acc_r, miss_r = r["repeated"]
            per = miss_r / r["items"] if r["items"] else 0.0
            lx = (((embedded or {}).get("raw", {}).get(folder) or {}).get("xtensa") or {}).get(key)
            cells = [folder, label, fmt(r["reads"] / r["items"], 1) if r["items"] else "0 (no tables)",
                     fmt(r["lines"]),
                     f"{100 * (1 - miss_c / acc_c):.2f}% / {100 * (1 - miss_r / acc_r):.2f}%" if acc_c else "-",
                     fmt(per, 2)]
            cells += [fmt(per * c) for _, c in modes] + [fmt(lx) if lx is not None else "-"]
            text += "| " + " | ".join(cells) + " |\n"
    return text


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--store", action="store_true", help="record the run in the store of facts "
                                                         "(docs/facts/flash.json), which stage 08's page is written from")
    ap.add_argument("--json", help="write the figures and the page section here")
    ap.add_argument("--embedded", help="a saved embedded report, for the lx106 column (default: the store's figures)")
    ap.add_argument("--stages", default="s05,s07,s08", help="comma-separated: s05, s07, s08 (default all)")
    ap.add_argument("--from-json", help="no tracing: print the table of a JSON saved by an earlier run "
                                        "(and with --json, write it again with the table remade)")
    args = ap.parse_args()
    wanted = args.stages.split(",")
    unknown = [s for s in wanted if s not in STAGES]
    if unknown:
        print(f"flash_cache: unknown stage {unknown[0]} (choose from {', '.join(STAGES)})", file=sys.stderr)
        sys.exit(2)
    if args.store and not args.from_json and set(wanted) != set(STAGES):
        print("flash_cache: --store records whole runs only: leave out --stages", file=sys.stderr)
        sys.exit(2)
    if args.embedded:
        embedded = load(args.embedded)
    else:  # the store's figures (python3 lab.py embedded-report --store)
        embedded = embedded_report.from_facts(list(store.load().values()))
    if args.from_json:
        saved = load(args.from_json)
        if not isinstance(saved, dict) or not isinstance(saved.get("rows"), dict) or "tool" not in saved:
            print(f"flash_cache: {args.from_json} is not a run of flash_cache.py (no tool or rows)", file=sys.stderr)
            sys.exit(2)
        tool, results = saved["tool"], saved["rows"]
        if args.store and set(results) != set(STAGES.values()):
            print(f"flash_cache: {args.from_json} is not a whole run (it has {', '.join(results) or 'no stage'}); "
                  "the store takes whole runs only", file=sys.stderr)
            sys.exit(2)
    else:
        tool = "; ".join(versions(args.build))
        results = {STAGES[s]: measure(args.build, STAGES[s], s) for s in wanted}
    text = table(results, embedded, tool)
    run = {"cache": ESP32_CACHE, "cpu_mhz": CPU_MHZ, "tool": tool, "rows": results}
    if args.store:
        store.save("flash_cache", WRITER, STORE_FILE, facts(run, store.run_stamp()))
    if args.json:
        report.write_json(args.json, dict(run, sections=[section(text)]))
    print(text)


def section(text):
    """Where docs/update_docs.py puts the table."""
    return {"file": "stages/s08_line_index/README.md", "marker": "flash-cache", "text": text}


def load(path):
    """A JSON report; an unreadable one is one line and exit 2 (the caller named it)."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        print(f"flash_cache: cannot read {path}: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
