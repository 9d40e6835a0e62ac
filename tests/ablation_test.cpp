// For the endgame step (e06): each idea switched off alone (the ablation of the page,
// bench/ablation.cpp) still solves exactly: the published FFO scores and best moves.
// Only nodes and time may change; a fallback that lost exactness would fail here.
#include <algorithm>
#include <memory>

#include "stage_list.h"
#include "catch.h"
#include "ffo_solve_check.h"
#include "search_support.h"
#include "stage.h"
#include "this_step.h"

using namespace reversi;
using namespace reversi::testing;

namespace {

template <Stage S, unsigned Off, template <class> class Make = step::CopyMake>
void checkFfo(int number) {
  checkFfoSolve<step::Search<S, step::BucketTable, Make, Off>, S>(number, step::DISC, Off, [](auto&) {});
}

template <Stage S, unsigned... Off>
void checkEach(int number) {
  (checkFfo<S, Off>(number), ...);
}

}  // namespace

TEST_CASE("every idea of the step switched off alone still solves FFO #1-#3 exactly") {
  for (int n = 1; n <= 3; ++n)
    checkEach<Stage_s09, 0, step::IDEA_EMPTY_LIST, step::IDEA_PARITY, step::IDEA_SHALLOW, step::IDEA_LAST_EMPTY,
              step::IDEA_FASTEST_FIRST, step::IDEA_SORT_SEARCH, step::IDEA_ETC, step::IDEA_TABLE_FROM, step::IDEA_PREFETCH,
              step::IDEA_KEY_AFTER, step::IDEA_ROOT_SEARCH, step::IDEA_MASK_EVAL>(n);
}

TEST_CASE("with the undo stack the ideas that walk the board still solve exactly") {
  // UndoMove plays on the one board: a scan for empty squares (no list), the deep solver
  // to the end and the last move played must all see the board as the move left it.
  for (int n = 1; n <= 3; ++n) {
    checkFfo<Stage_s08, step::IDEA_EMPTY_LIST, step::UndoMove>(n);
    checkFfo<Stage_s08, step::IDEA_SHALLOW, step::UndoMove>(n);
    checkFfo<Stage_s08, step::IDEA_LAST_EMPTY, step::UndoMove>(n);
  }
}

TEST_CASE("the ideas off together still solve exactly: the plainest solver the switches make") {
  constexpr unsigned all = step::IDEA_EMPTY_LIST | step::IDEA_PARITY | step::IDEA_SHALLOW | step::IDEA_LAST_EMPTY |
                           step::IDEA_FASTEST_FIRST | step::IDEA_SORT_SEARCH | step::IDEA_ETC | step::IDEA_TABLE_FROM |
                           step::IDEA_PREFETCH | step::IDEA_KEY_AFTER | step::IDEA_ROOT_SEARCH | step::IDEA_MASK_EVAL;
  checkFfo<Stage_s09, all>(1);
  checkFfo<Stage_s09, all & ~unsigned(step::IDEA_SHALLOW)>(2);  // the shallow solver with no list, no parity
}

TEST_CASE("SQUARE_RANK is where each square stands in SQUARE_ORDER") {
  for (int i = 0; i < 64; ++i) CHECK(step::SQUARE_RANK[step::SQUARE_ORDER[i]] == i);
}

TEST_CASE("the evaluation on masks scores every position as step 05's cell by cell does") {
  // The ablation's "evaluation" row compares speed only if the scores are the same.
  using Masks = step::Search<Stage_s09>;
  using Cells = step::Search<Stage_s09, step::BucketTable, step::CopyMake, step::IDEA_MASK_EVAL>;
  for (const Position& p : randomPositions(kWorkloadSeed, 500)) {
    const Stage_s09::Board b = load<Stage_s09>(p);
    INFO(formatPosition(p));
    CHECK(Masks::evaluate(b, p.toMove) == Cells::evaluate(b, p.toMove));
    CHECK(Masks::evaluate(b, uint8_t(3 - p.toMove)) == Cells::evaluate(b, uint8_t(3 - p.toMove)));
  }
}
