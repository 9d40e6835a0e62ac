/**
 * @file e07_evaluation.h
 * @brief Step 07's idea: a learned evaluation. The board cut into patterns, each way of
 * filling a pattern with a weight of its own, learned from our own games.
 *
 * A pattern is a fixed set of squares, read as one number: each square a base-3 digit
 * (0 empty, 1 the side to move's, 2 the opponent's), the pattern's j-th square worth 3^j.
 * That number picks one weight from the pattern's table, so a table of 3^10 = 59,049
 * entries knows every way ten squares can be filled. The evaluation is the sum of the
 * weights of 46 patterns, plus mobility and parity terms, in 1/DISC of a disc: it
 * predicts the final disc difference. The eleven kinds of pattern are the ones
 * Logistello introduced; a kind's instances are the same squares on the board turned
 * or mirrored, so they share one table: the board's 8 images (made by shifts) put every
 * instance's squares at fixed bits, so there is no loop over squares. 12 phases by empty
 * squares. Each weight is one printable character (a step of its kind's size), so the
 * 2,007,180 weights are two megabytes of text (e07_weights.h), which a board with that
 * much flash reads in place. The numbers are learned by bench/e07_train.cpp (`./lab
 * train`: self-play, labels from the exact solver and from searches, least squares).
 *
 * Steps 08 to 10 include this file unchanged.
 */
#ifndef REVERSI_LAB_E07_EVALUATION_H
#define REVERSI_LAB_E07_EVALUATION_H

#include <stdint.h>

#include "../e01_minimax/e01_rules.h"
#include "../e06_endgame/e06_evaluation.h"

// The pattern reading is inlined always where the compiler allows it: step 10 compiles its
// solver once per instruction set (target_clones), and a function left out of line would
// be compiled once, for the plainest one.
#if defined(__GNUC__)
/// Inlined always (GCC, Clang).
#define E07_INLINE __attribute__((always_inline)) inline
#else
/// Plain inline elsewhere.
#define E07_INLINE inline
#endif

namespace e07 {

using e01::DISC;
using e06::bitCount;

const int EVAL_LIMIT = 64 * DISC - 1;  ///< |evaluation| stays below a 64-disc win: it predicts discs.

const int PHASES = 12;  ///< Weight sets by empty squares: 0-4, 5-9, ..., 50-54, 55-60.
const int KINDS = 11;   ///< Pattern kinds.

/// The phase of a position with this many empty squares (a table: no division).
const uint8_t PHASE_OF[65] = {
    0,  0,  0,  0,  0,  1,  1,  1,  1,  1,   // 0-9 empty squares
    2,  2,  2,  2,  2,  3,  3,  3,  3,  3,   // 10-19 empty squares
    4,  4,  4,  4,  4,  5,  5,  5,  5,  5,   // 20-29 empty squares
    6,  6,  6,  6,  6,  7,  7,  7,  7,  7,   // 30-39 empty squares
    8,  8,  8,  8,  8,  9,  9,  9,  9,  9,   // 40-49 empty squares
    10, 10, 10, 10, 10, 11, 11, 11, 11, 11,  // 50-59 empty squares
    11, 11, 11, 11, 11,                      // 60-64 empty squares
};

/// Each kind's squares where the kind is drawn (y * 8 + x, ascending; -1 ends the list).
/// The fast reading below gathers exactly these bits; the tests compare the two.
const int8_t KIND_SQUARES[KINDS][11] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 9, 14, -1},           // an edge with its two X-squares
    {0, 1, 2, 8, 9, 10, 16, 17, 18, -1, -1},       // a corner's 3x3 block
    {0, 1, 2, 3, 4, 8, 9, 10, 11, 12, -1},         // a corner's 2x5 block
    {8, 9, 10, 11, 12, 13, 14, 15, -1, -1, -1},    // the second row
    {16, 17, 18, 19, 20, 21, 22, 23, -1, -1, -1},  // the third row
    {24, 25, 26, 27, 28, 29, 30, 31, -1, -1, -1},  // the fourth row
    {0, 9, 18, 27, 36, 45, 54, 63, -1, -1, -1},    // the long diagonal
    {1, 10, 19, 28, 37, 46, 55, -1, -1, -1, -1},   // a diagonal of 7
    {2, 11, 20, 29, 38, 47, -1, -1, -1, -1, -1},   // of 6
    {3, 12, 21, 30, 39, -1, -1, -1, -1, -1, -1},   // of 5
    {4, 13, 22, 31, -1, -1, -1, -1, -1, -1, -1},   // of 4
};

/// Where each kind's table starts in a phase's weights (3^10, 3^9, 3^10, 3^8 ... 3^4 entries).
const int32_t KIND_OFFSET[KINDS] = {0, 59049, 78732, 137781, 144342, 150903, 157464, 164025, 166212, 166941, 167184};
const int32_t PHASE_WEIGHTS = 167265;  ///< Pattern weights per phase (the tables end to end).

/// A set of weights. Each pattern weight is one printable character c, worth
/// (c - 'O') steps of its kind's step (so -47..47 steps): two megabytes of text that a
/// board keeps in flash and reads in place.
struct Weights {
  const char* table;             ///< PHASES * PHASE_WEIGHTS characters, phase after phase
  const int16_t (*step)[KINDS];  ///< [phase][kind]: one step, in 1/DISC of a disc
  const int16_t (*scalar)[3];    ///< [phase]: per move of mobility, for odd parity, a constant
};

}  // namespace e07

#include "e07_weights.h"  // the trained weights (written by bench/e07_train.cpp)

namespace e07 {

/// The weights the step plays with: trained here, compiled in.
const Weights LEARNED = {TRAINED_TABLE, TRAINED_STEP, TRAINED_SCALAR};
static_assert(sizeof(TRAINED_TABLE) == PHASES * PHASE_WEIGHTS + 1, "e07_weights.h holds another layout");

/**
 * @brief Up to ten bits read as base-3 digits 0 or 1, bit j worth 3^j. With it a
 * pattern's number is BASE3[own bits] + 2 * BASE3[opponent's bits].
 * @param bits the bits, below 1024
 * @return their value in base 3, below 3^10
 */
constexpr uint16_t base3(unsigned bits) { return bits ? uint16_t((bits & 1) + 3 * base3(bits >> 1)) : 0; }
/// BASE3's entries v to v + 3 (the four macros spell out the table; undefined after it).
#define E07_B3_4(v) base3(v), base3(v + 1), base3(v + 2), base3(v + 3)
/// BASE3's entries v to v + 15.
#define E07_B3_16(v) E07_B3_4(v), E07_B3_4(v + 4), E07_B3_4(v + 8), E07_B3_4(v + 12)
/// BASE3's entries v to v + 63.
#define E07_B3_64(v) E07_B3_16(v), E07_B3_16(v + 16), E07_B3_16(v + 32), E07_B3_16(v + 48)
/// BASE3's entries v to v + 255.
#define E07_B3_256(v) E07_B3_64(v), E07_B3_64(v + 64), E07_B3_64(v + 128), E07_B3_64(v + 192)
/// base3() of every 10-bit number, made at compile time.
const uint16_t BASE3[1024] = {E07_B3_256(0), E07_B3_256(256), E07_B3_256(512), E07_B3_256(768)};
#undef E07_B3_256
#undef E07_B3_64
#undef E07_B3_16
#undef E07_B3_4

// The board turned and mirrored. Square p of an image holds what square symmetry(s, p)
// of the board holds, so a kind's squares read on image s are the kind's instance s.

/// @brief The set mirrored left to right (x -> 7 - x). @param m a set of squares @return its mirror image
inline uint64_t flipFiles(uint64_t m) {
  m = ((m >> 1) & 0x5555555555555555ULL) | ((m & 0x5555555555555555ULL) << 1);
  m = ((m >> 2) & 0x3333333333333333ULL) | ((m & 0x3333333333333333ULL) << 2);
  return ((m >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((m & 0x0F0F0F0F0F0F0F0FULL) << 4);
}
/// @brief The set mirrored top to bottom (y -> 7 - y: the bytes reversed). @param m a set of squares @return its mirror image
inline uint64_t flipRanks(uint64_t m) {
  m = ((m >> 8) & 0x00FF00FF00FF00FFULL) | ((m & 0x00FF00FF00FF00FFULL) << 8);
  m = ((m >> 16) & 0x0000FFFF0000FFFFULL) | ((m & 0x0000FFFF0000FFFFULL) << 16);
  return (m >> 32) | (m << 32);
}
/// @brief The set mirrored in the a1-h8 diagonal ((x, y) -> (y, x): blocks of 4, 2, 1 swapped across it).
/// @param m a set of squares @return its mirror image
inline uint64_t transpose(uint64_t m) {
  uint64_t t = (m ^ (m >> 28)) & 0x00000000F0F0F0F0ULL;
  m ^= t ^ (t << 28);
  t = (m ^ (m >> 14)) & 0x0000CCCC0000CCCCULL;
  m ^= t ^ (t << 14);
  t = (m ^ (m >> 7)) & 0x00AA00AA00AA00AAULL;
  return m ^ t ^ (t << 7);
}

/**
 * @brief Symmetry s of square sq: files mirrored (s & 1), ranks mirrored (s & 2), then
 * transposed (s & 4). The image maker and the tests use the same definition.
 * @param s the symmetry, 0..7
 * @param sq the square, y * 8 + x
 * @return the square it goes to
 */
inline int symmetry(int s, int sq) {
  int x = sq & 7, y = sq >> 3;
  if (s & 1) x = 7 - x;
  if (s & 2) y = 7 - y;
  if (s & 4) {
    const int t = x;
    x = y;
    y = t;
  }
  return y * 8 + x;
}

// A kind's squares gathered from an image into the low bits, in KIND_SQUARES' order.

/// @brief The edge and its two X-squares. @param m an image's stones of one side @return 10 bits
inline unsigned edgeBits(uint64_t m) { return unsigned((m & 0xFF) | ((m >> 1) & 0x100) | ((m >> 5) & 0x200)); }
/// @brief The corner's 3x3 block. @param m an image's stones of one side @return 9 bits
inline unsigned block3x3Bits(uint64_t m) { return unsigned((m & 7) | ((m >> 5) & 0x38) | ((m >> 10) & 0x1C0)); }
/// @brief The corner's 2x5 block. @param m an image's stones of one side @return 10 bits
inline unsigned block2x5Bits(uint64_t m) { return unsigned((m & 0x1F) | ((m >> 3) & 0x3E0)); }
/// @brief One row. @param m an image's stones of one side @param row 0..7 @return 8 bits
inline unsigned rowBits(uint64_t m, int row) { return unsigned((m >> (8 * row)) & 0xFF); }
/**
 * @brief One diagonal. It has one square per row: the multiply adds the rows into the
 * top byte (no carries, as no two squares share a column).
 * @param m an image's stones of one side
 * @param mask the diagonal's squares
 * @param first its lowest column
 * @return one bit per square, the lowest column first
 */
inline unsigned diagonalBits(uint64_t m, uint64_t mask, int first) {
  return unsigned(((m & mask) * 0x0101010101010101ULL) >> (56 + first));
}

/**
 * @brief The steps of one pattern: its table's character for the two sides' bits.
 * @param table the phase's table
 * @param kind the pattern's kind, 0..KINDS-1
 * @param own the side to move's bits of the pattern
 * @param opp the opponent's bits
 * @return the weight in steps of the kind's size, -47..47
 */
inline int steps(const char* table, int kind, unsigned own, unsigned opp) {
  return int(table[KIND_OFFSET[kind] + BASE3[own] + 2 * BASE3[opp]]) - 'O';
}

/**
 * @brief Adds, kind by kind, the steps of the instances that image (o, p) holds.
 * @tparam Kinds bit k when kind k's instance on this image is one of the 46 (the others
 * repeat an instance already read: the edge mirrored is the same edge)
 * @param t the phase's table
 * @param o the side to move's stones on the image
 * @param p the opponent's stones on the image
 * @param sum the steps so far, one per kind; added to
 */
template <int Kinds>
E07_INLINE void readImage(const char* t, uint64_t o, uint64_t p, int* sum) {
  if (Kinds & 1) sum[0] += steps(t, 0, edgeBits(o), edgeBits(p));
  if (Kinds & 2) sum[1] += steps(t, 1, block3x3Bits(o), block3x3Bits(p));
  if (Kinds & 4) sum[2] += steps(t, 2, block2x5Bits(o), block2x5Bits(p));
  if (Kinds & 8) sum[3] += steps(t, 3, rowBits(o, 1), rowBits(p, 1));
  if (Kinds & 16) sum[4] += steps(t, 4, rowBits(o, 2), rowBits(p, 2));
  if (Kinds & 32) sum[5] += steps(t, 5, rowBits(o, 3), rowBits(p, 3));
  if (Kinds & 64) sum[6] += steps(t, 6, diagonalBits(o, 0x8040201008040201ULL, 0), diagonalBits(p, 0x8040201008040201ULL, 0));
  if (Kinds & 128) sum[7] += steps(t, 7, diagonalBits(o, 0x0080402010080402ULL, 1), diagonalBits(p, 0x0080402010080402ULL, 1));
  if (Kinds & 256) sum[8] += steps(t, 8, diagonalBits(o, 0x0000804020100804ULL, 2), diagonalBits(p, 0x0000804020100804ULL, 2));
  if (Kinds & 512) sum[9] += steps(t, 9, diagonalBits(o, 0x0000008040201008ULL, 3), diagonalBits(p, 0x0000008040201008ULL, 3));
  if (Kinds & 1024) sum[10] += steps(t, 10, diagonalBits(o, 0x0000000080402010ULL, 4), diagonalBits(p, 0x0000000080402010ULL, 4));
}

/// The kinds each of the 8 images holds (bit k: kind k). Edges, rows and the 2x5 blocks
/// on all four sides, the 2x5 blocks also turned (eight), the 3x3 blocks and the
/// diagonals in all four corners, the long diagonal and its mirror: 46 in all.
constexpr int IMAGE_KINDS[8] = {0x7FF, 0x7C6, 0x7BF, 0x786, 0x03D, 0x004, 0x03D, 0x004};

/**
 * @brief The learned evaluation, before its clamp.
 * @param w the weights
 * @param own the side to move's stones (bit y * 8 + x)
 * @param opp the opponent's stones
 * @param mobility own legal moves minus the opponent's
 * @return the predicted final disc difference for the side to move, in 1/DISC discs
 */
E07_INLINE int patternScore(const Weights& w, uint64_t own, uint64_t opp, int mobility) {
  const int empties = 64 - bitCount(own | opp);
  const int phase = PHASE_OF[empties];
  const char* t = w.table + int32_t(phase) * PHASE_WEIGHTS;
  int sum[KINDS] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  const uint64_t o2 = flipRanks(own), p2 = flipRanks(opp);
  const uint64_t ot = transpose(own), pt = transpose(opp), ot2 = flipRanks(ot), pt2 = flipRanks(pt);
  readImage<IMAGE_KINDS[0]>(t, own, opp, sum);
  readImage<IMAGE_KINDS[1]>(t, flipFiles(own), flipFiles(opp), sum);
  readImage<IMAGE_KINDS[2]>(t, o2, p2, sum);
  readImage<IMAGE_KINDS[3]>(t, flipFiles(o2), flipFiles(p2), sum);
  readImage<IMAGE_KINDS[4]>(t, ot, pt, sum);
  readImage<IMAGE_KINDS[5]>(t, flipFiles(ot), flipFiles(pt), sum);
  readImage<IMAGE_KINDS[6]>(t, ot2, pt2, sum);
  readImage<IMAGE_KINDS[7]>(t, flipFiles(ot2), flipFiles(pt2), sum);
  int s = w.scalar[phase][0] * mobility + ((empties & 1) ? w.scalar[phase][1] : 0) + w.scalar[phase][2];
  for (int k = 0; k < KINDS; k++) s += sum[k] * w.step[phase][k];
  return s;
}

/**
 * @brief The learned evaluation of a position for the side to move.
 * @tparam G the move generator
 * @param w the weights
 * @param b the position
 * @param me the side to move
 * @param limit the largest value the prediction may take (either sign)
 * @return the prediction within +-limit, or the exact score if the game is over
 */
template <class G>
int evaluate(const Weights& w, const typename G::Board& b, uint8_t me, int limit) {
  uint8_t moves[64];
  const int mine = G::legalMoves(b, me, moves);
  const int theirs = G::legalMoves(b, 3 - me, moves);
  if (mine == 0 && theirs == 0) return e01::finalScore<G>(b, me);
  uint64_t own, opp;
  e06::readMasks<G>(b, me, own, opp);
  const int s = patternScore(w, own, opp, mine - theirs);
  return s > limit ? limit : s < -limit ? -limit : s;
}

}  // namespace e07

#endif  // REVERSI_LAB_E07_EVALUATION_H
