/**
 * @file e03_order.h
 * @brief Move ordering, step 03's idea: corners first, then the move that leaves the
 * opponent the fewest replies ("fastest first"), ties in square order.
 *
 * Sorting costs a play and a move generation per move, so the search sorts only where
 * a subtree is large enough to pay for it (ORDER_MIN plies and empty squares left).
 * Steps 04 to 10 order their midgame search this way too; sortByKey is the stable sort
 * every later ordering uses.
 */
#ifndef REVERSI_LAB_E03_ORDER_H
#define REVERSI_LAB_E03_ORDER_H

#include <stdint.h>

namespace e03 {

const int ORDER_MIN = 3;  ///< Sort the moves only with this many plies and empty squares left.

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

/**
 * @brief Sorts moves[0..n) (ascending squares) into search order: corners first, then
 * by the opponent's number of replies, fewest first. The sort is stable, so ties keep
 * square order.
 * @tparam G the move generator
 * @param b the position
 * @param me the side to move
 * @param moves its legal moves, reordered
 * @param n how many
 */
template <class G>
void orderMoves(const typename G::Board& b, uint8_t me, uint8_t* moves, int n) {
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
