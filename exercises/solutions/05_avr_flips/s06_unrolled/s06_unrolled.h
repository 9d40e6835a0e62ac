/**
 * @file s06_unrolled.h
 * @brief Stage 06 — colour and direction as compile-time constants: two specialised
 * scans, each with its eight directions written out.
 *
 * Technique: everything stage 05's scan loops over becomes a constant the compiler
 * sees. The side to move is a template parameter, so "is this the opponent?" compares
 * a cell with a literal 1 or 2 instead of a value held in a register, and the colour
 * a flip writes is a literal too. The direction is a template parameter as well, and
 * countFlips names the eight offsets one after the other (the loop over DIR is
 * unrolled by hand), so every scan steps by a literal. The public functions still take
 * the colour at run time; they test it once and call the black or the white copy.
 *
 * Source: the M5Stack/ESP32 Othello article on "flipping logic" (article 000 in
 * docs/sources.md) closes by suggesting separate black and white functions that compare against
 * constants, which "the compiler optimises better"; the Reversi/shogi AI blog
 * "羊の人工知能研究" (article 003 in docs/sources.md) unrolls loops whose trip count is fixed,
 * as the eight directions are. Whether either helps is measured on this stage's page.
 *
 * Changed from stage 05: lineFlips, countFlips, play and legalMoves take the colour
 * (and lineFlips the direction) as template parameters; countFlips and play list the
 * eight directions instead of looping over DIR; the run-time functions dispatch once.
 *
 * Preconditions for every function: x and y in 0..7, `me` is WHITE or BLACK. They
 * are checked at the host boundary, not here, so the code stays as small as the idea.
 */
#ifndef REVERSI_LAB_S06_UNROLLED_H
#define REVERSI_LAB_S06_UNROLLED_H

#include <stdint.h>

/// Stage 06: the 91-cell board with colour and direction fixed at compile time.
namespace s06 {

const uint8_t EMPTY = 0;  ///< No stone (the articles' 0).
const uint8_t WHITE = 1;  ///< White stone (the articles' 1).
const uint8_t BLACK = 2;  ///< Black stone (the articles' 2); the opponent of c is 3 - c.
const uint8_t WALL = 9;   ///< Off the board (the articles' 9): stops every scan.

const int WIDTH = 9;   ///< Cells per row of the array: one shared wall, 8 squares.
const int CELLS = 91;  ///< Cells in the array: 10 rows of WIDTH plus one more wall.

/// The board with walls shared between neighbouring rows: 91 bytes.
struct Board {
  uint8_t cells[CELLS];  ///< Square (x, y) is cells[squareIndex(x, y)]; every other cell is WALL.
};

/**
 * @brief Where board square (x, y) lives in Board::cells.
 * @param x column 0..7
 * @param y row 0..7
 * @return the index (y + 1) * WIDTH + (x + 1), in 10..80
 */
inline int squareIndex(int x, int y) { return (y + 1) * WIDTH + (x + 1); }

/**
 * @brief Empties every square and builds the walls.
 * @param b the board to clear
 */
inline void clear(Board& b) {
  for (int i = 0; i < CELLS; i++) b.cells[i] = WALL;  // everything is wall...
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 8; x++) b.cells[squareIndex(x, y)] = EMPTY;  // ...except the 64 squares
}

/**
 * @brief Puts a stone (or EMPTY) on one square, without flipping anything.
 * @param b the board
 * @param x column 0..7, left to right
 * @param y row 0..7, top to bottom
 * @param stone EMPTY, WHITE or BLACK
 */
inline void setCell(Board& b, int x, int y, uint8_t stone) { b.cells[squareIndex(x, y)] = stone; }

/**
 * @brief Reads one square.
 * @param b the board
 * @param x column 0..7
 * @param y row 0..7
 * @return EMPTY, WHITE or BLACK
 */
inline uint8_t cell(const Board& b, int x, int y) { return b.cells[squareIndex(x, y)]; }

/**
 * @brief Stones ME would flip in direction STEP from `pos` (the article's isOkuLine).
 * @tparam ME the side to move, WHITE or BLACK, fixed at compile time
 * @tparam STEP the direction as an index offset: -10, -9, -8, -1, +1, +8, +9 or +10
 * @param b the board
 * @param pos index of the move in Board::cells
 * @return the length of the opponent run if an own stone ends it, else 0
 */
template <uint8_t ME, int STEP>
inline int lineFlips(const Board& b, int pos) {
  const uint8_t OPP = 3 - ME;  // a constant too: the compare below is against a literal
  // Most directions end at once: the neighbour is empty, a wall or an own stone.
  // Answer those with one load and one compare, before the walk sets anything up.
  if (b.cells[pos + STEP] != OPP) return 0;
  int run = 1;  // the neighbour is the first opponent stone of the run
  for (pos += 2 * STEP;; pos += STEP) {
    if (b.cells[pos] == OPP) {
      run++;
      continue;
    }
    return b.cells[pos] == ME ? run : 0;
  }
}

/**
 * @brief How many stones ME would flip at index `pos`; the eight directions unrolled.
 * @tparam ME the side to move, WHITE or BLACK
 * @param b the board
 * @param pos index of an empty square in Board::cells
 * @return the number of opponent stones flipped; 0 means the move is illegal
 */
template <uint8_t ME>
inline int countFlipsAt(const Board& b, int pos) {
  return lineFlips<ME, -9>(b, pos) + lineFlips<ME, -8>(b, pos) + lineFlips<ME, +1>(b, pos) + lineFlips<ME, +10>(b, pos) +
         lineFlips<ME, +9>(b, pos) + lineFlips<ME, +8>(b, pos) + lineFlips<ME, -1>(b, pos) + lineFlips<ME, -10>(b, pos);
}

/**
 * @brief How many stones `me` would flip by playing at (x, y) (the article's isOku).
 * @param b the board
 * @param x column 0..7 of the move
 * @param y row 0..7 of the move
 * @param me the side to move, WHITE or BLACK
 * @return the number of opponent stones flipped; 0 means the move is illegal
 *         (also for an occupied square)
 */
inline int countFlips(const Board& b, int x, int y, uint8_t me) {
  const int pos = squareIndex(x, y);
  if (b.cells[pos] != EMPTY) return 0;
  return me == BLACK ? countFlipsAt<BLACK>(b, pos) : countFlipsAt<WHITE>(b, pos);  // the one run-time test
}

/**
 * @brief Flips the run ME brackets in direction STEP from `pos`, if any.
 * @tparam ME the side to move, WHITE or BLACK
 * @tparam STEP the direction as an index offset
 * @param b the board
 * @param pos index of the move in Board::cells
 * @return the number of stones flipped in this direction
 */
template <uint8_t ME, int STEP>
inline int flipLine(Board& b, int pos) {
  const int n = lineFlips<ME, STEP>(b, pos);
  for (int k = 0, p = pos + STEP; k < n; k++, p += STEP) b.cells[p] = ME;
  return n;
}

/**
 * @brief Plays ME at index `pos`: flips every bracketed run, then places the stone.
 * @tparam ME the side to move, WHITE or BLACK
 * @param b the board, changed only when the move is legal
 * @param pos index of an empty square in Board::cells
 * @return the number of stones flipped; 0 means illegal and `b` is unchanged
 */
template <uint8_t ME>
inline int playAt(Board& b, int pos) {
  // The eight rays share no square, so flipping one cannot change another's scan.
  int total = flipLine<ME, -9>(b, pos);
  total += flipLine<ME, -8>(b, pos);
  total += flipLine<ME, +1>(b, pos);
  total += flipLine<ME, +10>(b, pos);
  total += flipLine<ME, +9>(b, pos);
  total += flipLine<ME, +8>(b, pos);
  total += flipLine<ME, -1>(b, pos);
  total += flipLine<ME, -10>(b, pos);
  if (total > 0) b.cells[pos] = ME;
  return total;
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
  const int pos = squareIndex(x, y);
  if (b.cells[pos] != EMPTY) return 0;
  return me == BLACK ? playAt<BLACK>(b, pos) : playAt<WHITE>(b, pos);
}

/**
 * @brief Lists the legal moves of ME.
 * @tparam ME the side to move, WHITE or BLACK
 * @param b the board
 * @param out receives the legal squares as y*8+x, in ascending order
 * @return how many squares were written to `out`
 */
template <uint8_t ME>
inline int legalMovesOf(const Board& b, uint8_t out[64]) {
  int n = 0;
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 8; x++) {
      const int pos = squareIndex(x, y);
      if (b.cells[pos] == EMPTY && countFlipsAt<ME>(b, pos) > 0) out[n++] = static_cast<uint8_t>(y * 8 + x);
    }
  return n;
}

/**
 * @brief Lists the legal moves of `me`.
 * @param b the board
 * @param me the side to move, WHITE or BLACK
 * @param out receives the legal squares as y*8+x, in ascending order
 * @return how many squares were written to `out` (0 means `me` must pass)
 */
inline int legalMoves(const Board& b, uint8_t me, uint8_t out[64]) {
  return me == BLACK ? legalMovesOf<BLACK>(b, out) : legalMovesOf<WHITE>(b, out);
}

}  // namespace s06

#endif  // REVERSI_LAB_S06_UNROLLED_H
