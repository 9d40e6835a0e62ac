/**
 * @file s10_simd.h
 * @brief Stage 10 — SIMD: the bitboard fills of stage 09, four directions per AVX2 register.
 *
 * Technique: stage 09 runs the same occluded fill eight times, once per direction,
 * with shift amounts 1, 8, 7 and 9 towards higher and towards lower bits. Those fills
 * are independent, so one 256-bit AVX2 register holds four copies of the board, one
 * per shift amount, and the per-lane variable shifts (VPSLLVQ, VPSRLVQ) step all four
 * directions at once: two fills of three steps give every legal move, and two more from
 * the move's square give every flipped stone. The four lanes are ORed together at the
 * end. Perft counts with POPCNT.
 *
 * Selection: the AVX2 functions are written with GCC's vector extension (no intrinsics
 * header) and compiled only for x86 with GCC or Clang, each marked
 * `target("avx2,popcnt")` so the rest of the program needs no -mavx2. At run time
 * `cpuHasAvx2()` picks them when the CPU has AVX2, unless `portableOnly()` was set (the
 * switch the suite uses to test the fallback on an AVX2 machine); otherwise the portable
 * fills of stage 09 (kept here unchanged) run. countFlips and play each make one call,
 * to an AVX2 function that also counts with POPCNT, or to the portable one, which is kept
 * out of line on x86 so that countFlips and play stay small enough to be inlined into a
 * search. On AVR and Xtensa only the portable code is compiled, so the same header
 * builds for the sketch.
 *
 * Source: this stage goes past the articles (docs/sources.md): bitboards with Kogge-Stone
 * fills, and running the direction fills in SIMD lanes, are well-known public
 * techniques of computer chess and Reversi engines. Our own code.
 *
 * Changed from stage 09: the AVX2 section (Lanes, fill4High/fill4Low, orLanes,
 * moveMaskAvx2, flipsAvx2, perftAvx2, countFlipsAvx2, playAvx2), the run-time choice
 * (portableOnly, cpuHasAvx2, moveMaskAuto), the portable countFlips and play moved into
 * countFlipsPortable and playPortable, and the stage interface and perftFast calling the
 * chosen versions. legalMoves lists the moves as stage 09 does, lowest set bit first.
 *
 * Preconditions for every function: x and y in 0..7, `me` is WHITE or BLACK. They
 * are checked at the host boundary, not here, so the code stays as small as the idea.
 */
#ifndef REVERSI_LAB_S10_SIMD_H
#define REVERSI_LAB_S10_SIMD_H

#include <stdint.h>

/// Stage 10: bitboards with AVX2 fills, chosen at run time, portable fallback.
namespace s10 {

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

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
/// Defined when the compiler can build the AVX2 functions: GCC or Clang for x86.
#define REVERSI_S10_AVX2 1
#endif

#ifdef REVERSI_S10_AVX2
/// Four 64-bit lanes, one 256-bit AVX2 register (GCC's vector extension).
typedef uint64_t Lanes __attribute__((vector_size(32)));

/// Compiles one function for AVX2 and POPCNT, whatever the rest of the program targets.
#define REVERSI_S10_TARGET __attribute__((target("avx2,popcnt")))

/**
 * @brief The switch that turns the AVX2 functions off (the suite tests the fallback
 * with it on an AVX2 machine).
 * @return a reference to the flag; set it to true to run the portable fills
 */
inline bool& portableOnly() {
  static bool yes = false;
  return yes;
}

/**
 * @brief Whether the AVX2 functions run: the CPU has AVX2 and POPCNT (asked once) and
 * portableOnly() is not set.
 * @return true when moveMaskAuto, countFlips, play and perftFast take the AVX2 path
 */
inline bool cpuHasAvx2() {
  static const bool yes = (__builtin_cpu_init(), __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt"));
  return yes && !portableOnly();
}

/**
 * @brief fillHigh in four lanes at once, one shift amount per lane.
 * @param gen where each lane's fill starts
 * @param pro the squares each lane may run through
 * @param s1 each lane's shift of one step; s2 = 2 * s1 and s4 = 4 * s1
 * @param s2 the shifts of two steps
 * @param s4 the shifts of four steps
 * @return gen plus every square of `pro` reached from it, per lane
 */
REVERSI_S10_TARGET inline Lanes fill4High(Lanes gen, Lanes pro, Lanes s1, Lanes s2, Lanes s4) {
  gen |= pro & (gen << s1);
  pro &= pro << s1;
  gen |= pro & (gen << s2);
  pro &= pro << s2;
  return gen | (pro & (gen << s4));
}

/**
 * @brief fillLow in four lanes at once, one shift amount per lane.
 * @param gen where each lane's fill starts
 * @param pro the squares each lane may run through
 * @param s1 each lane's shift of one step
 * @param s2 the shifts of two steps
 * @param s4 the shifts of four steps
 * @return gen plus every square of `pro` reached from it, per lane
 */
REVERSI_S10_TARGET inline Lanes fill4Low(Lanes gen, Lanes pro, Lanes s1, Lanes s2, Lanes s4) {
  gen |= pro & (gen >> s1);
  pro &= pro >> s1;
  gen |= pro & (gen >> s2);
  pro &= pro >> s2;
  return gen | (pro & (gen >> s4));
}

/**
 * @brief The four lanes ORed into one mask.
 * @param v four masks
 * @return v[0] | v[1] | v[2] | v[3]
 */
REVERSI_S10_TARGET inline uint64_t orLanes(Lanes v) { return v[0] | v[1] | v[2] | v[3]; }

/**
 * @brief moveMask with the eight directions in two AVX2 fills (lanes: 1, 8, 7, 9).
 * @param own the stones of the side to move
 * @param opp the opponent's stones
 * @return the squares where the side to move can play
 */
REVERSI_S10_TARGET inline uint64_t moveMaskAvx2(uint64_t own, uint64_t opp) {
  const Lanes s1 = {1, 8, 7, 9}, s2 = s1 + s1, s4 = s2 + s2;
  const Lanes gen = {own, own, own, own};
  const Lanes pro = {opp & INNER, opp, opp & INNER, opp & INNER};  // lane 1 is vertical: no edge mask
  const Lanes m = ((fill4High(gen, pro, s1, s2, s4) & pro) << s1) | ((fill4Low(gen, pro, s1, s2, s4) & pro) >> s1);
  return orLanes(m) & ~(own | opp);
}

/**
 * @brief flips with the eight directions in two AVX2 fills from the move's square.
 * @param move the move's square (one bit, empty)
 * @param own the stones of the side to move
 * @param opp the opponent's stones
 * @return the flipped stones; 0 means the move is illegal
 */
REVERSI_S10_TARGET inline uint64_t flipsAvx2(uint64_t move, uint64_t own, uint64_t opp) {
  const Lanes s1 = {1, 8, 7, 9}, s2 = s1 + s1, s4 = s2 + s2, zero = {0, 0, 0, 0};
  const Lanes gen = {move, move, move, move}, mine = {own, own, own, own};
  const Lanes pro = {opp & INNER, opp, opp & INNER, opp & INNER};
  const Lanes up = fill4High(gen, pro, s1, s2, s4) & pro, down = fill4Low(gen, pro, s1, s2, s4) & pro;
  // A lane keeps its run when the square past the run's end holds an own stone
  // (a comparison gives all ones or all zeros per lane).
  const Lanes f = (up & (Lanes)(((up << s1) & mine) != zero)) | (down & (Lanes)(((down >> s1) & mine) != zero));
  return orLanes(f);
}

/**
 * @brief perftMasks on the AVX2 functions, counting with POPCNT.
 * @param own the stones of the side to move
 * @param opp the opponent's stones
 * @param depth plies to go, >= 0
 * @param bulk at depth 1, count the moves instead of playing them
 * @return the number of leaves
 */
REVERSI_S10_TARGET inline uint64_t perftAvx2(uint64_t own, uint64_t opp, int depth, bool bulk) {
  if (depth == 0) return 1;
  uint64_t moves = moveMaskAvx2(own, opp);
  if (moves == 0) {
    if (moveMaskAvx2(opp, own) == 0) return 1;
    return perftAvx2(opp, own, depth - 1, bulk);
  }
  if (bulk && depth == 1) return (uint64_t)__builtin_popcountll(moves);
  uint64_t total = 0;
  while (moves) {
    const uint64_t move = moves & (0 - moves);
    moves ^= move;
    const uint64_t f = flipsAvx2(move, own, opp);
    total += perftAvx2(opp ^ f, own ^ f ^ move, depth - 1, bulk);
  }
  return total;
}
#endif  // REVERSI_S10_AVX2

/**
 * @brief moveMask on AVX2 when this CPU has it (and portableOnly() is not set), else the portable fills.
 * @param own the stones of the side to move
 * @param opp the opponent's stones
 * @return the squares where the side to move can play
 */
inline uint64_t moveMaskAuto(uint64_t own, uint64_t opp) {
#ifdef REVERSI_S10_AVX2
  if (cpuHasAvx2()) return moveMaskAvx2(own, opp);
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

#ifdef REVERSI_S10_AVX2
// countFlips and play in one AVX2 function each: one call from the stage function
// instead of two, and POPCNT for the count (a search calls them at every node).

/**
 * @brief countFlips on AVX2 (the square known to be empty).
 * @param b the board
 * @param move the move's square (one bit)
 * @param me the side to move
 * @return the number of stones flipped
 */
REVERSI_S10_TARGET inline int countFlipsAvx2(const Board& b, uint64_t move, uint8_t me) {
  return __builtin_popcountll(flipsAvx2(move, stones(b, me), stones(b, 3 - me)));
}

/**
 * @brief play on AVX2 (the square known to be empty).
 * @param b the board, changed only when the move is legal
 * @param move the move's square (one bit)
 * @param me the side to move
 * @return the number of stones flipped; 0 means illegal and `b` is unchanged
 */
REVERSI_S10_TARGET inline int playAvx2(Board& b, uint64_t move, uint8_t me) {
  const uint64_t f = flipsAvx2(move, stones(b, me), stones(b, 3 - me));
  if (f == 0) return 0;
  b.white ^= f;
  b.black ^= f;
  if (me == BLACK) b.black |= move;
  else b.white |= move;
  return __builtin_popcountll(f);
}
#endif  // REVERSI_S10_AVX2

// The portable countFlips and play, kept out of line on x86 (noinline), so that countFlips
// and play, whose AVX2 path is the one taken on every call where the CPU has it, stay
// small enough to be inlined into their callers (the search calls them at every node).

/**
 * @brief countFlips with the portable fills (the square known to be empty).
 * @param b the board
 * @param move the move's square (one bit)
 * @param me the side to move
 * @return the number of stones flipped
 */
#ifdef REVERSI_S10_AVX2
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
#ifdef REVERSI_S10_AVX2
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
#ifdef REVERSI_S10_AVX2
  if (cpuHasAvx2()) return countFlipsAvx2(b, move, me);
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
#ifdef REVERSI_S10_AVX2
  if (cpuHasAvx2()) return playAvx2(b, move, me);
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
 * perftAvx2 when this CPU has AVX2 (and portableOnly() is not set), else perftMasks.
 * @param b the position
 * @param me the side to move, WHITE or BLACK
 * @param depth plies, >= 0
 * @param bulk at the last ply, count the moves instead of playing them
 * @return the number of leaves
 */
inline uint64_t perftFast(const Board& b, uint8_t me, int depth, bool bulk) {
#ifdef REVERSI_S10_AVX2
  if (cpuHasAvx2()) return perftAvx2(stones(b, me), stones(b, 3 - me), depth, bulk);
#endif
  return perftMasks(stones(b, me), stones(b, 3 - me), depth, bulk);
}

}  // namespace s10

#endif  // REVERSI_LAB_S10_SIMD_H
