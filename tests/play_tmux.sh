#!/usr/bin/env bash
# What a person sees in `reversi-lab play`: the game runs in a real terminal (tmux,
# 100x40), keys are typed with send-keys and the screen is read with capture-pane.
# Checks the board, the prompt, the reply to bad input, hint, undo, a whole game to the
# final score and exit status 0, and Ctrl-D (end of input): its message and status 1.
#
#   tests/play_tmux.sh build/reversi-lab
#
# Exit 77 (skipped) without tmux (Debian package tmux).
set -euo pipefail
command -v tmux >/dev/null || { echo "skipped: tmux is not installed (apt-get install tmux)"; exit 77; }
exe=$(realpath "$1")

# A tmux server of our own (its own socket): no other tmux session is ever touched.
sock="reversi-lab-play-$$"
t() { tmux -L "$sock" "$@"; }
trap 't kill-server 2>/dev/null || true' EXIT

# The session's command reports the exit status and stays, so the last screen can be read.
start() {  # start NAME ARGS...
  local name=$1
  shift
  t new-session -d -s "$name" -x 100 -y 40 "$exe play $*; echo \"[exit status \$?]\"; sleep 600"
}
screen() { t capture-pane -p -J -t "$1"; }    # what is on the screen now
history() { t capture-pane -p -J -S - -t "$1"; }  # the screen and everything scrolled off it

fail() {
  echo "FAIL: $1"
  echo "--- the screen of $2:"
  screen "$2"
  exit 1
}
# Waits until the screen of session $1 matches the extended regex $2. The limit only
# guards against a hang (a game at level 1 answers in milliseconds); it is not a timing.
wait_for() {
  for _ in $(seq 300); do
    screen "$1" | grep -qE -- "$2" && return 0
    sleep 0.1
  done
  fail "the screen never showed /$2/" "$1"
}
# Waits for the prompt on the last line of the screen (or the end of the game).
wait_prompt() { wait_for "$1" '^your move> $|\[exit status'; }
shows() { screen "$1" | grep -qF -- "$2" || fail "the screen does not show '$2'" "$1"; }
type_line() { t send-keys -t "$1" -l -- "$2"; t send-keys -t "$1" Enter; }

start game --level 1
wait_prompt game
shows game "reversi-lab play: you are black (X) and move first, the engine is white (O)"
wait_for game "^engine: e[0-9]{2}_[a-z_]+ on s[0-9]{2}_[a-z0-9_]+, level 1$"
shows game "    a b c d e f g h"
shows game "  3 . . . * . . . ."
shows game "  4 . . * O X . . ."
shows game "  5 . . . X O * . ."
shows game "black X 2, white O 2; black (you) to move: d3 c4 f5 e6"

type_line game "zz"
wait_for game "^'zz' is not a move or a command; type a square such as d3, or help$"
type_line game "a1"
wait_for game "^a1 flips nothing; your legal moves: d3 c4 f5 e6$"
type_line game "hint"
wait_for game "^hint: (d3|c4|f5|e6) \[depth 1, score "
type_line game "d3"
wait_for game "^white \(engine\) plays [a-h][1-8], [0-9]+ flipped"
shows game "black (you) plays d3, 1 flipped"
wait_prompt game
type_line game "undo"
wait_for game "^took back d3 [a-h][1-8]$"
wait_prompt game
shows game "black X 2, white O 2; black (you) to move: d3 c4 f5 e6"

# A whole game: always the first legal move listed, until the final score.
for move in $(seq 70); do
  wait_prompt game
  screen game | grep -q '\[exit status' && break
  legal=$(screen game | grep -E '\(you\) to move: ' | tail -n 1 | sed 's/.*to move: //')
  [ -n "$legal" ] || fail "no list of legal moves before the prompt" game
  before=$(history game | grep -c '(you) plays' || true)
  type_line game "${legal%% *}"
  for _ in $(seq 300); do
    [ "$(history game | grep -c '(you) plays' || true)" -gt "$before" ] && break
    sleep 0.1
  done
done
wait_for game '\[exit status 0\]'
wait_for game '^game over: black [0-9]+, white [0-9]+.*: (you win by [0-9]+|the engine wins by [0-9]+|a draw)$'
wait_for game '^black X [0-9]+, white O [0-9]+, [0-9]+ empty$'
# The last 12 lines: the final board (header and 8 rows), the counts, the score, the status.
final=$(screen game | grep -v '^$' | tail -n 12)
[ "$(head -n 1 <<<"$final")" = "    a b c d e f g h" ] || fail "the final board is not above the score" game
grep -qF '*' <<<"$final" && fail "the final board still marks legal moves" game
echo "--- the end of the game as the player sees it:"
echo "$final"

# Ctrl-D at the prompt: the input ended before the game did.
start eof --level 1
wait_prompt eof
t send-keys -t eof C-d
wait_for eof '\[exit status 1\]'
shows eof "reversi-lab: play: the input ended before the game did"
echo "PASS"
