// `reversi-lab gtp` driven in-process: every command and every error class, the
// stream (CR LF, a 1 MB line, NUL bytes, the end of the input, quit), passes with and
// without the controller sending them, and two engines playing each other to the end
// over GTP with every move checked on the reference rules.
#include <algorithm>
#include <string>
#include <vector>

#include "catch.h"
#include "commands/cli.h"
#include "cli_run.h"
#include "engine.h"
#include "random_positions.h"
#include "reference.h"
#include "search_support.h"

using namespace reversi;

namespace {

Engine atLevel(int level) {
  Engine e;
  e.level = level;
  return e;
}

std::string ok(const std::string& text = "") { return "=" + (text.empty() ? "" : " " + text) + "\n\n"; }
std::string error(const std::string& text) { return "? " + text + "\n\n"; }

// The moves of a seeded random game to its end on the reference rules (kPass for a
// pass), the first seed from `seed` whose game has a pass in it.
std::vector<int> gameWithPass(uint64_t seed) {
  for (;; ++seed) {
    Rng rng(seed);
    Position p = startPosition();
    std::vector<int> moves;
    bool passed = false;
    while (!ref::gameOver(p)) {
      const std::vector<int> legal = ref::legalMoves(p, p.toMove);
      if (legal.empty()) {
        moves.push_back(kPass);
        p.toMove = opponent(p.toMove);
        passed = true;
        continue;
      }
      moves.push_back(legal[rng.below(uint32_t(legal.size()))]);
      ref::play(p, moves.back(), p.toMove);
    }
    if (passed) return moves;
  }
}

// "B+4", "W+2" or "0" for a finished position, from the reference.
std::string scoreText(const Position& p) {
  const int s = testing::finalDiscs(p, BLACK);
  return s > 0 ? "B+" + std::to_string(s) : s < 0 ? "W+" + std::to_string(-s) : "0";
}

}  // namespace

TEST_CASE("gtp: every command, answered as GTP says", "[gtp]") {
  GtpSession g(atLevel(1));
  const std::string version = engineName(atLevel(1));
  const std::pair<std::string, std::string> transcript[] = {
      {"protocol_version", ok("2")},
      {"1 name", "=1 reversi-lab\n\n"},
      {"version", ok(version)},
      {"known_command genmove", ok("true")},
      {"known_command showboard", ok("true")},
      {"known_command fly", ok("false")},
      {"list_commands", ok("protocol_version\nname\nversion\nknown_command\nlist_commands\nquit\nboardsize\nclear_board\n"
                           "komi\nplay\ngenmove\nundo\nshowboard\nfinal_score\nset_level\ntime_settings\ntime_left\nlist_games\n"
                           "set_game")},
      {"list_games", ok("Othello")},  // quarry asks, then sets the game it wants
      {"set_game Othello", ok()},
      {"set_game reversi", ok()},
      {"boardsize 8", ok()},
      {"clear_board", ok()},
      {"komi 6.5", ok()},
      {"komi -2", ok()},
      {"time_settings 300 0 0", ok()},
      {"time_left black 120 0", ok()},
      {"showboard", ok("\n" + boardText(startPosition(), false) + "black X 2, white O 2; black to move")},
      {"42 play black d3", "=42\n\n"},
      {"play W c3", ok()},
      {"play b C4", ok()},
      {"undo", ok()},
      {"undo", ok()},
      {"final_score", error("cannot score: the game is not over (white to move)")},
      {"set_level 2", ok()},
      {"version", ok(engineName(atLevel(2)))},
  };
  for (const auto& [command, response] : transcript) {
    INFO(command);
    CHECK(g.respond(command) == response);
  }
  Position afterD3 = startPosition();
  ref::play(afterD3, parseMove("d3"), BLACK);
  CHECK(g.position() == afterD3);
  // genmove: the engine's move at the session's level, legal, and played.
  const SearchOutcome o = chooseMove(afterD3, 2);
  CHECK(g.respond("7 genmove white") == "=7 " + moveName(o.best) + "\n\n");
  CHECK(!ref::flips(afterD3, o.best, WHITE).empty());
  Position after = afterD3;
  ref::play(after, o.best, WHITE);
  CHECK(g.position() == after);
  CHECK(g.respond("showboard").find("black X " + std::to_string(std::count(after.cells.begin(), after.cells.end(), BLACK))) !=
        std::string::npos);
  CHECK(g.respond("undo") == ok());
  CHECK(g.position() == afterD3);
  CHECK(g.respond("clear_board") == ok());
  CHECK(g.respond("undo") == error("cannot undo"));
  CHECK_FALSE(g.finished());
  CHECK(g.respond("quit") == ok());
  CHECK(g.finished());
}

TEST_CASE("gtp: every error class gets '? message' and the session goes on", "[gtp]") {
  GtpSession g(atLevel(1));
  const std::pair<std::string, std::string> transcript[] = {
      {"boardsize 9", error("unacceptable size")},
      {"3 boardsize 19", "?3 unacceptable size\n\n"},
      {"boardsize eight", error("syntax error: boardsize takes a whole number")},
      {"boardsize", error("syntax error: boardsize takes a whole number")},
      {"komi lots", error("syntax error: komi takes a number")},
      {"fly", error("unknown command")},
      {"5 PLAY black d3", "?5 unknown command\n\n"},  // command names are case-sensitive
      {"name please", error("syntax error: name takes no arguments")},
      {"play black", error("syntax error: play takes a colour and a move")},
      {"play red d3", error("invalid color 'red'")},
      {"play black z9", error("invalid coordinate 'z9'")},
      {"play black d33", error("invalid coordinate 'd33'")},
      {"play black a1", error("illegal move: a1 flips nothing for black")},
      {"play black d4", error("illegal move: d4 is taken for black")},
      {"play black pass", error("illegal move: black can play d3 c4 f5 e6")},
      {"play white c3", error("illegal move: black is to move")},
      {"genmove white", error("not white's turn: black is to move")},
      {"genmove", error("syntax error: genmove takes a colour")},
      {"genmove green", error("invalid color 'green'")},
      {"undo", error("cannot undo")},
      {"set_level 0", error("syntax error: set_level takes a level 1..7")},
      {"time_settings 1 2",
       error("syntax error: time_settings takes three whole numbers (main time, byo-yomi time and stones) up to 86400")},
      // Numbers are read as on the command line: no leading zero, no sign.
      {"time_settings 0 05 1",
       error("syntax error: time_settings takes three whole numbers (main time, byo-yomi time and stones) up to 86400")},
      {"time_left b +5 0",
       error("syntax error: time_left takes a colour and two whole numbers (seconds and stones) up to 86400")},
      {"boardsize 08", error("syntax error: boardsize takes a whole number")},
      {"set_level 03", error("syntax error: set_level takes a level 1..7")},
      {"007 name", error("unknown command")},  // not an id: "007" is not a whole number
      // Echoes are escaped and cut at 40 characters.
      {"play \xc3\xa9 d3", error("invalid color '\\xc3\\xa9'")},
      {"play black " + std::string(100, 'q'), error("invalid coordinate '" + std::string(40, 'q') + "...'")},
      {"known_command", error("syntax error: known_command takes one command name")},
      {"set_game Go", error("unsupported game")},
      {"set_game", error("syntax error: set_game takes a game name")},
      {"final_score", error("cannot score: the game is not over (black to move)")},
      {"12", "?12 syntax error: no command after the id\n\n"},
      {std::string("na\0me", 5), error("control character in the command")},
      {"\x1b[A", error("control character in the command")},
      {"\xc3\xa9t\xc3\xa9", error("unknown command")},
      {"", ""},  // GTP ignores empty lines, blank lines and comments
      {"  \t ", ""},
      {"# play black d3", ""},
      {"protocol_version # the version", ok("2")},
      {"\tname\t", ok("reversi-lab")},
      {"play black d3", ok()},  // and the game goes on
  };
  for (const auto& [command, response] : transcript) {
    INFO(command);
    CHECK(g.respond(command) == response);
  }
  CHECK(g.respond("x", true) == error("line too long (over 1024 characters)"));
  CHECK(g.respond("9 play black", true) == "?9 line too long (over 1024 characters)\n\n");
  Position afterD3 = startPosition();
  ref::play(afterD3, parseMove("d3"), BLACK);
  CHECK(g.position() == afterD3);
}

TEST_CASE("gtp: the stream: CR LF, a 1 MB line, NUL bytes, quit, the end of the input", "[gtp]") {
  auto gtp = [](const std::string& input) { return testing::runEntry(runGtp, {"gtp", "--level", "1"}, input); };
  const testing::Run crlf = gtp("1 name\r\nprotocol_version\r\n\r\n2 boardsize 8\r\n");
  CHECK(crlf.out == "=1 reversi-lab\n\n= 2\n\n=2\n\n");
  const testing::Run huge = gtp("4 " + std::string(1 << 20, 'a') + "\n5 name\n" + std::string(1 << 20, '\0') + "\nname\n");
  CHECK(huge.out == "?4 line too long (over 1024 characters)\n\n=5 reversi-lab\n\n" +
                        error("line too long (over 1024 characters)") + ok("reversi-lab"));
  const char nulInput[] = "6 pro\0tocol_version\nname\n";
  const testing::Run nul = gtp(std::string(nulInput, sizeof nulInput - 1));
  CHECK(nul.out == "?6 control character in the command\n\n" + ok("reversi-lab"));
  const testing::Run quit = gtp("quit\nname\n");
  CHECK(quit.out == ok());  // nothing is read after quit
  const testing::Run noNewline = gtp("name");
  CHECK(noNewline.out == ok("reversi-lab"));
  for (const testing::Run& r : {crlf, huge, nul, quit, noNewline, gtp(""), gtp("\n\n# nothing\n")}) {
    CHECK(r.status == 0);
    CHECK(r.err.empty());
  }
  CHECK(gtp("").out.empty());
}

TEST_CASE("gtp: passes sent or left out by the controller, undo over them, the end of the game", "[gtp]") {
  const std::vector<int> moves = gameWithPass(1);
  GtpSession sent(atLevel(1)), omitted(atLevel(1));
  Position p = startPosition();
  size_t undoable = 0;  // moves the omitting session recorded, its own passes included
  for (int m : moves) {
    const std::string colour = colourName(p.toMove);
    INFO(formatPosition(p) << " " << moveName(m));
    if (m == kPass) {
      GtpSession asked = sent;
      CHECK(asked.respond("genmove " + colour) == ok("pass"));  // a side without a move passes
      CHECK(asked.position() == Position{p.cells, opponent(p.toMove)});
    }
    CHECK(sent.respond("play " + colour + " " + moveName(m)) == ok());
    if (m == kPass) {
      p.toMove = opponent(p.toMove);
    } else {
      CHECK(omitted.respond("play " + colour + " " + moveName(m)) == ok());  // the pass before it is implied
      ref::play(p, m, p.toMove);
    }
    ++undoable;
    CHECK(sent.position() == p);
  }
  CHECK(ref::gameOver(p));
  CHECK(omitted.position().cells == p.cells);
  for (GtpSession* g : {&sent, &omitted}) {
    CHECK(g->respond("final_score") == ok(scoreText(p)));
    CHECK(g->respond("genmove black") == ok("pass"));
    CHECK(g->respond("genmove white") == ok("pass"));
    CHECK(g->respond("play black pass") == error("illegal move: the game is over"));
  }
  // Undo takes back every recorded move, passes too, back to the start.
  for (size_t i = 0; i < undoable; ++i) CHECK(sent.respond("undo") == ok());
  CHECK(sent.position() == startPosition());
  CHECK(sent.respond("undo") == error("cannot undo"));
}

TEST_CASE("gtp: two engines play each other to the end over GTP, every move checked", "[gtp]") {
  GtpSession black(atLevel(1)), white(atLevel(2));
  for (GtpSession* g : {&black, &white}) {
    CHECK(g->respond("boardsize 8") == ok());
    CHECK(g->respond("clear_board") == ok());
  }
  Position p = startPosition();
  int id = 0;
  while (!ref::gameOver(p)) {
    const std::string colour = colourName(p.toMove);
    GtpSession& mover = p.toMove == BLACK ? black : white;
    GtpSession& other = p.toMove == BLACK ? white : black;
    const std::string tag = std::to_string(++id);
    const std::string answer = mover.respond(tag + " genmove " + colour);
    INFO(formatPosition(p) << " -> " << answer);
    REQUIRE(answer.rfind("=" + tag + " ", 0) == 0);
    REQUIRE(answer.size() > tag.size() + 4);
    const std::string move = answer.substr(tag.size() + 2, answer.size() - tag.size() - 4);
    const int m = parseMove(move);
    if (m == kPass) {
      REQUIRE(ref::legalMoves(p, p.toMove).empty());
      p.toMove = opponent(p.toMove);
    } else {
      REQUIRE(m >= 0);
      REQUIRE(ref::play(p, m, p.toMove) > 0);  // and passes the turn
    }
    CHECK(other.respond("play " + colour + " " + move) == ok());
    CHECK(black.position() == p);
    CHECK(white.position() == p);
  }
  for (GtpSession* g : {&black, &white}) CHECK(g->respond("final_score") == ok(scoreText(p)));
}

TEST_CASE("gtp: set_level beyond what the engine plays in minutes is refused", "[gtp]") {
  const int top = maxLevel(*findStep("e01"));
  REQUIRE(top < kMaxLevel);  // e01 (minimax) cannot play the top level
  const testing::Run r = testing::runEntry(runGtp, {"gtp", "--engine", "e01", "--level", "1"},
                                           "set_level " + std::to_string(top + 1) + "\nset_level " + std::to_string(top) + "\n");
  CHECK(r.out ==
        "? level " + std::to_string(top + 1) + " is too deep for e01_minimax (at most " + std::to_string(top) + ")\n\n=\n\n");
}
