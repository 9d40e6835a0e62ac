#!/usr/bin/env python3
"""One number per fact: a measured quantity has one value on every page that shows it.

The generated tables of the pages (README*.md, docs/*.md, stages/*/README.md, the Japanese
pages included) are read as facts, (subject, quantity, platform) -> value:
- a stage's time per item of a benchmark family on the host (the stage pages' tables, the
  overview's, the README's, the "why it is slower" tables, the claims' figures);
- a stage's figure on an embedded core (cycles, instructions, bytes: the embedded tables,
  the why tables, the claims' figures);
- a ratio between two stages ("s03 as fast as s01", whichever table states it);
- perft with bulk counting at a depth, CPU seconds (the perft tables of s09-s11, the CLI page).
A quantity with two values fails the check, with both places named.

    python3 lab.py check-facts REPOSITORY_ROOT     (CTest docs:facts)
    python3 lab.py check-facts --list ROOT         (print every fact found)
"""
import os
import re
import sys

from docs import ja  # docs/ja.py: the Japanese table words, read back into English

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

FAMILIES = [("flip scan", "FlipScan"), ("legalMoves", "LegalMoves"), ("play", "Play"), ("perft(7)", "Perft/7")]
PLATFORMS = [("AVR", "AVR"), ("lx106", "lx106"), ("RISC-V", "RISC-V")]
NUMBER = re.compile(r"^~?(\d[\d,]*(?:\.\d+)?)")
RATIO = re.compile(r"(\d+\.\d+)x")
ENGLISH = {v: k for k, v in ja.WORDS.items()}
PARTS_BACK = [("(サイクル)", "(cycles)"), ("(命令数)", "(instr.)"), ("(バイト)", "(bytes)"), ("フラッシュ / RAM", "flash / RAM"),
              ("ステージのコード", "stage code"), ("返る数の走査", "flip scan")]


def english(header):
    """A table heading in English (a Japanese page's read back through docs/ja.py's words)."""
    header = header.strip()
    if header in ENGLISH:
        return ENGLISH[header]
    for jp, en in PARTS_BACK:
        header = header.replace(jp, en)
    return header


def family(text):
    low = text.lower()
    return next((f for word, f in FAMILIES if word.lower() in low), None)


def quantity(header):
    """(platform, what) of a column heading, or None: "AVR flip scan (cycles)" -> ("AVR",
    "FlipScan cycles"); "flip scan (countFlips on 64 squares) (ns/position)" -> ("host", "FlipScan")."""
    h = english(header)
    platform = next((p for word, p in PLATFORMS if h.startswith(word)), "host")
    f = family(h)
    if platform == "host":
        return ("host", f) if f and not re.search(r"as fast|vs |min-max", h) else None
    unit = re.search(r"\((cycles|instr\.|bytes)\)", h)
    rest = re.sub(r"^(AVR|lx106|RISC-V)\s*", "", h)
    return platform, (f"{f} {unit.group(1)}" if f and unit else rest)


def stage_of(cell):
    m = re.match(r"\s*\**(s\d\d|e\d\d)(?:_\w+)?\b", cell)
    return m.group(1) if m else None


def page_stage(path):
    m = re.match(r"stages/([se]\d\d)_", path)
    return m.group(1) if m else None


def tables(text):
    """[(first line number, [rows of cells])] of the Markdown tables outside code."""
    out, rows, start, fence = [], [], 0, False
    for n, line in enumerate(text.splitlines() + [""], 1):
        if line.startswith("```"):
            fence = not fence
        if not fence and line.startswith("|"):
            if not rows:
                start = n
            rows.append([c.strip() for c in line.strip().strip("|").split("|")])
        elif rows:
            out.append((start, [r for r in rows if not all(set(c) <= set("-: ") for c in r)]))
            rows = []
    return out


def number(cell):
    m = NUMBER.match(cell.strip())
    return m.group(1).replace(",", "") if m else None


def facts_of(path, text):
    """[((subject, quantity, platform), value, where)] of one page."""
    found, me = [], page_stage(path)

    def add(subject, q, value, line):
        if subject and q and q[1] and value is not None:
            found.append(((subject, q[1], q[0]), value, f"{path}:{line}"))

    for start, rows in tables(text):
        if len(rows) < 2:
            continue
        head = [english(h) for h in rows[0]]
        first = head[0].lower()
        subjects = [stage_of(r[0]) for r in rows[1:]]
        if first == "stage" and len([x for x in subjects if x]) != len({x for x in subjects if x}):
            continue  # a stage on several rows (one per workload): its cells are not per stage
        # a "why" table's benchmark: its rows name it ("cycles per flip scan")
        why_family = next((family(r[0].split(" per ")[-1]) for r in rows[1:] if " per " in r[0]
                           and family(r[0].split(" per ")[-1])), None)
        for i, row in enumerate(rows[1:], start + 2):
            if first == "benchmark" and me and me.startswith("s"):  # a stage page's own table
                f = family(row[0])
                if f and "own" not in row[0]:
                    add(me, ("host", f), number(row[1]), i)
                    for h, c in zip(head[3:], row[3:]):
                        other = re.search(r"as fast as (s\d\d)", h)
                        if other and number(c):
                            add(f"{me} as fast as {other.group(1)}", ("host", f), number(c), i)
            elif first == "stage" and stage_of(row[0]) and stage_of(row[0]).startswith("s"):
                s, last = stage_of(row[0]), None
                for h, c in zip(head[1:], row[1:]):
                    q = quantity(h)
                    if q:
                        last = q
                        add(s, q, number(c), i)
                        r = RATIO.search(c)
                        if r and q[0] == "host" and "(" in c:  # "687 (0.77x)": against s01
                            add(f"{s} as fast as s01", q, r.group(1), i)
                    elif last and re.search(r"as fast as s01|^vs s01", h) and RATIO.search(c):
                        add(f"{s} as fast as s01", last, RATIO.search(c).group(1), i)
            elif first == "measured" and len(head) >= 3:  # a "why it is slower" table
                subjects = [stage_of(h) for h in head[1:3]]
                label = row[0]
                platform = next((p for word, p in PLATFORMS if label.startswith(word)), "host")
                f = why_family
                if platform == "host" and label.startswith("host time") and f:
                    for s, c in zip(subjects, row[1:3]):
                        add(s, ("host", f), number(c), i)
                elif platform != "host" and f:
                    unit = "cycles" if "cycles" in label else "instr."
                    for s, c in zip(subjects, row[1:3]):
                        add(s, (platform, f"{f} {unit}"), number(c), i)
            elif first == "depth" and me and any("CPU s" in h for h in head):  # perft with bulk counting
                col = next(j for j, h in enumerate(head) if "CPU s" in h)
                add(me, ("host", f"perft({row[0]}) bulk, CPU s"), number(row[col]), i)
            elif first == "perft --bulk":  # the CLI's perft timings: "s10 11"
                m = re.fullmatch(r"(s\d\d) (\d+)", row[0])
                col = next((j for j, h in enumerate(head) if "CPU s" in h), None)
                if m and col:
                    add(m.group(1), ("host", f"perft({m.group(2)}) bulk, CPU s"), number(row[col]), i)
            if len(row) >= 5 and head[:3] == ["article", "claim", "platform"]:  # the claims ledger
                platform = next((p for word, p in PLATFORMS if row[2].startswith(word)), "host")
                for s, name, value, unit in re.findall(r"(s\d\d):([\w/]+): ([\d,.]+) (ns/\w+|cycles|instructions)",
                                                       row[4]):
                    f = name if name in [v for _, v in FAMILIES] else None
                    if f and platform == "host":
                        add(s, ("host", f), value.replace(",", ""), i)
                    elif f:
                        add(s, (platform, f"{f} {'cycles' if unit == 'cycles' else 'instr.'}"), value.replace(",", ""), i)
    return found


def pages(root):
    out = []
    for d, subdirs, names in os.walk(root):
        subdirs[:] = [s for s in subdirs if not s.startswith(("build", ".")) and s != "node_modules"]
        rel = os.path.relpath(d, root)
        for n in names:
            p = n if rel == "." else f"{rel}/{n}"
            if p.endswith(".md") and ("/" not in p or p.startswith("docs/") or re.match(r"stages/[^/]+/README", p)):
                out.append(p)
    return sorted(out)


def disagreements(facts):
    """A message for every quantity with more than one value."""
    by = {}
    for key, value, where in facts:
        by.setdefault(key, {}).setdefault(value, []).append(where)
    out = []
    for (subject, what, platform), values in sorted(by.items()):
        if len(values) > 1:
            out.append(f"{subject}, {what}, {platform}: " + "; ".join(
                f"{v} ({', '.join(w[:3])}{' ...' if len(w) > 3 else ''})" for v, w in sorted(values.items())))
    return out


def main(argv):
    listing = "--list" in argv
    args = [a for a in argv if a != "--list"]
    if len(args) != 1:
        print("usage: check_facts.py [--list] REPOSITORY_ROOT", file=sys.stderr)
        return 2
    root = args[0]
    facts = [f for p in pages(root) for f in facts_of(p, open(os.path.join(root, p), encoding="utf-8").read())]
    if listing:
        for key, value, where in sorted(facts):
            print(" | ".join(key), "=", value, "@", where)
    found = disagreements(facts)
    for d in found:
        print("FAIL: two values for one quantity:", d)
    print(f"{len(facts)} facts on {len({w.split(':')[0] for _, _, w in facts})} pages, "
          f"{len({k for k, _, _ in facts})} quantities; {len(found)} with more than one value")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
