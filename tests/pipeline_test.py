#!/usr/bin/env python3
"""`./lab docs` times itself: docs/pipeline.py's run() records each step that succeeds, by the
clock, into the store, and the layout page's `pipeline-times` block is written from those facts.

- steps run in order; each one that succeeds leaves one fact (the step, this CPU, its seconds,
  at least what the step slept); the first that fails stops the run with its exit code and
  leaves no time, and no later step runs;
- a step run again (`--only`: that step alone) replaces its time (one value per key); `--from`
  an unknown step is exit 2;
- the block names each timed step's time, states the sum only where every step is timed, and
  otherwise names the steps that are missing;
- the repository's PIPELINE and docs/blocks.py's WRITERS agree (every block fed, the new
  `pipeline-times` block by the run itself).

    python3 lab.py pipeline-test     (CTest docs:pipeline)
"""
import os
import sys
import tempfile

from bench import report  # how the CPU is named, as run() names it
from docs import pipeline, store


def step(name, code="", sleep=0.0):
    """A step of the fake pipeline: a Python child that sleeps, then runs `code`."""
    return (name, [sys.executable, "-c", f"import sys, time; time.sleep({sleep}); {code or 'pass'}"], "", "", [])


def timed(folder):
    """{step: seconds} of the fake pipeline's facts in the store `folder`."""
    return {f["key"]["workload"]: f["value"]["seconds"] for f in store.load(folder).values()
            if f["writer"] == pipeline.WRITER and f["key"]["what"] == pipeline.TIMED}


def check(ok, what):
    if not ok:
        sys.exit(f"FAIL: {what}")


def runs_and_stops(folder, marker):
    steps = [step("one", sleep=0.3), step("two", sleep=0.2), step("three", "sys.exit(3)"),
             step("four", f"open({marker!r}, 'w').close()")]
    code = pipeline.run("one", steps, folder, refresh=False)
    check(code == 3, f"a failing step's exit code is the run's: got {code}, not 3")
    got = timed(folder)
    check(set(got) == {"one", "two"}, f"the steps timed are {sorted(got)}, not the two that succeeded")
    check(0.3 <= got["one"] < 30 and 0.2 <= got["two"] < 30, f"times by the clock below what the steps slept: {got}")
    check(not os.path.exists(marker), "a step after the failing one ran")
    cpu = report.cpu_name(report.cpuinfo())
    check(all(f["key"]["cpu"] == cpu for f in store.load(folder).values()), "a time not keyed by this CPU")
    text = pipeline.times(list(store.load(folder).values()), steps)
    check("2 of 4 steps timed" in text and "`three`, `four`" in text and "every step timed" not in text,
          f"the block of a part-timed list states a sum or hides what is missing:\n{text}")
    return steps


def again_and_whole(folder, steps, marker):
    fixed = steps[:2] + [step("three"), step("four")]
    check(pipeline.run("three", fixed, folder, refresh=False) == 0, "the run from 'three' failed")
    marking = [fixed[0], step("two", f"open({marker!r}, 'w').close()")] + fixed[2:]
    check(pipeline.run("one", marking, folder, refresh=False, only=True) == 0, "a step run again (--only) failed")
    check(not os.path.exists(marker), "--only ran the step after its own")
    got = timed(folder)
    check(len(store.load(folder)) == 4 and set(got) == {"one", "two", "three", "four"},
          f"a step run again did not replace its time: {sorted(got)}")
    text = pipeline.times(list(store.load(folder).values()), fixed)
    total = pipeline.duration(sum(got.values()))
    check(f"every step timed, together **{total}**" in text, f"the whole list's sum is not {total}:\n{text}")
    for name, seconds in got.items():
        check(f"| `{name}` | {pipeline.duration(seconds)} |" in text, f"step {name}'s time is not in the block")
    check(pipeline.run("nothing", fixed, folder, refresh=False) == 2, "--from an unknown step is not exit 2")


def main():
    check(pipeline.duration(7626) == "2 h 07 min (7,626 s)" and pipeline.duration(846) == "14 min 06 s (846 s)"
          and pipeline.duration(31.4) == "31 s", "durations are not written as the page writes them")
    check("No step has been timed yet" in pipeline.times([]), "an empty store does not say nothing is timed")
    wrong = pipeline.problems()
    check(not wrong, "PIPELINE and WRITERS disagree: " + "; ".join(wrong))
    with tempfile.TemporaryDirectory() as d:
        folder = os.path.join(d, "facts")
        os.mkdir(folder)
        steps = runs_and_stops(folder, os.path.join(d, "ran"))
        again_and_whole(folder, steps, os.path.join(d, "ran too"))
    print("pipeline: steps timed into the store, a failure stops the run untimed, a rerun replaces its time; "
          "the block sums only a fully timed list")
    return 0


if __name__ == "__main__":
    sys.exit(main())
