#!/usr/bin/env python3
"""Turns captured ESP32 Serial logs of the sketches into ESP32 columns.

    python3 lab.py esp32-column LOG... [--merge build/embedded.json]

On an ESP32 every sketch prints one `result` line (see the top comment of any .ino):
    result stage=s05_cell91 board=esp32 cpu_mhz=240 flipscan_cycles=C flipscan_reps=100
           legalmoves_cycles=C legalmoves_reps=100 play_cycles=C play_reps=1000 stack_free=B
    result stage=e06_endgame board=esp32 cpu_mhz=240 solve_cycles=C solve_nodes=N stack_free=B
    result stage=go_capture board=esp32 cpu_mhz=240 stack_free=B
(CPU cycles per operation from ESP.getCycleCount(), averaged over the reps; B: bytes of
the loop task's stack never used, from uxTaskGetStackHighWaterMark). Save the Serial
Monitor's text of each sketch to a file (or all of them to one file) and pass the files
here. A sketch run more than once gets the median of its runs (the least stack left free).

Prints the columns as tables; with --merge it also adds them to the embedded report
(bench/embedded_report.py's JSON): stage rows, search step rows and the memory table,
which the docs are regenerated from (python3 lab.py update-docs --embedded).
"""
import argparse
import json
import statistics
import sys

OPS = [("flipscan", "ESP32 flip scan (cycles)"), ("legalmoves", "ESP32 legalMoves (cycles)"),
       ("play", "ESP32 play (cycles)")]
MHZ_COLUMN = "ESP32 CPU (MHz)"
SOLVE_COLUMNS = ["ESP32 solve (cycles)", "ESP32 cycles / node"]
STACK_COLUMN = "ESP32 loop stack never used (bytes)"
CAPTION_NOTE = " ESP32: CPU cycles from ESP.getCycleCount() on a real board (bench/esp32_column.py)."


def parse(paths):
    """{sketch: [{key: int}]} from every `result ... board=esp32 ...` line of the logs."""
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
                    values["cpu_mhz"]
                except (KeyError, ValueError):
                    sys.exit(f"esp32_column.py: {path}:{number}: not a complete result line: {line}")
                runs.setdefault(stage, []).append(values)
    return runs


def median(rs, key):
    return round(statistics.median(r[key] for r in rs))


def columns(runs):
    """({stage: cells}, {step: cells}, {sketch: cells}): the stage, step and memory columns."""
    stages, steps, memory = {}, {}, {}
    for name, rs in sorted(runs.items()):
        mhz = ", ".join(str(m) for m in sorted({r["cpu_mhz"] for r in rs}))
        runs_note = f" (median of {len(rs)})" if len(rs) > 1 else ""
        if all(op + "_cycles" in r for r in rs for op, _ in OPS):
            stages[name] = {title: f"{median(rs, op + '_cycles'):,}" for op, title in OPS}
            stages[name][OPS[0][1]] += runs_note
            stages[name][MHZ_COLUMN] = mhz
        if all("solve_cycles" in r and r.get("solve_nodes") for r in rs):
            cycles = median(rs, "solve_cycles")
            steps[name] = {SOLVE_COLUMNS[0]: f"{cycles:,}{runs_note}",
                           SOLVE_COLUMNS[1]: f"{round(cycles / median(rs, 'solve_nodes')):,}", MHZ_COLUMN: mhz}
        if all("stack_free" in r for r in rs):
            memory[name] = {STACK_COLUMN: f"{min(r['stack_free'] for r in rs):,}"}
    return stages, steps, memory


def print_table(first, titles, rows):
    if not rows:
        return
    print(f"| {first} | " + " | ".join(titles) + " |")
    print("|---" * (len(titles) + 1) + "|")
    for name, c in rows.items():
        print(f"| {name} | " + " | ".join(c.get(t, "") for t in titles) + " |")
    print()


def merge(path, runs, stages, steps, memory):
    """Adds the columns to the embedded report at `path` and rebuilds its page sections (docs/esp32.md, the step pages)."""
    from bench import embedded_report  # its sections are rebuilt from the merged report
    with open(path) as f:
        report = json.load(f)
    for key, cols, rows in (("columns", [t for _, t in OPS] + [MHZ_COLUMN], stages),
                            ("step_columns", SOLVE_COLUMNS + [MHZ_COLUMN], steps),
                            ("memory_columns", [STACK_COLUMN], memory)):
        if not rows:
            continue
        report.setdefault(key, [])
        report[key] += [c for c in cols if c not in report[key]]
        table = {"columns": "stages", "step_columns": "steps", "memory_columns": "memory"}[key]
        for name, c in rows.items():
            report.setdefault(table, {}).setdefault(name, {}).update(c)
    for name, rs in runs.items():
        report.setdefault("raw", {}).setdefault(name, {})["esp32"] = rs
    for caption in ("caption", "step_caption", "memory_caption"):
        if caption in report:
            report[caption] = report[caption].replace(CAPTION_NOTE, "") + CAPTION_NOTE
    if "memory" in report and "go_frames" in report.get("raw", {}):
        report["sections"] = embedded_report.make_sections(report)
    with open(path, "w") as f:
        json.dump(report, f, indent=1)
    print(f"merged into {path}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("logs", nargs="+", help="captured Serial output, one or more sketches per file")
    ap.add_argument("--merge", help="add the columns to this embedded report JSON (rewritten in place)")
    args = ap.parse_args()
    runs = parse(args.logs)
    if not runs:
        sys.exit("esp32_column.py: no `result ... board=esp32` line in the logs "
                 "(was the sketch built for an ESP32, and the whole output captured?)")
    stages, steps, memory = columns(runs)
    print_table("stage", [t for _, t in OPS] + [MHZ_COLUMN], stages)
    print_table("step", SOLVE_COLUMNS + [MHZ_COLUMN], steps)
    print_table("sketch", [STACK_COLUMN], memory)
    if args.merge:
        merge(args.merge, runs, stages, steps, memory)
    return 0


if __name__ == "__main__":
    sys.exit(main())
