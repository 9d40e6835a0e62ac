// Stage 10's two code paths side by side: the AVX2 functions (when this CPU and this
// compiler have them) against the portable fills, on random positions, every square.
#include "catch.h"
#include "perft_counts.h"
#include "random_positions.h"
#include "s10_simd/s10_simd.h"

using namespace reversi;

TEST_CASE("portable fallback matches the published perft", "[perft][portable]") {
  const uint64_t black = s10::squareBit(4, 3) | s10::squareBit(3, 4), white = s10::squareBit(3, 3) | s10::squareBit(4, 4);
  for (int depth = 0; depth <= 8; ++depth) {
    INFO("depth " << depth);
    CHECK(s10::perftMasks(black, white, depth, true) == testing::kPublishedPerft[depth]);
  }
}

#ifdef REVERSI_S10_AVX2
TEST_CASE("AVX2 and portable paths agree", "[simd]") {
  if (!s10::cpuHasAvx2()) {
    WARN("this CPU has no AVX2: only the portable path runs here");
    return;
  }
  int mismatches = 0;
  for (const Position& p : randomPositions(31337, 3000)) {
    uint64_t black = 0, white = 0;
    for (int sq = 0; sq < 64; ++sq) {
      if (p.cells[sq] == BLACK) black |= uint64_t(1) << sq;
      if (p.cells[sq] == WHITE) white |= uint64_t(1) << sq;
    }
    for (int side = 0; side < 2; ++side) {
      const uint64_t own = side ? black : white, opp = side ? white : black;
      if (s10::moveMaskAvx2(own, opp) != s10::moveMask(own, opp) && ++mismatches <= 5)
        FAIL_CHECK("moveMask differs on " << formatPosition(p));
      for (int sq = 0; sq < 64; ++sq) {
        const uint64_t move = uint64_t(1) << sq;
        if (((own | opp) & move) == 0 && s10::flipsAvx2(move, own, opp) != s10::flips(move, own, opp) &&
            ++mismatches <= 5)
          FAIL_CHECK("flips at " << squareName(sq) << " differ on " << formatPosition(p));
      }
    }
  }
  CHECK(mismatches == 0);
  const uint64_t black = s10::squareBit(4, 3) | s10::squareBit(3, 4), white = s10::squareBit(3, 3) | s10::squareBit(4, 4);
  CHECK(s10::perftAvx2(black, white, 8, true) == testing::kPublishedPerft[8]);
  CHECK(s10::perftAvx2(black, white, 7, false) == testing::kPublishedPerft[7]);
}
#endif
