// The gray-stone variant: traverse, legality (the step-1 pitfall included), putPiece's
// shifts, conversions and the token, passing, the end of the game, the winner, the
// start layout, and whole games by the random and greedy players.
#include <string>

#include "catch.h"
#include "gray_variant/gray_variant.h"

using namespace gray_variant;

namespace {

// A game from 9 rows of 9 characters: B black, W white, G gray, . empty.
Game fromRows(std::initializer_list<const char*> rows, uint8_t turn = BLACK, int token = 0) {
  Game g;
  newGame(g);
  int r = 1;
  for (const char* row : rows) {
    for (int c = 1; c <= SIZE; ++c) {
      const char ch = row[c - 1];
      g.cell[r][c] = ch == 'B' ? BLACK : ch == 'W' ? WHITE : ch == 'G' ? GRAY : EMPTY;
    }
    ++r;
  }
  g.turn = turn;
  g.token = int8_t(token);
  return g;
}

std::string rowOf(const Game& g, int r) {
  char out[2 * SIZE];
  rowText(g, r, out);
  return out;
}

const char* const kEmptyRow = ".........";

}  // namespace

TEST_CASE("gray: the start is the documented three-colour layout", "[gray]") {
  Game g;
  newGame(g);
  CHECK(rowOf(g, 4) == ". . . W B . . . .");
  CHECK(rowOf(g, 5) == ". . . B G W . . .");
  CHECK(rowOf(g, 6) == ". . . . W B . . .");
  CHECK(count(g, BLACK) == 3);
  CHECK(count(g, WHITE) == 3);
  CHECK(count(g, GRAY) == 1);
  CHECK(g.turn == BLACK);
  CHECK(g.token == 0);
  CHECK(g.move == 0);
  // Half a turn with black and white swapped gives the same board: neither colour is favoured.
  for (int r = 1; r <= SIZE; ++r)
    for (int c = 1; c <= SIZE; ++c) {
      const uint8_t v = g.cell[r][c], w = g.cell[SIZE + 1 - r][SIZE + 1 - c];
      CHECK(v == (w == BLACK ? WHITE : w == WHITE ? BLACK : w));
    }
  for (int i = 0; i < EDGE; ++i) {
    CHECK(g.cell[0][i] == WALL);
    CHECK(g.cell[EDGE - 1][i] == WALL);
    CHECK(g.cell[i][0] == WALL);
    CHECK(g.cell[i][EDGE - 1] == WALL);
  }
  // Black's first moves, worked out by hand on the page: c3 d3 c4 f4 g5 d6 g6 e7 f7.
  uint8_t moves[MAX_MOVES];
  const int n = legalMoves(g, moves);
  const uint8_t expected[] = {packMove(3, 3), packMove(3, 4), packMove(4, 3), packMove(4, 6), packMove(5, 7),
                              packMove(6, 4), packMove(6, 7), packMove(7, 5), packMove(7, 6)};
  REQUIRE(n == 9);
  for (int i = 0; i < n; ++i) CHECK(moves[i] == expected[i]);
}

TEST_CASE("gray: traverse visits every stone up to a wall or an empty square", "[gray]") {
  const Game g = fromRows({"BWGWB.WWW", kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow});
  std::string seen;
  int lastStep = 0;
  traverse(g, 1, 0, 0, 1, [&](int step, int r, int c, uint8_t colour) {
    CHECK(r == 1);
    CHECK(c == step);
    seen += char('0' + colour);
    lastStep = step;
    return true;
  });
  CHECK(seen == "13231");  // stops at the empty square f1
  CHECK(lastStep == 5);
  seen.clear();
  traverse(g, 1, 6, 0, 1, [&](int, int, int, uint8_t colour) {  // from f1 to the right: the wall stops it
    seen += char('0' + colour);
    return true;
  });
  CHECK(seen == "333");
  seen.clear();
  traverse(g, 1, 0, 0, 1, [&](int step, int, int, uint8_t colour) {  // the callback may stop the walk
    seen += char('0' + colour);
    return step < 2;
  });
  CHECK(seen == "13");
}

TEST_CASE("gray: an own stone right beside the move brackets nothing", "[gray][pitfall]") {
  // The article's admitted slip: the first own stone must come at step 2 or later.
  const Game g =
      fromRows({"..BW B...", ".BGB.....", kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow});
  CHECK_FALSE(brackets(g, 1, 2, 0, 1, BLACK));  // b1 -> c1 is black at step 1
  CHECK_FALSE(isLegal(g, 1, 2));
  CHECK(brackets(g, 2, 1, 0, 1, BLACK) == false);  // a2 -> b2 black at step 1, though c2, d2 follow
  CHECK(brackets(g, 1, 5, 0, -1, BLACK));          // e1 <- d1 white, c1 black: step 2
  CHECK(isLegal(g, 1, 5));
}

TEST_CASE("gray: gray stones alone between the move and an own stone are bracketed", "[gray]") {
  const Game g = fromRows({"B GG.....", kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow});
  CHECK_FALSE(isLegal(g, 1, 5));  // b1 is empty: the walk from e1 stops there
  const Game h = fromRows({"BGGG.....", kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow});
  CHECK(isLegal(h, 1, 5));
}

TEST_CASE("gray: putPiece shifts bracketed stones one step towards the mover", "[gray]") {
  // Black at e5: to the left W G B (bracketed), to the right G W (no black: untouched),
  // down G W G B (bracketed), up W W then empty (untouched).
  Game g =
      fromRows({kEmptyRow, kEmptyRow, "....W....", "....W....", ".BGW.GW..", "....G....", "....W....", "....G....", "....B...."});
  REQUIRE(isLegal(g, 5, 5));
  putPiece(g, 5, 5);
  CHECK(rowOf(g, 5) == ". B B G B G W . .");
  CHECK(rowOf(g, 3) == ". . . . W . . . .");
  CHECK(rowOf(g, 4) == ". . . . W . . . .");
  CHECK(rowOf(g, 6) == ". . . . B . . . .");
  CHECK(rowOf(g, 7) == ". . . . G . . . .");
  CHECK(rowOf(g, 8) == ". . . . B . . . .");
  CHECK(rowOf(g, 9) == ". . . . B . . . .");
  // White mirrors it: black becomes gray, gray becomes white.
  Game w = fromRows({kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, ".WBG.....", kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow}, WHITE);
  REQUIRE(play(w, 5, 5));
  CHECK(rowOf(w, 5) == ". W G W W . . . .");
  CHECK(w.turn == BLACK);
  CHECK(w.move == 1);
  CHECK(w.token == 0);
}

TEST_CASE("gray: a move stops shifting at the first own stone", "[gray]") {
  Game g = fromRows({"WBWGB....", kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow});
  g.cell[1][1] = EMPTY;  // black plays a1: b1 is black at step 1, so nothing to the right is bracketed
  CHECK_FALSE(isLegal(g, 1, 1));
  Game h = fromRows({".WGBWGB..", kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow});
  REQUIRE(play(h, 1, 1));
  CHECK(rowOf(h, 1) == "B G B B W G B . .");  // only b1, c1 (before d1, the first black) shift
}

TEST_CASE("gray: converting a gray stone is a move, limited by the token", "[gray]") {
  // Black converts e5 (gray), bracketing f5 (white) against g5, and e6 e7 against e8.
  Game g = fromRows({kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, "...WGWB..", "....G....", "....W....", "....B....", kEmptyRow});
  REQUIRE(mayConvert(g));
  REQUIRE(play(g, 5, 5));
  CHECK(rowOf(g, 5) == ". . . W B G B . .");
  CHECK(rowOf(g, 6) == ". . . . B . . . .");
  CHECK(rowOf(g, 7) == ". . . . G . . . .");
  CHECK(g.token == 1);
  CHECK(g.move == 1);
  CHECK(g.turn == WHITE);
  // Black, one conversion ahead, may not convert again until white has.
  Game b = g;
  b.turn = BLACK;
  b.justConverted = false;
  CHECK_FALSE(mayConvert(b));
  b.cell[3][3] = GRAY, b.cell[3][4] = WHITE, b.cell[3][5] = BLACK;
  CHECK(bracketsAny(b, 3, 3, BLACK));
  CHECK_FALSE(isLegal(b, 3, 3));  // d3 brackets d3..e3, but the token forbids it
  // White may convert (token back to 0) once a placement came in between.
  Game w = g;
  w.justConverted = false;
  w.cell[3][3] = GRAY, w.cell[3][4] = BLACK, w.cell[3][5] = WHITE;
  REQUIRE(mayConvert(w));
  REQUIRE(play(w, 3, 3));
  CHECK(w.token == 0);
  CHECK(rowOf(w, 3) == ". . W G W . . . .");
}

TEST_CASE("gray: a conversion may not answer a conversion", "[gray]") {
  Game g = fromRows({kEmptyRow, kEmptyRow, "..GBW....", kEmptyRow, "...WGWB..", kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow});
  REQUIRE(play(g, 5, 5));  // black converts e5
  REQUIRE(g.turn == WHITE);
  CHECK(g.justConverted);
  CHECK_FALSE(mayConvert(g));     // white's token would allow it, our rule does not
  CHECK_FALSE(isLegal(g, 3, 3));  // c3 (gray) would bracket d3 against e3
  REQUIRE(play(g, 5, 8));         // white places h5 instead (brackets g5 against f5)
  CHECK_FALSE(g.justConverted);
  g.turn = WHITE;  // (as if black had then placed somewhere)
  CHECK(mayConvert(g));
  CHECK(isLegal(g, 3, 3));
}

TEST_CASE("gray: without the answer rule greedy players convert for ever", "[gray]") {
  // Two greedy players from the start; in the second game the rule is switched off
  // by forgetting, before every move, that the last move was a conversion.
  for (bool rule : {true, false}) {
    Game g;
    newGame(g);
    uint8_t moves[MAX_MOVES];
    while (!isOver(g) && g.move < 1000) {
      if (!rule) g.justConverted = false;
      const int n = legalMoves(g, moves);
      if (n == 0) {
        pass(g);
        continue;
      }
      const uint8_t m = pickGreedy(g, moves, n);
      play(g, m >> 4, m & 15);
    }
    INFO("answer rule " << (rule ? "on" : "off"));
    CHECK(isOver(g) == rule);
  }
}

TEST_CASE("gray: a conversion must bracket like a placement", "[gray]") {
  const Game g = fromRows({kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, "....G....", kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow});
  CHECK(mayConvert(g));
  CHECK_FALSE(isLegal(g, 5, 5));  // the lone gray stone brackets nothing
  CHECK_FALSE(isLegal(g, 1, 1));  // nor does an empty square far from everything
}

TEST_CASE("gray: a player passes only when neither placing nor converting is possible", "[gray]") {
  // Black cannot place anywhere; the gray stone at a1 brackets b1 against c1.
  Game g = fromRows({"GWB......", kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow});
  uint8_t moves[MAX_MOVES];
  CHECK_FALSE(canPlace(g, BLACK));
  REQUIRE(legalMoves(g, moves) == 1);
  CHECK(moves[0] == packMove(1, 1));
  g.token = 1;  // black already converted once more than white: now black must pass
  CHECK(legalMoves(g, moves) == 0);
  CHECK_FALSE(isOver(g));  // white can still place (d1 brackets c1)
  pass(g);
  CHECK(g.turn == WHITE);
  CHECK(g.move == 0);
}

TEST_CASE("gray: the game ends when no stone can be placed, even if a conversion could be", "[gray]") {
  Game g = fromRows(
      {"GWBWBWBWB", "WBWBWBWBW", "BWBWBWBWB", "WBWBWBWBW", "BWBWBWBWB", "WBWBWBWBW", "BWBWBWBWB", "WBWBWBWBW", "BWBWBWBWB"});
  uint8_t moves[MAX_MOVES];
  CHECK(legalMoves(g, moves) == 1);  // black could still convert a1
  CHECK(isOver(g));
  Game start;
  newGame(start);
  CHECK_FALSE(isOver(start));
}

TEST_CASE("gray: most stones win, equal stones go to fewer conversions", "[gray]") {
  Game g = fromRows({"BBW......", kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow});
  CHECK(winner(g) == BLACK);
  g.cell[1][4] = WHITE, g.cell[1][5] = WHITE;
  CHECK(winner(g) == WHITE);
  g.cell[1][5] = GRAY;  // 2 - 2: gray stones count for nobody
  CHECK(winner(g) == EMPTY);
  g.token = 1;  // black converted once more: white wins the tie
  CHECK(winner(g) == WHITE);
  g.token = -1;
  CHECK(winner(g) == BLACK);
}

TEST_CASE("gray: the greedy player takes the move that leaves it the most stones", "[gray]") {
  // Black's moves: a1, a3, c3, e3 each turn one white stone gray (margin 0); a2 turns
  // b2, c2, d2 gray (margin +2).
  const Game g =
      fromRows({".WB......", ".WWWB....", kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow, kEmptyRow});
  uint8_t moves[MAX_MOVES];
  const int n = legalMoves(g, moves);
  REQUIRE(n == 5);
  CHECK(pickGreedy(g, moves, n) == packMove(2, 1));
  Game after = g;
  REQUIRE(play(after, 2, 1));
  CHECK(count(after, BLACK) - count(after, WHITE) == 2);
}

TEST_CASE("gray: random and greedy games end and keep the rules' invariants", "[gray]") {
  uint8_t moves[MAX_MOVES];
  int longest = 0;
  for (uint32_t seed = 1; seed <= 300; ++seed) {
    Game g;
    newGame(g);
    uint32_t rng = seed * 2654435761u | 1;
    int passes = 0;
    while (!isOver(g)) {
      REQUIRE(g.move < 500);  // a game that does not end would stop here
      const int n = legalMoves(g, moves);
      if (n == 0) {
        ++passes;
        pass(g);
        continue;
      }
      const uint8_t m = (seed % 2 == 0 && g.turn == WHITE) ? pickGreedy(g, moves, n) : pickRandom(rng, moves, n);
      const int before = count(g, EMPTY);
      const bool conversion = g.cell[m >> 4][m & 15] == GRAY;
      REQUIRE(play(g, m >> 4, m & 15));
      CHECK(count(g, EMPTY) == before - (conversion ? 0 : 1));
      CHECK(g.token >= -1);
      CHECK(g.token <= 1);
    }
    CHECK(count(g, BLACK) + count(g, WHITE) + count(g, GRAY) + count(g, EMPTY) == SIZE * SIZE);
    longest = g.move > longest ? g.move : longest;
  }
  CHECK(longest >= 70);  // games do fill most of the board
}
