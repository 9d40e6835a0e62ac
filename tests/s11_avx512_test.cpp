// Stage 11's two code paths: the AVX-512 functions (when this CPU and this compiler have
// them) against the portable fills, and the whole stage interface once more with the
// switch portableOnly() set, so that an AVX-512 machine tests the fallback too.
#include "catch.h"
#include "golden.h"
#include "perft_counts.h"
#include "s11_avx512/s11_avx512.h"
#include "simd_paths.h"
#include "test_support.h"
#include "this_stage.h"

using namespace reversi;

namespace {

const s11::Board kStart{s11::squareBit(3, 3) | s11::squareBit(4, 4), s11::squareBit(4, 3) | s11::squareBit(3, 4)};

}  // namespace

TEST_CASE("the AVX-512 code is compiled exactly for x86", "[simd][portable]") {
#ifdef REVERSI_S11_AVX512
  CHECK(testing::kX86);
#else
  CHECK_FALSE(testing::kX86);  // elsewhere every call takes the portable fills
#endif
  CHECK(s11::perftFast(kStart, s11::BLACK, 7, true) == testing::kPublishedPerft[7]);
  CHECK(s11::perftMasks(kStart.black, kStart.white, 8, true) == testing::kPublishedPerft[8]);
}

TEST_CASE("the lane constants are the eight directions of stage 09's shifts", "[simd][portable]") {
  // Plain arrays, so this runs on any machine: a left rotation by ROTATE[k], masked by
  // IN_WORD[k], must be lane k's shift (1, 8, 7, 9 towards higher bits, then lower), and
  // EDGE[k] must keep exactly the squares stage 09 lets a run in that direction pass.
  const int step[8] = {1, 8, 7, 9, 1, 8, 7, 9};
  for (int k = 0; k < 8; ++k) {
    INFO("lane " << k);
    const int r = int(s11::ROTATE[k]);
    CHECK(r == (k < 4 ? step[k] : 64 - step[k]));
    const bool vertical = step[k] == 8;
    for (int sq = 0; sq < 64; ++sq) {
      const uint64_t bit = uint64_t(1) << sq, rotated = (bit << r) | (bit >> (64 - r));
      INFO("square " << sq);
      CHECK((rotated & s11::IN_WORD[k]) == (k < 4 ? bit << step[k] : bit >> step[k]));
      // A run may pass a square unless it is on column a or h (sideways and diagonal
      // lanes) or only a wrapped bit could land there (the step back leaves the word).
      const bool edgeColumn = sq % 8 == 0 || sq % 8 == 7;
      const uint64_t back = k < 4 ? bit >> step[k] : bit << step[k];
      CHECK(((s11::EDGE[k] & bit) != 0) == (!(edgeColumn && !vertical) && back != 0));
    }
  }
}

#ifdef REVERSI_S11_AVX512
TEST_CASE("AVX-512 and portable paths agree", "[simd]") {
  if (!s11::cpuHasAvx512()) {
    WARN("this CPU has no AVX-512: only the portable path runs here");
    return;
  }
  CHECK(testing::simdMismatches(s11::moveMaskAvx512, s11::moveMask, s11::flipsAvx512, s11::flips) == 0);
  CHECK(s11::perftAvx512(kStart.black, kStart.white, 8, true) == testing::kPublishedPerft[8]);
  CHECK(s11::perftAvx512(kStart.black, kStart.white, 7, false) == testing::kPublishedPerft[7]);
}

TEST_CASE("the portableOnly switch runs the stage on the portable fills", "[simd][portable]") {
  testing::checkPortablePath<ThisStage>(s11::portableOnly, s11::cpuHasAvx512);
}
#endif
