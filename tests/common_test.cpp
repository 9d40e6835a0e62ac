// Tests of the host-side library: the position format, the reference and the seeded
// random positions the other tests rely on.
#include "catch.h"
#include "golden.h"
#include "perft_counts.h"
#include "random_positions.h"
#include "reference.h"

using namespace reversi;

namespace {
std::string parseError(std::string_view text) {
  try {
    parsePosition(text);
  } catch (const ParseError& e) { return e.what(); }
  return "";
}
const std::string kStart = "---------------------------OX------XO--------------------------- X";
}  // namespace

TEST_CASE("position text round-trips", "[position]") {
  const Position start = startPosition();
  CHECK(formatPosition(start) == kStart);
  CHECK(parsePosition(kStart) == start);
  CHECK(parsePosition("  " + kStart + "\n") == start);
  const Position g = parsePosition(golden::position);
  CHECK(g.at(4, 2) == WHITE);  // e3
  CHECK(g.at(4, 3) == BLACK);  // e4
  CHECK(g.toMove == BLACK);
  CHECK(squareName(0) == "a1");
  CHECK(squareName(63) == "h8");
  CHECK(squareName(12) == "e2");
}

TEST_CASE("position errors name the problem", "[position]") {
  CHECK(parseError("") == "position is empty: expected 64 board characters, a space, X or O");
  CHECK(parseError(kStart.substr(1)) == "position board has 63 characters; expected 64 (a1..h8 row by row)");
  CHECK(parseError("-" + kStart) == "position board has 65 characters; expected 64 (a1..h8 row by row)");
  std::string bad = kStart;
  bad[17] = 'Z';
  CHECK(parseError(bad) == "position has bad character 'Z' at b3 (character 18); use X, O or -");
  bad[17] = '\x01';
  CHECK(parseError(bad) == "position has bad character '\\x01' at b3 (character 18); use X, O or -");
  CHECK(parseError(kStart.substr(0, 64)) == "position has no side to move: add a space and X or O");
  CHECK(parseError(kStart.substr(0, 65) + "Q") == "position side to move must be X or O, got 'Q'");
  CHECK(parseError(kStart + " extra") == "position side to move must be one character X or O, got 'X extra'");
}

TEST_CASE("echoed input is one printable line, cut when long", "[position][hostile]") {
  CHECK(quoteInput("abc") == "'abc'");
  CHECK(quoteInput("") == "''");
  CHECK(quoteInput("a\nb\x01\x7f\xff c") == "'a\\x0ab\\x01\\x7f\\xff c'");
  CHECK(quoteInput(std::string(40, 'x')) == "'" + std::string(40, 'x') + "'");
  CHECK(quoteInput(std::string(41, 'x')) == "'" + std::string(40, 'x') + "...'");
  CHECK(quoteInput("abcdef", 3) == "'abc...'");
  // The limit counts what is shown: ten escapes fill forty characters.
  std::string tenEscapes;
  for (int i = 0; i < 10; ++i) tenEscapes += "\\x9d";
  CHECK(quoteInput(std::string(100, '\x9d')) == "'" + tenEscapes + "...'");
  CHECK(quoteInput("abc\x01", 6) == "'abc...'");
  CHECK(quoteInput(std::string_view("a\0b", 3)) == "'a\\x00b'");
}

TEST_CASE("hostile positions are refused with one printable line", "[position][hostile]") {
  // Found by fuzz_position (tests/fuzz/corpus/position/regress-side-to-move-nonprintable):
  // the side to move was echoed raw, so bytes such as 0xff or a newline reached the
  // terminal and the message could span lines.
  CHECK(parseError(kStart.substr(0, 65) + "X\nO") == "position side to move must be one character X or O, got 'X\\x0aO'");
  CHECK(parseError(kStart + "\xff\xff") == "position side to move must be one character X or O, got 'X\\xff\\xff'");
  CHECK(parseError(kStart + std::string(1000, '!')) ==
        "position side to move must be one character X or O, got 'X" + std::string(39, '!') + "...'");
  CHECK(parseError(std::string(1 << 20, 'O') + " X") == "position board has 1048576 characters; expected 64 (a1..h8 row by row)");
  CHECK(parseError(std::string(64, 'X') + " \x80") == "position side to move must be X or O, got '\\x80'");
  CHECK(parseError(std::string(64, '-') + "\v X") == "position board has 65 characters; expected 64 (a1..h8 row by row)");
  CHECK(parseError(" \t\r\n ") == "position is empty: expected 64 board characters, a space, X or O");
  std::string nul = kStart;
  nul[0] = '\0';
  CHECK(parseError(nul) == "position has bad character '\\x00' at a1 (character 1); use X, O or -");
}

TEST_CASE("reference reproduces the published perft counts", "[reference]") {
  for (int depth = 0; depth <= 7; ++depth) {
    INFO("depth " << depth);
    CHECK(ref::perft(startPosition(), depth) == testing::kPublishedPerft[depth]);
  }
}

TEST_CASE("reference returns the flipped squares", "[reference]") {
  const Position g = parsePosition(golden::position);
  CHECK(ref::flips(g, 6 * 8 + 4, BLACK) == std::vector<int>{5 * 8 + 4, 4 * 8 + 4});  // e7 flips e6, e5
  CHECK(ref::flips(g, 3 * 8 + 4, BLACK).empty());                                    // e4 is occupied
  Position p = g;
  CHECK(ref::play(p, 6 * 8 + 4, BLACK) == 2);
  CHECK(p.at(4, 4) == BLACK);
  CHECK(p.toMove == WHITE);
}

TEST_CASE("random positions are seeded, varied and reachable", "[random]") {
  const auto a = randomPositions(42, 500), b = randomPositions(42, 500), c = randomPositions(43, 500);
  CHECK(a == b);
  CHECK(a != c);
  CHECK(a.front() == startPosition());
  int passes = 0, full = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    int stones = 0;
    for (uint8_t v : a[i].cells) stones += v != EMPTY;
    full += stones >= 60;
    if (i + 1 < a.size() && a[i + 1].cells == a[i].cells) ++passes;
  }
  CHECK(full > 0);  // games are played to their end
  const std::vector<Position> many = randomPositions(20261121, 10000);
  for (size_t i = 0; i + 1 < many.size(); ++i) passes += many[i + 1].cells == many[i].cells;
  CHECK(passes > 0);  // passes occur and are kept
}
