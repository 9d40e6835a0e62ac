/**
 * @file s05_cell91.h
 * @brief Stage 05 — 91 cells: rows share one wall column, each direction is one offset.
 *
 * Technique: in the flat 10x10 board of stage 04 the right wall of one row and the
 * left wall of the next row sit side by side in memory. One of them is enough, so a
 * row becomes 9 cells (one shared wall, then 8 squares) and the array shrinks to
 * 91: a top wall row (0..8), eight board rows each starting with its shared wall
 * (9..80), and a bottom row of 10 walls (81..90; the tenth catches the down-right
 * step from the last square). Each direction is then a single index offset,
 * dy * 9 + dx: -10, -9, -8, -1, +1, +8, +9, +10. Stepping right off column 8 lands
 * on the next row's wall, stepping left off column 1 on this row's wall.
 *
 * Source: the M5Stack/ESP32 Othello article on "flipping logic" (article 000 in
 * docs/sources.md), step 5, `ban[91]` indexed by y * 9 + x; the same "odd-shaped wall" board of
 * 91 elements and its offsets in the Reversi/shogi AI blog "羊の人工知能研究"
 * (article 003 in docs/sources.md), whose worked example is reproduced here: from index 44
 * (H4) the steps +1, -8 and +10 land on the walls 45, 36 and 54.
 *
 * Changed from stage 04: WIDTH 9 instead of 10 and 91 cells instead of 100, and, as
 * article 000 closes by suggesting, the scan takes the direction as one index offset
 * from a table instead of (dx, dy), so it no longer multiplies per scan.
 *
 * Exercise 04 (reference solution): a table FLIP_DIRS gives, for each square, the
 * directions that have room to flip; countFlips and play scan only those (a corner
 * three, an edge square three or five) instead of all eight.
 *
 * Preconditions for every function: x and y in 0..7, `me` is WHITE or BLACK. They
 * are checked at the host boundary, not here, so the code stays as small as the idea.
 */
#ifndef REVERSI_LAB_S05_CELL91_H
#define REVERSI_LAB_S05_CELL91_H

#include <stdint.h>

/// Stage 05: 91-cell board, rows share one wall column.
namespace s05 {

const uint8_t EMPTY = 0;  ///< No stone (the articles' 0).
const uint8_t WHITE = 1;  ///< White stone (the articles' 1).
const uint8_t BLACK = 2;  ///< Black stone (the articles' 2); the opponent of c is 3 - c.
const uint8_t WALL = 9;   ///< Off the board (the articles' 9): stops every scan.

const int WIDTH = 9;   ///< Cells per row of the array: one shared wall, 8 squares.
const int CELLS = 91;  ///< Cells in the array: 10 rows of WIDTH plus one more wall.

/// The eight directions as index offsets dy * WIDTH + dx, clockwise from up:
/// up, up-right, right, down-right, down, down-left, left, up-left.
const int8_t DIR[8] = {-9, -8, +1, +10, +9, +8, -1, -10};

/// Exercise 04: which directions can flip on each square, one bit per DIR entry (bit d
/// for DIR[d]), indexed by y * 8 + x. A direction can flip only if at least two squares
/// lie before the wall: an opponent run of one or more and an own stone to close it.
/// So bit d is set when (x + 2 dx, y + 2 dy) is still on the board: up needs y >= 2,
/// down y <= 5, left x >= 2, right x <= 5, a diagonal both of its two. Each entry is
/// thus a row mask AND a column mask: rows 0-1 allow 0x7C (nothing upwards), rows 6-7
/// 0xC7 (nothing downwards), columns 0-1 0x1F (nothing leftwards), columns 6-7 0xF1
/// (nothing rightwards). The 2x2 block of each corner keeps 3 directions, the rest of
/// the two outer rings 5, the 16 central squares all 8 (5.25 on average).
const uint8_t FLIP_DIRS[64] = {
    0x1C, 0x1C, 0x7C, 0x7C, 0x7C, 0x7C, 0x70, 0x70,  // row 0
    0x1C, 0x1C, 0x7C, 0x7C, 0x7C, 0x7C, 0x70, 0x70,  // row 1
    0x1F, 0x1F, 0xFF, 0xFF, 0xFF, 0xFF, 0xF1, 0xF1,  // row 2
    0x1F, 0x1F, 0xFF, 0xFF, 0xFF, 0xFF, 0xF1, 0xF1,  // row 3
    0x1F, 0x1F, 0xFF, 0xFF, 0xFF, 0xFF, 0xF1, 0xF1,  // row 4
    0x1F, 0x1F, 0xFF, 0xFF, 0xFF, 0xFF, 0xF1, 0xF1,  // row 5
    0x07, 0x07, 0xC7, 0xC7, 0xC7, 0xC7, 0xC1, 0xC1,  // row 6
    0x07, 0x07, 0xC7, 0xC7, 0xC7, 0xC7, 0xC1, 0xC1,  // row 7
};

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
 * @brief Stones `me` would flip in one direction from `pos` (the article's isOkuLine).
 * @param b the board
 * @param pos index of the move in Board::cells
 * @param me the side to move, WHITE or BLACK
 * @param step the direction, one of DIR
 * @return the length of the opponent run if an own stone ends it, else 0
 */
inline int lineFlips(const Board& b, int pos, uint8_t me, int step) {
  const uint8_t opp = static_cast<uint8_t>(3 - me);
  int run = 0;  // opponent stones seen so far
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
  // Only the directions with room for a run and its closing stone (FLIP_DIRS).
  unsigned m = FLIP_DIRS[y * 8 + x];
  for (int d = 0; m; d++, m >>= 1)  // ends after the last direction left in the set
    if (m & 1) total += lineFlips(b, pos, me, DIR[d]);
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
  unsigned m = FLIP_DIRS[y * 8 + x];
  for (int d = 0; m; d++, m >>= 1) {
    if (!(m & 1)) continue;  // no room to flip in this direction
    int n = lineFlips(b, pos, me, DIR[d]);
    total += n;
    for (int p = pos + DIR[d]; n > 0; n--, p += DIR[d]) b.cells[p] = me;
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

}  // namespace s05

#endif  // REVERSI_LAB_S05_CELL91_H
