#!/usr/bin/env python3
"""A compare executable: a short run measures both sides in one process, and bad input
gets one line on stderr and exit 2.

    python3 lab.py compare-test stages BENCH_COMPARE       (two stages: bench:compare)
    tests/compare_test.py steps BENCH_STEP_COMPARE   (two steps: bench:step-compare)
"""
import json
import subprocess
import sys

QUICK = ["--benchmark_min_time=0.01", "--benchmark_repetitions=2", "--benchmark_enable_random_interleaving=true",
         "--benchmark_format=json"]


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600)


def names(out):
    return {b["run_name"] for b in json.loads(out)["benchmarks"] if b.get("run_type") == "iteration"}


def check_stages(stages, problems):
    got = run([stages, "9", "10", "--benchmark_filter=/FlipScan$"] + QUICK)
    want = {"s09_bitboard/FlipScan", "s10_simd/FlipScan"}
    if got.returncode or names(got.stdout) != want:
        problems.append(f"bench_compare 9 10: exit {got.returncode}, ran {sorted(names(got.stdout)) if not got.returncode else '-'}")
    return [([stages, "9"], "give two stages"), ([stages, "9", "s99"], "unknown stage")]


def check_steps(steps, problems):
    got = run([steps, "2", "1", "Endgame/e8/s09_bitboard"] + QUICK)
    want = {"e02_alphabeta/Endgame/e8/s09_bitboard", "e01_minimax/Endgame/e8/s09_bitboard"}
    if got.returncode or names(got.stdout) != want:
        problems.append(f"bench_step_compare 2 1: exit {got.returncode}, ran {sorted(names(got.stdout)) if not got.returncode else '-'}")
    else:  # the same positions for both: a step's nodes do not depend on the other step
        raw = json.loads(got.stdout)["benchmarks"]
        nodes = {b["run_name"]: b["nodes"] for b in raw if b.get("run_type") == "iteration"}
        if any(n <= 0 for n in nodes.values()):
            problems.append(f"bench_step_compare 2 1: a step visited no node: {nodes}")
    return [([steps, "2", "1"], "give two steps"), ([steps, "2", "2", "Endgame/e8/s09_bitboard"], "two different"),
            ([steps, "2", "x9", "Endgame/e8/s09_bitboard"], "unknown step"),
            ([steps, "2", "1", "Endgame/e8"], "unknown workload"), ([steps, "2", "1", "Opening/e8/s09_bitboard"], "unknown workload"),
            ([steps, "2", "1", "Endgame/e8/s99"], "unknown stage"), ([steps, "2", "1", "FFO/3-1/s09_bitboard"], "unknown workload")]


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("stages", "steps"):
        sys.exit("usage: python3 lab.py compare-test stages BENCH_COMPARE | steps BENCH_STEP_COMPARE")
    problems = []
    bad = (check_stages if sys.argv[1] == "stages" else check_steps)(sys.argv[2], problems)
    for cmd, words in bad:
        got = run(cmd + ["--benchmark_min_time=0.01"])
        lines = got.stderr.strip().splitlines()
        if got.returncode != 2 or len(lines) != 1 or words not in lines[0] or got.stdout.strip():
            problems.append(f"{' '.join(cmd[1:])}: exit {got.returncode}, stderr {got.stderr.strip()!r}")
    for p in problems:
        print(p)
    print(f"{len(bad) + 1} cases: " + ("all as expected" if not problems else f"{len(problems)} wrong"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
