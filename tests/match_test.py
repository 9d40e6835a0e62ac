#!/usr/bin/env python3
"""Tests of the GTP match referee bench/match.py (standard library only).

    python3 lab.py match-test [-v]

Runs the referee's self-test (perft 1-7 of its own move generator), drives it against
small fake GTP engines written below (one plays a fixed illegal move, one passes with
moves on the board, one answers garbage, one exits, one hangs, ...) expecting exit
code 1 and the fault line, checks the command-line errors (exit 2) and a failed
--json write (exit 1), and, when Debian's gtp-rhino is installed, plays a 2-game match
level 1 against level 1 and checks that the report adds up.
"""
import json
import os
import subprocess
import sys
import tempfile
import time
import unittest

from bench import match  # the referee's rules, to replay games and build fakes
import lab  # lab.py: the tools' entry point, to run the referee as a child process

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.join(os.path.dirname(HERE), "bench")
MATCH = lab.command("match")
RHINO = "/usr/games/gtp-rhino"


# A GTP engine in a few lines, with a behaviour picked by its first argument. It keeps
# the board with the referee's own rules and plays its first legal move, except where
# its mode says otherwise.
FAKE_ENGINE = r'''
import os, re, runpy, sys, time, types
# The referee's own rules, read from its file (argv[1] is bench/): the fake is a bare script.
match = types.SimpleNamespace(**runpy.run_path(os.path.join(sys.argv[1], "match.py")))
mode = sys.argv[2]
board, genmoves = match.start_board(), 0
colours = {"black": match.BLACK, "white": match.WHITE}

def answer(ident, ok, text=""):
    sys.stdout.write("%s%s%s\n\n" % ("=" if ok else "?", ident, (" " + text) if text else ""))
    sys.stdout.flush()

if mode == "exit-at-start":
    sys.exit(3)
for line in sys.stdin:
    m = re.match(r"(\d*)\s*(\S+)\s*(.*)", line.strip())
    if not m:
        continue
    ident, cmd, args = m.group(1), m.group(2), m.group(3).split()
    if mode == "noid":
        ident = ""
    if cmd == "quit":
        answer(ident, True)
        break
    if cmd == "name":
        answer(ident, True, "fake-" + mode)
    elif cmd == "clear_board":
        board = match.start_board()
        answer(ident, True)
    elif cmd == "play":
        colour, move = colours[args[0].lower()], args[1].lower()
        if mode == "reject-plays":
            answer(ident, False, "illegal move")
        elif move == "pass":
            if mode == "autopass":       # like gtp-rhino: it already passed by itself
                answer(ident, False, "syntax error")
            else:
                answer(ident, True)
        else:
            board = match.play(board, colour, match.square(move))
            answer(ident, True)
    elif cmd == "genmove":
        genmoves += 1
        colour = colours[args[0].lower()]
        moves = match.legal_moves(board, colour)
        if mode == "illegal":
            answer(ident, True, "A1")           # never legal early in a game
        elif mode == "pass":
            answer(ident, True, "pass")
        elif mode == "garbage":
            sys.stdout.write("hello there\n\n")
            sys.stdout.flush()
        elif mode == "nonsense-move":
            answer(ident, True, "z9")
        elif mode == "exit":
            sys.stderr.write("fake engine: giving up\n")
            sys.exit(5)
        elif mode == "hang":
            time.sleep(60)
        elif mode == "move-when-pass" and not moves:
            answer(ident, True, "a1")
        elif mode == "resign" and genmoves >= 3:
            answer(ident, True, "resign")
        elif not moves:
            answer(ident, True, "pass")
        else:
            board = match.play(board, colour, moves[0])
            answer(ident, True, match.square_name(moves[0]).upper())
    else:
        answer(ident, True)
'''


def first_move_game(opening):
    """The moves two first-legal-move engines play after opening (referee's rules)."""
    board, colour, moves = match.start_board(), match.BLACK, []
    for name in opening:
        board = match.play(board, colour, match.square(name))
        colour = 3 - colour
    while not match.game_over(board):
        legal = match.legal_moves(board, colour)
        if legal:
            board = match.play(board, colour, legal[0])
            moves.append(match.square_name(legal[0]))
        else:
            moves.append("pass")
        colour = 3 - colour
    return moves, board


class Referee(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.fake = os.path.join(cls.tmp.name, "fake_engine.py")
        with open(cls.fake, "w") as f:
            f.write(FAKE_ENGINE)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def engine(self, mode):
        return "%s %s %s %s" % (sys.executable, self.fake, BENCH, mode)

    def referee(self, *args, timeout=120):
        t0 = time.monotonic()
        p = subprocess.run(MATCH + list(args), capture_output=True, text=True,
                           timeout=timeout)
        return p, time.monotonic() - t0

    def match(self, mode_a, mode_b, *extra, games=2):
        out = os.path.join(self.tmp.name, "report-%s-%s.json" % (mode_a, mode_b))
        p, seconds = self.referee("--engine-a", self.engine(mode_a), "--engine-b", self.engine(mode_b),
                                  "--games", str(games), "--json", out, *extra)
        with open(out) as f:
            report = json.load(f)
        return p, report, seconds

    def assertConsistent(self, report):
        s, games = report["summary"], report["games"]
        self.assertEqual(s["games"], len(games))
        self.assertEqual(s["a_wins"] + s["draws"] + s["a_losses"], s["games"])
        self.assertEqual(s["a_discs_for"] + s["a_discs_against"], 64 * s["games"])
        self.assertEqual(s["faults"], sum(1 for g in games if g["fault"]))
        for g in games:
            self.assertEqual(g["a_score"] + g["b_score"], 64, g)
            self.assertEqual(g["black_discs"] + g["white_discs"] + g["empties"], 64, g)
            expected = "A wins" if g["a_score"] > g["b_score"] else \
                "B wins" if g["a_score"] < g["b_score"] else "draw"
            self.assertEqual(g["result"], expected, g)

    def assertFault(self, p, report, culprit, words):
        self.assertEqual(p.returncode, 1, p.stdout + p.stderr)
        fault_lines = [l for l in p.stderr.splitlines() if l.startswith("fault: ")]
        self.assertTrue(fault_lines, p.stderr)
        for line in fault_lines:
            self.assertIn("engine %s" % culprit, line)
            self.assertIn(words, line)
        self.assertEqual(report["summary"]["faults"], len(report["games"]))
        for g in report["games"]:
            self.assertEqual(g["fault"]["engine"], culprit)
            self.assertEqual(g["result"], "B wins" if culprit == "A" else "A wins")
        self.assertConsistent(report)

    # (a) the referee's own rules
    def test_self_test(self):
        p, _ = self.referee("--self-test")
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        for depth, n in enumerate([4, 12, 56, 244, 1396, 8200, 55092], 1):
            self.assertIn("perft %d = %d ok" % (depth, n), p.stdout)
        self.assertIn("self-test passed", p.stdout)

    def test_rules_directly(self):
        b = match.start_board()
        self.assertEqual(sorted(match.square_name(m) for m in match.legal_moves(b, match.BLACK)),
                         ["c4", "d3", "e6", "f5"])
        self.assertEqual(match.perft(b, match.BLACK, 8), 390216)
        self.assertEqual(len(match.all_openings(1)), 1)      # the four first moves are one up to symmetry
        self.assertEqual(len(match.all_openings(2)), 3)      # perpendicular, diagonal, parallel

    # (b) faults against fake engines
    def test_clean_match_between_fakes(self):
        p, report, _ = self.match("first", "first", games=4)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertConsistent(report)
        self.assertEqual(report["summary"]["faults"], 0)
        for g in report["games"]:
            opening = g["opening"].split()
            moves, board = first_move_game(opening)
            self.assertEqual(g["moves"].split(), opening + moves)
            self.assertEqual((g["black_discs"], g["white_discs"]),
                             (board.count(match.BLACK), board.count(match.WHITE)))

    def test_illegal_move(self):
        p, report, _ = self.match("illegal", "first")
        self.assertFault(p, report, "A", "illegal move a1")
        p, report, _ = self.match("first", "illegal")
        self.assertFault(p, report, "B", "illegal move a1")

    def test_wrong_pass(self):
        p, report, _ = self.match("first", "pass")
        self.assertFault(p, report, "B", "passed as")
        self.assertIn("with legal moves", p.stderr)

    def test_move_when_it_had_to_pass(self):
        seed = self.seed_with_pass()
        p, report, _ = self.match("move-when-pass", "first", "--seed", str(seed))
        self.assertEqual(p.returncode, 1, p.stdout + p.stderr)
        self.assertIn("had to pass", p.stderr)
        self.assertConsistent(report)

    def test_garbage_answer(self):
        p, report, _ = self.match("first", "garbage")
        self.assertFault(p, report, "B", "malformed answer to 'genmove")

    def test_nonsense_move(self):
        p, report, _ = self.match("nonsense-move", "first")
        self.assertFault(p, report, "A", "malformed answer to 'genmove")

    def test_missing_id(self):
        p, report, _ = self.match("noid", "first")
        self.assertFault(p, report, "A", "carries id ''")

    def test_engine_exits(self):
        p, report, _ = self.match("first", "exit")
        self.assertFault(p, report, "B", "exited with status 5 after 'genmove")
        self.assertIn("fake engine: giving up", p.stderr)       # the engine's last stderr line

    def test_engine_exits_at_start(self):
        p, report, _ = self.match("exit-at-start", "first")
        self.assertFault(p, report, "A", "exited with status 3 after 'name'")

    def test_hang_times_out(self):
        p, report, seconds = self.match("hang", "first", "--timeout-per-move", "1")
        self.assertFault(p, report, "A", "no answer to 'genmove")
        self.assertIn("within 1 s", p.stderr)
        self.assertLess(seconds, 20)

    def test_rejected_play(self):
        p, report, _ = self.match("first", "reject-plays")
        self.assertFault(p, report, "B", "rejected the legal 'play black")

    def test_resign_is_a_loss_not_a_fault(self):
        p, report, _ = self.match("resign", "first")
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertConsistent(report)
        self.assertEqual(report["summary"]["a_losses"], 2)

    def seed_with_pass(self):
        """A --seed whose first opening leads two first-move engines into a pass."""
        pool = match.all_openings(4)
        for seed in range(1, 500):
            opening = match.pick_openings(pool, 1, seed)[0]
            if "pass" in first_move_game(opening)[0]:
                return seed
        self.fail("no opening leads to a pass")

    def test_auto_pass_quirk_is_tolerated(self):
        seed = self.seed_with_pass()
        p, report, _ = self.match("autopass", "first", "--seed", str(seed))
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertConsistent(report)
        self.assertIn("pass", report["games"][0]["moves"].split())
        tolerated = [n for g in report["games"] for n in g["tolerated"]]
        self.assertTrue(tolerated, report)
        self.assertIn("answered '? syntax error' to 'play", tolerated[0])

    # command-line errors and the report file
    def test_bad_command_lines(self):
        rhino_like = self.engine("first")
        for args in (["--engine-a", rhino_like],
                     ["--engine-a", rhino_like, "--engine-b", rhino_like, "--games", "0"],
                     ["--engine-a", rhino_like, "--engine-b", rhino_like, "--games", "x"],
                     ["--engine-a", rhino_like, "--engine-b", rhino_like, "--timeout-per-move", "-1"],
                     ["--engine-a", rhino_like, "--engine-b", "/no/such/engine -l 1"],
                     ["--engine-a", rhino_like, "--engine-b", "'unbalanced"],
                     ["--engine-a", rhino_like, "--engine-b", rhino_like, "--games", "2", "--openings", "3"],
                     ["--engine-a", rhino_like, "--engine-b", rhino_like, "--json", "/no/such/dir/r.json"],
                     ["--engine-a", rhino_like, "--engine-b", rhino_like, "--opening-plies", "1",
                      "--games", "4", "--openings", "2"],
                     ["--frobnicate"]):
            p, _ = self.referee(*args)
            self.assertEqual(p.returncode, 2, (args, p.stdout, p.stderr))
            self.assertEqual(p.stdout, "", args)
            self.assertTrue(p.stderr.strip().splitlines()[-1].startswith("match.py: error: "),
                            (args, p.stderr))

    def test_failed_json_write(self):
        if not os.path.exists("/dev/full"):
            self.skipTest("no /dev/full")
        p, _ = self.referee("--engine-a", self.engine("first"), "--engine-b", self.engine("first"),
                            "--json", "/dev/full", "--quiet")
        self.assertEqual(p.returncode, 1, p.stdout + p.stderr)
        self.assertEqual(p.stderr.count("\n"), 1, p.stderr)
        self.assertIn("cannot write --json", p.stderr)

    def test_transcript(self):
        log = os.path.join(self.tmp.name, "transcript.txt")
        p, _ = self.referee("--engine-a", self.engine("first"), "--engine-b", self.engine("first"),
                            "--log", log, "--quiet")
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        with open(log) as f:
            text = f.read()
        self.assertIn("A> 1 name", text)
        self.assertIn("B< =1 fake-first", text)
        self.assertIn("genmove black", text)
        self.assertEqual(len(p.stdout.strip().splitlines()), 3, p.stdout)   # --quiet: the summary only

    # (c) a real opponent
    @unittest.skipUnless(os.access(RHINO, os.X_OK), "gtp-rhino is not installed (apt-get install grhino)")
    def test_rhino_against_rhino(self):
        out = os.path.join(self.tmp.name, "rhino.json")
        p, _ = self.referee("--engine-a", RHINO + " -l 1", "--engine-b", RHINO + " -l 1",
                            "--games", "2", "--json", out, "--timeout-per-move", "30")
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        with open(out) as f:
            report = json.load(f)
        self.assertConsistent(report)
        self.assertEqual(report["summary"]["games"], 2)
        self.assertEqual(report["summary"]["faults"], 0)
        g1, g2 = report["games"]
        self.assertEqual(g1["opening"], g2["opening"])
        self.assertEqual((g1["engine_a_colour"], g2["engine_a_colour"]), ("black", "white"))
        for g in report["games"]:
            # Replay the moves with the referee's rules: each one legal, a pass only when forced.
            board, colour = match.start_board(), match.BLACK
            for move in g["moves"].split():
                legal = match.legal_moves(board, colour)
                if move == "pass":
                    self.assertEqual(legal, [])
                else:
                    self.assertIn(match.square(move), legal)
                    board = match.play(board, colour, match.square(move))
                colour = 3 - colour
            self.assertTrue(match.game_over(board))
            self.assertEqual((g["black_discs"], g["white_discs"]),
                             (board.count(match.BLACK), board.count(match.WHITE)))
            # gtp-rhino's own verdict agrees with the referee's (winner takes the empties).
            black, white = match.final_score(board)
            verdict = "0" if black == white else ("B+%d" % (black - white) if black > white
                                                   else "W+%d" % (white - black))
            self.assertEqual(g["engine_final_scores"], {"A": "= " + verdict, "B": "= " + verdict})


if __name__ == "__main__":
    unittest.main()
