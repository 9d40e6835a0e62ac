/**
 * @file e01_rules.h
 * @brief The game as every search step sees it: colours, moves, scores, what a search
 * returns, how a finished game is scored, and the line the search expects.
 *
 * The rules the search follows (the same in every step):
 * - a pass is a move: a side with no legal move passes, and that costs one ply;
 * - the game ends when neither side can move; a finished game is scored by discs:
 *   own discs minus the opponent's, and the winner takes the empty squares (the FFO
 *   convention);
 * - moves are tried in square order (a1, b1, ..., h8) and the first best move wins a
 *   tie, so the search is deterministic: every move generator visits the same nodes.
 *
 * Scores are in 1/256 of a disc (DISC): a finished game is worth its disc difference
 * times DISC. An exact solve is a search deep enough that every line reaches the end of
 * the game (EXACT_DEPTH).
 *
 * Introduced by step 01; every later step includes this file (C++11, no library: the
 * sketches compile it for AVR and the ESP32 too).
 */
#ifndef REVERSI_LAB_E01_RULES_H
#define REVERSI_LAB_E01_RULES_H

#include <stdint.h>

namespace e01 {

const uint8_t EMPTY = 0;  ///< No stone (the articles' 0).
const uint8_t WHITE = 1;  ///< White stone (the articles' 1).
const uint8_t BLACK = 2;  ///< Black stone (the articles' 2); the opponent of c is 3 - c.

const uint8_t PASS = 64;      ///< The move "pass" (squares are 0..63, y * 8 + x).
const uint8_t NO_MOVE = 255;  ///< No move at all: the game is over.

const int DISC = 256;         ///< One disc of a finished game's difference.
const int INF = 32000;        ///< Above every score (fits a 16-bit int).
const int EXACT_DEPTH = 127;  ///< A depth no game outlasts: solve to the end.
const int PV_PLIES = 32;      ///< Longest principal variation kept.

/// What a search found.
struct Result {
  int score;             ///< For the side to move, in 1/DISC discs (exact: difference * DISC).
  uint8_t best;          ///< Best move: square 0..63, PASS, or NO_MOVE if the game is over.
  uint8_t pv[PV_PLIES];  ///< Principal variation: best, then the expected replies.
  uint8_t pvLength;      ///< Moves in pv.
  uint64_t nodes;        ///< Positions visited (each call of the search, leaves too).
};

/**
 * @brief +1 for an own stone, -1 for the opponent's, 0 for an empty square.
 * @param stone EMPTY, WHITE or BLACK
 * @param me the side whose view it is
 * @return +1, -1 or 0
 */
inline int owner(uint8_t stone, uint8_t me) { return stone == EMPTY ? 0 : stone == me ? 1 : -1; }

/**
 * @brief The score of a finished game: own discs minus the opponent's, the winner
 *        taking the empty squares, times DISC.
 * @tparam G the move generator (G::cell reads a square)
 * @param b the position
 * @param me the side whose score it is
 * @return the final disc difference times DISC
 */
template <class G>
int finalScore(const typename G::Board& b, uint8_t me) {
  int diff = 0, empty = 0;
  for (int sq = 0; sq < 64; sq++) {
    const uint8_t s = G::cell(b, sq & 7, sq >> 3);
    if (s == EMPTY) empty++;
    else diff += owner(s, me);
  }
  if (diff > 0) diff += empty;
  else if (diff < 0) diff -= empty;
  return diff * DISC;
}

/**
 * @brief The empty squares of a position.
 * @tparam G the move generator
 * @param b the position
 * @return 0..64
 */
template <class G>
int countEmpties(const typename G::Board& b) {
  int empties = 0;
  for (int sq = 0; sq < 64; sq++) empties += G::cell(b, sq & 7, sq >> 3) == EMPTY;
  return empties;
}

/**
 * @brief The line the search expects: a triangular table, row `ply` holding the moves
 * from that ply down. A node clears its row on entry; a move that raises alpha becomes
 * the row's first move, followed by its child's row.
 */
class PvTable {
 protected:
  /// @brief Row `ply` holds `n` moves (0: cleared). @param ply the row @param n its length
  void setPvLength(int ply, uint8_t n) {
    if (ply < PV_PLIES) pvLength_[ply] = n;
  }
  /// @brief Row `ply` becomes `move` and row ply + 1 after it. @param ply the row @param move its first move
  void updatePv(int ply, uint8_t move) {
    if (ply >= PV_PLIES) return;
    pv_[ply][0] = move;
    uint8_t n = 1;
    if (ply + 1 < PV_PLIES)
      for (int i = 0; i < pvLength_[ply + 1] && n < PV_PLIES - ply; i++) pv_[ply][n++] = pv_[ply + 1][i];
    pvLength_[ply] = n;
  }
  /// @brief The root's row into a Result: its line and best move (NO_MOVE if empty). @param r filled
  void copyPv(Result& r) const {
    r.pvLength = pvLength_[0];
    for (int i = 0; i < r.pvLength; i++) r.pv[i] = pv_[0][i];
    r.best = r.pvLength > 0 ? r.pv[0] : NO_MOVE;
  }

  uint8_t pv_[PV_PLIES][PV_PLIES];  ///< [ply]: the line from that ply down.
  uint8_t pvLength_[PV_PLIES];      ///< [ply]: moves in that row.
};

}  // namespace e01

#endif  // REVERSI_LAB_E01_RULES_H
