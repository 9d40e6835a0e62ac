"""Step 07's game over Serial (stages/e07_patterns/e07_game.h), scripted and judged.

Used by `embedded.py riscv-game`. Two parts:
- script(): a game's input, made by playing the host build of the sketch through pipes:
  the person's k-th move is legal move number (5k + c) mod n of the n its prompt lists,
  with c the first of 3, 4, ... 10 whose game has a pass (else 3). First `help`, lines with
  nothing to answer and a bad line of each kind (a word, a square taken, a square that
  flips nothing, a line too long, a control byte, a byte that is not ASCII), and more
  before some moves; lines end in LF, CR LF or CR. After the game: a move (refused: the
  game is over), `White` (a new game, the engine starts) and one move.
- judge(): the sketch's output for a script, checked against the referee's rules of
  bench/match.py (not the sketch's code), line by line after DONE: every board (discs,
  the * of the side to move, the count), every prompt's list of legal moves, the engine's
  moves legal, its depth (PLAY_DEPTH) or an exact solve (PLAY_EXACT empty squares or
  fewer, read from the sketch), a pass exactly when a side has no move, the final count
  and the winner, and each bad line answered by exactly one line that says what is wrong
  and lists the legal moves. An exact solve is a promise: the engine's later solves and
  its final result (the winner taking the empty squares) must not fall below it.
"""
import os
import re
import select
import subprocess

from bench import match as rules  # bench/match.py: the referee's board, 1 = black, 2 = white


LINE_MAX = 16  # as e07_game.h: a longer line is refused
PROMPT = re.compile(r"your move \(([XO])\):((?: [a-h][1-8])+)$")
ENGINE = re.compile(r"engine ([XO]) ([a-h][1-8]) (?:depth=(\d+) score=-?\d+|exact discs=(-?\d+)) nodes=\d+ us=\d+$")
HELP = ["type a square to play it: a-h across, 1-8 down, a1 top-left (such as d3)",
        "new: a new game, you play X (black, first); white: a new game, you play O"]
SIDE = {rules.BLACK: "X", rules.WHITE: "O"}


def constants(sketch):
    """{PLAY_DEPTH, PLAY_EXACT} as the sketch's files set them: its folder, as the Arduino
    IDE gets it (tests/sketches.py), holds the game's header."""
    text = ""
    for dirpath, _, names in os.walk(sketch):
        for name in sorted(names):
            if name.endswith((".h", ".ino")):
                with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                    text += f.read()
    found = dict(re.findall(r"const int (PLAY_DEPTH|PLAY_EXACT) = (\d+);", text))
    if len(found) != 2:
        raise SystemExit(f"serial_game.py: no PLAY_DEPTH and PLAY_EXACT in {sketch}")
    return {k: int(v) for k, v in found.items()}


def game_lines(output):
    """The lines after DONE (line endings taken off)."""
    lines = [l.rstrip("\r") for l in output.split("\n")]
    if lines and lines[-1] == "":
        lines.pop()
    if "DONE" not in lines:
        raise ValueError("no DONE line")
    return lines[lines.index("DONE") + 1:]


# ---- the script ----

def bad_line(kind, board, colour):
    """A bad line of the given kind for the position (bytes, without its ending)."""
    if kind == 0:
        return b"pass"
    if kind == 1:
        return rules.square_name(next(sq for sq in range(64) if board[sq] != rules.EMPTY)).encode()
    if kind == 2:
        dead = [sq for sq in range(64) if board[sq] == rules.EMPTY and not rules.flips(board, colour, sq)]
        return rules.square_name(dead[-1]).encode() if dead else b"i9"
    if kind == 3:
        return b"d3 " * 6
    if kind == 4:
        return b"d\x013"
    return b"\xc3\xa93"  # an e with an accent, in UTF-8


ENDINGS = (b"\n", b"\r\n", b"\r")


class Player:
    """The host build of the sketch, played through pipes."""
    WAIT = 300  # seconds without output before the host build counts as stuck

    def __init__(self, exe):
        self.proc = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.pending = b""

    def line(self):
        """The next line it prints (its ending taken off)."""
        while b"\n" not in self.pending:
            ready, _, _ = select.select([self.proc.stdout], [], [], self.WAIT)
            chunk = os.read(self.proc.stdout.fileno(), 4096) if ready else b""
            if not chunk:
                self.proc.kill()
                raise RuntimeError("the host build stopped, or printed nothing for "
                                   f"{self.WAIT} s, before its prompt")
            self.pending += chunk
        raw, self.pending = self.pending.split(b"\n", 1)
        return raw.decode("latin-1").rstrip("\r")

    def until_prompt(self, engine_moves):
        """Reads to the next prompt ([legal squares]) or the end of the game (None); the
        engine's moves on the way go to engine_moves."""
        while True:
            text = self.line()
            m = ENGINE.match(text)
            if m:
                engine_moves.append(rules.square(m.group(2)))
            m = PROMPT.match(text)
            if m:
                return [rules.square(s) for s in m.group(2).split()]
            if text.startswith("type new or white"):
                return None

    def send(self, line):
        self.proc.stdin.write(line + b"\n")
        self.proc.stdin.flush()

    def close(self):
        self.proc.stdin.close()
        self.proc.stdout.close()
        self.proc.wait(timeout=self.WAIT)


def play_script(exe, offset):
    """(script bytes, passes seen) of one game: the person plays move (5k + offset) mod n."""
    player = Player(exe)
    script = [b"help\n", b"\n", b"  \n"]  # help, then two lines with nothing to answer
    board, colour, passes, k = rules.start_board(), rules.BLACK, 0, 0
    engine = []
    legal = player.until_prompt(engine)
    for kind in range(6):  # every kind of bad line at the start
        script.append(bad_line(kind, board, colour) + ENDINGS[kind % 3])
    while legal is not None:
        # the engine's moves and the passes since the person's last move, on the referee's board
        while colour == rules.WHITE or not rules.legal_moves(board, colour):
            if rules.game_over(board):
                raise RuntimeError("a prompt after the end of the game")
            if not rules.legal_moves(board, colour):
                passes += 1
            else:
                board = rules.play(board, colour, engine.pop(0))
            colour = 3 - colour
        mine = rules.legal_moves(board, colour)
        if legal != mine:
            raise RuntimeError(f"the prompt lists {legal}, the rules {mine}")
        if k % 4 == 1:
            script.append(bad_line((k // 4) % 6, board, colour) + ENDINGS[k % 3])
        move = legal[(5 * k + offset) % len(legal)]
        line = rules.square_name(move).encode()
        script.append(line + ENDINGS[k % 3])
        player.send(line)
        board, colour, k = rules.play(board, rules.BLACK, move), rules.WHITE, k + 1
        legal = player.until_prompt(engine)
    script.append(b"a1\n")  # refused: the game is over
    script.append(b"White\n")
    player.send(b"white")
    legal = player.until_prompt(engine)
    script.append(rules.square_name(legal[0]).encode() + b"\r\n")
    player.close()
    return b"".join(script), passes


def script(exe, tries=8):
    """The first game of a few policies in which a side passes (else the first game)."""
    first = None
    for offset in range(3, 3 + tries):
        text, passes = play_script(exe, offset)
        if passes:
            return text
        first = first or text
    return first


# ---- the judge ----

class Judge:
    def __init__(self, lines, depth, exact):
        self.lines, self.at, self.depth, self.exact = lines, 0, depth, exact
        self.board, self.to_move, self.person = None, rules.BLACK, rules.BLACK
        self.promise = None  # the engine's last exact solve: its final score cannot fall below it
        self.counts = {"boards": 0, "engine moves": 0, "passes": 0, "refusals": 0, "games over": 0}

    def next(self, what):
        if self.at >= len(self.lines):
            raise AssertionError(f"the output ends where {what} should come")
        self.at += 1
        return self.lines[self.at - 1]

    def expect(self, want):
        got = self.next(repr(want))
        if got != want:
            raise AssertionError(f"line {self.at} after DONE: {got!r}, expected {want!r}")

    def legal_text(self):
        return "".join(" " + rules.square_name(sq) for sq in rules.legal_moves(self.board, self.person))

    def check_board(self):
        rows = ["  a b c d e f g h"]
        for y in range(8):
            cells = []
            for x in range(8):
                sq = y * 8 + x
                c = self.board[sq]
                cells.append("X" if c == rules.BLACK else "O" if c == rules.WHITE else
                             "*" if rules.flips(self.board, self.to_move, sq) else ".")
            rows.append(f"{y + 1} " + " ".join(cells))
        rows.append(f"X {self.board.count(rules.BLACK)} O {self.board.count(rules.WHITE)}, "
                    f"{SIDE[self.to_move]} to move")
        for row in rows:
            self.expect(row)
        self.counts["boards"] += 1

    def advance(self):
        while not rules.game_over(self.board):
            if not rules.legal_moves(self.board, self.to_move):
                self.expect(f"{SIDE[self.to_move]} passes: no legal move")
                self.counts["passes"] += 1
                self.to_move = 3 - self.to_move
            elif self.to_move != self.person:
                self.engine_move()
            else:
                self.expect(f"your move ({SIDE[self.person]}):{self.legal_text()}")
                return
        black, white = self.board.count(rules.BLACK), self.board.count(rules.WHITE)
        winner = None if black == white else rules.BLACK if black > white else rules.WHITE
        self.expect(f"game over: X {black} O {white}, " +
                    ("a draw" if winner is None else
                     f"{SIDE[winner]} wins ({'you' if winner == self.person else 'the engine'})"))
        self.expect("type new or white for another game")
        self.counts["games over"] += 1
        if self.promise is not None:
            final = rules.final_score(self.board)
            mine = final[1] - final[0] if self.person == rules.BLACK else final[0] - final[1]
            if mine < self.promise:
                raise AssertionError(f"the engine solved for {self.promise} discs, and finished with {mine}")

    def engine_move(self):
        text = self.next("the engine's move")
        m = ENGINE.match(text)
        if not m or m.group(1) != SIDE[self.to_move]:
            raise AssertionError(f"line {self.at} after DONE: {text!r}, expected the engine's move as "
                                 f"{SIDE[self.to_move]}")
        sq = rules.square(m.group(2))
        if sq not in rules.legal_moves(self.board, self.to_move):
            raise AssertionError(f"line {self.at} after DONE: {m.group(2)} is not legal for the engine")
        empties = self.board.count(rules.EMPTY)
        if (m.group(4) is not None) != (empties <= self.exact):
            raise AssertionError(f"line {self.at} after DONE: {empties} empty squares, and "
                                 f"{'a solve' if m.group(4) is not None else 'no solve'} (PLAY_EXACT {self.exact})")
        if m.group(3) is not None and int(m.group(3)) != self.depth:
            raise AssertionError(f"line {self.at} after DONE: depth {m.group(3)}, PLAY_DEPTH is {self.depth}")
        if m.group(4) is not None:
            solved = int(m.group(4))
            if self.promise is not None and solved < self.promise:
                raise AssertionError(f"line {self.at} after DONE: the engine solved for {self.promise} discs, "
                                     f"now for {solved}: a perfect player cannot lose ground")
            self.promise = solved
        self.board = rules.play(self.board, self.to_move, sq)
        self.to_move = 3 - self.to_move
        self.counts["engine moves"] += 1
        self.check_board()

    def new_game(self, person):
        self.board, self.to_move, self.person, self.promise = rules.start_board(), rules.BLACK, person, None
        self.expect("new game: you play " +
                    ("X (black, first)" if person == rules.BLACK else "O (white, the engine starts)"))
        self.check_board()
        self.advance()

    def refused(self, what, text=None):
        over = rules.game_over(self.board)
        self.expect((f"{text}: " if text is not None else "") + what +
                    ("; the game is over: type new or white" if over else f"; legal:{self.legal_text()}"))
        self.counts["refusals"] += 1

    def line(self, raw):
        """The answer to one input line (bytes, without its ending)."""
        if any(b < 0x20 or b > 0x7e for b in raw):
            return self.refused("a control byte or a byte that is not plain text in the line")
        if len(raw) > LINE_MAX:
            return self.refused("the line is too long")
        text = raw.decode("ascii").strip(" ").lower()
        sq = rules.square(text)
        if not text:
            return None
        if text in ("new", "white"):
            return self.new_game(rules.BLACK if text == "new" else rules.WHITE)
        if text == "help":
            for h in HELP:
                self.expect(h)
            return None
        if sq is None:
            return self.refused("not a square (a1..h8) nor a command (new, white, help)", text)
        if rules.game_over(self.board):
            return self.refused("no move now", text)
        if self.board[sq] != rules.EMPTY:
            return self.refused("that square is taken", text)
        if not rules.flips(self.board, self.person, sq):
            return self.refused("that move flips nothing", text)
        self.board = rules.play(self.board, self.person, sq)
        self.to_move = 3 - self.person
        self.check_board()
        return self.advance()


def judge(script_bytes, output, depth, exact):
    """'' when the output after DONE is the game the script asks for, else what is wrong;
    with a summary of what was checked."""
    try:
        j = Judge(game_lines(output), depth, exact)
        for h in HELP:  # the offer
            j.expect(h)
        j.new_game(rules.BLACK)
        for raw in re.split(rb"\r|\n", script_bytes):
            j.line(raw)
        if j.at != len(j.lines):
            raise AssertionError(f"{len(j.lines) - j.at} line(s) more than the script asks for, from line "
                                 f"{j.at + 1} after DONE: {j.lines[j.at]!r}")
    except (AssertionError, ValueError) as e:
        return f"FAIL: {e}", None
    return "", j.counts
