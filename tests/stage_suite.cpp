// The one test suite, compiled once per stage (-DREVERSI_STAGE=sNN): "this_stage.h"
// names the stage as ThisStage. Every test asserts behaviour against the article's
// published data, the published perft counts, hand-checked positions or the reference.
// [broad]: a test that adds up many answers (a grid, a count, thousands of positions);
// the exercise checker names a failing one only when no narrower test fails, since a
// rule's own test says better what is wrong.
#include <string>
#include <vector>

#include "catch.h"
#include "golden.h"
#include "perft_counts.h"
#include "random_positions.h"
#include "test_support.h"
#include "this_stage.h"

using namespace reversi;
using S = ThisStage;
using Board = S::Board;

// Scaled down (never out) under sanitizers by the build; see CMakePresets.json.
#ifndef REVERSI_RANDOM_POSITIONS
#define REVERSI_RANDOM_POSITIONS 10000
#endif
#ifndef REVERSI_PERFT_MAX_DEPTH
#define REVERSI_PERFT_MAX_DEPTH 9
#endif

namespace {

// A position from 8 rows of 8 characters (X black, O white, - empty).
Position rows(std::initializer_list<const char*> r, char toMove = 'X') {
  std::string text;
  for (const char* row : r) text += row;
  return parsePosition(text + " " + toMove);
}

// The same position turned a quarter to the right: every direction gets its turn.
Position rotated(const Position& p) {
  Position q = p;
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) q.set(7 - y, x, p.at(x, y));
  return q;
}

int flipsAt(const Position& p, int x, int y, uint8_t me) { return S::countFlips(load<S>(p), x, y, me); }

// Checks countFlips and play of `me` at (x, y) in p and its three rotations, against
// the expected count and the expected board after the move (also rotated).
void checkAllRotations(Position p, int x, int y, uint8_t me, int expected, Position after) {
  for (int turn = 0; turn < 4; ++turn) {
    INFO("rotation " << turn << ", move at " << squareName(y * 8 + x) << ", " << formatPosition(p));
    CHECK(flipsAt(p, x, y, me) == expected);
    Board b = load<S>(p);
    CHECK(S::play(b, x, y, me) == expected);
    CHECK(snapshot<S>(b, after.toMove) == after);
    p = rotated(p);
    after = rotated(after);
    const int nx = 7 - y, ny = x;
    x = nx;
    y = ny;
  }
}

}  // namespace

TEST_CASE("golden grid from the article", "[golden][broad]") {
  INFO("stage " << S::id);
  CHECK(flipGrid<S>(parsePosition(golden::position)) == golden::grid);
}

TEST_CASE("start position legal moves", "[rules]") {
  const Board b = load<S>(startPosition());
  uint8_t out[64];
  const int nb = S::legalMoves(b, S::BLACK, out);
  CHECK(std::vector<int>(out, out + nb) == std::vector<int>{19, 26, 37, 44});  // d3 c4 f5 e6
  const int nw = S::legalMoves(b, S::WHITE, out);
  CHECK(std::vector<int>(out, out + nw) == std::vector<int>{20, 29, 34, 43});  // e3 f4 c5 d6
  for (int sq : {19, 26, 37, 44}) CHECK(S::countFlips(b, sq & 7, sq >> 3, S::BLACK) == 1);
}

TEST_CASE("perft from the start matches published counts", "[perft][broad]") {
  for (int depth = 0; depth <= REVERSI_PERFT_MAX_DEPTH; ++depth) {
    INFO("depth " << depth);
    CHECK(perft<S>(startPosition(), depth, false) == testing::kPublishedPerft[depth]);
    CHECK(perft<S>(startPosition(), depth, true) == testing::kPublishedPerft[depth]);
  }
}

TEST_CASE("corner moves", "[rules]") {
  // Black on a1 flips one stone right, one down and one on the diagonal.
  const Position p = rows({"-OX-----", "OO------", "X-X-----", "--------", "--------", "--------", "--------", "--------"});
  const Position after =
      rows({"XXX-----", "XX------", "X-X-----", "--------", "--------", "--------", "--------", "--------"}, 'O');
  checkAllRotations(p, 0, 0, BLACK, 3, after);
}

TEST_CASE("edge moves", "[rules]") {
  // Black on d1 flips one stone left, two right, one down and one on each lower diagonal.
  const Position p = rows({"-XO-OOX-", "--OOO---", "-X-X-X--", "--------", "--------", "--------", "--------", "--------"});
  const Position after =
      rows({"-XXXXXX-", "--XXX---", "-X-X-X--", "--------", "--------", "--------", "--------", "--------"}, 'O');
  checkAllRotations(p, 3, 0, BLACK, 6, after);
}

TEST_CASE("longest line flips six", "[rules]") {
  // Six white stones between the move and a black stone, along an edge and a diagonal.
  const Position edge = rows({"-OOOOOOX", "--------", "--------", "--------", "--------", "--------", "--------", "--------"});
  const Position edgeAfter =
      rows({"XXXXXXXX", "--------", "--------", "--------", "--------", "--------", "--------", "--------"}, 'O');
  checkAllRotations(edge, 0, 0, BLACK, 6, edgeAfter);
  const Position diag = rows({"--------", "-O------", "--O-----", "---O----", "----O---", "-----O--", "------O-", "-------X"});
  const Position diagAfter =
      rows({"X-------", "-X------", "--X-----", "---X----", "----X---", "-----X--", "------X-", "-------X"}, 'O');
  checkAllRotations(diag, 0, 0, BLACK, 6, diagAfter);
}

TEST_CASE("several directions at once", "[rules]") {
  // White on d4 is surrounded by black stones backed by white ones in all eight directions.
  const Position p = rows({"--------", "-O-O-O--", "--XXX---", "-OX-XO--", "--XXX---", "-O-O-O--", "--------", "--------"}, 'O');
  const Position after =
      rows({"--------", "-O-O-O--", "--OOO---", "-OOOOO--", "--OOO---", "-O-O-O--", "--------", "--------"}, 'X');
  checkAllRotations(p, 3, 3, WHITE, 8, after);
}

TEST_CASE("run into the edge without an own stone flips nothing", "[rules]") {
  // Opponent stones all the way to the edge (or wall): nothing closes the line.
  Position p = rows({"-OOOOOOO", "OO------", "O-O-----", "O--O----", "O---O---", "O----O--", "O-----O-", "O------O"});
  for (int turn = 0; turn < 4; ++turn, p = rotated(p)) {
    const Board b = load<S>(p);
    for (int sq = 0; sq < 64; ++sq) CHECK(S::countFlips(b, sq & 7, sq >> 3, BLACK) == 0);
    uint8_t out[64];
    CHECK(S::legalMoves(b, BLACK, out) == 0);
  }
  // The same from the middle of the board towards each edge.
  const Position middle = rows({"--------", "--------", "--------", "--------", "----OOOO", "--------", "--------", "--------"});
  checkAllRotations(middle, 3, 4, BLACK, 0, middle);
}

TEST_CASE("adjacent own stone flips nothing", "[rules]") {
  // Article 003's pitfall: an own stone right next to the move does not close a line,
  // even when an opponent stone and another own stone follow it.
  const Position p = rows({"-XOX----", "X-------", "O-------", "X-------", "--------", "--------", "--------", "--------"});
  checkAllRotations(p, 0, 0, BLACK, 0, p);
  uint8_t out[64];
  const int n = S::legalMoves(load<S>(p), BLACK, out);
  for (int i = 0; i < n; ++i) CHECK(out[i] != 0);
}

TEST_CASE("occupied square gives zero", "[rules]") {
  // a1 holds a black stone that would flip b1 if the square were empty.
  const Position p = rows({"XOX-----", "--------", "--------", "--------", "--------", "--------", "--------", "--------"});
  CHECK(flipsAt(p, 0, 0, BLACK) == 0);
  CHECK(flipsAt(p, 0, 0, WHITE) == 0);
  for (const Position& q : randomPositions(7, 200)) {
    const Board b = load<S>(q);
    for (int sq = 0; sq < 64; ++sq)
      if (q.cells[sq] != EMPTY) {
        CHECK(S::countFlips(b, sq & 7, sq >> 3, BLACK) == 0);
        CHECK(S::countFlips(b, sq & 7, sq >> 3, WHITE) == 0);
      }
  }
}

TEST_CASE("illegal play leaves the board unchanged", "[rules]") {
  for (const Position& q : randomPositions(11, 200)) {
    const Board b = load<S>(q);
    for (int sq = 0; sq < 64; ++sq)
      for (uint8_t me : {WHITE, BLACK})
        if (ref::flips(q, sq, me).empty()) {
          Board c = b;
          CHECK(S::play(c, sq & 7, sq >> 3, me) == 0);
          CHECK(snapshot<S>(c, q.toMove) == q);
        }
  }
}

TEST_CASE("agrees with the reference on random positions", "[random][broad]") {
  const std::vector<Position> positions = randomPositions(20261121, REVERSI_RANDOM_POSITIONS);
  int mismatches = 0;
  for (const Position& p : positions) {
    REQUIRE(snapshot<S>(load<S>(p), p.toMove) == p);
    const std::string diff = testing::firstDifference(testing::answers<S>(p), testing::referenceAnswers(p));
    if (!diff.empty() && ++mismatches <= 5) FAIL_CHECK(formatPosition(p) << ": " << diff);
  }
  CHECK(mismatches == 0);
}
