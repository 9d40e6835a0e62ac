// The check both SIMD stages' tests share: a vector path against the portable fills of
// the same header, on seeded random positions, both colours, every empty square.
#pragma once
#include <cstdint>

#include "catch.h"
#include "golden.h"
#include "perft_counts.h"
#include "position.h"
#include "random_positions.h"
#include "test_support.h"

namespace reversi::testing {

/// True where a SIMD stage may compile its x86 code: everywhere else (ARM64 under
/// qemu-aarch64 in CI, a Raspberry Pi) its header must leave that code out, so that
/// every call takes the portable fills.
#if defined(__x86_64__) || defined(__i386__)
inline constexpr bool kX86 = true;
#else
inline constexpr bool kX86 = false;
#endif

/// How many of the vector path's answers (move masks, and flips on every empty square)
/// differ from the portable path's; the first five are reported with their position.
template <class FastMoves, class Moves, class FastFlips, class Flips>
int simdMismatches(FastMoves fastMoves, Moves moves, FastFlips fastFlips, Flips flips) {
  int mismatches = 0;
  for (const Position& p : randomPositions(31337, 3000)) {
    uint64_t black = 0, white = 0;
    for (int sq = 0; sq < 64; ++sq) {
      if (p.cells[sq] == BLACK) black |= uint64_t(1) << sq;
      if (p.cells[sq] == WHITE) white |= uint64_t(1) << sq;
    }
    for (int side = 0; side < 2; ++side) {
      const uint64_t own = side ? black : white, opp = side ? white : black;
      if (fastMoves(own, opp) != moves(own, opp) && ++mismatches <= 5) FAIL_CHECK("moveMask differs on " << formatPosition(p));
      for (int sq = 0; sq < 64; ++sq) {
        const uint64_t move = uint64_t(1) << sq;
        if (((own | opp) & move) == 0 && fastFlips(move, own, opp) != flips(move, own, opp) && ++mismatches <= 5)
          FAIL_CHECK("flips at " << squareName(sq) << " differ on " << formatPosition(p));
      }
    }
  }
  return mismatches;
}

/// The whole stage interface with its switch `portableOnly()` set (and cleared afterwards,
/// even when a check throws): the stage must say it has no vector path, and still give the
/// golden grid, the reference's answers on random positions and the published perft counts.
template <class Stage, class PortableOnly, class HasVectorPath>
void checkPortablePath(PortableOnly portableOnly, HasVectorPath hasVectorPath) {
  struct Switch {
    bool& flag;
    explicit Switch(bool& f) : flag(f) { flag = true; }
    ~Switch() { flag = false; }
  } on(portableOnly());
  CHECK_FALSE(hasVectorPath());
  CHECK(flipGrid<Stage>(parsePosition(golden::position)) == golden::grid);
  for (const Position& p : randomPositions(606, 300)) {
    INFO(formatPosition(p));
    CHECK(answers<Stage>(p) == referenceAnswers(p));
  }
  CHECK(perft<Stage>(startPosition(), 8, true) == kPublishedPerft[8]);
  CHECK(perft<Stage>(load<Stage>(startPosition()), BLACK, 6, false) == kPublishedPerft[6]);
}

}  // namespace reversi::testing
