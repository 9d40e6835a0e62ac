/**
 * @file e08_selective.h
 * @brief Search step 08 — selective search: the endgame solved first with cuts that are
 * probably right, then exactly, each pass ordering the next.
 *
 * Step 07's evaluation predicts the final disc difference, and a shallow search with it
 * predicts it better. Multi-ProbCut (Buro) turns that into a cut: if a 2- or 4-ply
 * search says the exact score is far above beta (or below alpha), measured in standard
 * deviations of how wrong such a prediction has been on our own positions, stop here.
 * That is a guess, so the exact solver cannot use it alone; it runs *passes* instead:
 * - a selective pass at confidence t = 1.1, then one at t = 2.0, then the exact pass
 *   (no cut). Each pass leaves its best moves and bounds in the table; the next one
 *   starts from them, so the exact pass finds its cutoffs almost at once;
 * - a slot remembers the pass that stored it (Slot::level): a bound from a less sure
 *   pass is never used by a surer one, so the last pass is exact whatever came before;
 * - the regression (exact score = a * shallow score + b, with the error's standard
 *   deviation sigma, per number of empty squares) is fitted on our own data: held-out
 *   positions of step 07's self-play, each solved exactly (`e07_train mpc`, below);
 * - the passes pay only on large endgames: they run from SELECTIVE_FROM (20) empty
 *   squares on, and a smaller endgame gets the exact pass alone.
 * Smaller ideas, each measured alone too (IDEA_...):
 * - in the shallow solver an isolated empty square (no empty neighbour) first among its
 *   parity class: it is often a move only one side can make;
 * - a bound found again is merged with the one already stored; an ETC cutoff is stored.
 * Tried and left out (one core of a 2-vCPU AMD EPYC Zen 5, s11, 2026-11-26):
 * - moving the split between the solvers down (squares tried directly at 4 empties or
 *   fewer, the table from 5, ETC from 6) visits a third fewer nodes but takes longer
 *   (FFO #40-#44: 192.3 M nodes in 27.5 s against 288.8 M in 22.4 s, bench/ablation.cpp,
 *   3 rounds);
 * - the stability cutoff (the opponent's stable discs bound the score from above),
 *   tested in the deep solver wherever it could cut: it saved 0.3 % of the nodes on FFO
 *   #1-#19 and cost 6 % more time (reading the board into masks and growing the stable
 *   set at every such node; 15 interleaved rounds in one process), and on FFO #40-#44 it
 *   saved 2 % of the nodes and no time (bench/ablation.cpp, 3 rounds).
 *
 * Source: M. Buro, "Experiments with Multi-ProbCut and a new high-quality evaluation
 * function for Othello" (1997) for ProbCut and its passes; the passes at rising
 * confidence and the isolated square as Edax (R. Delorme) uses them. The regression,
 * the thresholds and the code are our own.
 *
 * Changed from step 07: the exact solve only (solve(), solveDeep, solveShallow, the
 * slot's level). The evaluation, its weights (src/e07_weights.h, step 07's) and the
 * midgame search are step 07's, unchanged. Each idea can be switched off alone (Idea,
 * Search's last template parameter): with all of them off this step is step 07.
 *
 * The rules the search follows (the same in every step):
 * - a pass is a move: a side with no legal move passes, and that costs one ply;
 * - the game ends when neither side can move; a finished game is scored by discs:
 *   own discs minus the opponent's, and the winner takes the empty squares;
 * - moves are tried in square order (a1, b1, ..., h8) and the first best move wins a
 *   tie, so the search is deterministic: every move generator visits the same nodes.
 * Scores are in 1/256 of a disc (DISC): a finished game is worth its disc difference
 * times DISC, and the evaluation predicts that same number.
 *
 * Generic over the move generator, as step 07: `G::Board` (copyable) and the stage
 * interface as static functions (`G::legalMoves`, `G::play`, `G::cell`, `G::countFlips`,
 * `G::setCell`); every stage s01..s11 on the host, one stage behind a tiny struct in
 * the sketch.
 *
 * Preconditions: `me` is WHITE or BLACK; depth >= 0. Checked at the host boundary.
 */
#ifndef REVERSI_LAB_E08_SELECTIVE_H
#define REVERSI_LAB_E08_SELECTIVE_H

#include <stdint.h>

/// Search step 08: selective search.
namespace e08 {

const uint8_t EMPTY = 0;  ///< No stone (the articles' 0).
const uint8_t WHITE = 1;  ///< White stone (the articles' 1).
const uint8_t BLACK = 2;  ///< Black stone (the articles' 2); the opponent of c is 3 - c.

const uint8_t PASS = 64;      ///< The move "pass" (squares are 0..63, y * 8 + x).
const uint8_t NO_MOVE = 255;  ///< No move at all: the game is over.

const int DISC = 256;                 ///< One disc of a finished game's difference.
const int EVAL_LIMIT = 64 * DISC - 1;  ///< |evaluation| stays below a 64-disc win: it predicts discs.
const int INF = 32000;                ///< Above every score (fits a 16-bit int).
const int EXACT_DEPTH = 127;          ///< A depth no game outlasts: solve to the end.
const int EXACT_SLOT = 64;            ///< A slot's depth for an exact result: EXACT_SLOT + empties.
const int PV_PLIES = 32;              ///< Longest principal variation kept.

const int ORDER_MIN = 3;  ///< Sort the moves only with this many plies and empty squares left.
const int SOLVE_FROM = 10;  ///< An exact solve deepens to empties - SOLVE_FROM, then solves.
/// ...but no deeper than this: at 34 empty squares (FFO #59) a 24-ply search would take
/// hours, far longer than the solve it orders. (Up to 24 empties, the cap changes nothing.)
const int PRESEARCH_MAX = 14;
const int TABLE_MIN = 4;    ///< Use the table only with this many plies and empty squares left.
const int BUCKET = 4;       ///< Slots per bucket in BucketTable.
const int ENDGAME_SHALLOW = 6;  ///< Empties at or below which solve() tries squares, not a move list.
const int ENDGAME_TABLE = 8;    ///< Empties at or above which solve() keeps positions in the table.
const int ETC_MIN = 9;          ///< Empties at or above which solve() looks its children up first (ETC).
const int SORT_SEARCH = 16;     ///< Empties at or above which a shallow search orders solve()'s moves.
const int SORT_DEPTH = 1;       ///< The depth of that search, in plies.

// ---- Selective search: this step's idea ----------------------------------------------
//
// ProbCut in the exact solver: at a node with PROBCUT_MIN empties or more, a shallow
// search (PROBCUT[].depth plies, step 07's midgame search) predicts the exact score as
// a * v + b, wrong by sigma discs (one standard deviation) on our own positions. If the
// prediction minus t sigmas is still at least beta, the node is cut at beta; if plus t
// sigmas is at most alpha, at alpha. Each test is one null-window search at the shallow
// score that makes it true: v >= (beta + t sigma - b) / a. A pass with a larger t cuts
// less and errs less; the last pass cuts nothing and is exact.

const int PASSES = 2;            ///< Selective passes before the exact one.
const int EXACT_LEVEL = PASSES;  ///< The exact pass's level: a slot of this level is exact.
/// Each selective pass's confidence t, in 1/256: 1.1, then 2.0 standard deviations
/// (in the prototype, with other weights, fewer nodes on FFO #40-#44 than 1.1, 1.5,
/// 2.0, 2.6 or the other subsets of those tried).
const int16_t PASS_T[PASSES] = {282, 512};
/// Empties at or above which solve() runs the selective passes first. Measured on the
/// bench's 8 endgames of each size (s11, one thread): at 18 and 19 empties the passes
/// cost 25 % and 6 % more time than the exact pass alone; at 20 they save 16 %.
const int SELECTIVE_FROM = 20;
const int PROBCUT_MIN = 10;      ///< Empties at or above which a selective pass tries ProbCut.
const int PROBCUT_LAST = 24;     ///< The last row of PROBCUT: more empties use it.
const int ASPIRATION = 2;        ///< Half the root's window around the previous pass's score, in discs (not tuned).

/// One row of the regression: exact score = a * v + b +- sigma, v the shallow search's.
struct ProbCut {
  int8_t depth;   ///< The shallow search's plies.
  int16_t invA;   ///< 1 / a, in 1/256.
  int16_t b;      ///< b, in 1/DISC of a disc.
  int16_t sigma;  ///< The error's standard deviation, in 1/DISC of a disc.
};

/// PROBCUT[e - PROBCUT_MIN]: the regression at e empties, written by
/// `build/e07_train mpc --data=build/train/data-0.bin --header=<this file>`
/// (bench/e07_train.cpp; 408 s of CPU) with step 07's weights, on the held-out games of
/// the data `./lab train` generates from its seed (20261126): 1,000 positions a row,
/// labelled exactly by the generator, at 10..16 empties; 200 a row, solved exactly by
/// the fit, at 17..20. Rows past 20 repeat the last. (The fitted lines are close to
/// exact = v: a from 0.97 to 1.05, b within 1.1 discs; sigma 7.3-7.5 discs after 2
/// plies, 6.3-6.9 after 4.)
const ProbCut PROBCUT[PROBCUT_LAST - PROBCUT_MIN + 1] = {
    // FIT-BEGIN
    {2, 253, 25, 1923}, {2, 249, -135, 1873}, {2, 264, 49, 1889}, {2, 261, 66, 1904}, {4, 263, -93, 1641},
    {4, 260, 35, 1619}, {4, 254, -113, 1643}, {4, 245, -32, 1710}, {4, 249, -84, 1777}, {4, 254, -56, 1640},
    {4, 247, -283, 1666}, {4, 247, -283, 1666}, {4, 247, -283, 1666}, {4, 247, -283, 1666}, {4, 247, -283, 1666},
    // FIT-END
};

// ---- The learned evaluation: step 07's idea, unchanged -------------------------------
//
// A pattern is a fixed set of squares, read as one number: each square a base-3 digit
// (0 empty, 1 the side to move's, 2 the opponent's), the pattern's j-th square worth 3^j.
// That number picks one weight from the pattern's table, so a table of 3^10 = 59,049
// entries knows every way ten squares can be filled. The evaluation is the sum of the
// weights of 46 patterns, plus mobility and parity terms, in 1/DISC of a disc: it
// predicts the final disc difference. The eleven kinds of pattern are the ones
// Logistello introduced; a kind's instances are the same squares on the board turned
// or mirrored, so they share one table. The numbers are learned from our own games
// (bench/e07_train.cpp: self-play, labels from the exact solver and from searches,
// least squares), one set per phase of the game, and compiled in: src/e07_weights.h.

const int PHASES = 12;  ///< Weight sets by empty squares: 0-4, 5-9, ..., 50-54, 55-60.
const int KINDS = 11;   ///< Pattern kinds.

/// The phase of a position with this many empty squares (a table: no division).
const uint8_t PHASE_OF[65] = {0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4,
                              4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 8, 8, 8, 8,
                              8, 9, 9, 9, 9, 9, 10, 10, 10, 10, 10, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11};

/// Each kind's squares where the kind is drawn (y * 8 + x, ascending; -1 ends the list).
/// The fast reading below gathers exactly these bits; the tests compare the two.
const int8_t KIND_SQUARES[KINDS][11] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 9, 14, -1},           // an edge with its two X-squares
    {0, 1, 2, 8, 9, 10, 16, 17, 18, -1, -1},        // a corner's 3x3 block
    {0, 1, 2, 3, 4, 8, 9, 10, 11, 12, -1},          // a corner's 2x5 block
    {8, 9, 10, 11, 12, 13, 14, 15, -1, -1, -1},     // the second row
    {16, 17, 18, 19, 20, 21, 22, 23, -1, -1, -1},   // the third row
    {24, 25, 26, 27, 28, 29, 30, 31, -1, -1, -1},   // the fourth row
    {0, 9, 18, 27, 36, 45, 54, 63, -1, -1, -1},     // the long diagonal
    {1, 10, 19, 28, 37, 46, 55, -1, -1, -1, -1},    // a diagonal of 7
    {2, 11, 20, 29, 38, 47, -1, -1, -1, -1, -1},    // of 6
    {3, 12, 21, 30, 39, -1, -1, -1, -1, -1, -1},    // of 5
    {4, 13, 22, 31, -1, -1, -1, -1, -1, -1, -1}};   // of 4

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

}  // namespace e08

#include "src/e07_weights.h"  // step 07's trained weights (a checked copy of stages/e07_patterns/src/)

namespace e08 {

/// The weights the step plays with: step 07's, compiled in.
const Weights LEARNED = {e07::TRAINED_TABLE, e07::TRAINED_STEP, e07::TRAINED_SCALAR};
static_assert(sizeof(e07::TRAINED_TABLE) == PHASES * PHASE_WEIGHTS + 1, "src/e07_weights.h holds another layout");

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
inline void readImage(const char* t, uint64_t o, uint64_t p, int* sum) {
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
inline int patternScore(const Weights& w, uint64_t own, uint64_t opp, int mobility) {
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

/// Every square in the order the endgame tries them (a static preference: corners,
/// then the edges and the centre, then the C-squares, the X-squares last).
const uint8_t SQUARE_ORDER[64] = {
    0,  7,  56, 63,                                                  // corners
    2,  5,  16, 23, 40, 47, 58, 61,                                  // A-squares
    3,  4,  24, 31, 32, 39, 59, 60,                                  // B-squares
    18, 21, 42, 45,                                                  // inner corners
    19, 20, 26, 29, 34, 37, 43, 44, 27, 28, 35, 36,                  // the centre
    10, 11, 12, 13, 17, 22, 25, 30, 33, 38, 41, 46, 50, 51, 52, 53,  // the inner ring
    1,  6,  8,  15, 48, 55, 57, 62,                                  // C-squares
    9,  14, 49, 54};                                                 // X-squares

/// Where each square stands in SQUARE_ORDER (used only with IDEA_EMPTY_LIST off).
const uint8_t SQUARE_RANK[64] = {
     0, 52,  4, 12, 13,  5, 53,  1, 54, 60, 36, 37, 38, 39, 61, 55,
     6, 40, 20, 24, 25, 21, 41,  7, 14, 42, 26, 32, 33, 27, 43, 15,
    16, 44, 28, 34, 35, 29, 45, 17,  8, 46, 22, 30, 31, 23, 47,  9,
    56, 62, 48, 49, 50, 51, 63, 57,  2, 58, 10, 18, 19, 11, 59,  3};

/// The ideas of this step, each of which can be switched off alone: Search's last
/// template parameter is the sum of those switched off (0, the default: all on). The
/// solve stays exact whichever is off; only its nodes and its time change (the page's
/// ablation table measures each).
enum Idea {
  IDEA_EMPTY_LIST = 1,     ///< Off: each node looks at all 64 squares for the empty ones.
  IDEA_PARITY = 2,         ///< Off: no odd quadrant first; empty squares in SQUARE_ORDER.
  IDEA_SHALLOW = 4,        ///< Off: the deep solver (move list, sorting) down to the last empty.
  IDEA_LAST_EMPTY = 8,     ///< Off: the last empty square is played and scored like any move.
  IDEA_FASTEST_FIRST = 16, ///< Off: below SORT_SEARCH, the moves in square order.
  IDEA_SORT_SEARCH = 32,   ///< Off: fastest-first at every depth, no shallow search to order.
  IDEA_ETC = 64,           ///< Off: no child is looked up before the first is searched.
  IDEA_TABLE_FROM = 128,   ///< Off: the table at every node of the deep solver, not only from ENDGAME_TABLE.
  IDEA_PREFETCH = 256,     ///< Off: no table bucket is fetched ahead of its probe.
  IDEA_KEY_AFTER = 512,    ///< Off: each child's key is read from its 64 squares (hashKey).
  IDEA_ROOT_SEARCH = 1024, ///< Off: solve straight from the root, no midgame search first.
  // this step's ideas
  IDEA_PASSES = 2048,      ///< Off: no selective pass, the exact pass alone (this step's other ideas kept).
  IDEA_ISOLATED = 4096,    ///< Off: no isolated empty square first in the shallow solver.
  IDEA_MERGE = 8192,       ///< Off: a stored bound replaces the slot's, not merged with it.
  IDEA_ETC_STORE = 16384,  ///< Off: an ETC cutoff is returned, not stored.
  IDEA_ASPIRATION = 32768  ///< Off: every pass searches the root with the full window.
};

/**
 * @brief The quadrant of a square: bit 0 for the right half, bit 1 for the bottom.
 * @param sq the square, y * 8 + x
 * @return 0..3
 */
inline uint8_t quadrant(uint8_t sq) { return uint8_t(((sq >> 2) & 1) | ((sq >> 4) & 2)); }

// The squares around each square, worked out by the compiler (in C++11, which the ESP32
// core 2.x compiles sketches as: one expression per function), so that the shallow
// solver's isolated-square test is one AND.
/**
 * @brief The bit of one square, as in the masks below.
 * @param x the column, 0..7 on the board
 * @param y the row, 0..7 on the board
 * @return bit y * 8 + x, or 0 when (x, y) is off the board
 */
constexpr uint64_t squareBit(int x, int y) { return x >= 0 && x < 8 && y >= 0 && y < 8 ? uint64_t(1) << (y * 8 + x) : 0; }
/**
 * @brief The squares around one square.
 * @param x the square's column, 0..7
 * @param y the square's row, 0..7
 * @return the mask of its neighbours on the board (three to eight of them)
 */
constexpr uint64_t around(int x, int y) {
  return squareBit(x - 1, y - 1) | squareBit(x, y - 1) | squareBit(x + 1, y - 1) | squareBit(x - 1, y) |
         squareBit(x + 1, y) | squareBit(x - 1, y + 1) | squareBit(x, y + 1) | squareBit(x + 1, y + 1);
}
/// Row y of AROUND (a macro: a C++11 constant expression has no loop).
#define E08_AROUND_ROW(y) \
  around(0, y), around(1, y), around(2, y), around(3, y), around(4, y), around(5, y), around(6, y), around(7, y)
/// AROUND[sq]: the squares around sq (bit y * 8 + x), up to eight.
constexpr uint64_t AROUND[64] = {E08_AROUND_ROW(0), E08_AROUND_ROW(1), E08_AROUND_ROW(2), E08_AROUND_ROW(3),
                                 E08_AROUND_ROW(4), E08_AROUND_ROW(5), E08_AROUND_ROW(6), E08_AROUND_ROW(7)};
#undef E08_AROUND_ROW

/// What the table remembers of one position (16 bytes: a bucket of BUCKET slots is 64,
/// one cache line when the pool is aligned to 64 bytes).
struct Slot {
  uint64_t key;    ///< The position's whole Zobrist key.
  int16_t lower;   ///< The score is at least this...
  int16_t upper;   ///< ...and at most this (equal: exact).
  int8_t depth;    ///< Plies searched below it; exact: EXACT_SLOT + empties; 0: the slot is free.
  uint8_t best;    ///< The best move found, or NO_MOVE.
  uint8_t level;   ///< The pass that stored it: its bounds hold for passes up to this one (EXACT_LEVEL: all).
};

/// A slot of the chained table: a Slot and the index of the next slot of its chain.
struct ChainSlot : Slot {
  uint32_t next;  ///< The next slot of this chain (0: none).
};

/**
 * @brief The article's table: a chained hash in a fixed pool, nothing replaced.
 */
class ChainedTable {
 public:
  typedef ChainSlot Entry;  ///< The slot type of its pool.

  ChainedTable() : slots_(0), heads_(0), count_(0), free_(0) {}

  /**
   * @brief Takes a pool of slots and empties it.
   * @param slots the pool
   * @param count slots in the pool (at least 2)
   */
  void init(ChainSlot* slots, uint32_t count) {
    slots_ = slots;
    heads_ = 1;
    while (heads_ * 2 <= count / 2) heads_ *= 2;  // a power of two: the head is key & (heads - 1)
    count_ = count;
    clear();
  }
  /// Empties every slot.
  void clear() {
    for (uint32_t i = 0; i < count_; i++) slots_[i].depth = 0;
    free_ = heads_;
  }
  /**
   * @brief Looks a position up.
   * @param key the position's Zobrist key
   * @return its slot, or 0 if it is not stored
   */
  Slot* find(uint64_t key) {
    if (!slots_) return 0;
    ChainSlot* s = &slots_[key & (heads_ - 1)];
    if (s->depth == 0) return 0;
    for (;;) {
      if (s->key == key) return s;
      if (s->next == 0) return 0;
      s = &slots_[s->next];
    }
  }
  /// @brief Asks the memory for a position's chain head ahead of a find. @param key its key
  void prefetch(uint64_t key) const {
#if defined(__GNUC__)
    if (slots_) __builtin_prefetch(&slots_[key & (heads_ - 1)]);
#else
    (void)key;
#endif
  }
  /**
   * @brief A slot to store a position in.
   * @param key the position's Zobrist key
   * @return its own slot if stored, else a new one at the end of its chain; 0 when the
   *         pool is used up
   */
  Slot* store(uint64_t key) {
    if (!slots_) return 0;
    ChainSlot* s = &slots_[key & (heads_ - 1)];
    if (s->depth != 0) {
      for (;;) {
        if (s->key == key) return s;
        if (s->next == 0) break;
        s = &slots_[s->next];
      }
      if (free_ >= count_) return 0;  // the pool is used up
      s->next = free_;
      s = &slots_[free_++];
    }
    s->key = key;
    s->next = 0;
    return s;
  }

 private:
  ChainSlot* slots_;
  uint32_t heads_, count_, free_;
};

/**
 * @brief Buckets of BUCKET slots; a new position replaces the shallowest.
 */
class BucketTable {
 public:
  typedef e08::Slot Entry;  ///< The slot type of its pool.

  BucketTable() : slots_(0), buckets_(0) {}

  /**
   * @brief Takes a pool of slots and empties it.
   * @param slots the pool
   * @param count slots in the pool (at least BUCKET)
   */
  void init(Slot* slots, uint32_t count) {
    slots_ = slots;
    buckets_ = 1;
    while (buckets_ * 2 * BUCKET <= count) buckets_ *= 2;  // a power of two
    clear();
  }
  /// Empties every slot.
  void clear() {
    for (uint32_t i = 0; i < buckets_ * BUCKET; i++) slots_[i].depth = 0;
  }
  /**
   * @brief Looks a position up.
   * @param key the position's Zobrist key
   * @return its slot, or 0 if it is not stored
   */
  Slot* find(uint64_t key) {
    if (!slots_) return 0;
    Slot* s = &slots_[(key & (buckets_ - 1)) * BUCKET];
    for (int i = 0; i < BUCKET; i++)
      if (s[i].depth != 0 && s[i].key == key) return &s[i];
    return 0;
  }
  /// @brief Asks the memory for a position's bucket ahead of a find. @param key its key
  void prefetch(uint64_t key) const {
#if defined(__GNUC__)
    if (slots_) __builtin_prefetch(&slots_[(key & (buckets_ - 1)) * BUCKET]);
#else
    (void)key;
#endif
  }
  /**
   * @brief A slot to store a position in.
   * @param key the position's Zobrist key
   * @return its own slot if stored, else the bucket's shallowest (its old content lost);
   *         0 without a pool
   */
  Slot* store(uint64_t key) {
    if (!slots_) return 0;
    Slot* s = &slots_[(key & (buckets_ - 1)) * BUCKET];
    Slot* victim = s;
    for (int i = 0; i < BUCKET; i++) {
      if (s[i].depth != 0 && s[i].key == key) return &s[i];
      if (s[i].depth < victim->depth) victim = &s[i];  // a free slot has depth 0
    }
    victim->key = key;
    victim->depth = 0;  // a new slot: nothing stored yet (solveDeep merges only with an old one)
    return victim;
  }

 private:
  Slot* slots_;
  uint32_t buckets_;
};

/// What a search found.
struct Result {
  int score;             ///< For the side to move, in 1/DISC discs (exact: difference * DISC).
  uint8_t best;          ///< Best move: square 0..63, PASS, or NO_MOVE if the game is over.
  uint8_t pv[PV_PLIES];  ///< Principal variation: best, then the expected replies.
  uint8_t pvLength;      ///< Moves in pv.
  uint64_t nodes;        ///< Positions visited (each call of the search, leaves too).
};

/**
 * @brief Copy-make: a move is played on a copy of the board.
 * @tparam G the move generator
 */
template <class G>
struct CopyMake {
  typename G::Board board;  ///< The child position.

  /**
   * @brief Plays a move on a copy of the board.
   * @param parent the board, left as it is
   * @param sq the square, y * 8 + x
   * @param me the side to move
   * @return the number of discs flipped (0: illegal)
   */
  int play(typename G::Board& parent, uint8_t sq, uint8_t me) {
    board = parent;
    return G::play(board, sq & 7, sq >> 3, me);
  }
  /// @brief The board after the move: the copy. @return the copy
  typename G::Board& child(typename G::Board&) { return board; }
  /// @brief Takes the move back: nothing to do, the parent was never touched.
  void undo(typename G::Board&, uint8_t, uint8_t) {}
};

/**
 * @brief The article's undo stack: a move is played on the board itself; the squares
 * it flips are kept (one record per recursion frame: together they are the stack) and
 * turned back by undo().
 * @tparam G the move generator
 */
template <class G>
struct UndoMove {
  uint8_t flipped[24];  ///< Squares the move flipped (a move flips at most 19).
  uint8_t count;        ///< How many.

  UndoMove() : count(0) {}

  /**
   * @brief Plays a move on the board itself, remembering what it flips.
   * @param b the board
   * @param sq the square, y * 8 + x
   * @param me the side to move
   * @return the number of discs flipped (0: illegal, the board unchanged)
   */
  int play(typename G::Board& b, uint8_t sq, uint8_t me) {
    count = 0;
    const int x = sq & 7, y = sq >> 3;
    for (int dy = -1; dy <= 1; dy++)  // find the flips first: the board is about to change
      for (int dx = -1; dx <= 1; dx++) {
        if (!dx && !dy) continue;
        int cx = x + dx, cy = y + dy, run = 0;
        while (cx >= 0 && cx < 8 && cy >= 0 && cy < 8 && G::cell(b, cx, cy) == 3 - me) cx += dx, cy += dy, run++;
        if (run == 0 || cx < 0 || cx > 7 || cy < 0 || cy > 7 || G::cell(b, cx, cy) != me) continue;
        for (int i = 1; i <= run; i++) flipped[count++] = uint8_t((y + i * dy) * 8 + x + i * dx);
      }
    return count ? G::play(b, x, y, me) : 0;
  }
  /**
   * @brief The board after the move: the same board.
   * @param b the board
   * @return b
   */
  typename G::Board& child(typename G::Board& b) { return b; }
  /**
   * @brief Takes the move back: the square empty again, the flipped discs the opponent's.
   * @param b the board the move was played on
   * @param sq the move's square
   * @param me the side that moved
   */
  void undo(typename G::Board& b, uint8_t sq, uint8_t me) {
    G::setCell(b, sq & 7, sq >> 3, EMPTY);
    for (int i = 0; i < count; i++) G::setCell(b, flipped[i] & 7, flipped[i] >> 3, 3 - me);
  }
};

/**
 * @brief PVS with a transposition table, and an exact endgame solver, over the move
 * generator G.
 * @tparam G the move generator (see the file comment)
 * @tparam Table BucketTable (the default) or ChainedTable (the article's); the page compares them
 * @tparam Make CopyMake or UndoMove (see the page for which is faster where)
 * @tparam Off the ideas switched off, a sum of Idea values (0: every idea on)
 */
template <class G, class Table = BucketTable, template <class> class Make = CopyMake, unsigned Off = 0>
class Search {
 public:
  typedef typename G::Board Board;  ///< The move generator's board.
  typedef typename Table::Entry Slot;  ///< A table slot: the caller lends the pool.

  /// Called every 4096 nodes when set: a sketch passes yield() so that a long search
  /// on an ESP32 or ESP8266 lets the system run and the watchdog never fires.
  void (*idle)();

  /// Aspiration window: when > 0, each iteration after the first is searched first
  /// with the window previous score +- aspiration (and again with the full window if
  /// the score falls outside). Off (0) by default: measured on the pages, it changes
  /// the node count by a few per cent, in either direction.
  int aspiration;

  Search() : idle(0), aspiration(0), level_(EXACT_LEVEL) {
    uint64_t x = 0x5eed5eed5eed5eedULL;  // Zobrist numbers from a fixed seed (SplitMix64)
    for (int sq = 0; sq < 64; sq++) zobrist_[EMPTY][sq] = 0;  // an empty square adds nothing
    for (int c = WHITE; c <= BLACK; c++)
      for (int sq = 0; sq < 64; sq++) zobrist_[c][sq] = splitMix(x);
    whiteToMove_ = splitMix(x);
  }

  /**
   * @brief Lends the table its memory; without it the search keeps no table.
   * @param slots a pool of `count` slots, which the searcher owns until it is destroyed
   * @param count slots in the pool (at least BUCKET)
   */
  void useTable(Slot* slots, uint32_t count) { table_.init(slots, count); }

  /**
   * @brief Where the selective passes start (SELECTIVE_FROM unless set: the tests lower
   *        it, so that the passes cut on endgames small enough to solve quickly).
   * @param empties the fewest empty squares at which solve() runs the passes first
   */
  void selectiveFrom(int empties) { selectiveFrom_ = empties; }

  /**
   * @brief Searches `depth` plies ahead.
   * @param b the position
   * @param me the side to move, WHITE or BLACK
   * @param depth plies to look ahead (a pass counts as one); EXACT_DEPTH solves
   * @return the score, the best move, the principal variation and the node count
   */
  Result search(const Board& b, uint8_t me, int depth) { return deepen(b, me, depth, depth); }

  /**
   * @brief The exact result: every line followed to the end of the game.
   * @param b the position
   * @param me the side to move, WHITE or BLACK
   * @return score = final disc difference * DISC, with the best move and the PV
   */
  Result solve(const Board& b, uint8_t me) {
    const int empties = countEmpties(b);
    // A shallow midgame search first, for the root's move order (and the table's)...
    const int ahead = empties - SOLVE_FROM > PRESEARCH_MAX ? PRESEARCH_MAX : empties - SOLVE_FROM;
    Result r = deepen(b, me, on(IDEA_ROOT_SEARCH) && ahead > 0 ? ahead : 0, -1);
    const uint64_t shallowNodes = r.nodes;
    // ...then the exact search, in whole discs.
    Board root = b;
    int discs = 0;
    // the list of empty squares: next_/prev_ links, 64 is the list's ends
    next_[64] = prev_[64] = 64;
    parity_ = 0;
    emptyMask_ = 0;
    for (int i = 0; i < 64; i++) {
      const uint8_t sq = SQUARE_ORDER[i];
      const uint8_t c = G::cell(b, sq & 7, sq >> 3);
      if (c == EMPTY) {
        prev_[sq] = prev_[64];
        next_[sq] = 64;
        next_[prev_[64]] = sq;
        prev_[64] = sq;
        parity_ ^= uint8_t(1 << quadrant(sq));
        emptyMask_ |= uint64_t(1) << sq;
      } else {
        discs += c == me ? 1 : -1;
      }
    }
    nodes_ = 0;
    rootBest_ = r.best;
    // The selective passes, then the exact one; each starts from the table and the root
    // move the one before left. (Below SELECTIVE_FROM empties ProbCut, from PROBCUT_MIN,
    // could cut only near the root: the exact pass alone.)
    const uint64_t key = hashKey(root, me);
    level_ = on(IDEA_PASSES) && empties >= selectiveFrom_ ? 0 : EXACT_LEVEL;
    for (bool first = true; level_ <= EXACT_LEVEL; level_++, first = false) {
      int score;
      const int guess = r.score / DISC;
      if (on(IDEA_ASPIRATION) && !first) {  // the previous pass's score, give or take ASPIRATION
        score = solveNext(root, me, guess - ASPIRATION, guess + ASPIRATION, discs, empties, 0, key);
        if (score <= guess - ASPIRATION || score >= guess + ASPIRATION) score = solveNext(root, me, -65, 65, discs, empties, 0, key);
      } else {
        score = solveNext(root, me, -65, 65, discs, empties, 0, key);  // wider than any score: every move raises alpha
      }
      r.score = DISC * score;
      if (pvLength_[0] > 0) rootBest_ = pv_[0][0];
    }
    level_ = EXACT_LEVEL;  // (pvs stores its slots at this level)
    r.pvLength = pvLength_[0];
    for (int i = 0; i < r.pvLength; i++) r.pv[i] = pv_[0][i];
    r.best = r.pvLength > 0 ? r.pv[0] : NO_MOVE;
    r.nodes = nodes_ + shallowNodes;
    return r;
  }

  /**
   * @brief The evaluation of a position for the side to move (see the file comment).
   * @param b the position
   * @param me the side to move
   * @return the learned prediction within +-EVAL_LIMIT, or the exact score if the game is over
   */
  static int evaluate(const Board& b, uint8_t me) {
    uint8_t moves[64];
    const int mine = G::legalMoves(b, me, moves);
    const int theirs = G::legalMoves(b, 3 - me, moves);
    if (mine == 0 && theirs == 0) return finalScore(b, me);
    // The cells, read once, as two 64-bit masks (bit y * 8 + x): own and the opponent's.
    uint64_t own = 0, opp = 0, bit = 1;
    for (int sq = 0; sq < 64; sq++, bit <<= 1) {  // a one-bit shift: cheap on an 8-bit AVR too
      const uint8_t c = G::cell(b, sq & 7, sq >> 3);
      if (c == me) own |= bit;
      else if (c != EMPTY) opp |= bit;
    }
    const int s = patternScore(*weights, own, opp, mine - theirs);
    return s > EVAL_LIMIT ? EVAL_LIMIT : s < -EVAL_LIMIT ? -EVAL_LIMIT : s;
  }

  /// The weights evaluate() reads: LEARNED, unless the trainer lends a set it is fitting.
  static const Weights* weights;

  /**
   * @brief The score of a finished game: own discs minus the opponent's, the winner
   *        taking the empty squares, times DISC.
   * @param b the position
   * @param me the side whose score it is
   * @return the final disc difference times DISC
   */
  static int finalScore(const Board& b, uint8_t me) {
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
   * @brief The Zobrist key of a position: one random number per (colour, square) of
   * each stone, XORed, and one more when white is to move.
   * @param b the position
   * @param me the side to move
   * @return the key
   */
  uint64_t hashKey(const Board& b, uint8_t me) const {
    uint64_t k = me == WHITE ? whiteToMove_ : 0;
    for (int sq = 0; sq < 64; sq++) k ^= zobrist_[G::cell(b, sq & 7, sq >> 3)][sq];  // no branch
    return k;
  }

  /**
   * @brief The key after a move, from the key before it: the side to move changes, a
   * stone appears on sq, and the flipped stones (found along the eight lines from sq:
   * the opponent's before the move, `me`'s after it) change colour. solve() uses it
   * instead of hashKey (a look at 64 squares); the tests check that both agree.
   * @param parent the position before the move
   * @param child the position after it
   * @param key hashKey(parent, me)
   * @param sq the move's square
   * @param me the side that moved
   * @param flips how many stones the move flipped
   * @return hashKey(child, 3 - me)
   */
  uint64_t keyAfter(const Board& parent, const Board& child, uint64_t key, uint8_t sq, uint8_t me, int flips) const {
    key ^= whiteToMove_ ^ zobrist_[me][sq];
    const int x0 = sq & 7, y0 = sq >> 3;
    for (int dy = -1; dy <= 1 && flips > 0; dy++)
      for (int dx = -1; dx <= 1 && flips > 0; dx++)
        for (int x = x0 + dx, y = y0 + dy; (dx || dy) && x >= 0 && x < 8 && y >= 0 && y < 8; x += dx, y += dy) {
          if (G::cell(child, x, y) != me || G::cell(parent, x, y) == me) break;  // the run of flips ends
          key ^= zobrist_[WHITE][y * 8 + x] ^ zobrist_[BLACK][y * 8 + x];
          flips--;
        }
    return key;
  }

 private:
  // Is this idea on in this instantiation? (A constant: the compiler drops the dead branch.)
  static bool on(unsigned idea) { return (Off & idea) == 0; }

  // Iterative deepening: depths 1, 2, ... up to `last`, then `final` (if deeper); the
  // root tries the previous iteration's best move first.
  Result deepen(const Board& b, uint8_t me, int last, int final) {
    nodes_ = 0;
    table_.clear();  // every search starts afresh, so its node count depends on nothing before
    rootBest_ = NO_MOVE;
    const int empties = countEmpties(b);
    Result r;
    r.score = 0;
    r.best = NO_MOVE;
    r.pvLength = 0;
    for (int d = 1;; d++) {
      if (d > last && final < 0) break;  // solve(): only the shallow iterations
      const int depth = d <= last ? d : final;
      horizon_ = false;
      int alpha = -INF, beta = INF;
      if (aspiration > 0 && d > 1) alpha = r.score - aspiration, beta = r.score + aspiration;
      r.score = pvs(b, me, depth, 0, alpha, beta, empties);
      if (r.score <= alpha || r.score >= beta) r.score = pvs(b, me, depth, 0, -INF, INF, empties);  // missed
      r.pvLength = pvLength_[0];
      for (int i = 0; i < r.pvLength; i++) r.pv[i] = pv_[0][i];
      r.best = r.pvLength > 0 ? r.pv[0] : NO_MOVE;
      rootBest_ = r.best;
      if ((d >= last && depth >= final) || !horizon_) break;  // done, or already exact
    }
    r.nodes = nodes_;
    return r;
  }

  // ---- The exact endgame: scores in whole discs, `discs` = own minus opponent's ----

  // The final score when neither side can move: the winner takes the empty squares.
  static int finalDiscs(int discs, int empties) {
    return discs > 0 ? discs + empties : discs < 0 ? discs - empties : 0;
  }

  void removeEmpty(uint8_t sq) {
    if (on(IDEA_EMPTY_LIST)) {
      next_[prev_[sq]] = next_[sq];
      prev_[next_[sq]] = prev_[sq];
    }
    if (on(IDEA_PARITY)) parity_ ^= uint8_t(1 << quadrant(sq));
    if (on(IDEA_ISOLATED)) emptyMask_ ^= uint64_t(1) << sq;
  }
  void restoreEmpty(uint8_t sq) {  // the links of sq itself were left as they were
    if (on(IDEA_EMPTY_LIST)) {
      next_[prev_[sq]] = sq;
      prev_[next_[sq]] = sq;
    }
    if (on(IDEA_PARITY)) parity_ ^= uint8_t(1 << quadrant(sq));
    if (on(IDEA_ISOLATED)) emptyMask_ ^= uint64_t(1) << sq;
  }

  // Is sq an isolated empty square: none of its eight neighbours empty? Often only one
  // side can play there, so a parity class's isolated squares are tried first.
  bool isolated(uint8_t sq) const { return (emptyMask_ & AROUND[sq]) == 0; }

  // The round of the shallow solver that tries sq: odd quadrants first (parity), and
  // within each, isolated squares first.
  int shallowRound(uint8_t sq) const {
    int round = 0;
    if (on(IDEA_PARITY) && ((parity_ >> quadrant(sq)) & 1) == 0) round = on(IDEA_ISOLATED) ? 2 : 1;
    if (on(IDEA_ISOLATED) && !isolated(sq)) round++;
    return round;
  }

  // The empty square after sq in SQUARE_ORDER (sq = 64: the first); 64 when none is left.
  uint8_t nextEmpty(const Board& b, uint8_t sq) const {
    if (on(IDEA_EMPTY_LIST)) return next_[sq];
    for (int i = sq == 64 ? 0 : SQUARE_RANK[sq] + 1; i < 64; i++)  // no list: look at each square
      if (G::cell(b, SQUARE_ORDER[i] & 7, SQUARE_ORDER[i] >> 3) == EMPTY) return SQUARE_ORDER[i];
    return 64;
  }

  // Can `me` move anywhere? (Only asked when the other side cannot.)
  bool canMove(const Board& b, uint8_t me) const {
    for (uint8_t sq = nextEmpty(b, 64); sq != 64; sq = nextEmpty(b, sq))
      if (G::countFlips(b, sq & 7, sq >> 3, me) > 0) return true;
    return false;
  }

  // One empty square left: the side to move plays it if it can, else the opponent.
  int solveLast(const Board& b, uint8_t me, int discs, int ply, bool pvNode) {
    nodes_++;
    const uint8_t sq = nextEmpty(b, 64);
    int n = G::countFlips(b, sq & 7, sq >> 3, me);
    if (n > 0) {
      if (pvNode) setPv(ply, sq, NO_MOVE);
      return discs + 2 * n + 1;
    }
    n = G::countFlips(b, sq & 7, sq >> 3, 3 - me);
    if (n > 0) {
      if (pvNode) setPv(ply, PASS, sq);
      return discs - 2 * n - 1;
    }
    if (pvNode) setPv(ply, NO_MOVE, NO_MOVE);
    return finalDiscs(discs, 1);
  }

  // A few empties left: try each empty square, odd quadrants first; no list, no table.
  int solveShallow(Board& b, uint8_t me, int alpha, int beta, int discs, int empties, int ply) {
    if ((++nodes_ & 4095) == 0 && idle) idle();
    const bool pvNode = beta - alpha > 1;
    if (pvNode) setPvLength(ply, 0);
    int best = -INF;
    // The order to try the squares in: odd quadrants first, isolated squares first,
    // sorted in one walk of the list into a bucket per round (a walk per round cost more
    // time than the order saved).
    uint8_t order[ENDGAME_SHALLOW];
    int count = 0;
    if (on(IDEA_PARITY) || on(IDEA_ISOLATED)) {
      uint8_t bucket[4][ENDGAME_SHALLOW];
      int size[4] = {0, 0, 0, 0};
      for (uint8_t sq = nextEmpty(b, 64); sq != 64; sq = nextEmpty(b, sq)) {
        const int round = shallowRound(sq);
        bucket[round][size[round]++] = sq;
      }
      for (int round = 0; round < 4; round++)
        for (int i = 0; i < size[round]; i++) order[count++] = bucket[round][i];
    } else {
      for (uint8_t sq = nextEmpty(b, 64); sq != 64; sq = nextEmpty(b, sq)) order[count++] = sq;
    }
    for (int i = 0; i < count; i++) {
      const uint8_t sq = order[i];
      Make<G> move;
      const int n = move.play(b, sq, me);
      if (n == 0) continue;
      removeEmpty(sq);
      const int childDiscs = -(discs + 2 * n + 1);
      const int score = empties == 2 && on(IDEA_LAST_EMPTY) ? -solveLast(move.child(b), 3 - me, childDiscs, ply + 1, pvNode)
                                     : -solveShallow(move.child(b), 3 - me, -beta, -alpha, childDiscs, empties - 1, ply + 1);
      restoreEmpty(sq);
      move.undo(b, sq, me);
      if (score > best) best = score;
      if (score > alpha) {
        alpha = score;
        if (pvNode) updatePv(ply, sq);
        if (alpha >= beta) return best;
      }
    }
    if (best > -INF) return best;
    if (!canMove(b, 3 - me)) return finalDiscs(discs, empties);  // neither side can move
    const int score = -solveShallow(b, 3 - me, -beta, -alpha, -discs, empties, ply + 1);  // a pass
    if (pvNode) updatePv(ply, PASS);
    return score;
  }

  // Many empties left: the move list sorted fastest-first, the table, PVS. `key` is
  // the position's Zobrist key (its parent worked it out; unused below ENDGAME_TABLE).
  int solveDeep(Board& b, uint8_t me, int alpha, int beta, int discs, int empties, int ply, uint64_t key) {
    if ((++nodes_ & 4095) == 0 && idle) idle();
    // No score passes 64 discs: a window wholly beyond that is settled at once (else, after
    // a wipeout, proving that no other move does better walks a whole subtree).
    if (alpha >= 64) return 64;
    if (beta <= -64) return -64;
    const bool pvNode = beta - alpha > 1;
    if (pvNode) setPvLength(ply, 0);
    uint8_t moves[64];
    const int n = G::legalMoves(b, me, moves);
    if (n == 0) {
      if (!canMove(b, 3 - me)) return finalDiscs(discs, empties);  // neither side can move
      const int score = -solveDeep(b, 3 - me, -beta, -alpha, -discs, empties, ply + 1, key ^ whiteToMove_);  // a pass
      if (pvNode) updatePv(ply, PASS);
      return score;
    }
    const bool useTable = empties >= tableFrom();
    uint8_t tableMove = NO_MOVE;
    if (const e08::Slot* s = useTable ? table_.find(key) : 0) {  // table scores are in 1/DISC, as in pvs
      if (ply > 0 && s->depth == EXACT_SLOT + empties && s->level >= level_) {  // bounds of a pass at least as sure
        if (s->lower >= beta * DISC) return s->lower / DISC;
        if (s->upper <= alpha * DISC || s->lower == s->upper) return s->upper / DISC;
      }
      tableMove = s->best;  // a move is a hint, whichever pass found it
    }
    // ProbCut, in a selective pass: does the shallow search put the exact score t sigmas
    // beyond the window? Each question is a null-window search at the shallow score v
    // where a * v + b -+ t sigma meets the bound. (>> on a negative number: an
    // arithmetic shift with every compiler this project uses.)
    if (level_ < EXACT_LEVEL && ply > 0 && empties >= PROBCUT_MIN) {
      const ProbCut& c = PROBCUT[(empties > PROBCUT_LAST ? PROBCUT_LAST : empties) - PROBCUT_MIN];
      const int32_t margin = (int32_t(PASS_T[level_]) * c.sigma) >> 8;  // t sigma, in 1/DISC
      const int32_t high = ((int32_t(beta) * DISC + margin - c.b) * c.invA) >> 8;
      if (high <= EVAL_LIMIT && pvs(b, me, c.depth, ply, int(high) - 1, int(high), empties) >= high) return beta;
      const int32_t low = ((int32_t(alpha) * DISC - margin - c.b) * c.invA) >> 8;
      if (low >= -EVAL_LIMIT && pvs(b, me, c.depth, ply, int(low), int(low) + 1, empties) <= low) return alpha;
    }
    // One pass over the children, each played once on a copy: its key (for its own
    // table probe), the enhanced transposition cutoff (a child already in the table may
    // refute this position before any of it is searched), and its fastest-first key.
    uint64_t childKey[64];  // by square
    int sortKey[64];
    uint8_t replies[64];
    const bool childTable = empties - 1 >= tableFrom(), etc = on(IDEA_ETC) && ply > 0 && empties >= ETC_MIN;
    for (int i = 0; i < n; i++) {
      const uint8_t sq = moves[i];
      Board child = b;
      const int flips = G::play(child, sq & 7, sq >> 3, me);
      childKey[sq] = 0;  // (unused by a child below ENDGAME_TABLE)
      if (childTable) {
        childKey[sq] = on(IDEA_KEY_AFTER) ? keyAfter(b, child, key, sq, me, flips) : hashKey(child, 3 - me);
        if (on(IDEA_PREFETCH)) table_.prefetch(childKey[sq]);  // the probes below (and the child's own) will wait less
      }
      if (on(IDEA_SORT_SEARCH) && empties >= SORT_SEARCH) {  // a shallow search: the opponent's score, lowest first
        sortKey[i] = pvs(child, 3 - me, SORT_DEPTH, ply + 1, -INF, INF, empties - 1);
        continue;
      }
      if (!on(IDEA_FASTEST_FIRST)) {  // all keys equal: the stable sort keeps square order
        sortKey[i] = 0;
        continue;
      }
      // fastest-first: the opponent's replies, each corner among them counted twice
      // (measured: 13 % fewer nodes on FFO #40-#41), an odd quadrant first among equals
      const int r = G::legalMoves(child, 3 - me, replies);
      int k = r - (isCorner(sq) ? 64 : 0);
      for (int j = 0; j < r; j++) k += isCorner(replies[j]);
      sortKey[i] = 2 * k - (on(IDEA_PARITY) ? (parity_ >> quadrant(sq)) & 1 : 0);
    }
    if (etc)
      for (int i = 0; i < n; i++) {
        const e08::Slot* c = table_.find(childKey[moves[i]]);
        if (c && c->depth == EXACT_SLOT + empties - 1 && c->level >= level_ && -c->upper >= beta * DISC) {
          const int score = -c->upper / DISC;
          if (on(IDEA_ETC_STORE) && useTable) store(key, empties, score * DISC, INF, moves[i]);  // found once, kept
          return score;
        }
      }
    sortByKey(moves, sortKey, n);
    tryFirst(moves, n, ply == 0 ? rootBest_ : tableMove);
    const int alphaIn = alpha;
    int best = -INF;
    uint8_t bestMove = NO_MOVE;
    for (int i = 0; i < n; i++) {
      const uint8_t sq = moves[i];
      Make<G> move;
      const int flips = move.play(b, sq, me);
      removeEmpty(sq);
      const int childDiscs = -(discs + 2 * flips + 1);
      Board& child = move.child(b);
      int score;
      if (i == 0) {
        score = -solveNext(child, 3 - me, -beta, -alpha, childDiscs, empties - 1, ply + 1, childKey[sq]);
      } else {  // null window first, as in pvs
        score = -solveNext(child, 3 - me, -alpha - 1, -alpha, childDiscs, empties - 1, ply + 1, childKey[sq]);
        if (score > alpha && score < beta) score = -solveNext(child, 3 - me, -beta, -alpha, childDiscs, empties - 1, ply + 1, childKey[sq]);
      }
      restoreEmpty(sq);
      move.undo(b, sq, me);
      if (score > best) {
        best = score;
        bestMove = sq;
      }
      if (score > alpha) {
        alpha = score;
        if (pvNode) updatePv(ply, sq);
        if (alpha >= beta) break;
      }
    }
    if (useTable)
      store(key, empties, best >= beta || best > alphaIn ? best * DISC : -INF,
            best <= alphaIn || best < beta ? best * DISC : INF, bestMove);
    return best;
  }

  // Stores what solveDeep proved of a position (bounds in 1/DISC) at this pass's level.
  // The same position proved again at the same level keeps the tighter of each bound.
  void store(uint64_t key, int empties, int lower, int upper, uint8_t bestMove) {
    e08::Slot* s = table_.store(key);
    if (!s) return;
    const int8_t depth = int8_t(EXACT_SLOT + empties);
    if (on(IDEA_MERGE) && s->depth == depth && s->level == level_) {
      const int l = s->lower > lower ? s->lower : lower, u = s->upper < upper ? s->upper : upper;
      if (l <= u) lower = l, upper = u;  // (selective bounds may disagree: then the new ones)
    }
    s->depth = depth;
    s->level = uint8_t(level_);
    s->lower = int16_t(lower);
    s->upper = int16_t(upper);
    s->best = bestMove;
  }

  int solveNext(Board& b, uint8_t me, int alpha, int beta, int discs, int empties, int ply, uint64_t key) {
    if (on(IDEA_SHALLOW))
      return empties > ENDGAME_SHALLOW ? solveDeep(b, me, alpha, beta, discs, empties, ply, key)
                                       : solveShallow(b, me, alpha, beta, discs, empties, ply);
    if (on(IDEA_LAST_EMPTY) && empties == 1) return solveLast(b, me, discs, ply, beta - alpha > 1);
    return solveDeep(b, me, alpha, beta, discs, empties, ply, key);  // no shallow solver
  }

  // The fewest empties at which solveDeep keeps positions in the table (IDEA_TABLE_FROM
  // off: every node of the deep solver, which starts above ENDGAME_SHALLOW).
  static int tableFrom() { return on(IDEA_TABLE_FROM) ? ENDGAME_TABLE : ENDGAME_SHALLOW + 1; }

  static uint64_t splitMix(uint64_t& x) {
    uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  static int countEmpties(const Board& b) {
    int empties = 0;
    for (int sq = 0; sq < 64; sq++) empties += G::cell(b, sq & 7, sq >> 3) == EMPTY;
    return empties;
  }

  // +1 for an own stone, -1 for the opponent's, 0 for an empty square.
  static int owner(uint8_t stone, uint8_t me) { return stone == EMPTY ? 0 : stone == me ? 1 : -1; }


  // The score of b for `me`, `depth` plies ahead, if it lies inside (alpha, beta);
  // else a bound on the wrong side of the window. Fills pv_[ply] for exact scores.
  int pvs(const Board& b, uint8_t me, int depth, int ply, int alpha, int beta, int empties) {
    if ((++nodes_ & 4095) == 0 && idle) idle();
    setPvLength(ply, 0);
    if (depth == 0) {
      horizon_ = true;  // (a finished game at the horizon is exact, but rare: no matter)
      return evaluate(b, me);
    }
    uint8_t moves[64];
    const int n = G::legalMoves(b, me, moves);
    const uint8_t opp = 3 - me;
    if (n == 0) {
      if (G::legalMoves(b, opp, moves) == 0) return finalScore(b, me);  // game over
      const int score = -pvs(b, opp, depth - 1, ply + 1, -beta, -alpha, empties);  // a pass is a move
      updatePv(ply, PASS);
      return score;
    }
    // The table: a stored result of the same depth may settle this position at once
    // (never at the root, which must name its best move); a stored move goes first.
    // Deeper than any game (passes included) is exact; an exact slot records the empty
    // squares, so that the table keeps the results that took the most work.
    const int8_t stored = int8_t(depth > 2 * empties ? EXACT_SLOT + empties : depth);
    const bool useTable = depth >= TABLE_MIN && empties >= TABLE_MIN;
    uint64_t key = 0;
    uint8_t tableMove = NO_MOVE;
    if (useTable) {
      key = hashKey(b, me);
      if (const e08::Slot* s = table_.find(key)) {
        if (ply > 0 && s->depth == stored) {
          if (s->lower >= beta) return s->lower;
          if (s->upper <= alpha || s->lower == s->upper) return s->upper;
        }
        tableMove = s->best;
      }
    }
    if (depth >= ORDER_MIN && empties >= ORDER_MIN) orderMoves(b, me, moves, n);
    tryFirst(moves, n, ply == 0 ? rootBest_ : tableMove);
    const int alphaIn = alpha;
    uint8_t bestMove = NO_MOVE;
    int best = -INF;
    for (int i = 0; i < n; i++) {
      Board child = b;
      G::play(child, moves[i] & 7, moves[i] >> 3, me);
      int score;
      if (i == 0) {
        score = -pvs(child, opp, depth - 1, ply + 1, -beta, -alpha, empties - 1);
      } else {  // is it better than alpha? A null window answers that cheaply...
        score = -pvs(child, opp, depth - 1, ply + 1, -alpha - 1, -alpha, empties - 1);
        if (score > alpha && score < beta)  // ...and if so, search again for its value
          score = -pvs(child, opp, depth - 1, ply + 1, -beta, -alpha, empties - 1);
      }
      if (score > best) {
        best = score;
        bestMove = moves[i];
      }
      if (score > alpha) {  // strictly better: the first of equal moves stays
        alpha = score;
        updatePv(ply, moves[i]);
        if (alpha >= beta) break;  // refuted: the opponent will not allow this position
      }
    }
    if (useTable) {
      if (e08::Slot* s = table_.store(key)) {  // what this search proved: a bound or the value
        s->depth = stored;
        s->level = EXACT_LEVEL;  // a midgame search's result is what it is in every pass
        s->lower = int16_t(best >= beta ? best : best > alphaIn ? best : -INF);
        s->upper = int16_t(best <= alphaIn ? best : best < beta ? best : INF);
        s->best = bestMove;
      }
    }
    return best;
  }

  // Sorts moves[0..n) (ascending squares) into search order: corners first, then by the
  // opponent's number of replies, fewest first. The sort is stable, so ties keep
  // square order.
  static void orderMoves(const Board& b, uint8_t me, uint8_t* moves, int n) {
    int8_t key[64];
    uint8_t replies[64];
    for (int i = 0; i < n; i++) {
      Board child = b;
      G::play(child, moves[i] & 7, moves[i] >> 3, me);
      key[i] = int8_t(G::legalMoves(child, 3 - me, replies) - (isCorner(moves[i]) ? 64 : 0));
    }
    sortByKey(moves, key, n);
  }

  // Sorts moves[0..n) by ascending key; stable, so ties keep their order.
  template <class K>
  static void sortByKey(uint8_t* moves, K* key, int n) {
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

  // Moves `first` (if among the moves) to the front, keeping the others' order.
  static void tryFirst(uint8_t* moves, int n, uint8_t first) {
    for (int i = 0; i < n; i++)
      if (moves[i] == first) {
        for (; i > 0; i--) moves[i] = moves[i - 1];
        moves[0] = first;
        return;
      }
  }

  static bool isCorner(uint8_t sq) { return sq == 0 || sq == 7 || sq == 56 || sq == 63; }

  // Row `ply` of the PV: the moves a and b (NO_MOVE ends it).
  void setPv(int ply, uint8_t a, uint8_t b) {
    if (ply >= PV_PLIES) return;
    uint8_t n = 0;
    if (a != NO_MOVE) pv_[ply][n++] = a;
    if (b != NO_MOVE && n < PV_PLIES - ply) pv_[ply][n++] = b;
    pvLength_[ply] = n;
  }

  // The triangular PV table: row `ply` holds the line from that ply down.
  void setPvLength(int ply, uint8_t n) {
    if (ply < PV_PLIES) pvLength_[ply] = n;
  }
  void updatePv(int ply, uint8_t move) {
    if (ply >= PV_PLIES) return;
    pv_[ply][0] = move;
    uint8_t n = 1;
    if (ply + 1 < PV_PLIES)
      for (int i = 0; i < pvLength_[ply + 1] && n < PV_PLIES - ply; i++) pv_[ply][n++] = pv_[ply + 1][i];
    pvLength_[ply] = n;
  }

  uint64_t nodes_;
  Table table_;
  uint64_t zobrist_[3][64];  // [EMPTY, WHITE or BLACK][square]
  uint64_t whiteToMove_;
  uint8_t next_[65], prev_[65];  // the empty squares as a linked list; 64 is both ends
  uint8_t parity_;  // bit q set: quadrant q has an odd number of empty squares
  uint8_t rootBest_;  // the previous iteration's best move
  bool horizon_;      // did this iteration evaluate any position at its horizon?
  int level_;         // the endgame's pass: 0.. selective, EXACT_LEVEL exact
  int selectiveFrom_ = SELECTIVE_FROM;  // the fewest empties that get the selective passes
  uint64_t emptyMask_;  // the empty squares as bits (the isolated-square test)
  uint8_t pv_[PV_PLIES][PV_PLIES];
  uint8_t pvLength_[PV_PLIES];
};

template <class G, class Table, template <class> class Make, unsigned Off>
const Weights* Search<G, Table, Make, Off>::weights = &LEARNED;

}  // namespace e08

#endif  // REVERSI_LAB_E08_SELECTIVE_H
