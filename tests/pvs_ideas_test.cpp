// For step 04: each of its two ideas switched off alone, and both (the page's table of
// what each buys, bench/ablation.cpp), still finds the step's scores: the published FFO
// scores and best moves, and the fixed-depth scores of the step as it ships. Only the
// nodes may change; a variant that lost a score would fail here.
#include <vector>

#include "catch.h"
#include "ffo_solve_check.h"
#include "random_positions.h"
#include "stage_list.h"
#include "this_step.h"

using namespace reversi;
using namespace reversi::testing;

namespace {

using S = Stage_s09;
constexpr unsigned kBoth = step::IDEA_PVS | step::IDEA_DEEPENING;

template <unsigned... Off>
void checkFfoEach(int number) {
  (checkFfoSolve<step::Search<S, Off>, S>(number, step::DISC, Off, [](auto&) {}), ...);
}

template <unsigned Off>
int scoreAt(const Position& p, int depth) {
  step::Search<S, Off> searcher;
  return searcher.search(load<S>(p), p.toMove, depth).score;
}

}  // namespace

TEST_CASE("step 04 with PVS, deepening or both switched off still solves FFO #1-#3 exactly", "[ideas]") {
  for (int n = 1; n <= 3; ++n) checkFfoEach<0, step::IDEA_PVS, step::IDEA_DEEPENING, kBoth>(n);
}

TEST_CASE("step 04 with PVS, deepening or both switched off finds the same fixed-depth scores", "[ideas]") {
  for (const Position& p : randomPositions(404, 12)) {
    for (int depth = 1; depth <= 5; ++depth) {
      INFO(formatPosition(p) << " depth " << depth);
      const int shipped = scoreAt<0>(p, depth);
      CHECK(scoreAt<step::IDEA_PVS>(p, depth) == shipped);
      CHECK(scoreAt<step::IDEA_DEEPENING>(p, depth) == shipped);
      CHECK(scoreAt<kBoth>(p, depth) == shipped);
    }
  }
}
