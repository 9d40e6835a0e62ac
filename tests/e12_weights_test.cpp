// For step 12 (step 11 with weights trained on more games): its header holds the weights
// its checksum names; they are not step 07's; and its searchers, on one thread or on
// several, evaluate with them while step 11's still evaluate with step 07's (the weights
// are a template argument of step 11's searchers, and step 10's evaluation starts from the
// derived class's). The nodes it visits are pinned (tests/pinned_nodes.txt).
#include <cstddef>

#include "catch.h"
#include "random_positions.h"
#include "stage_list.h"
#include "this_step.h"
#include "weights_checksum.h"

using namespace reversi;

namespace {

using Fast = DefaultStage;

// Positions of many phases: random games' positions (common/library/random_positions.h).
std::vector<Position> positions() { return randomPositions(1212, 400); }

}  // namespace

TEST_CASE("step 12's weights are the ones their checksum names, and not step 07's") {
  const size_t n = sizeof(e12::TRAINED_TABLE) - 1;
  REQUIRE(n == size_t(e07::PHASES) * e07::PHASE_WEIGHTS);
  const auto sum = testing::weightsSum(e12::TRAINED_TABLE, n, e12::TRAINED_STEP, e12::TRAINED_SCALAR);
  CHECK(sum.unprintable == 0);
  CHECK(sum.checksum == e12::TRAINED_CHECKSUM);
  CHECK(e12::TRAINED_CHECKSUM != e07::TRAINED_CHECKSUM);
}

TEST_CASE("step 12 evaluates with its own weights, step 11 still with step 07's") {
  using Twelve = e12::Search<Fast>;
  using Eleven = e11::Search<Fast>;
  int differ = 0, checked = 0;
  for (const Position& p : positions()) {
    const Fast::Board b = load<Fast>(p);
    const int mine = e07::evaluate<Fast>(e12::LEARNED, b, p.toMove, e10::EVAL_LIMIT);
    const int seven = e07::evaluate<Fast>(e07::LEARNED, b, p.toMove, e10::EVAL_LIMIT);
    INFO("position " << checked);
    REQUIRE(Twelve::evaluate(b, p.toMove) == mine);
    REQUIRE(Eleven::evaluate(b, p.toMove) == seven);
    differ += mine != seven;
    ++checked;
  }
  CHECK(checked == 400);
  CHECK(differ > checked / 2);  // other weights: most positions are scored otherwise
}
