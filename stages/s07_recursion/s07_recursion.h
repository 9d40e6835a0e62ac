/**
 * @file s07_recursion.h
 * @brief Stage 07 — recursion: the direction scan, the flip, and both in one pass,
 * each written as a function that calls itself while it sees opponent stones.
 *
 * Technique: a run of opponent stones is "one opponent stone, then the rest of the
 * run". The check (checkSub) looks at one cell: an opponent stone means "count it and
 * ask the next cell", an own stone ends a closed run, anything else an open one. The
 * flip (flipSub) may assume the run is closed: it turns opponent stones over until it
 * meets its own. checkAndFlipSub does both in one recursion: it walks out to the end
 * of the run and, only if an own stone closes it, flips the stones on the way back,
 * so a move is checked and played by a single pass per direction. play uses that
 * form; playCheckThenFlip (check, then flip) is kept beside it for comparison.
 *
 * Source: the Reversi/shogi AI blog "羊の人工知能研究" (article 003 in docs/sources.md): its
 * posts on checking by recursion, flipping by loop and by recursion, and checking and
 * flipping in one go (which its author found "a little lighter" than check then move,
 * and recursion "slightly faster" than the loop). Its pitfall: a yes/no checkSub that
 * answers yes on an own stone also says yes when an own stone sits right next to the
 * move; its fix starts the recursion only past an opponent neighbour (lineFlips).
 *
 * Changed from stage 06: lineFlips starts the recursive checkSub instead of looping;
 * the flip is the recursive flipSub; checkAndFlipSub is new and play uses it. The
 * colour and direction stay template parameters, so the diff shows only recursion.
 *
 * Preconditions for every function: x and y in 0..7, `me` is WHITE or BLACK. They
 * are checked at the host boundary, not here, so the code stays as small as the idea.
 */
#ifndef REVERSI_LAB_S07_RECURSION_H
#define REVERSI_LAB_S07_RECURSION_H

#include <stdint.h>

/// Stage 07: the 91-cell board, every line walked by recursion.
namespace s07 {

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
 * @brief The rest of a run in direction STEP, by recursion (the article's checkSub).
 * @tparam ME the side to move, WHITE or BLACK, fixed at compile time
 * @tparam STEP the direction as an index offset: -10, -9, -8, -1, +1, +8, +9 or +10
 * @param b the board
 * @param pos the cell to look at
 * @param run opponent stones already passed before `pos`
 * @return the length of the whole run if an own stone ends it, else 0
 */
template <uint8_t ME, int STEP>
inline int checkSub(const Board& b, int pos, int run) {
  if (b.cells[pos] == 3 - ME) return checkSub<ME, STEP>(b, pos + STEP, run + 1);  // one more: ask the next cell
  return b.cells[pos] == ME ? run : 0;  // an own stone closes the run; empty or wall leaves it open
}

/**
 * @brief Stones ME would flip in direction STEP from `pos` (the article's check, one direction).
 * @tparam ME the side to move, WHITE or BLACK
 * @tparam STEP the direction as an index offset
 * @param b the board
 * @param pos index of the move in Board::cells
 * @return the length of the opponent run if an own stone ends it, else 0
 */
template <uint8_t ME, int STEP>
inline int lineFlips(const Board& b, int pos) {
  // The article's fix: recurse only past an opponent neighbour, so an own stone right
  // next to the move is never taken for the end of a run.
  return b.cells[pos + STEP] == 3 - ME ? checkSub<ME, STEP>(b, pos + 2 * STEP, 1) : 0;
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
 * @brief Flips a closed run in direction STEP, by recursion (the article's move_sub).
 * @tparam ME the side to move, WHITE or BLACK
 * @tparam STEP the direction as an index offset
 * @param b the board
 * @param pos the first cell of a run that an own stone is known to close
 */
template <uint8_t ME, int STEP>
inline void flipSub(Board& b, int pos) {
  if (b.cells[pos] != 3 - ME) return;  // the own stone at the end of the run
  b.cells[pos] = ME;
  flipSub<ME, STEP>(b, pos + STEP);
}

/**
 * @brief Check, then flip: the run ME brackets in direction STEP from `pos`, if any.
 * @tparam ME the side to move, WHITE or BLACK
 * @tparam STEP the direction as an index offset
 * @param b the board
 * @param pos index of the move in Board::cells
 * @return the number of stones flipped in this direction
 */
template <uint8_t ME, int STEP>
inline int flipLine(Board& b, int pos) {
  const int n = lineFlips<ME, STEP>(b, pos);
  if (n > 0) flipSub<ME, STEP>(b, pos + STEP);
  return n;
}

/**
 * @brief Check and flip in one recursion: walks to the end of the run and, if an own
 *        stone closes it, flips the stones on the way back.
 * @tparam ME the side to move, WHITE or BLACK
 * @tparam STEP the direction as an index offset
 * @param b the board
 * @param pos the cell to look at
 * @return how many stones from `pos` on were flipped, or -1 when the run is open
 *         (then nothing was flipped)
 */
template <uint8_t ME, int STEP>
inline int checkAndFlipSub(Board& b, int pos) {
  if (b.cells[pos] == ME) return 0;       // closed: the callers flip on the way back
  if (b.cells[pos] != 3 - ME) return -1;  // empty or wall: open, nobody flips
  const int n = checkAndFlipSub<ME, STEP>(b, pos + STEP);
  if (n < 0) return n;
  b.cells[pos] = ME;
  return n + 1;
}

/**
 * @brief Flips the run ME brackets in direction STEP from `pos` in a single recursion.
 * @tparam ME the side to move, WHITE or BLACK
 * @tparam STEP the direction as an index offset
 * @param b the board
 * @param pos index of the move in Board::cells
 * @return the number of stones flipped in this direction
 */
template <uint8_t ME, int STEP>
inline int checkAndFlipLine(Board& b, int pos) {
  const int n = checkAndFlipSub<ME, STEP>(b, pos + STEP);
  return n > 0 ? n : 0;  // an own neighbour gives 0 here: nothing to flip, no pitfall
}

/**
 * @brief Plays ME at index `pos`, one recursion per direction that checks and flips.
 * @tparam ME the side to move, WHITE or BLACK
 * @param b the board, changed only when the move is legal
 * @param pos index of an empty square in Board::cells
 * @return the number of stones flipped; 0 means illegal and `b` is unchanged
 */
template <uint8_t ME>
inline int playAt(Board& b, int pos) {
  // The eight rays share no square, so flipping one cannot change another's scan.
  int total = checkAndFlipLine<ME, -9>(b, pos);
  total += checkAndFlipLine<ME, -8>(b, pos);
  total += checkAndFlipLine<ME, +1>(b, pos);
  total += checkAndFlipLine<ME, +10>(b, pos);
  total += checkAndFlipLine<ME, +9>(b, pos);
  total += checkAndFlipLine<ME, +8>(b, pos);
  total += checkAndFlipLine<ME, -1>(b, pos);
  total += checkAndFlipLine<ME, -10>(b, pos);
  if (total > 0) b.cells[pos] = ME;
  return total;
}

/**
 * @brief Plays ME at index `pos` the two-pass way: check a direction, then flip it.
 * @tparam ME the side to move, WHITE or BLACK
 * @param b the board, changed only when the move is legal
 * @param pos index of an empty square in Board::cells
 * @return the number of stones flipped; 0 means illegal and `b` is unchanged
 */
template <uint8_t ME>
inline int playCheckThenFlipAt(Board& b, int pos) {
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
 * @brief The same move as play, made by checking each direction and then flipping it
 *        (kept to compare with play's single recursion).
 * @param b the board, changed only when the move is legal
 * @param x column 0..7 of the move
 * @param y row 0..7 of the move
 * @param me the side to move, WHITE or BLACK
 * @return the number of stones flipped; 0 means illegal and `b` is unchanged
 */
inline int playCheckThenFlip(Board& b, int x, int y, uint8_t me) {
  const int pos = squareIndex(x, y);
  if (b.cells[pos] != EMPTY) return 0;
  return me == BLACK ? playCheckThenFlipAt<BLACK>(b, pos) : playCheckThenFlipAt<WHITE>(b, pos);
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

}  // namespace s07

#endif  // REVERSI_LAB_S07_RECURSION_H
