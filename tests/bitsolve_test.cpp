// For step 09 (the endgame solver on masks): its ideas change the work a node costs,
// never the search. So, position by position, step 09 and step 08 must agree on
// everything a solve returns: the score, the best move, the principal variation and the
// node count; and so must step 09 with each of its ideas switched off. The positions:
// FFO endgames, seeded random endgames of every size the solvers split at (the last-four
// solver, the shallow solver, the deep solver), the same with the other side to move
// (passes at the root), and 14-18 empties with the selective passes run from 14, where
// the solver hands positions back to the stage for ProbCut.
#include <memory>
#include <string>

#include "stage_list.h"
#include "catch.h"
#include "e08_selective/e08_selective.h"
#include "ffo_solve_check.h"
#include "search_support.h"
#include "stage.h"
#include "this_step.h"

using namespace reversi;
using namespace reversi::testing;

namespace {

constexpr unsigned kAllOff = step::IDEA_RAYS | step::IDEA_FLIP_LIST | step::IDEA_NEIGHBOURS | step::IDEA_LAST_FOUR;

// Runs the passes from `from` empties when the searcher has them and from > 0.
auto passesFrom(int from) {
  return [from](auto& searcher) {
    if (from > 0) searcher.selectiveFrom(from);
  };
}

// What a solve returns, in one comparable string.
template <class R>
std::string summary(const R& r) {
  std::string s =
      "score " + std::to_string(r.score) + " best " + std::to_string(int(r.best)) + " nodes " + std::to_string(r.nodes) + " pv";
  for (int i = 0; i < r.pvLength; ++i) s += " " + std::to_string(int(r.pv[i]));
  return s;
}

// Step 08 and step 09 (with the ideas `Off` switched off) on stage S: the same summary.
template <Stage S, unsigned Off = 0>
void checkSame(const Position& p, int from = 0) {
  const auto generic = solveOnOwnTable<e08::Search<S>, S>(p, passesFrom(from));
  const auto masks = solveOnOwnTable<step::Search<S, step::BucketTable, Off>, S>(p, passesFrom(from));
  INFO(S::id << ", ideas off " << Off << ", " << formatPosition(p));
  CHECK(summary(masks) == summary(generic));
}

}  // namespace

TEST_CASE("step 09 solves FFO #1-#4 as step 08 does: score, move, line and nodes, on two stages") {
  for (int n = 1; n <= 4; ++n) {
    checkSame<Stage_s09>(findFfo(n)->position);
    checkSame<Stage_s03>(findFfo(n)->position);
  }
}

TEST_CASE("step 09 agrees with step 08 on endgames of every size the solvers split at, passes too") {
  // 1-4 empties: the last-four solver (from a root of 5); 5-6 the shallow solver; 7-12
  // the deep one, with the table from 8 and ETC from 9.
  for (int empties = 1; empties <= 12; ++empties)
    for (uint64_t seed = 1; seed <= 12; ++seed) {
      const Position p = endgamePosition(seed * 7919 + uint64_t(empties), empties);
      checkSame<Stage_s09>(p);
      checkSame<Stage_s09>(otherSideToMove(p));  // the root may have to pass
    }
}

TEST_CASE("each idea of step 09 switched off changes no node, no score and no line") {
  for (uint64_t seed = 1; seed <= 4; ++seed)
    for (int empties : {5, 9, 14}) {
      const Position p = endgamePosition(seed, empties);
      checkSame<Stage_s09, step::IDEA_RAYS>(p);
      checkSame<Stage_s09, step::IDEA_FLIP_LIST>(p);
      checkSame<Stage_s09, step::IDEA_NEIGHBOURS>(p);
      checkSame<Stage_s09, step::IDEA_LAST_FOUR>(p);
      checkSame<Stage_s09, kAllOff>(p);
    }
  checkSame<Stage_s09, kAllOff>(findFfo(1)->position);
}

TEST_CASE("with the selective passes, step 09 hands ProbCut the same positions as step 08") {
  // From 14 empties the passes run and ProbCut asks the stage's midgame search about
  // positions the solver holds as masks: the same nodes mean the same answers.
  for (uint64_t seed = 1; seed <= 3; ++seed)
    for (int empties : {14, 16, 18}) checkSame<Stage_s09>(endgamePosition(seed, empties), 14);
  checkSame<Stage_s03>(endgamePosition(4, 15), 14);
}

TEST_CASE("step 09's small endgames are exact: the reference's brute force agrees") {
  for (int empties = 1; empties <= 8; ++empties)
    for (uint64_t seed = 1; seed <= 10; ++seed) {
      const Position p = endgamePosition(seed * 104729 + uint64_t(empties), empties);
      for (const Position& q : {p, otherSideToMove(p)}) {
        const auto r = solveOnOwnTable<step::Search<Stage_s09>, Stage_s09>(q, passesFrom(0));
        INFO(formatPosition(q));
        CHECK(r.score == bruteForceScore(q) * step::DISC);
      }
    }
}
