// The one search test suite, compiled once per search step (-DREVERSI_STEP=eNN):
// "this_step.h" names the step as ThisStep and its namespace as `step`. Every test checks
// the step against code it shares nothing with: exact endgame scores against an
// independent alpha-beta on the reference rules (tests/search_support.h), and fixed-depth
// scores against a plain negamax on the reference rules that uses the step's own
// evaluation at the horizon. It runs the step on one move generator, stage 09: that the
// step visits the same nodes on every stage is checked once for every step, through the
// registry that the program uses (tests/registry_test.cpp), so that no test program
// compiles every step on every stage again.
// [broad]: a test over many positions and depths; the exercise checker names a failing
// one only when no narrower test fails (exercises/exercises.py, first_failure).
#include <string>
#include <vector>

#include "catch.h"
#include "search_support.h"
#include "this_step.h"

using namespace reversi;
using reversi::testing::bruteForceProves;
using reversi::testing::bruteForceProvesAfter;
using reversi::testing::bruteForceScore;
using reversi::testing::bruteForceScoreAfter;
using reversi::testing::endgamePosition;

// Scaled down (never out) under sanitizers by the build; see CMakePresets.json.
#ifndef REVERSI_SEARCH_POSITIONS
#define REVERSI_SEARCH_POSITIONS 6
#endif

namespace {

using Fast = Stage_s09;  // the move generator the suite runs on (every stage: registry_test.cpp)
using Searcher = step::Search<Fast>;

// The deepest exact solve the suite asks of this step: minimax (e01) looks at every
// line, so it stops earlier.
constexpr int kMaxEmpties = ThisStep::number == 1 ? 8 : 12;
constexpr int kCheckDepth = ThisStep::number == 1 ? 3 : 4;

// Runs the step on stage S; depth < 0 solves. The table (if the step has one) is
// fresh each time, as in the CLI, but smaller: the suite's searches are small, and a
// table smaller than its work also tests what happens when it is full.
template <Stage S>
SearchOutcome run(const Position& p, int depth) {
  return runStep<ThisStep, S>(p, depth, 1u << 12);
}

// Plain negamax on the reference rules to `depth`, scoring the horizon with the step's
// own evaluation (and finished games by discs), in the step's units.
int referenceNegamax(const Position& p, int depth) {
  const std::vector<int> moves = ref::legalMoves(p, p.toMove);
  Position q = p;
  q.toMove = opponent(p.toMove);
  const bool over = moves.empty() && ref::legalMoves(q, q.toMove).empty();
  if (over) return reversi::testing::finalDiscs(p, p.toMove) * ThisStep::DISC;
  if (depth == 0) return Searcher::evaluate(load<Fast>(p), p.toMove);
  if (moves.empty()) return -referenceNegamax(q, depth - 1);
  int best = -1000000;
  for (int m : moves) {
    Position c = p;
    ref::play(c, m, p.toMove);
    best = std::max(best, -referenceNegamax(c, depth - 1));
  }
  return best;
}

// The principal variation is a legal line: each move legal for the side to move, a
// pass only when it has no move.
void checkPvIsLegal(const Position& start, const std::vector<int>& pv) {
  Position p = start;
  for (size_t i = 0; i < pv.size(); ++i) {
    INFO("pv move " << i + 1 << " " << moveName(pv[i]) << " in " << formatPosition(p));
    const std::vector<int> moves = ref::legalMoves(p, p.toMove);
    if (pv[i] == kPass) {
      REQUIRE(moves.empty());
      p.toMove = opponent(p.toMove);
    } else {
      REQUIRE(std::find(moves.begin(), moves.end(), pv[i]) != moves.end());
      ref::play(p, pv[i], p.toMove);
    }
  }
}

}  // namespace

TEST_CASE("exact endgame scores agree with an independent solver", "[broad]") {
  for (int empties = 2; empties <= kMaxEmpties; empties += 2) {
    for (int i = 0; i < REVERSI_SEARCH_POSITIONS; ++i) {
      const Position p = endgamePosition(1000 * empties + i, empties);
      INFO(formatPosition(p) << " (" << empties << " empties)");
      const SearchOutcome r = run<Fast>(p, -1);
      CHECK(r.exact);
      CHECK(bruteForceProves(p, r.score));
      REQUIRE(r.best != kNoMove);
      CHECK(bruteForceProvesAfter(p, r.best, r.score));  // the best move really scores that
      CHECK(r.pv.front() == r.best);
      checkPvIsLegal(p, r.pv);
      CHECK(r.nodes > 0);
    }
  }
}

TEST_CASE("a fixed-depth search returns the minimax value of the step's evaluation", "[broad]") {
  const std::vector<Position> sample = randomPositions(kWorkloadSeed, 200);
  for (size_t i = 0; i < sample.size(); i += 200 / (4 * REVERSI_SEARCH_POSITIONS)) {
    const Position& p = sample[i];
    for (int depth = 0; depth <= kCheckDepth; ++depth) {
      INFO(formatPosition(p) << " depth " << depth);
      const SearchOutcome r = run<Fast>(p, depth);
      CHECK(!r.exact);
      CHECK(r.score == referenceNegamax(p, depth));
      if (depth > 0 && r.best != kNoMove) {
        // The best move is one whose own minimax value is the score.
        Position c = p;
        if (r.best == kPass) c.toMove = opponent(p.toMove);
        else REQUIRE(ref::play(c, r.best, p.toMove) > 0);
        CHECK(-referenceNegamax(c, depth - 1) == r.score);
        checkPvIsLegal(p, r.pv);
      }
    }
  }
}

TEST_CASE("a finished game has no move and scores its discs, the winner taking the empties") {
  // Black has 3 discs, white none, and nobody can move: black wins 64-0 with 61 empties.
  const Position over = parsePosition("XXX------------------------------------------------------------- O");
  for (int depth : {-1, 0, 3}) {
    const SearchOutcome r = run<Fast>(over, depth);
    CHECK(r.best == kNoMove);
    CHECK(r.pv.empty());
    CHECK(r.score == -64 * r.disc);  // white to move has lost by 64
  }
}

TEST_CASE("a position lost by 64 in every line still names its best move") {
  // Black to move: every line ends with no black disc left. A window of exactly
  // (-64, 64) would let no move raise alpha, and the solver would name no move.
  const Position p = parsePosition("OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOXOOOOOOOOOOOOOOOXX--OOO-X---O- X");
  REQUIRE(bruteForceScore(p) == -64);
  const SearchOutcome r = run<Fast>(p, -1);
  CHECK(r.score == -64);
  REQUIRE(r.best != kNoMove);
  CHECK(bruteForceScoreAfter(p, r.best) == -64);
}

TEST_CASE("a side without a move passes, and the pass counts as a ply") {
  // White to move has no move; black then takes h1 and flips b1..g1: black wins 8-0.
  const Position p = parsePosition("-OOOOOOX-------------------------------------------------------- O");
  REQUIRE(ref::legalMoves(p, WHITE).empty());
  const SearchOutcome r = run<Fast>(p, -1);
  CHECK(r.best == kPass);
  CHECK(r.score == bruteForceScore(p));
  CHECK(r.score == -64);
  REQUIRE(r.pv.size() >= 2);
  CHECK(r.pv[1] == parseMove("a1"));
  // Depth 1 sees only the pass: the score is black's evaluation, negated.
  const SearchOutcome one = run<Fast>(p, 1);
  CHECK(one.best == kPass);
  Position q = p;
  q.toMove = BLACK;
  CHECK(one.score == -Searcher::evaluate(load<Fast>(q), BLACK));
}

TEST_CASE("depth 0 is the evaluation, which stays within the step's limit") {
  // Up to step 06 the limit is below the smallest win (2 discs); from step 07 on the
  // evaluation predicts discs and may say up to 64.
  const std::vector<Position> sample = randomPositions(kWorkloadSeed, 300);
  for (const Position& p : sample) {
    const SearchOutcome r = run<Fast>(p, 0);
    CHECK(r.nodes == 1);
    CHECK(r.score == Searcher::evaluate(load<Fast>(p), p.toMove));
    if (!ref::gameOver(p)) CHECK(std::abs(r.score) <= step::EVAL_LIMIT);
  }
}

TEST_CASE("the evaluation is the same on the board turned or mirrored") {
  const std::vector<Position> sample = randomPositions(kWorkloadSeed + 2, 300);
  for (const Position& p : sample) {
    const int score = Searcher::evaluate(load<Fast>(p), p.toMove);
    for (int s = 1; s < 8; s++) {
      Position q;
      q.toMove = p.toMove;
      for (int sq = 0; sq < 64; sq++) {
        int x = sq & 7, y = sq >> 3;  // symmetry s: files mirrored, ranks mirrored, then transposed
        if (s & 1) x = 7 - x;
        if (s & 2) y = 7 - y;
        if (s & 4) std::swap(x, y);
        q.set(x, y, p.at(sq & 7, sq >> 3));
      }
      INFO("symmetry " << s << " of " << formatPosition(p));
      CHECK(Searcher::evaluate(load<Fast>(q), q.toMove) == score);
    }
  }
}

// Steps 01-06 judge a position by terms that count the same for both sides (mobility,
// corners, ...), so one side's gain is the other's loss. From step 07 on the weights are
// learned for the side to move, who plays next: having the move is worth something, so
// the two views differ (a learned evaluation that never told them apart has lost that).
TEST_CASE("the evaluation's two sides: hand-made, one side's gain is the other's loss") {
  const std::vector<Position> sample = randomPositions(kWorkloadSeed + 1, 300);
  int differ = 0;
  for (const Position& p : sample) {
    const Fast::Board b = load<Fast>(p);
    const int black = Searcher::evaluate(b, BLACK), white = Searcher::evaluate(b, WHITE);
    if (ThisStep::number < 7) CHECK(black == -white);
    differ += black != -white;
  }
  if (ThisStep::number >= 7) CHECK(differ > 0);
}
