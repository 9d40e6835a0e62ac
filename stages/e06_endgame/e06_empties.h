/**
 * @file e06_empties.h
 * @brief Where the endgame looks for its moves: the order in which it tries the empty
 * squares, and the quadrant of each square (for parity).
 *
 * The solver keeps the empty squares in a linked list in SQUARE_ORDER's order, so a
 * node near the end looks at a few squares instead of 64 (Endgame's next_ and prev_).
 * Parity: in a quadrant with an odd number of empty squares, the side that moves there
 * first usually also moves there last, so the solver tries those squares first.
 */
#ifndef REVERSI_LAB_E06_EMPTIES_H
#define REVERSI_LAB_E06_EMPTIES_H

#include <stdint.h>

namespace e06 {

/// Every square in the order the endgame tries them (a static preference: corners,
/// then the edges and the centre, then the C-squares, the X-squares last).
const uint8_t SQUARE_ORDER[64] = {
    0,  7,  56, 63,                                                  // corners
    2,  5,  16, 23, 40, 47, 58, 61,                                  // A-squares
    3,  4,  24, 31, 32, 39, 59, 60,                                  // B-squares
    18, 21, 42, 45,                                                  // inner corners
    19, 20, 26, 29, 34, 37, 43, 44, 27, 28, 35, 36,                  // the centre
    10, 11, 12, 13, 17, 22, 25, 30, 33, 38, 41, 46, 50, 51, 52, 53,  // the inner ring
    1,  6,  8,  15, 48, 55, 57, 62,                                  // C-squares
    9,  14, 49, 54,                                                  // X-squares
};

/// Where each square stands in SQUARE_ORDER (used only with IDEA_EMPTY_LIST off).
const uint8_t SQUARE_RANK[64] = {
    0,  52, 4,  12, 13, 5,  53, 1,   // row 1
    54, 60, 36, 37, 38, 39, 61, 55,  // row 2
    6,  40, 20, 24, 25, 21, 41, 7,   // row 3
    14, 42, 26, 32, 33, 27, 43, 15,  // row 4
    16, 44, 28, 34, 35, 29, 45, 17,  // row 5
    8,  46, 22, 30, 31, 23, 47, 9,   // row 6
    56, 62, 48, 49, 50, 51, 63, 57,  // row 7
    2,  58, 10, 18, 19, 11, 59, 3,   // row 8
};

/**
 * @brief The quadrant of a square: bit 0 for the right half, bit 1 for the bottom.
 * @param sq the square, y * 8 + x
 * @return 0..3
 */
constexpr uint8_t quadrant(uint8_t sq) { return uint8_t(((sq >> 2) & 1) | ((sq >> 4) & 2)); }

}  // namespace e06

#endif  // REVERSI_LAB_E06_EMPTIES_H
