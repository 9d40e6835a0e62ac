/**
 * @file s02_delta.h
 * @brief Stage 02 — delta vectors: one line scan, called with eight (dx, dy) steps.
 *
 * Technique: the eight copied loops of stage 01 differ only in how x and y change,
 * so a direction becomes data, an increment (dx, dy), and one function scans a line
 * for any increment. The bound test moves into that one loop's condition.
 *
 * Source: the M5Stack/ESP32 Othello article on "flipping logic" (article 000 in
 * docs/sources.md), step 2 (its `isOkuLine`); the increments are listed clockwise from up, as in
 * the C# article "can I place a stone here?" (article 004 in docs/sources.md).
 *
 * Changed from stage 01: the sixteen copied loops (eight to count, eight to flip)
 * become one line scan and a table of eight increments. Same 8x8 array.
 *
 * Preconditions for every function: x and y in 0..7, `me` is WHITE or BLACK. They
 * are checked at the host boundary, not here, so the code stays as small as the idea.
 */
#ifndef REVERSI_LAB_S02_DELTA_H
#define REVERSI_LAB_S02_DELTA_H

#include <stdint.h>

/// Stage 02: 8x8 array, one line scan driven by (dx, dy) increments.
namespace s02 {

const uint8_t EMPTY = 0;  ///< No stone (the articles' 0).
const uint8_t WHITE = 1;  ///< White stone (the articles' 1).
const uint8_t BLACK = 2;  ///< Black stone (the articles' 2); the opponent of c is 3 - c.

/// x increments of the eight directions, clockwise from up.
const int8_t DX[8] = {0, 1, 1, 1, 0, -1, -1, -1};
/// y increments of the eight directions, clockwise from up (y grows downwards).
const int8_t DY[8] = {-1, -1, 0, 1, 1, 1, 0, -1};

/// The board as the article keeps it: 64 bytes, row by row.
struct Board {
  uint8_t cells[8][8];  ///< cells[y][x], the article's ban[y][x]: y is the row, x the column.
};

/**
 * @brief Empties every square.
 * @param b the board to clear
 */
inline void clear(Board& b) {
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 8; x++) b.cells[y][x] = EMPTY;
}

/**
 * @brief Puts a stone (or EMPTY) on one square, without flipping anything.
 * @param b the board
 * @param x column 0..7, left to right
 * @param y row 0..7, top to bottom
 * @param stone EMPTY, WHITE or BLACK
 */
inline void setCell(Board& b, int x, int y, uint8_t stone) { b.cells[y][x] = stone; }

/**
 * @brief Reads one square.
 * @param b the board
 * @param x column 0..7
 * @param y row 0..7
 * @return EMPTY, WHITE or BLACK
 */
inline uint8_t cell(const Board& b, int x, int y) { return b.cells[y][x]; }

/**
 * @brief Stones `me` would flip in one direction from (x, y) (the article's isOkuLine).
 * @param b the board
 * @param x column 0..7 of the move
 * @param y row 0..7 of the move
 * @param me the side to move, WHITE or BLACK
 * @param dx column step, -1, 0 or 1
 * @param dy row step, -1, 0 or 1
 * @return the length of the opponent run if an own stone ends it, else 0
 */
inline int lineFlips(const Board& b, int x, int y, uint8_t me, int dx, int dy) {
  const uint8_t opp = static_cast<uint8_t>(3 - me);
  int run = 0;  // opponent stones seen so far
  for (x += dx, y += dy; 0 <= x && x < 8 && 0 <= y && y < 8; x += dx, y += dy) {
    if (b.cells[y][x] == opp) {  // keep walking over the opponent
      run++;
      continue;
    }
    return b.cells[y][x] == me ? run : 0;  // own stone brackets, empty does not
  }
  return 0;  // ran off the board: nothing bracketed
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
  if (b.cells[y][x] != EMPTY) return 0;  // only an empty square can take a stone
  int total = 0;
  for (int d = 0; d < 8; d++) total += lineFlips(b, x, y, me, DX[d], DY[d]);
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
  if (b.cells[y][x] != EMPTY) return 0;
  int total = 0;
  for (int d = 0; d < 8; d++) {
    int n = lineFlips(b, x, y, me, DX[d], DY[d]);
    total += n;
    for (int cx = x + DX[d], cy = y + DY[d]; n > 0; n--, cx += DX[d], cy += DY[d]) b.cells[cy][cx] = me;
  }
  if (total > 0) b.cells[y][x] = me;  // nothing flipped: illegal, nothing changed
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

}  // namespace s02

#endif  // REVERSI_LAB_S02_DELTA_H
