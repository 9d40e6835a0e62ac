#!/usr/bin/env python3
"""Collects every sketch's embedded figures into one JSON and prints them as a table.

    bench/embedded_report.py [--build build] [--json build/embedded.json] [--stages s01,s05]
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
A sketch that does not build or does not fit gets the reason instead of numbers.

The JSON has "caption", "columns" and "stages" ({folder: {column: text}}) for
docs/update_docs.py, and "raw" with the unformatted numbers. bench/esp32_column.py adds
an ESP32 column from captured Serial logs.
"""
import argparse
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "embedded"))
import embedded  # noqa: E402  (tests/embedded/embedded.py: the same build and run steps as the tests)

CAPTION = ("Embedded figures, measured by `python3 bench/embedded_report.py --build build` "
           "(tests/embedded). AVR: exact CPU cycles of an ATmega2560 at 16 MHz in simavr (one run, "
           "interrupts off, the cost of an empty call subtracted); flash and static RAM of the whole "
           "sketch from avr-size. lx106: instructions executed on the Xtensa lx106 core (the ESP8266's, "
           "a relative of the ESP32's LX6) under QEMU, not ESP32 timings; stage code = the three timed "
           "functions plus the stage's out-of-line functions.")
COLUMNS = ["AVR flip scan (cycles)", "AVR legalMoves (cycles)", "AVR play (cycles)",
           "AVR flash / RAM (bytes)", "fits the Uno", "lx106 flip scan (instr.)",
           "lx106 legalMoves (instr.)", "lx106 play (instr.)", "lx106 stage code (bytes)"]
MARKS = {1: "flipscan", 2: "legalmoves", 3: "play"}
EMPTY_MARK = 4


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
    elf, code, log = embedded.compile_sketch(src, folder, "mega", out)
    if not elf:
        reason = embedded.too_big_reason(log, src, folder)
        return {"error": f"too big for AVR: {reason}" if reason else "does not compile for AVR"}
    r["flash"], r["ram"] = embedded.avr_memory(elf)
    r["code"] = embedded.stage_code_bytes("avr-nm", elf, embedded.namespace_of(src, folder))
    max_flash, max_ram = embedded.board_limits("mega")
    if r["flash"] > max_flash or r["ram"] > max_ram:
        r["error"] = f"too big for the Mega ({r['flash']:,} / {r['ram']:,} B)"
        return r
    run = subprocess.run([runner, "-m", "atmega2560", elf], capture_output=True, text=True, timeout=300)
    if run.returncode != 0:
        r["error"] = f"simavr_run exit {run.returncode}"
        return r
    marks = {int(m): int(c) for m, c in re.findall(r"simavr_run: mark (\d+) cycles=(\d+)", run.stderr)}
    empty = marks.get(EMPTY_MARK)
    for number, name in MARKS.items():
        if number in marks and empty is not None:
            r[name] = marks[number] - empty
    r["empty_call"] = empty
    uno_elf, _, _ = embedded.compile_sketch(src, folder, "uno", out)
    if uno_elf:
        flash, ram = embedded.avr_memory(uno_elf)
        uno_flash, uno_ram = embedded.board_limits("uno")
        r["uno"] = flash <= uno_flash and ram <= uno_ram
    else:
        r["uno"] = False
    return r


def xtensa_figures(src, out, folder):
    elf, log = embedded.build_xtensa(src, folder, out)
    if not elf:
        return {"error": "does not compile for the lx106"}
    code, output = embedded.run_xtensa(elf)
    if code != 0:
        return {"error": f"harness exit {code}"}
    r = {name: int(n) for name, n in re.findall(r"^(\w+) instructions=(\d+)$", output, re.M)}
    r["code"] = embedded.stage_code_bytes("xtensa-lx106-elf-nm", elf, embedded.namespace_of(src, folder))
    return r


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
    cells[COLUMNS[4]] = "yes" if a.get("uno") else "no"
    if "error" in x:
        cells[COLUMNS[5]] = x["error"]
    elif x:
        cells[COLUMNS[5]], cells[COLUMNS[6]], cells[COLUMNS[7]] = (num(x.get(k)) for k in MARKS.values())
        cells[COLUMNS[8]] = num(x.get("code"))
    return cells


def print_table(report):
    cols = ["stage"] + report["columns"]
    rows = [[s] + [cells.get(c, "") for c in report["columns"]] for s, cells in report["stages"].items()]
    widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(cols)]
    print(report["caption"] + "\n")
    print("| " + " | ".join(c.ljust(w) for c, w in zip(cols, widths)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in rows:
        print("| " + " | ".join(v.ljust(w) for v, w in zip(r, widths)) + " |")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build", help="CMake build folder with simavr_run (default: build)")
    ap.add_argument("--json", help="where to write the report (default: BUILD/embedded.json)")
    ap.add_argument("--stages", help="comma-separated folder prefixes (default: every sketch)")
    ap.add_argument("--from-json", help="print the table of a saved report, running nothing")
    args = ap.parse_args()
    if args.from_json:
        with open(args.from_json) as f:
            print_table(json.load(f))
        return 0

    try:
        embedded.require({**embedded.AVR_TOOLS, **embedded.XTENSA_TOOLS})
    except embedded.Skip as e:
        sys.exit(f"embedded_report.py: {e}")
    runner = os.path.join(args.build, "simavr_run")
    if not os.path.exists(runner):
        sys.exit(f"embedded_report.py: {runner} not found (build first: cmake --build {args.build} --target simavr_run)")
    out = os.path.join(args.build, "embedded")
    report = {"caption": CAPTION, "columns": COLUMNS, "stages": {}, "raw": {}}
    for folder in stage_folders(ROOT, args.stages):
        print(f"{folder} ...", file=sys.stderr, flush=True)
        raw = {"avr": avr_figures(ROOT, out, runner, folder)}
        if re.match(r"s\d\d_", folder):
            raw["xtensa"] = xtensa_figures(ROOT, out, folder)
        report["raw"][folder] = raw
        report["stages"][folder] = row(raw)
    path = args.json or os.path.join(args.build, "embedded.json")
    with open(path, "w") as f:
        json.dump(report, f, indent=1)
    print_table(report)
    print(f"\nwritten: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
