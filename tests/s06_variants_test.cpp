// The two mixed cases of bench/s06_variants.h must count exactly as stage 06 does, or
// the benchmark that splits stage 06's two ideas would compare different work.
#include "catch.h"
#include "random_positions.h"
#include "this_stage.h"
#include "../bench/s06_variants.h"

using namespace reversi;

TEST_CASE("s06: the one-idea variants count as stage 06 does", "[s06][variants]") {
  int mismatches = 0;
  for (const Position& p : randomPositions(606, 2000)) {
    const s06::Board b6 = load<Stage_s06>(p);
    const s05::Board b5 = load<Stage_s05>(p);
    for (int sq = 0; sq < 64; ++sq)
      for (uint8_t me : {WHITE, BLACK}) {
        const int x = sq & 7, y = sq >> 3, want = s06::countFlips(b6, x, y, me);
        const int loop = s06_variants::colourLoop(b6, x, y, me), unrolled = s06_variants::unrolledRunTimeColour(b5, x, y, me);
        if ((loop != want || unrolled != want) && ++mismatches <= 5)
          FAIL_CHECK(formatPosition(p) << " at " << squareName(sq) << ": s06 " << want << ", colourLoop " << loop
                                       << ", unrolledRunTimeColour " << unrolled);
      }
  }
  CHECK(mismatches == 0);
}
