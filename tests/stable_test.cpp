// For step 10 (stable discs), the step as it ships: the bound is only sound if a disc it
// calls stable can never flip. So: every disc stableDiscs names keeps its colour in every
// continuation of many small random endgames (all of them, played out on the reference
// rules); a few boards whose stable discs are known by hand; stable discs found in lanes
// against the plain way, and found only as far as asked; the move order's stable discs
// (heldByCorner) among stableDiscs's; the key from the masks against the key read from the
// board, spread over the buckets; the search on masks against the search on the board.
// Each idea switched off against the step as it ships: tests/stable_ideas_test.cpp.
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
    CHECK(step::heldByCorner(1ULL << 7 | 1ULL << 8) == (1ULL << 7));                     // h1 and a2: another corner's C-square
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
