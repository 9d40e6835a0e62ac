// The Go-capture sidebar: the article's board and both published outputs, the four
// methods against each other and against an independent reference, hand-made shapes,
// the recursion depth, and the article's "at most two round trips" claim.
#include <string>

#include "catch.h"
#include "go_article.h"
#include "go_boards.h"

using namespace go_capture;
using go_boards::fromText;
using go_boards::toText;

namespace {

using Board9 = Board<9>;

// What every method makes of one board: the set of captured points, checked equal.
template <int N>
std::set<int> agreedCapture(const Board<N>& b, int row, int col) {
  Board<N> rec = b, swp = b, stk = b, bit = b;
  const int nRec = captureRecursive(rec, row, col);
  const int nSwp = captureSweep(swp);
  const int nStk = captureStack(stk);
  const int nBit = captureBitboard(bit);
  INFO("board:\n" << toText(b) << "stone just played at " << row << "," << col);
  CHECK(toText(swp) == toText(rec));
  CHECK(toText(stk) == toText(rec));
  CHECK(toText(bit) == toText(rec));
  CHECK(nRec == int(go_boards::marked(rec).size()));
  CHECK(nSwp == nRec);
  CHECK(nStk == nRec);
  CHECK(nBit == nRec);
  return go_boards::marked(rec);
}

// The reference's captured points (all dead groups; in a game they touch the move).
template <int N>
std::set<int> referenceCapture(const Board<N>& b) {
  std::set<int> all;
  for (const auto& g : go_boards::deadGroups(b)) all.insert(g.begin(), g.end());
  return all;
}

// A stage-like scan count: how many scans the article's sweep makes on b.
template <int N>
int scansOf(Board<N> b) {
  return sweepEmpties(b);
}

}  // namespace

TEST_CASE("go: the recursive fill reproduces the article's published output", "[go]") {
  Board9 b = fromText<9>(reversi::go_article::board);
  const int captured = captureRecursive(b, reversi::go_article::playedRow, reversi::go_article::playedCol);
  CHECK(toText(b) == reversi::go_article::recursiveOutput);
  int nines = 0;
  for (char ch : reversi::go_article::recursiveOutput) nines += ch == '9';
  CHECK(captured == nines);
}

TEST_CASE("go: the sweep from the empties reproduces the article's published output", "[go]") {
  Board9 b = fromText<9>(reversi::go_article::board);
  const int scans = sweepEmpties(b);
  CHECK(toText(b) == reversi::go_article::sweepOutput);
  CHECK(scans >= 2);  // at least one scan that changes something and one that does not
}

TEST_CASE("go: all four methods agree on the article's board", "[go]") {
  const Board9 b = fromText<9>(reversi::go_article::board);
  const std::set<int> captured = agreedCapture(b, reversi::go_article::playedRow, reversi::go_article::playedCol);
  CHECK(captured == referenceCapture(b));
}

TEST_CASE("go: all four methods agree with the reference on seeded random boards", "[go]") {
  reversi::Rng rng(20200821);
  int withCaptures = 0;
  for (int emptyPercent : {2, 10, 30}) {
    for (int i = 0; i < 700; ++i) {
      int row = 0, col = 0;
      const Board9 b = go_boards::randomBoard<9>(rng, emptyPercent, 50, row, col);
      const std::set<int> got = agreedCapture(b, row, col);
      REQUIRE(got == referenceCapture(b));
      withCaptures += !got.empty();
    }
  }
  for (int i = 0; i < 150; ++i) {
    int row = 0, col = 0;
    const Board<19> b = go_boards::randomBoard<19>(rng, 5, 50, row, col);
    const std::set<int> got = agreedCapture(b, row, col);
    REQUIRE(got == referenceCapture(b));
    withCaptures += !got.empty();
  }
  CHECK(withCaptures > 300);  // the sample really exercises captures, not only live groups
}

TEST_CASE("go: the recursive fill looks only at groups touching the stone just played", "[go]") {
  // Two dead opponent stones; only the one at 0,0 touches the stone at 0,1.
  Board9 b = fromText<9>(
      "2 1 0 0 0 0 0 0 0\n"
      "1 0 0 0 0 0 0 0 0\n"
      "0 0 0 0 0 0 0 0 0\n"
      "0 0 0 0 1 0 0 0 0\n"
      "0 0 0 1 2 1 0 0 0\n"
      "0 0 0 0 1 0 0 0 0\n"
      "0 0 0 0 0 0 0 0 0\n"
      "0 0 0 0 0 0 0 0 0\n"
      "0 0 0 0 0 0 0 0 0\n");
  Board9 rec = b, stk = b;
  CHECK(captureRecursive(rec, 0, 1) == 1);
  CHECK(rec.cell[0][0] == CAPTURED);
  CHECK(rec.cell[4][4] == THEIRS);
  CHECK(captureStack(stk) == 2);  // the whole-board methods see both
}

TEST_CASE("go: a live group keeps no marks from the recursive fill", "[go]") {
  // The group below 0,4 is long and has its only liberty at its far end (8,8): the
  // search marks many stones before it finds it; they must all be 2 again.
  const Board9 b = fromText<9>(
      "1 1 1 1 1 1 1 1 1\n"
      "2 2 2 2 2 2 2 2 1\n"
      "1 1 1 1 1 1 1 2 1\n"
      "1 2 2 2 2 2 2 2 1\n"
      "1 2 1 1 1 1 1 1 1\n"
      "1 2 2 2 2 2 2 2 1\n"
      "1 1 1 1 1 1 1 2 1\n"
      "1 1 1 1 1 1 1 2 1\n"
      "1 1 1 1 1 1 1 2 0\n");
  Board9 rec = b;
  CHECK(captureRecursive(rec, 0, 0) == 0);
  CHECK(toText(rec) == toText(b));
  CHECK(agreedCapture(b, 0, 0).empty());
}

TEST_CASE("go: hand-made shapes: rings, eyes, snakes, edges, corners, several groups", "[go]") {
  struct Shape {
    const char* name;
    const char* board;
    int row, col, captured;
  };
  const Shape shapes[] = {
      {"corner stone", "210000000\n100000000\n000000000\n000000000\n000000000\n000000000\n000000000\n000000000\n000000000\n", 0,
       1, 1},
      {"pair on the left edge",
       "000000000\n000000000\n000000000\n100000000\n210000000\n210000000\n100000000\n000000000\n000000000\n", 4, 1, 2},
      {"square in the far corner",
       "000000000\n000000000\n000000000\n000000000\n000000000\n000000000\n000000011\n000000122\n000000122\n", 8, 6, 4},
      {"ring with an empty eye lives",
       "011100000\n122210000\n120210000\n122210000\n011100000\n000000000\n000000000\n000000000\n000000000\n", 0, 1, 0},
      {"ring whose eye the move fills dies",
       "011100000\n122210000\n121210000\n122210000\n011100000\n000000000\n000000000\n000000000\n000000000\n", 2, 2, 8},
      {"ring around the mover's stone, one outer liberty",
       "011100000\n122210000\n121210000\n122210000\n010100000\n000000000\n000000000\n000000000\n000000000\n", 2, 2, 0},
      {"snake with its last liberty at the tail",
       "222222221\n111111121\n122222221\n121111111\n122222220\n111111111\n000000000\n000000000\n000000000\n", 3, 2, 0},
      {"snake whose tail the move fills",
       "222222221\n111111121\n122222221\n121111111\n122222221\n111111111\n000000000\n000000000\n000000000\n", 4, 8, 24},
      {"four single stones around an empty point live",
       "000010000\n000121000\n001202100\n000121000\n000010000\n000000000\n000000000\n000000000\n000000000\n", 0, 4, 0},
      {"four groups captured by one stone",
       "000010000\n000121000\n001212100\n000121000\n000010000\n000000000\n000000000\n000000000\n000000000\n", 2, 4, 4},
      {"whole board but one point",
       "222222222\n222222222\n222222222\n222222222\n222212222\n222222222\n222222222\n222222222\n222222222\n", 4, 4, 80},
  };
  for (const Shape& s : shapes) {
    INFO(s.name);
    const Board9 b = fromText<9>(s.board);
    const std::set<int> got = agreedCapture(b, s.row, s.col);
    CHECK(int(got.size()) == s.captured);
    CHECK(got == referenceCapture(b));
  }
}

TEST_CASE("go: the recursion can go as deep as the group is big", "[go]") {
  // The depth is the length of the path the search is on. A snake has one path.
  const Board9 snake =
      fromText<9>("222222221\n111111121\n122222221\n121111111\n122222221\n111111121\n122222221\n121111111\n122222221\n");
  Board9 b = snake;
  int depth = 0;
  const int captured = captureRecursive(b, 8, 8, &depth);
  CHECK(captured == 40);
  CHECK(depth == 40);
  // The whole board but the stone played: every point is visited on one long path.
  Board<9> full9;
  Board<19> full19;
  for (int r = 0; r < 19; ++r)
    for (int c = 0; c < 19; ++c) {
      if (r < 9 && c < 9) full9.cell[r][c] = THEIRS;
      full19.cell[r][c] = THEIRS;
    }
  full9.cell[0][0] = MINE;
  full19.cell[0][0] = MINE;
  int depth9 = 0, depth19 = 0;
  CHECK(captureRecursive(full9, 0, 0, &depth9) == 80);
  CHECK(captureRecursive(full19, 0, 0, &depth19) == 360);
  CHECK(depth9 == 80);
  CHECK(depth19 == 360);
}

TEST_CASE("go: the sweep needs more than two round trips on a staircase", "[go][claim]") {
  // The article: "at most two round trips (four scans) even for complicated shapes".
  // A group that climbs up and right one point at a time, its only liberty at the
  // bottom: a forward scan carries the empty point right, a backward scan up, so
  // every step is one more scan. The group is alive; nothing is captured.
  const Board9 stairs = fromText<9>(
      "011111122\n"
      "111111221\n"
      "111112211\n"
      "111122111\n"
      "111221111\n"
      "112211111\n"
      "122111111\n"
      "221111111\n"
      "011111110\n");
  CHECK(agreedCapture(stairs, 8, 1).empty());
  CHECK(scansOf(stairs) == 16);  // 15 scans that empty a stone, then one that does not
  // The same shape turned a quarter (climbing down and right) needs one round trip.
  Board9 turned;
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) turned.cell[r][c] = stairs.cell[8 - c][r];
  CHECK(scansOf(turned) <= 4);
}

TEST_CASE("go: a serpentine, a plain Go shape, already needs three round trips", "[go][claim]") {
  const Board9 serpentine = fromText<9>(
      "022222222\n"
      "111111112\n"
      "222222222\n"
      "211111111\n"
      "222222222\n"
      "111111112\n"
      "222222222\n"
      "211111111\n"
      "222222222\n");
  CHECK(agreedCapture(serpentine, 1, 0).empty());
  CHECK(scansOf(serpentine) == 6);
}
