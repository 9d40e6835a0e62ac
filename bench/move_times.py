#!/usr/bin/env python3
"""How long the engine's moves take by the clock under `--time T`: one GTP session per
T, the engine playing both sides (genmove b, genmove w, ...) for MOVES moves, each move
timed from the command sent to the answer read. Prints, per T, the longest move, the
median, and how many moves took more than T plus 5 % (the time control's promise).

    python3 lab.py move-times [--build build] [--time 0.1 1] [--moves 40] [--level 7]

A measurement, not a test: run it on a machine that does nothing else (two sessions at
once share the cores, and the longest move is then the machine's, not the engine's).
The clock starts after the session has answered `protocol_version`: the program's start
and the table lent when a clock is set (lendTimedTable) are not a move's.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time


def ask(proc, command):
    """Sends one GTP command; returns the answer's lines (the blank line ends it)."""
    proc.stdin.write(command + "\n")
    proc.stdin.flush()
    lines = []
    while True:
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the engine closed the session after {command!r}")
        if line.strip():
            lines.append(line.strip())
        elif lines:
            return lines


def move_times(exe, seconds, moves, level):
    """The wall time of each move of one self-played game under --time seconds."""
    proc = subprocess.Popen([exe, "gtp", "--time", str(seconds), "--level", str(level)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    try:
        ask(proc, "protocol_version")
        times, colour, passes = [], "b", 0
        for _ in range(moves):
            t0 = time.perf_counter()
            answer = ask(proc, "genmove " + colour)
            times.append(time.perf_counter() - t0)
            if answer[0].startswith("?"):
                raise RuntimeError(f"genmove {colour}: {answer[0]}")
            passes = passes + 1 if answer[0].lower() == "= pass" else 0
            if passes == 2:  # the game is over
                break
            colour = "w" if colour == "b" else "b"
        ask(proc, "quit")
        return times
    finally:
        proc.kill()
        proc.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build", help="the build folder with reversi-lab (default: build)")
    ap.add_argument("--time", type=float, nargs="+", default=[0.1, 1.0], help="seconds a move (default: 0.1 1)")
    ap.add_argument("--moves", type=int, default=40, help="moves of each game (default: 40)")
    ap.add_argument("--level", type=int, default=7, help="the engine's level (default: 7, the deepest)")
    args = ap.parse_args()
    exe = os.path.join(args.build, "reversi-lab")
    if not os.access(exe, os.X_OK):
        print(f"move_times.py: {exe} not found (cmake --build {args.build} --target reversi-lab)", file=sys.stderr)
        return 2
    if args.moves < 1 or any(not 0 < t <= 3600 for t in args.time):
        print("move_times.py: --moves from 1, --time more than 0 and at most 3600", file=sys.stderr)
        return 2
    for seconds in args.time:
        try:
            times = move_times(exe, seconds, args.moves, args.level)
        except RuntimeError as e:
            print(f"move_times.py: {e}", file=sys.stderr)
            return 1
        late = [f"move {i + 1}: {t * 1000:.1f} ms" for i, t in enumerate(times) if t > seconds * 1.05]
        print(f"--time {seconds:g}: {len(times)} moves, longest {max(times) * 1000:.1f} ms, median "
              f"{statistics.median(times) * 1000:.1f} ms; over {seconds * 1050:.0f} ms: {len(late)}"
              + (f" ({', '.join(late)})" if late else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
