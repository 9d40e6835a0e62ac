/**
 * @file e10_flips.h
 * @brief Step 09's flips along the rays, without a branch: on a ray, `end` is the run's
 * last square when it is the mover's, else 0, and end - 1 is every bit below it. Which
 * way a branch would go is a coin toss, and a wrong guess costs more than the few
 * instructions.
 */
#ifndef REVERSI_LAB_E10_FLIPS_H
#define REVERSI_LAB_E10_FLIPS_H

#include <stdint.h>

#include "../e09_bitsolve/e09_rays.h"
#include "e10_isa.h"

namespace e10 {

using e09::RAYS;

/**
 * @brief The discs a move flips along one ray running to higher bits: the run of
 * opponent discs from the move up to the first square that is not the opponent's,
 * when that square is the mover's. That first square is the ray's lowest bit that is
 * not an opponent disc; the run is every ray square below it. (No branch: `end` is that
 * square when it is the mover's, else 0, and end - 1 is every bit below it.)
 * @param r the ray
 * @param own the mover's discs
 * @param opp the opponent's discs
 * @return the flipped discs on this ray (0: none)
 */
E10_INLINE uint64_t flipsUp(uint64_t r, uint64_t own, uint64_t opp) {
  const uint64_t rest = r & ~opp, end = rest & (0 - rest) & own;  // the run's end, if the mover's (else 0)
  return (end - (end != 0)) & r;
}

/**
 * @brief The same along a ray running to lower bits: the first square that is not the
 * opponent's is the ray's highest such bit; the run is every ray square above it.
 * (clz of 0 is undefined, so the highest bit is taken of rest | 1: when the run reaches
 * the edge, that names a1, which is then off the ray or an opponent disc, so never a
 * mover's disc on the ray. No branch, here or up the ray: which way it would go is a
 * coin toss, and a wrong guess costs more than the few instructions.)
 * @param r the ray
 * @param own the mover's discs
 * @param opp the opponent's discs
 * @return the flipped discs on this ray (0: none)
 */
E10_INLINE uint64_t flipsDown(uint64_t r, uint64_t own, uint64_t opp) {
  const uint64_t rest = r & ~opp, first = uint64_t(1) << (63 - __builtin_clzll(rest | 1));
  return r & (0 - ((first & own & r) << 1));
}

/**
 * @brief Every disc a move on the empty square sq flips: the eight rays, each settled by
 * its first square that is not the opponent's (no fill, no loop).
 * @param sq the move's square, empty
 * @param own the mover's discs
 * @param opp the opponent's discs
 * @return the flipped discs; 0 means the move is illegal
 */
E10_INLINE uint64_t rayFlips(uint8_t sq, uint64_t own, uint64_t opp) {
  const uint64_t* r = RAYS[sq];
  return flipsUp(r[0], own, opp) | flipsUp(r[1], own, opp) | flipsUp(r[2], own, opp) | flipsUp(r[3], own, opp) |
         flipsDown(r[4], own, opp) | flipsDown(r[5], own, opp) | flipsDown(r[6], own, opp) | flipsDown(r[7], own, opp);
}

}  // namespace e10

#endif  // REVERSI_LAB_E10_FLIPS_H
