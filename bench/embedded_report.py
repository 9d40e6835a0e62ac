#!/usr/bin/env python3
"""Collects every sketch's embedded figures into one JSON and prints them as a table.

    python3 lab.py embedded-report [--build build] [--store] [--json build/embedded.json] [--stages s01,s05]
                             [--from-json saved.json]

Per sketch folder in stages/ (numbered stages and sidebars):
- AVR (ATmega2560, 16 MHz): the sketch compiled with arduino-builder and run in simavr
  by tests/embedded/simavr_run. The sketch writes a block number to GPIOR0 before
  each timed operation (one run, interrupts off) and 0 after it; the runner reads
  simavr's cycle counter at both writes. Reported: cycles of one flip scan (countFlips
  on the 64 squares of the golden position), one legalMoves, one play (copy the board,
  play, read a square), each minus the cycles of an empty call measured the same way
  (block 4). Flash (.text + .data) and static RAM (.data + .bss) from avr-size, as the
  Arduino IDE counts them; the stage code (the three timed functions and the stage's
  out-of-line functions, from avr-nm); whether the sketch fits the Uno too.
- Xtensa lx106 (numbered stages): tests/embedded/xtensa_driver.cpp with the stage
  header, xtensa-lx106-elf-g++ -O2, under qemu-system-xtensa -icount shift=0: the
  instructions of the same three operations (see the driver for how they are counted)
  and the stage code bytes (xtensa-lx106-elf-nm).
- Sidebars: the sketch's own timing lines ("<method> reps=<N> us=<T>"), per run, in AVR
  cycles (simavr) and in lx106 and RISC-V instructions (the whole sketch under QEMU,
  -icount shift=0): a table on the sidebar's page and the per-platform rows of its
  timing claims (docs/verdicts.py).
A sketch that does not build or does not fit gets the reason instead of numbers.
"Fits the Uno" means that its static data fits and that it runs in simavr on the
ATmega328P without its stack running into that data.

Per search step (stages/eNN_name): the sketch's exact solve of its endgame.
- AVR: on the ATmega2560 the solve sits between two GPIOR0 marks: its cycles (the
  Arduino timer's interrupt included, as in the sketch's us=), the deepest stack inside
  it (simavr_run reads the stack pointer after every instruction), nodes and cycles per
  node; flash and static RAM; on the ATmega328P (Uno) whether static data and stack fit.
- lx106: the sketch itself compiled freestanding on the Arduino shim's interface and run
  under QEMU -icount shift=0, where its us= is instructions / 1000: the instructions of
  the solve (to +-1,000) and per node.

RISC-V (every sketch, an ESP32-C3 proxy): the whole sketch, its ESP32 branch included,
built for rv32imac at -Os on tests/embedded/esp32_shim.cpp and run under
qemu-system-riscv32 -icount shift=0, where ESP.getCycleCount() reads minstret: the
instructions per flip scan, legalMoves and play (the sketch's own ESP32 result line, the
call and loop included) and of a step's solve; the deepest stack of the whole run (painted
stack) against the ESP32 loop task's 8 KB (or what the sketch sets); the sketch's own
flash and static RAM (its object file, without the core).
Memory: per sketch, AVR flash / static RAM and the deepest stack of the whole run
(ATmega2560, simavr), and the RISC-V figures above. The Go sidebar's recursion: the stack
frame of one level (-fstack-usage; for the ESP32's windowed Xtensa ABI the `entry` of
xtensa-lx106-elf-g++ -mabi=windowed) on each core, times 80 and 360 levels.

The JSON has "caption", "columns" and "stages" ({folder: {column: text}}), and for the
steps "step_caption", "step_columns" and "steps" ({folder: {column: text}}), for
docs/update_docs.py; "sections" ([{file, marker, text}]: generated Markdown that
docs/update_docs.py puts between <!-- marker:begin/end --> in that file: the memory
and stack table, the search steps' table, the Go frames); "raw" holds the unformatted
numbers ({folder: {...}}). With --store the figures go into the store of facts instead
(docs/facts/embedded.json, one fact per sketch and platform), which docs/update_docs.py
reads; a run of some stages (--stages) replaces their facts and keeps the others'.
bench/esp32_column.py adds an ESP32 column from captured Serial logs to a saved JSON.
"""
import argparse
import json
import os
import re
import subprocess
import sys

from tests.embedded import embedded  # tests/embedded/embedded.py: the same build and run steps as the tests
from docs import store  # docs/store.py: the store of facts
import lab  # lab.py: the tools' entry point, to run a tool as a child process

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CAPTION = ("Embedded figures, measured by `python3 lab.py embedded-report --build build` "
           "(tests/embedded). AVR: exact CPU cycles of an ATmega2560 at 16 MHz in simavr (one run, "
           "interrupts off, the cost of an empty call subtracted); flash and static RAM of the whole "
           "sketch from avr-size. lx106: instructions executed on the Xtensa lx106 core (the ESP8266's, "
           "a relative of the ESP32's LX6) under QEMU, not ESP32 timings; stage code = the three timed "
           "functions plus the stage's out-of-line functions. RISC-V: instructions per call on rv32imac "
           "(the ESP32-C3's core family) under qemu-system-riscv32 -icount, read by the sketch's own ESP32 "
           "branch (ESP.getCycleCount() is minstret there), built at -Os as the ESP32 core builds; "
           "the call and loop included; an instruction count, not ESP32-C3 timing.")
COLUMNS = ["AVR flip scan (cycles)", "AVR legalMoves (cycles)", "AVR play (cycles)",
           "AVR flash / RAM (bytes)", "fits the Uno", "lx106 flip scan (instr.)",
           "lx106 legalMoves (instr.)", "lx106 play (instr.)", "lx106 stage code (bytes)",
           "RISC-V flip scan (instr.)", "RISC-V legalMoves (instr.)", "RISC-V play (instr.)"]
MARKS = {1: "flipscan", 2: "legalmoves", 3: "play"}
EMPTY_MARK = 4

STEP_CAPTION = ("Search steps on embedded cores, measured by `python3 lab.py embedded-report --build build` "
                "(tests/embedded): the sketch's exact solve of its endgame. AVR: cycles of an ATmega2560 at "
                "16 MHz in simavr (the Arduino timer's interrupt included, about 0.6%), the deepest stack "
                "during the solve, flash and static RAM of the whole sketch; Uno: whether static data and "
                "stack fit its 2,048 bytes. lx106: instructions under QEMU (to +-1,000), not ESP timings. "
                "RISC-V: instructions of the solve on rv32imac under qemu-system-riscv32 -icount, from the "
                "sketch's ESP32 result line; there the table has the ESP32 branch's heap slots, so the "
                "nodes may differ from the other columns'.")
STEP_COLUMNS = ["solve nodes", "AVR solve (cycles)", "AVR cycles / node", "AVR flash / static RAM (bytes)",
                "AVR stack at the deepest (bytes)", "fits the Uno", "lx106 solve (instr.)", "lx106 instr. / node",
                "RISC-V solve nodes", "RISC-V solve (instr.)", "RISC-V instr. / node"]
RISCV_OPS = {"flipscan": "RISC-V flip scan (instr.)", "legalmoves": "RISC-V legalMoves (instr.)",
             "play": "RISC-V play (instr.)"}

MEMORY_CAPTION = ("Memory of every sketch, measured by `python3 lab.py embedded-report --build build` "
                  "(tests/embedded). AVR: flash (.text + .data) and static RAM (.data + .bss) of the whole "
                  "sketch on the ATmega2560 (avr-size), and the deepest stack of the whole run in simavr "
                  "(tests/embedded/simavr_run.c reads the stack pointer after every instruction). RISC-V "
                  "(rv32imac, -Os, an ESP32-C3 proxy): the sketch's own flash (.text + .rodata + .data) and "
                  "static RAM (.data + .bss) from its object file, the core not included, and the deepest "
                  "stack of the whole run under qemu-system-riscv32 (tests/embedded/esp32_shim.cpp paints "
                  "the stack), start code and picolibc's printf included, against the ESP32 loop task's "
                  "stack (8,192 bytes unless the sketch sets SET_LOOP_TASK_STACK_SIZE). The ESP32's "
                  "Xtensa cores use other frames; a sketch prints its real figure there (stack_free=).")
MEMORY_COLUMNS = ["AVR flash / static RAM (bytes)", "AVR stack at the deepest (bytes)",
                  "RISC-V flash / static RAM (bytes)", "RISC-V stack at the deepest (bytes)",
                  "ESP32 loop task stack (bytes)"]
GO_LEVELS = (80, 360)  # the 9 x 9 board's deepest recursion (all but one point), 19 x 19's
# A sketch's own timing line (the sidebars time each method on the article's board this way).
TIMED_LINE = re.compile(r"^(\w+) reps=(\d+) us=(\d+)\r?$", re.M)
AVR_CYCLES_PER_US = 16  # the ATmega2560 at 16 MHz
QEMU_INSTRUCTIONS_PER_US = 1000  # -icount shift=0: the shims' micros() is instructions / 1000
TIMED_PLATFORMS = [("avr", "AVR (ATmega2560, simavr), cycles per run"),
                   ("xtensa", "lx106 (QEMU), instructions per run"),
                   ("riscv", "RISC-V rv32imac (QEMU), instructions per run")]
SOLVE_LINE = re.compile(r"^solve position=(\S{64} [XO]) score=(-?\d+) best=(\S+) nodes=(\d+) us=(\d+)\r?$", re.M)
SOLVE_MARK = 1


def stage_folders(src, wanted):
    folders = sorted(d for d in os.listdir(os.path.join(src, "stages"))
                     if os.path.exists(os.path.join(src, "stages", d, d + ".ino")))
    numbered = [f for f in folders if re.match(r"s\d\d_", f)]
    folders = numbered + [f for f in folders if f not in numbered]
    if wanted:
        folders = [f for f in folders if any(f.startswith(w) for w in wanted.split(","))]
    return folders


def avr_figures(src, out, runner, folder):
    """{flipscan, legalmoves, play: cycles; flash, ram, code: bytes; uno: fits} or {error}."""
    r = {}
    elf, code, log = embedded.compile_sketch(embedded.sketch_folder(src, folder), folder, "mega", out)
    if not elf:
        reason = embedded.too_big_reason(log, src, folder, "mega")
        return {"error": f"too big for AVR: {reason}" if reason else "does not compile for AVR"}
    r["flash"], r["ram"] = embedded.avr_memory(elf)
    r["code"] = embedded.stage_code_bytes("avr-nm", elf, embedded.namespace_of(src, folder))
    max_flash, max_ram = embedded.board_limits("mega")
    if r["flash"] > max_flash or r["ram"] > max_ram:
        r["error"] = f"too big for the Mega ({r['flash']:,} / {r['ram']:,} B)"
        return r
    status, output, err = embedded.run_avr(runner, "mega", elf)
    if status != 0:
        r["error"] = f"simavr_run exit {status}"
        return r
    if not re.match(r"s\d\d_", folder):
        r["timed"] = timed_runs(output, AVR_CYCLES_PER_US)
        r["timed_reps"] = {name: int(reps) for name, reps, _ in TIMED_LINE.findall(output)}
    stack = embedded.runner_stack(err)
    r["stack"] = stack["max"] if stack else None
    marks = {m: cycles for m, (cycles, _) in embedded.runner_marks(err).items()}
    empty = marks.get(EMPTY_MARK)
    for number, name in MARKS.items():
        if number in marks and empty is not None:
            r[name] = marks[number] - empty
    r["empty_call"] = empty
    r["uno"], r["uno_why"] = uno_fit(src, out, runner, folder)
    return r


def uno_fit(src, out, runner, folder):
    """(fits, why not or ""): static data within the Uno's limits, and a run in simavr
    that ends with DONE without the stack running into the static data."""
    elf, _, log = embedded.compile_sketch(embedded.sketch_folder(src, folder), folder, "uno", out)
    if not elf:
        return False, embedded.too_big_reason(log, src, folder, "uno") or "does not build"
    flash, ram = embedded.avr_memory(elf)
    max_flash, max_ram = embedded.board_limits("uno")
    if flash > max_flash or ram > max_ram:
        return False, f"static: flash {flash:,} / RAM {ram:,} B"
    status, _, err = embedded.run_avr(runner, "uno", elf)
    stack = embedded.runner_stack(err)
    if status == embedded.RUNNER_STACK_OVERFLOW and stack:
        return False, f"{stack['static']:,} B static + stack reaching {stack['max']:,} B > {max_ram:,} B"
    if status != 0:
        return False, embedded.RUNNER_STATUS.get(status, f"simavr_run exit {status}")
    return True, ""


def step_figures(src, out, runner, folder):
    """The search sketch's solve on the ATmega2560, the Uno and the lx106."""
    r = {"avr": {}, "xtensa": {}}
    a = r["avr"]
    elf, _, log = embedded.compile_sketch(embedded.sketch_folder(src, folder), folder, "mega", out)
    if not elf:
        reason = embedded.too_big_reason(log, src, folder, "mega")
        a["error"] = f"too big for the Mega: {reason}" if reason else "does not compile for AVR"
    else:
        a["flash"], a["ram"] = embedded.avr_memory(elf)
        status, output, err = embedded.run_avr(runner, "mega", elf)
        solve = SOLVE_LINE.search(output)
        marks = embedded.runner_marks(err)
        if status != 0:
            a["error"] = embedded.RUNNER_STATUS.get(status, f"simavr_run exit {status}")
        elif not solve or SOLVE_MARK not in marks:
            a["error"] = "no solve line" if not solve else "the solve is not marked (mark(1) ... mark(0))"
        else:
            r["solve"] = {"position": solve.group(1), "score": int(solve.group(2)), "best": solve.group(3),
                          "nodes": int(solve.group(4))}
            a["solve_cycles"], a["solve_stack"] = marks[SOLVE_MARK]
            a["stack"] = embedded.runner_stack(err)["max"]
            a["cycles_per_node"] = a["solve_cycles"] / r["solve"]["nodes"]
    a["uno"], a["uno_why"] = uno_fit(src, out, runner, folder)
    x = r["xtensa"]
    xelf, log = embedded.build_xtensa_sketch(src, folder, out)
    if not xelf:
        missing = embedded.missing_helpers(log)
        x["error"] = "does not compile for the lx106" + (f" (needs {', '.join(missing)})" if missing else "")
        return r
    status, output = embedded.run_xtensa(xelf)
    solve = SOLVE_LINE.search(output)
    if status != 0 or not solve:
        x["error"] = f"exit {status}" if status else "no solve line"
        return r
    x["nodes"] = int(solve.group(4))
    x["solve_instructions"] = int(solve.group(5)) * 1000  # us= counts thousands of instructions here
    x["instructions_per_node"] = x["solve_instructions"] / x["nodes"]
    return r


def step_row(raw):
    a, x, solve = raw["avr"], raw["xtensa"], raw.get("solve", {})
    c = dict(zip(STEP_COLUMNS, ["-"] * len(STEP_COLUMNS)))
    c[STEP_COLUMNS[0]] = num(solve.get("nodes"))
    if "error" in a:
        c[STEP_COLUMNS[1]] = a["error"]
    else:
        c[STEP_COLUMNS[1]] = num(a["solve_cycles"])
        c[STEP_COLUMNS[2]] = num(round(a["cycles_per_node"]))
        c[STEP_COLUMNS[4]] = num(a["solve_stack"])
    if "flash" in a:
        c[STEP_COLUMNS[3]] = f"{a['flash']:,} / {a['ram']:,}"
    c[STEP_COLUMNS[5]] = "yes" if a["uno"] else f"no: {a['uno_why']}"
    if "error" in x:
        c[STEP_COLUMNS[6]] = x["error"]
    else:
        c[STEP_COLUMNS[6]] = "~" + num(x["solve_instructions"])
        c[STEP_COLUMNS[7]] = "~" + num(round(x["instructions_per_node"]))
    v = raw.get("riscv", {})
    if "error" in v:
        c[STEP_COLUMNS[9]] = v["error"]
    elif "solve_cycles" in v:
        c[STEP_COLUMNS[8]] = num(v["solve_nodes"])
        c[STEP_COLUMNS[9]] = num(v["solve_cycles"])
        c[STEP_COLUMNS[10]] = num(round(v["solve_cycles"] / v["solve_nodes"]))
    return c


def run_lx106(build, src, out, folder, what):
    """(ELF, output, None) of a program built by `build` and run under QEMU, or
    (None, None, {error})."""
    elf, _ = build(src, folder, out)
    if not elf:
        return None, None, {"error": "does not compile for the lx106"}
    code, output = embedded.run_xtensa(elf)
    if code != 0:
        return None, None, {"error": f"{what} exit {code}"}
    return elf, output, None


def xtensa_figures(src, out, folder):
    elf, output, error = run_lx106(embedded.build_xtensa, src, out, folder, "harness")
    if error:
        return error
    r = {name: int(n) for name, n in re.findall(r"^(\w+) instructions=(\d+)$", output, re.M)}
    r["code"] = embedded.stage_code_bytes("xtensa-lx106-elf-nm", elf, embedded.namespace_of(src, folder))
    return r


def timed_runs(output, per_us):
    """{method: figure per run} from a sketch's lines "<method> reps=<N> us=<T>": T microseconds
    for N runs, times per_us (cycles or instructions in a microsecond), divided by N."""
    return {name: round(int(us) * per_us / int(reps)) for name, reps, us in TIMED_LINE.findall(output)}


def xtensa_sketch_figures(src, out, folder):
    """A sidebar's whole sketch on the lx106 under QEMU: its timing lines in instructions."""
    _, output, error = run_lx106(embedded.build_xtensa_sketch, src, out, folder, "sketch")
    return error or {"timed": timed_runs(output, QEMU_INSTRUCTIONS_PER_US)}


def timed_table(raw, versions=""):
    """A sidebar's timing lines (methods, operations) per run, one column per platform, each
    figure with its ratio to the first line's; None when no platform has timing lines."""
    cols = [(p, label) for p, label in TIMED_PLATFORMS if raw.get(p, {}).get("timed")]
    if not cols:
        return None
    methods = list(raw[cols[0][0]]["timed"])
    # Ratios only between lines that time the same work the same number of times (the
    # methods of one task), not between different operations.
    ratios = len(set(raw.get("avr", {}).get("timed_reps", {}).values())) == 1
    lines = ["The sketch's own timing lines (`<name> reps=<N> us=<T>`: `micros()` around N runs), read by "
             "`python3 lab.py embedded-report`. AVR: the "
             f"ATmega2560 at 16 MHz in simavr, cycles per run = T x {AVR_CYCLES_PER_US} / N (the Arduino timer's "
             "interrupt included). lx106 and RISC-V: the whole sketch under QEMU with -icount shift=0, where the "
             f"shims' microsecond is {QEMU_INSTRUCTIONS_PER_US:,} instructions: instructions per run = "
             f"T x {QEMU_INSTRUCTIONS_PER_US:,} / N. Each figure is good to one microsecond of T (16 / N cycles, "
             f"{QEMU_INSTRUCTIONS_PER_US:,} / N instructions)." + (f" In brackets: how many times as fast as {methods[0]} it runs ({methods[0]}'s count / this one's)."
                                             if ratios else "")
             + f" {versions}\n",
             "| timed | " + " | ".join(label for _, label in cols) + " |", "|---" * (len(cols) + 1) + "|"]
    for m in methods:
        cells = []
        for p, _ in cols:
            timed = raw[p]["timed"]
            v, first = timed.get(m), timed.get(methods[0])
            cells.append("-" if v is None else f"{v:,} ({first / v:.2f}x)" if ratios and first else f"{v:,}")
        lines.append(f"| {m} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def riscv_figures(src, out, folder):
    """The whole sketch under qemu-system-riscv32: its ESP32 result line's numbers, the
    deepest stack, the loop task's stack, the sketch object's flash and RAM; or {error}."""
    elf, obj, log = embedded.build_riscv(src, folder, out)
    if not elf:
        return {"error": "does not build for rv32imac"}
    r = {}
    r["flash"], r["ram"] = embedded.riscv_memory(obj)
    status, output, stack = embedded.run_riscv(elf)
    if status != 0 or not stack:
        r["error"] = f"exit {status}" if status else "stack overflow"
        return r
    r["stack"], r["loop_stack"] = stack["max"], stack["limit"]
    if not re.match(r"[se]\d\d_", folder):
        r["timed"] = timed_runs(output, QEMU_INSTRUCTIONS_PER_US)
    for line in embedded.result_lines(output):
        r.update({k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", line)})
    return r


def memory_row(raw):
    a, v = raw.get("avr", {}), raw.get("riscv", {})
    c = dict(zip(MEMORY_COLUMNS, ["-"] * len(MEMORY_COLUMNS)))
    if "flash" in a:
        c[MEMORY_COLUMNS[0]] = f"{a['flash']:,} / {a['ram']:,}"
        c[MEMORY_COLUMNS[1]] = num(a.get("stack"))
    elif "error" in a:
        c[MEMORY_COLUMNS[0]] = a["error"]
    if "flash" in v:
        c[MEMORY_COLUMNS[2]] = f"{v['flash']:,} / {v['ram']:,}"
    c[MEMORY_COLUMNS[3]] = v["error"] if "error" in v else num(v.get("stack"))
    c[MEMORY_COLUMNS[4]] = num(v.get("loop_stack"))
    return c


# Compilers for the Go frame table: (core, command, how the frame is read).
GO_FRAME_TOOLS = [
    ("ATmega2560 (avr-g++)", ["avr-g++", "-mmcu=atmega2560"], "su"),
    ("ESP8266 lx106, call0 ABI", ["xtensa-lx106-elf-g++", "-ffreestanding"], "su"),
    ("ESP32 / ESP32-S3 Xtensa, windowed ABI", ["xtensa-lx106-elf-g++", "-ffreestanding", "-mabi=windowed"], "entry"),
    ("ESP32-C3 rv32imc", ["riscv64-unknown-elf-gcc", "-march=rv32imc", "-mabi=ilp32", "--specs=picolibc.specs"], "su"),
]


def go_frames(src, out):
    """{core: bytes} of one level of go_capture's recursive fill (surrounded<19>) at -Os."""
    build = os.path.abspath(os.path.join(out, "go-frames"))
    src = os.path.abspath(src)
    os.makedirs(build, exist_ok=True)
    unit = os.path.join(build, "go19.cpp")
    with open(unit, "w", encoding="utf-8") as f:
        f.write("// Generated by bench/embedded_report.py: one instance of the recursive fill.\n"
                '#include "go_capture/go_capture.h"\ngo_capture::Board<19> board;\n'
                "int run(int r, int c) { return go_capture::captureRecursive(board, r, c); }\n")
    frames = {}
    for core, cmd, how in GO_FRAME_TOOLS:
        base = os.path.join(build, re.sub(r"\W+", "_", core))
        full = [*cmd, "-std=gnu++11", "-Os", "-fstack-usage", "-I", os.path.join(src, "stages"),
                "-isystem", os.path.join(ROOT, "tests", "embedded", "xtensa_libc"), "-S", unit, "-o", base + ".s"]
        r = subprocess.run(full, capture_output=True, text=True, cwd=build)
        if r.returncode != 0:
            frames[core] = None
            continue
        if how == "entry":  # entry sp, N: the frame the windowed call allocates
            asm = open(base + ".s", encoding="utf-8").read()
            m = re.search(r"surrounded\w*:\s*\n(?:\s*\.[^\n]*\n)*\s*entry\s+\w+,\s*(\d+)", asm)
        else:
            su = open(base + ".su", encoding="utf-8").read()
            m = re.search(r"surrounded[^\n]*\t(\d+)\t", su)
        frames[core] = int(m.group(1)) if m else None
        if how == "su" and cmd[0] == "avr-g++" and frames[core] is not None:
            frames[core] += 3  # the return address the ATmega2560's call pushes (3 bytes)
    return frames


def go_frames_table(frames, versions=""):
    lines = ["The Go sidebar's recursive fill (`captureRecursive`, 19 x 19): stack bytes per level of "
             "recursion, compiled at -Os, measured by `python3 lab.py embedded-report` "
             "(-fstack-usage; the ESP32's windowed Xtensa ABI: the `entry` size from "
             "`xtensa-lx106-elf-g++ -mabi=windowed`, the same GCC back end, not Espressif's own "
             "toolchain; the ATmega2560's 3-byte return address added). The ESP32 loop task has "
             "8,192 bytes unless the sketch sets SET_LOOP_TASK_STACK_SIZE. " + versions + "\n",
             "| core | bytes per level | " + " | ".join(f"{n} levels (bytes)" for n in GO_LEVELS) + " |",
             "|---|---|" + "---|" * len(GO_LEVELS)]
    for core, b in frames.items():
        cells = [num(b * n) if b else "-" for n in GO_LEVELS]
        lines.append(f"| {core} | {num(b) if b else 'not measured'} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def toolchains():
    """The compilers' versions, for the captions: the figures depend on them."""
    found = []
    for tool in ("avr-gcc", "xtensa-lx106-elf-gcc", "riscv64-unknown-elf-gcc"):
        r = subprocess.run([tool, "-dumpversion"], capture_output=True, text=True)
        if r.returncode == 0:
            found.append(f"{tool} {r.stdout.strip()}")
    return "Compilers: " + ", ".join(found) + " (Debian 12)." if found else ""


ESP32_GUIDE = "docs/esp32.md"  # the page with the memory, steps and Go stack tables


def make_sections(report):
    """The Markdown that docs/update_docs.py puts between markers: in the ESP32 guide (docs/esp32.md)
    the memory table, the search steps' table, the Go frames; on a sidebar's page its timing
    lines, on a step's page its row of the steps' table (rebuilt from the report, so
    python3 lab.py esp32-column --merge can call it again)."""
    timed = [{"file": f"stages/{folder}/README.md", "marker": "embedded-timed", "text": text}
             for folder, raw in report["raw"].items() if isinstance(raw, dict) and "avr" in raw
             for text in [timed_table(raw, report.get("toolchains", ""))] if text]
    steps = [{"file": f"stages/{folder}/README.md", "marker": "embedded-step",
              "text": markdown_table(report["step_caption"], "step", report["step_columns"], {folder: cells})}
             for folder, cells in report["steps"].items()]
    return timed + steps + [
        {"file": ESP32_GUIDE, "marker": "esp32-memory",
         "text": markdown_table(report["memory_caption"], "sketch", report["memory_columns"], report["memory"])},
        {"file": ESP32_GUIDE, "marker": "esp32-steps",
         "text": markdown_table(report["step_caption"], "step", report["step_columns"], report["steps"])},
        {"file": ESP32_GUIDE, "marker": "esp32-go-stack",
         "text": go_frames_table(report["raw"]["go_frames"], report.get("toolchains", ""))}]


def markdown_table(caption, first, columns, rows):
    lines = [caption + "\n", f"| {first} | " + " | ".join(columns) + " |", "|---" * (len(columns) + 1) + "|"]
    for name, cells in rows.items():
        lines.append(f"| {name} | " + " | ".join(str(cells.get(c, "")) for c in columns) + " |")
    return "\n".join(lines) + "\n"


def num(v):
    return f"{v:,}" if isinstance(v, int) else "-"


def row(raw):
    a, x = raw.get("avr", {}), raw.get("xtensa", {})
    cells = {}
    if "error" in a and "flipscan" not in a:
        cells[COLUMNS[0]] = a["error"]
    else:
        cells[COLUMNS[0]], cells[COLUMNS[1]], cells[COLUMNS[2]] = (num(a.get(k)) for k in MARKS.values())
    if "flash" in a:
        cells[COLUMNS[3]] = f"{a['flash']:,} / {a['ram']:,}"
    cells[COLUMNS[4]] = "yes" if a.get("uno") else f"no: {a['uno_why']}" if a.get("uno_why") else "no"
    if "error" in x:
        cells[COLUMNS[5]] = x["error"]
    elif x:
        cells[COLUMNS[5]], cells[COLUMNS[6]], cells[COLUMNS[7]] = (num(x.get(k)) for k in MARKS.values())
        cells[COLUMNS[8]] = num(x.get("code"))
    v = raw.get("riscv", {})
    if "error" in v:
        cells[RISCV_OPS["flipscan"]] = v["error"]
    elif v:
        for op, column in RISCV_OPS.items():
            cells[column] = num(v.get(op + "_cycles"))
    return cells


def print_table(report):
    for caption, columns, key, first in (("caption", "columns", "stages", "stage"),
                                         ("step_caption", "step_columns", "steps", "step"),
                                         ("memory_caption", "memory_columns", "memory", "sketch")):
        if not report.get(key):
            continue
        cols = [first] + report[columns]
        rows = [[s] + [cells.get(c, "") for c in report[columns]] for s, cells in report[key].items()]
        widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(cols)]
        print(report[caption] + "\n")
        print("| " + " | ".join(c.ljust(w) for c, w in zip(cols, widths)) + " |")
        print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
        for r in rows:
            print("| " + " | ".join(v.ljust(w) for v, w in zip(r, widths)) + " |")
        print()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build", help="CMake build folder with simavr_run (default: build)")
    ap.add_argument("--json", help="also write the report here (default without --store: BUILD/embedded.json)")
    ap.add_argument("--store", action="store_true",
                    help="record the figures in the store of facts (docs/facts/embedded.json), which the pages are "
                         "written from")
    ap.add_argument("--stages", help="comma-separated folder prefixes (default: every sketch)")
    ap.add_argument("--work", help="where the sketches are written and compiled (default: BUILD; another folder lets "
                                   "the report run beside the embedded tests, which use BUILD's)")
    ap.add_argument("--from-json", help="print the table of a saved report, running nothing (with --store, "
                                        "record its figures)")
    args = ap.parse_args()
    if args.from_json:
        try:
            with open(args.from_json) as f:
                saved = json.load(f)
        except (OSError, ValueError) as e:
            sys.exit(f"embedded_report.py: cannot read {args.from_json}: {e}")
        if args.store:  # a saved run of this program into the store, measuring nothing again
            record(saved["raw"], saved["toolchains"])
        print_table(saved)
        return 0

    try:
        embedded.require({**embedded.AVR_TOOLS, **embedded.XTENSA_TOOLS, **embedded.RISCV_TOOLS})
    except embedded.Skip as e:
        sys.exit(f"embedded_report.py: {e}")
    runner = os.path.join(args.build, "simavr_run")
    if not os.path.exists(runner):
        sys.exit(f"embedded_report.py: {runner} not found (build first: cmake --build {args.build} --target simavr_run)")
    work = args.work or args.build
    out = os.path.join(work, "embedded")
    # The sketches as a board gets them (tests/sketches.py), written afresh: what the tests compile.
    embedded.SKETCHES = os.path.join(work, "sketches")
    subprocess.run([*lab.command("sketches"), "write", embedded.SKETCHES], check=True)
    raw = {}
    for folder in stage_folders(ROOT, args.stages):
        print(f"{folder} ...", file=sys.stderr, flush=True)
        if re.match(r"e\d\d_", folder):
            raw[folder] = step_figures(ROOT, out, runner, folder)
        else:
            raw[folder] = {"avr": avr_figures(ROOT, out, runner, folder),
                           "xtensa": (xtensa_figures if re.match(r"s\d\d_", folder) else xtensa_sketch_figures)(
                               ROOT, out, folder)}
        raw[folder]["riscv"] = riscv_figures(ROOT, out, folder)
    raw["go_frames"] = go_frames(ROOT, out)
    report = assemble(raw, toolchains())
    if args.json or not args.store:
        path = args.json or os.path.join(args.build, "embedded.json")
        with open(path, "w") as f:
            json.dump(report, f, indent=1)
        print(f"written: {path}")
    if args.store:
        record(raw, report["toolchains"])
    print_table(report)
    return 0


def assemble(raw, versions):
    """The report (captions, rows, sections) from the figures of every sketch, `raw`
    ({folder: {platform: figures}}, "go_frames"), and the compilers' versions."""
    report = {"caption": CAPTION, "columns": COLUMNS, "stages": {},
              "step_caption": STEP_CAPTION, "step_columns": STEP_COLUMNS, "steps": {},
              "memory_caption": MEMORY_CAPTION, "memory_columns": MEMORY_COLUMNS, "memory": {}, "raw": raw,
              "toolchains": versions}
    for folder, figures in raw.items():
        if folder == "go_frames":
            continue
        if re.match(r"e\d\d_", folder):
            report["steps"][folder] = step_row(figures)
        else:
            report["stages"][folder] = row(figures)
        report["memory"][folder] = memory_row(figures)
    for caption in ("caption", "step_caption", "memory_caption"):
        report[caption] += " " + versions
    report["sections"] = make_sections(report)
    return report


# The store of facts (docs/store.py): each sketch's figures on each platform, one fact each.
# Simulated counts do not depend on the host's CPU: the key says "any", and the compilers'
# versions are a fact beside them (the counts change with the compiler, not with the host).
STORE_FILE, WRITER = "embedded.json", "bench/embedded_report.py"
PLATFORMS = {"avr": "AVR ATmega2560 (simavr)", "xtensa": "Xtensa lx106 (QEMU)", "riscv": "RISC-V rv32 (QEMU)",
             "solve": "any"}  # "solve": a step's endgame position, score and nodes, the same everywhere
GO_FRAMES = "Go capture: bytes of one recursion level's stack frame"


def facts(raw, versions, run):
    """The figures as facts: one per sketch and platform, the Go frames, the compilers."""
    fact = store.fact_maker("python3 lab.py embedded-report --store", run, cpu="any")
    out = [fact("compiler versions", "embedded report", "the run", {"text": versions}, platform="all"),
           fact(GO_FRAMES, "go_capture sketch", "go_capture", raw["go_frames"], platform="all")]
    for folder, figures in raw.items():
        if folder == "go_frames":
            continue
        what = "step sketch figures" if re.match(r"e\d\d_", folder) else "sketch figures"
        out += [fact(what, "the sketch", folder, value, platform=PLATFORMS[part]) for part, value in figures.items()]
    return out


def from_facts(store_facts):
    """The report the store's facts give (assemble()), in the folders' order; None without them."""
    mine, versions = store.latest(store_facts, WRITER, "compiler versions")
    if not versions:
        return None
    part = {name: key for key, name in PLATFORMS.items()}
    raw = {}
    for f in mine:
        if f["key"]["what"] in ("sketch figures", "step sketch figures"):
            raw.setdefault(f["key"]["subject"], {})[part[f["key"]["platform"]]] = f["value"]
        elif f["key"]["what"] == GO_FRAMES:
            frames = f["value"]
    order = stage_folders(ROOT, None)
    raw = {folder: raw[folder] for folder in sorted(raw, key=lambda d: order.index(d) if d in order else len(order))}
    raw["go_frames"] = frames
    return assemble(raw, versions["value"]["text"])


def record(raw, versions):
    """Writes the figures into the store (docs/facts/embedded.json); one line and exit 1 for a
    board's merged columns."""
    other = sorted({part for folder, figures in raw.items() if folder != "go_frames" for part in figures} - set(PLATFORMS))
    if other:  # e.g. "esp32": a board's columns, merged by esp32-column, are no simulator's count
        sys.exit(f"embedded_report.py: the store holds the simulators' figures, not {', '.join(other)}: record the "
                 "report before merging a board's columns into it")
    store.save("embedded_report.py", WRITER, STORE_FILE, facts(raw, versions, store.run_stamp()))


if __name__ == "__main__":
    sys.exit(main())
