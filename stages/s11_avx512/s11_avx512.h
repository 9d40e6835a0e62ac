/**
 * @file s11_avx512.h
 * @brief Stage 11 — AVX-512: the eight directions of the bitboard fill in one register.
 *
 * Technique: stage 10 holds four directions in a 256-bit register and runs two fills,
 * one shifting towards higher bits and one towards lower bits, because a shift moves
 * every lane the same way. A 512-bit AVX-512 register holds eight 64-bit lanes, one per
 * direction, and AVX-512's per-lane variable rotation (VPROLVQ) moves each lane by its
 * own amount in either direction: rotating left by 64 - s is a right shift by s, except
 * for the s bits that wrap around to the other end. Those never matter if each lane's
 * opponent mask leaves out the squares a wrapped bit would land on, which a run in that
 * direction can never reach anyway. So one fill of three steps, one rotation each, gives
 * all eight directions; one more rotation and an OR across the lanes give every legal
 * move, and the same fill from the move's square gives every flipped stone.
 *
 * Selection: as in stage 10, the AVX-512 functions are written with GCC's vector
 * extension (no intrinsics header: the header includes only <stdint.h>), compiled only
 * for x86 with GCC or Clang, each marked `target("avx512f,popcnt")`. The extension has
 * no rotation operator: a rotation is written (x << s) | (x >> (64 - s)), which Clang
 * compiles to one VPROLVQ and GCC 12 to two shifts (VPSLLVQ, VPSRLVQ) whose OR it merges
 * into the next AND (VPTERNLOGQ). At run time `cpuHasAvx512()` picks them when the CPU
 * has AVX-512F, unless `portableOnly()` was set (the switch the suite uses to test the
 * fallback on an AVX-512 machine); otherwise stage 09's portable fills run. On AVR and
 * Xtensa only the portable code is compiled, so the same header builds for the sketch.
 *
 * Source: this stage goes past the articles (docs/sources.md): bitboard fills in SIMD lanes
 * are well-known public techniques of computer chess and Reversi engines. Our own code.
 *
 * Changed from stage 10: AVX-512 only. The AVX2 section is replaced by the AVX-512 one
 * (the lane constants ROTATE, EDGE and IN_WORD, Lanes8, lanes, rotate, orLanes, fill8,
 * moveMaskAvx512, flipsAvx512, perftAvx512, countFlipsAvx512, playAvx512) and the
 * run-time choice asks for AVX-512F (cpuHasAvx512). The portable code, the way countFlips
 * and play choose their path, and legalMoves's lowest-set-bit listing are stage 10's.
 *
 * Preconditions for every function: x and y in 0..7, `me` is WHITE or BLACK. They
 * are checked at the host boundary, not here, so the code stays as small as the idea.
 */
#ifndef REVERSI_LAB_S11_AVX512_H
#define REVERSI_LAB_S11_AVX512_H

#include <stdint.h>

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
/// Defined when the compiler can build the AVX-512 functions: GCC or Clang for x86.
#define REVERSI_S11_AVX512 1
#endif

/// Stage 11: bitboards with the eight direction fills in one AVX-512 register, chosen at
/// run time, portable fallback.
namespace s11 {

const uint8_t EMPTY = 0;  ///< No stone (the articles' 0).
const uint8_t WHITE = 1;  ///< White stone (the articles' 1).
const uint8_t BLACK = 2;  ///< Black stone (the articles' 2); the opponent of c is 3 - c.

/// Columns b..g. A run that moves sideways or diagonally may only pass through these
/// squares: a stone on column a or h would wrap into the neighbouring row when shifted.
const uint64_t INNER = 0x7E7E7E7E7E7E7E7EULL;

/// The board: one bit per square for each colour (bit y * 8 + x).
struct Board {
  uint64_t white;  ///< Squares holding a white stone.
  uint64_t black;  ///< Squares holding a black stone.
};

/**
 * @brief The mask of one square.
 * @param x column 0..7
 * @param y row 0..7
 * @return a uint64_t with only bit y * 8 + x set
 */
inline uint64_t squareBit(int x, int y) { return (uint64_t)1 << (y * 8 + x); }

/**
 * @brief Empties every square.
 * @param b the board to clear
 */
inline void clear(Board& b) { b.white = b.black = 0; }

/**
 * @brief Puts a stone (or EMPTY) on one square, without flipping anything.
 * @param b the board
 * @param x column 0..7, left to right
 * @param y row 0..7, top to bottom
 * @param stone EMPTY, WHITE or BLACK
 */
inline void setCell(Board& b, int x, int y, uint8_t stone) {
  const uint64_t bit = squareBit(x, y);
  b.white &= ~bit;
  b.black &= ~bit;
  if (stone == WHITE) b.white |= bit;
  if (stone == BLACK) b.black |= bit;
}

/**
 * @brief Reads one square.
 * @param b the board
 * @param x column 0..7
 * @param y row 0..7
 * @return EMPTY, WHITE or BLACK
 */
inline uint8_t cell(const Board& b, int x, int y) {
  const uint64_t bit = squareBit(x, y);
  return (b.white & bit) ? WHITE : (b.black & bit) ? BLACK : EMPTY;
}

/**
 * @brief Counts the set bits (SWAR: adds neighbouring bit fields in parallel).
 * @param m a mask
 * @return how many bits of m are set, 0..64
 */
inline int popCount(uint64_t m) {
  m -= (m >> 1) & 0x5555555555555555ULL;                                 // 2-bit sums
  m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);  // 4-bit sums
  m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL;                            // byte sums
  m += m >> 8;   // then add the bytes by shifts, not by a 64-bit multiply,
  m += m >> 16;  // which the lx106's libgcc lacks and an AVR does slowly
  m += m >> 32;
  return (int)(m & 0x7F);
}

/**
 * @brief Occluded fill towards higher bits (right, down and the two lower diagonals).
 *
 * Kogge-Stone: after the step of 1, `pro` holds the squares whose next square is
 * also in `pro`, so the step of 2 can jump two squares, then 4: three steps follow a
 * run of up to 7 squares.
 *
 * @param gen where the fill starts
 * @param pro the squares it may run through
 * @param s the shift of one step: 1 right, 7 down-left, 8 down, 9 down-right
 * @return gen plus every square of `pro` reached from it through `pro`
 */
inline uint64_t fillHigh(uint64_t gen, uint64_t pro, int s) {
  gen |= pro & (gen << s);
  pro &= pro << s;
  gen |= pro & (gen << (2 * s));
  pro &= pro << (2 * s);
  return gen | (pro & (gen << (4 * s)));
}

/**
 * @brief Occluded fill towards lower bits (left, up and the two upper diagonals).
 * @param gen where the fill starts
 * @param pro the squares it may run through
 * @param s the shift of one step: 1 left, 7 up-right, 8 up, 9 up-left
 * @return gen plus every square of `pro` reached from it through `pro`
 */
inline uint64_t fillLow(uint64_t gen, uint64_t pro, int s) {
  gen |= pro & (gen >> s);
  pro &= pro >> s;
  gen |= pro & (gen >> (2 * s));
  pro &= pro >> (2 * s);
  return gen | (pro & (gen >> (4 * s)));
}

/**
 * @brief Every legal move of the side owning `own`, as one mask.
 *
 * From all own stones, fill over opponent stones in each direction; one more step
 * past a run that landed on an empty square is a move. Vertical runs need no edge
 * mask: bits shifted past either end of the word are simply lost.
 *
 * @param own the stones of the side to move
 * @param opp the opponent's stones
 * @return the squares where the side to move can play
 */
inline uint64_t moveMask(uint64_t own, uint64_t opp) {
  const uint64_t side = opp & INNER;  // opponent stones a sideways or diagonal run may pass
  uint64_t m = 0;
  m |= (fillHigh(own, side, 1) & side) << 1 | (fillLow(own, side, 1) & side) >> 1;
  m |= (fillHigh(own, opp, 8) & opp) << 8 | (fillLow(own, opp, 8) & opp) >> 8;
  m |= (fillHigh(own, side, 7) & side) << 7 | (fillLow(own, side, 7) & side) >> 7;
  m |= (fillHigh(own, side, 9) & side) << 9 | (fillLow(own, side, 9) & side) >> 9;
  return m & ~(own | opp);
}

/**
 * @brief The stones a move flips in one direction towards higher bits.
 * @param move the move's square (one bit)
 * @param own the stones of the side to move
 * @param pro opponent stones the run may pass (opp, or opp & INNER)
 * @param s the shift of one step
 * @return the run of opponent stones next to the move if an own stone ends it, else 0
 */
inline uint64_t runHigh(uint64_t move, uint64_t own, uint64_t pro, int s) {
  const uint64_t run = fillHigh(move, pro, s) & pro;
  return ((run << s) & own) ? run : 0;  // the square past the run's end is the only one not in the run
}

/**
 * @brief The stones a move flips in one direction towards lower bits.
 * @param move the move's square (one bit)
 * @param own the stones of the side to move
 * @param pro opponent stones the run may pass (opp, or opp & INNER)
 * @param s the shift of one step
 * @return the run of opponent stones next to the move if an own stone ends it, else 0
 */
inline uint64_t runLow(uint64_t move, uint64_t own, uint64_t pro, int s) {
  const uint64_t run = fillLow(move, pro, s) & pro;
  return ((run >> s) & own) ? run : 0;
}

/**
 * @brief Every stone a move on an empty square flips (the same fills, from one square).
 * @param move the move's square (one bit, empty)
 * @param own the stones of the side to move
 * @param opp the opponent's stones
 * @return the flipped stones; 0 means the move is illegal
 */
inline uint64_t flips(uint64_t move, uint64_t own, uint64_t opp) {
  const uint64_t side = opp & INNER;
  return runHigh(move, own, side, 1) | runLow(move, own, side, 1) |  // along the row
         runHigh(move, own, opp, 8) | runLow(move, own, opp, 8) |    // along the column
         runHigh(move, own, side, 7) | runLow(move, own, side, 7) |  // along one diagonal
         runHigh(move, own, side, 9) | runLow(move, own, side, 9);   // and the other
}

// The eight lanes, lowest first: towards higher bits by 1 (right), 8 (down), 7
// (down-left), 9 (down-right); then towards lower bits by the same (left, up, up-right,
// up-left), as left rotations by 64 - s. Plain numbers, outside the x86 section, so that
// the tests and the layout picture read the very values the lanes use.

/// Each lane's left rotation for one step of its direction.
const uint64_t ROTATE[8] = {1, 8, 7, 9, 64 - 1, 64 - 8, 64 - 7, 64 - 9};

/// The squares each lane's run may pass, besides being the opponent's: columns b..g for
/// a sideways or diagonal direction (as in stage 09), and never the first s squares a
/// rotation by s towards higher bits lands on (the last s towards lower bits), where only
/// a wrapped-around bit could arrive.
const uint64_t EDGE[8] = {INNER & (~0ULL << 1), ~0ULL << 8, INNER&(~0ULL << 7), INNER&(~0ULL << 9),
                          INNER&(~0ULL >> 1),   ~0ULL >> 8, INNER&(~0ULL >> 7), INNER&(~0ULL >> 9)};

/// The squares each lane's last step may land on: all but the wrapped-around ones.
const uint64_t IN_WORD[8] = {~0ULL << 1, ~0ULL << 8, ~0ULL << 7, ~0ULL << 9, ~0ULL >> 1, ~0ULL >> 8, ~0ULL >> 7, ~0ULL >> 9};

#ifdef REVERSI_S11_AVX512
/// Eight 64-bit lanes, one 512-bit AVX-512 register (GCC's vector extension).
typedef uint64_t Lanes8 __attribute__((vector_size(64)));
/// Four lanes (256 bits): half the register, as orLanes folds it.
typedef uint64_t Lanes4 __attribute__((vector_size(32)));
/// Two lanes (128 bits): a quarter of the register, as orLanes folds it.
typedef uint64_t Lanes2 __attribute__((vector_size(16)));

/// Compiles one function for AVX-512F and POPCNT, whatever the rest of the program targets.
#define REVERSI_S11_TARGET __attribute__((target("avx512f,popcnt")))

/**
 * @brief The switch that turns the AVX-512 functions off (the suite tests the fallback
 * with it on an AVX-512 machine).
 * @return a reference to the flag; set it to true to run the portable fills
 */
inline bool& portableOnly() {
  static bool yes = false;
  return yes;
}

/**
 * @brief Whether the AVX-512 functions run: the CPU has AVX-512F and POPCNT (asked
 * once) and portableOnly() is not set.
 * @return true when moveMaskAuto, countFlips, play and perftFast take the AVX-512 path
 */
inline bool cpuHasAvx512() {
  static const bool yes = (__builtin_cpu_init(), __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("popcnt"));
  return yes && !portableOnly();
}

/**
 * @brief Eight values from one of the arrays above into one register.
 * @param v eight 64-bit values, lane 0 first
 * @return the lanes
 */
REVERSI_S11_TARGET inline Lanes8 lanes(const uint64_t v[8]) {
  // Element by element, not memcpy: GCC then folds the constant arrays into the code
  // (and the sums of fill8's rotations with them).
  const Lanes8 r = {v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]};
  return r;
}

/**
 * @brief Each lane of `v` rotated left by its own amount.
 *
 * Written as two shifts and an OR, since the vector extension has no rotation: Clang
 * makes one VPROLVQ of it, GCC 12 the two shifts (VPSLLVQ, VPSRLVQ), their OR merged
 * with the AND that follows into one VPTERNLOGQ.
 *
 * @param v eight 64-bit lanes
 * @param by each lane's rotation, 1..63 (64 - by is then a valid shift too)
 * @return the rotated lanes
 */
REVERSI_S11_TARGET inline Lanes8 rotate(Lanes8 v, Lanes8 by) { return (v << by) | (v >> (64 - by)); }

/**
 * @brief The eight lanes ORed into one mask, the register folded in half three times
 * (512 to 256 to 128 to 64 bits): three ORs instead of the seven of v[0] | ... | v[7].
 * @param v eight masks
 * @return v[0] | v[1] | ... | v[7]
 */
REVERSI_S11_TARGET inline uint64_t orLanes(Lanes8 v) {
  const Lanes4 half = __builtin_shufflevector(v, v, 0, 1, 2, 3) | __builtin_shufflevector(v, v, 4, 5, 6, 7);
  const Lanes2 quarter = __builtin_shufflevector(half, half, 0, 1) | __builtin_shufflevector(half, half, 2, 3);
  return quarter[0] | quarter[1];
}

/**
 * @brief Stage 09's Kogge-Stone fill in all eight directions at once: each step is one
 * rotation by the lane's own amount, one AND, one OR.
 * @param gen where each lane's fill starts
 * @param pro the squares each lane may run through (already ANDed with EDGE)
 * @return gen plus every square of `pro` reached from it, per lane
 */
REVERSI_S11_TARGET inline Lanes8 fill8(Lanes8 gen, Lanes8 pro) {
  const Lanes8 r1 = lanes(ROTATE), r2 = (r1 + r1) & 63, r4 = (r2 + r2) & 63;  // two and four steps, modulo 64
  gen |= pro & rotate(gen, r1);
  pro &= rotate(pro, r1);
  gen |= pro & rotate(gen, r2);
  pro &= rotate(pro, r2);
  return gen | (pro & rotate(gen, r4));
}

/**
 * @brief moveMask with the eight directions in one AVX-512 fill.
 * @param own the stones of the side to move
 * @param opp the opponent's stones
 * @return the squares where the side to move can play
 */
REVERSI_S11_TARGET inline uint64_t moveMaskAvx512(uint64_t own, uint64_t opp) {
  const Lanes8 mine = {own, own, own, own, own, own, own, own}, theirs = {opp, opp, opp, opp, opp, opp, opp, opp};
  const Lanes8 pro = theirs & lanes(EDGE);
  const Lanes8 runs = fill8(mine, pro) & pro;
  const Lanes8 next = rotate(runs, lanes(ROTATE)) & lanes(IN_WORD);  // one step past each run
  return orLanes(next) & ~(own | opp);
}

/**
 * @brief flips with the eight directions in one AVX-512 fill from the move's square.
 * @param move the move's square (one bit, empty)
 * @param own the stones of the side to move
 * @param opp the opponent's stones
 * @return the flipped stones; 0 means the move is illegal
 */
REVERSI_S11_TARGET inline uint64_t flipsAvx512(uint64_t move, uint64_t own, uint64_t opp) {
  const Lanes8 gen = {move, move, move, move, move, move, move, move}, zero = {0, 0, 0, 0, 0, 0, 0, 0};
  const Lanes8 mine = {own, own, own, own, own, own, own, own}, theirs = {opp, opp, opp, opp, opp, opp, opp, opp};
  const Lanes8 pro = theirs & lanes(EDGE);
  const Lanes8 run = fill8(gen, pro) & pro;
  const Lanes8 past = rotate(run, lanes(ROTATE)) & lanes(IN_WORD);
  // A lane keeps its run when the square past the run's end holds an own stone: the
  // comparison gives one bit per lane (a mask register), the choice keeps those lanes.
  return orLanes(((past & mine) != zero) ? run : zero);
}

/**
 * @brief perftMasks on the AVX-512 functions, counting with POPCNT.
 * @param own the stones of the side to move
 * @param opp the opponent's stones
 * @param depth plies to go, >= 0
 * @param bulk at depth 1, count the moves instead of playing them
 * @return the number of leaves
 */
REVERSI_S11_TARGET inline uint64_t perftAvx512(uint64_t own, uint64_t opp, int depth, bool bulk) {
  if (depth == 0) return 1;
  uint64_t moves = moveMaskAvx512(own, opp);
  if (moves == 0) {
    if (moveMaskAvx512(opp, own) == 0) return 1;
    return perftAvx512(opp, own, depth - 1, bulk);
  }
  if (bulk && depth == 1) return (uint64_t)__builtin_popcountll(moves);
  uint64_t total = 0;
  while (moves) {
    const uint64_t move = moves & (0 - moves);
    moves ^= move;
    const uint64_t f = flipsAvx512(move, own, opp);
    total += perftAvx512(opp ^ f, own ^ f ^ move, depth - 1, bulk);
  }
  return total;
}
#endif  // REVERSI_S11_AVX512

/**
 * @brief moveMask on AVX-512 when this CPU has it (and portableOnly() is not set), else the portable fills.
 * @param own the stones of the side to move
 * @param opp the opponent's stones
 * @return the squares where the side to move can play
 */
inline uint64_t moveMaskAuto(uint64_t own, uint64_t opp) {
#ifdef REVERSI_S11_AVX512
  if (cpuHasAvx512()) return moveMaskAvx512(own, opp);
#endif
  return moveMask(own, opp);
}

/**
 * @brief The stones of one colour.
 * @param b the board
 * @param me WHITE or BLACK
 * @return the mask of `me`'s stones
 */
inline uint64_t stones(const Board& b, uint8_t me) { return me == BLACK ? b.black : b.white; }

#ifdef REVERSI_S11_AVX512
// countFlips and play in one AVX-512 function each: one call from the stage function
// instead of two, and POPCNT for the count (a search calls them at every node).

/**
 * @brief countFlips on AVX-512 (the square known to be empty).
 * @param b the board
 * @param move the move's square (one bit)
 * @param me the side to move
 * @return the number of stones flipped
 */
REVERSI_S11_TARGET inline int countFlipsAvx512(const Board& b, uint64_t move, uint8_t me) {
  return __builtin_popcountll(flipsAvx512(move, stones(b, me), stones(b, 3 - me)));
}

/**
 * @brief play on AVX-512 (the square known to be empty).
 * @param b the board, changed only when the move is legal
 * @param move the move's square (one bit)
 * @param me the side to move
 * @return the number of stones flipped; 0 means illegal and `b` is unchanged
 */
REVERSI_S11_TARGET inline int playAvx512(Board& b, uint64_t move, uint8_t me) {
  const uint64_t f = flipsAvx512(move, stones(b, me), stones(b, 3 - me));
  if (f == 0) return 0;
  b.white ^= f;
  b.black ^= f;
  if (me == BLACK) b.black |= move;
  else b.white |= move;
  return __builtin_popcountll(f);
}
#endif  // REVERSI_S11_AVX512

// The portable countFlips and play, kept out of line on x86 (noinline), so that countFlips
// and play, whose AVX-512 path is the one taken on every call where the CPU has it, stay
// small enough to be inlined into their callers (the search calls them at every node).

/**
 * @brief countFlips with the portable fills (the square known to be empty).
 * @param b the board
 * @param move the move's square (one bit)
 * @param me the side to move
 * @return the number of stones flipped
 */
#ifdef REVERSI_S11_AVX512
__attribute__((noinline))
#endif
inline int
countFlipsPortable(const Board& b, uint64_t move, uint8_t me) {
  return popCount(flips(move, stones(b, me), stones(b, 3 - me)));
}

/**
 * @brief play with the portable fills (the square known to be empty).
 * @param b the board, changed only when the move is legal
 * @param move the move's square (one bit)
 * @param me the side to move
 * @return the number of stones flipped; 0 means illegal and `b` is unchanged
 */
#ifdef REVERSI_S11_AVX512
__attribute__((noinline))
#endif
inline int
playPortable(Board& b, uint64_t move, uint8_t me) {
  const uint64_t f = flips(move, stones(b, me), stones(b, 3 - me));
  if (f == 0) return 0;
  b.white ^= f;  // a flipped stone changes colour: one XOR on each mask
  b.black ^= f;
  if (me == BLACK) b.black |= move;
  else b.white |= move;
  return popCount(f);
}

/**
 * @brief How many stones `me` would flip by playing at (x, y) (the articles' isOku).
 * @param b the board
 * @param x column 0..7 of the move
 * @param y row 0..7 of the move
 * @param me the side to move, WHITE or BLACK
 * @return the number of opponent stones flipped; 0 means the move is illegal
 *         (also for an occupied square)
 */
inline int countFlips(const Board& b, int x, int y, uint8_t me) {
  const uint64_t move = squareBit(x, y);
  if ((b.white | b.black) & move) return 0;  // only an empty square can take a stone
#ifdef REVERSI_S11_AVX512
  if (cpuHasAvx512()) return countFlipsAvx512(b, move, me);
#endif
  return countFlipsPortable(b, move, me);
}

/**
 * @brief Plays `me` at (x, y): places the stone and flips every bracketed run.
 * @param b the board, changed only when the move is legal
 * @param x column 0..7 of the move
 * @param y row 0..7 of the move
 * @param me the side to move, WHITE or BLACK
 * @return the number of stones flipped; 0 means illegal and `b` is unchanged
 */
inline int play(Board& b, int x, int y, uint8_t me) {
  const uint64_t move = squareBit(x, y);
  if ((b.white | b.black) & move) return 0;
#ifdef REVERSI_S11_AVX512
  if (cpuHasAvx512()) return playAvx512(b, move, me);
#endif
  return playPortable(b, move, me);
}

/**
 * @brief Lists the legal moves of `me`.
 * @param b the board
 * @param me the side to move, WHITE or BLACK
 * @param out receives the legal squares as y*8+x, in ascending order
 * @return how many squares were written to `out` (0 means `me` must pass)
 */
inline int legalMoves(const Board& b, uint8_t me, uint8_t out[64]) {
  uint64_t m = moveMaskAuto(stones(b, me), stones(b, 3 - me));
  int n = 0;
  for (; m; m &= m - 1) out[n++] = (uint8_t)__builtin_ctzll(m);  // each set bit, lowest first
  return n;
}

/**
 * @brief Perft on masks: the positions reached after `depth` plies.
 *
 * A pass is a ply and a finished game is one leaf at every later depth. The moves are
 * taken from the mask lowest bit first (m & -m), and the child is just two XORs.
 *
 * @param own the stones of the side to move
 * @param opp the opponent's stones
 * @param depth plies to go, >= 0
 * @param bulk at depth 1, count the moves instead of playing them
 * @return the number of leaves
 */
inline uint64_t perftMasks(uint64_t own, uint64_t opp, int depth, bool bulk) {
  if (depth == 0) return 1;
  uint64_t moves = moveMask(own, opp);
  if (moves == 0) {
    if (moveMask(opp, own) == 0) return 1;         // neither side can move: game over
    return perftMasks(opp, own, depth - 1, bulk);  // pass
  }
  if (bulk && depth == 1) return (uint64_t)popCount(moves);
  uint64_t total = 0;
  while (moves) {
    const uint64_t move = moves & (0 - moves);  // the lowest set bit
    moves ^= move;
    const uint64_t f = flips(move, own, opp);
    total += perftMasks(opp ^ f, own ^ f ^ move, depth - 1, bulk);
  }
  return total;
}

/**
 * @brief Perft from a stage Board (the host's perft uses it instead of the generic one):
 * perftAvx512 when this CPU has AVX-512 (and portableOnly() is not set), else perftMasks.
 * @param b the position
 * @param me the side to move, WHITE or BLACK
 * @param depth plies, >= 0
 * @param bulk at the last ply, count the moves instead of playing them
 * @return the number of leaves
 */
inline uint64_t perftFast(const Board& b, uint8_t me, int depth, bool bulk) {
#ifdef REVERSI_S11_AVX512
  if (cpuHasAvx512()) return perftAvx512(stones(b, me), stones(b, 3 - me), depth, bulk);
#endif
  return perftMasks(stones(b, me), stones(b, 3 - me), depth, bulk);
}

}  // namespace s11

#endif  // REVERSI_LAB_S11_AVX512_H
