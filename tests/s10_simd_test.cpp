// Stage 10's two code paths side by side: the AVX2 functions (when this CPU and this
// compiler have them) against the portable fills, on random positions, every square.
#include "catch.h"
#include "perft_counts.h"
#include "s10_simd/s10_simd.h"
#include "simd_paths.h"

using namespace reversi;

TEST_CASE("portable fallback matches the published perft", "[perft][portable]") {
  const uint64_t black = s10::squareBit(4, 3) | s10::squareBit(3, 4), white = s10::squareBit(3, 3) | s10::squareBit(4, 4);
  for (int depth = 0; depth <= 8; ++depth) {
    INFO("depth " << depth);
    CHECK(s10::perftMasks(black, white, depth, true) == testing::kPublishedPerft[depth]);
  }
}

TEST_CASE("the AVX2 code is compiled exactly for x86", "[simd][portable]") {
#ifdef REVERSI_S10_AVX2
  CHECK(testing::kX86);
#else
  CHECK_FALSE(testing::kX86);  // elsewhere every call takes the portable fills checked above
#endif
  const uint64_t black = s10::squareBit(4, 3) | s10::squareBit(3, 4), white = s10::squareBit(3, 3) | s10::squareBit(4, 4);
  s10::Board b{white, black};
  CHECK(s10::perftFast(b, s10::BLACK, 7, true) == testing::kPublishedPerft[7]);
}

#ifdef REVERSI_S10_AVX2
TEST_CASE("AVX2 and portable paths agree", "[simd]") {
  if (!s10::cpuHasAvx2()) {
    WARN("this CPU has no AVX2: only the portable path runs here");
    return;
  }
  CHECK(testing::simdMismatches(s10::moveMaskAvx2, s10::moveMask, s10::flipsAvx2, s10::flips) == 0);
  const uint64_t black = s10::squareBit(4, 3) | s10::squareBit(3, 4), white = s10::squareBit(3, 3) | s10::squareBit(4, 4);
  CHECK(s10::perftAvx2(black, white, 8, true) == testing::kPublishedPerft[8]);
  CHECK(s10::perftAvx2(black, white, 7, false) == testing::kPublishedPerft[7]);
}
#endif
