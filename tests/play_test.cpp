// The engine's levels and `reversi-lab play` driven in-process: whole games replayed
// move by move on the reference rules, hint, undo, passes, every class of bad input,
// and bad options of play and gtp (one line on stderr, status 2).
#include <algorithm>
#include <regex>
#include <sstream>

#include "catch.h"
#include "commands/cli.h"
#include "cli_run.h"
#include "engine.h"
#include "reference.h"
#include "search_support.h"
#include "test_support.h"

using namespace reversi;

namespace {

using testing::Run;

Run play(const std::vector<std::string>& args, const std::string& input = "") {
  std::vector<std::string> all{"play"};
  all.insert(all.end(), args.begin(), args.end());
  return testing::runEntry(runPlay, all, input);
}

size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// A player who tries every square a1..h8 in turn, again and again: the game goes on
// whatever the engine does (and the illegal tries exercise the re-prompt).
std::string everySquare(int rounds) {
  std::string s;
  for (int r = 0; r < rounds; ++r)
    for (int sq = 0; sq < 64; ++sq) s += squareName(sq) + "\n";
  return s;
}

// Replays what `play` printed ("black (you) plays d3, 1 flipped", after the prompt for
// the human's moves; "white (engine) has no legal move and passes") on the reference
// rules from `p`, checking each move's legality and flip count, each pass's necessity,
// and that every engine move is the engine's choice at `level`. Returns the final position.
Position replay(const std::string& out, Position p, int level) {
  static const std::regex moveLine(
      R"((black|white) \((you|engine)\) (?:plays ([a-h][1-8]), (\d+) flipped|(has no legal move and passes)))");
  std::istringstream lines(out);
  std::string line;
  int moves = 0;
  while (std::getline(lines, line)) {
    std::smatch m;
    if (!std::regex_search(line, m, moveLine)) continue;
    INFO("move " << ++moves << ": " << line << "\nposition " << formatPosition(p));
    REQUIRE(m[1] == colourName(p.toMove));
    if (m[5].matched) {
      CHECK(ref::legalMoves(p, p.toMove).empty());
      CHECK_FALSE(ref::gameOver(p));
      p.toMove = opponent(p.toMove);
      continue;
    }
    const int sq = parseMove(m[3].str());
    if (m[2] == "engine") CHECK(moveName(chooseMove(p, level).best) == m[3].str());
    const uint8_t mover = p.toMove;
    REQUIRE(ref::play(p, sq, mover) == std::stoi(m[4].str()));
    p.toMove = opponent(mover);
  }
  return p;
}

// "game over: black 44, white 20 ..." as the reference scores the final position.
std::string finalLine(const Position& p) {
  const int black = int(std::count(p.cells.begin(), p.cells.end(), BLACK));
  const int white = int(std::count(p.cells.begin(), p.cells.end(), WHITE));
  const int empty = 64 - black - white;
  return "game over: black " + std::to_string(black + (black > white ? empty : 0)) + ", white " +
         std::to_string(white + (white > black ? empty : 0));
}

}  // namespace

TEST_CASE("engine: levels deepen with the level; parseLevel takes exactly 1..7", "[engine]") {
  for (int level = kMinLevel; level < kMaxLevel; ++level) {
    CHECK(levelSettings(level).depth < levelSettings(level + 1).depth);
    CHECK(levelSettings(level).exactEmpties < levelSettings(level + 1).exactEmpties);
  }
  CHECK(levelSettings(kMinLevel).depth >= 1);
  CHECK_THROWS(levelSettings(kMinLevel - 1));
  CHECK_THROWS(levelSettings(kMaxLevel + 1));
  for (int level = kMinLevel; level <= kMaxLevel; ++level) CHECK(parseLevel(std::to_string(level)) == level);
  for (const char* bad : {"0", "8", "", "01", " 1", "1.0", "-1", "one", "99999999999999999999"}) CHECK(parseLevel(bad) == 0);
}

TEST_CASE("engine: the command-line page's table of levels is levelSettings()", "[engine]") {
  const std::optional<std::string> page = testing::fileText(REVERSI_SOURCE_DIR "/docs/cli.md");
  REQUIRE(page);
  const std::string& readme = *page;
  std::string levels = "| level |", depths = "| middle game: plies ahead |",
              exact = "| exact solve: from this many empty squares |";
  for (int level = kMinLevel; level <= kMaxLevel; ++level) {
    levels += " " + std::to_string(level) + " |";
    depths += " " + std::to_string(levelSettings(level).depth) + " |";
    exact += " " + std::to_string(levelSettings(level).exactEmpties) + " |";
  }
  CHECK(readme.find(levels + "\n") != std::string::npos);
  CHECK(readme.find(depths + "\n") != std::string::npos);
  CHECK(readme.find(exact + "\n") != std::string::npos);
}

TEST_CASE("engine: exact at or below the level's empties, a search above; the same on every stage", "[engine]") {
  const int level = kMinLevel;
  const int exactAt = levelSettings(level).exactEmpties;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    const Position near = testing::endgamePosition(seed, exactAt);
    const SearchOutcome o = chooseMove(near, level);
    INFO(formatPosition(near));
    CHECK(o.exact);
    CHECK(o.score == testing::bruteForceScore(near));
    CHECK(testing::bruteForceScoreAfter(near, o.best) == o.score);
    const Position far = testing::endgamePosition(seed, exactAt + 1);
    const SearchOutcome f = chooseMove(far, level);
    CHECK_FALSE(f.exact);
    CHECK(ref::flips(far, f.best, far.toMove).size() > 0);
    // Deterministic, and the step visits the same tree on every move generator.
    const SearchOutcome again = chooseMove(far, level, defaultStep(), 0);
    CHECK(again.best == f.best);
    CHECK(again.score == f.score);
    CHECK(again.nodes == f.nodes);
  }
}

TEST_CASE("engine: a side without a move passes; a finished game is scored, not searched", "[engine]") {
  // White a1, black b1: black cannot bracket the corner, white can take c1.
  const Position mustPass = parsePosition("OX" + std::string(62, '-') + " X");
  CHECK(chooseMove(mustPass, kMinLevel).best == kPass);
  const Position over = parsePosition("XX" + std::string(62, '-') + " O");
  const SearchOutcome done = chooseMove(over, kMaxLevel);
  CHECK(done.best == kNoMove);
  CHECK(done.exact);
  CHECK(done.score == -64);  // for white, the side to move
  CHECK(done.nodes == 0);
  CHECK(game::finalScore(over) == 64);
}

TEST_CASE("engine: the game rules agree with the reference", "[engine]") {
  for (const Position& p : randomPositions(7, 200)) {
    INFO(formatPosition(p));
    CHECK(game::legalMoves(p) == ref::legalMoves(p, p.toMove));
    CHECK(game::over(p) == ref::gameOver(p));
    for (int sq = 0; sq < 64; ++sq) {
      Position mine = p, theirs = p;
      const int n = ref::play(theirs, sq, p.toMove);
      CHECK(game::play(mine, sq) == (n ? n : -1));
      if (n) CHECK(mine == theirs);
    }
    Position passed = p;
    const bool mayPass = ref::legalMoves(p, p.toMove).empty() && !ref::gameOver(p);
    CHECK(game::play(passed, kPass) == (mayPass ? 0 : -1));
    CHECK(passed.toMove == (mayPass ? opponent(p.toMove) : p.toMove));
  }
}

TEST_CASE("play: a whole game at level 1, every move checked on the reference rules", "[play][cli]") {
  for (const char* colour : {"black", "white"}) {
    const Run r = play({"--level", "1", "--color", colour}, everySquare(40));
    INFO("as " << colour << "\n" << r.out.substr(r.out.size() > 3000 ? r.out.size() - 3000 : 0));
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(r.out.rfind(std::string("reversi-lab play: you are ") + colour, 0) == 0);
    const Position end = replay(r.out, startPosition(), 1);
    CHECK(ref::gameOver(end));
    CHECK(r.out.find(finalLine(end)) != std::string::npos);
    CHECK(r.out.find(boardText(end, false) + "black X ") != std::string::npos);  // the final board
    const int mine = testing::finalDiscs(end, std::string(colour) == "black" ? BLACK : WHITE);
    CHECK(r.out.find(mine > 0   ? "you win by " + std::to_string(mine)
                     : mine < 0 ? "the engine wins by " + std::to_string(-mine)
                                : std::string(": a draw")) != std::string::npos);
  }
}

TEST_CASE("play: the board, the counts and the legal moves before each human move", "[play][cli]") {
  const Run r = play({"--level", "1"}, "quit\n");
  CHECK(r.status == 0);
  const std::string start =
      "    a b c d e f g h\n"
      "  1 . . . . . . . .\n"
      "  2 . . . . . . . .\n"
      "  3 . . . * . . . .\n"
      "  4 . . * O X . . .\n"
      "  5 . . . X O * . .\n"
      "  6 . . . . * . . .\n"
      "  7 . . . . . . . .\n"
      "  8 . . . . . . . .\n"
      "black X 2, white O 2; black (you) to move: d3 c4 f5 e6\n"
      "your move> you quit; the game is left unfinished\n";
  CHECK(r.out.size() > start.size());
  CHECK(r.out.substr(r.out.size() - start.size()) == start);
}

TEST_CASE("play: hint gives the engine's move for the human, at the level", "[play][cli]") {
  for (int level : {1, 2}) {
    const Run r = play({"--level", std::to_string(level)}, "hint\nquit\n");
    const std::string best = moveName(chooseMove(startPosition(), level).best);
    CHECK(r.out.find("your move> hint: " + best + " [depth " + std::to_string(levelSettings(level).depth) + ", score ") !=
          std::string::npos);
    CHECK(!ref::flips(startPosition(), parseMove(best), BLACK).empty());
  }
}

TEST_CASE("play: undo takes back the human's move and the engine's reply", "[play][cli]") {
  Position afterD3 = startPosition();
  ref::play(afterD3, parseMove("d3"), BLACK);
  const std::string reply = moveName(chooseMove(afterD3, 1).best);
  const Run r = play({"--level", "1"}, "undo\nd3\nundo\nundo\nquit\n");
  CHECK(r.status == 0);
  CHECK(r.out.find("your move> nothing to undo: you have not moved yet\n") != std::string::npos);
  CHECK(r.out.find("took back d3 " + reply + "\n") != std::string::npos);
  CHECK(occurrences(r.out, "nothing to undo") == 2);  // back at the start: nothing more
  const std::string startBoard = boardText(startPosition(), true) + "black X 2, white O 2;";
  CHECK(occurrences(r.out, startBoard) == 2);  // shown at the start and after the undo
  // As white, the engine's opening move stays: undo goes back to white's first turn.
  const Run w = play({"--level", "1", "--color", "white"}, "undo\nquit\n");
  CHECK(w.out.find("nothing to undo: you have not moved yet\n") != std::string::npos);
}

TEST_CASE("play: passes are announced and made by themselves, for both sides", "[play][cli]") {
  // White a1, black b1, black to move: black has no move, white takes c1, black is gone.
  const std::string mustPass = "OX" + std::string(62, '-') + " X";
  const Run human = play({"--level", "1", mustPass});  // no input needed: the game ends
  CHECK(human.status == 0);
  CHECK(human.out.find("black (you) has no legal move and passes\nwhite (engine) plays c1, 1 flipped") != std::string::npos);
  CHECK(human.out.find("game over: black 0, white 64 (the winner takes the empty squares): the engine wins by 64\n") !=
        std::string::npos);
  const Run engine = play({"--level", "1", "--color", "white", mustPass}, "pass\nc1\n");
  CHECK(engine.status == 0);
  CHECK(engine.out.find("black (engine) has no legal move and passes\n") != std::string::npos);
  CHECK(engine.out.find("white (you) to move: c1\n") != std::string::npos);
  CHECK(engine.out.find("you cannot pass while you have a legal move (c1)") != std::string::npos);
  CHECK(engine.out.find("game over: black 0, white 64 (the winner takes the empty squares): you win by 64\n") !=
        std::string::npos);
  const Run over = play({"XX" + std::string(62, '-') + " O"});  // already finished
  CHECK(over.status == 0);
  CHECK(over.out.find("your move>") == std::string::npos);
  CHECK(over.out.find("game over: black 64, white 0 (the winner takes the empty squares): you win by 64\n") != std::string::npos);
}

TEST_CASE("play: every kind of bad line gets one line of reply and the prompt again", "[play][cli]") {
  const std::string huge(1 << 20, 'x');
  const std::string binary("\x00\x01\xff", 3);
  const std::string input = "zz\na1\nd4\npass\n" + huge + "\n" + binary + "\n\n   \nd3 e6\n D3 \r\nquit\n";
  const Run r = play({"--level", "1"}, input);
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  CHECK(r.out.find("your move> 'zz' is not a move or a command; type a square such as d3, or help\n") != std::string::npos);
  CHECK(r.out.find("your move> a1 flips nothing; your legal moves: d3 c4 f5 e6\n") != std::string::npos);
  CHECK(r.out.find("your move> d4 is taken; your legal moves: d3 c4 f5 e6\n") != std::string::npos);
  CHECK(r.out.find("your move> you cannot pass while you have a legal move (d3 c4 f5 e6)") != std::string::npos);
  CHECK(r.out.find("your move> that line is too long (over 200 characters); type a square such as d3, or help\n") !=
        std::string::npos);
  CHECK(r.out.find("your move> '\\x00\\x01\\xff' is not a move or a command;") != std::string::npos);
  CHECK(r.out.find("your move> 'd3 e6' is not a move or a command;") != std::string::npos);
  CHECK(r.out.find("your move> black (you) plays d3, 1 flipped\n") != std::string::npos);  // case, blanks, CR LF
  CHECK(r.out.size() < 5000);                                                              // the huge line is not echoed
  CHECK(occurrences(r.out, "your move> ") == 11);  // 7 refused, 2 blank, d3; then quit at the next prompt
  for (char c : r.out) CHECK((c == '\n' || (c >= 0x20 && c <= 0x7e)));
}

TEST_CASE("play: the input ending before the game is status 1 with one line, never a hang", "[play][cli]") {
  for (const std::string input : {"", "d3\n", "d3", "zz\n\n"}) {
    const Run r = play({"--level", "1"}, input);
    INFO("input: " << input);
    CHECK(r.status == 1);
    CHECK(r.err == "reversi-lab: play: the input ended before the game did\n");
    CHECK(r.out.back() == '\n');
  }
}

TEST_CASE("play and gtp: bad options get one line on stderr and status 2", "[play][gtp][cli]") {
  const std::pair<std::vector<std::string>, std::string> cases[] = {
      {{"play", "--level", "0"}, "reversi-lab: play: --level must be 1..7, got '0'"},
      {{"play", "--level", "8"}, "reversi-lab: play: --level must be 1..7, got '8'"},
      {{"play", "--engine", "e01", "--level", "7"}, "reversi-lab: play: e01_minimax plays at most level "},
      {{"gtp", "--engine", "minimax", "--level", "7"}, "reversi-lab: gtp: e01_minimax plays at most level "},
      {{"play", "--level", "x\x01"}, "reversi-lab: play: --level must be 1..7, got 'x\\x01'"},
      {{"play", "--level", "03"}, "reversi-lab: play: --level must be 1..7, got '03'"},
      {{"play", "--level", " 3"}, "reversi-lab: play: --level must be 1..7, got ' 3'"},
      {{"play", "--color", "white\r"}, "reversi-lab: play: --color must be black or white, got 'white\\x0d'"},
      {{"play", "--level"}, "reversi-lab: play: --level needs a value"},
      {{"play", "--color", "red"}, "reversi-lab: play: --color must be black or white, got 'red'"},
      {{"play", "--stage", "s99"}, "reversi-lab: play: unknown stage 's99' (use s01_naive"},
      {{"play", "--engine", "deep-blue"}, "reversi-lab: play: unknown engine 'deep-blue' (use e01_minimax"},
      {{"play", "--depth", "3"}, "reversi-lab: play: unknown option '--depth'"},
      {{"play", "XX"}, "reversi-lab: play: position board has 2 characters"},
      {{"play", formatPosition(startPosition()), "extra"}, "reversi-lab: play: unexpected argument 'extra'"},
      {{"gtp", "--level", "9"}, "reversi-lab: gtp: --level must be 1..7, got '9'"},
      {{"gtp", "--color", "black"}, "reversi-lab: gtp: unknown option '--color'"},
      {{"gtp", "--stage", "0"}, "reversi-lab: gtp: unknown stage '0'"},
      {{"gtp", "--engine", ""}, "reversi-lab: gtp: unknown engine ''"},
      {{"gtp", "name"}, "reversi-lab: gtp: unexpected argument 'name'"},
      {{"gtp", "--threads", "0"}, "reversi-lab: gtp: --threads must be at least 1, got '0'"},
      {{"play", "--threads", "two"}, "reversi-lab: play: --threads must be a whole number, got 'two'"},
      {{"gtp", "--engine", "e10", "--threads", "2"}, "reversi-lab: gtp: --threads 2: e10_stable searches on one thread"},
      {{"play", "--nodes", "1000", "--threads", "2"}, "reversi-lab: play: --nodes makes every run play the same moves"},
  };
  for (const auto& [args, what] : cases) {
    INFO(what);
    std::ostringstream out, err;
    CHECK(runCli(args, out, err) == 2);  // through the dispatcher; stdin is never read
    CHECK(out.str().empty());
    CHECK(err.str().rfind(what, 0) == 0);
    CHECK(err.str().find('\n') == err.str().size() - 1);
  }
}
