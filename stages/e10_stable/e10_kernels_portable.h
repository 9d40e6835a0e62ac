/**
 * @file e10_kernels_portable.h
 * @brief Step 10's kernels everywhere but x86-64 (GCC, Linux): the sketches' boards,
 * Clang, 64-bit ARM. e10_kernels.h includes this file there; e10_kernels_x86.h has the
 * x86-64 ones, with the same results.
 */
#ifndef REVERSI_LAB_E10_KERNELS_PORTABLE_H
#define REVERSI_LAB_E10_KERNELS_PORTABLE_H

#include <stdint.h>

#include "../e06_endgame/e06_evaluation.h"
#include "../s09_bitboard/s09_bitboard.h"
#include "e10_flips.h"
#include "e10_ideas.h"
#include "e10_isa.h"
#include "e10_stability.h"

namespace e10 {

/**
 * @brief The kernels the solver calls: bits counted by shifts and adds, moves by stage
 * 09's fills, flips along the rays (or, with IDEA_RAYS off, by the fills), stable discs
 * line by line.
 * @tparam Off the ideas switched off, a sum of Idea values
 */
template <unsigned Off>
struct Kernels {
  /// @brief Is this idea on? (A constant: the compiler drops the dead branch.)
  /// @param idea an Idea value
  /// @return true when it is not switched off
  static bool on(unsigned idea) { return (Off & idea) == 0; }
  /// @brief The bits set in m. @param m a set of squares @return 0..64
  static int countBits(uint64_t m) { return e06::bitCount(m); }
  /// @brief The squares where the side owning `own` can play.
  /// @param own the discs of the side asked
  /// @param opp the other side's discs
  /// @return its legal moves, a bit each
  static uint64_t movesOf(uint64_t own, uint64_t opp) { return s09::moveMask(own, opp); }
  /// @brief The discs a move at sq flips: along its rays, or by stage 09's fills.
  /// @param sq the square
  /// @param own the side to move's discs
  /// @param opp the opponent's discs
  /// @return the flipped discs (0: an illegal move)
  static uint64_t flips(uint8_t sq, uint64_t own, uint64_t opp) {
    return on(IDEA_RAYS) ? rayFlips(sq, own, opp) : s09::flips(uint64_t(1) << sq, own, opp);
  }
  /// @brief The stable discs of p (all, or `need` at least); with few empty squares, the
  /// full lines read off the empty squares' lines.
  /// @param p the discs whose stable ones are asked
  /// @param o the other side's discs
  /// @param few true with few empty squares (ENDGAME_SHALLOW or fewer)
  /// @param need how many are enough (65: all)
  /// @return stable discs of p
  static uint64_t stableOf(uint64_t p, uint64_t o, bool few, int need) {
    return few ? stableDiscsFew(p, ~(p | o), need) : stableDiscs(p, o, need);
  }
};

/// @brief A search given up: here an exception from idle passes through on its own.
class GiveUp {
 public:
  /// @brief Counts a node and, every 4096 nodes, calls idle. @return false (never given up here)
  /// @param nodes the search's node count
  /// @param idle the function the search calls now and then (0: none)
  bool tick(uint64_t& nodes, void (*idle)()) {
    if ((++nodes & 4095) == 0 && idle) idle();
    return false;
  }
  /// @brief Never: an exception from idle has left already. @return false
  bool stopped() const { return false; }
  /// @brief Nothing kept to throw.
  void rethrow() {}
};

}  // namespace e10

#endif  // REVERSI_LAB_E10_KERNELS_PORTABLE_H
