// The registry of every stage and step (common/library/search_registry.h), as the program
// uses it: every step visits the same nodes on every stage, and every step has its
// measured limits. Through the registry, which the build compiles once, and not through
// the steps' templates: compiling every step on every stage in a test program again would
// double the longest compiles of the build.
//
// `ctest -L eNN` runs one step's part: the section named by its id (-c e10_stable).
// Also the size of the table the program lends a search, and the pool it lends it from.
#include <string>
#include <utility>
#include <vector>

#include "catch.h"
#include "random_positions.h"
#include "registry.h"
#include "search_registry.h"
#include "search_support.h"
#include "step.h"  // kTableSlots
#include "table_pool.h"

using namespace reversi;
using reversi::testing::endgamePosition;

namespace {

// The table lent to every search here (if the step keeps one): smaller than its work,
// so that what happens when it is full is the same on every stage too.
constexpr uint32_t kSlots = uint32_t(1) << 12;

// The positions and depths (< 0: solve) each step is run on: the start at two depths,
// three midgame positions, two endgames. Minimax (e01) looks at every line: less deep.
std::vector<std::pair<Position, int>> cases(const StepEntry& step) {
  const bool minimax = step.number == 1;
  std::vector<std::pair<Position, int>> all = {{startPosition(), 3}, {startPosition(), minimax ? 4 : 6}};
  const std::vector<Position> sample = randomPositions(kWorkloadSeed, 64);
  for (int i = 0; i < 3; ++i) all.push_back({sample[10 + 20 * i], 4});
  for (int i = 0; i < 2; ++i) all.push_back({endgamePosition(77 + i, minimax ? 6 : 10), -1});
  return all;
}

}  // namespace

// The name the step pages give this pitfall's guard: each step's section (-c eNN_name).
TEST_CASE("every move generator gives the same score, move, line and node count") {
  const size_t reference = stageIndex(*findStage("s09"));
  for (const StepEntry& step : steps()) {
    DYNAMIC_SECTION(step.id) {
      for (const auto& [p, depth] : cases(step)) {
        const SearchOutcome want = step.runWith(reference, p, depth, kSlots, nullptr, 1);
        CHECK(want.nodes > 0);
        for (size_t stage = 0; stage < stages().size(); ++stage) {
          if (!stepsRunOn(stage)) continue;  // a sanitizer build's steps: the default stage alone
          INFO(step.id << " on " << stages()[stage].id << ", " << formatPosition(p) << " depth " << depth);
          const SearchOutcome got = step.runWith(stage, p, depth, kSlots, nullptr, 1);
          CHECK(got.score == want.score);
          CHECK(got.best == want.best);
          CHECK(got.pv == want.pv);
          CHECK(got.nodes == want.nodes);
        }
      }
    }
  }
}

TEST_CASE("every step has measured limits of its own, and no row is left over") {
  std::vector<std::string_view> ids;
  for (const StepEntry& step : steps()) {
    ids.push_back(step.id);
    INFO(step.id);
    CHECK_NOTHROW(searchLimits(step));
  }
  CHECK(measuredSteps() == ids);
}

TEST_CASE("a table is sized to the work: a search deeper than the empties gets a solve's") {
  const Position one = endgamePosition(5, 1), twenty = endgamePosition(5, 20);
  CHECK(tableSlotsFor(one, 14) == tableSlotsFor(one, -1));
  CHECK(tableSlotsFor(one, -1) == uint32_t(1) << 12);  // the smallest table
  CHECK(tableSlotsFor(twenty, 4) == uint32_t(1) << 14);
  CHECK(tableSlotsFor(twenty, 14) == kTableSlots);  // capped
  CHECK(tableSlotsFor(20, 4) == tableSlotsFor(twenty, 4));
}

TEST_CASE("a table pool only grows: a smaller table lends the same block, none for no slots") {
  TablePool<uint64_t> pool;
  pool.resize(1000);
  REQUIRE(pool.data() != nullptr);
  for (size_t i = 0; i < pool.size(); ++i) CHECK(pool.data()[i] == 0);  // a new block is zeroed
  uint64_t* const block = pool.data();
  block[5] = 42;  // a new block would be zeroed (and may well sit at the same address)
  pool.resize(10);
  CHECK(pool.data() == block);
  CHECK(pool.data()[5] == 42);
  CHECK(pool.size() == 10);
  pool.resize(0);
  CHECK(pool.data() == nullptr);  // a step lent no slots keeps no table
  CHECK(pool.size() == 0);
  pool.resize(1000);
  CHECK(pool.data() == block);
  CHECK(pool.data()[5] == 42);
  pool.resize(1 << 20);
  CHECK(pool.size() == size_t(1) << 20);
  CHECK(pool.data()[(1 << 20) - 1] == 0);
}
