#!/usr/bin/env python3
"""The exercises: list them, start one, check a candidate, prove every target reachable.

    exercises.py [--source .] [--build build] list
    exercises.py [--source .] [--build build] start N
    exercises.py [--source .] [--build build] check N [--solution | --start | --dir DIR]
                 [--rounds R] [--min-time S]
    exercises.py [--source .] [--build build] proof [--store]
    exercises.py [--source .] pages [--check] [--proof build/exercises/proof.json]
    exercises.py [--source .] [--build build] self-test

An exercise is a folder exercises/NN_slug/ with exercise.json (title, start, metric,
measure, target), README.md and README.ja.md (the statement); its reference solution is
exercises/solutions/NN_slug/ (the start's files it changes, under the start's folder name;
answer.md for an exercise whose honest answer is "no gain"). The student's working copy is
exercises/work/NN_slug/<start>/, which git ignores (.gitignore), with read-only copies
beside it of what the start includes from other folders (a step's ../e01_minimax/).

`check` copies the candidate's files over a copy of the start in
build/exercises/NN_slug/KIND/stages/<start>/, beside copies of what the start includes
from other folders (tests/sketches.py follows the #include lines); refuses a copy whose
sketch differs from the start's ("incorrect", naming it); builds the start's shared test
suite on it (exercises/exercises.cmake), runs it -- a failing test makes the candidate
"incorrect", whatever its speed -- then, for a search exercise, compares its evaluation
and its scores with the start's on the measured work and a fresh set like it (and an
FFO position's with the published one: verify_scores), then measures start and
candidate: host time in one process, in paired rounds (both back to back, the order
swapped each round), the median of the rounds' ratios; exact AVR cycles of the
checker's own sketch (bench/exercise_avr.ino) in simavr, counted only when that AVR
build printed what its host build with the start prints (measure_cycles); or exact
search nodes. The last line is for scripts:

    exercise 3: correct, 1.31x (target 1.25x): done

The ratio is start / candidate of the metric (above 1 is better). Exit status: 0 done,
1 correct but not yet done or incorrect, 2 bad input (no such exercise, no working copy,
a working copy missing a file of the start's, a candidate that does not compile, or one
that changes a file outside the start's folder), 3 answered: an exercise graded by its
answer.md is never "done" here, whose reading is a person's ("answered (to be graded)").

`proof` is CI's check of the set: every starting point is correct and misses its target,
every reference solution is correct and reaches it, and the planted wrong or off-task
solutions of exercises/planted.json (at least two per exercise) are reported incorrect,
each for its own reason (the entry's "reason" is in the line). It writes what it saw to
build/exercises/proof.json; with --store it also records the untouched starts' and the
reference solutions' measured lines in the store of facts (docs/facts/exercises.json),
from which `pages` writes the exercises-measured table of exercises/README.md (or from a
saved proof.json named by --proof).
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

from docs import store  # docs/store.py: the store of measured facts
from tests import sketches  # tests/sketches.py: the files a sketch includes, followed
import lab  # lab.py: the tools' entry point, to run this checker as ./lab does

HERE = os.path.dirname(os.path.abspath(__file__))

METRICS = {"time": ("FlipScan", "LegalMoves", "Play", "Perft"), "cycles": ("flipscan", "legalmoves", "play")}
# ffo: a list as `reversi-lab solve --ffo` takes it (bench/exercise_bench.cpp reads it with the CLI's parser)
WORKLOAD = re.compile(r"^(midgame:\d+|endgame:\d+|ffo:\d+(-\d+)?(,\d+(-\d+)?)*)$")
SUITE_SECONDS = 120     # the shared suite takes seconds; more is a candidate that does not stop
MEASURE_SECONDS = 600   # a node count's or a score check's limit (the latter has its own, scaled, watchdog)
STATEMENT_HEADINGS = {"README.md": ["## The task", "## Why it should help", "## Hint", "## Do not change"],
                      "README.ja.md": ["## 課題", "## なぜ速くなるはずか", "## ヒント", "## 変えてはいけないもの"]}
BLOCK = re.compile(r"(<!-- exercise:begin -->\n).*?(<!-- exercise:end -->)", re.S)
LIST_BLOCK = re.compile(r"(<!-- exercises-list:begin -->\n).*?(<!-- exercises-list:end -->)", re.S)
MEASURED_BLOCK = re.compile(r"(<!-- exercises-measured:begin -->\n).*?(<!-- exercises-measured:end -->)", re.S)
PAGE_BLOCK = re.compile(r"(<!-- exercises:begin -->\n).*?(<!-- exercises:end -->)", re.S)


class BadInput(Exception):
    """One line for the user, exit status 2."""


def say(line):
    print(line, flush=True)


# ---------------------------------------------------------------------------- the set

def load(source):
    """Every exercise, in number order: dicts with the manifest's fields and nn, number,
    name, dir. A malformed manifest is BadInput naming the file and the field."""
    root = os.path.join(source, "exercises")
    out = []
    for name in sorted(os.listdir(root)):
        path = os.path.join(root, name, "exercise.json")
        if not (re.match(r"^\d\d_[a-z0-9_]+$", name) and os.path.isfile(path)):
            continue
        try:
            with open(path, encoding="utf-8") as f:
                ex = json.load(f)
        except (OSError, ValueError) as e:
            raise BadInput(f"{path}: not readable JSON: {e}")
        for key, kind in (("title", str), ("title_ja", str), ("start", str), ("metric", str), ("measure", str),
                          ("target", (int, float))):
            if not isinstance(ex.get(key), kind):
                raise BadInput(f"{path}: '{key}' is missing or of the wrong type")
        start_dir = os.path.join(source, "stages", ex["start"])
        if not re.match(r"^[se]\d\d_", ex["start"]) or not os.path.isfile(os.path.join(start_dir, ex["start"] + ".h")):
            raise BadInput(f"{path}: start '{ex['start']}' is not a stage or step folder")
        metric, measure = ex["metric"], ex["measure"]
        step = ex["start"].startswith("e")
        if metric == "nodes":
            if not step or not WORKLOAD.match(measure):
                raise BadInput(f"{path}: a nodes exercise starts from a step and measures midgame:D, endgame:E "
                               "or ffo:LIST (1-19, 1,3,40-44)")
        elif metric not in METRICS or measure not in METRICS[metric] or step:
            raise BadInput(f"{path}: metric '{metric}' with measure '{measure}' is not one the checker knows")
        ex["explained"] = bool(ex.get("no_gain") or ex.get("answer"))  # graded by answer.md, not a ratio
        if not ex["explained"] and ex["target"] <= 1.0:
            raise BadInput(f"{path}: a target is a ratio above 1 (start / yours)")
        ex.update(nn=name[:2], number=int(name[:2]), name=name, dir=os.path.join(root, name))
        out.append(ex)
    return out


def find(exercises, text):
    """The exercise named by a number (3, 03) or its folder name; BadInput otherwise."""
    for ex in exercises:
        if text in (ex["name"], ex["nn"], str(ex["number"])):
            return ex
    numbers = ", ".join(str(e["number"]) for e in exercises)
    raise BadInput(f"no exercise '{text}' (there are {numbers}: ./lab exercise lists them)")


def target_text(ex, lang="en"):
    """What the target asks, in a few words."""
    if ex["explained"]:
        if lang == "ja":
            return ("変更して測り、answer.md に理由を書く" + ("（速くなるとは限らない）" if ex.get("no_gain") else ""))
        return "change it, measure it, explain the result in answer.md" + (" (no gain expected)" if ex.get("no_gain") else "")
    t = f"{ex['target']:.2f}x"
    what = {"time": {"FlipScan": "the flip scan", "LegalMoves": "legalMoves", "Play": "play", "Perft": "perft(7)"},
            "cycles": {"flipscan": "the AVR flip scan", "legalmoves": "the AVR legalMoves", "play": "the AVR play"}}
    if lang == "ja":
        if ex["metric"] == "nodes":
            return f"探索ノード数をスタートの {ex['target']:.2f} 分の 1 以下に（{ex['measure']}）"
        if ex["metric"] == "cycles":
            return f"ATmega2560 のサイクル数（simavr）でスタートの {ex['target']:.2f} 倍速く（{ex['measure']}）"
        return f"ホストの時間でスタートの {ex['target']:.2f} 倍速く（{ex['measure']}）"
    if ex["metric"] == "nodes":
        return f"{t} as few search nodes as the start ({ex['measure']})"
    if ex["metric"] == "cycles":
        return f"{t} as fast as the start in ATmega2560 cycles, simavr ({what['cycles'][ex['measure']]})"
    return f"{t} as fast as the start on this machine ({what['time'][ex['measure']]})"


def work_root(source, ex):
    return os.path.join(source, "exercises", "work", ex["name"])


def solution_root(source, ex):
    return os.path.join(source, "exercises", "solutions", ex["name"])


def status(source, ex):
    """The working copy's state for `list`: its last check's verdict, or why there is none."""
    root = work_root(source, ex)
    if not os.path.isdir(root):
        return "not started"
    try:
        with open(os.path.join(root, "last-check.txt"), encoding="utf-8") as f:
            line = f.read().strip()
    except OSError:
        return "started"
    if line.endswith(("done", "not yet", "answered (to be graded)")):
        return line.rsplit(": ", 1)[-1]
    return "incorrect" if ": incorrect" in line else "does not compile" if "does not compile" in line else "started"


def cmd_list(args):
    exercises = load(args.source)
    rows = [("#", "title", "start", "target", "yours")]
    for ex in exercises:
        rows.append((str(ex["number"]), ex["title"], ex["start"], target_text(ex), status(args.source, ex)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        say("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    say("./lab exercise N makes your working copy (exercises/work/, which git ignores); ./lab check N checks it.")
    return 0


# ------------------------------------------------------------------------- building

def start_files(source, ex):
    """{relative path: absolute path} of the start's files a candidate builds on (its
    header(s), sketch and src/; not its page)."""
    base = os.path.join(source, "stages", ex["start"])
    out = {}
    for dirpath, _, files in os.walk(base):
        for f in files:
            rel = os.path.relpath(os.path.join(dirpath, f), base)
            if rel != "README.md":
                out[rel] = os.path.join(dirpath, f)
    return out


def candidate_files(ex, root):
    """{relative path: absolute path} of the candidate's own files under root/<start>/."""
    base = os.path.join(root, ex["start"])
    out = {}
    for dirpath, _, files in os.walk(base):
        for f in files:
            rel = os.path.relpath(os.path.join(dirpath, f), base)
            if rel != "README.md" and not f.endswith("~"):
                out[rel] = os.path.join(dirpath, f)
    return out


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def other_folders(source, ex, root):
    """Refuses a candidate that changes a file outside the start's folder. A candidate
    changes the start's folder only: the files the start includes from earlier steps'
    folders (../e01_minimax/e01_rules.h) are compiled from the repository as they are, and
    the measurement links the start's copy of them beside the candidate's (only the start's
    namespace is renamed), so a changed one would either not be measured or make two
    definitions of one function. A working copy holds read-only copies of them to read."""
    for name in sorted(os.listdir(root)):
        folder = os.path.join(root, name)
        if name == ex["start"] or not os.path.isdir(folder):
            continue  # the candidate's own folder, or a file beside it (answer.md)
        for dirpath, _, files in os.walk(folder):
            for f in sorted(files):
                path = os.path.join(dirpath, f)
                rel = os.path.relpath(path, root)
                repo = os.path.join(source, "stages", rel)
                if f.endswith("~") or (os.path.isfile(repo) and read_bytes(repo) == read_bytes(path)):
                    continue
                n, start = ex["number"], ex["start"]
                what, fix = ((f"changes stages/{rel}", f"./lab exercise {n} puts it back") if os.path.isfile(repo)
                             else ("is not a file of stages/", f"a file of yours goes in {start}/"))
                raise BadInput(f"exercise {n}: {shown(source, path)} {what}: this exercise changes only {start}/ "
                               f"({fix})")


def shown(source, path):
    """A path as the user should read it: from the repository's root when inside it."""
    rel = os.path.relpath(path, source)
    return path if rel.startswith("..") else rel


CODE_TOKENS = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|//[^\n]*|/\*.*?\*/|\w+|\S', re.S)


def code_of(data):
    """A C++ file's code without its comments and spacing (string literals kept): a change
    to a comment is no change of code."""
    text = data.decode("utf-8", "replace")
    return " ".join(t for t in CODE_TOKENS.findall(text) if not t.startswith(("//", "/*")))


def start_tree(source, ex, root=None):
    """({path under stages/: the file to put there}, whether the candidate's code differs
    from the start's, comments and spacing aside): the start's folder (not its page) with
    the candidate's files of that folder over it, and every file its sketch includes from other folders,
    transitively through the candidate's own #include lines (tests/sketches.py), as the
    repository has them."""
    start = ex["start"]
    tree = {f"{start}/{rel}": path for rel, path in start_files(source, ex).items()}
    changed = False
    for rel, path in (candidate_files(ex, root) if root is not None else {}).items():
        key = f"{start}/{rel}"
        changed = changed or key not in tree or code_of(read_bytes(tree[key])) != code_of(read_bytes(path))
        tree[key] = path
    stages = os.path.join(source, "stages")
    try:
        included = sketches.closure(start, stages, overlay=root)
    except sketches.BadInput as e:
        raise BadInput(f"exercise {ex['number']}: {e}")
    for path in included:
        tree.setdefault(os.path.relpath(path, stages), path)  # the start's folder is in already
    return tree, changed


def materialise(source, build, ex, kind, root):
    """The start as the candidate has it (start_tree), in build/exercises/NN_slug/KIND/
    stages/, laid out as stages/ is, so that its relative #include lines find their files;
    a file is rewritten only when it changed (so ninja rebuilds only then). Returns (that
    stages/ folder, whether the code differs from the start's)."""
    if root is not None:
        other_folders(source, ex, root)
    tree, changed = start_tree(source, ex, root)
    if ex["metric"] == "cycles":  # what exercise_NN_avr_reference includes (exercises.cmake)
        write_changed(os.path.join(build, "exercises", ex["name"], "avr-reference", "stage_sketch.h"),
                      stage_sketch(source, ex))
    dest = os.path.join(build, "exercises", ex["name"], kind, "stages")
    for dirpath, _, names in os.walk(dest):  # what the candidate no longer has
        for n in names:
            if os.path.relpath(os.path.join(dirpath, n), dest) not in tree:
                os.remove(os.path.join(dirpath, n))
    for rel, path in tree.items():
        write_changed(os.path.join(dest, rel), read_bytes(path))
    return dest, changed


def targets_of(ex, kind):
    """The candidate's targets, its suite first. An AVR exercise is measured by the checker's
    sketch in simavr (simavr_run), against that sketch's host build with the start."""
    base = f"exercise_{ex['nn']}_{kind}"
    return [base + "_suite"] + ([f"exercise_{ex['nn']}_avr_reference", "simavr_run"] if ex["metric"] == "cycles"
                                else [base + "_measure"])


def build_targets(build, targets, log_path, mine=None):
    """cmake --build for the targets; (ok, the error line to show). The whole output goes to
    log_path. The compilers speak plain ASCII (LC_ALL=C: no typographic quotes in the one
    line), and an error in a file under `mine` (the candidate's copy) comes before one in
    a file it includes: the student reads first what they wrote."""
    env = dict(os.environ, LC_ALL="C")
    r = subprocess.run(["cmake", "--build", build, "--target", *targets], capture_output=True, text=True, env=env)
    os.makedirs(os.path.dirname(log_path), exist_ok=True)
    with open(log_path, "w", encoding="utf-8") as f:
        f.write(r.stdout + r.stderr)
    if r.returncode == 0:
        return True, ""
    text = r.stdout + r.stderr
    errors = re.findall(r"^.*\berror\b.*$", text, re.M | re.I)
    own = [e for e in errors if mine and e.startswith(mine + os.sep)]
    line = (own or errors or [text.strip().splitlines()[-1] if text.strip() else "the build failed"])[0].strip()
    return False, line.encode("ascii", "replace").decode()


# -------------------------------------------------------------------------- checking

def first_failure(xml_text):
    """What the most telling failing test of Catch2's XML report says, or None: the first
    failing test in file order that is not [broad] (one that adds up many answers: a grid,
    perft, thousands of positions), else the first [broad] one that failed with a message,
    else the first; with its first failed check as Catch2 expanded it, and how many more
    tests fail."""
    try:
        tree = ET.fromstring(xml_text)
    except ET.ParseError:
        return None  # no whole report: the suite crashed
    failing = [case for case in tree.iter("TestCase")
               if case.find("OverallResult") is not None and case.find("OverallResult").get("success") == "false"]
    if not failing:
        return None
    # A narrow test first; then a broad one that says where (a message naming the position,
    # as the random positions' test gives), then a bare count. min keeps the first of equals.
    case = min(failing, key=lambda c: 0 if "[broad]" not in (c.get("tags") or "") else 1 if c.find(".//Failure") is not None
               else 2)
    text = f'the test "{case.get("name")}" fails'
    what = failed_assertion(case)
    if what:
        text += f": {what}"
    if len(failing) > 1:
        text += f" ({len(failing) - 1} more test(s) fail)"
    return text


def failed_assertion(case, limit=140):
    """The first failed check of a test case in one ASCII line: its expression as Catch2
    expanded it (the values), or a failure's message; "" if the report has neither."""
    for node in case.iter():
        if node.tag == "Expression" and node.get("success") == "false":
            original = (node.findtext("Original") or "").strip()
            expanded = (node.findtext("Expanded") or "").strip()
            # {?}: a value Catch2 cannot print (a board): the expression alone says more.
            text = f"{original} is {expanded}" if expanded and expanded != original and "{?}" not in expanded else original
        elif node.tag == "Failure":
            text = (node.text or "").strip()
        else:
            continue
        text = " ".join(text.split()).encode("ascii", "replace").decode()
        return text if len(text) <= limit else text[:limit - 3] + "..."
    return ""


def run_suite(build, ex, kind):
    """None when the shared suite passes on the candidate, else what went wrong: the first
    failing test, or a suite that did not finish."""
    exe = os.path.join(build, f"exercise_{ex['nn']}_{kind}_suite")
    # Hidden tests ([.], the long ones) stay out, as in ctest's runs of the stages. The
    # suite takes seconds; a candidate that loops for ever is stopped and is incorrect.
    try:
        r = subprocess.run([exe, "~[.]", "-r", "xml"], capture_output=True, text=True, timeout=SUITE_SECONDS)
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        return f"the suite did not finish in {SUITE_SECONDS} s{last_case(out)}: an endless loop?"
    if r.returncode == 0:
        return None
    failure = first_failure(r.stdout)
    if failure:
        return failure
    return f"the suite stopped (exit {r.returncode}: a crash?){last_case(r.stdout)}"


def last_case(xml_text):
    """' (in "<name>")' of the last test case a partial XML report started, or ""."""
    cases = re.findall(r'<TestCase name="([^"]*)"', xml_text)
    return f' (in "{cases[-1]}")' if cases else ""


class Incorrect(Exception):
    """What the candidate did wrong on the measured work (a hang, an AVR build that answers
    otherwise than the start): check() reports it as "incorrect", exit 1."""


def run_measure(cmd, seconds=MEASURE_SECONDS):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=seconds)
    except subprocess.TimeoutExpired:
        raise Incorrect(f"the measurement did not finish in {seconds:.0f} s: an endless loop?")


def measure_time(build, ex, kind, rounds, min_time):
    """(ratio, detail line): the median over rounds of start / yours, the two run back to
    back in each round in one process (bench/exercise_bench.cpp)."""
    from bench import report
    import statistics
    exe = os.path.join(build, f"exercise_{ex['nn']}_{kind}_measure")
    # Each round runs both sides for min_time at least, a few times that at most: forty
    # times as long (a minute at least) is a candidate that does not stop.
    r = run_measure([exe, f"--measure={ex['measure']}", f"--rounds={rounds}", f"--min-time={min_time}"],
                    max(60, 40 * rounds * min_time))
    if r.returncode:
        raise BadInput(f"the measurement failed: {r.stderr.strip() or r.returncode}")
    runs = [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]
    ratios = sorted(x["start"] / x["yours"] for x in runs)
    start = statistics.median(x["start"] for x in runs)
    yours = statistics.median(x["yours"] for x in runs)
    unit = report.unit(ex["measure"] if ex["measure"] != "Perft" else "Perft/7")
    detail = (f"{ex['measure']}: start {start:,.1f} {unit}, yours {yours:,.1f} {unit} (medians); start / yours "
              f"{statistics.median(ratios):.2f}x, from {ratios[0]:.2f}x to {ratios[-1]:.2f}x over {len(runs)} rounds "
              f"(both sides back to back in each, one process), CPU time, on {report.machine()}")
    return statistics.median(ratios), detail


def verify_scores(build, ex, kind):
    """None when the candidate's evaluation is the start's and its search scores every
    measured position as the start does (an FFO position as published), and so a fresh set
    drawn anew; else what is wrong. A node count means nothing for a search that finds
    other scores: the suite checks depths up to 4 and solves up to 12 empties, the
    measurement more."""
    exe = os.path.join(build, f"exercise_{ex['nn']}_{kind}_measure")
    seed = int.from_bytes(os.urandom(4), "little")
    cmd = [exe, f"--workload={ex['measure']}", "--verify", f"--seed={seed}"]
    if ex.get("slots"):
        cmd.append(f"--slots={ex['slots']}")
    r = run_measure(cmd)
    lines = [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]
    if r.returncode == 3 and lines and "hang" in lines[-1]:
        h = lines[-1]
        return (f"your search did not finish the measured positions in {h['hang']:.0f} s, where the start took "
                f"{h['start_seconds']:.2f} s: an endless loop?")
    if r.returncode < 0:  # the candidate's search took the program down
        return f"your search stopped the program on the measured work (signal {-r.returncode}): a crash?"
    if r.returncode not in (0, 1):
        raise BadInput(f"the check of the scores failed: {r.stderr.strip() or r.returncode}")
    evaluation = next((x for x in lines if "evaluation" in x), None)
    if evaluation:
        e = evaluation
        return (f"your copy changes the evaluation, which this exercise keeps as it is (its statement's 'Do not "
                f"change'): yours gives {e['yours']} where the start's gives {e['start']} on {e['evaluation']}")
    wrong = [x for x in lines if "set" in x]
    if not wrong:
        return None
    w = wrong[0]
    where = "a measured position" if w["set"] == "measured" else f"a fresh position (seed {seed})"
    what = f"depth {w['depth']}" if w["depth"] >= 0 else "solved"
    truth = f"the published score is {w['published']}, " if "published" in w and w["yours"] != w["published"] else ""
    return (f"on {where} ({what}: {w['position']}) your search scores {w['yours']}, where {truth}the start scores "
            f"{w['start']} ({len(wrong)} such position(s))")


def measure_nodes(build, ex, kind):
    """(ratio, detail line): start / yours of the nodes on the workload (exact)."""
    exe = os.path.join(build, f"exercise_{ex['nn']}_{kind}_measure")
    cmd = [exe, f"--workload={ex['measure']}", "--benchmark_format=json", "--benchmark_repetitions=2"]
    if ex.get("slots"):
        cmd.append(f"--slots={ex['slots']}")
    r = run_measure(cmd)
    if r.returncode:
        raise BadInput(f"the measurement failed: {r.stderr.strip() or r.returncode}")
    seen = {}
    for b in json.loads(r.stdout)["benchmarks"]:
        if b.get("run_type") == "iteration":
            seen.setdefault(b["name"].split("/")[0], []).append((int(b["nodes"]), b["cpu_time"]))
    start, yours = seen["start"], seen["yours"]
    if len({n for n, _ in yours}) > 1:
        return None, (f"your search gave {yours[0][0]:,} and then {yours[1][0]:,} nodes on the same workload: "
                      "it keeps something from one search to the next (clear it when a search starts)")
    ms = lambda runs: min(t for _, t in runs)
    slots = f", a table of {ex['slots']:,} slots" if ex.get("slots") else ""
    detail = (f"nodes on {ex['measure']}{slots}: start {start[0][0]:,} ({ms(start):,.0f} ms), "
              f"yours {yours[0][0]:,} ({ms(yours):,.0f} ms); node counts are exact")
    return start[0][0] / yours[0][0], detail


def stage_sketch(source, ex):
    """The start's sketch as the repository has it (never a copy's): bench/exercise_avr.ino
    includes it as stage_sketch.h, an .ino being no header to arduino-builder."""
    return read_bytes(os.path.join(source, "stages", ex["start"], ex["start"] + ".ino"))


def write_changed(path, data):
    """Writes data to path unless it holds it already (so that builds see no change)."""
    if not (os.path.exists(path) and read_bytes(path) == data):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)


def avr_run(source, build, ex, headers, out):
    """The checker's sketch (bench/exercise_avr.ino), with the start's sketch and the stage
    headers of the folder `headers`, built for the ATmega2560 in out/ and run in simavr: (the measure's cycles
    less an empty call's or None, what it printed, why it did not finish or ""). BadInput
    when it does not compile."""
    from tests.embedded import embedded
    from bench import embedded_report
    runner = os.path.join(build, "simavr_run")
    if not (os.path.exists(runner) and shutil.which("arduino-builder")):
        raise BadInput("the AVR tools are missing (./lab check installs them; then: cmake --build build --target simavr_run)")
    sketch = os.path.join(out, "exercise_avr")
    files = {"exercise_avr.ino": read_bytes(os.path.join(source, "bench", "exercise_avr.ino")),
             "stage_sketch.h": stage_sketch(source, ex)}
    files.update({f: read_bytes(os.path.join(headers, f)) for f in os.listdir(headers) if f.endswith(".h")})
    for f in set(os.listdir(sketch) if os.path.isdir(sketch) else []) - set(files):
        os.remove(os.path.join(sketch, f))
    for f, data in files.items():
        write_changed(os.path.join(sketch, f), data)
    elf, _, log = embedded.compile_sketch(sketch, "exercise_avr", "mega", out,
                                          cache=os.path.join(build, "exercises", "avr-core"))
    if not elf:
        m = re.search(r"^.*\berror\b.*$", log, re.M)
        raise BadInput(f"does not compile for the AVR: {m.group(0).strip() if m else 'arduino-builder failed'}")
    try:
        status_, output, err = embedded.run_avr(runner, "mega", elf)
    except subprocess.TimeoutExpired as e:
        status_, output, err = "five minutes of the host's time", e.stdout or "", ""
        output = output.decode(errors="replace") if isinstance(output, bytes) else output
    if status_ != 0:
        return None, output, embedded.RUNNER_STATUS.get(status_, status_)
    marks = {m: c for m, (c, _) in embedded.runner_marks(err).items()}
    number = {v: k for k, v in embedded_report.MARKS.items()}[ex["measure"]]
    return marks[number] - marks[embedded_report.EMPTY_MARK], output, ""


def square(sq):
    return "abcdefgh"[sq % 8] + str(sq // 8 + 1)


def avr_difference(output, reference, stopped=""):
    """Where what the candidate's AVR build printed differs from the start's host build, in
    words ("" if nowhere); a run that `stopped` before its end is compared as far as it
    went. The lines are bench/exercise_avr.ino's: the games, then the stage's sketch's (its
    title, the article's grid, its timing lines, whose us= values are the machine's)."""
    lines = lambda text: [re.sub(r"\bus=\d+", "us=T", l.rstrip("\r")) for l in text.split("\n") if l.strip()]
    here, there = lines(output), lines(reference)
    game = re.compile(r"^game (\d+) ply (\d+) ([BW]) moves (\S*) flips (\d+)(?: play (\d+):(\d+) board (\d+)| (pass))$")
    title = next((i for i, l in enumerate(there) if not l.startswith("game ")), len(there))  # the stage's first line
    for i, (a, b) in enumerate(zip(here, there)):
        if a == b:
            continue
        ma, mb = game.match(a), game.match(b)
        if not (ma and mb):
            if title < i <= title + 8:  # the grid: countFlips for black on the article's position, row by row
                return (f'countFlips on the article\'s position, row {i - title}: yours "{a[:40]}", '
                        f'the start\'s "{b[:40]}"')
            return f'line {i + 1} is "{a[:60]}" where the start prints "{b[:60]}"'
        where = f"game {mb[1]}, ply {mb[2]} ({'black' if mb[3] == 'B' else 'white'} to move)"
        names = lambda text: ",".join(square(int(x)) for x in text.split(",") if x) or "none"
        if ma[4] != mb[4]:
            return f"{where}: your legalMoves gives {names(ma[4])}, the start's {names(mb[4])}"
        if ma[5] != mb[5]:
            return f"{where}: your countFlips answers differ from the start's on some of the 64 squares (both sides)"
        if ma[7] != mb[7]:
            return f"{where}: your play on {square(int(mb[6]))} returns {ma[7]}, the start's {mb[7]}"
        return f"{where}: after your play on {square(int(mb[6]))} the board differs from the start's"
    if stopped:
        return (f"the checker's sketch stopped ({stopped}) after {len(here)} lines of the start's {len(there)}"
                ", all of them right: an endless loop?")
    if len(here) != len(there):
        return f"it printed {len(here)} lines, the start {len(there)}"
    return ""


def measure_cycles(source, build, ex, kind, stages):
    """(ratio, detail line) of an AVR exercise: the checker's sketch built with the start and
    with the candidate (stages: its materialised stages/), each run in simavr; the
    candidate's cycles count only when its AVR build printed what the start's host build
    prints (the output, the games and the timed work's results)."""
    reference = os.path.join(build, f"exercise_{ex['nn']}_avr_reference")
    r = subprocess.run([reference], capture_output=True, text=True, timeout=120)
    if r.returncode:
        raise BadInput(f"{reference} (the start's host build of bench/exercise_avr.ino) exited with {r.returncode}")
    start, start_out, stopped = avr_run(source, build, ex, os.path.join(source, "stages", ex["start"]),
                                        os.path.join(build, "exercises", ex["name"], "start-avr"))
    wrong = avr_difference(start_out, r.stdout, stopped)
    if wrong:
        raise BadInput(f"the start's own AVR build disagrees with its host build: {wrong}")
    out = os.path.join(build, "exercises", ex["name"], kind, "avr")
    yours, output, stopped = avr_run(source, build, ex, os.path.join(stages, ex["start"]), out)
    wrong = avr_difference(output, r.stdout, stopped)
    if wrong:
        for name, text in (("yours.txt", output), ("start.txt", r.stdout)):
            write_changed(os.path.join(out, name), text.encode())
        raise Incorrect(f"on the ATmega2560 (simavr), {wrong} (both outputs: {shown(source, out)}/yours.txt, start.txt)")
    detail = (f"{ex['measure']} on the ATmega2560 (simavr, exact), in the checker's sketch (bench/exercise_avr.ino), "
              f"its output the start's: start {start:,} cycles, yours {yours:,} cycles")
    return start / yours, detail


ANSWERED = 3  # the exit status of a change explained in answer.md: not "done", to be read
ANSWER_WORDS = 20  # an answer.md shorter than this explains nothing ("x", "done")


def changed_sketch(source, ex, root):
    """The start's sketch (.ino) file a candidate changes (its code: comments and spacing
    aside), or None. Every statement keeps the sketch as it is: an AVR exercise is timed by the checker's own sketch, and a
    step's sketch is its tests' on the boards."""
    if root is None:
        return None
    mine = candidate_files(ex, root)
    for rel, path in sorted(start_files(source, ex).items()):
        if rel.endswith(".ino") and rel in mine and code_of(read_bytes(mine[rel])) != code_of(read_bytes(path)):
            return rel
    return None


def build_or_refuse(source, build, ex, kind, root, dest, targets):
    """Builds the targets; BadInput naming the candidate's own file when they do not compile."""
    log = os.path.join(build, "exercises", ex["name"], kind, "build.log")
    ok, error = build_targets(build, targets, log, mine=dest)
    if ok:
        return
    # Name the candidate's own file, or the repository's, not its copy in the build folder.
    m = re.match(re.escape(dest + os.sep) + r"([^:]+)", error)
    if m:
        mine = os.path.join(root, m.group(1)) if root else ""
        where = mine if os.path.isfile(mine) else os.path.join(source, "stages", m.group(1))
        error = shown(source, where) + error[m.end():]
    raise BadInput(f"exercise {ex['number']}: the candidate does not compile: {error} (the whole output: {log})")


def check(source, build, ex, kind, root, rounds=15, min_time=0.1, quiet=False, suite=run_suite):
    """Checks one candidate; returns (exit status, last line, why it is incorrect or None,
    the measurement's detail line). Correctness first: the sketch as the start has it,
    the suite, then (a search) the evaluation and the scores on the measured work and a
    fresh set, or (an AVR exercise) the AVR build's own answers; a speed only after.
    `suite` gives the suite's verdict (run_suite: the proof passes the verdicts of suites
    it ran side by side)."""
    prefix = f"exercise {ex['number']}"
    dest, changed = materialise(source, build, ex, kind, root)
    sketch = changed_sketch(source, ex, root)
    if sketch:
        why = (f"your copy changes {sketch}, the sketch, which this exercise keeps as it is (its statement's "
               f"'Do not change'): put back stages/{ex['start']}/{sketch}")
        return 1, f"{prefix}: incorrect: {why}", why, ""
    targets = targets_of(ex, kind)
    build_or_refuse(source, build, ex, kind, root, dest, targets[:1])
    failing = suite(build, ex, kind)
    if failing:
        exe = os.path.join(build, f"exercise_{ex['nn']}_{kind}_suite")
        return 1, f"{prefix}: incorrect: {failing} (run {exe} to see it)", failing, ""
    build_or_refuse(source, build, ex, kind, root, dest, targets[1:])
    try:
        if ex["metric"] == "nodes":
            wrong = verify_scores(build, ex, kind)
            if wrong:
                return 1, f"{prefix}: incorrect: {wrong}", wrong, ""
        if ex["metric"] == "time":
            ratio, detail = measure_time(build, ex, kind, rounds, min_time)
        elif ex["metric"] == "nodes":
            ratio, detail = measure_nodes(build, ex, kind)
        else:
            ratio, detail = measure_cycles(source, build, ex, kind, dest)
    except Incorrect as e:
        return 1, f"{prefix}: incorrect: {e}", str(e), ""
    if not quiet:
        say(detail)
    if ratio is None:
        return 1, f"{prefix}: correct, but not deterministic: not yet", None, detail
    if ex["explained"]:
        return explained_verdict(ex, root, changed, ratio, quiet) + (None, detail)
    done = ratio >= ex["target"]
    return ((0 if done else 1), f"{prefix}: correct, {ratio:.2f}x (target {ex['target']:.2f}x): {'done' if done else 'not yet'}",
            None, detail)


def explained_verdict(ex, root, changed, ratio, quiet):
    """(exit status, last line) of an exercise graded by its answer.md: "answered (to be
    graded)" once the code changed (comments and spacing aside) and answer.md says
    something; prose has no ratio to check, a person reads it."""
    answer = os.path.join(root, "answer.md") if root else ""
    has_answer = bool(root) and os.path.isfile(answer) and len(read_bytes(answer).split()) >= ANSWER_WORDS
    if not quiet and not changed:
        say("your copy's code is the start's (comments and spacing aside): make the change first")
    elif not quiet and not has_answer:
        say(f"write your prediction, your measurement and why in {answer or 'answer.md'} "
            f"({ANSWER_WORDS} words at least)")
    answered = changed and has_answer
    why = "no gain expected" if ex.get("no_gain") else "graded by your answer.md"
    return ((ANSWERED if answered else 1),
            f"exercise {ex['number']}: correct, {ratio:.2f}x ({why}): {'answered (to be graded)' if answered else 'not yet'}")


def candidate_root(args, ex):
    if args.solution:
        root = solution_root(args.source, ex)
        if not os.path.isdir(os.path.join(root, ex["start"])):
            raise BadInput(f"exercise {ex['number']}: no reference solution here "
                           f"({os.path.relpath(root, args.source)}/{ex['start']}/ is missing)")
        return "solution", root
    if args.start:
        return "start", None
    if args.dir:
        if not os.path.isdir(os.path.join(args.dir, ex["start"])):
            raise BadInput(f"{args.dir} has no folder {ex['start']}/ with the candidate's files")
        return "other", os.path.abspath(args.dir)
    root = work_root(args.source, ex)
    if not os.path.isdir(os.path.join(root, ex["start"])):
        raise BadInput(f"exercise {ex['number']}: no working copy yet: ./lab exercise {ex['number']} makes it")
    require_whole_copy(args.source, ex, root)
    return "work", root


def require_whole_copy(source, ex, root):
    """A working copy is the whole start: a file gone from it (deleted, renamed) would be
    taken from the start without a word, and the check would measure the start."""
    missing = sorted(set(start_files(source, ex)) - set(candidate_files(ex, root)))
    if missing:
        more = f" and {len(missing) - 1} more" if len(missing) > 1 else ""
        raise BadInput(f"exercise {ex['number']}: your copy has no {shown(source, os.path.join(root, ex['start'], missing[0]))}"
                       f"{more}, a file of the start (stages/{ex['start']}/{missing[0]}): put it back; a renamed file "
                       "is not read")


def check_timing_args(args):
    if args.rounds < 3 or not 0 < args.min_time <= 60:
        raise BadInput("--rounds wants a whole number from 3, --min-time seconds above 0 and at most 60")


def cmd_check(args):
    check_timing_args(args)
    ex = find(load(args.source), args.exercise)
    kind, root = candidate_root(args, ex)
    try:
        code, line, _, _ = check(args.source, args.build, ex, kind, root, args.rounds, args.min_time)
    except BadInput as e:
        line = str(e) if str(e).startswith("exercise ") else f"exercise {ex['number']}: {e}"
        if kind == "work":
            record(root, line)
        raise BadInput(line)
    if kind == "work":
        record(root, line)
    say(line)
    return code


def record(root, line):
    """The working copy's last verdict, for `list`."""
    try:
        with open(os.path.join(root, "last-check.txt"), "w", encoding="utf-8") as f:
            f.write(line + "\n")
    except OSError as e:
        raise BadInput(f"cannot write {os.path.join(root, 'last-check.txt')}: {e.strerror}")


def working_copy(source, ex, root):
    """Writes the student's copy of the start in root (exercises/work/NN_slug/): the start's
    folder, theirs to edit (left as it is once there), and beside it, laid out as stages/
    is, the files it includes from other folders, so that its #include lines lead
    somewhere in an editor too: read-only, and put back as the repository has them on
    every call. Returns (whether the start's folder was there already, those folders)."""
    start = ex["start"]
    kept = os.path.isdir(os.path.join(root, start))
    tree, _ = start_tree(source, ex)
    for rel, path in tree.items():
        target = os.path.join(root, rel)
        if rel.startswith(start + "/"):
            if not kept:
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copy2(path, target)
        elif not (os.path.isfile(target) and read_bytes(target) == read_bytes(path)):
            os.makedirs(os.path.dirname(target), exist_ok=True)
            if os.path.exists(target):
                os.remove(target)  # read-only: replaced, not written over
            shutil.copy(path, target)
            os.chmod(target, 0o444)
    return kept, sorted({rel.split("/")[0] for rel in tree if not rel.startswith(start + "/")})


def cmd_start(args):
    ex = find(load(args.source), args.exercise)
    root = work_root(args.source, ex)
    start = ex["start"]
    mine = shown(args.source, os.path.join(root, start))
    kept, others = working_copy(args.source, ex, root)
    if kept:
        say(f"exercise {ex['number']}: your working copy is already {mine}/ (left as it is)")
    else:
        say(f"exercise {ex['number']}: your working copy is {mine}/ (a copy of stages/{start}/; "
            "git ignores exercises/work/)")
    if others:
        say(f"beside it, read-only, the files it includes from {', '.join(f + '/' for f in others)}: "
            f"you read them, you change only {start}/")
    materialise(args.source, args.build, ex, "work", root)
    log = os.path.join(args.build, "exercises", ex["name"], "work", "build.log")
    ok, error = build_targets(args.build, targets_of(ex, "work"), log)
    if not ok:
        raise BadInput(f"exercise {ex['number']}: the working copy does not compile: {error} (the whole output: {log})")
    say(f"built. The task: {os.path.relpath(os.path.join(ex['dir'], 'README.md'), args.source)}; "
        f"the target: {target_text(ex)}. Check with ./lab check {ex['number']}")
    return 0


# ---------------------------------------------------------------------------- proof

def cmd_proof(args):
    """Every start misses its target, every solution reaches it, every planted bug is caught
    for its reason."""
    t0 = time.monotonic()
    check_timing_args(args)
    exercises = load(args.source)
    planted = load_planted(args.source, args.build, exercises)
    jobs = []  # (exercise, kind, root, expectation, the reason a planted copy must be given)
    for ex in exercises:
        jobs.append((ex, "start", None, "not yet", None))
        jobs.append((ex, "solution", solution_root(args.source, ex), "answered" if ex["explained"] else "done", None))
    for p in planted:
        jobs.append((p["ex"], p["kind"], p["root"], "incorrect", p["reason"]))
    # Built up front, side by side: everything of the starts and solutions, the planted
    # copies' suites (most never get further; check() builds what one needs after).
    targets = []
    for ex, kind, root, expect, _ in jobs:
        materialise(args.source, args.build, ex, kind, root)
        if not changed_sketch(args.source, ex, root):
            targets += targets_of(ex, kind)[:1 if expect == "incorrect" else None]
    ok, error = build_targets(args.build, targets, os.path.join(args.build, "exercises", "proof-build.log"))
    if not ok:
        say(f"exercises: proof: a candidate does not compile: {error}")
        return 1
    # The suites (correctness, no clock) side by side, one per core; the measurements
    # below one at a time, on a machine that does nothing else.
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        verdicts = {(ex["nn"], kind): pool.submit(run_suite, args.build, ex, kind)
                    for ex, kind, root, _, _ in jobs if not changed_sketch(args.source, ex, root)}
        verdicts = {key: future.result() for key, future in verdicts.items()}
    # A copy that does not compile is bad input: one line, exit 2 (built after the others,
    # whose build it would stop).
    broken = exercises[0]
    broken_root = os.path.join(args.build, "exercises", "broken", broken["name"])
    header = os.path.join(args.source, "stages", broken["start"], broken["start"] + ".h")
    os.makedirs(os.path.join(broken_root, broken["start"]), exist_ok=True)
    with open(header, encoding="utf-8") as f, \
            open(os.path.join(broken_root, broken["start"], broken["start"] + ".h"), "w", encoding="utf-8") as g:
        g.write(f.read() + "\nthis line is not C++;\n")
    jobs.append((broken, "other", broken_root, "bad input", None))
    failures, results = 0, []
    for ex, kind, root, expect, reason in jobs:
        try:
            known = (lambda b, e, k: verdicts[(e["nn"], k)]) if (ex["nn"], kind) in verdicts else run_suite
            code, line, failing, detail = check(args.source, args.build, ex, kind, root, args.rounds, args.min_time,
                                                quiet=True, suite=known)
            got = ("done" if code == 0 else "answered" if code == ANSWERED else "incorrect" if failing
                   else "not yet")
        except BadInput as e:
            line, got, detail = str(e).split(" (the whole output")[0], "bad input", ""
        results.append({"exercise": ex["number"], "kind": kind, "line": line, "detail": detail, "expected": expect,
                        "got": got})
        good = got == expect and (reason is None or reason in line)
        failures += not good
        wanted = expect + (f', saying "{reason}"' if reason else "")
        say(f"{'ok ' if good else 'BAD'} {kind:<9} {line}" + ("" if good else f"  (expected: {wanted})"))
    counts = {ex["number"]: sum(p["ex"] is ex for p in planted) for ex in exercises}
    few = [n for n, c in counts.items() if c < 2]
    if few:
        failures += 1
        say(f"BAD exercise(s) {', '.join(map(str, few))}: fewer than two planted wrong solutions (exercises/planted.json)")
    say(f"exercises: {len(exercises)} starting points, {len(exercises)} solutions, {len(planted)} planted wrong "
        f"solutions and a copy that does not compile checked in {time.monotonic() - t0:.0f} s: "
        f"{'all as expected' if not failures else f'{failures} not as expected'}")
    from bench import report
    proof = {"machine": report.machine(), "results": results}
    write_json(os.path.join(args.build, "exercises", "proof.json"), proof)
    if getattr(args, "store", False):
        if failures:
            say("exercises: proof: not recorded in the store: a check was not as expected")
        else:
            store.save("exercises", WRITER, STORE_FILE,
                       proof_facts(proof, exercises, report.cpu_name(report.cpuinfo()), store.run_stamp()))
    return 1 if failures else 0


# The store of facts (docs/store.py): per run, the machine, and each untouched start's and
# reference solution's line as the checker printed it (host ratios depend on the CPU: the
# key names it). Only a proof with every check as expected is recorded.
STORE_FILE, WRITER = "exercises.json", "exercises/exercises.py"
PROOF_RUN, CHECKED = "exercise proof, the run", "exercise checked against its start"
MEASURED_KINDS = ("start", "solution")


def proof_facts(proof, exercises, cpu, run):
    """A proof (as proof.json holds it) as facts: its run and its starts' and solutions' lines."""
    names = {ex["number"]: ex["name"] for ex in exercises}
    fact = store.fact_maker("python3 lab.py exercises proof --store", run, platform="host", cpu=cpu)
    return [fact(PROOF_RUN, "./lab check --all", "the run", {"machine": proof["machine"]})] + [
        fact(CHECKED, r["kind"], names[r["exercise"]], r) for r in proof["results"] if r["kind"] in MEASURED_KINDS]


def proof_from_facts(store_facts):
    """The store's latest proof, as proof.json holds its starts and solutions; None without one."""
    mine, run = store.latest(store_facts, WRITER, PROOF_RUN)
    if not run:
        return None
    results = [f["value"] for f in store.of_run(mine, run, CHECKED)]
    return dict(run["value"], results=sorted(results, key=lambda r: (r["exercise"], MEASURED_KINDS.index(r["kind"]))))


def write_json(path, data):
    try:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
    except OSError as e:
        raise BadInput(f"cannot write {path}: {e.strerror}")


def planted_kinds(source):
    """The planted copies' kinds, as exercises/exercises.cmake lists them (LAB_PLANTED_KINDS)."""
    with open(os.path.join(source, "exercises", "exercises.cmake"), encoding="utf-8") as f:
        m = re.search(r"^set\(LAB_PLANTED_KINDS ([\w ]+)\)$", f.read(), re.M)
    if not m:
        raise BadInput("exercises/exercises.cmake: no set(LAB_PLANTED_KINDS ...) line")
    return m.group(1).split()


def load_planted(source, build, exercises):
    """The planted wrong solutions (exercises/planted.json): the start with pieces of text
    replaced ("changes": [{"file", "replace", "with"}, ...]), written to
    build/exercises/planted/NN_slug/KIND/<start>/; each must be reported incorrect, and
    its reason must contain the entry's "reason". An exercise's first is checked as
    planted1, its second as planted2, ... (planted_kinds)."""
    path = os.path.join(source, "exercises", "planted.json")
    try:
        with open(path, encoding="utf-8") as f:
            entries = json.load(f)
    except (OSError, ValueError) as e:
        raise BadInput(f"{path}: not readable JSON: {e}")
    kinds = planted_kinds(source)
    out, count = [], {}
    for i, e in enumerate(entries):
        if not (isinstance(e, dict) and isinstance(e.get("changes"), list) and e["changes"]
                and all(isinstance(e.get(k), str) for k in ("why", "reason"))):
            raise BadInput(f"{path}: entry {i}: wants exercise, changes (file, replace, with), why and reason")
        ex = find(exercises, str(e["exercise"]))
        n = count[ex["name"]] = count.get(ex["name"], 0) + 1
        if n > len(kinds):
            raise BadInput(f"{path}: entry {i}: more than {len(kinds)} planted copies of exercise {ex['number']} "
                           "(LAB_PLANTED_KINDS in exercises/exercises.cmake)")
        kind = kinds[n - 1]
        root = os.path.join(build, "exercises", "planted", ex["name"], kind)
        shutil.rmtree(root, ignore_errors=True)
        texts = {}
        for c in e["changes"]:
            name = c["file"]
            if name not in texts:
                with open(os.path.join(source, "stages", ex["start"], name), encoding="utf-8") as f:
                    texts[name] = f.read()
            if texts[name].count(c["replace"]) != 1:
                raise BadInput(f"{path}: entry {i}: the text to replace is not exactly once in "
                               f"stages/{ex['start']}/{name}: {c['replace'][:60]!r}")
            texts[name] = texts[name].replace(c["replace"], c["with"])
        # A planted copy is a whole working copy: the start's files, some of them changed.
        for rel, src in start_files(source, ex).items():
            target = os.path.join(root, ex["start"], rel)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            if rel in texts:
                with open(target, "w", encoding="utf-8") as f:
                    f.write(texts[rel])
            else:
                shutil.copy(src, target)
        out.append({"ex": ex, "kind": kind, "root": root, "why": e["why"], "reason": e["reason"]})
    return out


# ---------------------------------------------------------------------------- pages

def statement_block(ex, lang):
    """The generated lines at the top of a statement: start, target, the commands."""
    n = ex["number"]
    start = f"[{ex['start']}](../../stages/{ex['start']}/README.md)"
    copy = f"exercises/work/{ex['name']}/{ex['start']}/"
    if lang == "ja":
        return (f"**出発点:** {start}（`{copy}` にコピーされます） · **目標:** {target_text(ex, 'ja')}\n\n"
                f"```\n./lab exercise {n}    # 作業用コピーを作ってビルド\n./lab check {n}       # 正しいか、どれだけ速いか、達成したか\n```\n"
                f"比は「スタート ÷ あなたの版」（1 より大きいほど良い）。測り方は [演習のページ](../README.md) にあります。\n")
    return (f"**Start from:** {start} (copied to `{copy}`) · **Target:** {target_text(ex)}\n\n"
            f"```\n./lab exercise {n}    # your working copy, built\n./lab check {n}       # correct? how much faster? done?\n```\n"
            f"The ratio is the start's figure over yours (above 1 is better); how it is measured: "
            f"[the exercises' page](../README.md).\n")


def page_block(exercises):
    lines = [f"- [Exercise {ex['number']}: {ex['title']}](../../exercises/{ex['name']}/README.md): "
             f"{target_text(ex)}. `./lab exercise {ex['number']}`, then `./lab check {ex['number']}`." for ex in exercises]
    return "Checked exercises (the checker says correct or not, and how far from the target):\n\n" + "\n".join(lines) + "\n"


def list_block(exercises):
    rows = ["| # | exercise | start | measured | target |", "|---|---|---|---|---|"]
    for ex in exercises:
        metric = {"time": "host time", "cycles": "AVR cycles (simavr)", "nodes": "search nodes"}[ex["metric"]]
        target = ("no gain expected: explain it" if ex.get("no_gain") else "explain the result"
                  if ex["explained"] else f"{ex['target']:.2f}x")
        rows.append(f"| {ex['number']} | [{ex['title']}]({ex['name']}/README.md) "
                    f"([日本語]({ex['name']}/README.ja.md)) | [{ex['start']}](../stages/{ex['start']}/README.md) "
                    f"| {metric}, {ex['measure']} | {target} |")
    return "\n".join(rows) + "\n"


def measured_block(exercises, proof):
    """The ratios `./lab check --all` measured: each untouched start and each solution."""
    ratio = lambda line: (re.search(r"correct, ([0-9.]+x)", line) or [None, "-"])[1]
    by = {(r["exercise"], r["kind"]): r for r in proof["results"]}
    rows = ["| # | untouched start | reference solution | target |", "|---|---|---|---|"]
    details = []
    for ex in exercises:
        start, sol = by.get((ex["number"], "start")), by.get((ex["number"], "solution"))
        if not (start and sol):
            continue
        target = "explain in answer.md" if ex["explained"] else f"{ex['target']:.2f}x"
        rows.append(f"| {ex['number']} | {ratio(start['line'])} ({start['got']}) | {ratio(sol['line'])} ({sol['got']}) "
                    f"| {target} |")
        details.append(f"- Exercise {ex['number']}, reference solution: {sol['detail']}")
    return (f"Measured by `./lab check --all` on {proof['machine']}: start / yours as the checker prints it, "
            "host times in paired rounds in one process, AVR cycles and search nodes exact.\n\n" + "\n".join(rows) +
            "\n\n<details><summary>What each reference solution measured</summary>\n\n" + "\n".join(details) +
            "\n\n</details>\n")


def rewrite(path, pattern, body, check, marker=None):
    """Writes body between the markers of path (after `marker`, a heading, if they are
    missing); with check, only says whether it would change. Returns True if up to date."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise BadInput(f"{path}: {e.strerror}")
    if pattern.search(text):
        new = pattern.sub(lambda m: m.group(1) + body + m.group(2), text)
    elif marker and marker in text:
        name = "exercises" if pattern is PAGE_BLOCK else "exercise"
        new = text.replace(marker, f"{marker}\n<!-- {name}:begin -->\n{body}<!-- {name}:end -->\n", 1)
    else:
        raise BadInput(f"{path}: no generated block <!-- exercise(s):begin/end --> to fill")
    if new == text:
        return True
    if not check:
        with open(path, "w", encoding="utf-8") as f:
            f.write(new)
    return False


def cmd_pages(args):
    exercises = load(args.source)
    stale = []
    for ex in exercises:
        for page, lang in (("README.md", "en"), ("README.ja.md", "ja")):
            path = os.path.join(ex["dir"], page)
            if not rewrite(path, BLOCK, statement_block(ex, lang), args.check):
                stale.append(path)
    if not rewrite(os.path.join(args.source, "exercises", "README.md"), LIST_BLOCK, list_block(exercises), args.check):
        stale.append(os.path.join(args.source, "exercises", "README.md"))
    # The measured table: from a saved proof named by --proof (written, never checked: another
    # machine's run may differ), or the store's latest proof (written, or checked).
    if getattr(args, "proof", None):
        try:
            with open(args.proof, encoding="utf-8") as f:
                proof = json.load(f)
        except (OSError, ValueError) as e:
            raise BadInput(f"{args.proof}: {e}")
        rewrite(os.path.join(args.source, "exercises", "README.md"), MEASURED_BLOCK, measured_block(exercises, proof), False)
    else:
        try:
            proof = proof_from_facts(list(store.load(os.path.join(args.source, "docs", "facts")).values()))
        except store.FactError as e:
            raise BadInput(str(e))
        path = os.path.join(args.source, "exercises", "README.md")
        if proof and not rewrite(path, MEASURED_BLOCK, measured_block(exercises, proof), args.check):
            stale.append(path)
    by_start = {}
    for ex in exercises:
        by_start.setdefault(ex["start"], []).append(ex)
    for start, group in by_start.items():
        path = os.path.join(args.source, "stages", start, "README.md")
        if not rewrite(path, PAGE_BLOCK, page_block(group), args.check, marker="## Exercises\n"):
            stale.append(path)
    for path in stale:
        say(f"{'stale' if args.check else 'rewritten'}: {os.path.relpath(path, args.source)}")
    if args.check and stale:
        say("exercises: the blocks above are out of date: python3 lab.py exercises pages")
        return 1
    return 0


# ------------------------------------------------------------------------ self-test

def solution_lines(source, ex):
    """(file, line) for every line the reference solution adds to the start that is long
    enough to be recognised (25 characters or more, spaces aside)."""
    start = {l.strip() for p in start_files(source, ex).values() if p.endswith((".h", ".ino"))
             for l in open(p, encoding="utf-8")}
    return [(rel, l.strip()) for rel, p in candidate_files(ex, solution_root(source, ex)).items()
            for l in open(p, encoding="utf-8") if len(l.strip().replace(" ", "")) >= 25 and l.strip() not in start]


def statement_problems(source, ex):
    """What is wrong with one exercise's statement and solution, as lines."""
    problems = []
    added = solution_lines(source, ex)
    for page, headings in STATEMENT_HEADINGS.items():
        path = os.path.join(ex["dir"], page)
        if not os.path.isfile(path):
            problems.append(f"{ex['name']}: {page} is missing")
            continue
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for h in headings:
            if h not in text:
                problems.append(f"{ex['name']}/{page}: no section '{h}'")
        # The statement never shows the solution's code.
        for rel, l in added:
            if l in text:
                problems.append(f"{ex['name']}/{page}: shows a line of the solution ({rel}): {l[:50]}")
    sol = candidate_files(ex, solution_root(source, ex))
    if not sol:
        problems.append(f"{ex['name']}: no reference solution in exercises/solutions/{ex['name']}/{ex['start']}/")
    starts = start_files(source, ex)
    for rel in sol:
        if rel not in starts:
            problems.append(f"{ex['name']}: the solution's {rel} is not a file of the start")
    if ex["explained"] and not os.path.isfile(os.path.join(solution_root(source, ex), "answer.md")):
        problems.append(f"{ex['name']}: the solution of an exercise graded by answer.md has none")
    return problems


def run_self(args, *words):
    r = subprocess.run([*lab.command("exercises"), "--source", args.source, "--build", args.build, *words],
                       capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def copy_problems(args, exercises):
    """What is wrong with the copies a candidate is built in and a student works in: each
    #include must lead to a file inside the copy, and a change outside the start's folder
    must be refused by name (exit 2, one line), then put back by `start`. No build."""
    problems = []
    scratch = os.path.join(args.build, "exercises", "self-test")
    for ex in exercises:
        root = os.path.join(scratch, "work", ex["name"])
        shutil.rmtree(root, ignore_errors=True)
        working_copy(args.source, ex, root)
        for where in (materialise(args.source, args.build, ex, "self-test", None)[0], root):
            try:
                sketches.closure(ex["start"], where)
            except sketches.BadInput as e:
                problems.append(f"{ex['name']}: the copy in {shown(args.source, where)}: {e}")
    ex = next((e for e in exercises if len(os.listdir(os.path.join(scratch, "work", e["name"]))) > 1), None)
    if ex is None:
        return problems + ["no exercise's start includes a file of another folder (self-test)"]
    root = os.path.join(scratch, "work", ex["name"])
    theirs = os.path.join(root, ex["start"], ex["start"] + ".h")
    other = next(os.path.join(d, f) for d, _, fs in sorted(os.walk(root)) for f in sorted(fs)
                 if os.path.relpath(d, root).split(os.sep)[0] != ex["start"])
    for path in (theirs, other):
        os.chmod(path, 0o644)
        with open(path, "a", encoding="utf-8") as f:
            f.write("\n// changed\n")
    code, out = run_self(args, "check", ex["nn"], "--dir", root)
    named = f"{shown(args.source, other)} changes stages/{os.path.relpath(other, root)}"
    if code != 2 or named not in out or len(out.strip().splitlines()) != 1:
        problems.append(f"a candidate that changes {os.path.relpath(other, root)}: exit {code}, {out.strip()!r} "
                        f"(wanted exit 2 and one line with '{named}')")
    working_copy(args.source, ex, root)
    if read_bytes(other) != read_bytes(os.path.join(args.source, "stages", os.path.relpath(other, root))):
        problems.append(f"`start` did not put {os.path.relpath(other, root)} back as the repository has it")
    if not read_bytes(theirs).endswith(b"// changed\n"):
        problems.append(f"`start` did not leave the student's {os.path.relpath(theirs, root)} as it was")
    return problems


def judgement_problems():
    """What is wrong with the checker's own judgements, on made-up inputs: which failing
    test it names, where an AVR run differs, a comment that is no change, a one-word
    answer."""
    problems = []
    report = ('<Catch><Group><TestCase name="perft" tags="[perft][broad]"><Expression success="false">'
              '<Original>perft(7) == 4</Original><Expanded>5 == 4</Expanded></Expression>'
              '<OverallResult success="false"/></TestCase>'
              '<TestCase name="corner moves" tags="[rules]"><Expression success="false"><Original>flips == 3</Original>'
              '<Expanded>2 == 3</Expanded></Expression><OverallResult success="false"/></TestCase>'
              '<TestCase name="fine"><OverallResult success="true"/></TestCase></Group></Catch>')
    got = first_failure(report)
    if got != 'the test "corner moves" fails: flips == 3 is 2 == 3 (1 more test(s) fail)':
        problems.append(f"first_failure names {got!r}, not the narrow test with its values")
    host = ("game 1 ply 0 B moves 19,26 flips 7 play 19:1 board 9\ngame 1 ply 1 W moves 18 flips 8 pass\n"
            "s05_cell91: a title\n0 1 0 0 0 0 0 0\nflipscan reps=100 us=51\nDONE\n")
    avr = host.replace("moves 19,26", "moves 26")
    if "your legalMoves gives c4, the start's d3,c4" not in avr_difference(avr, host):
        problems.append(f"avr_difference on a missing move: {avr_difference(avr, host)!r}")
    if "an endless loop?" not in avr_difference(host.split("game 1 ply 1")[0], host, stopped="no DONE"):
        problems.append("avr_difference on a run that stopped with right output: no 'endless loop?'")
    if avr_difference(host.replace("\n", "\r\n").replace("us=51", "us=9075"), host):
        problems.append("avr_difference finds a difference in line endings or times alone")
    if "row 1" not in avr_difference(host.replace("0 1 0", "0 0 0"), host):
        problems.append(f"avr_difference on the grid: {avr_difference(host.replace('0 1 0', '0 0 0'), host)!r}")
    code = b"int f(int x) {\n  return x + 1;  // one more\n}\n"
    if code_of(code) != code_of(b"int f(int x) { return x+1; /* more */ }") or code_of(code) == code_of(code.replace(b"1", b"2")):
        problems.append("code_of: a comment or spacing counts as code, or a changed number does not")
    answer = os.path.join(tempfile.mkdtemp(), "answer.md")
    with open(answer, "w", encoding="utf-8") as f:
        f.write("x\n")
    if explained_verdict({"number": 2}, os.path.dirname(answer), True, 1.0, True)[0] == ANSWERED:
        problems.append("an answer.md holding 'x' was taken as an answer")
    return problems


def cmd_self_test(args):
    """The set's shape and the checker's answers to bad input; no build."""
    failures = []
    exercises = load(args.source)
    if len(exercises) < 10:
        failures.append(f"{len(exercises)} exercises; the set has at least ten")
    for ex in exercises:
        failures += statement_problems(args.source, ex)
    failures += copy_problems(args, exercises)
    failures += judgement_problems()
    planted = load_planted(args.source, os.path.join(args.build, "exercises", "self-test"), exercises)
    for ex in exercises:
        if sum(p["ex"] is ex for p in planted) < 2:
            failures.append(f"exercise {ex['number']}: fewer than two planted wrong solutions (exercises/planted.json)")
    kinds = {ex["metric"] for ex in exercises}
    for need in ("time", "cycles", "nodes"):
        if need not in kinds:
            failures.append(f"no exercise measures {need}")
    if sum(ex["metric"] == "nodes" for ex in exercises) < 2:
        failures.append("fewer than two search (nodes) exercises")
    if not any(ex.get("no_gain") for ex in exercises):
        failures.append("no exercise whose honest answer is 'no gain'")
    # Bad input: one line, exit 2.
    missing = next(str(n) for n in range(99, 0, -1) if all(ex["number"] != n for ex in exercises))
    unstarted = [ex for ex in exercises if not os.path.isdir(work_root(args.source, ex))]
    cases = [(["check", missing], "no exercise"), (["start", "zero"], "no exercise"),
             (["check", exercises[0]["nn"], "--dir", "/nonexistent"], "has no folder")]
    if unstarted:
        cases.append((["check", str(unstarted[0]["number"])], "no working copy yet"))
    cases += [(["check", exercises[0]["nn"], "--rounds", "abc"], "invalid int value"),
              (["check", exercises[0]["nn"], "--solution", "--start"], "not allowed with"),
              (["check"], "required: exercise")]
    for words, expect in cases:
        code, out = run_self(args, *words)
        if code != 2 or expect not in out or len(out.strip().splitlines()) != 1:
            failures.append(f"`exercises.py {' '.join(words)}`: exit {code}, {out.strip()!r} "
                            f"(wanted exit 2 and one line with '{expect}')")
    # A working copy whose header was renamed is refused, naming the file.
    ex = exercises[0]
    copy = os.path.join(args.build, "exercises", "self-test", "renamed")
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(os.path.join(args.source, "stages", ex["start"]), os.path.join(copy, ex["start"]))
    header = os.path.join(copy, ex["start"], ex["start"] + ".h")
    os.rename(header, header + ".old")
    try:
        require_whole_copy(args.source, ex, copy)
        failures.append("a working copy without its header was taken (self-test)")
    except BadInput as e:
        if ex["start"] + ".h" not in str(e):
            failures.append(f"a working copy without its header: {e} (self-test: the file unnamed)")
    code, out = run_self(args, "pages", "--check")
    if code:
        failures.append("generated blocks out of date:\n" + out)
    # A planted problem is found: a statement that shows a solution line.
    ex = next((e for e in exercises if solution_lines(args.source, e)), None)
    if ex:
        line = solution_lines(args.source, ex)[0][1]
        planted = dict(ex, dir=os.path.join(args.build, "exercises", "self-test", ex["name"]))
        os.makedirs(planted["dir"], exist_ok=True)
        for page in STATEMENT_HEADINGS:
            shutil.copy(os.path.join(ex["dir"], page), planted["dir"])
        with open(os.path.join(planted["dir"], "README.md"), "a", encoding="utf-8") as f:
            f.write("\n    " + line + "\n")
        if not any("shows a line of the solution" in x for x in statement_problems(args.source, planted)):
            failures.append("a statement showing a solution line was not found (self-test)")
    else:
        failures.append("no reference solution adds a line long enough to plant (self-test)")
    for f in failures:
        say(f"FAIL {f}")
    say(f"exercises: {len(exercises)} exercises, {'all checks pass' if not failures else f'{len(failures)} problem(s)'}")
    return 1 if failures else 0


class OneLineParser(argparse.ArgumentParser):
    """argparse's refusals as every ./lab command answers: one line, exit 2 (not its usage
    block); its subcommands' parsers are of this class too."""

    def error(self, message):
        usage = " ".join(self.format_usage().split()).removeprefix("usage: ")
        print(f"lab: {message} (usage: {usage})", file=sys.stderr)
        sys.exit(2)


def main():
    ap = OneLineParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", default=os.path.dirname(HERE))
    ap.add_argument("--build", default=None)
    ap.add_argument("--arguments-only", action="store_true",
                    help="check the arguments (and that the exercise exists), do nothing else: ./lab runs this first")
    sub = ap.add_subparsers(dest="command", required=True)
    sub.add_parser("list", usage="./lab exercise")
    s = sub.add_parser("start", usage="./lab exercise N")
    s.add_argument("exercise")
    c = sub.add_parser("check", usage="./lab check N [--solution | --start | --dir DIR] [--rounds R] [--min-time S]")
    c.add_argument("exercise")
    which = c.add_mutually_exclusive_group()
    which.add_argument("--solution", action="store_true", help="check the reference solution")
    which.add_argument("--start", action="store_true", help="check the untouched starting point")
    which.add_argument("--dir", help="check the candidate in DIR/<start>/")
    proof = sub.add_parser("proof", usage="./lab check --all")
    proof.add_argument("--store", action="store_true", help="record the starts' and solutions' measured lines in "
                                                             "the store of facts (docs/facts/exercises.json)")
    for p in (c, proof):
        p.add_argument("--rounds", type=int, default=15, help="host timing: rounds of start and yours (at least 3)")
        p.add_argument("--min-time", type=float, default=0.1, help="host timing: seconds of each side in a round")
    g = sub.add_parser("pages")
    g.add_argument("--check", action="store_true")
    g.add_argument("--proof", help="write the ratios of this saved proof (build/exercises/proof.json) instead of "
                                   "the store's (docs/facts/exercises.json)")
    sub.add_parser("self-test")
    args = ap.parse_args()
    args.source = os.path.abspath(args.source)
    args.build = os.path.abspath(args.build or os.path.join(args.source, "build"))
    try:
        if args.arguments_only:
            if args.command == "check":
                check_timing_args(args)
                candidate_root(args, find(load(args.source), args.exercise))
            return 0
        return {"list": cmd_list, "start": cmd_start, "check": cmd_check, "proof": cmd_proof,
                "pages": cmd_pages, "self-test": cmd_self_test}[args.command](args)
    except BadInput as e:
        print(f"lab: {e}" if not str(e).startswith("exercise ") else str(e), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
