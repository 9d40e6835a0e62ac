/**
 * @file s04_flat.h
 * @brief Stage 04 — flat array: the walled 10x10 board as one 1-D array of 100.
 *
 * Technique: the 10x10 walled board is stored as `cells[100]`, row after row, so
 * square (x, y) of the walled board is one index, row * 10 + column. Moving by
 * (dx, dy) moves that index by dy * 10 + dx, so the line scan keeps one index and
 * adds one step instead of updating two coordinates and recomputing a 2-D address.
 *
 * Source: the M5Stack/ESP32 Othello article on "flipping logic" (article 000 in
 * docs/sources.md), step 4, `ban[100]` indexed by y * 10 + x; its author notes that a 1-D array
 * may be faster to access than a 2-D one (and did not measure it).
 *
 * Changed from stage 03: `cells[100]` instead of `cells[10][10]`; board square
 * (x, y) is at index (y + 1) * 10 + (x + 1); the line scan walks that index by
 * dy * 10 + dx. The walls and the direction table stay as they were.
 *
 * Preconditions for every function: x and y in 0..7, `me` is WHITE or BLACK. They
 * are checked at the host boundary, not here, so the code stays as small as the idea.
 */
#ifndef REVERSI_LAB_S04_FLAT_H
#define REVERSI_LAB_S04_FLAT_H

#include <stdint.h>

/// Stage 04: the walled 10x10 board as a 1-D array.
namespace s04 {

const uint8_t EMPTY = 0;  ///< No stone (the articles' 0).
const uint8_t WHITE = 1;  ///< White stone (the articles' 1).
const uint8_t BLACK = 2;  ///< Black stone (the articles' 2); the opponent of c is 3 - c.
const uint8_t WALL = 9;   ///< Off the board (the articles' 9): stops every scan.

/// x increments of the eight directions, clockwise from up.
const int8_t DX[8] = {0, 1, 1, 1, 0, -1, -1, -1};
/// y increments of the eight directions, clockwise from up (y grows downwards).
const int8_t DY[8] = {-1, -1, 0, 1, 1, 1, 0, -1};

const int WIDTH = 10;   ///< Cells per row of the array: wall, 8 squares, wall.
const int CELLS = 100;  ///< Cells in the array: 10 rows of WIDTH.

/// The board inside a ring of walls, flattened: 100 bytes, row by row.
struct Board {
  uint8_t cells[CELLS];  ///< Square (x, y) is cells[squareIndex(x, y)]; the ring is WALL.
};

/**
 * @brief Where board square (x, y) lives in Board::cells.
 * @param x column 0..7
 * @param y row 0..7
 * @return the index (y + 1) * WIDTH + (x + 1), in 11..88
 */
inline int squareIndex(int x, int y) { return (y + 1) * WIDTH + (x + 1); }

/**
 * @brief Empties every square and builds the wall ring.
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
 * @brief Stones `me` would flip in one direction from `pos` (the article's isOkuLine).
 * @param b the board
 * @param pos index of the move in Board::cells
 * @param me the side to move, WHITE or BLACK
 * @param dx column step, -1, 0 or 1
 * @param dy row step, -1, 0 or 1
 * @return the length of the opponent run if an own stone ends it, else 0
 */
inline int lineFlips(const Board& b, int pos, uint8_t me, int dx, int dy) {
  const uint8_t opp = static_cast<uint8_t>(3 - me);
  const int step = dy * WIDTH + dx;  // one row down is WIDTH cells on
  int run = 0;                       // opponent stones seen so far
  for (pos += step;; pos += step) {
    if (b.cells[pos] == opp) {  // keep walking over the opponent
      run++;
      continue;
    }
    return b.cells[pos] == me ? run : 0;  // own stone brackets, empty or wall does not
  }
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
  if (b.cells[pos] != EMPTY) return 0;  // only an empty square can take a stone
  int total = 0;
  for (int d = 0; d < 8; d++) total += lineFlips(b, pos, me, DX[d], DY[d]);
  return total;
}

/**
 * @brief Plays `me` at (x, y): places the stone and flips every bracketed run.
 *
 * Each direction is scanned once; its run is flipped right away. The eight rays
 * from (x, y) share no square, so flipping one cannot change another's scan.
 *
 * @param b the board, changed only when the move is legal
 * @param x column 0..7 of the move
 * @param y row 0..7 of the move
 * @param me the side to move, WHITE or BLACK
 * @return the number of stones flipped; 0 means illegal and `b` is unchanged
 */
inline int play(Board& b, int x, int y, uint8_t me) {
  const int pos = squareIndex(x, y);
  if (b.cells[pos] != EMPTY) return 0;
  int total = 0;
  for (int d = 0; d < 8; d++) {
    int n = lineFlips(b, pos, me, DX[d], DY[d]);
    total += n;
    const int step = DY[d] * WIDTH + DX[d];
    for (int p = pos + step; n > 0; n--, p += step) b.cells[p] = me;
  }
  if (total > 0) b.cells[pos] = me;  // nothing flipped: illegal, nothing changed
  return total;
}

/**
 * @brief Lists the legal moves of `me`.
 * @param b the board
 * @param me the side to move, WHITE or BLACK
 * @param out receives the legal squares as y*8+x, in ascending order
 * @return how many squares were written to `out` (0 means `me` must pass)
 */
inline int legalMoves(const Board& b, uint8_t me, uint8_t out[64]) {
  int n = 0;
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 8; x++)
      if (countFlips(b, x, y, me) > 0) out[n++] = static_cast<uint8_t>(y * 8 + x);
  return n;
}

}  // namespace s04

#endif  // REVERSI_LAB_S04_FLAT_H
