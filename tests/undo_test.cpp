// For the endgame step (e06): the article's undo stack and copy-make visit exactly the
// same nodes and find the same results, and the undo leaves the board as it was.
#include <cstring>
#include <memory>

#include "stage_list.h"
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

TEST_CASE("the key worked out from the parent's equals the key read from the board") {
  // solve() never reads a child's 64 squares for its key: keyAfter updates the
  // parent's. A wrong update would make the table answer for another position.
  auto search = std::make_unique<step::Search<Stage_s01>>();
  const std::vector<Position> sample = randomPositions(kWorkloadSeed, 300);
  int moves = 0;
  for (const Position& p : sample)
    for (int sq : ref::legalMoves(p, p.toMove)) {
      const Stage_s01::Board parent = load<Stage_s01>(p);
      Stage_s01::Board child = parent;
      const int flips = Stage_s01::play(child, sq & 7, sq >> 3, p.toMove);
      const uint8_t opp = uint8_t(3 - p.toMove);
      INFO(formatPosition(p) << " move " << moveName(sq));
      CHECK(search->keyAfter(parent, child, search->hashKey(parent, p.toMove), uint8_t(sq), p.toMove, flips) ==
            search->hashKey(child, opp));
      ++moves;
    }
  CHECK(moves > 1000);  // the sample really played moves, flips in every direction among them
}
