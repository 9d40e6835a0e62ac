// For the steps with an aspiration window (e04 on): turning it on may change the node
// count, never the score, the best move or the line.
#include <memory>

#include "stage_list.h"
#include "catch.h"
#include "random_positions.h"
#include "stage.h"
#include "this_step.h"

using namespace reversi;

TEST_CASE("an aspiration window changes the node count, never the score or the move") {
  const std::vector<Position> sample = randomPositions(kWorkloadSeed, 120);
  for (size_t i = 10; i < sample.size(); i += 10) {
    const Stage_s09::Board b = load<Stage_s09>(sample[i]);
    auto plain = std::make_unique<step::Search<Stage_s09>>();
    auto narrow = std::make_unique<step::Search<Stage_s09>>();
    narrow->aspiration = step::DISC / 8;
    const step::Result r1 = plain->search(b, sample[i].toMove, 5);
    const step::Result r2 = narrow->search(b, sample[i].toMove, 5);
    INFO(formatPosition(sample[i]));
    CHECK(r1.score == r2.score);
    CHECK(r1.best == r2.best);
  }
}
