/**
 * @file e03_order.h
 * @brief Move ordering, step 03's idea: corners first, then the move that leaves the
 * opponent the fewest replies ("fastest first"), ties in square order.
 *
 * Sorting costs a play and a move generation per move, so the search sorts only where
 * a subtree is large enough to pay for it (ORDER_MIN plies and empty squares left).
 * Steps 04 to 10 order their midgame search this way too; sortByKey is the stable sort
 * every later ordering uses.
 *
 * Exercise 08 (the history heuristic): a square whose move cut off somewhere in the
 * tree is likely to cut off elsewhere too, whatever the position around it. History
 * keeps a score per square, raised by d * d each time a move to it causes a cut-off
 * with d plies left (deep cut-offs save more, so they count more). orderMoves breaks
 * its ties by that score, highest first, and the shallow nodes that are not sorted (the
 * most numerous) try their moves in history order, which costs no move generation.
 * Only the order changes, so the score stays negamax's.
 */
#ifndef REVERSI_LAB_E03_ORDER_H
#define REVERSI_LAB_E03_ORDER_H

#include <stdint.h>

namespace e03 {

const int ORDER_MIN = 3;                    ///< Sort the moves only with this many plies and empty squares left.
const uint32_t HISTORY_MAX = 0x3fffffffUL;  ///< A history score past this halves them all.

/// @brief Is sq a corner (a1, h1, a8, h8)? @param sq the square, y * 8 + x @return true for a corner
inline bool isCorner(uint8_t sq) { return sq == 0 || sq == 7 || sq == 56 || sq == 63; }

/**
 * @brief Sorts moves[0..n) by ascending key; stable, so ties keep their order.
 * @tparam K the key's type
 * @param moves the moves, reordered with their keys
 * @param key one key per move, sorted too
 * @param n how many
 */
template <class K>
void sortByKey(uint8_t* moves, K* key, int n) {
  for (int i = 1; i < n; i++) {  // insertion sort: n is small, and it is stable
    const uint8_t m = moves[i];
    const K k = key[i];
    int j = i;
    for (; j > 0 && key[j - 1] > k; j--) {
      key[j] = key[j - 1];
      moves[j] = moves[j - 1];
    }
    key[j] = k;
    moves[j] = m;
  }
}

/// The history heuristic: per square, how much its moves have cut off in this search.
struct History {
  uint32_t score[64];  ///< Per square (see reward); at most HISTORY_MAX.

  /// Empties every score: a fresh search, whose node count depends on nothing before.
  void clear() {
    for (int sq = 0; sq < 64; sq++) score[sq] = 0;
  }
  /**
   * @brief A cut-off by a move to `sq` with `d` plies left: its score rises by d * d.
   * Before a score could overflow, all are halved (their order barely changes).
   * @param sq the square @param d plies left below the cut-off
   */
  void reward(uint8_t sq, int d) {
    score[sq] += uint32_t(d * d);
    if (score[sq] > HISTORY_MAX)
      for (int i = 0; i < 64; i++) score[i] >>= 1;
  }
  /// @brief Sorts moves[0..n) by score, highest first; stable, so ties keep their order.
  /// @param moves the moves, reordered @param n how many
  void order(uint8_t* moves, int n) const {
    int32_t key[64];
    for (int i = 0; i < n; i++) key[i] = -int32_t(score[moves[i]]);
    sortByKey(moves, key, n);
  }
};

/**
 * @brief Sorts moves[0..n) (ascending squares) into search order: corners first, then
 * by the opponent's number of replies, fewest first, then by history, highest first.
 * The sort is stable, so the remaining ties keep square order.
 * @tparam G the move generator
 * @param b the position
 * @param me the side to move
 * @param moves its legal moves, reordered
 * @param n how many
 * @param history the tie-break
 */
template <class G>
void orderMoves(const typename G::Board& b, uint8_t me, uint8_t* moves, int n, const History& history) {
  history.order(moves, n);  // the tie-break first: the stable sort below keeps it among equal keys
  int8_t key[64];
  uint8_t replies[64];
  for (int i = 0; i < n; i++) {
    typename G::Board child = b;
    G::play(child, moves[i] & 7, moves[i] >> 3, me);
    key[i] = int8_t(G::legalMoves(child, 3 - me, replies) - (isCorner(moves[i]) ? 64 : 0));
  }
  sortByKey(moves, key, n);
}

}  // namespace e03

#endif  // REVERSI_LAB_E03_ORDER_H
