/**
 * @file e09_rays.h
 * @brief A move's flips on two masks, along its eight rays: on each ray the first square
 * that is not an opponent disc is one bit trick away, and the discs flip if that square
 * is the mover's (stage 09 fills from the square three steps a direction instead). The
 * rays are a table of 4 KB the compiler works out.
 */
#ifndef REVERSI_LAB_E09_RAYS_H
#define REVERSI_LAB_E09_RAYS_H

#include <stdint.h>

#include "../e08_selective/e08_around.h"

namespace e09 {

using e08::squareBit;

// The rays: from each square, the squares up to the edge in each of the eight directions
// (also worked out by the compiler). Directions 0-3 run to higher bits (right, down-left,
// down, down-right: +1, +7, +8, +9 a step), 4-7 to lower bits (left, up-right, up,
// up-left).
/**
 * @brief The squares from (x, y), itself left out, to the edge of the board.
 * @param x the square's column, 0..7
 * @param y the square's row, 0..7
 * @param dx the column step, -1, 0 or 1
 * @param dy the row step, -1, 0 or 1
 * @return the ray's mask (0 at the edge)
 */
constexpr uint64_t ray(int x, int y, int dx, int dy) {
  return squareBit(x + dx, y + dy) ? squareBit(x + dx, y + dy) | ray(x + dx, y + dy, dx, dy) : 0;
}
/// The eight rays of (x, y), in the order of RAYS.
#define E09_RAYS(x, y)                                                                                                         \
  {                                                                                                                            \
    ray(x, y, 1, 0), ray(x, y, -1, 1), ray(x, y, 0, 1), ray(x, y, 1, 1), ray(x, y, -1, 0), ray(x, y, 1, -1), ray(x, y, 0, -1), \
        ray(x, y, -1, -1)                                                                                                      \
  }
/// Row y of RAYS.
#define E09_RAYS_ROW(y) \
  E09_RAYS(0, y), E09_RAYS(1, y), E09_RAYS(2, y), E09_RAYS(3, y), E09_RAYS(4, y), E09_RAYS(5, y), E09_RAYS(6, y), E09_RAYS(7, y)
/// RAYS[sq][d]: the squares from sq (left out) to the edge in direction d.
constexpr uint64_t RAYS[64][8] = {E09_RAYS_ROW(0), E09_RAYS_ROW(1), E09_RAYS_ROW(2), E09_RAYS_ROW(3),
                                  E09_RAYS_ROW(4), E09_RAYS_ROW(5), E09_RAYS_ROW(6), E09_RAYS_ROW(7)};
#undef E09_RAYS_ROW
#undef E09_RAYS

/**
 * @brief The discs a move flips along one ray running to higher bits: the run of
 * opponent discs from the move up to the first square that is not the opponent's,
 * when that square is the mover's. That first square is the ray's lowest bit that is
 * not an opponent disc; the run is every ray square below it.
 * @param r the ray
 * @param own the mover's discs
 * @param opp the opponent's discs
 * @return the flipped discs on this ray (0: none)
 */
inline uint64_t flipsUp(uint64_t r, uint64_t own, uint64_t opp) {
  const uint64_t rest = r & ~opp, first = rest & (0 - rest);  // (0 when the run reaches the edge)
  return (first & own) ? (first - 1) & r : 0;
}

/**
 * @brief The same along a ray running to lower bits: the first square that is not the
 * opponent's is the ray's highest such bit; the run is every ray square above it.
 * (clz of 0 is undefined, so the highest bit is taken of rest | 1: when the run reaches
 * the edge, that names a1, which is then off the ray or an opponent disc, so never a
 * mover's disc on the ray. No branch: which way it would go is a coin toss.)
 * @param r the ray
 * @param own the mover's discs
 * @param opp the opponent's discs
 * @return the flipped discs on this ray (0: none)
 */
inline uint64_t flipsDown(uint64_t r, uint64_t own, uint64_t opp) {
  const uint64_t rest = r & ~opp, first = uint64_t(1) << (63 - __builtin_clzll(rest | 1));
  return (first & own & r) ? r & (0 - (first << 1)) : 0;
}

/**
 * @brief Every disc a move on the empty square sq flips: the eight rays, each settled by
 * its first square that is not the opponent's (no fill, no loop).
 * @param sq the move's square, empty
 * @param own the mover's discs
 * @param opp the opponent's discs
 * @return the flipped discs; 0 means the move is illegal
 */
inline uint64_t rayFlips(uint8_t sq, uint64_t own, uint64_t opp) {
  const uint64_t* r = RAYS[sq];
  return flipsUp(r[0], own, opp) | flipsUp(r[1], own, opp) | flipsUp(r[2], own, opp) | flipsUp(r[3], own, opp) |
         flipsDown(r[4], own, opp) | flipsDown(r[5], own, opp) | flipsDown(r[6], own, opp) | flipsDown(r[7], own, opp);
}

}  // namespace e09

#endif  // REVERSI_LAB_E09_RAYS_H
