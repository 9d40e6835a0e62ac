// For step 10 (stable discs): the bound is only sound if a disc it calls stable can never
// flip. So: every disc stableDiscs names keeps its colour in every continuation of many
// small random endgames (all of them, played out on the reference rules); a few boards
// whose stable discs are known by hand; and the solver with the bound gives the score and
// the best move it gives without it (and small endgames the brute force's score, along a
// line that holds), in fewer nodes, and with its margin and early stop as without; and
// stable discs found in lanes against the plain way, and found only as far as asked;
// the move order's stable discs (heldByCorner) among stableDiscs's, and that order giving
// the same scores, in fewer nodes; and the keys: the key after a move against the key read
// afresh (Zobrist's), the key from the masks against the key read from the board, spread
// over the buckets, and both keys giving the same scores.
#include <algorithm>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "all_stages.h"
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

// Plays every continuation of p to the end (passes too) and counts the positions where a
// disc of `stable` (both colours', as found at the root) no longer has its root colour.
int flippedStable(const Position& p, uint64_t stableBlack, uint64_t stableWhite) {
  int bad = ((maskOf(p, BLACK) & stableBlack) != stableBlack) + ((maskOf(p, WHITE) & stableWhite) != stableWhite);
  const std::vector<int> moves = ref::legalMoves(p, p.toMove);
  if (moves.empty()) {
    Position q = p;
    q.toMove = opponent(p.toMove);
    return ref::legalMoves(q, q.toMove).empty() ? bad : bad + flippedStable(q, stableBlack, stableWhite);
  }
  for (int m : moves) {
    Position q = p;
    ref::play(q, m, p.toMove);  // (the opponent to move next)
    bad += flippedStable(q, stableBlack, stableWhite);
  }
  return bad;
}

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

TEST_CASE("a disc stableDiscs names never flips, whatever is played to the end") {
  int checked = 0, stableSeen = 0;
  for (int empties = 1; empties <= 7; ++empties)
    for (uint64_t seed = 1; seed <= 25; ++seed) {
      const Position p = endgamePosition(seed * 6007 + uint64_t(empties), empties);
      const uint64_t black = maskOf(p, BLACK), white = maskOf(p, WHITE);
      const uint64_t stableBlack = step::stableDiscs(black, white), stableWhite = step::stableDiscs(white, black);
      CHECK((stableBlack & ~black) == 0);  // only the colour's own discs
      CHECK((stableWhite & ~white) == 0);
      INFO(formatPosition(p));
      CHECK(flippedStable(p, stableBlack, stableWhite) == 0);
      CHECK(flippedStable(otherSideToMove(p), stableBlack, stableWhite) == 0);
      ++checked;
      stableSeen += stableBlack != 0 || stableWhite != 0;
    }
  CHECK(checked == 175);
  CHECK(stableSeen > 150);  // the check has something to check: near the end most boards have stable discs
}

TEST_CASE("stable discs of boards known by hand") {
  SECTION("the start: none") {
    const Position p = startPosition();
    CHECK(step::stableDiscs(maskOf(p, BLACK), maskOf(p, WHITE)) == 0);
    CHECK(step::stableDiscs(maskOf(p, WHITE), maskOf(p, BLACK)) == 0);
  }
  SECTION("a corner and the run of its colour along the edges from it; not a disc beyond a gap") {
    // a1 b1 c1 a2 a3 black, d1 white, f1 black (after a gap at e1), b2 black (inside)
    const uint64_t black = (1ULL << 0) | (1ULL << 1) | (1ULL << 2) | (1ULL << 8) | (1ULL << 16) | (1ULL << 5) | (1ULL << 9);
    const uint64_t white = 1ULL << 3;
    const uint64_t expect = (1ULL << 0) | (1ULL << 1) | (1ULL << 2) | (1ULL << 8) | (1ULL << 16) | (1ULL << 9);
    // b2: its row neighbour a2, column neighbour b1, diagonal neighbour a1 are stable
    // black discs; on its other diagonal (a3-c1) both ends are stable black discs too.
    CHECK(step::stableDiscs(black, white) == expect);
    CHECK(step::stableDiscs(white, black) == 0);  // d1: e1 is empty beside it, c1 is black
  }
  SECTION("a full board: every disc") {
    const uint64_t black = 0x00FF00FF00FF00FFULL, white = ~black;
    CHECK(step::stableDiscs(black, white) == black);
    CHECK(step::stableDiscs(white, black) == white);
  }
}

TEST_CASE("heldByCorner (the move order's stable discs): corners and C-squares beside the colour's own corner, stable all") {
  SECTION("by hand") {
    const uint64_t a1 = 1ULL << 0, b1 = 1ULL << 1, a2 = 1ULL << 8, b2 = 1ULL << 9, g8 = 1ULL << 62, h8 = 1ULL << 63;
    CHECK(step::heldByCorner(a1 | b1 | a2 | b2) == (a1 | b1 | a2));  // b2, an X-square: not by this rule
    CHECK(step::heldByCorner(b1 | a2 | b2) == 0);                    // no corner, no C-square
    CHECK(step::heldByCorner(g8 | h8) == (g8 | h8));
    CHECK(step::heldByCorner(h8 | (1ULL << 55) | (1ULL << 54)) == (h8 | (1ULL << 55)));  // h7 beside h8; g7 not
    CHECK(step::heldByCorner(1ULL << 7 | 1ULL << 8) == (1ULL << 7));  // h1 and a2: another corner's C-square
  }
  SECTION("every disc it names is one stableDiscs names") {
    int named = 0;
    for (int empties = 1; empties <= 40; ++empties)
      for (uint64_t seed = 1; seed <= 20; ++seed) {
        const Position p = endgamePosition(seed * 4271 + uint64_t(empties), empties);
        const uint64_t black = maskOf(p, BLACK), white = maskOf(p, WHITE);
        INFO(formatPosition(p));
        CHECK((step::heldByCorner(black) & ~step::stableDiscs(black, white)) == 0);
        CHECK((step::heldByCorner(white) & ~step::stableDiscs(white, black)) == 0);
        named += step::bitCount(step::heldByCorner(black) | step::heldByCorner(white));
      }
    CHECK(named > 500);  // the check has discs to check
  }
}

TEST_CASE("QUADRANT_BIT is 1 << quadrant, square by square") {
  for (uint8_t sq = 0; sq < 64; ++sq) {
    INFO("square " << int(sq));
    CHECK(step::QUADRANT_BIT[sq] == 1 << step::quadrant(sq));
  }
}

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

// The solver keys a child by positionKey on its masks; the root, and the midgame searches
// that leave moves in the table for it, read the key off the board (hashKey). The two
// must agree, or the solver never finds what they stored.
TEST_CASE("positionKey on the masks is hashKey read from the board; other positions, other keys") {
  auto search = std::make_unique<step::Search<Stage_s11>>();
  std::unordered_map<uint64_t, std::pair<uint64_t, uint64_t>> seen;  // key -> (own, opp)
  int positions = 0, clashes = 0, sameBothWays = 0;
  auto check = [&](const Position& p) {
    const uint64_t own = maskOf(p, p.toMove), opp = maskOf(p, opponent(p.toMove));
    const uint64_t key = search->positionKey(own, opp);
    CHECK(key == search->hashKey(load<Stage_s11>(p), p.toMove));
    const auto [it, added] = seen.emplace(key, std::make_pair(own, opp));
    clashes += !added && it->second != std::make_pair(own, opp);
    sameBothWays += search->positionKey(opp, own) == key;  // the other side to move: another key
    ++positions;
  };
  for (const Position& p : randomPositions(1013, 300)) {
    check(p);
    for (int sq : ref::legalMoves(p, p.toMove)) {
      Position child = p;
      ref::play(child, sq, p.toMove);
      child.toMove = opponent(p.toMove);
      check(child);
    }
  }
  CHECK(positions > 1000);
  CHECK(clashes == 0);
  CHECK(sameBothWays == 0);
}

// BucketTable picks a bucket by the key's top 32 bits: one disc more must change about
// half of them, whichever square it lands on, or nearby positions crowd into few buckets.
TEST_CASE("positionKey: one disc more changes about half of the key's top 32 bits, on every square") {
  using S = step::Search<Stage_s11>;
  Rng rng(26);
  for (int sq = 0; sq < 64; ++sq) {
    int changed = 0, trials = 0;
    for (int i = 0; i < 200; ++i) {
      const uint64_t a = rng.next() & rng.next(), b = rng.next() & rng.next() & ~a;  // a random-ish board
      const uint64_t own = a & ~(uint64_t(1) << sq), opp = b & ~(uint64_t(1) << sq);
      const uint64_t before = S::positionKey(own, opp) >> 32;
      changed += __builtin_popcountll(before ^ (S::positionKey(own | uint64_t(1) << sq, opp) >> 32));
      changed += __builtin_popcountll(before ^ (S::positionKey(own, opp | uint64_t(1) << sq) >> 32));
      trials += 2;
    }
    INFO("square " << sq);
    const double mean = double(changed) / trials;
    CHECK(mean > 15.0);
    CHECK(mean < 17.0);
  }
}

TEST_CASE("fullLines marks an occupied square exactly when its run to the edge is full") {
  const auto onBoard = [](int x, int y) { return x >= 0 && x < 8 && y >= 0 && y < 8; };
  const int directions[4][3] = {{9, 1, 1}, {-9, -1, -1}, {7, -1, 1}, {-7, 1, -1}};  // step, dx, dy
  Rng rng(25);
  int full = 0;
  for (int i = 0; i < 2000; ++i) {
    uint64_t occ = rng.next() | rng.next();  // dense: a full run is rare on a half-empty board
    for (int k = i % 4; k > 0; --k) occ |= rng.next();
    for (const auto& d : directions) {
      uint64_t ends = 0, expect = 0;
      for (int sq = 0; sq < 64; ++sq) {
        const int x = sq % 8, y = sq / 8;
        if (!onBoard(x + d[1], y + d[2])) ends |= 1ULL << sq;
        bool run = true;  // this square and every one after it, to the edge
        for (int cx = x, cy = y; onBoard(cx, cy); cx += d[1], cy += d[2]) run = run && ((occ >> (cy * 8 + cx)) & 1);
        if (run) expect |= 1ULL << sq;
      }
      INFO("occupied " << occ << ", step " << d[0]);
      CHECK(step::fullLines(occ, d[0], ends) == expect);
      full += __builtin_popcountll(expect & ~ends);  // runs longer than one square
    }
  }
  CHECK(full > 1000);  // the masks reach the cases that matter
}

// Where two ways of finding the stable discs could differ: dense boards (most lines full,
// long stable runs along edges and lines) and seeded endgames of 1 to 12 empty squares,
// each colour as the discs asked about. check(p, o) is called for each.
template <class F>
void forStableBoards(uint64_t seed, uint64_t endgameSeed, F&& check) {
  Rng rng(seed);
  for (int i = 0; i < 20000; ++i) {  // about 8, 4 or 2 empty squares
    uint64_t occ = rng.next() | rng.next() | rng.next();
    for (int k = i % 3; k > 0; --k) occ |= rng.next();
    const uint64_t own = occ & rng.next();
    check(own, occ & ~own);
  }
  for (int empties = 1; empties <= 12; ++empties)
    for (uint64_t s = 1; s <= 20; ++s) {
      const Position p = endgamePosition(s * endgameSeed + uint64_t(empties), empties);
      const uint64_t black = maskOf(p, BLACK), white = maskOf(p, WHITE);
      check(black, white);
      check(white, black);
    }
}

TEST_CASE("stableDiscsFew, the full lines read off the empty squares, finds stableDiscs's discs") {
  int stable = 0;
  forStableBoards(61, 7919, [&](uint64_t own, uint64_t opp) {
    const uint64_t all = step::stableDiscs(own, opp), empty = ~(own | opp);
    INFO("own " << own << ", opponent " << opp);
    CHECK(step::stableDiscsFew(own, empty) == all);
#if E10_X86
    if (step::CPU_HAS_AVX2) CHECK(step::stableDiscsFewInLanes(own, empty) == all);
#endif
    stable += __builtin_popcountll(all);
  });
  CHECK(stable > 100000);  // far from the empty boards, where any two functions agree
}

TEST_CASE("asked for enough stable discs, the rounds stop once they have them: stable discs still, enough or all") {
  int early = 0;
  forStableBoards(62, 7927, [&](uint64_t own, uint64_t opp) {
    const uint64_t all = step::stableDiscs(own, opp), empty = ~(own | opp);
    const int total = __builtin_popcountll(all);
    for (int need : {0, 1, total / 2, total, total + 1}) {
      const auto check = [&](uint64_t found) {
        CHECK((found & ~all) == 0);  // none that the full spread does not find
        if (need > total) CHECK(found == all);
        else CHECK(__builtin_popcountll(found) >= need);
      };
      INFO("own " << own << ", opponent " << opp << ", need " << need);
      const uint64_t found = step::stableDiscs(own, opp, need);
      check(found);
      check(step::stableDiscsFew(own, empty, need));
#if E10_X86
      if (step::CPU_HAS_AVX2) {
        check(step::stableDiscsInLanes(own, opp, need));
        check(step::stableDiscsFewInLanes(own, empty, need));
      }
#endif
      early += found != all;
    }
  });
  CHECK(early > 10000);  // the rounds did stop early, and often
}

#if E10_X86
TEST_CASE("movesInLanes and rayFlipsInLanes find the moves and flips of the reference rules and of stage 09's fills") {
  Rng rng(26);
  int withMoves = 0;
  for (const Position& p : randomPositions(1011, 400)) {
    for (uint8_t me : {BLACK, WHITE}) {
      const uint64_t own = maskOf(p, me), opp = maskOf(p, opponent(me));
      uint64_t expect = 0;
      for (int m : ref::legalMoves(p, me)) expect |= 1ULL << m;
      INFO(formatPosition(p) << " for " << int(me));
      CHECK(step::movesInLanes(own, opp) == expect);
      withMoves += expect != 0;
    }
  }
  int flipping = 0;
  for (int i = 0; i < 20000; ++i) {  // any two disjoint masks, not only positions of a game
    const uint64_t own = rng.next() & rng.next(), opp = rng.next() & ~own;
    INFO("own " << own << ", opponent " << opp);
    CHECK(step::movesInLanes(own, opp) == s09::moveMask(own, opp));
    for (uint64_t empty = ~(own | opp); empty; empty &= empty - 1) {
      const uint8_t sq = uint8_t(__builtin_ctzll(empty));
      const uint64_t f = s09::flips(uint64_t(1) << sq, own, opp);
      CHECK(step::rayFlipsInLanes(sq, own, opp) == f);
      if (step::CPU_HAS_LZCNT_LANES) CHECK(step::rayFlipsByLzcnt(sq, own, opp) == f);
      flipping += f != 0;
    }
  }
  CHECK(withMoves > 600);
  CHECK(flipping > 20000);  // the moves that flip, not only the empty squares that do not
}

TEST_CASE("stableDiscsInLanes finds stableDiscs's discs") {
  int stable = 0;
  forStableBoards(27, 104729, [&](uint64_t own, uint64_t opp) {
    const uint64_t all = step::stableDiscs(own, opp);
    INFO("own " << own << ", opponent " << opp);
    CHECK(step::stableDiscsInLanes(own, opp) == all);
    stable += __builtin_popcountll(all);
  });
  CHECK(stable > 100000);  // far from the empty boards, where any two functions agree
}
#endif

TEST_CASE("a search on masks (solve's midgame searches) equals the search on the stage's board") {
  const auto positions = randomPositions(1010, 60);
  int compared = 0;
  for (const Position& p : positions) {
    if (ref::legalMoves(p, p.toMove).empty() && ref::legalMoves(p, opponent(p.toMove)).empty()) continue;
    for (int depth = 1; depth <= 4; ++depth) {
      auto onBoard = std::make_unique<step::Search<Stage_s11>>();
      auto onMasks = std::make_unique<step::Search<Stage_s11>>();
      TablePool<step::Slot> a, b;  // each its own table: a result must not come from the other's
      a.resize(1 << 12);
      b.resize(1 << 12);
      onBoard->useTable(a.data(), uint32_t(a.size()));
      onMasks->useTable(b.data(), uint32_t(b.size()));
      const auto x = onBoard->search(load<Stage_s11>(p), p.toMove, depth);
      const auto y = onMasks->search(maskOf(p, p.toMove), maskOf(p, opponent(p.toMove)), p.toMove, depth);
      INFO("position " << compared << ", depth " << depth);
      CHECK(y.score == x.score);
      CHECK(y.best == x.best);
      CHECK(y.nodes == x.nodes);
      CHECK(std::vector<uint8_t>(y.pv, y.pv + y.pvLength) == std::vector<uint8_t>(x.pv, x.pv + x.pvLength));
    }
    ++compared;
  }
  CHECK(compared > 40);
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

TEST_CASE("solve finding flips down the board by a count of leading zeros (AVX-512) or by spreads: the same score, move, line and nodes") {
  if (!cpuHasLzcntLanes()) WARN("this CPU has no AVX-512 (AVX512CD, AVX512VL): both solves take the same path, nothing to compare but the scores");
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

TEST_CASE("the shallow table changes no score, and its lines hold, passes too") {
  checkSameScores<step::IDEA_SHALLOW_TABLE>();
}

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
      const bool isShallow = depth >= step::EXACT_SLOT + step::ENDGAME_TABLE && depth <= step::EXACT_SLOT + step::SHALLOW_TABLE_MAX;
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
  CHECK(kept(on, 0, shallow, false) == 0);              // ...by those positions alone
  CHECK(kept(on, shallow, count, true) == 0);           // and none of them in the big one,
  CHECK(kept(on, shallow, count, false) > 100);         // which keeps the others
  solveOn(std::make_unique<step::Search<Stage_s11, step::BucketTable, step::IDEA_SHALLOW_TABLE>>(), off);
  CHECK(kept(off, shallow, count, true) > 100);  // off: in the one table, anywhere
}

// The big table after the shallow one is no power of two: every bucket a key names is
// inside the pool, keys spread over the buckets, and what is stored is found again (a
// bucket keeps BUCKET keys: a full one gives its first slot to the next).
TEST_CASE("BucketTable on any number of slots: buckets inside the pool, keys spread, stored keys found again") {
  for (const uint32_t count : {uint32_t(4), uint32_t(4 * 1000 + 3), uint32_t(61440)}) {
    const uint32_t buckets = count / step::BUCKET;
    std::vector<step::Slot> pool(count);
    step::BucketTable t;
    t.init(pool.data(), count);
    std::vector<int> perBucket(buckets, 0);
    std::vector<uint64_t> keys;
    uint64_t x = count;
    for (int i = 0; i < 2000; ++i) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;  // (a 64-bit LCG: keys all over)
      step::Slot* s = t.store(x);
      REQUIRE(s != nullptr);
      REQUIRE(s >= pool.data());
      REQUIRE(s < pool.data() + buckets * step::BUCKET);
      s->depth = 1;
      ++perBucket[(s - pool.data()) / step::BUCKET];
      keys.push_back(x);
    }
    int found = 0, expected = 0, used = 0;
    for (uint64_t k : keys) found += t.find(k) != nullptr;
    for (int n : perBucket) expected += std::min(n, step::BUCKET), used += n > 0;
    INFO(count << " slots");
    CHECK(found == expected);
    CHECK(used > int(std::min<uint32_t>(buckets, 2000)) * 3 / 4);  // spread: not a few buckets for all
  }
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
    if (f.empties < step::SORT_SEARCH)
      CHECK(a.nodes == b.nodes);
    else
      differ += a.nodes != b.nodes;
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
      if (empties < from)
        CHECK(a.nodes == b.nodes);
      else
        differ += a.nodes != b.nodes;
    }
  CHECK(differ > 0);  // the switch reaches the search
}
