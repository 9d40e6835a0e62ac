// For the endgame step (e06): the article's undo stack and copy-make visit exactly the
// same nodes and find the same results, and the undo leaves the board as it was.
#include <cstring>
#include <memory>

#include "all_stages.h"
#include "catch.h"
#include "search_support.h"
#include "stage.h"
#include "this_step.h"

using namespace reversi;
using reversi::testing::endgamePosition;

namespace {

template <Stage S>
void checkUndoMatchesCopy(const Position& p) {
  auto copy = std::make_unique<step::Search<S, step::BucketTable, step::CopyMake>>();
  auto undo = std::make_unique<step::Search<S, step::BucketTable, step::UndoMove>>();
  const typename S::Board b = load<S>(p);
  const step::Result a = copy->solve(b, p.toMove);
  const step::Result c = undo->solve(b, p.toMove);
  INFO(S::id << " " << formatPosition(p));
  CHECK(a.score == c.score);
  CHECK(a.best == c.best);
  CHECK(a.nodes == c.nodes);
}

}  // namespace

TEST_CASE("the undo stack visits the same nodes as copy-make, on array and bitboard stages") {
  for (int i = 0; i < 4; ++i) {
    const Position p = endgamePosition(900 + i, 10);
    checkUndoMatchesCopy<Stage_s01>(p);
    checkUndoMatchesCopy<Stage_s07>(p);
    checkUndoMatchesCopy<Stage_s08>(p);
    checkUndoMatchesCopy<Stage_s10>(p);
  }
}

TEST_CASE("an undone move leaves the board exactly as it was") {
  const std::vector<Position> sample = randomPositions(kWorkloadSeed, 200);
  for (const Position& p : sample)
    for (int sq : ref::legalMoves(p, p.toMove)) {
      Stage_s08::Board b = load<Stage_s08>(p);  // line indices too: setCell must restore them
      step::UndoMove<Stage_s08> move;
      REQUIRE(move.play(b, uint8_t(sq), p.toMove) == int(ref::flips(p, sq, p.toMove).size()));
      Position after = p;
      ref::play(after, sq, p.toMove);
      CHECK(snapshot<Stage_s08>(b, after.toMove) == after);
      move.undo(b, uint8_t(sq), p.toMove);
      CHECK(snapshot<Stage_s08>(b, p.toMove) == p);
      const Stage_s08::Board fresh = load<Stage_s08>(p);
      CHECK(std::memcmp(b.line, fresh.line, sizeof b.line) == 0);
    }
}
