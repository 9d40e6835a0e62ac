/**
 * @file e10_stable.h
 * @brief Search step 10 — stable discs: a bound on the score before a move is tried,
 * and the solver's move list and table closer to the end.
 *
 * A disc that no move can ever flip is stable: it stays its owner's to the end. When the
 * opponent owns S stable discs, the side to move ends with at most 64 - 2S (in disc
 * difference), whatever it plays. In a null-window search whose alpha is already that
 * high, the node fails low at once, without a move. Near the end most lines are full and
 * most discs are stable, so the bound cuts where the nodes are: at 2-6 empty squares.
 * Stable discs are found on the two masks step 09 solves on: a disc is safe along a
 * line that is full, that ends at it, or where a neighbour on the line is a stable disc
 * of its colour; safe along all four lines, it is stable (stableDiscs: a few shifts per
 * round, a round per ring of stable discs). The bound is only worked out when the
 * opponent's discs alone, were they all stable, would bring the score below alpha by a
 * margin (STABLE_MARGIN: closer, it seldom cuts), and its rounds stop as soon as they
 * have found enough stable discs to cut (IDEA_STABLE_MARGIN switches both off).
 * Stable discs order the moves too: the fastest-first key ranks a move better for each
 * corner, or edge square beside a corner of the mover's, that it makes the mover's
 * (stable at once), and worse on an X-square beside an empty corner, which hands that
 * corner over (stableOrder, heldByCorner; IDEA_STABLE_ORDER).
 *
 * Also changed, and said on the page: with fewer nodes at the bottom, the move list with
 * fastest-first ordering starts at 6 empty squares instead of 7 (ENDGAME_SHALLOW), the
 * table keeps positions from 6 (ENDGAME_TABLE) and looks children up from 7 (ETC_MIN).
 * The bound can be switched off alone (IDEA_STABLE): the search is then step 09's with
 * those three constants and this step's move order, pre-search and keys, so the ablation
 * table measures the changes apart.
 * Also changed, the same nodes in less time: the midgame searches the solver asks
 * (its root's pre-search, ProbCut's, the ordering's) run on the masks, not on G's board
 * (pvs is a template over the position); flipsUp and flipsDown and the full diagonals
 * of stableDiscs have no branch. On x86-64, the solver's recursive functions are compiled
 * for any x86-64 and again for x86-64-v3, where a count of bits is one instruction (POPCNT;
 * E10_CLONES, countBits, switched by IDEA_POPCOUNT) and the moves, flips and stable discs
 * are found four directions at a time (movesInLanes, rayFlipsInLanes, stableDiscsInLanes,
 * switched by IDEA_LANES), and for x86-64-v4 (AVX-512), where a move's flips down the
 * board come from one count of leading zeros a lane (rayFlipsByLzcnt, switched by
 * IDEA_LZCNT).
 * And the solver keeps its positions of SHALLOW_TABLE_MAX empties or fewer in a small
 * table of their own, held in the core's caches (useTable, IDEA_SHALLOW_TABLE): a few
 * more nodes, less time waiting for memory. Fewer branches that no predictor guesses, the
 * same nodes: the last five squares ordered by a sorting network (sortEntries), a child's
 * key read four squares at a time (keyAfter), and solveDeep's moves sorted only when
 * the first one does not cut. Less work, the same nodes: in the shallow solvers the full
 * lines come from the lines through the empty squares (LINES, stableDiscsFew), not from
 * fills, and a child of solveDeep takes the moves its parent found for its ordering
 * (HAND_MOVES_DOWN: on x86-64, where the stack has room).
 * And the root's pre-search stops at 8 plies (SHORT_PRESEARCH; step 09's, at 14): the
 * selective passes order the exact one, and deeper plies cost more time than they saved
 * (IDEA_SHORT_PRESEARCH). And the table's key is worked out from the position's two
 * masks by three multiplications (positionKey), not kept up to date stone by stone
 * (Zobrist's key, keyAfter: sixteen loads a child; IDEA_MULTIPLY_KEY). And far from the
 * end (SORT_SEARCH empties or more), where a one-ply search orders the moves, a move is
 * ranked worse for each reply it leaves the opponent too (SORT_MOBILITY,
 * IDEA_SORT_MOBILITY): fewer nodes.
 *
 * Step 09's ideas, all kept: the exact solver on two 64-bit masks (stage 09's
 * representation, compiled from src/s09_bitboard.h), flips along rays kept with the move
 * list, squares without an opponent neighbour skipped, a solver for the last four empty
 * squares (each a switch, Idea).
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
 * Generic over the move generator, as step 08, for everything but the exact solver:
 * `G::Board` (copyable) and the stage interface as static functions (`G::legalMoves`,
 * `G::play`, `G::cell`, `G::setCell`); every stage s01..s11 on the host, one stage
 * behind a tiny struct in the sketch. search() runs on G's board; solve() reads the
 * root's cells once, and everything it does after, its midgame searches too, runs on
 * masks.
 *
 * Preconditions: `me` is WHITE or BLACK; depth >= 0. Checked at the host boundary.
 */
#ifndef REVERSI_LAB_E10_STABLE_H
#define REVERSI_LAB_E10_STABLE_H

#include <stdint.h>

// On x86-64 (GCC, Linux) the solver's recursive functions are compiled three times: for
// any x86-64, for the x86-64-v3 level (POPCNT, LZCNT, BMI, AVX2: Intel's Haswell of 2013
// and later) and for x86-64-v4 (AVX-512: Intel's Skylake-SP servers and later, AMD's
// Zen 4). The program picks the copy its CPU runs when it starts (GCC's target_clones),
// so one binary runs everywhere; one source, so the same nodes. The v3 copy counts bits
// in one instruction (countBits in Search) and finds moves and flips four directions at a
// time (movesInLanes, rayFlipsInLanes); the v4 copy finds the flips down the board by
// counting leading zeros (rayFlipsByLzcnt). Elsewhere (the sketches' boards, Clang): one
// copy.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
/// The solver's recursive functions: a copy for any x86-64, one for x86-64-v3, one for x86-64-v4.
#define E10_CLONES __attribute__((target_clones("default", "arch=x86-64-v3", "arch=x86-64-v4")))
/// 1 where the solver has its x86-64-v3 copy (GCC on x86-64 Linux), else 0.
#define E10_X86 1
/// Inlined always: what the copies call must be compiled inside each of them (a function
/// left out of line is compiled once, for any x86-64, and runs so in the v3 copy too).
#define E10_INLINE __attribute__((always_inline)) inline
#else
/// One copy of the solver's functions (not GCC on x86-64 Linux).
#define E10_CLONES
/// 0: no x86-64-v3 copy here.
#define E10_X86 0
/// Plain inline where there is one copy.
#define E10_INLINE inline
#endif
#if E10_X86
#include <exception>  // std::exception_ptr: an exception from idle, carried out of the solver copies
#include <immintrin.h>  // _mm256_lzcnt_epi64, _mm256_srlv_epi64: rayFlipsByLzcnt
#endif

#include "src/s09_bitboard.h"  // the solver's masks and fills: a checked copy of stage 09's header

/// Search step 10: stable discs bound the endgame solver's score.
namespace e10 {

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
/// This step's pre-search stops sooner, at 8 plies (IDEA_SHORT_PRESEARCH: a solve of 19
/// empty squares or more is all it changes): the selective passes (step 08's) order the exact
/// pass, and deeper plies cost more than they saved. On FFO #40-#44 (20-23 empties: 10-13
/// plies), in an instrumented copy on a Zen 5 (2026-11-28), the pre-search took about 10 %
/// of the time, at 8 plies under 1 %, and the passes after it about 4 % more; nodes, the
/// pre-search's included, 131.0 million against 134.8 (7 plies: 132.3, 9: 133.7). On
/// FFO #45-#49: 548.3 million against 609.3 (7 plies: 543.5, 9: 564.2).
const int SHORT_PRESEARCH = 8;
const int TABLE_MIN = 4;    ///< Use the table only with this many plies and empty squares left.
const int BUCKET = 4;       ///< Slots per bucket in BucketTable.
const int ENDGAME_SHALLOW = 5;  ///< Empties at or below which solve() tries squares, not a move list.
const int ENDGAME_TABLE = 6;    ///< Empties at or above which solve() keeps positions in the table.
const int ETC_MIN = 7;          ///< Empties at or above which solve() looks its children up first (ETC).
/// Empties at or below which solve() keeps its positions in the shallow table: a small
/// one, apart, held in the processor's own caches (see Search::useTable). (7, the first
/// choice, left the positions of 8 and 9 empties, and the children 9 and 10 look up, to
/// the big table in main memory: on FFO #40-#44, measured on a Zen 5, 9 and a 1 MiB table
/// took about 5 % less time than 7 and 512 KiB, for 6 thousand fewer nodes in 147 million.)
const int SHALLOW_TABLE_MAX = 9;
/// solveDeep's `legal` when its caller has not found the moves (no position has them all:
/// the squares that hold discs are never moves).
const uint64_t MOVES_UNKNOWN = ~uint64_t(0);
/// Does solveDeep hand each child the moves it found for its ordering? That is 512 bytes
/// more a frame: on x86-64 only, not in the sketches, whose loop task has an 8 KiB stack.
const bool HAND_MOVES_DOWN = E10_X86 != 0;
/// The shallow table's slots at most: 1 MiB of 16-byte slots, the size of a core's L2
/// cache on an AMD Zen 4 or Zen 5 (half of it on an Intel Sapphire Rapids), small beside
/// the big table's tens of megabytes...
const uint32_t SHALLOW_TABLE_SLOTS = uint32_t(1) << 16;
/// ...and a sixteenth of the pool at most (8192 slots on a board: 512 for the shallow table).
const int SHALLOW_TABLE_SHARE = 16;
const int SORT_SEARCH = 16;     ///< Empties at or above which a shallow search orders solve()'s moves.
const int SORT_DEPTH = 1;       ///< The depth of that search, in plies.
/// ...plus this much (in 1/DISC) for each reply the move leaves the opponent: the search's
/// score keeps the opponent's best reply, not how many it has (IDEA_SORT_MOBILITY). Three
/// quarters of a disc a reply: in scratch copies (2026-11-29), on FFO #40-#44, #45-#49
/// and #50-#53 it saved 2.5 %, 7.9 % and 19.8 % of the nodes; a half disc 3.0 %, 5.9 %
/// and 14.0 %; a whole disc 2.6 % on #40-#44, and on #45-#49 cost 0.6 % more.
const int SORT_MOBILITY = 192;
static_assert(SORT_MOBILITY >= 0 && 64 * DISC < INF,
              "a sort key (a score of -64 discs at least, plus the replies) stays above -INF, solveDeep's mark for its first move");
/// The stability bound is worked out only when alpha is at least this many discs above
/// what the opponent's discs would allow were they all stable (index: empty squares; the
/// last entry for more). Closer, it seldom cuts: where alpha was closer, in an instrumented
/// copy on FFO #40-#44 (2026-11-28, Zen 5), it cut about 1 time in 16 at 2 empty squares,
/// 1 in 30 at 3 and 4, under 1 in 100 from 5. A cut saves less the fewer squares are left
/// (at 2: two flips to count), hence the larger margins there. Against no margin
/// (IDEA_STABLE_MARGIN off): the ablation table.
const int8_t STABLE_MARGIN[7] = {0, 0, 8, 12, 10, 10, 4};

// ---- Selective search: step 08's idea, unchanged --------------------------------------
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

}  // namespace e10

#include "src/e07_weights.h"  // step 07's trained weights (a checked copy of stages/e07_patterns/src/)

namespace e10 {

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
 * @brief The number of set bits, for the spread of stable discs to know when it has found
 * enough: on x86-64 the compiler's builtin (one POPCNT in the solver's x86-64-v3 copy),
 * elsewhere bitCount.
 * @param m a set of squares
 * @return how many squares it holds, 0..64
 */
E10_INLINE int spreadCount(uint64_t m) {
#if E10_X86
  return __builtin_popcountll(m);
#else
  return bitCount(m);
#endif
}

#if E10_X86
typedef uint64_t Lanes4 __attribute__((vector_size(32)));  ///< Four 64-bit lanes: one AVX2 register.

/// Does this CPU have AVX2? movesOf, flips and stableOf ask before they use the lanes:
/// the solver's copy for any x86-64 runs on CPUs that do not. Asked once, when the
/// program starts: where they ask, a plain load, not a function-local static's guard.
inline const bool CPU_HAS_AVX2 = (__builtin_cpu_init(), __builtin_cpu_supports("avx2"));

/**
 * @brief Stage 09's moveMask with four directions side by side: one lane each for the
 * steps 1, 8, 7 and 9, each lane shifted by its own step (AVX2 shifts each lane by its
 * own count), so that the fills run once up the board and once down it, not eight
 * times. The same mask as s09::moveMask (the tests compare them). Fast in the solver's
 * x86-64-v3 copy, where it is inlined and the four lanes are one AVX2 register. Compiled
 * for any x86-64 they are split in halves, slower than stage 09's fills: so movesOf
 * calls it only on a CPU with AVX2.
 * @param own the side to move's discs
 * @param opp the opponent's discs
 * @return the squares where the side to move can play
 */
E10_INLINE uint64_t movesInLanes(uint64_t own, uint64_t opp) {
  const uint64_t side = opp & s09::INNER;  // a run across the board's edge is no run
  const Lanes4 step = {1, 8, 7, 9}, pro = {side, opp, side, side}, from = {own, own, own, own};
  Lanes4 gen = from, run = pro;  // up the board (Kogge-Stone, as s09::fillHigh)
  gen |= run & (gen << step);
  run &= run << step;
  gen |= run & (gen << (2 * step));
  run &= run << (2 * step);
  gen |= run & (gen << (4 * step));
  Lanes4 m = (gen & pro) << step;
  gen = from, run = pro;  // and down it (s09::fillLow)
  gen |= run & (gen >> step);
  run &= run >> step;
  gen |= run & (gen >> (2 * step));
  run &= run >> (2 * step);
  gen |= run & (gen >> (4 * step));
  m |= (gen & pro) >> step;
  return (m[0] | m[1] | m[2] | m[3]) & ~(own | opp);
}
#endif

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
E10_INLINE void readImage(const char* t, uint64_t o, uint64_t p, int* sum) {
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
E10_INLINE int patternScore(const Weights& w, uint64_t own, uint64_t opp, int mobility) {
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

/// The ideas of the solver on masks, each of which can be switched off alone: Search's
/// last template parameter is the sum of those switched off (0, the default: all on).
/// Step 09's four change only the work a node costs (step 09's tests check that the
/// nodes stay the same); this step's own IDEA_STABLE cuts nodes and never a score,
/// IDEA_STABLE_MARGIN spends less on it for a few more nodes, IDEA_STABLE_ORDER orders
/// the moves by the stable discs they make, IDEA_SHALLOW_TABLE trades a few nodes for
/// faster probes, IDEA_SHORT_PRESEARCH spends less before the passes,
/// IDEA_MULTIPLY_KEY less on each child's key (other keys: other buckets, a few other nodes),
/// IDEA_SORT_MOBILITY orders the moves far from the end by the replies they leave too,
/// and IDEA_LZCNT finds flips in fewer instructions on AVX-512 (the same nodes).
enum Idea {
  IDEA_FLIP_LIST = 1,  ///< Off: the search loop finds each child's flips again (step 08 played each child twice).
  IDEA_NEIGHBOURS = 2, ///< Off: the flips of every empty square are worked out, even with no opponent disc next to it.
  IDEA_LAST_FOUR = 4,  ///< Off: the shallow solver down to two empty squares, then the last one counted (step 08's).
  IDEA_RAYS = 8,       ///< Off: a move's flips by stage 09's fills from its square, not along its rays.
  IDEA_STABLE = 16,    ///< Off: no bound from the opponent's stable discs.
  IDEA_MASK_SEARCH = 32,  ///< Off: solve()'s midgame searches on G's board, written cell by cell (step 09's way).
  IDEA_POPCOUNT = 64,     ///< Off: the solver counts bits by shifts and adds (bitCount) on x86-64 too, not by POPCNT (but spreadCount).
  IDEA_LANES = 128,       ///< Off: on x86-64 too, moves by stage 09's fills, flips ray by ray, stable discs line by line.
  IDEA_SHALLOW_TABLE = 256,  ///< Off: one table for every position, none apart for SHALLOW_TABLE_MAX empties or fewer.
  IDEA_STABLE_MARGIN = 512,  ///< Off: the bound worked out wherever it could cut (no STABLE_MARGIN), every round to the end.
  IDEA_STABLE_ORDER = 1024,  ///< Off: the fastest-first key without stableOrder's term (step 09's key).
  IDEA_SHORT_PRESEARCH = 2048,  ///< Off: the root's pre-search up to PRESEARCH_MAX plies (step 09's), not SHORT_PRESEARCH.
  IDEA_MULTIPLY_KEY = 4096,     ///< Off: Zobrist keys, a child's from its parent's (keyAfter), not positionKey.
  IDEA_SORT_MOBILITY = 8192,    ///< Off: the shallow search's score alone orders the moves from SORT_SEARCH (step 09's key).
  IDEA_LZCNT = 16384            ///< Off: on AVX-512 too, the flips down the board by rayFlipsInLanes's spreads.
};

/**
 * @brief The quadrant of a square: bit 0 for the right half, bit 1 for the bottom.
 * @param sq the square, y * 8 + x
 * @return 0..3
 */
constexpr uint8_t quadrant(uint8_t sq) { return uint8_t(((sq >> 2) & 1) | ((sq >> 4) & 2)); }

/// Row y of QUADRANT_BIT (a macro: a C++11 constant expression has no loop).
#define E10_QUADRANT_ROW(y)                                                                               \
  uint8_t(1 << quadrant(8 * y)), uint8_t(1 << quadrant(8 * y + 1)), uint8_t(1 << quadrant(8 * y + 2)),   \
      uint8_t(1 << quadrant(8 * y + 3)), uint8_t(1 << quadrant(8 * y + 4)), uint8_t(1 << quadrant(8 * y + 5)), \
      uint8_t(1 << quadrant(8 * y + 6)), uint8_t(1 << quadrant(8 * y + 7))
/// QUADRANT_BIT[sq]: 1 << quadrant(sq), worked out by the compiler and looked up (the
/// solver's hottest loops take it per square: one load, not shifts and masks).
constexpr uint8_t QUADRANT_BIT[64] = {E10_QUADRANT_ROW(0), E10_QUADRANT_ROW(1), E10_QUADRANT_ROW(2), E10_QUADRANT_ROW(3),
                                      E10_QUADRANT_ROW(4), E10_QUADRANT_ROW(5), E10_QUADRANT_ROW(6), E10_QUADRANT_ROW(7)};
#undef E10_QUADRANT_ROW

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
#define E10_AROUND_ROW(y) \
  around(0, y), around(1, y), around(2, y), around(3, y), around(4, y), around(5, y), around(6, y), around(7, y)
/// AROUND[sq]: the squares around sq (bit y * 8 + x), up to eight.
constexpr uint64_t AROUND[64] = {E10_AROUND_ROW(0), E10_AROUND_ROW(1), E10_AROUND_ROW(2), E10_AROUND_ROW(3),
                                 E10_AROUND_ROW(4), E10_AROUND_ROW(5), E10_AROUND_ROW(6), E10_AROUND_ROW(7)};
#undef E10_AROUND_ROW

// The rays: from each square, the squares up to the edge in each of the eight directions
// (also worked out by the compiler). Directions 0-3 run to higher bits (right, down-left,
// down, down-right: +1, +7, +8, +9 a step), 4-7 to lower bits (left, up-right, up,
// up-left).
/**
 * @brief The squares from (x, y), itself left out, to the edge of the board.
 * @param x the square's column, 0..7
 * @param y the square's row, 0..7
 * @param dx the column step, -1, 0 or 1
 * @param dy the row step, -1, 0 or 1
 * @return the ray's mask (0 at the edge)
 */
constexpr uint64_t ray(int x, int y, int dx, int dy) {
  return squareBit(x + dx, y + dy) ? squareBit(x + dx, y + dy) | ray(x + dx, y + dy, dx, dy) : 0;
}
/// The eight rays of (x, y), in the order of RAYS.
#define E10_RAYS(x, y) \
  {ray(x, y, 1, 0), ray(x, y, -1, 1), ray(x, y, 0, 1), ray(x, y, 1, 1), ray(x, y, -1, 0), ray(x, y, 1, -1), ray(x, y, 0, -1), ray(x, y, -1, -1)}
/// Row y of RAYS.
#define E10_RAYS_ROW(y) \
  E10_RAYS(0, y), E10_RAYS(1, y), E10_RAYS(2, y), E10_RAYS(3, y), E10_RAYS(4, y), E10_RAYS(5, y), E10_RAYS(6, y), E10_RAYS(7, y)
/// RAYS[sq][d]: the squares from sq (left out) to the edge in direction d.
constexpr uint64_t RAYS[64][8] = {E10_RAYS_ROW(0), E10_RAYS_ROW(1), E10_RAYS_ROW(2), E10_RAYS_ROW(3),
                                  E10_RAYS_ROW(4), E10_RAYS_ROW(5), E10_RAYS_ROW(6), E10_RAYS_ROW(7)};
#undef E10_RAYS_ROW
#undef E10_RAYS

/// The four lines through square q, q among them, in the lanes' order: its row, its column,
/// its diagonal by 9 and its diagonal by 7 (from the rays: the compiler works them out).
#define E10_LINES(q)                                                                       \
  {RAYS[q][0] | RAYS[q][4] | uint64_t(1) << (q), RAYS[q][2] | RAYS[q][6] | uint64_t(1) << (q), \
   RAYS[q][3] | RAYS[q][7] | uint64_t(1) << (q), RAYS[q][1] | RAYS[q][5] | uint64_t(1) << (q)}
/// Row y of LINES.
#define E10_LINES_ROW(y)                                                                                        \
  E10_LINES(8 * y), E10_LINES(8 * y + 1), E10_LINES(8 * y + 2), E10_LINES(8 * y + 3), E10_LINES(8 * y + 4), \
      E10_LINES(8 * y + 5), E10_LINES(8 * y + 6), E10_LINES(8 * y + 7)
/// LINES[q]: the lines through q (32 bytes, aligned: one load fills four lanes).
alignas(32) constexpr uint64_t LINES[64][4] = {E10_LINES_ROW(0), E10_LINES_ROW(1), E10_LINES_ROW(2), E10_LINES_ROW(3),
                                               E10_LINES_ROW(4), E10_LINES_ROW(5), E10_LINES_ROW(6), E10_LINES_ROW(7)};
#undef E10_LINES_ROW
#undef E10_LINES

/**
 * @brief The discs a move flips along one ray running to higher bits: the run of
 * opponent discs from the move up to the first square that is not the opponent's,
 * when that square is the mover's. That first square is the ray's lowest bit that is
 * not an opponent disc; the run is every ray square below it. (No branch: `end` is that
 * square when it is the mover's, else 0, and end - 1 is every bit below it.)
 * @param r the ray
 * @param own the mover's discs
 * @param opp the opponent's discs
 * @return the flipped discs on this ray (0: none)
 */
E10_INLINE uint64_t flipsUp(uint64_t r, uint64_t own, uint64_t opp) {
  const uint64_t rest = r & ~opp, end = rest & (0 - rest) & own;  // the run's end, if the mover's (else 0)
  return (end - (end != 0)) & r;
}

/**
 * @brief The same along a ray running to lower bits: the first square that is not the
 * opponent's is the ray's highest such bit; the run is every ray square above it.
 * (clz of 0 is undefined, so the highest bit is taken of rest | 1: when the run reaches
 * the edge, that names a1, which is then off the ray or an opponent disc, so never a
 * mover's disc on the ray. No branch, here or up the ray: which way it would go is a
 * coin toss, and a wrong guess costs more than the few instructions.)
 * @param r the ray
 * @param own the mover's discs
 * @param opp the opponent's discs
 * @return the flipped discs on this ray (0: none)
 */
E10_INLINE uint64_t flipsDown(uint64_t r, uint64_t own, uint64_t opp) {
  const uint64_t rest = r & ~opp, first = uint64_t(1) << (63 - __builtin_clzll(rest | 1));
  return r & (0 - ((first & own & r) << 1));
}

/**
 * @brief Every disc a move on the empty square sq flips: the eight rays, each settled by
 * its first square that is not the opponent's (no fill, no loop).
 * @param sq the move's square, empty
 * @param own the mover's discs
 * @param opp the opponent's discs
 * @return the flipped discs; 0 means the move is illegal
 */
E10_INLINE uint64_t rayFlips(uint8_t sq, uint64_t own, uint64_t opp) {
  const uint64_t* r = RAYS[sq];
  return flipsUp(r[0], own, opp) | flipsUp(r[1], own, opp) | flipsUp(r[2], own, opp) | flipsUp(r[3], own, opp) |
         flipsDown(r[4], own, opp) | flipsDown(r[5], own, opp) | flipsDown(r[6], own, opp) | flipsDown(r[7], own, opp);
}

#if E10_X86
/**
 * @brief rayFlips with the rays side by side, a lane each (as in movesInLanes): the four
 * up the board by flipsUp's few operations, once for the four. Down the board a run ends
 * at a ray's highest bit that is not the opponent's, and AVX2 has no count of leading
 * zeros by lane to find it: so each lane marks the ray's squares beyond any such square
 * (three shifts along the ray, doubling), and the run is the squares before the nearest.
 * The same flips as rayFlips (the tests compare them).
 * @param sq the move's square, empty
 * @param own the mover's discs
 * @param opp the opponent's discs
 * @return the flipped discs; 0 means the move is illegal
 */
E10_INLINE uint64_t rayFlipsInLanes(uint8_t sq, uint64_t own, uint64_t opp) {
  const uint64_t* r = RAYS[sq];
  Lanes4 up;
  __builtin_memcpy(&up, r, sizeof up);  // RAYS[sq][0..3]
  const Lanes4 mine = {own, own, own, own}, theirs = {opp, opp, opp, opp};
  const Lanes4 rest = up & ~theirs, end = rest & -rest & mine;  // each run's end, if the mover's
  const Lanes4 f = (end + (end != 0)) & up;  // end - 1 where end is not 0 (a true compare is -1)
  Lanes4 down;
  __builtin_memcpy(&down, r + 4, sizeof down);  // RAYS[sq][4..7]: steps -1, -7, -8, -9
  const Lanes4 step = {1, 7, 8, 9};
  const Lanes4 open = down & ~theirs;  // the ray's squares that are not the opponent's
  Lanes4 past = open | (open >> step);  // those and every square beyond one of them (a bit
  past |= past >> (2 * step);           // pushed off the ray is never a ray square again:
  past |= past >> (4 * step);           // the & down below drops it)
  const Lanes4 nearest = open & ~(past >> step);
  const Lanes4 g = ((nearest & mine) != 0) & down & ~past;  // the run before it, if it is the mover's
  const Lanes4 both = f | g;
  return both[0] | both[1] | both[2] | both[3];
}

/// Does this CPU count leading zeros lane by lane (AVX512CD, on 256-bit lanes: AVX512VL)?
/// Every x86-64-v4 CPU does (Intel's Skylake-SP and later servers, AMD's Zen 4).
inline const bool CPU_HAS_LZCNT_LANES =
    (__builtin_cpu_init(), __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512vl"));

/**
 * @brief rayFlipsInLanes where AVX-512 counts leading zeros by lane: down the board, a
 * ray's nearest square that is not the opponent's is its highest such bit, found in one
 * count and one shift (a lane with none shifts the top bit out: 0), where
 * rayFlipsInLanes spreads each lane three times. Then flipsDown's run, four lanes at once.
 * Inlined into the solver's x86-64-v4 copy; the other copies never call it (the program
 * picks the v4 copy on every CPU that has it). The same flips (the tests compare them).
 * @param sq the move's square, empty
 * @param own the mover's discs
 * @param opp the opponent's discs
 * @return the flipped discs; 0 means the move is illegal
 */
__attribute__((target("avx512vl,avx512cd"))) inline uint64_t rayFlipsByLzcnt(uint8_t sq, uint64_t own, uint64_t opp) {
  const uint64_t* r = RAYS[sq];
  Lanes4 up, down;
  __builtin_memcpy(&up, r, sizeof up);        // RAYS[sq][0..3]
  __builtin_memcpy(&down, r + 4, sizeof down);  // RAYS[sq][4..7]
  const Lanes4 mine = {own, own, own, own}, theirs = {opp, opp, opp, opp};
  const Lanes4 rest = up & ~theirs, end = rest & -rest & mine;  // as rayFlipsInLanes
  const Lanes4 f = (end + (end != 0)) & up;
  const Lanes4 top = {uint64_t(1) << 63, uint64_t(1) << 63, uint64_t(1) << 63, uint64_t(1) << 63};
  const Lanes4 open = down & ~theirs;
  const Lanes4 nearest = Lanes4(_mm256_srlv_epi64(__m256i(top), _mm256_lzcnt_epi64(__m256i(open))));
  const Lanes4 both = f | (down & (0 - ((nearest & mine) << 1)));  // flipsDown's run
  return both[0] | both[1] | both[2] | both[3];
}
#endif

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
    const uint64_t more = stable | (p & (h | ((stable << 1) & ~FILE_A) | ((stable >> 1) & ~FILE_H)) &
                                    (v | (stable << 8) | (stable >> 8)) &
                                    (d | ((stable << 9) & ~FILE_A) | ((stable >> 9) & ~FILE_H)) &
                                    (a | ((stable << 7) & ~FILE_H) | ((stable >> 7) & ~FILE_A)));
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

#if E10_X86
/**
 * @brief spreadStable with the four directions side by side, a lane each: each round of
 * the spread from stable neighbours along the four lines at once.
 * @param p the discs asked about
 * @param lines the squares safe along their row, column, diagonal by 9 and by 7, a lane each
 * @param need the discs that are enough (as spreadStable's)
 * @return the discs of p found stable: all of them, or at least `need`
 */
E10_INLINE uint64_t spreadStableInLanes(uint64_t p, const Lanes4& lines, int need = 65) {
  // a neighbour on the line that is stable makes the line safe: rows, columns, diagonals
  // (no mask for a step across the board's edge, as stableDiscs has: such a step lands on
  // a square of file a or h, safe already along rows and both diagonals)
  const Lanes4 step = {1, 8, 9, 7};
  uint64_t stable = p & lines[0] & lines[1] & lines[2] & lines[3];
  for (;;) {
    const Lanes4 s = {stable, stable, stable, stable};
    const Lanes4 safe = lines | (s << step) | (s >> step);
    const uint64_t more = stable | (p & safe[0] & safe[1] & safe[2] & safe[3]);
    if (more == stable || spreadCount(more) >= need) return more;
    stable = more;
  }
}

/**
 * @brief stableDiscs with the four lines side by side, a lane each (as movesInLanes):
 * the diagonals' runs to the edge, both ways, in four lanes at once (fullLines's
 * doubling), then each round of the spread from stable neighbours along the four lines
 * at once. The same discs as stableDiscs (the tests compare them).
 * @param p the discs asked about
 * @param o the other colour's discs
 * @param need the discs that are enough (see spreadStable; default: all)
 * @return the discs of p found stable
 */
E10_INLINE uint64_t stableDiscsInLanes(uint64_t p, uint64_t o, int need = 65) {
  const uint64_t occ = p | o, FILE_A = 0x0101010101010101ULL, FILE_H = FILE_A << 7;
  const uint64_t RANK1 = 0xFF, RANK8 = RANK1 << 56, RANKS18 = RANK1 | RANK8, BORDER = FILE_A | FILE_H | RANKS18;
  // the diagonals' runs to the edge: up by 9, down by 9, up by 7, down by 7 (each lane
  // shifts one way: the other count is 0)
  const Lanes4 right = {9, 0, 7, 0}, left = {0, 9, 0, 7};
  Lanes4 full = {occ, occ, occ, occ}, ends = {FILE_H | RANK8, FILE_A | RANK1, FILE_A | RANK8, FILE_H | RANK1};
  for (int k = 1; k <= 4; k *= 2) {
    full &= ends | ((full >> (right * k)) << (left * k));
    ends |= (ends >> (right * k)) << (left * k);
  }
  const Lanes4 lines = {fullRows(occ) | FILE_A | FILE_H, fullColumns(occ) | RANKS18, (full[0] & full[1]) | BORDER,
                        (full[2] & full[3]) | BORDER};
  return spreadStableInLanes(p, lines, need);
}

/**
 * @brief stableDiscsFew in lanes: the lines through each empty square in one load. The
 * same discs as stableDiscs.
 * @param p the discs asked about
 * @param empty the empty squares
 * @param need the discs that are enough (see spreadStable; default: all)
 * @return the discs of p found stable
 */
E10_INLINE uint64_t stableDiscsFewInLanes(uint64_t p, uint64_t empty, int need = 65) {
  const uint64_t FILE_A = 0x0101010101010101ULL, FILE_H = FILE_A << 7;
  const uint64_t RANKS18 = 0xFF000000000000FFULL, BORDER = FILE_A | FILE_H | RANKS18;
  Lanes4 open = {0, 0, 0, 0};  // the squares whose line has an empty square, a lane a direction
  for (; empty; empty &= empty - 1) {
    Lanes4 l;
    __builtin_memcpy(&l, LINES[__builtin_ctzll(empty)], sizeof l);  // (one aligned load)
    open |= l;
  }
  const Lanes4 edges = {FILE_A | FILE_H, RANKS18, BORDER, BORDER};
  return spreadStableInLanes(p, ~open | edges, need);
}
#endif

/// What the table remembers of one position (16 bytes: a bucket of BUCKET slots is 64,
/// one cache line when the pool is aligned to 64 bytes).
struct Slot {
  uint64_t key;    ///< The position's whole key (Search::hashKey).
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
   * @param key the position's key (Search::hashKey)
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
   * @param key the position's key (Search::hashKey)
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
  typedef e10::Slot Entry;  ///< The slot type of its pool.

  BucketTable() : slots_(0), buckets_(0) {}

  /**
   * @brief Takes a pool of slots and empties it.
   * @param slots the pool
   * @param count slots in the pool (at least BUCKET)
   */
  void init(Slot* slots, uint32_t count) {
    slots_ = slots;
    buckets_ = count / BUCKET;  // any number: the pool's rest after the shallow table is one too
    clear();
  }
  /// Empties every slot.
  void clear() {
    for (uint32_t i = 0; i < buckets_ * BUCKET; i++) slots_[i].depth = 0;
  }
  /**
   * @brief Looks a position up.
   * @param key the position's key (Search::hashKey)
   * @return its slot, or 0 if it is not stored
   */
  Slot* find(uint64_t key) {
    if (!slots_) return 0;
    Slot* s = bucket(key);
    for (int i = 0; i < BUCKET; i++)
      if (s[i].key == key && s[i].depth != 0) return &s[i];  // (the key first: it rarely matches, a branch easy to guess)
    return 0;
  }
  /// @brief Asks the memory for a position's bucket ahead of a find. @param key its key
  void prefetch(uint64_t key) const {
#if defined(__GNUC__)
    if (slots_) __builtin_prefetch(bucket(key));
#else
    (void)key;
#endif
  }
  /**
   * @brief A slot to store a position in.
   * @param key the position's key (Search::hashKey)
   * @return its own slot if stored, else the bucket's shallowest (its old content lost);
   *         0 without a pool
   */
  Slot* store(uint64_t key) {
    if (!slots_) return 0;
    Slot* s = bucket(key);
    Slot* victim = s;
    for (int i = 0; i < BUCKET; i++) {
      if (s[i].key == key && s[i].depth != 0) return &s[i];  // (the key first: it rarely matches, a branch easy to guess)
      if (s[i].depth < victim->depth) victim = &s[i];  // a free slot has depth 0
    }
    victim->key = key;
    victim->depth = 0;  // a new slot: nothing stored yet (solveDeep merges only with an old one)
    return victim;
  }

 private:
  // A key's bucket: the key's top 32 bits, a fraction of 2^32, times the buckets (a
  // multiply, not a mask: the number of buckets need not be a power of two).
  Slot* bucket(uint64_t key) const { return &slots_[uint32_t((uint64_t(uint32_t(key >> 32)) * buckets_) >> 32) * BUCKET]; }

  Slot* slots_;
  uint32_t buckets_;
};

/// A position as two masks, for the midgame searches solve() asks (see Search::pvs).
struct Masks {
  uint64_t stones[3];  ///< The discs of each colour: [WHITE], [BLACK] ([EMPTY] unused, 0).
};

/**
 * @brief The masks of a position.
 * @param own the side to move's discs
 * @param opp the opponent's discs
 * @param me the colour of `own`, WHITE or BLACK
 * @return the masks, by colour
 */
inline Masks masks(uint64_t own, uint64_t opp, uint8_t me) {
  Masks m;
  m.stones[EMPTY] = 0;
  m.stones[me] = own;
  m.stones[3 - me] = opp;
  return m;
}

/// What a search found.
struct Result {
  int score;             ///< For the side to move, in 1/DISC discs (exact: difference * DISC).
  uint8_t best;          ///< Best move: square 0..63, PASS, or NO_MOVE if the game is over.
  uint8_t pv[PV_PLIES];  ///< Principal variation: best, then the expected replies.
  uint8_t pvLength;      ///< Moves in pv.
  uint64_t nodes;        ///< Positions visited (each call of the search, leaves too).
};

/**
 * @brief PVS with a transposition table, and an exact endgame solver, over the move
 * generator G.
 * @tparam G the move generator (see the file comment)
 * @tparam Table BucketTable (the default) or ChainedTable (the article's); the page compares them
 * @tparam Off the ideas switched off, a sum of Idea values (0: every idea on)
 */
template <class G, class Table = BucketTable, unsigned Off = 0>
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
    // a disc flipped on sq: both colours' numbers XORed; four squares at a time, each
    // set of them the number of its lowest square XOR the rest's
    for (int q = 0; q < 16; q++) {
      flipNibble_[q][0] = 0;
      for (int bits = 1; bits < 16; bits++) {
        const int sq = q * 4 + __builtin_ctz(unsigned(bits));
        flipNibble_[q][bits] = flipNibble_[q][bits & (bits - 1)] ^ zobrist_[WHITE][sq] ^ zobrist_[BLACK][sq];
      }
    }
  }
  /// Not copyable: a copy's table would point into the searcher it was copied from.
  Search(const Search&) = delete;
  /// Not copyable either.
  Search& operator=(const Search&) = delete;


  /**
   * @brief Lends the table its memory; without it the search keeps no table.
   *
   * The solver's positions with SHALLOW_TABLE_MAX empties or fewer (most of those it
   * keeps) get a table of their own at the pool's start: a sixteenth of the pool, at most
   * SHALLOW_TABLE_SLOTS, the size of the core's L2 cache, so that their probes
   * (a node's own, and its parent's look-ups of its children) seldom wait for main
   * memory. The rest of the pool is the table of everything else. (Off, or a pool too
   * small to share: one table.)
   * @param slots a pool of `count` slots, which the searcher owns until it is destroyed
   * @param count slots in the pool (at least BUCKET)
   */
  void useTable(Slot* slots, uint32_t count) {
    uint32_t shallow = count / SHALLOW_TABLE_SHARE;
    if (shallow > SHALLOW_TABLE_SLOTS) shallow = SHALLOW_TABLE_SLOTS;
    shallow -= shallow % BUCKET;
    if (!on(IDEA_SHALLOW_TABLE) || shallow == 0) {  // one table for all
      table_.init(slots, count);
      shallow_ = &table_;
      return;
    }
    ownShallow_.init(slots, shallow);
    table_.init(slots + shallow, count - shallow);
    shallow_ = &ownShallow_;
  }

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
  Result search(const Board& b, uint8_t me, int depth) {
    const Result r = deepen(b, me, depth, depth);
    rethrowIfGivenUp();
    return r;
  }

  /**
   * @brief The same search on two masks, as solve() runs its midgame searches: the same
   * moves in the same order, so the same result and nodes as on G's board.
   * @param own the side to move's discs (bit y * 8 + x)
   * @param opp the opponent's discs
   * @param me the side to move, WHITE or BLACK (the colour of `own`)
   * @param depth plies to look ahead (a pass counts as one); EXACT_DEPTH solves
   * @return the score, the best move, the principal variation and the node count
   */
  Result search(uint64_t own, uint64_t opp, uint8_t me, int depth) {
    const Result r = deepen(masks(own, opp, me), me, depth, depth);
    rethrowIfGivenUp();
    return r;
  }

  /**
   * @brief The exact result: every line followed to the end of the game.
   * @param b the position
   * @param me the side to move, WHITE or BLACK
   * @return score = final disc difference * DISC, with the best move and the PV
   */
  Result solve(const Board& b, uint8_t me) {
    const int empties = countEmpties(b);
    // The cells, read once: the masks, and the list of empty squares.
    uint64_t own = 0, opp = 0;
    int discs = 0;
    // the list of empty squares: next_/prev_ links, 64 is the list's ends
    next_[64] = prev_[64] = 64;
    parity_ = 0;
    for (int i = 0; i < 64; i++) {
      const uint8_t sq = SQUARE_ORDER[i];
      const uint8_t c = G::cell(b, sq & 7, sq >> 3);
      if (c == EMPTY) {
        prev_[sq] = prev_[64];
        next_[sq] = 64;
        next_[prev_[64]] = sq;
        prev_[64] = sq;
        parity_ ^= QUADRANT_BIT[sq];
      } else if (c == me) {
        own |= bit(sq);
        discs++;
      } else {
        opp |= bit(sq);
        discs--;
      }
    }
    // A shallow midgame search first, on the masks, for the root's move order (and the table's)...
    const int most = on(IDEA_SHORT_PRESEARCH) ? SHORT_PRESEARCH : PRESEARCH_MAX;  // plies at most
    const int ahead = empties - SOLVE_FROM > most ? most : empties - SOLVE_FROM;
    root_ = b;
    Result r = on(IDEA_MASK_SEARCH) ? deepen(masks(own, opp, me), me, ahead > 0 ? ahead : 0, -1)
                                    : deepen(b, me, ahead > 0 ? ahead : 0, -1);
    rethrowIfGivenUp();
    const uint64_t shallowNodes = r.nodes;
    // ...then the exact search, in whole discs.
    nodes_ = 0;
    rootBest_ = r.best;
    // The selective passes, then the exact one, as in step 08.
    const uint64_t key = hashKey(masks(own, opp, me), me);  // (from the masks read above, not the cells again)
    level_ = empties >= selectiveFrom_ ? 0 : EXACT_LEVEL;
    for (bool first = true; level_ <= EXACT_LEVEL; level_++, first = false) {
      int score;
      const int guess = r.score / DISC;
      if (!first) {  // the previous pass's score, give or take ASPIRATION
        score = solveNext(own, opp, me, guess - ASPIRATION, guess + ASPIRATION, discs, empties, 0, key);
        if (score <= guess - ASPIRATION || score >= guess + ASPIRATION) score = solveNext(own, opp, me, -65, 65, discs, empties, 0, key);
      } else {
        score = solveNext(own, opp, me, -65, 65, discs, empties, 0, key);  // wider than any score: every move raises alpha
      }
      rethrowIfGivenUp();
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
    return predict(own, opp, mine - theirs);
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
   * @brief The table's key of a position (positionKey; with IDEA_MULTIPLY_KEY off, the
   * Zobrist key: one random number per (colour, square) of each stone, XORed, and one
   * more when white is to move).
   * @param b the position
   * @param me the side to move
   * @return the key
   */
  uint64_t hashKey(const Board& b, uint8_t me) const {
    if (on(IDEA_MULTIPLY_KEY)) {
      uint64_t own = 0, opp = 0;
      for (int sq = 0; sq < 64; sq++) {
        const uint8_t c = G::cell(b, sq & 7, sq >> 3);
        own |= uint64_t(c == me) << sq;
        opp |= uint64_t(c == 3 - me) << sq;
      }
      return positionKey(own, opp);
    }
    uint64_t k = me == WHITE ? whiteToMove_ : 0;
    for (int sq = 0; sq < 64; sq++) k ^= zobrist_[G::cell(b, sq & 7, sq >> 3)][sq];  // no branch
    return k;
  }

  /**
   * @brief The table's key of a position from its two masks. Each mask's top bits are
   * folded into its lower ones (a multiplication carries only upwards), each is then
   * multiplied by an odd constant of its own (a different number for every mask), the
   * opponent's turned half a word, the two XORed, then mixed by a multiplication and two
   * shifts: one disc more changes about half of the key's top bits, which pick the
   * bucket, whatever its square. Three multiplications a child, where a Zobrist key takes
   * a load for each four squares a move changes (keyAfter: sixteen). The key names the
   * side to move's discs, not a colour: a position and its colours swapped, the other
   * side to move, share a key, and a score (the mover's).
   * @param own the side to move's discs @param opp the opponent's
   * @return the key
   */
  E10_INLINE static uint64_t positionKey(uint64_t own, uint64_t opp) {
    const uint64_t a = (own ^ own >> 29) * 0x9E3779B97F4A7C15ULL, c = (opp ^ opp >> 29) * 0xC2B2AE3D27D4EB4FULL;
    uint64_t h = a ^ ((c << 32) | (c >> 32));
    h ^= h >> 32;
    h *= 0xD6E8FEB86659FD93ULL;
    return h ^ (h >> 29);
  }

  /**
   * @brief The key after the move at sq that flips `f`: the side to move changes, a
   * stone appears on sq, each flipped stone changes colour (one number per square, both
   * colours' XORed). Read four squares at a time (flipNibble_): sixteen loads, and no
   * loop whose end, after 1 to 18 flips, no predictor can guess.
   * @param key the key before the move @param sq the move @param me the side moving
   * @param f the discs it flips
   * @return the key of the position after it
   */
  uint64_t keyAfter(uint64_t key, uint8_t sq, uint8_t me, uint64_t f) const {
    key ^= whiteToMove_ ^ zobrist_[me][sq];
    for (int q = 0; q < 16; q++) key ^= flipNibble_[q][(f >> 4 * q) & 0xF];
    return key;
  }


 private:
  // Is this idea on in this instantiation? (A constant: the compiler drops the dead branch.)
  static bool on(unsigned idea) { return (Off & idea) == 0; }

  // Counts a node and, every 4096 nodes, calls idle. True once the search is given up.
  // GCC 12 lets no exception pass through a function compiled by target_clones (it takes
  // such a call for one that cannot throw), and the time control gives a search up by
  // throwing from idle. So on x86-64 the exception is caught here and kept, the solver
  // returns at once, level by level (stopped()), and solve() or search() throws it again.
  E10_INLINE bool tick() {
#if E10_X86
    try {
      if ((++nodes_ & 4095) == 0 && idle) idle();
    } catch (...) {
      thrown_ = std::current_exception();
      givenUp_ = true;
    }
#else
    if ((++nodes_ & 4095) == 0 && idle) idle();
#endif
    return stopped();
  }
  E10_INLINE bool stopped() const {
#if E10_X86
    return givenUp_;  // (a bool: comparing thrown_ itself costs a call's worth on every node)
#else
    return false;  // (an exception from idle, if any, passes through on its own)
#endif
  }
  // At a public entry, after the search: the exception idle threw, if any, thrown again.
  void rethrowIfGivenUp() {
#if E10_X86
    if (thrown_) {
      const std::exception_ptr e = thrown_;
      thrown_ = nullptr;
      givenUp_ = false;
      std::rethrow_exception(e);
    }
#endif
  }

  // The bits set in m: on x86-64 the compiler's builtin, one POPCNT instruction in the
  // x86-64-v3 copy of the solver (E10_CLONES; in the other copy, a call to the library's
  // count); elsewhere bitCount's shifts and adds. The same number either way.
  E10_INLINE static int countBits(uint64_t m) {
#if E10_X86
    if (on(IDEA_POPCOUNT)) return __builtin_popcountll(m);
#endif
    return bitCount(m);
  }

  // The squares where the side owning `own` can play: four directions side by side
  // (movesInLanes) on a CPU with AVX2, else stage 09's fills. The same mask.
  E10_INLINE static uint64_t movesOf(uint64_t own, uint64_t opp) {
#if E10_X86
    if (on(IDEA_LANES) && CPU_HAS_AVX2) return movesInLanes(own, opp);
#endif
    return s09::moveMask(own, opp);
  }

  // The pattern evaluation of the masks, within +-EVAL_LIMIT.
  E10_INLINE static int predict(uint64_t own, uint64_t opp, int mobility) {
    const int s = patternScore(*weights, own, opp, mobility);
    return s > EVAL_LIMIT ? EVAL_LIMIT : s < -EVAL_LIMIT ? -EVAL_LIMIT : s;
  }

  // ---- The solver's midgame searches on masks ------------------------------------
  //
  // solve() asks pvs for midgame searches: its root's pre-search, ProbCut's, the
  // ordering's. On G's board, each one wrote the 64 cells of a board and read them back
  // at every leaf (a branch per cell, its way a coin toss). pvs is a template over the
  // position: G's board (search()) or Masks (solve()), with the same moves in the
  // same order (square order), the same evaluation and the same keys, so the same nodes.
  static int listMoves(const Board& b, uint8_t me, uint8_t* out) { return G::legalMoves(b, me, out); }
  E10_INLINE static int listMoves(const Masks& m, uint8_t me, uint8_t* out) {
    int n = 0;
    for (uint64_t l = movesOf(m.stones[me], m.stones[3 - me]); l; l &= l - 1) out[n++] = uint8_t(__builtin_ctzll(l));
    return n;
  }
  static void playMove(Board& b, uint8_t sq, uint8_t me) { G::play(b, sq & 7, sq >> 3, me); }
  E10_INLINE static void playMove(Masks& m, uint8_t sq, uint8_t me) {
    const uint64_t f = flips(sq, m.stones[me], m.stones[3 - me]);
    m.stones[me] ^= f | bit(sq);
    m.stones[3 - me] ^= f;
  }
  E10_INLINE static int evaluate(const Masks& m, uint8_t me) {
    const uint64_t own = m.stones[me], opp = m.stones[3 - me];
    const int mine = countBits(movesOf(own, opp)), theirs = countBits(movesOf(opp, own));
    if (mine == 0 && theirs == 0) return finalScore(m, me);
    return predict(own, opp, mine - theirs);
  }
  E10_INLINE static int finalScore(const Masks& m, uint8_t me) {
    const int own = countBits(m.stones[me]), opp = countBits(m.stones[3 - me]);
    return DISC * finalDiscs(own - opp, 64 - own - opp);
  }
  E10_INLINE uint64_t hashKey(const Masks& m, uint8_t me) const {
    if (on(IDEA_MULTIPLY_KEY)) return positionKey(m.stones[me], m.stones[3 - me]);
    uint64_t k = me == WHITE ? whiteToMove_ : 0;
    for (int c = WHITE; c <= BLACK; c++)
      for (uint64_t s = m.stones[c]; s; s &= s - 1) k ^= zobrist_[c][__builtin_ctzll(s)];
    return k;
  }

  // Iterative deepening: depths 1, 2, ... up to `last`, then `final` (if deeper); the
  // root tries the previous iteration's best move first.
  template <class P>  // P: G's board, or Masks
  Result deepen(const P& b, uint8_t me, int last, int final) {
    nodes_ = 0;
    table_.clear();  // every search starts afresh, so its node count depends on nothing before
    if (shallow_ != &table_) shallow_->clear();
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
      if (!stopped() && (r.score <= alpha || r.score >= beta)) r.score = pvs(b, me, depth, 0, -INF, INF, empties);  // missed
      if (stopped()) return r;
      r.pvLength = pvLength_[0];
      for (int i = 0; i < r.pvLength; i++) r.pv[i] = pv_[0][i];
      r.best = r.pvLength > 0 ? r.pv[0] : NO_MOVE;
      rootBest_ = r.best;
      if ((d >= last && depth >= final) || !horizon_) break;  // done, or already exact
    }
    r.nodes = nodes_;
    return r;
  }

  // ---- The exact endgame on masks: this step's idea ------------------------------
  //
  // A position is two masks: `own`, the side to move's discs, and `opp`, the opponent's
  // (bit y * 8 + x). Scores in whole discs, `discs` = own minus opponent's; `me` (the
  // colour of `own`) only picks the colour a G board gets (and, with IDEA_MULTIPLY_KEY
  // off, the Zobrist numbers).

  static uint64_t bit(uint8_t sq) { return uint64_t(1) << sq; }

  // The final score when neither side can move: the winner takes the empty squares.
  static int finalDiscs(int discs, int empties) {
    return discs > 0 ? discs + empties : discs < 0 ? discs - empties : 0;
  }

  // The discs a move on the empty square sq flips (0: it flips none, an illegal move).
  // A square with no opponent disc next to it flips none: one AND says so, before the
  // eight fills.
  E10_INLINE static uint64_t flipsAt(uint8_t sq, uint64_t own, uint64_t opp) {
    if (on(IDEA_NEIGHBOURS) && (AROUND[sq] & opp) == 0) return 0;
    return flips(sq, own, opp);
  }

  // The discs a move at sq flips: along its rays (four at a time on a CPU with AVX2, those
  // down the board by a count of leading zeros on AVX-512), or by stage 09's fills.
  E10_INLINE static uint64_t flips(uint8_t sq, uint64_t own, uint64_t opp) {
    if (!on(IDEA_RAYS)) return s09::flips(bit(sq), own, opp);
#if E10_X86
    if (on(IDEA_LANES) && on(IDEA_LZCNT) && CPU_HAS_LZCNT_LANES) return rayFlipsByLzcnt(sq, own, opp);
    if (on(IDEA_LANES) && CPU_HAS_AVX2) return rayFlipsInLanes(sq, own, opp);
#endif
    return rayFlips(sq, own, opp);
  }


  // A midgame search the solver asks (ProbCut's, the ordering's): pvs on the masks, or,
  // with IDEA_MASK_SEARCH off, on G's board: the root's, every square set again.
  int midgame(uint64_t own, uint64_t opp, uint8_t me, int depth, int ply, int alpha, int beta, int empties) {
    if (on(IDEA_MASK_SEARCH)) return pvs(masks(own, opp, me), me, depth, ply, alpha, beta, empties);
    Board b = root_;
    for (int sq = 0; sq < 64; sq++)
      G::setCell(b, sq & 7, sq >> 3, (own >> sq) & 1 ? me : (opp >> sq) & 1 ? uint8_t(3 - me) : EMPTY);
    return pvs(b, me, depth, ply, alpha, beta, empties);
  }

  // The opponent's stable discs stay theirs, so the side to move ends at most 64 minus
  // twice their number ahead. True when that bound (put in *most) is alpha or less: the
  // node fails low without a move. Worked out only when it is likely to cut: were all the
  // opponent's discs stable, alpha or less by STABLE_MARGIN; and only until the discs
  // found are enough.
  E10_INLINE static bool failsLow(uint64_t own, uint64_t opp, int alpha, int empties, int* most) {
    const bool cheap = on(IDEA_STABLE_MARGIN);
    const int margin = cheap ? STABLE_MARGIN[empties < 6 ? empties : 6] : 0;
    if (!on(IDEA_STABLE) || alpha < 64 - 2 * countBits(opp) + margin) return false;
    *most = 64 - 2 * countBits(stableOf(opp, own, empties, cheap ? (65 - alpha) / 2 : 65));  // (enough: 64 - 2 * need <= alpha)
    return *most <= alpha;
  }

  // The stable discs of p (all of them, or `need` at least): four lines at a time where
  // the lanes are (as movesOf); in the shallow solvers (empties: ENDGAME_SHALLOW or
  // fewer), the full lines read off the empty squares' lines, not filled.
  E10_INLINE static uint64_t stableOf(uint64_t p, uint64_t o, int empties, int need) {
    const bool few = empties <= ENDGAME_SHALLOW;
#if E10_X86
    if (on(IDEA_LANES) && CPU_HAS_AVX2) return few ? stableDiscsFewInLanes(p, ~(p | o), need) : stableDiscsInLanes(p, o, need);
#endif
    return few ? stableDiscsFew(p, ~(p | o), need) : stableDiscs(p, o, need);
  }

  void removeEmpty(uint8_t sq) {
    next_[prev_[sq]] = next_[sq];
    prev_[next_[sq]] = prev_[sq];
    parity_ ^= QUADRANT_BIT[sq];
  }
  void restoreEmpty(uint8_t sq) {  // the links of sq itself were left as they were
    next_[prev_[sq]] = sq;
    prev_[next_[sq]] = sq;
    parity_ ^= QUADRANT_BIT[sq];
  }

  // The round of the shallow solver that tries sq (as step 08): odd quadrants first
  // (parity), and within each, isolated squares (no empty neighbour) first.
  static int shallowRound(uint8_t sq, uint8_t parity, uint64_t empty) {
    return ((parity & QUADRANT_BIT[sq]) == 0 ? 2 : 0) + ((empty & AROUND[sq]) != 0);
  }

  // Can the side owning `own` move on one of the n empty squares listed, a byte each?
  E10_INLINE static bool canMove(uint64_t own, uint64_t opp, uint64_t squares, int n) {
    for (int i = 0; i < n; i++)
      if (flipsAt(uint8_t(squares >> 8 * i), own, opp)) return true;
    return false;
  }

  // The shallow solvers' order (step 08's rounds, then the list's order) as numbers: an
  // entry is a square (bits 0-7), its place in the list (8-10) and its round (11-12).
  static int entry(uint8_t sq, int place, int round) { return sq | place << 8 | round << 11; }
  // Sorts N entries (3 to 5) by a network: fixed compare-and-swaps, no branch to guess.
  template <int N>
  static void sortEntries(int* e) {
    static_assert(N >= 3 && N <= 5, "a network for 3, 4 or 5 entries");
    if (N == 3) {
      sortPair(e[0], e[1]), sortPair(e[1], e[2]), sortPair(e[0], e[1]);
    } else if (N == 4) {
      sortPair(e[0], e[1]), sortPair(e[2], e[3]), sortPair(e[0], e[2]), sortPair(e[1], e[3]), sortPair(e[1], e[2]);
    } else {
      sortPair(e[0], e[1]), sortPair(e[3], e[4]), sortPair(e[2], e[4]), sortPair(e[2], e[3]), sortPair(e[0], e[3]);
      sortPair(e[0], e[2]), sortPair(e[1], e[4]), sortPair(e[1], e[3]), sortPair(e[1], e[2]);
    }
  }
  // Puts a and b in ascending order (a compare and two moves the compiler makes branchless).
  static void sortPair(int& a, int& b) {
    const int low = a < b ? a : b;
    b = a < b ? b : a;
    a = low;
  }
  // The list (a byte a square) without the square of entry e: the bytes above its place
  // moved down one, the list's order kept.
  template <class List>
  static List without(List squares, int e) {
    const List below = (List(1) << 8 * ((e >> 8) & 7)) - 1;
    return (squares & below) | ((squares >> 8) & ~below);
  }

  // One empty square left: the side to move plays it if it can, else the opponent.
  E10_INLINE int solveLast(uint64_t own, uint64_t opp, int discs, int ply, bool pvNode) {
    nodes_++;
    const uint8_t sq = lastSquare(own, opp);
    uint64_t f = flipsAt(sq, own, opp);
    if (f) {
      if (pvNode) setPv(ply, sq, NO_MOVE);
      return discs + 2 * countBits(f) + 1;
    }
    f = flipsAt(sq, opp, own);
    if (f) {
      if (pvNode) setPv(ply, PASS, sq);
      return discs - 2 * countBits(f) - 1;
    }
    if (pvNode) setPv(ply, NO_MOVE, NO_MOVE);
    return finalDiscs(discs, 1);
  }
  static uint8_t lastSquare(uint64_t own, uint64_t opp) { return uint8_t(__builtin_ctzll(~(own | opp))); }

  // The last few empty squares (E, 2 to 4), their own solver: the squares packed in an
  // integer, a byte each in the list's order; the order of the moves read off the masks,
  // nothing to unlink. The same nodes, in the same order, as the shallow solver below
  // would visit. (solveFew is the function; its body is inlined into it, E down to 2.)
  template <int E>
  E10_CLONES int solveFew(uint64_t own, uint64_t opp, int alpha, int beta, int discs, int ply, uint32_t squares) {
    return fewBody<E>(own, opp, alpha, beta, discs, ply, squares);
  }
  template <int E>
  E10_INLINE int fewBody(uint64_t own, uint64_t opp, int alpha, int beta, int discs, int ply, uint32_t squares) {
    if (tick()) return 0;  // (given up: the value is never used)
    const bool pvNode = beta - alpha > 1;
    int most;
    if (!pvNode && failsLow(own, opp, alpha, E, &most)) return most;  // (a line needs its moves: not in a PV node)
    if (pvNode) setPvLength(ply, 0);
    // the order: the squares' entries, sorted (by round, then the list's order)
    int order[E];
    if (E == 2) {  // two squares share a round: one quadrant or two odd ones; both isolated, or neighbours
      order[0] = int(squares & 0xFF), order[1] = int((squares >> 8) & 0xFF);  // (no place needed: no child list)
    } else {
      const uint64_t empty = ~(own | opp);
      uint8_t parity = 0;
      for (int i = 0; i < E; i++) parity ^= QUADRANT_BIT[(squares >> 8 * i) & 0xFF];
      for (int i = 0; i < E; i++) {
        const uint8_t sq = uint8_t(squares >> 8 * i);
        order[i] = entry(sq, i, shallowRound(sq, parity, empty));
      }
      sortEntries<(E > 2 ? E : 3)>(order);
    }
    int best = -INF;
    for (int i = 0; i < E; i++) {
      const uint8_t sq = uint8_t(order[i]);
      const uint64_t f = flipsAt(sq, own, opp);
      if (!f) continue;
      const int childDiscs = -(discs + 2 * countBits(f) + 1);
      int score;
      if (E == 2) {
        score = -solveLast(opp ^ f, own ^ f ^ bit(sq), childDiscs, ply + 1, pvNode);
      } else {
        score = -fewBody<(E > 2 ? E - 1 : 2)>(opp ^ f, own ^ f ^ bit(sq), -beta, -alpha, childDiscs, ply + 1,
                                               without(squares, order[i]));
        if (stopped()) return 0;
      }
      if (score > best) best = score;
      if (score > alpha) {
        alpha = score;
        if (pvNode) updatePv(ply, sq);
        if (alpha >= beta) return best;
      }
    }
    if (best > -INF) return best;
    if (!canMove(opp, own, squares, E)) return finalDiscs(discs, E);  // neither side can move
    const int score = -solveFew<E>(opp, own, -beta, -alpha, -discs, ply + 1, squares);  // a pass
    if (stopped()) return 0;
    if (pvNode) updatePv(ply, PASS);
    return score;
  }

  // A few empties left: try each empty square, odd quadrants first; no list, no table.
  E10_CLONES int solveShallow(uint64_t own, uint64_t opp, int alpha, int beta, int discs, int empties, int ply) {
    if (tick()) return 0;  // (given up: the value is never used)
    const bool pvNode = beta - alpha > 1;
    int most;
    if (!pvNode && failsLow(own, opp, alpha, empties, &most)) return most;  // (a line needs its moves: not in a PV node)
    if (pvNode) setPvLength(ply, 0);
    int best = -INF;
    // The order to try the squares in: odd quadrants first, isolated squares first, the
    // list's order within a round: the squares' entries, sorted (as in solveFew; the
    // places past the list's end hold INF and sort last).
    const uint64_t empty = ~(own | opp);
    uint64_t listed = 0;  // the list, a byte a square (as solveFew takes them)
    int order[ENDGAME_SHALLOW];
    for (int i = 0; i < ENDGAME_SHALLOW; i++) order[i] = INF;
    int count = 0;
    for (uint8_t sq = next_[64]; sq != 64; sq = next_[sq], count++) {
      order[count] = entry(sq, count, shallowRound(sq, parity_, empty));
      listed |= uint64_t(sq) << 8 * count;
    }
    sortEntries<ENDGAME_SHALLOW>(order);
    for (int i = 0; i < count; i++) {
      const uint8_t sq = uint8_t(order[i]);
      const uint64_t f = flipsAt(sq, own, opp);
      if (!f) continue;
      const int childDiscs = -(discs + 2 * countBits(f) + 1);
      const uint64_t childOwn = opp ^ f, childOpp = own ^ f ^ bit(sq);
      int score;
      if (on(IDEA_LAST_FOUR) && empties == 5) {  // the other four squares, in the list's order
        const uint32_t rest = uint32_t(without(listed, order[i]));
        score = -solveFew<4>(childOwn, childOpp, -beta, -alpha, childDiscs, ply + 1, rest);
      } else {
        removeEmpty(sq);
        score = empties == 2 ? -solveLast(childOwn, childOpp, childDiscs, ply + 1, pvNode)
                             : -solveShallow(childOwn, childOpp, -beta, -alpha, childDiscs, empties - 1, ply + 1);
        restoreEmpty(sq);
      }
      if (stopped()) return 0;
      if (score > best) best = score;
      if (score > alpha) {
        alpha = score;
        if (pvNode) updatePv(ply, sq);
        if (alpha >= beta) return best;
      }
    }
    if (best > -INF) return best;
    if (!canMove(opp, own, listed, count)) return finalDiscs(discs, empties);  // neither side can move
    const int score = -solveShallow(opp, own, -beta, -alpha, -discs, empties, ply + 1);  // a pass
    if (stopped()) return 0;
    if (pvNode) updatePv(ply, PASS);
    return score;
  }

  // Many empties left: the move list with each move's flips, sorted fastest-first, the
  // table, PVS. `key` is the position's key (hashKey; unused below ENDGAME_TABLE); `legal`
  // its moves when the parent found them, for its fastest-first key or to pass (else
  // MOVES_UNKNOWN).
  E10_CLONES int solveDeep(uint64_t own, uint64_t opp, uint8_t me, int alpha, int beta, int discs, int empties, int ply,
                uint64_t key, uint64_t legal = MOVES_UNKNOWN) {
    if (tick()) return 0;  // (given up: the value is never used)
    // No score passes 64 discs: a window wholly beyond that is settled at once (else, after
    // a wipeout, proving that no other move does better walks a whole subtree).
    if (alpha >= 64) return 64;
    if (beta <= -64) return -64;
    const bool pvNode = beta - alpha > 1;
    int most;
    if (!pvNode && failsLow(own, opp, alpha, empties, &most)) return most;  // (a line needs its moves: not in a PV node)
    if (pvNode) setPvLength(ply, 0);
    if (legal == MOVES_UNKNOWN) legal = movesOf(own, opp);
    if (legal == 0) {
      const uint64_t replies = movesOf(opp, own);  // (the passed-to side's moves: handed to it)
      if (replies == 0) return finalDiscs(discs, empties);  // neither side can move
      const uint64_t passed = on(IDEA_MULTIPLY_KEY) ? positionKey(opp, own) : key ^ whiteToMove_;
      const int score = -solveDeep(opp, own, 3 - me, -beta, -alpha, -discs, empties, ply + 1, passed, replies);  // a pass
      if (stopped()) return 0;
      if (pvNode) updatePv(ply, PASS);
      return score;
    }
    const bool useTable = empties >= ENDGAME_TABLE;
    uint8_t tableMove = NO_MOVE;
    if (const e10::Slot* s = useTable ? tableFor(empties).find(key) : 0) {  // table scores are in 1/DISC, as in pvs
      if (ply > 0 && s->depth == EXACT_SLOT + empties && s->level >= level_) {  // bounds of a pass at least as sure
        if (s->lower >= beta * DISC) return s->lower / DISC;
        if (s->upper <= alpha * DISC || s->lower == s->upper) return s->upper / DISC;
      }
      tableMove = s->best;  // a move is a hint, whichever pass found it
    }
    // ProbCut, in a selective pass (step 08's), its shallow searches on the masks.
    if (level_ < EXACT_LEVEL && ply > 0 && empties >= PROBCUT_MIN) {
      const ProbCut& c = PROBCUT[(empties > PROBCUT_LAST ? PROBCUT_LAST : empties) - PROBCUT_MIN];
      const int32_t margin = (int32_t(PASS_T[level_]) * c.sigma) >> 8;  // t sigma, in 1/DISC
      const int32_t high = ((int32_t(beta) * DISC + margin - c.b) * c.invA) >> 8;
      const int32_t low = ((int32_t(alpha) * DISC - margin - c.b) * c.invA) >> 8;
      if (high <= EVAL_LIMIT || low >= -EVAL_LIMIT) {
        if (high <= EVAL_LIMIT && midgame(own, opp, me, c.depth, ply, int(high) - 1, int(high), empties) >= high) return beta;
        if (stopped()) return 0;
        if (low >= -EVAL_LIMIT && midgame(own, opp, me, c.depth, ply, int(low), int(low) + 1, empties) <= low) return alpha;
        if (stopped()) return 0;
      }
    }
    // One pass over the children, in square order (as G's list): each one's flips (kept
    // for the search below), its key, the enhanced transposition cutoff, and its
    // fastest-first key.
    uint8_t moves[64];
    int n = 0;
    uint64_t flipped[64], childKey[64];  // by square
    uint64_t childMoves[HAND_MOVES_DOWN ? 64 : 1];  // by square, where handed down
    int sortKey[64];
    const bool childTable = empties - 1 >= ENDGAME_TABLE, etc = ply > 0 && empties >= ETC_MIN;
    const bool countReplies = empties < SORT_SEARCH || on(IDEA_SORT_MOBILITY);  // for either key
    Table& children = tableFor(empties - 1);  // (chosen once, not once a child)
    for (; legal; legal &= legal - 1, n++) {
      const uint8_t sq = uint8_t(__builtin_ctzll(legal));
      moves[n] = sq;
      const uint64_t f = flips(sq, own, opp);
      flipped[sq] = f;
      const uint64_t childOwn = opp ^ f, childOpp = own ^ f ^ bit(sq);
      childKey[sq] = 0;  // (unused by a child below ENDGAME_TABLE)
      if (childTable) {
        childKey[sq] = on(IDEA_MULTIPLY_KEY) ? positionKey(childOwn, childOpp) : keyAfter(key, sq, me, f);
        children.prefetch(childKey[sq]);  // the probes below (and the child's own) will wait less
      }
      // the opponent's replies (unknown where neither key counts them)
      const uint64_t replies = countReplies ? movesOf(childOwn, childOpp) : MOVES_UNKNOWN;
      if (HAND_MOVES_DOWN) childMoves[sq] = replies;  // (the child's own moves: it need not find them again)
      if (empties >= SORT_SEARCH) {  // a shallow search: the opponent's score, lowest first, its replies counted
        sortKey[n] = midgame(childOwn, childOpp, uint8_t(3 - me), SORT_DEPTH, ply + 1, -INF, INF, empties - 1) +
                     (countReplies ? SORT_MOBILITY * countBits(replies) : 0);
        continue;
      }
      // fastest-first: the replies, each corner among them counted twice, the stable discs
      // the move makes (half a reply each), an odd quadrant first among equals
      const int k = countBits(replies) - (isCorner(sq) ? 64 : 0) + countBits(replies & CORNERS);
      sortKey[n] = 2 * k - ((parity_ & QUADRANT_BIT[sq]) != 0) + (on(IDEA_STABLE_ORDER) ? stableOrder(sq, own, opp, f) : 0);
    }
    if (stopped()) return 0;  // (a sort search given up)
    if (etc)
      for (int i = 0; i < n; i++) {
        const e10::Slot* c = children.find(childKey[moves[i]]);
        if (c && c->depth == EXACT_SLOT + empties - 1 && c->level >= level_ && -c->upper >= beta * DISC) {
          const int score = -c->upper / DISC;
          if (useTable) store(key, empties, score * DISC, INF, moves[i]);  // found once, kept
          return score;
        }
      }
    // The first move: the table's (the root's: the previous pass's), else the lowest key.
    // Most nodes that cut, cut on it: the others are sorted only when it does not.
    const uint8_t hint = ply == 0 ? rootBest_ : tableMove;
    int lowest = sortKey[0] * 64;  // the lowest key and its place below it: the first of equals
    for (int i = 1; i < n; i++) {
      const int keyed = sortKey[i] * 64 + i;
      lowest = keyed < lowest ? keyed : lowest;
    }
    int first = lowest & 63;
    for (int i = 0; i < n; i++) first = moves[i] == hint ? i : first;
    const int alphaIn = alpha;
    int best = -INF;
    uint8_t bestMove = NO_MOVE;
    for (int i = 0; i < n; i++) {
      if (i == 1) {  // the first did not cut: the order of the others
        sortKey[first] = -INF;  // (it stays first)
        sortByKey(moves, sortKey, n);
      }
      const uint8_t sq = moves[i == 0 ? first : i];
      const uint64_t f = on(IDEA_FLIP_LIST) ? flipped[sq] : flips(sq, own, opp);
      const uint64_t childOwn = opp ^ f, childOpp = own ^ f ^ bit(sq);
      removeEmpty(sq);
      const int childDiscs = -(discs + 2 * countBits(f) + 1);
      const uint64_t handed = HAND_MOVES_DOWN ? childMoves[sq] : MOVES_UNKNOWN;
      int score;
      if (i == 0) {
        score = -solveNext(childOwn, childOpp, uint8_t(3 - me), -beta, -alpha, childDiscs, empties - 1, ply + 1, childKey[sq],
                           handed);
      } else {  // null window first, as in pvs
        score = -solveNext(childOwn, childOpp, uint8_t(3 - me), -alpha - 1, -alpha, childDiscs, empties - 1, ply + 1,
                           childKey[sq], handed);
        if (score > alpha && score < beta)
          score = -solveNext(childOwn, childOpp, uint8_t(3 - me), -beta, -alpha, childDiscs, empties - 1, ply + 1,
                             childKey[sq], handed);
      }
      restoreEmpty(sq);
      if (stopped()) return 0;
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
    e10::Slot* s = tableFor(empties).store(key);
    if (!s) return;
    const int8_t depth = int8_t(EXACT_SLOT + empties);
    if (s->depth == depth && s->level == level_) {
      const int l = s->lower > lower ? s->lower : lower, u = s->upper < upper ? s->upper : upper;
      if (l <= u) lower = l, upper = u;  // (selective bounds may disagree: then the new ones)
    }
    s->depth = depth;
    s->level = uint8_t(level_);
    s->lower = int16_t(lower);
    s->upper = int16_t(upper);
    s->best = bestMove;
  }

  int solveNext(uint64_t own, uint64_t opp, uint8_t me, int alpha, int beta, int discs, int empties, int ply,
                uint64_t key, uint64_t legal = MOVES_UNKNOWN) {
    return empties > ENDGAME_SHALLOW ? solveDeep(own, opp, me, alpha, beta, discs, empties, ply, key, legal)
                                     : solveShallow(own, opp, alpha, beta, discs, empties, ply);
  }
  static uint64_t splitMix(uint64_t& x) {
    uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  static int countEmpties(const Masks& m) { return 64 - bitCount(m.stones[WHITE] | m.stones[BLACK]); }
  static int countEmpties(const Board& b) {
    int empties = 0;
    for (int sq = 0; sq < 64; sq++) empties += G::cell(b, sq & 7, sq >> 3) == EMPTY;
    return empties;
  }

  // +1 for an own stone, -1 for the opponent's, 0 for an empty square.
  static int owner(uint8_t stone, uint8_t me) { return stone == EMPTY ? 0 : stone == me ? 1 : -1; }


  // The score of b for `me`, `depth` plies ahead, if it lies inside (alpha, beta);
  // else a bound on the wrong side of the window. Fills pv_[ply] for exact scores.
  template <class P>  // P: G's board, or Masks
  E10_CLONES int pvs(const P& b, uint8_t me, int depth, int ply, int alpha, int beta, int empties) {
    if (tick()) return 0;  // (given up: the value is never used)
    setPvLength(ply, 0);
    if (depth == 0) {
      horizon_ = true;  // (a finished game at the horizon is exact, but rare: no matter)
      return evaluate(b, me);
    }
    uint8_t moves[64];
    const int n = listMoves(b, me, moves);
    const uint8_t opp = 3 - me;
    if (n == 0) {
      if (listMoves(b, opp, moves) == 0) return finalScore(b, me);  // game over
      const int score = -pvs(b, opp, depth - 1, ply + 1, -beta, -alpha, empties);  // a pass is a move
      if (stopped()) return 0;
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
      if (const e10::Slot* s = table_.find(key)) {
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
      P child = b;
      playMove(child, moves[i], me);
      int score;
      if (i == 0) {
        score = -pvs(child, opp, depth - 1, ply + 1, -beta, -alpha, empties - 1);
      } else {  // is it better than alpha? A null window answers that cheaply...
        score = -pvs(child, opp, depth - 1, ply + 1, -alpha - 1, -alpha, empties - 1);
        if (score > alpha && score < beta)  // ...and if so, search again for its value
          score = -pvs(child, opp, depth - 1, ply + 1, -beta, -alpha, empties - 1);
      }
      if (stopped()) return 0;
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
      if (e10::Slot* s = table_.store(key)) {  // what this search proved: a bound or the value
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
  template <class P>
  E10_INLINE static void orderMoves(const P& b, uint8_t me, uint8_t* moves, int n) {
    int8_t key[64];
    uint8_t replies[64];
    for (int i = 0; i < n; i++) {
      P child = b;
      playMove(child, moves[i], me);
      key[i] = int8_t(listMoves(child, 3 - me, replies) - (isCorner(moves[i]) ? 64 : 0));
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

  static bool isCorner(uint8_t sq) { return (CORNERS >> sq) & 1; }

  // The fastest-first key's term for stable discs, in half replies: minus one for each
  // corner or C-square the move at sq (flipping f) makes the mover's beside a corner of
  // its own (heldByCorner), plus one on an X-square beside an empty corner. Most moves
  // touch no corner or C-square: one AND says so.
  E10_INLINE static int stableOrder(uint8_t sq, uint64_t own, uint64_t opp, uint64_t f) {
    const uint64_t placed = f | bit(sq);
    const int held = (placed & (CORNERS | C_SQUARES)) ? countBits(heldByCorner(own | placed) & placed) : 0;
    const bool handsOver = ((X_SQUARES >> sq) & 1) && (AROUND[sq] & CORNERS & ~(own | opp));
    return int(handsOver) - held;
  }

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
  Table table_;         // the table: the midgame searches' positions and the solver's deeper ones
  Table ownShallow_;    // the solver's positions with SHALLOW_TABLE_MAX empties or fewer...
  Table* shallow_ = &table_;  // ...when the pool has room for it (useTable), else table_ itself
  // The table the solver keeps a position with `empties` empty squares in.
  Table& tableFor(int empties) { return *(empties <= SHALLOW_TABLE_MAX ? shallow_ : &table_); }  // (a pointer picked: no branch)
  uint64_t zobrist_[3][64];  // [EMPTY, WHITE or BLACK][square]
  uint64_t whiteToMove_;
  Board root_;  // the solve's root, as G's board (midgame() starts from it with IDEA_MASK_SEARCH off)
  uint8_t next_[65], prev_[65];  // the empty squares as a linked list; 64 is both ends
  uint8_t parity_;  // bit q set: quadrant q has an odd number of empty squares
  uint8_t rootBest_;  // the previous iteration's best move
  bool horizon_;      // did this iteration evaluate any position at its horizon?
  int level_;         // the endgame's pass: 0.. selective, EXACT_LEVEL exact
  int selectiveFrom_ = SELECTIVE_FROM;  // the fewest empties that get the selective passes
  uint64_t flipNibble_[16][16];  // [q][bits]: the squares 4q + 0..3 set in bits flipped (see keyAfter)
#if E10_X86
  std::exception_ptr thrown_;  // what idle threw, until solve() or search() throws it again (tick())
  bool givenUp_ = false;       // thrown_ is set
#endif
  uint8_t pv_[PV_PLIES][PV_PLIES];
  uint8_t pvLength_[PV_PLIES];
};

template <class G, class Table, unsigned Off>
const Weights* Search<G, Table, Off>::weights = &LEARNED;

}  // namespace e10

#endif  // REVERSI_LAB_E10_STABLE_H
