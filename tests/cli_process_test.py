#!/usr/bin/env python3
"""The real reversi-lab binary as a shell runs it: what the in-process tests cannot see.

- Every command class with standard output closed (`>&-`) and full (`>/dev/full`):
  one line on stderr naming the reason, exit status 1 (and each also runs normally,
  exit 0, so a command that simply fails cannot pass).
- A directory as standard input for play, gtp and gray: one line, exit 1.
- Ctrl-C (SIGINT) during a long perft and a deep search: the warning first, then one
  line, exit 130; on a terminal (a pseudo-terminal here), the time spent meanwhile.

Usage: cli_process_test.py BUILD/reversi-lab
"""
import os
import signal
import subprocess
import sys
import tempfile
import time

SMALL = "OXXXXXXXOOXOXX-X-OOXXXOX-XOOXOXXOXXOOXXX--XOOOXX-XXXOOO--OOOOO-- X"  # 8 empties


def commands(board_file, script_dir):
    """(name, arguments, standard input): one per command class."""
    gtp_in = os.path.join(script_dir, "gtp.txt")
    with open(gtp_in, "w") as f:
        f.write("name\nplay black d3\ngenmove white\nshowboard\nquit\n")
    play_in = os.path.join(script_dir, "play.txt")
    with open(play_in, "w") as f:
        f.write("d3\nhint\nquit\n")
    return [
        ("stages", ["stages"], None),
        ("tour", ["tour", "--quick"], None),
        ("help", ["help"], None),
        ("flips", ["flips", "--stage", "1"], None),
        ("perft", ["perft", "--stage", "10", "--depth", "4"], None),
        ("gray", ["gray", "--auto"], None),
        ("solve", ["solve", SMALL], None),
        ("search", ["search", "--depth", "3", SMALL], None),
        ("go", ["go", "--method", "sweep", board_file], None),
        ("gtp", ["gtp", "--level", "1"], gtp_in),
        ("play", ["play", "--level", "1"], play_in),
    ]


def run(binary, args, stdin_path=None, stdout="normal"):
    """Runs through the shell so that `>&-` means what it means to a user."""
    redirect = {"normal": ">/dev/null", "closed": ">&-", "full": ">/dev/full"}[stdout]
    stdin = f"<{quote(stdin_path)}" if stdin_path else "</dev/null"
    line = " ".join(quote(a) for a in [binary] + args) + f" {stdin} {redirect}"
    p = subprocess.run(["bash", "-c", line], stderr=subprocess.PIPE, timeout=120)
    return p.returncode, p.stderr.decode("utf-8", "replace")


def quote(s):
    return "'" + s.replace("'", "'\\''") + "'"


def main():
    binary = sys.argv[1]
    failures = []

    def check(cond, what):
        print(("ok   " if cond else "FAIL ") + what)
        if not cond:
            failures.append(what)

    with tempfile.TemporaryDirectory() as tmp:
        board = os.path.join(tmp, "board.txt")
        with open(board, "w") as f:
            f.write(("0 " * 8 + "0\n") * 9)
        for name, args, stdin in commands(board, tmp):
            status, err = run(binary, args, stdin)
            check(status == 0 and err == "", f"{name}: runs normally (status {status}, stderr {err!r})")
            for mode, reason in (("closed", "it is closed"), ("full", "no space left on the device")):
                status, err = run(binary, args, stdin, mode)
                want = f"reversi-lab: {name}: cannot write to standard output: {reason}\n"
                check(status == 1 and err == want, f"{name} >{mode}: status {status}, stderr {err!r}")

        # A directory as standard input: a read error, not an ordinary end of input.
        for name, args in (("play", ["play"]), ("gtp", ["gtp"]), ("gray", ["gray"])):
            status, err = run(binary, args, tmp)
            want = f"reversi-lab: {name}: cannot read the input: is a directory\n"
            check(status == 1 and err == want, f"{name} <directory: status {status}, stderr {err!r}")

    # Ctrl-C: perft(14) runs for minutes; it is announced, then interrupted.
    p = subprocess.Popen([binary, "perft", "--stage", "1", "--depth", "14"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    first = p.stderr.readline().decode()
    check(first.startswith("reversi-lab: perft: depth 14 may take minutes") and first.endswith("Ctrl-C stops it\n"),
          f"perft --depth 14 warns first: {first!r}")
    time.sleep(0.3)
    p.send_signal(signal.SIGINT)
    out, rest = p.communicate(timeout=30)
    check(p.returncode == 130, f"SIGINT: exit status {p.returncode}")
    # No progress line: stderr is not a terminal here.
    check(rest.decode() == "reversi-lab: perft: interrupted\n" and out == b"", f"SIGINT: stderr {rest!r}, stdout {out!r}")

    # A deep search is announced too, and stops the same way.
    start = "-" * 27 + "OX" + "-" * 6 + "XO" + "-" * 27 + " X"
    p = subprocess.Popen([binary, "search", "--engine", "1", "--depth", "7", start], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    first = p.stderr.readline().decode()
    check(first == "reversi-lab: search: --depth 7: e01_minimax may take tens of seconds or more; Ctrl-C stops it\n",
          f"search --depth 7 on e01 warns first: {first!r}")
    p.send_signal(signal.SIGINT)
    out, rest = p.communicate(timeout=30)
    check(p.returncode == 130 and rest.decode() == "reversi-lab: search: interrupted\n", f"search SIGINT: {p.returncode} {rest!r}")

    # On a terminal, the time spent is shown on stderr while the work runs.
    master, slave = os.openpty()
    p = subprocess.Popen([binary, "perft", "--stage", "1", "--depth", "14"], stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    seen = b""
    deadline = time.monotonic() + 20
    while b"s so far" not in seen and time.monotonic() < deadline:
        seen += os.read(master, 4096)
    p.send_signal(signal.SIGINT)
    p.wait(timeout=30)
    try:
        while True:
            chunk = os.read(master, 4096)
            if not chunk:
                break
            seen += chunk
    except OSError:  # the terminal is gone with its last writer
        pass
    os.close(master)
    text = seen.decode(errors="replace")
    check("\rperft: 1 s so far (Ctrl-C stops it)" in text, f"progress on a terminal: {text!r}")
    check(p.returncode == 130 and text.endswith("\nreversi-lab: perft: interrupted\r\n"), f"SIGINT on a terminal: {text!r}")

    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
