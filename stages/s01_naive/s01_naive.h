/**
 * @file s01_naive.h
 * @brief Stage 01 — naive: an 8x8 array and eight hand-written direction loops.
 *
 * Technique: the board is `cells[y][x]` (the article's `ban[y][x]`). Counting the
 * stones a move flips (the article's `isOku`) walks each of the eight directions
 * with its own copy of the loop and its own bound test, counts opponent stones, and
 * adds them only when the run ends on an own stone.
 *
 * Source: the M5Stack/ESP32 Othello article on "flipping logic" (article 000 in
 * docs/sources.md), step 1, the deliberately straightforward version.
 *
 * Changed from the previous stage: nothing, this is the starting point. The eight
 * copies are the lesson: they work, and every later stage removes one kind of
 * repetition or one test from them.
 *
 * Preconditions for every function: x and y in 0..7, `me` is WHITE or BLACK. They
 * are checked at the host boundary, not here, so the code stays as small as the idea.
 */
#ifndef REVERSI_LAB_S01_NAIVE_H
#define REVERSI_LAB_S01_NAIVE_H

#include <stdint.h>

/// Stage 01: 8x8 array, one hand-written loop per direction.
namespace s01 {

const uint8_t EMPTY = 0;  ///< No stone (the articles' 0).
const uint8_t WHITE = 1;  ///< White stone (the articles' 1).
const uint8_t BLACK = 2;  ///< Black stone (the articles' 2); the opponent of c is 3 - c.

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
 * @brief How many stones `me` would flip by playing at (x, y) (the article's isOku).
 *
 * Eight copies of the same walk, one per direction, clockwise from up. Each copy
 * tests the board edge itself: a diagonal must test both coordinates.
 *
 * @param b the board
 * @param x column 0..7 of the move
 * @param y row 0..7 of the move
 * @param me the side to move, WHITE or BLACK
 * @return the number of opponent stones flipped; 0 means the move is illegal
 *         (also for an occupied square)
 */
inline int countFlips(const Board& b, int x, int y, uint8_t me) {
  if (b.cells[y][x] != EMPTY) return 0;  // only an empty square can take a stone
  const uint8_t opp = static_cast<uint8_t>(3 - me);
  int total = 0;  // stones flipped in all directions so far
  int run;        // opponent stones seen in the current direction
  int cx, cy;     // the square being looked at

  // up
  run = 0;
  for (cx = x, cy = y - 1; cy >= 0; cy--) {
    if (b.cells[cy][cx] == opp) {  // keep walking over the opponent
      run++;
      continue;
    }
    if (b.cells[cy][cx] == me) total += run;  // bracketed: the run flips
    break;                                    // own stone or empty square: stop
  }
  // up-right
  run = 0;
  for (cx = x + 1, cy = y - 1; cx < 8 && cy >= 0; cx++, cy--) {
    if (b.cells[cy][cx] == opp) {
      run++;
      continue;
    }
    if (b.cells[cy][cx] == me) total += run;
    break;
  }
  // right
  run = 0;
  for (cx = x + 1, cy = y; cx < 8; cx++) {
    if (b.cells[cy][cx] == opp) {
      run++;
      continue;
    }
    if (b.cells[cy][cx] == me) total += run;
    break;
  }
  // down-right
  run = 0;
  for (cx = x + 1, cy = y + 1; cx < 8 && cy < 8; cx++, cy++) {
    if (b.cells[cy][cx] == opp) {
      run++;
      continue;
    }
    if (b.cells[cy][cx] == me) total += run;
    break;
  }
  // down
  run = 0;
  for (cx = x, cy = y + 1; cy < 8; cy++) {
    if (b.cells[cy][cx] == opp) {
      run++;
      continue;
    }
    if (b.cells[cy][cx] == me) total += run;
    break;
  }
  // down-left
  run = 0;
  for (cx = x - 1, cy = y + 1; cx >= 0 && cy < 8; cx--, cy++) {
    if (b.cells[cy][cx] == opp) {
      run++;
      continue;
    }
    if (b.cells[cy][cx] == me) total += run;
    break;
  }
  // left
  run = 0;
  for (cx = x - 1, cy = y; cx >= 0; cx--) {
    if (b.cells[cy][cx] == opp) {
      run++;
      continue;
    }
    if (b.cells[cy][cx] == me) total += run;
    break;
  }
  // up-left
  run = 0;
  for (cx = x - 1, cy = y - 1; cx >= 0 && cy >= 0; cx--, cy--) {
    if (b.cells[cy][cx] == opp) {
      run++;
      continue;
    }
    if (b.cells[cy][cx] == me) total += run;
    break;
  }
  return total;
}

/**
 * @brief Plays `me` at (x, y): places the stone and flips every bracketed run.
 *
 * First asks countFlips whether the move is legal, then walks the eight directions
 * again, eight more copies: skip over opponent stones and, if an own stone ends the
 * run, walk back towards the move turning each stone over.
 *
 * @param b the board, changed only when the move is legal
 * @param x column 0..7 of the move
 * @param y row 0..7 of the move
 * @param me the side to move, WHITE or BLACK
 * @return the number of stones flipped; 0 means illegal and `b` is unchanged
 */
inline int play(Board& b, int x, int y, uint8_t me) {
  const int total = countFlips(b, x, y, me);
  if (total == 0) return 0;  // illegal: leave the board as it was
  const uint8_t opp = static_cast<uint8_t>(3 - me);
  int cx, cy;
  b.cells[y][x] = me;

  // up: skip the opponent stones; an own stone behind them means walk back and flip
  for (cx = x, cy = y - 1; cy >= 0 && b.cells[cy][cx] == opp; cy--) {}
  if (cy >= 0 && b.cells[cy][cx] == me)
    for (cy++; cy < y; cy++) b.cells[cy][cx] = me;
  // up-right
  for (cx = x + 1, cy = y - 1; cx < 8 && cy >= 0 && b.cells[cy][cx] == opp; cx++, cy--) {}
  if (cx < 8 && cy >= 0 && b.cells[cy][cx] == me)
    for (cx--, cy++; cy < y; cx--, cy++) b.cells[cy][cx] = me;
  // right
  for (cx = x + 1, cy = y; cx < 8 && b.cells[cy][cx] == opp; cx++) {}
  if (cx < 8 && b.cells[cy][cx] == me)
    for (cx--; cx > x; cx--) b.cells[cy][cx] = me;
  // down-right
  for (cx = x + 1, cy = y + 1; cx < 8 && cy < 8 && b.cells[cy][cx] == opp; cx++, cy++) {}
  if (cx < 8 && cy < 8 && b.cells[cy][cx] == me)
    for (cx--, cy--; cy > y; cx--, cy--) b.cells[cy][cx] = me;
  // down
  for (cx = x, cy = y + 1; cy < 8 && b.cells[cy][cx] == opp; cy++) {}
  if (cy < 8 && b.cells[cy][cx] == me)
    for (cy--; cy > y; cy--) b.cells[cy][cx] = me;
  // down-left
  for (cx = x - 1, cy = y + 1; cx >= 0 && cy < 8 && b.cells[cy][cx] == opp; cx--, cy++) {}
  if (cx >= 0 && cy < 8 && b.cells[cy][cx] == me)
    for (cx++, cy--; cy > y; cx++, cy--) b.cells[cy][cx] = me;
  // left
  for (cx = x - 1, cy = y; cx >= 0 && b.cells[cy][cx] == opp; cx--) {}
  if (cx >= 0 && b.cells[cy][cx] == me)
    for (cx++; cx < x; cx++) b.cells[cy][cx] = me;
  // up-left
  for (cx = x - 1, cy = y - 1; cx >= 0 && cy >= 0 && b.cells[cy][cx] == opp; cx--, cy--) {}
  if (cx >= 0 && cy >= 0 && b.cells[cy][cx] == me)
    for (cx++, cy++; cy < y; cx++, cy++) b.cells[cy][cx] = me;
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

}  // namespace s01

#endif  // REVERSI_LAB_S01_NAIVE_H
