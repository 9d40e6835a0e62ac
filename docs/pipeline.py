"""The docs pipeline: every measurement that feeds the pages, in the order `./lab docs` runs
them, with the data it writes and the generated blocks it feeds (docs/blocks.py's WRITERS
says who writes each block into its page; this table says what has to run first).

    python3 lab.py pipeline              print the steps, in order, with their commands
    python3 lab.py pipeline --run        run them all, the build first (./lab docs)
    python3 lab.py pipeline --run --from NAME   go on from one step (a stopped run)
    python3 lab.py pipeline --run --only NAME   run one step, timed like the others

Each step that succeeds is timed by the clock into the store (docs/facts/pipeline.json, this
module its one writer), keyed by the step and the CPU; a step run again replaces its time.
docs/layout.md's `pipeline-times` block is written from those facts, so the time `./lab docs`
takes is a measured fact too: every step's latest time on one CPU, and their sum where that
CPU has them all. After a run the pages are written again from the store (update-docs
--source, no measurement), so the block carries the run's own times.

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

from bench import report as bench  # bench/report.py: how a CPU and a machine are named
from docs import blocks
from docs import store  # docs/store.py: the store of facts

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def target(name):
    """The command that builds CMake target `name` in the default build (build/)."""
    return ["cmake", "--build", "--preset", "default", "--target", name]


def tool(*argv):
    """The command that runs one of the Python tools (lab.py)."""
    return [sys.executable, os.path.join(ROOT, "lab.py"), *argv]


# (name, command, data it writes, what it measures, generated blocks it feeds). In run order:
# the build; the slow valgrind and match reports, each writing its own data; then
# update-docs, which reruns the embedded report and every benchmark and rewrites every block
# from all the data at once, so every page ends on the same data; last the site.
PIPELINE = [
    ("build", ["cmake", "--build", "--preset", "default", "--target", "all", "benches"], "build/",
     "(nothing: every program and benchmark the steps below run)", []),
    ("page-counts", target("page-counts"), "docs/facts/counts.json (the store)",
     "instructions (callgrind) of the runs a page names in its `<!-- counts-runs: ... -->` line", ["counts"]),
    ("verdicts", target("verdicts"), "docs/facts/pairs.json, docs/facts/why.json (the store)",
     "s11 against s10 and any timing claim the bench report does not time, both sides interleaved in each of "
     "three processes; "
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
     "the last step at level 7 and 1 s a move, its solves on 2 threads, against gtp-rhino -l 5", ["match-1s"]),
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
    ("ablation-e12", target("ablation-e12"), "docs/facts/ablation.json (the store)",
     "step 12's weights against step 07's, FFO #40-#44, one thread, interleaved rounds", ["ablation", "verdict"]),
    ("ablation-e12-deeper", target("ablation-e12-deeper"), "docs/facts/ablation.json (the store)",
     "the same on FFO #45-#49", ["ablation-deeper"]),
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
# Blocks that the run of the steps feeds, not one step: each step's time (run()).
FROM_THE_RUN = ["pipeline-times"]


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
    fed.update(FROM_THE_CODE + FROM_THE_RUN)
    found += [f"docs/blocks.py: block '{b}' is fed by no step of docs/pipeline.py (nor by the code or the run alone)"
              for b in blocks.WRITERS if b not in fed]
    return found


WRITER = "docs/pipeline.py"
STORE_FILE = "pipeline.json"
TIMED = "./lab docs step, wall time"  # a fact's "what": one step's time by the clock
SUBJECT = "docs pipeline"
FRESH = " (from scratch)"  # the build step's workload when build/ held no program before it


def step_fact(name, seconds, cpu, stamp, how, commit):
    """The fact of one timed step: its key (the step, this CPU), its seconds by the clock."""
    fact = store.fact_maker(how, run=stamp, platform="host", cpu=cpu)
    return fact(TIMED, name, SUBJECT, {"seconds": round(seconds, 1), "commit": commit, "machine": bench.machine()})


def timed_as(name):
    """The workload a step's time is kept under: its name; the build's says whether it built
    from scratch (no program in build/ before it), the only build time the sum counts."""
    if name != "build":
        return name
    return name + (" (on an existing build)" if os.path.exists(os.path.join(ROOT, "build", "reversi-lab")) else FRESH)


def run(start, steps=None, folder=store.FOLDER, refresh=True, only=False):
    """Runs the steps from `start` on (only `start`, if `only`), in order, each timed into
    the store; stops at the first that fails (a failed step is not a time: nothing is
    recorded for it). Then, if any step was timed and `refresh`, the pages are written
    again from the store."""
    steps = PIPELINE if steps is None else steps
    names = [step[0] for step in steps]
    if start not in names:
        print(f"pipeline: no step {start!r} (the steps: {', '.join(names)})", file=sys.stderr)
        return 2
    cpu, stamp, code = bench.cpu_name(bench.cpuinfo()), store.run_stamp(), 0
    how = "python3 lab.py pipeline --run" + (f" --only {start}" if only else
                                             f" --from {start}" if start != names[0] else "")
    first = names.index(start)
    timed = 0
    for name, command, _, _, _ in steps[first:first + 1] if only else steps[first:]:
        workload = timed_as(name)  # before the step: the build's depends on what it finds
        print(f"pipeline: {name}: {' '.join(command)}", flush=True)
        began = time.monotonic()
        code = subprocess.run(command, cwd=ROOT).returncode
        seconds = time.monotonic() - began
        print(f"pipeline: {name}: {seconds:.0f} s, exit {code}", flush=True)
        if code != 0:
            print(f"pipeline: stopped at '{name}'; go on with: python3 lab.py pipeline --run --from {name}",
                  file=sys.stderr)
            break
        try:
            store.record(WRITER, STORE_FILE, [step_fact(workload, seconds, cpu, stamp, how, bench.commit())], folder)
        except (store.FactError, OSError) as e:
            print(f"pipeline: the store refused the time of '{name}': {e}", file=sys.stderr)
            return 1
        timed += 1
    if timed and refresh:
        again = subprocess.run(tool("update-docs", "--source", ROOT), cwd=ROOT)
        if again.returncode != 0:
            print("pipeline: writing the pages again from the store failed", file=sys.stderr)
            return code or again.returncode
    return code


def duration(seconds):
    """"2 h 07 min (7,626 s)", "14 min 06 s (846 s)", "31 s": a time by the clock."""
    s = round(seconds)
    if s < 60:
        return f"{s} s"
    h, m = divmod(s // 60, 60)
    text = f"{h} h {m:02d} min" if h else f"{m} min {s % 60:02d} s"
    return f"{text} ({s:,} s)"


def times(store_facts, steps=None):
    """The `pipeline-times` block of docs/layout.md: each step's latest time by the clock,
    per CPU, from the store; the sum on a CPU where every step is timed (the build from
    scratch), else what is missing there."""
    steps = PIPELINE if steps is None else steps
    mine = [f for f in store_facts if f.get("writer") == WRITER and f["key"]["what"] == TIMED]
    if not mine:
        return ("No step has been timed yet: `./lab docs` (or `python3 lab.py pipeline --run`) times each step "
                "into docs/facts/pipeline.json as it runs.\n")
    cpus = sorted({f["key"]["cpu"] for f in mine}, key=lambda c: max(f["run"] for f in mine if f["key"]["cpu"] == c),
                  reverse=True)
    wanted = [name + (FRESH if name == "build" else "") for name, *_ in steps]
    out = ["Each step's latest time by the clock, as `python3 lab.py pipeline --run` took it (docs/facts/pipeline.json); "
           "the build counts only from scratch. Other work on the machine lengthens these times.", ""]
    for cpu in cpus:
        on = {f["key"]["workload"]: f for f in mine if f["key"]["cpu"] == cpu}
        have = [w for w in wanted if w in on]
        total = sum(on[w]["value"]["seconds"] for w in have)
        missing = [w for w in wanted if w not in on]
        head = (f"**{cpu}**: every step timed, together **{duration(total)}**." if not missing else
                f"**{cpu}**: {len(have)} of {len(wanted)} steps timed, together {duration(total)}; not timed there "
                f"yet: {', '.join(f'`{w}`' for w in missing)}.")
        out += [head, "", "| step | time by the clock | when | commit |", "|---|---:|---|---|"]
        out += [f"| `{w}` | {duration(on[w]['value']['seconds'])} | {on[w]['run']} | {on[w]['value']['commit']} |"
                for w in have]
        out += [f"| `{w}` | ({'on an existing build' if w.startswith('build') else 'no longer a step'}: not counted) "
                f"| {on[w]['run']} | {on[w]['value']['commit']} |" for w in on if w not in wanted]
        out.append("")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description="The docs pipeline, in the order ./lab docs runs it.")
    ap.add_argument("--run", action="store_true", help="run the steps, the build first")
    ap.add_argument("--from", dest="start", default=PIPELINE[0][0], help="the step to start at (with --run)")
    ap.add_argument("--only", help="run this one step, timed like the others (with --run)")
    args = ap.parse_args()
    if (args.start != PIPELINE[0][0] or args.only) and not args.run:
        ap.error("--from and --only go with --run")
    if args.only and args.start != PIPELINE[0][0]:
        ap.error("--from and --only exclude each other")
    wrong = problems()
    if wrong:
        print("\n".join(wrong), file=sys.stderr)
        return 1
    if args.run:
        return run(args.only or args.start, only=bool(args.only))
    sys.stdout.write(table())
    return 0


if __name__ == "__main__":
    sys.exit(main())
