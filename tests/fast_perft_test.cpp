// Extra tests for a stage with its own perft (perftFast, see HasFastPerft in stage.h):
// the published counts, agreement with the generic perft, the threaded split, and a
// long run labelled "long" (tag [.long], hidden from the default runs).
#include <vector>

#include "catch.h"
#include "perft_counts.h"
#include "random_positions.h"
#include "this_stage.h"

using namespace reversi;
using S = ThisStage;
static_assert(HasFastPerft<S>, "this file is for stages with perftFast");

TEST_CASE("fast perft agrees with the generic perft", "[perft][fast]") {
  // From the start through the generic legalMoves/play/copy path (the suite's perft
  // test takes the fast path for this stage), and from random positions, both colours.
  for (int depth = 0; depth <= 7; ++depth) {
    INFO("depth " << depth);
    CHECK(perft<S>(load<S>(startPosition()), BLACK, depth, false) == testing::kPublishedPerft[depth]);
  }
  for (const Position& p : randomPositions(99, 300)) {
    const S::Board b = load<S>(p);
    for (uint8_t me : {WHITE, BLACK})
      for (int depth : {1, 2, 3}) {
        INFO(formatPosition(p) << " depth " << depth << " colour " << int(me));
        CHECK(perftFast(b, me, depth, false) == perft<S>(b, me, depth, false));
        CHECK(perftFast(b, me, depth, true) == perft<S>(b, me, depth, false));
      }
  }
}

TEST_CASE("threaded perft gives the same totals", "[perft][threads]") {
  for (int threads : {1, 2, 3, 8}) {
    INFO(threads << " threads");
    for (int depth = 0; depth <= 8; ++depth)
      CHECK(perft<S>(startPosition(), depth, true, threads) == testing::kPublishedPerft[depth]);
    for (const Position& p : randomPositions(4242, 20))
      CHECK(perft<S>(p, 4, false, threads) == perft<S>(load<S>(p), p.toMove, 4, false));
  }
}

TEST_CASE("perft 11 and 12 match the published counts", "[.long]") {
  CHECK(perft<S>(startPosition(), 11, true) == testing::kPublishedPerft[11]);
  CHECK(perft<S>(startPosition(), 12, true, 2) == testing::kPublishedPerft[12]);
}
