/**
 * @file e10_stability.h
 * @brief Step 10's idea: stable discs, which no move can ever flip. A disc is safe along
 * a line that is full, that ends at it, or where a neighbour on the line is a stable disc
 * of its colour; safe along all four lines, it is stable (a few shifts per round, a round
 * per ring of stable discs). When the opponent owns S stable discs, the side to move ends
 * with at most 64 - 2S (in disc difference), whatever it plays: a bound on the score
 * before a move is tried. Also here: the corners and the squares beside them, for the
 * move order (heldByCorner).
 *
 * These are the portable functions; e10_kernels_x86.h has the same sets found four lines
 * at a time (the tests compare them).
 */
#ifndef REVERSI_LAB_E10_STABILITY_H
#define REVERSI_LAB_E10_STABILITY_H

#include <stdint.h>

#include "../e09_bitsolve/e09_rays.h"
#include "e10_isa.h"

namespace e10 {

using e09::RAYS;

/// The four corners (a1, h1, a8, h8): the solver's fastest-first key counts the
/// opponent's replies there twice.
const uint64_t CORNERS = 0x8100000000000081ULL;
/// The eight edge squares beside a corner (b1, g1, a2, h2, a7, h7, b8, g8: C-squares).
const uint64_t C_SQUARES = 0x4281000000008142ULL;
/// The four squares diagonally beside a corner (b2, g2, b7, g7: X-squares).
const uint64_t X_SQUARES = 0x0042000000004200ULL;

/**
 * @brief The discs of m that no move can flip for being a corner, or an edge square
 * beside a corner of m's: along the edge the corner closes the line, and every other
 * line through an edge square ends on it.
 * @param m one side's discs
 * @return m's corners and the C-squares of m beside them
 */
inline uint64_t heldByCorner(uint64_t m) {
  const uint64_t c = m & CORNERS;
  // along the ranks, b1 and b8 (a shift left) and g1 and g8 (right) only: a shift must not
  // wrap to the next rank (h1 to a2, a8 to h7)
  const uint64_t beside = ((c << 1) & 0x0200000000000002ULL) | ((c >> 1) & 0x4000000000000040ULL) | (c << 8) | (c >> 8);
  return c | (beside & m & C_SQUARES);
}

/// The four lines through square q, q among them, in the lanes' order: its row, its column,
/// its diagonal by 9 and its diagonal by 7 (from the rays: the compiler works them out).
#define E10_LINES(q)                                                                               \
  {                                                                                                \
    RAYS[q][0] | RAYS[q][4] | uint64_t(1) << (q), RAYS[q][2] | RAYS[q][6] | uint64_t(1) << (q),    \
        RAYS[q][3] | RAYS[q][7] | uint64_t(1) << (q), RAYS[q][1] | RAYS[q][5] | uint64_t(1) << (q) \
  }
/// Row y of LINES.
#define E10_LINES_ROW(y)                                                                                    \
  E10_LINES(8 * y), E10_LINES(8 * y + 1), E10_LINES(8 * y + 2), E10_LINES(8 * y + 3), E10_LINES(8 * y + 4), \
      E10_LINES(8 * y + 5), E10_LINES(8 * y + 6), E10_LINES(8 * y + 7)
/// LINES[q]: the lines through q (32 bytes, aligned: one load fills four lanes).
alignas(32) constexpr uint64_t LINES[64][4] = {E10_LINES_ROW(0), E10_LINES_ROW(1), E10_LINES_ROW(2), E10_LINES_ROW(3),
                                               E10_LINES_ROW(4), E10_LINES_ROW(5), E10_LINES_ROW(6), E10_LINES_ROW(7)};
#undef E10_LINES_ROW
#undef E10_LINES

/**
 * @brief The occupied squares from which every square along one direction, up to the
 * board's edge, is occupied too. Doubling, with no loop over the lines: a square passes
 * when it and its next one do (or it ends the line), then when its next two do, then four.
 * @param occ the occupied squares
 * @param step the direction: 9 or 7 up the board, -9 or -7 down it
 * @param ends the squares whose next square in that direction is off the board
 * @return the squares whose run to the edge is full
 */
E10_INLINE uint64_t fullLines(uint64_t occ, int step, uint64_t ends) {
  uint64_t full = occ;
  for (int k = 1; k <= 4; k *= 2) {
    const int shift = step * k;
    full &= ends | (shift > 0 ? full >> shift : full << -shift);  // the square k steps on passes too
    ends |= shift > 0 ? ends >> shift : ends << -shift;           // now k more steps from the edge
  }
  return full;
}

/**
 * @brief The squares of the rows that are full (all eight squares occupied). Bit 0 of a
 * row holds when its next 4, then 2, then 1 squares do too; then the row is spread.
 * @param occ the occupied squares
 * @return every square of every full row
 */
E10_INLINE uint64_t fullRows(uint64_t occ) {
  uint64_t row = occ & (occ >> 4);
  row &= row >> 2;
  row &= row >> 1;
  return (row & 0x0101010101010101ULL) * 0xFF;  // bit 0 of a row: all 8
}

/**
 * @brief The squares of the columns that are full, as fullRows with rows for squares.
 * @param occ the occupied squares
 * @return every square of every full column
 */
E10_INLINE uint64_t fullColumns(uint64_t occ) {
  uint64_t col = occ & (occ >> 32);
  col &= col >> 16;
  col &= col >> 8;
  return (col & 0xFF) * 0x0101010101010101ULL;  // row 1 of a column: all 8
}

/**
 * @brief The stable discs of p, given each direction's safe squares: the discs safe along
 * all four lines, then, a round at a time, those a stable neighbour makes safe. The rounds
 * stop when nothing changes, or once `need` discs are found: the caller's bound then cuts,
 * and any of the rounds' sets is stable (a subset of the last).
 * @param p the discs asked about
 * @param h the squares safe along their row (a full row, or files a and h)
 * @param v along their column (a full column, or ranks 1 and 8)
 * @param d along their diagonal by 9 (a full one, or the border)
 * @param a along their diagonal by 7 (a full one, or the border)
 * @param need the discs that are enough (65, the default: every round to the end)
 * @return the discs of p found stable: all of them, or at least `need`
 */
E10_INLINE uint64_t spreadStable(uint64_t p, uint64_t h, uint64_t v, uint64_t d, uint64_t a, int need = 65) {
  const uint64_t FILE_A = 0x0101010101010101ULL, FILE_H = FILE_A << 7;
  uint64_t stable = p & h & v & d & a;
  for (;;) {  // a neighbour on the line that is stable makes the line safe
    const uint64_t row = h | ((stable << 1) & ~FILE_A) | ((stable >> 1) & ~FILE_H);
    const uint64_t column = v | (stable << 8) | (stable >> 8);
    const uint64_t diagonal9 = d | ((stable << 9) & ~FILE_A) | ((stable >> 9) & ~FILE_H);
    const uint64_t diagonal7 = a | ((stable << 7) & ~FILE_H) | ((stable >> 7) & ~FILE_A);
    const uint64_t more = stable | (p & row & column & diagonal9 & diagonal7);
    if (more == stable || spreadCount(more) >= need) return more;
    stable = more;
  }
}

/**
 * @brief Discs of `p` that no move can ever flip. A disc can be flipped only along a
 * line with room on both sides; it is safe along a line that is full, that ends at it
 * (the edge), or where a neighbour on the line is a safe disc of its colour. A disc safe
 * along all four lines is stable; each stable disc can make its neighbours so, until
 * nothing changes. (A subset of the stable discs: enough for a bound.)
 * @param p the discs asked about
 * @param o the other colour's discs
 * @param need the discs that are enough (see spreadStable; default: all)
 * @return the discs of p found stable
 */
E10_INLINE uint64_t stableDiscs(uint64_t p, uint64_t o, int need = 65) {
  const uint64_t occ = p | o, FILE_A = 0x0101010101010101ULL, FILE_H = FILE_A << 7;
  const uint64_t RANKS18 = 0xFF000000000000FFULL, BORDER = FILE_A | FILE_H | RANKS18;
  const uint64_t RANK1 = 0xFF, RANK8 = RANK1 << 56;  // a diagonal is full where both its runs to the edge are
  const uint64_t fullDiag = fullLines(occ, 9, FILE_H | RANK8) & fullLines(occ, -9, FILE_A | RANK1);
  const uint64_t fullAnti = fullLines(occ, 7, FILE_A | RANK8) & fullLines(occ, -7, FILE_H | RANK1);
  const uint64_t h = fullRows(occ) | FILE_A | FILE_H, v = fullColumns(occ) | RANKS18, d = fullDiag | BORDER,
                 a = fullAnti | BORDER;
  return spreadStable(p, h, v, d, a, need);
}

/**
 * @brief stableDiscs where few squares are empty (the shallow solvers' positions): a line
 * is full unless one of the empty squares is on it, so the lines through each empty square
 * (LINES, four loads) replace the fills. The same discs as stableDiscs (the tests compare
 * them), with less work in the shallow solvers' positions (at 6 and 7 empty squares,
 * measured, it was no faster than the fills).
 * @param p the discs asked about
 * @param empty the empty squares
 * @param need the discs that are enough (see spreadStable; default: all)
 * @return the discs of p found stable
 */
E10_INLINE uint64_t stableDiscsFew(uint64_t p, uint64_t empty, int need = 65) {
  const uint64_t FILE_A = 0x0101010101010101ULL, FILE_H = FILE_A << 7;
  const uint64_t RANKS18 = 0xFF000000000000FFULL, BORDER = FILE_A | FILE_H | RANKS18;
  uint64_t h = 0, v = 0, d = 0, a = 0;  // the squares whose line has an empty square, each way
  for (; empty; empty &= empty - 1) {
    const uint64_t* l = LINES[__builtin_ctzll(empty)];
    h |= l[0], v |= l[1], d |= l[2], a |= l[3];
  }
  return spreadStable(p, ~h | FILE_A | FILE_H, ~v | RANKS18, ~d | BORDER, ~a | BORDER, need);
}

}  // namespace e10

#endif  // REVERSI_LAB_E10_STABILITY_H
