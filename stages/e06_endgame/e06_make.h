/**
 * @file e06_make.h
 * @brief How the endgame solver makes a move and takes it back: on a copy of the board
 * (CopyMake), or on the board itself with the article's undo stack (UndoMove).
 *
 * A template parameter of step 06's Search (and of steps 07 and 08's), measured against
 * each other on the step's page.
 */
#ifndef REVERSI_LAB_E06_MAKE_H
#define REVERSI_LAB_E06_MAKE_H

#include "../e01_minimax/e01_rules.h"

namespace e06 {

using e01::EMPTY;

/**
 * @brief Copy-make: a move is played on a copy of the board.
 * @tparam G the move generator
 */
template <class G>
struct CopyMake {
  typename G::Board board;  ///< The child position.

  /**
   * @brief Plays a move on a copy of the board.
   * @param parent the board, left as it is
   * @param sq the square, y * 8 + x
   * @param me the side to move
   * @return the number of discs flipped (0: illegal)
   */
  int play(typename G::Board& parent, uint8_t sq, uint8_t me) {
    board = parent;
    return G::play(board, sq & 7, sq >> 3, me);
  }
  /// @brief The board after the move: the copy. @return the copy
  typename G::Board& child(typename G::Board&) { return board; }
  /// @brief Takes the move back: nothing to do, the parent was never touched.
  void undo(typename G::Board&, uint8_t, uint8_t) {}
};

/**
 * @brief The article's undo stack: a move is played on the board itself; the squares
 * it flips are kept (one record per recursion frame: together they are the stack) and
 * turned back by undo().
 * @tparam G the move generator
 */
template <class G>
struct UndoMove {
  uint8_t flipped[24];  ///< Squares the move flipped (a move flips at most 19).
  uint8_t count;        ///< How many.

  UndoMove() : count(0) {}

  /**
   * @brief Plays a move on the board itself, remembering what it flips.
   * @param b the board
   * @param sq the square, y * 8 + x
   * @param me the side to move
   * @return the number of discs flipped (0: illegal, the board unchanged)
   */
  int play(typename G::Board& b, uint8_t sq, uint8_t me) {
    count = 0;
    const int x = sq & 7, y = sq >> 3;
    for (int dy = -1; dy <= 1; dy++)  // find the flips first: the board is about to change
      for (int dx = -1; dx <= 1; dx++) {
        if (!dx && !dy) continue;
        int cx = x + dx, cy = y + dy, run = 0;
        while (cx >= 0 && cx < 8 && cy >= 0 && cy < 8 && G::cell(b, cx, cy) == 3 - me) cx += dx, cy += dy, run++;
        if (run == 0 || cx < 0 || cx > 7 || cy < 0 || cy > 7 || G::cell(b, cx, cy) != me) continue;
        for (int i = 1; i <= run; i++) flipped[count++] = uint8_t((y + i * dy) * 8 + x + i * dx);
      }
    return count ? G::play(b, x, y, me) : 0;
  }
  /**
   * @brief The board after the move: the same board.
   * @param b the board
   * @return b
   */
  typename G::Board& child(typename G::Board& b) { return b; }
  /**
   * @brief Takes the move back: the square empty again, the flipped discs the opponent's.
   * @param b the board the move was played on
   * @param sq the move's square
   * @param me the side that moved
   */
  void undo(typename G::Board& b, uint8_t sq, uint8_t me) {
    G::setCell(b, sq & 7, sq >> 3, EMPTY);
    for (int i = 0; i < count; i++) G::setCell(b, flipped[i] & 7, flipped[i] >> 3, 3 - me);
  }
};

}  // namespace e06

#endif  // REVERSI_LAB_E06_MAKE_H
