// Helpers shared by the search tests: endgame positions from seeded random games, and
// an independent exact solver on the reference rules (common/library/reference.cpp), so that a
// search step is checked against code it shares nothing with.
#pragma once
#include <algorithm>
#include <vector>

#include "position.h"
#include "random_positions.h"
#include "reference.h"

namespace reversi::testing {

/// A position with exactly `empties` empty squares and a side that can move, reached
/// by a seeded random game from the start (the reference plays it); retried with the
/// next seed when the game ends or passes at that point.
inline Position endgamePosition(uint64_t seed, int empties) {
  for (;; ++seed) {
    Rng rng(seed);
    Position p = startPosition();
    int left = 60;
    while (left > empties && !ref::gameOver(p)) {
      std::vector<int> moves = ref::legalMoves(p, p.toMove);
      if (moves.empty()) {
        p.toMove = opponent(p.toMove);
        continue;
      }
      ref::play(p, moves[rng.below(uint32_t(moves.size()))], p.toMove);
      --left;
    }
    if (left == empties && !ref::legalMoves(p, p.toMove).empty()) return p;
  }
}

/// The discs of `colour` in p as a mask (bit y * 8 + x), as the bitboard stages hold them.
inline uint64_t maskOf(const Position& p, uint8_t colour) {
  uint64_t m = 0;
  for (int sq = 0; sq < 64; ++sq)
    if (p.cells[sq] == colour) m |= uint64_t(1) << sq;
  return m;
}

/// The same board with the other side to move (which may then have to pass).
inline Position otherSideToMove(Position p) {
  p.toMove = opponent(p.toMove);
  return p;
}

/// Final disc difference for `me`, the winner taking the empty squares.
inline int finalDiscs(const Position& p, uint8_t me) {
  int diff = 0, empty = 0;
  for (uint8_t c : p.cells) {
    if (c == EMPTY) ++empty;
    else diff += c == me ? 1 : -1;
  }
  return diff > 0 ? diff + empty : diff < 0 ? diff - empty : 0;
}

/// The exact score of p for the side to move by a plain fail-hard alpha-beta over the
/// reference rules: no ordering, no table, nothing shared with the steps.
inline int bruteForceScore(const Position& p, int alpha = -64, int beta = 64) {
  const std::vector<int> moves = ref::legalMoves(p, p.toMove);
  if (moves.empty()) {
    Position q = p;
    q.toMove = opponent(p.toMove);
    if (ref::legalMoves(q, q.toMove).empty()) return finalDiscs(p, p.toMove);
    return -bruteForceScore(q, -beta, -alpha);
  }
  for (int m : moves) {
    Position q = p;
    ref::play(q, m, p.toMove);
    const int v = -bruteForceScore(q, -beta, -alpha);
    if (v >= beta) return beta;
    alpha = std::max(alpha, v);
  }
  return alpha;
}

/// p after `move` (a square or kPass = 64) by the side to move.
inline Position afterMove(const Position& p, int move) {
  Position q = p;
  if (move == 64) q.toMove = opponent(p.toMove);
  else ref::play(q, move, p.toMove);
  return q;
}

/// The exact value of playing `move` in p, for the side to move.
inline int bruteForceScoreAfter(const Position& p, int move) { return -bruteForceScore(afterMove(p, move)); }

/// Whether p's exact score is `score`, by the same alpha-beta on the window (score - 1,
/// score + 1): fail-hard, it returns the score itself only when that is the exact value.
/// The narrow window visits about half the full window's nodes (0.47 on the step suite's
/// endgames, 2 to 12 empties), the suites' longest part under the sanitizers.
inline bool bruteForceProves(const Position& p, int score) { return bruteForceScore(p, score - 1, score + 1) == score; }

/// Whether playing `move` in p is worth exactly `score` to the side to move.
inline bool bruteForceProvesAfter(const Position& p, int move, int score) { return bruteForceProves(afterMove(p, move), -score); }

}  // namespace reversi::testing
