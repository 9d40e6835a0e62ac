"""The docs pipeline: every measurement that feeds the pages, in the order `./lab docs` runs
them, with the data it writes and the generated blocks it feeds (docs/blocks.py's WRITERS
says who writes each block into its page; this table says what has to run first).

    python3 lab.py pipeline              print the steps, in order, with their commands
    python3 lab.py pipeline --run        run them all (./lab docs, after the build)
    python3 lab.py pipeline --run --from NAME   go on from one step (a stopped run)

docs/layout.md's table "From a measurement to a page" is written from PIPELINE (its
`pipeline` block, by docs/update_docs.py), and docs:truth fails on a block that a step
names and WRITERS does not have, or on a block WRITERS has that no step and no page
structure feeds.
"""
import argparse
import os
import subprocess
import sys
import time

from docs import blocks

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def target(name):
    """The command that builds CMake target `name` in the default build (build/)."""
    return ["cmake", "--build", "--preset", "default", "--target", name]


def tool(*argv):
    """The command that runs one of the Python tools (lab.py)."""
    return [sys.executable, os.path.join(ROOT, "lab.py"), *argv]


# (name, command, data it writes, what it measures, generated blocks it feeds). In run order:
# the slow valgrind and match reports first, each writing its own data; then update-docs,
# which reruns the embedded report and every benchmark and rewrites every block from all
# the data at once, so every page ends on the same data; last the site.
PIPELINE = [
    ("page-counts", target("page-counts"), "docs/facts/counts.json (the store)",
     "instructions (callgrind) of the runs a page names in its `<!-- counts-runs: ... -->` line", ["counts"]),
    ("verdicts", target("verdicts"), "docs/facts/pairs.json, docs/facts/why.json (the store)",
     "s11 against s10 and any timing claim the bench report does not time, in one process, interleaved; "
     "the counts and hot loops (callgrind, objdump) behind each listed slowdown", ["one-process", "claims", "why"]),
    ("xtensa-builds", ["ctest", "--preset", "default", "-R", "^(s05|s07|s08):xtensa$"], "build/embedded/",
     "the lx106 builds of stages 05, 07 and 08, which flash-cache reads", []),
    ("flash-cache", target("flash-cache"), "docs/facts/flash.json (the store)",
     "s05's, s07's and s08's table reads through a model of the ESP32 flash cache (valgrind)", ["flash-cache"]),
    ("perft-speed", target("perft-speed"), "docs/facts/perft.json (the store)",
     "plain, hashed and threaded perft in interleaved rounds, stages 09 to 11; the SIMD kernels' instructions",
     ["perft-speed", "instructions"]),
    ("match-report", target("match-report"), "docs/facts/matches.json (the store)",
     "level 7 against gtp-rhino at its levels 1 to 5 (about an hour of games)", ["match"]),
    ("match-timed", target("match-timed"), "docs/facts/matches.json (the store)",
     "the last step at level 7 and 5 s a move against gtp-rhino -l 5", ["match-timed"]),
    ("match-1s", target("match-1s"), "docs/facts/matches.json (the store)",
     "the last step at level 7 and 1 s a move against gtp-rhino -l 5", ["match-1s"]),
    ("ablation-e04", target("ablation-e04"), "docs/facts/ablation.json (the store)",
     "step 04 with each of its ideas switched off alone, FFO #1-#19, interleaved rounds", ["ablation"]),
    ("ablation", target("ablation"), "docs/facts/ablation.json (the store)",
     "step 06 with each of its ideas switched off alone, FFO #40-#44, interleaved rounds", ["ablation"]),
    ("ablation-e08", target("ablation-e08"), "docs/facts/ablation.json (the store)", "the same for step 08's ideas", ["ablation"]),
    ("ablation-e09", target("ablation-e09"), "docs/facts/ablation.json (the store)",
     "the same for step 09's (against step 08's solver)", ["ablation"]),
    ("ablation-e10", target("ablation-e10"), "docs/facts/ablation.json (the store)", "the same for step 10's (against step 09)",
     ["ablation"]),
    ("ablation-e10-deeper", target("ablation-e10-deeper"), "docs/facts/ablation.json (the store)",
     "step 10's stability bound and count of replies, each off alone, on FFO #45-#49", ["ablation-deeper"]),
    ("parallel-speedup", target("parallel-speedup"), "docs/facts/parallel.json (the store)",
     "step 11 on FFO #40-#49, on one thread then two, interleaved rounds", ["parallel", "verdict"]),
    ("duel-report", target("duel-report"), "docs/facts/duels.json (the store), build/duel-report.json",
     "each search step against the one before at a million nodes a move (half an hour)",
     ["duel", "duel-verdict", "duel-timed"]),
    ("update-docs", target("update-docs"),
     "docs/facts/embedded.json and docs/facts/bench.json (the store), then every page",
     "the embedded report (simavr, QEMU) and every stage's and step's Google Benchmark; then every generated "
     "block from all the data files at once, with the plots, the example sessions and the layout pictures",
     ["numbers", "search", "verdict", "perft-fast", "machine", "measured-on", "embedded", "embedded-step",
      "embedded-timed", "esp32-memory", "esp32-steps", "esp32-go-stack", "kept", "ffo-long", "ffo-published", "learning",
      "transcript-*", "verdicts-ja", "lesson-*", "lessons-sources"]),
    ("exercises-proof", tool("exercises", "proof", "--store"), "docs/facts/exercises.json (the store)",
     "every exercise's untouched start and reference solution against the start, the planted bugs", []),
    ("exercises-pages", tool("exercises", "pages"), "the exercises' pages",
     "(nothing: it writes the proof's ratios into the pages)", ["exercise", "exercises", "exercises-list",
                                                                 "exercises-measured"]),
    ("site", target("docs"), "build/docs/html", "(nothing: Doxygen builds the site from the pages)", []),
]

# Blocks that follow from the code and the folders alone: no measurement feeds them, and
# update-docs rewrites them on every run (docs:generated fails when one is stale).
FROM_THE_CODE = ["navtop", "navbottom", "stages", "steps", "diff", "step-files", "block-writers", "pipeline"]


def table():
    """The `pipeline` block of docs/layout.md: PIPELINE as a Markdown table, in run order."""
    rows = ["| # | step (`./lab docs` runs them in this order) | writes | what it measures | blocks it feeds |",
            "|---|---|---|---|---|"]
    for n, (name, command, writes, measures, fed) in enumerate(PIPELINE, 1):
        shown = " ".join("python3 lab.py" if part.endswith("lab.py") else part
                         for part in command if part != sys.executable)
        shown = shown.replace("|", "\\|")  # a bar inside a table cell would end the cell
        fed_text = ", ".join(f"`{b}`" for b in fed) or "(none)"
        rows.append(f"| {n} | `{name}`: `{shown}` | {writes} | {measures} | {fed_text} |")
    return "\n".join(rows) + "\n"


def problems():
    """Where PIPELINE and docs/blocks.py's WRITERS disagree: a block a step feeds that WRITERS
    lacks, a block WRITERS has that neither a step nor FROM_THE_CODE feeds, a name twice."""
    found, fed = [], set()
    names = [step[0] for step in PIPELINE]
    found += [f"docs/pipeline.py: step '{n}' listed twice" for n in set(names) if names.count(n) > 1]
    for name, _, _, _, blocks_fed in PIPELINE:
        for block in blocks_fed:
            if block not in blocks.WRITERS:
                found.append(f"docs/pipeline.py: step '{name}' feeds '{block}', which docs/blocks.py's WRITERS lacks")
            fed.add(block)
    fed.update(FROM_THE_CODE)
    found += [f"docs/blocks.py: block '{b}' is fed by no step of docs/pipeline.py (nor by the code alone)"
              for b in blocks.WRITERS if b not in fed]
    return found


def run(start):
    """Runs the steps from `start` on, in order, each timed; stops at the first that fails."""
    names = [step[0] for step in PIPELINE]
    if start not in names:
        print(f"pipeline: no step {start!r} (the steps: {', '.join(names)})", file=sys.stderr)
        return 2
    for name, command, _, _, _ in PIPELINE[names.index(start):]:
        print(f"pipeline: {name}: {' '.join(command)}", flush=True)
        began = time.monotonic()
        code = subprocess.run(command, cwd=ROOT).returncode
        print(f"pipeline: {name}: {time.monotonic() - began:.0f} s, exit {code}", flush=True)
        if code != 0:
            print(f"pipeline: stopped at '{name}'; go on with: python3 lab.py pipeline --run --from {name}",
                  file=sys.stderr)
            return code
    return 0


def main():
    ap = argparse.ArgumentParser(description="The docs pipeline, in the order ./lab docs runs it.")
    ap.add_argument("--run", action="store_true", help="run the steps (after the build)")
    ap.add_argument("--from", dest="start", default=PIPELINE[0][0], help="the step to start at (with --run)")
    args = ap.parse_args()
    if args.start != PIPELINE[0][0] and not args.run:
        ap.error("--from goes with --run")
    wrong = problems()
    if wrong:
        print("\n".join(wrong), file=sys.stderr)
        return 1
    if args.run:
        return run(args.start)
    sys.stdout.write(table())
    return 0


if __name__ == "__main__":
    sys.exit(main())
