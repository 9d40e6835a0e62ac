/**
 * @file e01_evaluation.h
 * @brief The hand-made evaluation of steps 01 to 05: how good a position looks for the
 * side to move, read cell by cell.
 *
 * Ours, with no learned weights: mobility (each legal move of the side to move minus
 * each of the opponent's), corners held, X-squares (b2, g2, b7, g7) and C-squares (the
 * corner's edge neighbours) held next to an empty corner (they give the corner away),
 * and frontier discs (discs next to an empty square give the opponent moves later).
 * Weights below. The score is kept inside +-EVAL_LIMIT, below the smallest win (2 discs),
 * so a won game beats any position that is only judged.
 *
 * Introduced by step 01; steps 02 to 05 include it unchanged. Step 06 reads the same
 * terms off two masks (e06_evaluation.h), step 07 learns its own (e07_evaluation.h).
 */
#ifndef REVERSI_LAB_E01_EVALUATION_H
#define REVERSI_LAB_E01_EVALUATION_H

#include "e01_rules.h"

namespace e01 {

const int EVAL_LIMIT = 2 * DISC - 1;  ///< |evaluation| stays below a 2-disc win.

const int W_MOBILITY = 12;  ///< Per legal move more than the opponent.
const int W_CORNER = 80;    ///< Per corner more than the opponent.
const int W_XSQUARE = 30;   ///< Per X-square next to an empty corner (a penalty).
const int W_FRONTIER = 4;   ///< Per frontier disc (a penalty).
const int W_CSQUARE = 12;   ///< Per C-square next to an empty corner (a penalty).

const uint8_t CORNERS[4] = {0, 7, 56, 63};                  ///< a1, h1, a8, h8.
const uint8_t XSQUARES[4] = {9, 14, 49, 54};                ///< b2, g2, b7, g7: each corner's diagonal neighbour.
const uint8_t CSQUARES[8] = {1, 8, 6, 15, 48, 57, 55, 62};  ///< b1 a2, g1 h2, a7 b8, h7 g8: each corner's edge neighbours.

/**
 * @brief Is the square next to an empty one (a frontier disc, if a disc stands there)?
 * @param c the 64 cells
 * @param sq the square, y * 8 + x
 * @return true if one of its up to eight neighbours is empty
 */
inline bool touchesEmpty(const uint8_t c[64], int sq) {
  const int x = sq & 7, y = sq >> 3;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++) {
      const int nx = x + dx, ny = y + dy;
      if ((dx || dy) && nx >= 0 && nx < 8 && ny >= 0 && ny < 8 && c[ny * 8 + nx] == EMPTY) return true;
    }
  return false;
}

/**
 * @brief The weighted terms, the cells read one by one (mobility given).
 * @tparam G the move generator
 * @param b the position
 * @param me the side to move
 * @param mobility its legal moves minus the opponent's
 * @return a score within +-EVAL_LIMIT
 */
template <class G>
int cellScore(const typename G::Board& b, uint8_t me, int mobility) {
  uint8_t c[64];  // the 64 cells, read once
  for (int sq = 0; sq < 64; sq++) c[sq] = G::cell(b, sq & 7, sq >> 3);
  int s = W_MOBILITY * mobility;
  for (int k = 0; k < 4; k++) {  // corners, and the X- and C-squares next to each
    const uint8_t corner = CORNERS[k];
    s += W_CORNER * owner(c[corner], me);
    if (c[corner] == EMPTY) {  // its neighbours give it away
      s -= W_XSQUARE * owner(c[XSQUARES[k]], me);
      s -= W_CSQUARE * (owner(c[CSQUARES[2 * k]], me) + owner(c[CSQUARES[2 * k + 1]], me));
    }
  }
  for (int sq = 0; sq < 64; sq++)  // frontier discs: next to at least one empty square
    if (c[sq] != EMPTY && touchesEmpty(c, sq)) s -= W_FRONTIER * owner(c[sq], me);
  return s > EVAL_LIMIT ? EVAL_LIMIT : s < -EVAL_LIMIT ? -EVAL_LIMIT : s;
}

/**
 * @brief The evaluation of a position for the side to move.
 * @tparam G the move generator
 * @param b the position
 * @param me the side to move
 * @return a score within +-EVAL_LIMIT, or the exact score if the game is over
 */
template <class G>
int evaluate(const typename G::Board& b, uint8_t me) {
  uint8_t moves[64];
  const int mine = G::legalMoves(b, me, moves);
  const int theirs = G::legalMoves(b, 3 - me, moves);
  if (mine == 0 && theirs == 0) return finalScore<G>(b, me);
  return cellScore<G>(b, me, mine - theirs);
}

}  // namespace e01

#endif  // REVERSI_LAB_E01_EVALUATION_H
