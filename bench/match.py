#!/usr/bin/env python3
"""A GTP match referee for Reversi engines, with its own rules check.

    python3 lab.py match --engine-a "build/reversi-lab gtp --level 3" \\
                   --engine-b "/usr/games/gtp-rhino -l 3" --games 4 \\
                   [--openings N] [--opening-plies D] [--seed S] [--json out.json] \\
                   [--log transcript.txt] [--timeout-per-move SECONDS] [--quiet]
    python3 lab.py match --self-test

Games are played in pairs: each pair starts from one opening (a sequence of D plies
from the start position, default 4) and is played twice, engine A taking black in the
first game and white in the second (an odd --games ends with half a pair). The openings
are distinct positions (no two are the same up to the board's symmetries: 60 of them
after 4 plies), drawn from the full list by --seed; --openings N draws N of them and
cycles through them when there are more pairs than openings (default: one opening per
pair, or all of them when there are fewer).

The referee sends `boardsize 8` and `clear_board`, the opening with `play` to both
engines, then asks the side to move for `genmove` and tells the other engine with
`play`. Commands carry GTP ids and an answer must carry the same id. Every move is
checked against the referee's own move generator: it must be legal, and `pass` is right
only when the side has no legal move (the referee asks `genmove` for forced passes too).
The game ends when neither side can move; the winner takes the empty squares. `resign`
loses the game without a fault.

An illegal move, a wrong pass, a `?` answer to a legal `play` (or to `genmove`,
`boardsize`, `clear_board`), a malformed answer, a crash or a timeout is a fault: the
game is lost by the faulty engine (it keeps its discs on the board, the other gets the
rest, at least 33), the fault is printed as one line on stderr, and the exit code is 1.
The engine is restarted for the next game. A `?` answer to `play <colour> pass` is not a
fault: gtp-rhino makes a forced pass by itself as soon as it sees one and then answers
`? syntax error` to the pass it is told. The engines' `final_score` answers are
recorded after each game; one that disagrees with the referee is a note, not a fault.

Exit codes: 0 when no fault happened (whatever the results), 1 when an engine faulted,
the match was interrupted or --json could not be written, 2 for bad command-line input.

Coordinates are a1..h8 (either case in answers), a1 the top-left corner (x = 0, y = 0),
rows numbered from the top, as in the position format of `reversi-lab` and in
gtp-rhino's showboard. The start position is d4 white, e4 black, d5 black, e5 white;
black moves first.
"""
import argparse
import json
import os
import random
import re
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

# ---------------------------------------------------------------------------------
# The rules: an 8x8 board as a list of 64 cells, index y * 8 + x.

EMPTY, BLACK, WHITE = 0, 1, 2
COLOUR_NAME = {BLACK: "black", WHITE: "white"}
COLUMNS = "abcdefgh"


def _rays(sq):
    """The squares seen from sq in each of the eight directions, nearest first."""
    x0, y0 = sq % 8, sq // 8
    rays = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dx == 0 and dy == 0:
                continue
            ray = []
            x, y = x0 + dx, y0 + dy
            while 0 <= x < 8 and 0 <= y < 8:
                ray.append(y * 8 + x)
                x += dx
                y += dy
            if len(ray) >= 2:        # a flip needs one opposing disc and one own disc
                rays.append(ray)
    return rays


RAYS = [_rays(sq) for sq in range(64)]


def start_board():
    board = [EMPTY] * 64
    board[square("d4")] = WHITE
    board[square("e4")] = BLACK
    board[square("d5")] = BLACK
    board[square("e5")] = WHITE
    return board


def square_name(sq):
    return COLUMNS[sq % 8] + str(sq // 8 + 1)


def square(name):
    """'d3' (any case) -> 19, or None when it is not a square of the board."""
    if len(name) != 2:
        return None
    col = COLUMNS.find(name[0].lower())
    if col < 0 or name[1] not in "12345678":
        return None
    return (int(name[1]) - 1) * 8 + col


def flips(board, colour, sq):
    """The discs that colour playing on sq would turn; empty when the move is illegal."""
    if board[sq] != EMPTY:
        return []
    other = 3 - colour
    turned = []
    for ray in RAYS[sq]:
        run = 0
        for s in ray:
            cell = board[s]
            if cell == other:
                run += 1
                continue
            if cell == colour and run:
                turned.extend(ray[:run])
            break
    return turned


def legal_moves(board, colour):
    return [sq for sq in range(64) if board[sq] == EMPTY and flips(board, colour, sq)]


def play(board, colour, sq):
    """A new board with colour's disc on sq and the flips made; sq must be legal."""
    turned = flips(board, colour, sq)
    assert turned, "illegal move given to play()"
    new = list(board)
    new[sq] = colour
    for s in turned:
        new[s] = colour
    return new


def game_over(board):
    return not legal_moves(board, BLACK) and not legal_moves(board, WHITE)


def final_score(board):
    """(black, white) with the empty squares given to the winner (split on a draw)."""
    black, white = board.count(BLACK), board.count(WHITE)
    empties = 64 - black - white
    if black > white:
        black += empties
    elif white > black:
        white += empties
    else:
        black += empties // 2
        white += empties // 2
    return black, white


def board_text(board):
    rows = ["  a b c d e f g h"]
    for y in range(8):
        rows.append(str(y + 1) + " " + " ".join(".XO"[board[y * 8 + x]] for x in range(8)))
    return "\n".join(rows)


def perft(board, colour, depth):
    """Positions after depth plies; a pass is a ply, a finished game one leaf per depth."""
    if depth == 0:
        return 1
    moves = legal_moves(board, colour)
    if not moves:
        if depth == 1 or not legal_moves(board, 3 - colour):
            return 1
        return perft(board, 3 - colour, depth - 1)
    if depth == 1:
        return len(moves)
    return sum(perft(play(board, colour, m), 3 - colour, depth - 1) for m in moves)


# ---------------------------------------------------------------------------------
# Openings: every sequence of `plies` moves from the start, one per position up to the
# symmetries of the start position (the two diagonal mirrors and the half turn).

SYMMETRIES = [
    lambda x, y: (x, y),
    lambda x, y: (y, x),
    lambda x, y: (7 - y, 7 - x),
    lambda x, y: (7 - x, 7 - y),
]
_SYM_MAPS = [[f(sq % 8, sq // 8)[1] * 8 + f(sq % 8, sq // 8)[0] for sq in range(64)]
             for f in SYMMETRIES]


def canonical(board):
    return min(tuple(board[m[sq]] for sq in range(64)) for m in _SYM_MAPS)


def all_openings(plies):
    """Distinct openings of `plies` moves (no passes), as lists of square names, sorted."""
    found = {}

    def walk(board, colour, seq):
        if len(seq) == plies:
            key = canonical(board)
            if key not in found or seq < found[key]:
                found[key] = list(seq)
            return
        for m in legal_moves(board, colour):
            seq.append(square_name(m))
            walk(play(board, colour, m), 3 - colour, seq)
            seq.pop()

    walk(start_board(), BLACK, [])
    return sorted(found.values())


def pick_openings(pool, count, seed):
    """count openings of the pool, drawn by seed (the first one depends on the seed only)."""
    return random.Random(seed).sample(pool, count)


# ---------------------------------------------------------------------------------
# GTP engines

class EngineFault(Exception):
    """The engine did something that forfeits the game (crash, timeout, garbage)."""


class Transcript:
    def __init__(self, path):
        self.file = open(path, "w", encoding="utf-8") if path else None
        self.t0 = time.monotonic()

    def write(self, tag, text):
        if self.file:
            for line in text.split("\n"):
                self.file.write("%9.3f %s %s\n" % (time.monotonic() - self.t0, tag, line))
            self.file.flush()

    def close(self):
        if self.file:
            self.file.close()


def printable(text, limit=60):
    """text cut to limit characters, control and non-ASCII characters as \\xNN."""
    out = "".join(c if " " <= c <= "~" else "\\x%02x" % (ord(c) & 0xFF) for c in text)
    return out if len(out) <= limit else out[:limit] + "..."


class Engine:
    def __init__(self, label, argv, timeout, log):
        self.label = label          # "A" or "B"
        self.argv = argv
        self.timeout = timeout
        self.log = log
        self.proc = None
        self.buf = b""
        self.next_id = 1
        self.name = None
        self.stderr = None

    # -- process ----------------------------------------------------------------
    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        self.stop()
        self.stderr = tempfile.TemporaryFile()
        self.log.write(self.label + "#", "start: " + " ".join(shlex.quote(a) for a in self.argv))
        try:
            self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=self.stderr, bufsize=0, start_new_session=True)
        except OSError as e:
            self.proc = None
            raise EngineFault("could not be started: %s" % e.strerror)
        self.buf = b""
        self.next_id = 1
        # Identification only: a "?" answer to these is fine.
        ok, name = self.command("name")
        if ok and name:
            ok2, version = self.command("version")
            self.name = name + (" " + version if ok2 and version else "")

    def stop(self):
        """quit politely, then kill the engine's process group; never waits long."""
        if self.proc is None:
            return
        proc, self.proc = self.proc, None
        if proc.poll() is None:
            try:
                proc.stdin.write(b"quit\n")
                proc.stdin.flush()
            except OSError:
                pass
            try:
                proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                # Still running, so not reaped: its process group (its own session, see
                # start) holds the engine and what it started, nothing else.
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except OSError:
                    pass
                try:
                    proc.wait(timeout=5.0)
                except subprocess.TimeoutExpired:
                    pass
        for f in (proc.stdin, proc.stdout, self.stderr):
            try:
                f.close()
            except OSError:
                pass
        self.stderr = None
        self.log.write(self.label + "#", "stopped (exit status %s)" % proc.returncode)

    def stderr_tail(self):
        if self.stderr is None:
            return ""
        try:
            self.stderr.seek(0)
            lines = [l for l in self.stderr.read().decode("utf-8", "replace").splitlines() if l.strip()]
        except OSError:
            return ""
        return lines[-1] if lines else ""

    def _died(self, what):
        status = self.proc.poll()
        if status is None:
            try:
                status = self.proc.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                status = None
        if status is None:
            desc = "closed its output"
        elif status < 0:
            desc = "crashed (signal %d)" % -status
        else:
            desc = "exited with status %d" % status
        tail = self.stderr_tail()
        return EngineFault("%s after '%s'%s" % (desc, what, ": " + printable(tail, 100) if tail else ""))

    # -- protocol -------------------------------------------------------------------
    def command(self, cmd):
        """Sends one command; returns (True, text) for '=', (False, text) for '?'.

        Raises EngineFault when the engine dies, times out or answers out of protocol."""
        if not self.alive():
            raise self._died(cmd) if self.proc else EngineFault("is not running")
        ident = self.next_id
        self.next_id += 1
        self.log.write(self.label + ">", "%d %s" % (ident, cmd))
        try:
            self.proc.stdin.write(("%d %s\n" % (ident, cmd)).encode())
            self.proc.stdin.flush()
        except OSError:
            raise self._died(cmd)
        lines = self._read_response(cmd)
        self.log.write(self.label + "<", "\n".join(lines))
        m = re.match(r"([=?])(\d*)(?:[ \t]+(.*))?$", lines[0])
        if not m:
            raise EngineFault("malformed answer to '%s': '%s'" % (cmd, printable(lines[0])))
        if m.group(2) != str(ident):
            raise EngineFault("answer to '%s' carries id '%s', expected '%d': '%s'"
                              % (cmd, m.group(2), ident, printable(lines[0])))
        text = "\n".join([(m.group(3) or "").strip()] + lines[1:]).strip()
        return m.group(1) == "=", text

    def _read_response(self, cmd):
        """Lines of one response (up to the empty line that ends it), without blanks before."""
        deadline = time.monotonic() + self.timeout
        fd = self.proc.stdout.fileno()
        while True:
            # A response is complete at its first empty line after some text.
            text = self.buf.replace(b"\r", b"")
            stripped = text.lstrip(b"\n")
            end = stripped.find(b"\n\n")
            if end >= 0:
                self.buf = stripped[end + 2:]
                raw = stripped[:end]
                try:
                    decoded = raw.decode("ascii")
                except UnicodeDecodeError:
                    raise EngineFault("non-ASCII answer to '%s': '%s'"
                                      % (cmd, printable(raw.decode("latin-1"))))
                return decoded.split("\n")
            left = deadline - time.monotonic()
            if left <= 0:
                partial = stripped.decode("latin-1").split("\n")[0] if stripped else ""
                raise EngineFault("no answer to '%s' within %g s%s" % (
                    cmd, self.timeout, " (partial: '%s')" % printable(partial) if partial else ""))
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                raise self._died(cmd)
            self.buf += chunk
            if len(self.buf) > 1 << 20:
                raise EngineFault("answer to '%s' longer than 1 MB without an end" % cmd)


# ---------------------------------------------------------------------------------
# One game

class GameFault(Exception):
    def __init__(self, engine, message):
        super().__init__(message)
        self.engine = engine        # the Engine at fault


def run_game(number, opening, a_colour, engines, log):
    """Plays one game; returns its record (a dict)."""
    a, b = engines
    by_colour = {a_colour: a, 3 - a_colour: b}
    record = {
        "game": number,
        "opening": " ".join(opening),
        "engine_a_colour": COLOUR_NAME[a_colour],
        "black": by_colour[BLACK].label,
        "white": by_colour[WHITE].label,
        "moves": [],
        "move_seconds": [],     # per ply: the genmove's wall time, null for the opening
        "tolerated": [],        # '?' answers to legal pass plays (gtp-rhino's quirk)
        "notes": [],            # anything else noticed that is not a fault
        "fault": None,
        "resigned": None,
    }
    think = {a.label: 0.0, b.label: 0.0}
    longest = {a.label: 0.0, b.label: 0.0}
    board = start_board()
    colour = BLACK
    t_start = time.monotonic()
    log.write("##", "game %d: opening %s, A is %s" % (number, record["opening"] or "(none)",
                                                        COLOUR_NAME[a_colour]))

    def send(engine, cmd):
        try:
            return engine.command(cmd)
        except EngineFault as e:
            raise GameFault(engine, str(e))

    def tell(engine, c, move):
        """play; a '?' to a legal move is a fault, to a legal pass it is tolerated."""
        cmd = "play %s %s" % (COLOUR_NAME[c], move)
        ok, text = send(engine, cmd)
        if not ok:
            if move == "pass":
                record["tolerated"].append("%s answered '? %s' to '%s' (tolerated: the pass was legal)"
                                       % (engine.label, printable(text), cmd))
            else:
                raise GameFault(engine, "rejected the legal '%s': '? %s'" % (cmd, printable(text)))

    try:
        for engine in (a, b):
            if not engine.alive():
                try:
                    engine.start()
                except EngineFault as e:
                    raise GameFault(engine, str(e))
            for cmd in ("boardsize 8", "clear_board"):
                ok, text = send(engine, cmd)
                if not ok:
                    raise GameFault(engine, "refused '%s': '? %s'" % (cmd, printable(text)))
        for name in opening:
            sq = square(name)
            for engine in (by_colour[BLACK], by_colour[WHITE]):
                tell(engine, colour, name)
            board = play(board, colour, sq)
            record["moves"].append(name)
            record["move_seconds"].append(None)
            colour = 3 - colour
        while True:
            moves = legal_moves(board, colour)
            if not moves and not legal_moves(board, 3 - colour):
                break
            mover, other = by_colour[colour], by_colour[3 - colour]
            cmd = "genmove " + COLOUR_NAME[colour]
            t0 = time.monotonic()
            ok, text = send(mover, cmd)
            spent = time.monotonic() - t0
            think[mover.label] += spent
            longest[mover.label] = max(longest[mover.label], spent)
            if not ok:
                raise GameFault(mover, "refused '%s': '? %s'" % (cmd, printable(text)))
            token = text.lower()
            if token == "resign":
                record["resigned"] = mover.label
                log.write("##", "%s resigns" % mover.label)
                break
            if token == "pass":
                if moves:
                    raise GameFault(mover, "passed as %s at ply %d with legal moves (%s)" % (
                        COLOUR_NAME[colour], len(record["moves"]) + 1,
                        " ".join(square_name(m) for m in moves)))
                tell(other, colour, "pass")
                record["moves"].append("pass")
                record["move_seconds"].append(round(spent, 3))
                colour = 3 - colour
                continue
            sq = square(token)
            if sq is None:
                raise GameFault(mover, "malformed answer to '%s': '= %s'" % (cmd, printable(text)))
            if sq not in moves:
                if moves:
                    why = "legal: " + " ".join(square_name(m) for m in moves)
                else:
                    why = "%s had to pass" % COLOUR_NAME[colour]
                raise GameFault(mover, "illegal move %s as %s at ply %d (%s)" % (
                    square_name(sq), COLOUR_NAME[colour], len(record["moves"]) + 1, why))
            tell(other, colour, square_name(sq))
            board = play(board, colour, sq)
            record["moves"].append(square_name(sq))
            record["move_seconds"].append(round(spent, 3))
            colour = 3 - colour
    except GameFault as f:
        culprit = f.engine
        where = "%s (%s)" % (culprit.label, COLOUR_NAME[a_colour if culprit is a else 3 - a_colour])
        record["fault"] = {"engine": culprit.label,
                           "message": "game %d: engine %s: %s" % (number, where, f)}
        log.write("##", "FAULT " + record["fault"]["message"])
        culprit.stop()      # its state is unknown now: a fresh process for the next game

    black, white = board.count(BLACK), board.count(WHITE)
    record["black_discs"], record["white_discs"] = black, white
    record["empties"] = 64 - black - white
    loser = record["fault"]["engine"] if record["fault"] else record["resigned"]
    if loser:
        lose_colour = BLACK if by_colour[BLACK].label == loser else WHITE
        on_board = board.count(lose_colour)
        win_score = max(64 - on_board, 33)
        score = {lose_colour: 64 - win_score, 3 - lose_colour: win_score}
    else:
        sb, sw = final_score(board)
        score = {BLACK: sb, WHITE: sw}
    record["a_score"] = score[a_colour]
    record["b_score"] = score[3 - a_colour]
    if record["a_score"] > record["b_score"]:
        record["result"] = "A wins"
    elif record["a_score"] < record["b_score"]:
        record["result"] = "B wins"
    else:
        record["result"] = "draw"
    record["plies"] = len(record["moves"])
    record["moves"] = " ".join(record["moves"])
    record["seconds"] = round(time.monotonic() - t_start, 3)
    record["a_seconds"] = round(think[a.label], 3)
    record["b_seconds"] = round(think[b.label], 3)
    record["a_longest_move_seconds"] = round(longest[a.label], 3)
    record["b_longest_move_seconds"] = round(longest[b.label], 3)
    record["passes"] = record["moves"].split().count("pass")

    # The engines' own verdicts, for information only (never a fault).
    if not record["fault"] and not record["resigned"]:
        sb, sw = score[BLACK], score[WHITE]
        expected = "0" if sb == sw else "B+%d" % (sb - sw) if sb > sw else "W+%d" % (sw - sb)
        verdicts = {}
        for engine in (a, b):
            try:
                ok, text = engine.command("final_score")
                verdicts[engine.label] = ("= " if ok else "? ") + printable(text)
                if ok and text.upper() != expected:
                    record["notes"].append("%s's final_score '%s' differs from the referee's '%s'"
                                           % (engine.label, printable(text), expected))
            except EngineFault as e:
                verdicts[engine.label] = "no verdict: %s" % e
                record["notes"].append("%s gave no final_score: %s" % (engine.label, e))
                engine.stop()
        record["engine_final_scores"] = verdicts
    log.write("##", "game %d: black %d white %d empties %d -> A %d B %d, %s" % (
        number, black, white, record["empties"], record["a_score"], record["b_score"],
        record["result"]))
    return record


# ---------------------------------------------------------------------------------
# The match

def summary_of(games):
    s = {"games": len(games), "a_wins": 0, "draws": 0, "a_losses": 0,
         "a_discs_for": 0, "a_discs_against": 0, "faults": 0,
         "a_faults": 0, "b_faults": 0, "a_seconds": 0.0, "b_seconds": 0.0}
    for g in games:
        s["a_wins"] += g["result"] == "A wins"
        s["draws"] += g["result"] == "draw"
        s["a_losses"] += g["result"] == "B wins"
        s["a_discs_for"] += g["a_score"]
        s["a_discs_against"] += g["b_score"]
        if g["fault"]:
            s["faults"] += 1
            s["a_faults" if g["fault"]["engine"] == "A" else "b_faults"] += 1
        s["a_seconds"] += g["a_seconds"]
        s["b_seconds"] += g["b_seconds"]
    s["a_seconds"] = round(s["a_seconds"], 3)
    s["b_seconds"] = round(s["b_seconds"], 3)
    s["a_points"] = s["a_wins"] + 0.5 * s["draws"]
    return s


def game_line(g, total):
    line = "game %d/%d  %-12s A=%s  A %2d - %2d B  %-6s  %d plies  %.1f s (A %.1f s, B %.1f s)" % (
        g["game"], total, g["opening"].replace(" ", "") or "start", g["engine_a_colour"],
        g["a_score"], g["b_score"], g["result"], g["plies"], g["seconds"],
        g["a_seconds"], g["b_seconds"])
    if g["fault"]:
        line += "  [fault by %s]" % g["fault"]["engine"]
    if g["resigned"]:
        line += "  [%s resigned]" % g["resigned"]
    if g["tolerated"]:
        line += "  [%d rejected pass play(s) tolerated]" % len(g["tolerated"])
    for note in g["notes"]:
        line += "\n    note: " + note
    return line


def self_test():
    expected = [1, 4, 12, 56, 244, 1396, 8200, 55092]
    failures = 0
    board = start_board()
    for depth in range(1, len(expected)):
        t0 = time.monotonic()
        n = perft(board, BLACK, depth)
        ok = n == expected[depth]
        failures += not ok
        print("perft %d = %d %s (%.2f s)" % (depth, n, "ok" if ok else "WRONG, expected %d" % expected[depth],
                                            time.monotonic() - t0))

    def check(what, cond):
        nonlocal failures
        failures += not cond
        print("%s %s" % (what, "ok" if cond else "WRONG"))

    check("start moves d3 c4 f5 e6",
          sorted(square_name(m) for m in legal_moves(board, BLACK)) == ["c4", "d3", "e6", "f5"])
    after = play(board, BLACK, square("d3"))
    check("black d3 turns d4 (x 3, y 3 from the top-left)",
          after[3 * 8 + 3] == BLACK and after[2 * 8 + 3] == BLACK and flips(board, BLACK, square("d3")) == [27])
    check("square names a1 = 0, h1 = 7, a8 = 56, D3 = 19",
          square("a1") == 0 and square("h1") == 7 and square("a8") == 56 and square("D3") == 19
          and square("i1") is None and square("a9") is None and square_name(63) == "h8")
    lone = [EMPTY] * 64
    lone[0], lone[55], lone[63] = BLACK, WHITE, WHITE      # a1 black, h7 and h8 white: no moves
    check("a finished game scores 63-1 (winner takes empties) and a 1-1 draw 32-32",
          game_over(lone) and final_score(lone) == (1, 63)
          and final_score([BLACK, WHITE] + [EMPTY] * 62) == (32, 32))
    corner = [EMPTY] + [WHITE] * 62 + [BLACK]    # a1 empty, h8 black, white elsewhere
    check("a1 for black turns the long diagonal b2..g7 and nothing else",
          flips(corner, BLACK, 0) == [9, 18, 27, 36, 45, 54] and flips(corner, WHITE, 0) == [])
    n4 = len(all_openings(4))
    check("%d distinct openings of 4 plies up to symmetry (60 expected)" % n4, n4 == 60)
    print("self-test %s" % ("passed" if failures == 0 else "FAILED (%d)" % failures))
    return 0 if failures == 0 else 1


def positive_float(text):
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError("'%s' is not a number" % printable(text, 40))
    if not v > 0 or v != v or v == float("inf"):
        raise argparse.ArgumentTypeError("must be a positive number of seconds, not '%s'" % printable(text, 40))
    return v


def count(low):
    def parse(text):
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError("'%s' is not a whole number" % printable(text, 40))
        if v < low:
            raise argparse.ArgumentTypeError("must be at least %d, not %d" % (low, v))
        return v
    return parse


def engine_argv(parser, option, text):
    try:
        argv = shlex.split(text)
    except ValueError as e:
        parser.error("%s: cannot split '%s': %s" % (option, printable(text, 40), e))
    if not argv:
        parser.error("%s is empty" % option)
    if shutil.which(argv[0]) is None:
        parser.error("%s: '%s' is not an executable program" % (option, printable(argv[0], 40)))
    return argv


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Plays Reversi games between two GTP engines and checks every move.")
    parser.add_argument("--engine-a", metavar="CMD", help='engine A, e.g. "build/reversi-lab gtp --level 3"')
    parser.add_argument("--engine-b", metavar="CMD", help='engine B, e.g. "/usr/games/gtp-rhino -l 3"')
    parser.add_argument("--games", type=count(1), default=2, help="games to play (default 2: one pair)")
    parser.add_argument("--openings", type=count(1), metavar="N",
                        help="distinct openings to use, cycled over the pairs (default: one per pair)")
    parser.add_argument("--opening-plies", type=count(0), default=4, metavar="D",
                        help="moves in an opening, 0 to 8 (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="picks the openings (default 1)")
    # A safety net against hangs, not a time control: gtp-rhino -l 5 took up to 75 s for
    # one move on a loaded 2-core machine (about 30 s of CPU).
    parser.add_argument("--timeout-per-move", type=positive_float, default=300.0, metavar="SECONDS",
                        help="longest wait for any answer, a crash guard rather than a clock (default 300)")
    parser.add_argument("--json", metavar="FILE", help="write the whole report here")
    parser.add_argument("--log", metavar="FILE", help="write a transcript of every command and answer")
    parser.add_argument("--quiet", action="store_true", help="print only the summary (and faults)")
    parser.add_argument("--self-test", action="store_true", help="check the referee's own rules and exit")
    args = parser.parse_args(argv)

    if args.self_test:
        return self_test()
    if not args.engine_a or not args.engine_b:
        parser.error("--engine-a and --engine-b are required (or --self-test)")
    argv_a = engine_argv(parser, "--engine-a", args.engine_a)
    argv_b = engine_argv(parser, "--engine-b", args.engine_b)
    if args.opening_plies > 8:     # 8 plies: 390,216 sequences, several seconds to sort out
        parser.error("--opening-plies is at most 8, not %d" % args.opening_plies)
    pairs = (args.games + 1) // 2
    pool = all_openings(args.opening_plies)
    n_openings = args.openings or min(pairs, len(pool))
    if n_openings > pairs:
        parser.error("--openings %d is more than the %d pair(s) that --games %d plays"
                     % (n_openings, pairs, args.games))
    if n_openings > len(pool):
        parser.error("--openings %d: only %d distinct openings of %d plies exist"
                     % (n_openings, len(pool), args.opening_plies))
    for option, path in (("--json", args.json), ("--log", args.log)):
        if path:
            parent = os.path.dirname(os.path.abspath(path))
            if os.path.isdir(path) or not os.path.isdir(parent):
                parser.error("%s: cannot write '%s' (%s)" % (option, printable(path, 40),
                             "a directory" if os.path.isdir(path) else "no such directory"))
    openings = pick_openings(pool, n_openings, args.seed)

    try:
        log = Transcript(args.log)
    except OSError as e:
        parser.error("--log: cannot write '%s': %s" % (printable(args.log, 40), e.strerror))
    engines = (Engine("A", argv_a, args.timeout_per_move, log),
               Engine("B", argv_b, args.timeout_per_move, log))
    games = []
    t0 = time.monotonic()
    interrupted = False
    try:
        for i in range(args.games):
            opening = openings[(i // 2) % len(openings)]
            a_colour = BLACK if i % 2 == 0 else WHITE
            g = run_game(i + 1, opening, a_colour, engines, log)
            games.append(g)
            if g["fault"]:
                print("fault: " + g["fault"]["message"], file=sys.stderr, flush=True)
            if not args.quiet:
                print(game_line(g, args.games), flush=True)
    except KeyboardInterrupt:
        interrupted = True
        print("interrupted after %d game(s)" % len(games), file=sys.stderr)
    finally:
        for e in engines:
            e.stop()
        log.close()

    s = summary_of(games)
    commands = {e.label: " ".join(shlex.quote(a) for a in e.argv) for e in engines}
    names = {e.label: "%s (%s)" % (e.name, commands[e.label]) if e.name else commands[e.label]
             for e in engines}
    if not args.quiet:
        print()
    print("A = %s" % names["A"])
    print("B = %s" % names["B"])
    print("A: %d wins, %d draws, %d losses in %d games (%.1f points); discs %d for, %d against; "
          "thinking A %.1f s, B %.1f s; %d fault(s); %.1f s in all" % (
              s["a_wins"], s["draws"], s["a_losses"], s["games"], s["a_points"],
              s["a_discs_for"], s["a_discs_against"], s["a_seconds"], s["b_seconds"],
              s["faults"], time.monotonic() - t0))

    status = 1 if s["faults"] else 0
    if args.json:
        report = {
            "engine_a": {"command": argv_a, "name": names["A"]},
            "engine_b": {"command": argv_b, "name": names["B"]},
            "settings": {"games": args.games, "openings": openings, "opening_plies": args.opening_plies,
                         "seed": args.seed, "timeout_per_move": args.timeout_per_move},
            "summary": s,
            "faults": [g["fault"]["message"] for g in games if g["fault"]],
            "games": games,
            "interrupted": interrupted,
        }
        try:
            with open(args.json, "w", encoding="utf-8") as f:
                json.dump(report, f, indent=1)
                f.write("\n")
        except OSError as e:
            print("match.py: cannot write --json '%s': %s" % (printable(args.json, 40), e.strerror),
                  file=sys.stderr)
            status = 1
    if interrupted:
        status = 1
    return status


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:         # stdout closed early (| head): the engines are stopped
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
