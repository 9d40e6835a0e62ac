#!/usr/bin/env python3
"""Draws the layout pictures of the stage pages (docs/layout-sNN.svg) from the stages' own
constants, as printed by tests/layout_constants.cpp (target layout_constants):

    python3 lab.py layouts --dump build/layout_constants --source .          # redraw
    python3 lab.py layouts --dump build/layout_constants --source . --check  # fail if one is stale

s03 the walled 10x10 board, s05 the 91 cells and the eight offsets, s08 the 38 lines and
a square's line indices, s09 the two masks and one fill step with its edge mask, s11 the
eight lanes of one 512-bit register (from the header's plain arrays ROTATE and EDGE, so
no AVX-512 CPU is needed to draw it). Plain SVG written here (no matplotlib), each with a
<title> and a <desc>.
"""
import argparse
import json
import os
import subprocess
import sys
import textwrap
from xml.sax.saxutils import escape

FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"
WALL_FILL, SQUARE_FILL, MARK_FILL, BIT_FILL = "#8a8a8a", "#cfe6d4", "#ffd54f", "#3f6fb5"
FILES = "abcdefgh"


# Where each picture's numbers come from, named in its last line.
SOURCES = {"s03": "s03_wall.h (WALL, clear, setCell)", "s05": "s05_cell91.h (WIDTH, CELLS, DIR, squareIndex)",
           "s08": "s08_tables.h (CELL_LINE, CELL_POS, CELL_WEIGHT) and s08_line_index.h (STEP)",
           "s09": "s09_bitboard.h (INNER, setCell, moveMask)", "s11": "s11_avx512.h (ROTATE, EDGE)",
           "e07": "e07_evaluation.h (KIND_SQUARES, IMAGE_KINDS, symmetry)"}
KIND_NAMES = ["edge + 2 X-squares", "corner 3x3", "corner 2x5", "2nd row", "3rd row", "4th row", "diagonal of 8",
              "diagonal of 7", "diagonal of 6", "diagonal of 5", "diagonal of 4"]


def svg(stage, width, height, title, desc, body):
    height += 24
    foot = text(width - 10, height - 14, f"drawn by docs/layouts.py from {SOURCES[stage]}", 10, "end", "#777")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" font-family="{FONT}">\n'
            f"<title>{escape(title)}</title>\n<desc>{escape(desc)}</desc>\n"
            f'<rect width="{width}" height="{height}" fill="white"/>\n' + "".join(body) + foot + "</svg>\n")


def text(x, y, s, size=13, anchor="middle", fill="#222", weight="normal"):
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" fill="{fill}" '
            f'font-weight="{weight}" dominant-baseline="central">{escape(str(s))}</text>\n')


def para(out, x, y, s, width, size=12):
    """s wrapped to `width` pixels from (x, y), one <text> per line; returns the y below it."""
    for line in textwrap.wrap(s, int(width / (size * 0.53))):
        out.append(text(x, y, line, size, "start"))
        y += size * 1.6
    return y


def rect(x, y, w, h, fill, stroke="#555", width=1):
    return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{width}"/>\n')


def stone(cx, cy, r, colour):
    dark = colour == "black"
    return (f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{"#111" if dark else "#fff"}" stroke="#111"/>\n')


def cell_look(value, c):
    """Fill and label colour of a cell holding `value` in a byte-array stage."""
    if value == c["WALL"]:
        return WALL_FILL, "white"
    return SQUARE_FILL, "#222"


def draw_cell(out, x, y, size, value, c, label=None, label_size=13):
    fill, ink = cell_look(value, c)
    out.append(rect(x, y, size, size, fill))
    if value in (c.get("WHITE"), c.get("BLACK")):
        out.append(stone(x + size / 2, y + size / 2, size * 0.36, "black" if value == c["BLACK"] else "white"))
        ink = "white" if value == c["BLACK"] else "#111"
    out.append(text(x + size / 2, y + size / 2, value if label is None else label, label_size, fill=ink))


def s03(c):
    rows, cols, cells, size, x0, y0 = c["rows"], c["cols"], c["cells"], 40, 70, 70
    out = [text(x0 + cols * size / 2, 22, f"cells[{rows}][{cols}]: the board inside a ring of walls", 16,
                weight="bold"),
           text(x0 + cols * size / 2, 42, "cells[y][x]: x", 12, fill="#555"),
           text(30, y0 + rows * size / 2, "y", 12, fill="#555")]
    for y in range(rows):
        out.append(text(x0 - 14, y0 + y * size + size / 2, y, 12, fill="#555"))
        for x in range(cols):
            if y == 0:
                out.append(text(x0 + x * size + size / 2, y0 - 12, x, 12, fill="#555"))
            draw_cell(out, x0 + x * size, y0 + y * size, size, cells[y * cols + x], c)
    inner = [(x, y) for y in range(rows) for x in range(cols) if cells[y * cols + x] != c["WALL"]]
    left, top = min(x for x, _ in inner), min(y for _, y in inner)
    right, bottom = max(x for x, _ in inner), max(y for _, y in inner)
    for x in range(left, right + 1):  # the board's own names below and right of the ring
        out.append(text(x0 + x * size + size / 2, y0 + rows * size + 14, FILES[x - left], 12, fill="#2e7d32"))
    for y in range(top, bottom + 1):
        out.append(text(x0 + cols * size + 14, y0 + y * size + size / 2, y - top + 1, 12, fill="#2e7d32"))
    w = x0 + cols * size + 40
    h = para(out, 20, y0 + rows * size + 40, f"Grey: WALL = {c['WALL']}, which stops every scan. Green: a board "
             f"square (EMPTY = {c['EMPTY']}, WHITE = {c['WHITE']}, BLACK = {c['BLACK']}); square (x, y) lives at "
             f"cells[y + {top}][x + {left}]. Shown: the start position.", w - 40)
    return svg("s03", w, h + 4, "Stage 03's board: a 10x10 array with a ring of walls",
               f"A grid of {rows} by {cols} cells. The outer ring holds the wall value {c['WALL']}; the inner "
               f"{right - left + 1} by {bottom - top + 1} squares are the board (a1 at cells[{top}][{left}]), shown "
               "with the four stones of the start position. A scan that leaves the board meets a wall and stops, "
               "so the code needs no bound test.", out)


def s05(c):
    width, n, cells, dirs = c["WIDTH"], c["CELLS"], c["cells"], c["DIR"]
    rows = (n + width - 1) // width
    size, x0, y0 = 46, 120, 74
    centre = c["square"][3 * 8 + 7]  # h4, the header's example: three of its steps land on walls
    offset_at = {centre + d: d for d in dirs}
    out = [text(x0 + width * size / 2, 22, f"cells[{n}]: rows of {width} share one wall column", 16, weight="bold"),
           text(x0 + width * size / 2, 50, "index of the cell = first index of its row + column", 12, fill="#555")]
    for x in range(width):
        out.append(text(x0 + x * size + size / 2, y0 - 12, f"+{x}", 12, fill="#555"))
    for i in range(n):
        y, x = divmod(i, width)
        if x == 0:
            out.append(text(x0 - 12, y0 + y * size + size / 2, i, 12, "end", fill="#555"))
        px, py = x0 + x * size, y0 + y * size
        if i == centre or i in offset_at:
            out.append(rect(px, py, size, size, MARK_FILL if i != centre else "#ff8f00", "#333", 2))
            out.append(text(px + size / 2, py + 15, i, 11, fill="#333"))
            out.append(text(px + size / 2, py + 32, "from" if i == centre else f"{offset_at[i]:+d}", 13,
                            weight="bold"))
        else:
            draw_cell(out, px, py, size, cells[i], c, label=i, label_size=12)
    out.append(text(x0 - 60, y0 + size * 1.5, "row starts", 11, fill="#555"))
    w = x0 + width * size + 30
    walls = [centre + d for d in dirs if cells[centre + d] == c["WALL"]]
    h = para(out, 20, y0 + rows * size + 24, f"Grey: WALL ({n - 64} cells); green: the 64 squares, square (x, y) at "
             f"cell (y + 1) * {width} + (x + 1). Yellow: the eight DIR offsets from cell {centre} (h4); the steps to "
             f"{', '.join(map(str, walls))} land on walls: column +0 is the wall shared by two rows, so stepping right "
             "off the last column lands on the next row's wall.", w - 40)
    return svg("s05", w, h + 4, "Stage 05's board: 91 cells, one shared wall column, eight offsets",
               f"The {n} cells drawn {width} to a row. The first row and the last cells are walls, and the first "
               f"cell of every row is a wall that serves as the right wall of the row above and the left wall of "
               f"its own row. Cell {centre} (square h4) is marked with its eight neighbours, each labelled with its "
               "offset from "
               f"DIR ({', '.join(f'{d:+d}' for d in dirs)}), so a direction is one addition to the index.", out)


def s08(c):
    lines, pos, weight, step = c["CELL_LINE"], c["CELL_POS"], c["CELL_WEIGHT"], c["STEP"]
    none = c["NO_LINE"]
    names = ["rows", "columns", "down-right diagonals", "down-left diagonals"]
    palette = ["#cfe6d4", "#bcd4f0", "#f5d0b5", "#e3c8ec", "#f3eab0", "#c4e6e6"]
    size, board, gap, x0, y0 = 30, 240, 60, 40, 84
    example = 3 * 8 + 2  # c4: on a line of each family
    out = [text(x0 + board + gap / 2, 22, f"The {c['LINES']} lines of stage 08: each square's line per family",
                16, weight="bold")]
    desc = []
    for s, name in enumerate(names):
        bx = x0 + (s % 2) * (board + gap)
        by = y0 + (s // 2) * (board + gap + 10)
        ids = sorted({lines[sq * 4 + s] for sq in range(64)} - {none})
        out.append(text(bx + board / 2, by - 30, name, 13, weight="bold"))
        out.append(text(bx + board / 2, by - 12, f"lines {ids[0]}-{ids[-1]}; along a line the square moves by "
                                                 f"{step[s]:+d}", 11, fill="#444"))
        desc.append(f"{name} are lines {ids[0]} to {ids[-1]}")
        for sq in range(64):
            y, x = divmod(sq, 8)
            line = lines[sq * 4 + s]
            px, py = bx + x * size, by + y * size
            fill = "#eeeeee" if line == none else palette[ids.index(line) % len(palette)]
            marked = sq == example
            out.append(rect(px, py, size, size, fill, "#d84315" if marked else "#333", 3 if marked else 1))
            out.append(text(px + size / 2, py + size / 2, "-" if line == none else line, 11,
                            fill="#999" if line == none else "#222"))
    w = x0 * 2 + 2 * board + gap
    h = y0 + 2 * (board + gap + 10) - gap
    ex = [(lines[example * 4 + s], pos[example * 4 + s], weight[example * 4 + s]) for s in range(4)]
    name = f"{FILES[example % 8]}{example // 8 + 1}"
    h = para(out, 20, h + 16, f"Red: {name} (square {example}) lies on lines {', '.join(str(e[0]) for e in ex)}, as "
             f"digit {', '.join(str(e[1]) for e in ex)} of each (weights {', '.join(str(e[2]) for e in ex)}): a stone "
             f"there changes those four numbers. '-': a corner's diagonal, too short to flip along, mapped to the "
             f"spare slot {none}.", w - 40)
    return svg("s08", w, h + 4, "Stage 08's 38 lines and the line indices of each square",
               "Four 8 by 8 boards, one per line family; each square shows the index of its line in that family: "
               + "; ".join(desc) + f". Corner squares whose diagonal is too short to flip along map to the spare slot "
               f"{none}. Square {name} is marked: it lies on lines {', '.join(str(e[0]) for e in ex)}, as the base-3 "
               f"digits {', '.join(str(e[1]) for e in ex)} with weights {', '.join(str(e[2]) for e in ex)}.", out)


def bits(out, mask, bx, by, size, fill=BIT_FILL, red=0, ones=True, green=0):
    """An 8x8 grid of a 64-bit mask, bit y*8+x at column x, row y (a1 top left)."""
    for sq in range(64):
        y, x = divmod(sq, 8)
        on = mask >> sq & 1
        colour = "#d32f2f" if red >> sq & 1 else "#2e7d32" if green >> sq & 1 else fill if on else "#f4f4f4"
        out.append(rect(bx + x * size, by + y * size, size, size, colour, "#888"))
        if on and ones:
            out.append(text(bx + x * size + size / 2, by + y * size + size / 2, 1, 10, fill="white"))
    for i in range(8):
        out.append(text(bx + i * size + size / 2, by + 8 * size + 9, FILES[i], 9, fill="#666"))
        out.append(text(bx - 8, by + i * size + size / 2, i + 1, 9, fill="#666"))


def on_squares(mask):
    return ", ".join(f"{FILES[sq % 8]}{sq // 8 + 1}" for sq in range(64) if mask >> sq & 1) or "none"


def s09(c):
    m = dict(zip(c["names"], (int(v, 16) for v in c["masks"])))
    wrapped = m["own << 1"] & ~(m["own"] << 1 & ~0x0101010101010101 & (2**64 - 1))  # landed on column a
    captions = [("own", "own: the side to move (black)"), ("opp", "opp: the opponent (white)"),
                ("INNER", "INNER: columns b-g (edge mask)"), ("own << 1", "own << 1: one square right"),
                ("step", "own | (opp & INNER & (own << 1))"), ("moveMask", "moveMask(own, opp): all moves")]
    size, board, gapx, gapy, x0, y0 = 22, 176, 60, 86, 40, 64
    out = [text(x0 + 1.5 * board + gapx, 22, "Stage 09: two 64-bit masks, one step of the fill to the right", 16,
                weight="bold")]
    for i, (key, caption) in enumerate(captions):
        bx, by = x0 + (i % 3) * (board + gapx), y0 + (i // 3) * (board + gapy)
        out.append(text(bx + board / 2, by - 14, caption, 12, weight="bold"))
        bits(out, m[key], bx, by, size, red=wrapped if key == "own << 1" else 0,
             green=m["step"] & ~m["own"] if key == "step" else 0)
        out.append(text(bx + board / 2, by + board + 26, f"0x{m[key]:016x}", 11, fill="#444"))
    w = x0 * 2 + 3 * board + 2 * gapx
    h = para(out, 20, y0 + 2 * (board + gapy) - gapy + 52, f"Red: {on_squares(wrapped)}, where the stone from h4 "
             "lands after the shift. It is the opponent's, but INNER leaves it out, so a run cannot wrap into the "
             f"next row. Green: the opponent stone the step adds to the run ({on_squares(m['step'] & ~m['own'])}). "
             "Bit y * 8 + x is square (x, y): a1 is bit 0, top left.", w - 40)
    return svg("s09", w, h + 4, "Stage 09's masks and one shift-fill step with its edge mask",
               f"Six 8 by 8 bit grids. own (black, to move): {on_squares(m['own'])}; opp (white): "
               f"{on_squares(m['opp'])}; INNER, the edge mask, holds columns b to g. Shifting own left by one bit "
               f"moves every stone one square right; the stone on h4 wraps to {on_squares(wrapped)}. One fill step "
               f"keeps only opponent stones inside INNER: {on_squares(m['step'])}. The header's moveMask gives every "
               f"legal move: {on_squares(m['moveMask'])}.", out)


def direction(rotation):
    """A lane's direction from its left rotation r (bit y*8+x): r < 32 shifts towards higher
    bits by r, otherwise towards lower bits by 64 - r."""
    up = rotation < 32
    s = rotation if up else 64 - rotation
    return {1: ("right", "left"), 7: ("down-left", "up-right"), 8: ("down", "up"), 9: ("down-right", "up-left")}[s][
        0 if up else 1], s, up


def s11(c):
    rot, edge = c["rotate"], [int(v, 16) for v in c["edge"]]
    lane_w, size, x0, y0 = 104, 11, 30, 56
    out = [text(x0 + 4 * lane_w, 22, "Stage 11: one 512-bit register, one direction of the fill per 64-bit lane", 16,
                weight="bold")]
    desc = []
    for k in range(8):
        name, s, up = direction(rot[k])
        lx = x0 + k * lane_w
        out.append(rect(lx, y0, lane_w, 78, "#e3ecf8" if up else "#fbe9d7", "#333", 1.5))
        out.append(text(lx + lane_w / 2, y0 + 14, f"lane {k}", 12, weight="bold"))
        out.append(text(lx + lane_w / 2, y0 + 31, f"bits {64 * k}-{64 * k + 63}", 10, fill="#555"))
        out.append(text(lx + lane_w / 2, y0 + 48, name, 13, weight="bold"))
        out.append(text(lx + lane_w / 2, y0 + 65, f"rotate {rot[k]}", 11))
        bits(out, edge[k], lx + (lane_w - 8 * size) / 2 + 4, y0 + 114, size, fill="#4c72b0" if up else "#dd8452",
             ones=False)
        desc.append(f"lane {k} {name} (rotate left by {rot[k]}, a shift by {s} towards {'higher' if up else 'lower'} "
                    f"bits)")
    out.append(text(x0, y0 + 98, "each lane's edge mask (EDGE): the squares its run may pass", 12, "start"))
    w = x0 * 2 + 8 * lane_w
    h = para(out, x0, y0 + 114 + 8 * size + 30, "Blue lanes step towards higher bits (a left rotation by s), orange "
             "lanes towards lower bits (a left rotation by 64 - s, a right shift whose wrapped bits the masks drop). "
             "A mask leaves out columns a and h for sideways and diagonal runs, and the squares where only a "
             "wrapped-around bit could arrive.", w - 2 * x0)
    return svg("s11", w, h + 4, "Stage 11's eight direction lanes in one 512-bit register",
               "One AVX-512 register drawn as eight 64-bit lanes, lane 0 (bits 0-63) on the left: " + "; ".join(desc)
               + ". Under each lane an 8 by 8 grid shows its edge mask, the squares a run in that direction may pass "
               "through; one rotation per step moves every lane by its own amount.", out)


def e07(c):
    kinds, image_kinds, sym = c["kinds"], c["imageKinds"], c["symmetry"]
    instances = [[[sym[s][q] for q in kinds[k]] for s in range(8) if image_kinds[s] >> k & 1] for k in range(len(kinds))]
    size, board, gapx, gapy, x0, y0, per_row = 14, 112, 34, 70, 30, 60, 6
    total = sum(len(i) for i in instances)
    out = [text(x0 + 3 * (board + gapx) - gapx / 2, 22, f"Step 07: the {total} patterns of the learned evaluation, "
                f"{len(kinds)} kinds", 16, weight="bold")]
    desc = []
    cover = [0] * 64
    for k, kind in enumerate(kinds):
        bx, by = x0 + (k % per_row) * (board + gapx), y0 + (k // per_row) * (board + gapy)
        others = 0
        for inst in instances[k][1:]:
            for q in inst:
                others |= 1 << q
        mask = sum(1 << q for q in kind)
        bits(out, mask, bx, by, size, ones=False, green=others & ~mask)
        for inst in instances[k]:
            for q in inst:
                cover[q] += 1
        out.append(text(bx + board / 2, by - 22, KIND_NAMES[k], 11, weight="bold"))
        out.append(text(bx + board / 2, by - 9, f"{len(kind)} squares, {len(instances[k])} instances", 10, fill="#444"))
        desc.append(f"{KIND_NAMES[k]}: {on_squares(mask)}, {len(instances[k])} instances")
    # the last cell of the grid: how many patterns see each square
    k = len(kinds)
    bx, by = x0 + (k % per_row) * (board + gapx), y0 + (k // per_row) * (board + gapy)
    out.append(text(bx + board / 2, by - 22, "patterns per square", 11, weight="bold"))
    out.append(text(bx + board / 2, by - 9, f"{min(cover)} to {max(cover)}", 10, fill="#444"))
    for sq in range(64):
        y, x = divmod(sq, 8)
        shade = 255 - int(200 * cover[sq] / max(cover))
        out.append(rect(bx + x * size, by + y * size, size, size, f"#{shade:02x}{shade:02x}ff", "#888"))
        out.append(text(bx + x * size + size / 2, by + y * size + size / 2, cover[sq], 8,
                        fill="white" if shade < 140 else "#222"))
    w = x0 * 2 + per_row * board + (per_row - 1) * gapx
    h = para(out, 20, y0 + 2 * (board + gapy) - gapy + 40, "Blue: a kind's squares where the kind is drawn (its "
             "canonical instance); green: the squares of its other instances, the same squares turned or mirrored, "
             "which share its table of weights. Each pattern is read as a base-3 number, one digit per square. "
             "a1 is top left.", w - 40)
    return svg("e07", w, h + 4, f"Step 07's {total} patterns in {len(kinds)} kinds",
               f"Eleven 8 by 8 grids, one per kind of pattern, and one of how many patterns see each square "
               f"({min(cover)} to {max(cover)}). " + "; ".join(desc) + ".", out)


DRAW = {"s03": s03, "s05": s05, "s08": s08, "s09": s09, "s11": s11, "e07": e07}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dump", required=True, help="the layout_constants executable (or its saved JSON output)")
    ap.add_argument("--source", default=".", help="the repository (default: .)")
    ap.add_argument("--check", action="store_true", help="fail if a picture differs from what the constants draw")
    args = ap.parse_args()
    try:
        if args.dump.endswith(".json"):
            with open(args.dump, encoding="utf-8") as f:
                data = json.load(f)
        else:
            data = json.loads(subprocess.run([args.dump], check=True, capture_output=True, text=True).stdout)
    except (OSError, ValueError, subprocess.CalledProcessError) as e:
        print(f"layouts: cannot read the constants from {args.dump}: {e}", file=sys.stderr)
        sys.exit(2)
    stale = []
    for stage, draw in DRAW.items():
        path = os.path.join(args.source, "docs", f"layout-{stage}.svg")
        if data.get(stage) is None:
            print(f"layouts: no constants for {stage} in the dump; {path} kept")
            continue
        new = draw(data[stage])
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if args.check:
            if new != old:
                stale.append(path)
        elif new != old:
            with open(path, "w", encoding="utf-8") as f:
                f.write(new)
            print(f"drew {path}")
    if stale:
        sys.exit("layouts: stale, redraw with python3 lab.py layouts --dump <build>/layout_constants --source .: "
                 + ", ".join(stale))
    if args.check:
        print("layouts: every layout picture matches its stage's constants")


if __name__ == "__main__":
    main()
