/**
 * @file e08_around.h
 * @brief The squares around each square, worked out by the compiler (in C++11, which the
 * ESP32 core 2.x compiles sketches as: one expression per function), so that a test for
 * an empty neighbour is one AND. Step 08's shallow solver tries an isolated empty square
 * (no empty neighbour) first; steps 09 and 10 skip a square with no opponent neighbour.
 */
#ifndef REVERSI_LAB_E08_AROUND_H
#define REVERSI_LAB_E08_AROUND_H

#include <stdint.h>

namespace e08 {

/**
 * @brief The bit of one square, as in the masks below.
 * @param x the column, 0..7 on the board
 * @param y the row, 0..7 on the board
 * @return bit y * 8 + x, or 0 when (x, y) is off the board
 */
constexpr uint64_t squareBit(int x, int y) { return x >= 0 && x < 8 && y >= 0 && y < 8 ? uint64_t(1) << (y * 8 + x) : 0; }
/**
 * @brief The squares around one square.
 * @param x the square's column, 0..7
 * @param y the square's row, 0..7
 * @return the mask of its neighbours on the board (three to eight of them)
 */
constexpr uint64_t around(int x, int y) {
  return squareBit(x - 1, y - 1) | squareBit(x, y - 1) | squareBit(x + 1, y - 1) | squareBit(x - 1, y) | squareBit(x + 1, y) |
         squareBit(x - 1, y + 1) | squareBit(x, y + 1) | squareBit(x + 1, y + 1);
}
/// Row y of AROUND (a macro: a C++11 constant expression has no loop).
#define E08_AROUND_ROW(y) \
  around(0, y), around(1, y), around(2, y), around(3, y), around(4, y), around(5, y), around(6, y), around(7, y)
/// AROUND[sq]: the squares around sq (bit y * 8 + x), up to eight.
constexpr uint64_t AROUND[64] = {E08_AROUND_ROW(0), E08_AROUND_ROW(1), E08_AROUND_ROW(2), E08_AROUND_ROW(3),
                                 E08_AROUND_ROW(4), E08_AROUND_ROW(5), E08_AROUND_ROW(6), E08_AROUND_ROW(7)};
#undef E08_AROUND_ROW

}  // namespace e08

#endif  // REVERSI_LAB_E08_AROUND_H
