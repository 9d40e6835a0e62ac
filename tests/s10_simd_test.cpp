// Stage 10's two code paths side by side: the AVX2 functions (when this CPU and this
// compiler have them) against the portable fills, on random positions, every square;
// and the whole stage interface once more with the switch portableOnly() set, so that
// an AVX2 machine tests the fallback too.
#include "catch.h"
#include "golden.h"
#include "perft_counts.h"
#include "s10_simd/s10_simd.h"
#include "simd_paths.h"
#include "test_support.h"
#include "this_stage.h"

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

TEST_CASE("the portableOnly switch runs the stage on the portable fills", "[simd][portable]") {
  testing::checkPortablePath<ThisStage>(s10::portableOnly, s10::cpuHasAvx2);
}
#endif
