// For step 10 (stable discs), each idea switched off against the step as it ships (the
// full suite: every switch is another instantiation of the searcher, the longest compiles
// of the tests; ctest -L ideas): the solver with the bound gives the score and the best
// move it gives without it (and small endgames the brute force's score, along a line that
// holds), in fewer nodes, and with its margin and early stop as without; the move order's
// stable discs give the same scores, in fewer nodes; the key after a move against the key
// read afresh (Zobrist's), and both keys giving the same scores; the instruction-set
// switches and the last four squares' solver changing no node.
#include <algorithm>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "stage_list.h"
#include "catch.h"
#include "ffo_solve_check.h"
#include "random_positions.h"
#include "reference.h"
#include "search_support.h"
#include "stage.h"
#include "table_pool.h"
#include "this_step.h"

using namespace reversi;
using namespace reversi::testing;

namespace {

// What a solve returns but its line and node count (the line may take another path of the
// same score, or stop at a table hit elsewhere: the table holds other positions).
template <class R>
std::string result(const R& r) {
  return "score " + std::to_string(r.score) + " best " + std::to_string(int(r.best));
}

// The solve's line played from p on the reference rules: each move legal (a pass only with
// no move), and the brute-force score where it stops, seen from p's side to move.
template <class R>
int scoreAtEndOfLine(Position p, const R& r) {
  const uint8_t me = p.toMove;
  for (int i = 0; i < r.pvLength; ++i) {
    const std::vector<int> moves = ref::legalMoves(p, p.toMove);
    if (r.pv[i] == 64) {
      REQUIRE(moves.empty());
      p.toMove = opponent(p.toMove);
    } else {
      REQUIRE(std::find(moves.begin(), moves.end(), int(r.pv[i])) != moves.end());
      ref::play(p, r.pv[i], p.toMove);
    }
  }
  return (p.toMove == me ? 1 : -1) * bruteForceScore(p);
}

auto noSetup() {
  return [](auto&) {};
}

// Solves small random endgames (1-14 empties, `seeds` of each size, each with either side
// to move) with searchers A and B, each on its own table, and hands both results to
// check(position, empties, a, b).
template <class A, class B, class Check>
void forSmallEndgames(uint64_t seeds, Check check) {
  for (int empties = 1; empties <= 14; ++empties)
    for (uint64_t seed = 1; seed <= seeds; ++seed) {
      const Position p = endgamePosition(seed * 7919 + uint64_t(empties), empties);
      for (const Position& q : {p, otherSideToMove(p)}) {
        const auto a = solveOnOwnTable<A, Stage_s09>(q, noSetup());
        const auto b = solveOnOwnTable<B, Stage_s09>(q, noSetup());
        INFO(formatPosition(q));
        check(q, empties, a, b);
      }
    }
}

// Up to 9 empties, small enough for the brute force: the score, and where the line ends.
template <class R>
void checkAgainstBruteForce(const Position& q, int empties, const R& r) {
  if (empties > 9) return;
  CHECK(r.score == bruteForceScore(q) * step::DISC);
  CHECK(scoreAtEndOfLine(q, r) * step::DISC == r.score);
}

}  // namespace

TEST_CASE("keyAfter (Zobrist's key), four squares at a time, gives the key read afresh from the child's board") {
  // With IDEA_MULTIPLY_KEY off, the table finds a child by the key keyAfter works out
  // from its parent's; a wrong one answers for another position.
  auto search = std::make_unique<step::Search<Stage_s11, step::BucketTable, step::IDEA_MULTIPLY_KEY>>();
  int moves = 0;
  for (const Position& p : randomPositions(1012, 300))
    for (int sq : ref::legalMoves(p, p.toMove)) {
      Position child = p;
      ref::play(child, sq, p.toMove);
      const uint8_t opp = opponent(p.toMove);
      const uint64_t flipped = maskOf(p, opp) & ~maskOf(child, opp);
      INFO(formatPosition(p) << " move " << moveName(sq));
      CHECK(search->keyAfter(search->hashKey(load<Stage_s11>(p), p.toMove), uint8_t(sq), p.toMove, flipped) ==
            search->hashKey(load<Stage_s11>(child), opp));
      ++moves;
    }
  CHECK(moves > 1000);  // moves really played, flips in every direction among them
}

// Solves FFO #1-#4 (20-22 empties: the pre-search, ProbCut and the ordering search all
// run) with step 10 as it ships and with one switch off that must change no node.
template <unsigned Off>
void checkSameSolves() {
  using Default = step::Search<Stage_s11>;
  using Other = step::Search<Stage_s11, step::BucketTable, Off>;
  for (int number = 1; number <= 4; ++number) {
    const FfoPosition* f = findFfo(number);
    REQUIRE(f != nullptr);
    const auto a = solveOnOwnTable<Default, Stage_s11>(f->position, noSetup());
    const auto b = solveOnOwnTable<Other, Stage_s11>(f->position, noSetup());
    INFO("FFO #" << number);
    CHECK(a.score == f->score * step::DISC);
    CHECK(result(a) == result(b));
    CHECK(a.nodes == b.nodes);
    CHECK(std::vector<uint8_t>(a.pv, a.pv + a.pvLength) == std::vector<uint8_t>(b.pv, b.pv + b.pvLength));
  }
}

TEST_CASE("solve's midgame searches on masks or on the stage's board: the same score, move, line and nodes") {
  checkSameSolves<step::IDEA_MASK_SEARCH>();
}

TEST_CASE("solve counting bits by POPCNT or by shifts and adds: the same score, move, line and nodes") {
  checkSameSolves<step::IDEA_POPCOUNT>();
}

// The two switches below choose between code paths only a CPU with the instructions
// takes: elsewhere both solves run the same code, the comparison cannot fail, and the run
// says so (the scores against FFO's are still checked).
#if E10_X86
static bool cpuHasAvx2() { return step::CPU_HAS_AVX2; }
static bool cpuHasLzcntLanes() { return step::CPU_HAS_LZCNT_LANES; }
#else
static bool cpuHasAvx2() { return false; }
static bool cpuHasLzcntLanes() { return false; }
#endif

TEST_CASE("solve finding moves four directions at a time or by stage 09's fills: the same score, move, line and nodes") {
  if (!cpuHasAvx2()) WARN("this CPU has no AVX2: both solves take the same path, nothing to compare but the scores");
  checkSameSolves<step::IDEA_LANES>();
}

TEST_CASE(
    "solve finding flips down the board by a count of leading zeros (AVX-512) or by spreads: the same score, move, line and nodes") {
  if (!cpuHasLzcntLanes())
    WARN("this CPU has no AVX-512 (AVX512CD, AVX512VL): both solves take the same path, nothing to compare but the scores");
  checkSameSolves<step::IDEA_LZCNT>();
}

TEST_CASE("solve with the last four squares' own solver or with the shallow solver: the same score, move, line and nodes") {
  checkSameSolves<step::IDEA_LAST_FOUR>();
}

// FFO #from-#to solved with every idea on and with Off's switched off, each on its own
// table: both must find the published score; then check(position, with, without).
template <unsigned Off, class Check>
void solveFfoBothWays(int from, int to, Check check) {
  using With = step::Search<Stage_s09>;
  using Without = step::Search<Stage_s09, step::BucketTable, Off>;
  for (int n = from; n <= to; ++n) {
    const FfoPosition* f = findFfo(n);
    INFO("FFO #" << n);
    const auto a = solveOnOwnTable<With, Stage_s09>(f->position, noSetup());
    const auto b = solveOnOwnTable<Without, Stage_s09>(f->position, noSetup());
    CHECK(a.score == f->score * step::DISC);
    CHECK(b.score == f->score * step::DISC);
    check(*f, a, b);
  }
}

// A switch that changes what the table keeps (so the nodes, a little) and no score: small
// endgames (passes too) with it on and off, the same scores and lines that hold; FFO #1-#4
// both ways, the published scores. Returns how many of those four differ in nodes.
template <unsigned Off>
int checkSameScores() {
  using With = step::Search<Stage_s09>;
  using Without = step::Search<Stage_s09, step::BucketTable, Off>;
  forSmallEndgames<With, Without>(4, [](const Position& q, int empties, const auto& a, const auto& b) {
    CHECK(a.score == b.score);
    checkAgainstBruteForce(q, empties, a);
    checkAgainstBruteForce(q, empties, b);
  });
  int differ = 0;
  solveFfoBothWays<Off>(1, 4, [&](const FfoPosition&, const auto& a, const auto& b) { differ += a.nodes != b.nodes; });
  return differ;
}

TEST_CASE("the shallow table changes no score, and its lines hold, passes too") { checkSameScores<step::IDEA_SHALLOW_TABLE>(); }

// After a solve, the pool as useTable split it: the solver's positions of 6 and 7 empty
// squares (exact slots, depth EXACT_SLOT + empties) in the shallow table at its start,
// none in the rest; with the idea off, in the one table.
TEST_CASE("the solver keeps positions of SHALLOW_TABLE_MAX empties or fewer in the shallow table, the others in the big one") {
  const Position& p = findFfo(1)->position;
  const uint32_t count = tableSlotsFor(p, -1);
  const uint32_t shallow = std::min(count / step::SHALLOW_TABLE_SHARE, step::SHALLOW_TABLE_SLOTS);
  REQUIRE(shallow >= 64);
  // The slots of pool[from, to) in use whose depth says (or, shallowDepths false, does not
  // say) a solver's position of 6 or 7 empties.
  auto kept = [](TablePool<step::Slot>& pool, uint32_t from, uint32_t to, bool shallowDepths) {
    int n = 0;
    for (uint32_t i = from; i < to; ++i) {
      const int depth = pool.data()[i].depth;
      const bool isShallow =
          depth >= step::EXACT_SLOT + step::ENDGAME_TABLE && depth <= step::EXACT_SLOT + step::SHALLOW_TABLE_MAX;
      n += depth != 0 && isShallow == shallowDepths;
    }
    return n;
  };
  // Solves FFO #1 with a new searcher on `pool` (the size the CLI would lend): its score.
  auto solveOn = [&](auto searcher, TablePool<step::Slot>& pool) {
    pool.resize(count);
    searcher->useTable(pool.data(), count);
    CHECK(searcher->solve(load<Stage_s11>(p), p.toMove).score == findFfo(1)->score * step::DISC);
  };
  TablePool<step::Slot> on, off;
  solveOn(std::make_unique<step::Search<Stage_s11>>(), on);
  CHECK(kept(on, 0, shallow, true) > int(shallow / 4));  // the shallow table: used...
  CHECK(kept(on, 0, shallow, false) == 0);               // ...by those positions alone
  CHECK(kept(on, shallow, count, true) == 0);            // and none of them in the big one,
  CHECK(kept(on, shallow, count, false) > 100);          // which keeps the others
  solveOn(std::make_unique<step::Search<Stage_s11, step::BucketTable, step::IDEA_SHALLOW_TABLE>>(), off);
  CHECK(kept(off, shallow, count, true) > 100);  // off: in the one table, anywhere
}

TEST_CASE("the bound changes no score and no best move, its lines hold, passes too; it saves nodes") {
  using With = step::Search<Stage_s09>;
  using Without = step::Search<Stage_s09, step::BucketTable, step::IDEA_STABLE>;
  uint64_t nodesWith = 0, nodesWithout = 0;
  forSmallEndgames<With, Without>(6, [&](const Position& q, int empties, const auto& a, const auto& b) {
    CHECK(result(a) == result(b));
    checkAgainstBruteForce(q, empties, a);
    nodesWith += a.nodes;
    nodesWithout += b.nodes;
  });
  // Position by position, the bound where it could cut saves nodes. With its margin it
  // cuts less, and on a single position the other cuts' changed order can cost a few
  // more nodes (FFO #4): there, the sum.
  using Everywhere = step::Search<Stage_s09, step::BucketTable, step::IDEA_STABLE_MARGIN>;
  for (int n = 1; n <= 4; ++n) {
    const Position& p = findFfo(n)->position;
    const auto a = solveOnOwnTable<With, Stage_s09>(p, noSetup());
    const auto b = solveOnOwnTable<Without, Stage_s09>(p, noSetup());
    const auto c = solveOnOwnTable<Everywhere, Stage_s09>(p, noSetup());
    CHECK(result(a) == result(b));
    CHECK(result(c) == result(a));  // the margin and early stop off: the same result too
    CHECK(c.nodes < b.nodes);
    nodesWith += a.nodes;
    nodesWithout += b.nodes;
  }
  CHECK(nodesWith < nodesWithout);
}

TEST_CASE("the bound's margin and early stop change no score and no best move; the lines hold") {
  using With = step::Search<Stage_s09>;
  using Without = step::Search<Stage_s09, step::BucketTable, step::IDEA_STABLE_MARGIN>;
  int differ = 0;
  forSmallEndgames<With, Without>(4, [&](const Position& q, int empties, const auto& a, const auto& b) {
    CHECK(result(a) == result(b));
    checkAgainstBruteForce(q, empties, a);
    differ += a.nodes != b.nodes;
  });
  CHECK(differ > 0);  // the switch reaches the search (FFO #1-#4 with it off: the test above)
}

// Another order may pick another of several equal best moves: the score is compared, and
// the line (up to 9 empties) shows the move picked is a best one.
TEST_CASE("stable discs in the move order change no score; the lines hold; they save nodes") {
  using With = step::Search<Stage_s09>;
  using Without = step::Search<Stage_s09, step::BucketTable, step::IDEA_STABLE_ORDER>;
  int differ = 0;
  forSmallEndgames<With, Without>(4, [&](const Position& q, int empties, const auto& a, const auto& b) {
    CHECK(a.score == b.score);
    checkAgainstBruteForce(q, empties, a);
    differ += a.nodes != b.nodes;
  });
  CHECK(differ > 0);  // the term reaches the search
  // Fewer nodes over FFO #1-#4 (not on each: an order is a guess).
  uint64_t nodesWith = 0, nodesWithout = 0;
  for (int n = 1; n <= 4; ++n) {
    const Position& p = findFfo(n)->position;
    const auto a = solveOnOwnTable<With, Stage_s09>(p, noSetup());
    const auto b = solveOnOwnTable<Without, Stage_s09>(p, noSetup());
    CHECK(a.score == b.score);
    nodesWith += a.nodes;
    nodesWithout += b.nodes;
  }
  CHECK(nodesWith < nodesWithout);
}

// Another key puts positions in other buckets: where a bucket is full, another position
// is lost, so the nodes may differ, and the scores may not.
TEST_CASE("keys by multiplication or Zobrist's: the same scores; the lines hold") {
  CHECK(checkSameScores<step::IDEA_MULTIPLY_KEY>() > 0);  // the switch reaches the search
}

// The replies counted in the order reach a solve only from SORT_SEARCH empty squares:
// below, both searches are the same, node for node (FFO #8-#12, 15 empties); from there
// (FFO #13-#19, 16: only the root is ordered so), another order, the published scores.
// (Fewer nodes is for deeper solves, where it orders many nodes: the ablation table, on
// FFO #40-#44; on these, the two counts are within a few nodes of each other.)
TEST_CASE("the replies in the order far from the end: no score changes, and nothing below SORT_SEARCH empty squares") {
  REQUIRE(step::SORT_SEARCH == 16);
  int differ = 0;
  solveFfoBothWays<step::IDEA_SORT_MOBILITY>(8, 19, [&](const FfoPosition& f, const auto& a, const auto& b) {
    if (f.empties < step::SORT_SEARCH) CHECK(a.nodes == b.nodes);
    else differ += a.nodes != b.nodes;
  });
  CHECK(differ > 0);  // the switch reaches the search
}

// The pre-search's cap (SHORT_PRESEARCH plies, step 09's PRESEARCH_MAX) reaches a solve
// only from SOLVE_FROM + SHORT_PRESEARCH + 1 empty squares: below, both searches are the
// same, node for node; above, another pre-search orders the passes, and the score stays.
TEST_CASE("a shorter pre-search changes no score, and nothing below 19 empty squares") {
  using With = step::Search<Stage_s09>;
  using Without = step::Search<Stage_s09, step::BucketTable, step::IDEA_SHORT_PRESEARCH>;
  const int from = step::SOLVE_FROM + step::SHORT_PRESEARCH + 1;
  REQUIRE(from == 19);
  int differ = 0;
  for (uint64_t seed = 1; seed <= 2; ++seed)  // (seeds whose positions solve in well under a second)
    for (int empties : {from - 1, from}) {
      const Position p = endgamePosition(seed * 104729 + uint64_t(empties), empties);
      INFO(formatPosition(p));
      const auto a = solveOnOwnTable<With, Stage_s09>(p, noSetup());
      const auto b = solveOnOwnTable<Without, Stage_s09>(p, noSetup());
      CHECK(a.score == b.score);
      if (empties < from) CHECK(a.nodes == b.nodes);
      else differ += a.nodes != b.nodes;
    }
  CHECK(differ > 0);  // the switch reaches the search
}
