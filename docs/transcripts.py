#!/usr/bin/env python3
"""The example sessions in the pages, produced by the program itself rather than typed.

A page declares a transcript in a comment, one reversi-lab command line per line; a
command may end with `<<<` and the lines a person types, separated by ` | `:

    <!-- transcript-solve:
    solve "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
    play <<< d3 | hint | e3
    -->
    <!-- transcript-solve:begin -->
    <!-- transcript-solve:end -->

and this script runs each command with the build's reversi-lab and writes, between the
markers, the commands and what they print, as a terminal shows it (a typed line after
its prompt). Times differ from run to run; everything else the program prints is
deterministic, so

    python3 lab.py transcripts --build build --source . --check

fails when a page's transcript no longer matches what the program prints, times aside.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys

from bench.report import machine  # bench/report.py: the CPU line every table names
from docs.blocks import as_on_page, block_text, replace_between  # docs/blocks.py: a page's blocks

HERE = os.path.dirname(os.path.abspath(__file__))

PAGES = ["docs/cli.md"]  # the command-line reference holds every example session
DECLARATION = re.compile(r"<!-- (transcript-[\w-]+):\n(.*?)-->", re.S)
PROMPT = "your move> "  # where `play` waits for a typed line
# What varies between runs: wall times, the rates computed from them, the machine line.
TIMES = [re.compile(r"time \d+\.\d+ s nps \d+"), re.compile(r"(nodes, )\d+\.\d+ s\]"),
         re.compile(r"on [^\n]*?; times differ")]


def run(exe, spec):
    """The transcript of one command line: the command, then its output as a terminal shows it."""
    command, _, typed = spec.partition("<<<")
    argv = shlex.split(command)
    lines = [t.strip() for t in typed.split("|")] if typed.strip() else []
    got = subprocess.run([exe] + argv, input="".join(t + "\n" for t in lines), capture_output=True, text=True,
                         timeout=300)
    # A session whose typed lines end before the game does exits with 1; anything else must succeed.
    if got.returncode != 0 and not (lines and got.returncode == 1):
        raise SystemExit(f"transcripts: reversi-lab {command.strip()} exited with {got.returncode}: "
                         f"{got.stderr.strip()[-300:]}")
    out = got.stdout
    for t in lines:  # a terminal echoes each typed line after its prompt
        at = out.find(PROMPT)
        if at < 0:
            raise SystemExit(f"transcripts: reversi-lab {command.strip()}: no prompt for the typed line {t!r}")
        out = out[:at] + "\x00" + t + "\n" + out[at + len(PROMPT):]
    out = out.replace("\x00", PROMPT)
    text = "\n".join(line.rstrip() for line in out.rstrip("\n").split("\n"))
    return f"build/reversi-lab {command.strip()}\n{text}\n"


def block(exe, specs):
    body = "".join(run(exe, s) for s in specs)
    return (f"Printed by the program (`docs/transcripts.py`, run by `cmake --build build --target update-docs`) "
            f"on {machine()}; times differ from run to run.\n\n```\n{body}```\n")


def masked(text):
    for pattern in TIMES:
        text = pattern.sub(lambda m: (m.group(1) if m.groups() else "") + "TIME", text)
    return text


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--source", default=".")
    ap.add_argument("--check", action="store_true", help="compare, times aside; change nothing")
    a = ap.parse_args()
    exe = os.path.join(a.build, "reversi-lab")
    if not os.access(exe, os.X_OK):
        print(f"transcripts: {exe} is missing: cmake --build {a.build} --target reversi-lab", file=sys.stderr)
        return 2
    stale, count = [], 0
    for page in PAGES:
        path = os.path.join(a.source, page)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        new = text
        for name, specs in DECLARATION.findall(text):
            count += 1
            body = block(exe, [s.strip() for s in specs.strip().split("\n") if s.strip()])
            if a.check:
                old = block_text(text, name)
                if old is None or masked(old) != masked(body):
                    stale.append(f"{page}: {name}")
            else:  # on a page that names its machine once, the caption links there
                new = replace_between(new, name, as_on_page(text, body), path)
        if new != text:
            with open(path, "w", encoding="utf-8") as f:
                f.write(new)
    if stale:
        print("transcripts: the program now prints something else (times aside); run docs/transcripts.py "
              "--build BUILD --source .: " + ", ".join(stale), file=sys.stderr)
        return 1
    print(f"transcripts: {count} block(s) {'match the program' if a.check else 'written'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
