// For the steps with a transposition table (e05 on): the article's chained table and
// the bucketed one find the same scores and moves; a table too small for the search
// (chains that run out of pool, buckets that replace) never changes a result; a
// search without a table is still right.
#include <memory>
#include <vector>

#include "stage_list.h"
#include "catch.h"
#include "search_support.h"
#include "stage.h"
#include "this_step.h"

using namespace reversi;
using reversi::testing::bruteForceProves;
using reversi::testing::endgamePosition;

namespace {

template <class Table>
step::Result solveWith(const Position& p, uint32_t slots, int depth) {
  using Searcher = step::Search<Stage_s09, Table>;
  auto s = std::make_unique<Searcher>();
  std::vector<typename Searcher::Slot> pool(slots);  // each table's own slot type
  if (slots) s->useTable(pool.data(), slots);
  const Stage_s09::Board b = load<Stage_s09>(p);
  return depth < 0 ? s->solve(b, p.toMove) : s->search(b, p.toMove, depth);
}

}  // namespace

TEST_CASE("chained and bucketed tables, large, tiny or absent, find the same results") {
  for (int i = 0; i < 6; ++i) {
    const Position p = endgamePosition(500 + i, 11);
    INFO(formatPosition(p));
    // The large chained table's score, proved exact by the independent solver; the
    // others must find the same.
    const int want = solveWith<step::ChainedTable>(p, 1u << 14, -1).score;
    REQUIRE(want % step::DISC == 0);
    REQUIRE(bruteForceProves(p, want / step::DISC));
    for (uint32_t slots : {0u, 8u, 64u, 1u << 14}) {
      INFO(slots << " slots");
      const step::Result chained = solveWith<step::ChainedTable>(p, slots, -1);
      const step::Result buckets = solveWith<step::BucketTable>(p, slots, -1);
      CHECK(chained.score == want);
      CHECK(buckets.score == want);
    }
  }
  const std::vector<Position> sample = randomPositions(kWorkloadSeed, 60);
  for (size_t i = 5; i < sample.size(); i += 11) {
    INFO(formatPosition(sample[i]));
    const step::Result none = solveWith<step::BucketTable>(sample[i], 0, 5);
    for (uint32_t slots : {8u, 1u << 14}) {
      CHECK(solveWith<step::ChainedTable>(sample[i], slots, 5).score == none.score);
      CHECK(solveWith<step::BucketTable>(sample[i], slots, 5).score == none.score);
    }
  }
}

TEST_CASE("a table saves nodes on a search with transpositions") {
  const Position p = endgamePosition(42, 14);
  const step::Result none = solveWith<step::BucketTable>(p, 0, -1);
  const step::Result table = solveWith<step::BucketTable>(p, 1u << 16, -1);
  CHECK(table.score == none.score);
  CHECK(table.nodes < none.nodes);
}
