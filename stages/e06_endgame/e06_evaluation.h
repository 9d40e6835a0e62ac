/**
 * @file e06_evaluation.h
 * @brief Step 01's evaluation read off two masks: the 64 cells read once into own and
 * opponent's stones (bit y * 8 + x), then corners, X- and C-squares and frontier discs
 * found with mask operations instead of cell by cell. The same scores as step 01's
 * (a test compares them); it was most of the midgame search's time.
 */
#ifndef REVERSI_LAB_E06_EVALUATION_H
#define REVERSI_LAB_E06_EVALUATION_H

#include <stdint.h>

#include "../e01_minimax/e01_evaluation.h"
#include "../e01_minimax/e01_rules.h"

namespace e06 {

/**
 * @brief The number of set bits (SWAR: neighbouring bit fields added in parallel; no
 * multiply, which the lx106 and the AVR do slowly).
 * @param m a set of squares
 * @return how many squares it holds, 0..64
 */
inline int bitCount(uint64_t m) {
  m -= (m >> 1) & 0x5555555555555555ULL;
  m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
  m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  m += m >> 8;
  m += m >> 16;
  m += m >> 32;
  return (int)(m & 0x7F);
}

/// @brief +1 if `sq` is in `own`, -1 if in `opp`, else 0.
/// @param own the side to move's discs
/// @param opp the opponent's discs
/// @param sq the square
/// @return the owner
inline int ownerOf(uint64_t own, uint64_t opp, uint8_t sq) { return (int)((own >> sq) & 1) - (int)((opp >> sq) & 1); }

/**
 * @brief The cells, read once, as two 64-bit masks (bit y * 8 + x).
 * @tparam G the move generator
 * @param b the position
 * @param me the side whose stones go to `own`
 * @param own set to me's stones
 * @param opp set to the opponent's
 */
template <class G>
void readMasks(const typename G::Board& b, uint8_t me, uint64_t& own, uint64_t& opp) {
  own = 0, opp = 0;
  uint64_t bit = 1;
  for (int sq = 0; sq < 64; sq++, bit <<= 1) {  // a one-bit shift: cheap on an 8-bit AVR too
    const uint8_t c = G::cell(b, sq & 7, sq >> 3);
    if (c == me) own |= bit;
    else if (c != e01::EMPTY) opp |= bit;
  }
}

/**
 * @brief Step 01's weighted terms on the masks.
 * @param own the side to move's stones
 * @param opp the opponent's
 * @param mobility own legal moves minus the opponent's
 * @return a score within +-EVAL_LIMIT
 */
inline int maskScore(uint64_t own, uint64_t opp, int mobility) {
  using namespace e01;  // the weights and squares
  int s = W_MOBILITY * mobility;
  for (int k = 0; k < 4; k++) {  // corners, and the X- and C-squares next to each
    s += W_CORNER * ownerOf(own, opp, CORNERS[k]);
    if (!(((own | opp) >> CORNERS[k]) & 1))  // the corner is empty
      s -= W_XSQUARE * ownerOf(own, opp, XSQUARES[k]) +
           W_CSQUARE * (ownerOf(own, opp, CSQUARES[2 * k]) + ownerOf(own, opp, CSQUARES[2 * k + 1]));
  }
  // Frontier discs: next to at least one empty square. The empty squares spread one
  // step in all eight directions mark every square next to one (the column masks stop
  // a sideways step from wrapping into the next row).
  const uint64_t empty = ~(own | opp);
  const uint64_t left = (empty >> 1) & 0x7F7F7F7F7F7F7F7FULL, right = (empty << 1) & 0xFEFEFEFEFEFEFEFEULL;
  const uint64_t row = empty | left | right;
  const uint64_t near = left | right | row << 8 | row >> 8;
  s -= W_FRONTIER * (bitCount(own & near) - bitCount(opp & near));
  return s > EVAL_LIMIT ? EVAL_LIMIT : s < -EVAL_LIMIT ? -EVAL_LIMIT : s;
}

/**
 * @brief The evaluation of a position for the side to move.
 * @tparam G the move generator
 * @param b the position
 * @param me the side to move
 * @param masks true: read off two masks (maskScore); false: step 01's, cell by cell
 * @return a score within +-EVAL_LIMIT, or the exact score if the game is over
 */
template <class G>
int evaluate(const typename G::Board& b, uint8_t me, bool masks) {
  uint8_t moves[64];
  const int mine = G::legalMoves(b, me, moves);
  const int theirs = G::legalMoves(b, 3 - me, moves);
  if (mine == 0 && theirs == 0) return e01::finalScore<G>(b, me);
  if (!masks) return e01::cellScore<G>(b, me, mine - theirs);
  uint64_t own, opp;
  readMasks<G>(b, me, own, opp);
  return maskScore(own, opp, mine - theirs);
}

}  // namespace e06

#endif  // REVERSI_LAB_E06_EVALUATION_H
