// `reversi-lab gray` driven in-process: games from piped moves, re-prompts for bad
// moves, automatic games, and bad options (one line on stderr, status 2).
#include <sstream>

#include "catch.h"
#include "commands/cli.h"
#include "commands/sidebars.h"
#include "cli_run.h"

using namespace reversi;

namespace {

using testing::Run;

Run gray(const std::vector<std::string>& args, const std::string& input = "") {
  std::vector<std::string> all{"gray"};
  all.insert(all.end(), args.begin(), args.end());
  return testing::runEntry(runGray, all, input);
}

size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("gray cli: human moves from stdin, the board after each", "[gray][cli]") {
  // Black c3 (W d4 turns gray, G e5 black), white d3, then black quits.
  const Run r = gray({}, "c3\nd3\nquit\n");
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  CHECK(r.out.rfind("game black=human white=human seed=1\n  a b c d e f g h i\n", 0) == 0);
  CHECK(r.out.find("move 1: black c3\n") != std::string::npos);
  CHECK(r.out.find("3 . . B . . . . . .\n4 . . . G B . . . .\n5 . . . B B W . . .\n") != std::string::npos);
  CHECK(r.out.find("black 5 white 2 gray 1 token 0\n") != std::string::npos);
  CHECK(r.out.find("move 2: white d3\n") != std::string::npos);
  CHECK(r.out.find("black quits\n") != std::string::npos);
  CHECK(occurrences(r.out, "  a b c d e f g h i\n") == 3);
}

TEST_CASE("gray cli: a bad move gets a reason and the same player is asked again", "[gray][cli]") {
  const Run r = gray({"--white", "greedy"}, "zz\ne5\nd4\na1\n\nc3\nquit\n");
  CHECK(r.status == 0);
  CHECK(r.out.find("'zz' is not a square") != std::string::npos);
  CHECK(r.out.find("e5 brackets nothing for black; try another square\n") != std::string::npos);  // gray e5, no bracket
  CHECK(r.out.find("d4 is taken; try another square\n") != std::string::npos);
  CHECK(r.out.find("a1 brackets nothing for black") != std::string::npos);
  CHECK(r.out.find("move 1: black c3\n") != std::string::npos);
  CHECK(r.out.find("move 2: white ") != std::string::npos);  // the greedy player answered
  CHECK(occurrences(r.out, "black to move") == 7);           // zz e5 d4 a1 (blank) c3, then quit
}

TEST_CASE("gray cli: --auto plays a whole game, the same for the same seed", "[gray][cli]") {
  const Run a = gray({"--auto", "--seed", "7"});
  const Run b = gray({"--auto", "--seed", "7", "--black", "random", "--white", "random"});
  const Run c = gray({"--auto", "--seed", "8"});
  CHECK(a.status == 0);
  CHECK(a.err.empty());
  CHECK(a.out.find("result: ") != std::string::npos);
  CHECK(a.out.substr(a.out.find('\n')) == b.out.substr(b.out.find('\n')));
  CHECK(a.out != c.out);
  const Run g = gray({"--auto", "--black", "greedy", "--white", "greedy"});
  CHECK(g.status == 0);
  CHECK(g.out.rfind("game black=greedy white=greedy seed=1\n", 0) == 0);
  CHECK(g.out.find("result: ") != std::string::npos);
}

TEST_CASE("gray cli: the input ending before the game is an error, not a hang", "[gray][cli]") {
  const Run r = gray({}, "c3\n");
  CHECK(r.status == 1);
  CHECK(r.err == "reversi-lab: gray: the input ended before the game did\n");
}

TEST_CASE("gray cli: an overlong line is refused with one line, not stored", "[gray][cli]") {
  const Run r = gray({}, std::string(1 << 20, 'e') + "\nquit\n");
  CHECK(r.status == 0);
  CHECK(r.out.find("that line is too long (over 200 characters)") != std::string::npos);
  CHECK(r.out.find("black quits") != std::string::npos);
  CHECK(r.out.size() < 2000);
}

TEST_CASE("gray cli: bad options get one line on stderr and status 2", "[gray][cli]") {
  const std::pair<std::vector<std::string>, std::string> cases[] = {
      {{"--black", "alphazero"}, "--black wants human, random or greedy, got 'alphazero'"},
      {{"--white"}, "--white needs a value"},
      {{"--auto", "--black", "human"}, "--auto plays both sides"},
      {{"--seed", "-3"}, "--seed wants a whole number"},
      {{"--seed", "99999999999"}, "--seed wants a whole number"},
      {{"--seed", "x"}, "--seed wants a whole number"},
      {{"--auto", "--seed", "07"}, "--seed wants a whole number 0..4294967295 (no sign or leading zero), got '07'"},
      {{"--auto", "--seed", " 7"}, "got ' 7'"},
      {{"--auto", "--seed", "4294967296"}, "--seed wants a whole number"},
      // A seed nobody uses is an error, not silence.
      {{"--seed", "7"}, "--seed only steers a random player, and neither player is random"},
      {{"--auto", "--black", "greedy", "--white", "greedy", "--seed", "7"}, "neither player is random"},
      {{"--size", "8"}, "unknown option '--size'"},
      {{"e5"}, "unexpected argument 'e5'"},
      {{"--auto", "--auto"}, "--auto given twice"},
  };
  for (const auto& [args, what] : cases) {
    INFO(what);
    const Run r = gray(args);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.rfind("reversi-lab: gray: ", 0) == 0);
    CHECK(r.err.find(what) != std::string::npos);
    CHECK(r.err.find('\n') == r.err.size() - 1);
  }
}

TEST_CASE("gray cli: the command is reachable from reversi-lab", "[gray][cli]") {
  std::ostringstream out, err;
  CHECK(runCli({"gray", "--black", "nobody"}, out, err) == 2);
  CHECK(err.str() == "reversi-lab: gray: --black wants human, random or greedy, got 'nobody'\n");
}
