/**
 * @file s09_bitboard.h
 * @brief Stage 09 — bitboards: the board as two 64-bit masks, moves and flips by fills.
 *
 * Technique: one bit per square (bit y * 8 + x, a1 = bit 0, h8 = bit 63), one mask
 * per colour. Seen from the side to move the board is a pair (own, opp). Shifting a
 * mask by 1, 7, 8 or 9 bits moves every stone one step in a direction at once, so all
 * 64 squares are scanned together instead of one by one. A run of opponent stones is
 * followed with an occluded fill in the Kogge-Stone (parallel-prefix) style: three
 * shift-and-mask steps of 1, 2 and 4 squares reach a run of up to 7. An edge mask
 * (columns b..g) keeps sideways and diagonal runs from wrapping from one row into the
 * next. The same fill gives every legal move at once (start from all own stones) and
 * the stones one move flips (start from the move's square).
 *
 * Source: this stage goes past the articles (docs/sources.md): bitboards with Kogge-Stone
 * fills are the well-known public technique of computer chess and Reversi engines
 * (occluded fills, "dumb7fill" and its parallel-prefix variant). Our own code.
 *
 * Changed from the previous stage: everything about the representation. The byte
 * array and the direction loops are gone; `Board` is two uint64_t, and the eight
 * directions are four shift amounts, each used towards higher and lower bits. A fast
 * perft (`perftFast`) works on the masks alone, with no square lists and no copies of
 * a stage Board. legalMoves turns the move mask into squares by its set bits only,
 * lowest first (__builtin_ctzll, then m &= m - 1), instead of testing all 64 bits as a
 * square-by-square scan would. Portable C++11 with no intrinsics, so the sketch runs on 8- and
 * 32-bit boards too (where each 64-bit operation costs several instructions).
 *
 * Preconditions for every function: x and y in 0..7, `me` is WHITE or BLACK. They
 * are checked at the host boundary, not here, so the code stays as small as the idea.
 */
#ifndef REVERSI_LAB_S09_BITBOARD_H
#define REVERSI_LAB_S09_BITBOARD_H

#include <stdint.h>

/// Stage 09: bitboards, Kogge-Stone fills.
namespace s09 {

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

/**
 * @brief The stones of one colour.
 * @param b the board
 * @param me WHITE or BLACK
 * @return the mask of `me`'s stones
 */
inline uint64_t stones(const Board& b, uint8_t me) { return me == BLACK ? b.black : b.white; }

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
  return popCount(flips(move, stones(b, me), stones(b, 3 - me)));
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
  const uint64_t f = flips(move, stones(b, me), stones(b, 3 - me));
  if (f == 0) return 0;
  b.white ^= f;  // a flipped stone changes colour: one XOR on each mask
  b.black ^= f;
  if (me == BLACK) b.black |= move;
  else b.white |= move;
  return popCount(f);
}

/**
 * @brief Lists the legal moves of `me`, lowest set bit first.
 *
 * Only the set bits are visited: __builtin_ctzll gives the index of the lowest one (one
 * instruction on most 64-bit CPUs, a short libgcc routine on an AVR or an lx106), and
 * m &= m - 1 clears it. A loop over all 64 bits would test the empty ones too, and
 * there are many more of those than moves.
 *
 * @param b the board
 * @param me the side to move, WHITE or BLACK
 * @param out receives the legal squares as y*8+x, in ascending order
 * @return how many squares were written to `out` (0 means `me` must pass)
 */
inline int legalMoves(const Board& b, uint8_t me, uint8_t out[64]) {
  uint64_t m = moveMask(stones(b, me), stones(b, 3 - me));
  int n = 0;
  for (; m; m &= m - 1) out[n++] = (uint8_t)__builtin_ctzll(m);  // m is not 0 here: ctz is defined
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
 * @brief Perft from a stage Board (the host's perft uses it instead of the generic one).
 * @param b the position
 * @param me the side to move, WHITE or BLACK
 * @param depth plies, >= 0
 * @param bulk at the last ply, count the moves instead of playing them
 * @return the number of leaves
 */
inline uint64_t perftFast(const Board& b, uint8_t me, int depth, bool bulk) {
  return perftMasks(stones(b, me), stones(b, 3 - me), depth, bulk);
}

}  // namespace s09

#endif  // REVERSI_LAB_S09_BITBOARD_H
