// For the selective step (e08): each of its ideas switched off alone (the ablation of the
// page, bench/ablation.cpp) still solves exactly: the published FFO scores and best
// moves. The selective passes may cut wrongly; the exact pass after them must not care.
// The passes run from SELECTIVE_FROM empties (20), too many for a quick test: here they
// run from kPassesFrom, where ProbCut (from PROBCUT_MIN) still cuts.
// With every idea of step 08 off, the step is step 07: the same scores and nodes.
#include <algorithm>
#include <memory>

#include "stage_list.h"
#include "catch.h"
#include "e07_patterns/e07_patterns.h"
#include "ffo_solve_check.h"
#include "search_support.h"
#include "stage.h"
#include "this_step.h"

using namespace reversi;
using namespace reversi::testing;

namespace {

constexpr unsigned kStep08 =
    step::IDEA_PASSES | step::IDEA_ASPIRATION | step::IDEA_ISOLATED | step::IDEA_MERGE | step::IDEA_ETC_STORE;

constexpr int kPassesFrom = 14;

// Lets a step-08 searcher run its passes from kPassesFrom empties (a step-07 one has none).
const auto passesFrom = [](auto& searcher) {
  if constexpr (requires { searcher.selectiveFrom(kPassesFrom); }) searcher.selectiveFrom(kPassesFrom);
};

template <class Searcher, Stage S>
auto solveWith(const Position& p) {
  return solveOnOwnTable<Searcher, S>(p, passesFrom);
}

template <Stage S, unsigned Off>
void checkFfo(int number) {
  checkFfoSolve<step::Search<S, step::BucketTable, step::CopyMake, Off>, S>(number, step::DISC, Off, passesFrom);
}

template <Stage S, unsigned... Off>
void checkEach(int number) {
  (checkFfo<S, Off>(number), ...);
}

}  // namespace

TEST_CASE("every idea of step 08 switched off alone still solves FFO #1-#3 exactly") {
  for (int n = 1; n <= 3; ++n)
    checkEach<Stage_s09, 0, step::IDEA_PASSES, step::IDEA_ASPIRATION, step::IDEA_ISOLATED, step::IDEA_MERGE, step::IDEA_ETC_STORE,
              kStep08>(n);
}

TEST_CASE("with step 08's ideas off the step is step 07: the same score, move and nodes") {
  for (int n : {1, 2}) {
    const Position& p = findFfo(n)->position;
    const auto a = solveWith<step::Search<Stage_s09, step::BucketTable, step::CopyMake, kStep08>, Stage_s09>(p);
    const auto b = solveWith<e07::Search<Stage_s09>, Stage_s09>(p);
    INFO("FFO #" << n);
    CHECK(a.score == b.score);
    CHECK(a.best == b.best);
    CHECK(a.nodes == b.nodes);
  }
}

TEST_CASE("the selective passes give the exact score on small endgames too") {
  // Seeded random endgames of 14-18 empties (the passes run from kPassesFrom): the same
  // score with the passes as without them.
  int searchedOtherwise = 0;  // the passes ran: they changed the search
  for (uint64_t seed = 1; seed <= 3; ++seed)
    for (int empties : {14, 16, 18}) {
      const Position p = endgamePosition(seed, empties);
      const auto with = solveWith<step::Search<Stage_s09>, Stage_s09>(p);
      const auto without = solveWith<step::Search<Stage_s09, step::BucketTable, step::CopyMake, step::IDEA_PASSES>, Stage_s09>(p);
      INFO(formatPosition(p));
      CHECK(with.score == without.score);
      searchedOtherwise += with.nodes != without.nodes;
    }
  CHECK(searchedOtherwise > 0);
}

TEST_CASE("the ProbCut regression's rows are usable: a positive slope, a spread, a shallow depth") {
  for (const step::ProbCut& c : step::PROBCUT) {
    CHECK(c.depth >= 1);
    CHECK(c.depth <= 4);
    CHECK(c.invA > 128);  // a below 2
    CHECK(c.invA < 512);  // a above 1/2
    CHECK(c.sigma > 0);
  }
}
