#!/usr/bin/env python3
"""Turns captured ESP32 Serial logs of the stage sketches into an ESP32 column.

    bench/esp32_column.py LOG... [--merge build/embedded.json]

Each sketch, on an ESP32, prints one line (see any stages/sNN_name/sNN_name.ino):
    result stage=s05_cell91 board=esp32 cpu_mhz=240 flipscan_cycles=C flipscan_reps=100
           legalmoves_cycles=C legalmoves_reps=100 play_cycles=C play_reps=1000
(CPU cycles per operation from ESP.getCycleCount(), averaged over the reps). Save the
Serial Monitor's text of each stage to a file (or all stages to one file) and pass the
files here. When a stage was run more than once, the median of its runs is used.

Prints the column as a table; with --merge it also adds the column to the embedded
report (bench/embedded_report.py's JSON), which the docs are regenerated from.
"""
import argparse
import json
import statistics
import sys

OPS = [("flipscan", "ESP32 flip scan (cycles)"), ("legalmoves", "ESP32 legalMoves (cycles)"),
       ("play", "ESP32 play (cycles)")]
MHZ_COLUMN = "ESP32 CPU (MHz)"


def parse(paths):
    """{stage: [{key: int}]} from every `result ... board=esp32 ...` line of the logs."""
    runs = {}
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                line = line.strip()
                if not line.startswith("result ") or "board=esp32" not in line.split():
                    continue
                fields = dict(tok.split("=", 1) for tok in line.split()[1:] if "=" in tok)
                try:
                    values = {k: int(v) for k, v in fields.items() if k not in ("stage", "board")}
                    stage = fields["stage"]
                    for op, _ in OPS:
                        values[op + "_cycles"]
                except (KeyError, ValueError):
                    sys.exit(f"esp32_column.py: {path}:{number}: not a complete result line: {line}")
                runs.setdefault(stage, []).append(values)
    return runs


def column(runs):
    """{stage: {column: text}} with the median over each stage's runs."""
    cells = {}
    for stage, rs in sorted(runs.items()):
        c = {title: f"{round(statistics.median(r[op + '_cycles'] for r in rs)):,}" for op, title in OPS}
        mhz = sorted({r.get("cpu_mhz") for r in rs})
        c[MHZ_COLUMN] = ", ".join(str(m) for m in mhz)
        if len(rs) > 1:
            c[OPS[0][1]] += f" (median of {len(rs)})"
        cells[stage] = c
    return cells


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("logs", nargs="+", help="captured Serial output, one or more stages per file")
    ap.add_argument("--merge", help="add the column to this embedded report JSON (rewritten in place)")
    args = ap.parse_args()
    runs = parse(args.logs)
    if not runs:
        sys.exit("esp32_column.py: no `result ... board=esp32` line in the logs "
                 "(was the sketch built for an ESP32, and the whole output captured?)")
    cells = column(runs)
    titles = [t for _, t in OPS] + [MHZ_COLUMN]
    print("| stage | " + " | ".join(titles) + " |")
    print("|---" * (len(titles) + 1) + "|")
    for stage, c in cells.items():
        print(f"| {stage} | " + " | ".join(c[t] for t in titles) + " |")
    if args.merge:
        with open(args.merge) as f:
            report = json.load(f)
        for t in titles:
            if t not in report["columns"]:
                report["columns"].append(t)
        for stage, c in cells.items():
            report["stages"].setdefault(stage, {}).update(c)
            report.setdefault("raw", {}).setdefault(stage, {})["esp32"] = runs[stage]
        report["caption"] = report.get("caption", "").replace(" ESP32: CPU cycles from ESP.getCycleCount() "
                                                             "on a real board (bench/esp32_column.py).", "")
        report["caption"] += " ESP32: CPU cycles from ESP.getCycleCount() on a real board (bench/esp32_column.py)."
        with open(args.merge, "w") as f:
            json.dump(report, f, indent=1)
        print(f"\nmerged into {args.merge}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
