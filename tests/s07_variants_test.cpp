// Stage 07 keeps three recursions side by side: the check (countFlips), the check and
// flip in one recursion (play), and check-then-flip (playCheckThenFlip). The shared
// suite checks countFlips and play against the reference; this file checks that the
// three agree with each other on every square of seeded random positions, and with the
// benchmark's loop form of the check (bench/s07_variants.h).
#include <cstring>

#include "catch.h"
#include "random_positions.h"
#include "this_stage.h"
#include "../bench/s07_variants.h"

using namespace reversi;

TEST_CASE("s07: check, single recursion and check-then-flip agree", "[s07][variants]") {
  int mismatches = 0;
  for (const Position& p : randomPositions(7007, 2000)) {
    const s07::Board b = load<ThisStage>(p);
    for (int sq = 0; sq < 64; ++sq)
      for (uint8_t me : {WHITE, BLACK}) {
        const int x = sq & 7, y = sq >> 3;
        s07::Board one = b, two = b;
        const int counted = s07::countFlips(b, x, y, me);
        const int single = s07::play(one, x, y, me);
        const int twoPass = s07::playCheckThenFlip(two, x, y, me);
        const int loop = s07_variants::countFlipsLoop(b, x, y, me);  // the benchmark's loop form
        const bool same = single == counted && twoPass == counted && loop == counted &&
                          std::memcmp(one.cells, two.cells, sizeof one.cells) == 0;
        if (!same && ++mismatches <= 5)
          FAIL_CHECK(formatPosition(p) << " at " << squareName(sq) << (me == BLACK ? " black" : " white") << ": countFlips "
                                       << counted << ", play " << single << ", playCheckThenFlip " << twoPass << ", loop "
                                       << loop);
      }
  }
  CHECK(mismatches == 0);
}

TEST_CASE("s07: an own stone next to the move closes nothing in any variant", "[s07][variants]") {
  // Article 003's pitfall, for each recursion: b1 is black's own stone, c1 white, d1
  // black. A check that took b1 for the end of a run would call a1 legal.
  Position p = parsePosition("-XOX------------------------------------------------------------ X");
  s07::Board b = load<ThisStage>(p);
  CHECK(s07::countFlips(b, 0, 0, BLACK) == 0);
  CHECK(s07_variants::countFlipsLoop(b, 0, 0, BLACK) == 0);
  CHECK(s07::playCheckThenFlip(b, 0, 0, BLACK) == 0);
  CHECK(s07::play(b, 0, 0, BLACK) == 0);
  CHECK(snapshot<ThisStage>(b, BLACK) == p);
}
