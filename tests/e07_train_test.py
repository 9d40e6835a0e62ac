#!/usr/bin/env python3
"""A short training run of step 07's weights, twice: on one thread, then on two. Both
must give the same data and the same weights, bit for bit, and the checksums below (a
change to the self-play, the labels or the fit changes them: update them with the
change, and say why). Then the trainer's answers to bad input.

    python3 lab.py e07-train-test build/e07_train
"""
import os
import re
import subprocess
import sys
import tempfile

# seed 7, 300 games, exact labels from 14 empties; fit with lambda 10, 200 iterations
EXPECTED_DATA = "97ca1f793e502b21"
EXPECTED_WEIGHTS = "f9d6fc2f85ad16dd"


def run(exe, *args, expect=0):
    r = subprocess.run([exe, *args], capture_output=True, text=True, timeout=600)
    if r.returncode != expect:
        sys.exit(f"FAIL: e07_train {' '.join(args)} exited {r.returncode}, expected {expect}\n{r.stdout}{r.stderr}")
    return r


def checksum(text, what):
    m = re.search(what + r".*checksum FNV-1a-64 ([0-9a-f]{16})", text)
    if not m:
        sys.exit(f"FAIL: no {what} checksum in:\n{text}")
    return m.group(1)


def main(argv):
    if len(argv) != 2:
        print("usage: e07_train_test.py E07_TRAIN", file=sys.stderr)
        return 2
    exe = argv[1]
    with tempfile.TemporaryDirectory() as d:
        sums = []
        for jobs in ("1", "2"):
            data, weights = os.path.join(d, f"data{jobs}"), os.path.join(d, f"weights{jobs}")
            g = run(exe, "gen", "--seed=7", "--games=300", "--exact=14", f"--jobs={jobs}", f"--out={data}")
            f = run(exe, "fit", f"--data={data}", f"--out={weights}")
            sums.append((checksum(g.stdout, "gen: data"), checksum(f.stdout, "fit: weights"),
                         open(data, "rb").read(), open(weights, "rb").read()))
            print(f"jobs {jobs}: data {sums[-1][0]}, weights {sums[-1][1]}")
        if sums[0][2] != sums[1][2] or sums[0][3] != sums[1][3]:
            sys.exit("FAIL: one thread and two threads gave different data or weights")
        if EXPECTED_DATA and (sums[0][0], sums[0][1]) != (EXPECTED_DATA, EXPECTED_WEIGHTS):
            sys.exit(f"FAIL: expected data {EXPECTED_DATA} and weights {EXPECTED_WEIGHTS}, got {sums[0][0]} and {sums[0][1]}")
        # The header names its step: step 07's by default, step 12's with --step=e12 (its own
        # namespace and guard), the same weights and checksum in both.
        for step, ns in (([], "e07"), (["--step=e12"], "e12")):
            header = os.path.join(d, f"{ns}.h")
            run(exe, "header", "--weights=" + weights, "--out=" + header, *step)
            text = open(header, encoding="utf-8").read()
            want = [f"namespace {ns} {{", f"#define REVERSI_LAB_{ns.upper()}_WEIGHTS_H",
                    f"TRAINED_CHECKSUM = 0x{sums[0][1]}ULL", f"Step {ns[1:]}'s trained weights"]
            missing_words = [w for w in want if w not in text]
            if missing_words:
                sys.exit(f"FAIL: e07_train header {' '.join(step)}: the header lacks {missing_words}")
        # Crafted data files: a count that 12 + count * 32 wraps around to the file's size,
        # and one record whose two sides share a square.
        wraps, shared = os.path.join(d, "wraps"), os.path.join(d, "shared")
        with open(wraps, "wb") as f:
            f.write(b"E07D" + (2 ** 59).to_bytes(8, "little"))
        with open(shared, "wb") as f:
            f.write(b"E07D" + (1).to_bytes(8, "little") + (1).to_bytes(8, "little") * 2 + bytes(16))
        missing = os.path.join(d, "no-such-folder")
        # Bad input: one line, exit 2, nothing on standard output (refused before any work:
        # a folder to write in is checked before the self-play); a failed write: exit 1.
        for args, expect, says in [
            (("gen", "--seed=7"), 2, "--games is required"),
            (("gen", "--seed=7", "--games=0", "--out=x"), 2, "--games must be"),
            (("fit", "--data=" + os.path.join(d, "none"), "--out=x"), 2, "cannot read"),
            (("fit", "--data=" + weights, "--out=x"), 2, "not a data file"),
            (("fit", "--data=" + data, "--out=x", "--colour=3"), 2, "unknown option --colour"),
            (("relabel", "--data=" + data, "--weights=" + data, "--from=17", "--to=24", "--out=x"), 2, "not a weights file"),
            (("header", "--weights=" + weights, "--out=" + d), 2, "is a folder"),
            (("header", "--weights=" + weights, "--out=/dev/full"), 1, "cannot write"),
            (("header", "--weights=" + weights, "--out=x", "--step=e13"), 2, "--step must be e07 or e12"),
            (("fit", "--data=" + wraps, "--out=x"), 2, "not a data file"),
            (("fit", "--data=" + shared, "--out=x"), 2, "record 1 is not a position"),
            (("gen", "--seed=7", "--games=300", "--out=" + os.path.join(missing, "data")), 2, "no folder"),
            (("train", "--seed=1", "--games=300", "--dir=" + missing), 2, "no folder"),
            (("train", "--seed=1", "--games=300", "--dir=" + d, "--json=" + d), 2, "is a folder"),
            (("train", "--seed=1", "--games=300", "--dir=" + d, "--header=" + os.path.join(missing, "h")), 2,
             "no folder"),
            (("compare", "--weights=" + weights, "--ffo=20"), 2, "no FFO position"),
            (("train", "--seed=1", "--dir=" + d), 2, "--games is required"),
            (("solve",), 2, "usage"),
        ]:
            r = run(exe, *args, expect=expect)
            lines = r.stderr.strip().splitlines()
            if len(lines) != 1 or says not in lines[0]:
                sys.exit(f"FAIL: e07_train {' '.join(args)}: expected one line saying '{says}', got {r.stderr!r}")
            if expect == 2 and r.stdout:
                sys.exit(f"FAIL: e07_train {' '.join(args)}: refused after some work: {r.stdout!r}")
    print("e07:train: one and two threads agree, bit for bit; bad input answered")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
