#!/usr/bin/env python3
"""The store of facts (docs/store.py, docs/facts/) keeps one value per key, and the pages
show what it holds:
- the repository's store loads: no key has two values;
- a second value planted for a key, in another file or in the same one, fails the load
  with both places named; a second writer of a key is refused, its own writer replaces;
- a broken key (a field missing or empty) fails;
- every step page's duel blocks are what bench/duel_report.py renders from the store, and
  a number typed into a copy of one fails that check, naming the page and block; the
  perft tables (docs/cli.md, s11's page) are what bench/perft_speed.py renders from it.

    python3 lab.py store-test REPOSITORY_ROOT     (CTest docs:store)
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

from docs import store  # the store under test
import lab  # lab.py: the tools' entry point, to run a tool as a child process

ROOT = os.path.abspath(sys.argv[1]) if len(sys.argv) == 2 else sys.exit("usage: store_test.py REPOSITORY_ROOT")

REPORT = lab.command("duel-report")
PERFT = lab.command("perft-speed")
PERFT_PAGES = [os.path.join(ROOT, p) for p in ("docs/cli.md", "stages/s11_avx512/README.md")]


def fails(folder, want):
    """store.load(folder) must refuse, saying `want`."""
    try:
        store.load(folder)
    except store.FactError as e:
        if want not in str(e):
            sys.exit(f"FAIL: the store refused, but not with {want!r}: {e}")
        return
    sys.exit(f"FAIL: a store that breaks its rule loaded ({want})")


def planted(real):
    """Second values planted in copies of the real store."""
    name, fact = next((f["file"], f) for f in real.values())
    plain = {k: fact[k] for k in ("key", "value")}
    with tempfile.TemporaryDirectory() as d:
        shutil.copytree(store.FOLDER, d, dirs_exist_ok=True)
        changed = dict(plain, value="another value")
        with open(os.path.join(d, "planted.json"), "w", encoding="utf-8") as f:
            json.dump({"writer": "someone else", "facts": [changed]}, f)
        fails(d, "two values for one key")
        # ...and the message names both files
        try:
            store.load(d)
        except store.FactError as e:
            if name not in str(e) or "planted.json" not in str(e):
                sys.exit(f"FAIL: the refusal does not name both files: {e}")
        os.unlink(os.path.join(d, "planted.json"))
        path = os.path.join(d, name)
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        data["facts"].append(changed)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(data, f)
        fails(d, "two values for one key")
    with tempfile.TemporaryDirectory() as d:
        broken = {"key": dict(plain["key"], cpu=""), "value": 1}
        with open(os.path.join(d, "b.json"), "w", encoding="utf-8") as f:
            json.dump({"writer": "w", "facts": [broken]}, f)
        fails(d, "the key field 'cpu' is empty")
    with tempfile.TemporaryDirectory() as d:
        key = {"what": "w", "workload": "x", "subject": "s", "platform": "host", "cpu": "any"}
        store.record("writer a", "a.json", [{"key": key, "value": 1}], d)
        store.record("writer a", "a.json", [{"key": key, "value": 2}], d)  # measured again: replaced
        values = [f["value"] for f in store.load(d).values()]
        if values != [2]:
            sys.exit(f"FAIL: a measurement repeated by its writer left {values}, not [2]")
        try:
            store.record("writer b", "b.json", [{"key": key, "value": 3}], d)
            sys.exit("FAIL: a second writer recorded a key the first holds")
        except store.FactError as e:
            if "a.json" not in str(e):
                sys.exit(f"FAIL: the refusal does not name the file holding the key: {e}")
        if os.path.exists(os.path.join(d, "b.json")):
            sys.exit("FAIL: a refused record left a file behind")


def pages_are_the_store():
    r = subprocess.run([*REPORT, "--check", "--root", ROOT], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"FAIL: the pages' duel blocks are not the store's:\n{r.stderr}")
    # A number typed into a copy of a page fails, naming the page and block.
    with tempfile.TemporaryDirectory() as d:
        for step in os.listdir(os.path.join(ROOT, "stages")):
            if step.startswith("e"):
                os.makedirs(os.path.join(d, "stages", step))
                shutil.copy(os.path.join(ROOT, "stages", step, "README.md"), os.path.join(d, "stages", step))
        page = os.path.join(d, "stages", "e09_bitsolve", "README.md")
        with open(page, encoding="utf-8") as f:
            text = f.read()
        start = text.index("<!-- duel-verdict:begin -->")
        at = text.index(" % against", start)
        typed = text[:at - 2] + ("11" if text[at - 2:at] != "11" else "12") + text[at:]
        with open(page, "w", encoding="utf-8") as f:
            f.write(typed)
        r = subprocess.run([*REPORT, "--check", "--root", d], capture_output=True, text=True)
        if r.returncode != 1 or "stages/e09_bitsolve/README.md: <!-- duel-verdict --> is not what the store gives" \
                not in r.stderr:
            sys.exit(f"FAIL: a typed score on e09's page passed the check (exit {r.returncode}): {r.stderr}")
        r = subprocess.run([*REPORT, "--pages", "--root", d], capture_output=True, text=True)
        with open(page, encoding="utf-8") as f:
            if r.returncode != 0 or f.read() != text:
                sys.exit(f"FAIL: --pages did not write the store's sentence back (exit {r.returncode}): {r.stderr}")


def perft_tables_are_the_store():
    r = subprocess.run([*PERFT, "--check"] + PERFT_PAGES, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"FAIL: the perft tables are not the store's:\n{r.stderr}")
    with tempfile.TemporaryDirectory() as d:
        page = os.path.join(d, "cli.md")
        with open(PERFT_PAGES[0], encoding="utf-8") as f:
            text = f.read()
        at = text.index("| s10 11 | ")
        cell = text.index(" | ", at + len("| s10 11 | ")) + 3  # the wall time's cell
        with open(page, "w", encoding="utf-8") as f:
            f.write(text[:cell] + ("9" if text[cell] != "9" else "8") + text[cell + 1:])
        r = subprocess.run([*PERFT, "--check", page], capture_output=True, text=True)
        if r.returncode != 1 or "<!-- perft-speed --> is not what the store gives" not in r.stderr:
            sys.exit(f"FAIL: a typed perft time passed the check (exit {r.returncode}): {r.stderr}")


def main():
    try:
        real = store.load()
    except store.FactError as e:
        sys.exit(f"FAIL: the repository's store: {e}")
    if not real:
        sys.exit("FAIL: the repository's store is empty")
    planted(real)
    pages_are_the_store()
    perft_tables_are_the_store()
    print(f"store: {len(real)} facts, one value each; planted second values refused; the pages' duels and perft "
          "tables are the store's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
