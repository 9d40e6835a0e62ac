/**
 * @file s03_wall.h
 * @brief Stage 03 — walls: a 10x10 board with a ring of WALL, no bound tests.
 *
 * Technique: the 8x8 board sits inside a one-square ring of WALL (9). A scan that
 * leaves the board meets a wall, and a wall is neither an opponent stone nor an own
 * stone, so it ends the run exactly like an empty square. The bound test disappears
 * from the line scan; the data structure does the work.
 *
 * Source: the M5Stack/ESP32 Othello article on "flipping logic" (article 000 in
 * docs/sources.md), step 3, the 10x10 board padded with 9s.
 *
 * Changed from stage 02: `cells[10][10]` with a wall ring instead of `cells[8][8]`;
 * board square (x, y) lives at cells[y + 1][x + 1]; the loop condition of the line
 * scan has no bound test any more.
 *
 * Preconditions for every function: x and y in 0..7, `me` is WHITE or BLACK. They
 * are checked at the host boundary, not here, so the code stays as small as the idea.
 */
#ifndef REVERSI_LAB_S03_WALL_H
#define REVERSI_LAB_S03_WALL_H

#include <stdint.h>

/// Stage 03: 10x10 array with a wall ring, no bound tests.
namespace s03 {

const uint8_t EMPTY = 0;  ///< No stone (the articles' 0).
const uint8_t WHITE = 1;  ///< White stone (the articles' 1).
const uint8_t BLACK = 2;  ///< Black stone (the articles' 2); the opponent of c is 3 - c.
const uint8_t WALL = 9;   ///< Off the board (the articles' 9): stops every scan.

/// x increments of the eight directions, clockwise from up.
const int8_t DX[8] = {0, 1, 1, 1, 0, -1, -1, -1};
/// y increments of the eight directions, clockwise from up (y grows downwards).
const int8_t DY[8] = {-1, -1, 0, 1, 1, 1, 0, -1};

/// The board inside a ring of walls: 100 bytes, row by row.
struct Board {
  uint8_t cells[10][10];  ///< cells[y + 1][x + 1] holds square (x, y); row/column 0 and 9 are WALL.
};

/**
 * @brief Empties every square and builds the wall ring.
 * @param b the board to clear
 */
inline void clear(Board& b) {
  for (int y = 0; y < 10; y++)
    for (int x = 0; x < 10; x++) b.cells[y][x] = WALL;  // everything is wall...
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 8; x++) b.cells[y + 1][x + 1] = EMPTY;  // ...except the 64 squares
}

/**
 * @brief Puts a stone (or EMPTY) on one square, without flipping anything.
 * @param b the board
 * @param x column 0..7, left to right
 * @param y row 0..7, top to bottom
 * @param stone EMPTY, WHITE or BLACK
 */
inline void setCell(Board& b, int x, int y, uint8_t stone) { b.cells[y + 1][x + 1] = stone; }

/**
 * @brief Reads one square.
 * @param b the board
 * @param x column 0..7
 * @param y row 0..7
 * @return EMPTY, WHITE or BLACK
 */
inline uint8_t cell(const Board& b, int x, int y) { return b.cells[y + 1][x + 1]; }

/**
 * @brief Stones `me` would flip in one direction from (x, y) (the article's isOkuLine).
 * @param b the board
 * @param x column 1..8 of the move, in the walled array's coordinates
 * @param y row 1..8 of the move, in the walled array's coordinates
 * @param me the side to move, WHITE or BLACK
 * @param dx column step, -1, 0 or 1
 * @param dy row step, -1, 0 or 1
 * @return the length of the opponent run if an own stone ends it, else 0
 */
inline int lineFlips(const Board& b, int x, int y, uint8_t me, int dx, int dy) {
  const uint8_t opp = static_cast<uint8_t>(3 - me);
  int run = 0;  // opponent stones seen so far
  for (x += dx, y += dy;; x += dx, y += dy) {
    if (b.cells[y][x] == opp) {  // keep walking over the opponent
      run++;
      continue;
    }
    return b.cells[y][x] == me ? run : 0;  // own stone brackets, empty or wall does not
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
  x += 1;  // step inside the wall ring
  y += 1;
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
  x += 1;  // step inside the wall ring
  y += 1;
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

}  // namespace s03

#endif  // REVERSI_LAB_S03_WALL_H
