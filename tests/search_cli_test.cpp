// `reversi-lab solve`, `search`, `solve --ffo` and the tour's search, driven in-process:
// each result line is split into its tokens and checked against code the commands do
// not use (tests/search_support.h's exact solver on the reference rules, the published
// FFO results); every class of bad input gets one line on stderr and status 2.
#include <cstdlib>
#include <map>
#include <sstream>

#include "catch.h"
#include "commands/cli_args.h"
#include "commands/cli.h"
#include "cli_run.h"
#include "ffo.h"
#include "registry.h"
#include "search_registry.h"
#include "search_support.h"
#include "test_support.h"

using namespace reversi;
using reversi::testing::bruteForceScore;
using reversi::testing::bruteForceScoreAfter;
using reversi::testing::checkRejected;
using reversi::testing::endgamePosition;
using reversi::testing::run;
using reversi::testing::Run;

namespace {

// One result line: "score S best M pv M ... key value ... engine E", the time as
// "time T s". Checks the shape: one line, tokens separated by single spaces.
struct Line {
  std::string score, best;
  std::vector<std::string> pv;
  std::map<std::string, std::string> values;  // every other key: its value

  std::string at(const std::string& key) const {
    const auto it = values.find(key);
    return it == values.end() ? "(missing)" : it->second;
  }
};

std::vector<std::string> words(const std::string& line) {
  std::vector<std::string> w;
  std::istringstream in(line);
  for (std::string t; in >> t;) w.push_back(t);
  return w;
}

Line parseLine(const std::string& text) {
  INFO("line: " << text);
  REQUIRE(!text.empty());
  REQUIRE(text.find('\n') == text.size() - 1);
  const std::string line = text.substr(0, text.size() - 1);
  CHECK(line.find("  ") == std::string::npos);
  CHECK(line.front() != ' ');
  CHECK(line.back() != ' ');
  const std::vector<std::string> w = words(line);
  REQUIRE(w.size() >= 5);
  REQUIRE(w[0] == "score");
  REQUIRE(w[2] == "best");
  REQUIRE(w[4] == "pv");
  Line l{w[1], w[3], {}, {}};
  size_t i = 5;
  for (; i < w.size() && parseMove(w[i]) >= 0; ++i) l.pv.push_back(w[i]);
  for (; i + 1 < w.size(); i += 2) {
    CHECK(l.values.count(w[i]) == 0);
    l.values[w[i]] = w[i + 1];
    if (w[i] == "time") {
      REQUIRE(i + 2 < w.size());
      CHECK(w[i + 2] == "s");
      ++i;
    }
  }
  CHECK(i == w.size());
  for (const char* key : {"nodes", "time", "nps", "stage", "engine"}) CHECK(l.values.count(key) == 1);
  return l;
}

// The line of a good run: status 0, nothing on stderr.
Line resultOf(const std::vector<std::string>& args) {
  const Run r = run(args);
  INFO("args: " << args.back() << " stderr: " << r.err);
  REQUIRE(r.status == 0);
  CHECK(r.err.empty());
  return parseLine(r.out);
}

// "+18", "-2", "+0": how solve prints an exact score.
std::string signedScore(int v) { return (v < 0 ? "" : "+") + std::to_string(v); }

uint64_t number(const std::string& s) {
  INFO(s);
  REQUIRE(!s.empty());
  REQUIRE(s.find_first_not_of("0123456789") == std::string::npos);
  return std::stoull(s);
}

// The principal variation is legal under the reference rules, passes only when forced;
// returns the position it leads to.
Position playLine(Position p, const std::vector<std::string>& pv) {
  for (const std::string& name : pv) {
    INFO("pv move " << name << " in " << formatPosition(p));
    const int m = parseMove(name);
    const std::vector<int> moves = ref::legalMoves(p, p.toMove);
    if (m == kPass) {
      REQUIRE(moves.empty());
      p.toMove = opponent(p.toMove);
    } else {
      REQUIRE(std::find(moves.begin(), moves.end(), m) != moves.end());
      ref::play(p, m, p.toMove);
    }
  }
  return p;
}

// The first position of a seeded random game (reference rules) that `wanted` accepts.
template <class F>
Position firstPosition(F wanted) {
  for (uint64_t seed = 1;; ++seed) {
    Rng rng(seed);
    Position p = startPosition();
    for (;;) {
      if (wanted(p)) return p;
      if (ref::gameOver(p)) break;
      const std::vector<int> moves = ref::legalMoves(p, p.toMove);
      if (moves.empty()) p.toMove = opponent(p.toMove);
      else ref::play(p, moves[rng.below(uint32_t(moves.size()))], p.toMove);
    }
  }
}

int emptySquares(const Position& p) { return int(std::count(p.cells.begin(), p.cells.end(), EMPTY)); }

// A finished game (only black discs) with `empties` empty squares: solved at once.
std::string finishedGame(int empties) {
  Position p;
  for (int sq = 0; sq < 64; ++sq) p.cells[sq] = sq < empties ? EMPTY : BLACK;
  return formatPosition(p);
}

const std::string kStart = formatPosition(startPosition());
const std::string kSmall = formatPosition(endgamePosition(7, 6));

}  // namespace

TEST_CASE("solve: the exact score, a best move and a legal line, against an independent solver", "[cli][search]") {
  for (const int empties : {1, 5, 9}) {
    for (uint64_t seed : {3, 40}) {
      const Position p = endgamePosition(seed, empties);
      const int exact = bruteForceScore(p);
      for (const StepEntry& step : steps()) {
        INFO(step.id << " " << formatPosition(p));
        const Line l = resultOf({"solve", "--engine", std::string(step.id), formatPosition(p)});
        CHECK(l.score == signedScore(exact));
        const int best = parseMove(l.best);
        REQUIRE(best >= 0);
        CHECK(bruteForceScoreAfter(p, best) == exact);
        REQUIRE(!l.pv.empty());
        CHECK(l.pv.front() == l.best);
        playLine(p, l.pv);
        CHECK(number(l.at("nodes")) > 0);
        CHECK(std::strtod(l.at("time").c_str(), nullptr) >= 0);
        CHECK(l.at("stage") == defaultStage().id);
        CHECK(l.at("engine") == step.id);
      }
    }
  }
}

TEST_CASE("solve: every way of naming a stage and a step; the same nodes on every stage", "[cli][search]") {
  const Line reference = resultOf({"solve", kSmall});
  CHECK(reference.at("engine") == defaultStep().id);
  for (const StageEntry& s : stages()) {
    if (!stepsRunOn(stageIndex(s))) continue;  // a sanitizer build's steps: the default stage alone
    for (const std::string& name :
         {std::to_string(s.number), std::string(s.id.substr(0, 3)), std::string(s.id), std::string(s.shortName)}) {
      INFO(name);
      const Line l = resultOf({"solve", "--stage", name, kSmall});
      CHECK(l.at("stage") == s.id);
      CHECK(l.score == reference.score);
      CHECK(l.best == reference.best);
      CHECK(l.at("nodes") == reference.at("nodes"));
    }
  }
  for (const StepEntry& step : steps())
    for (const std::string& name :
         {std::to_string(step.number), std::string(step.id.substr(0, 3)), std::string(step.id), std::string(step.shortName)}) {
      INFO(name);
      const Line l = resultOf({"solve", "--engine=" + name, kSmall});
      CHECK(l.at("engine") == step.id);
      CHECK(l.score == reference.score);
    }
}

TEST_CASE("solve: a forced pass, and a finished game", "[cli][search]") {
  // Black cannot move but white can: the best move is the pass.
  const Position pass = firstPosition([](const Position& p) {
    Position q = p;
    q.toMove = opponent(p.toMove);
    return emptySquares(p) <= 12 && ref::legalMoves(p, p.toMove).empty() && !ref::legalMoves(q, q.toMove).empty();
  });
  const Line l = resultOf({"solve", formatPosition(pass)});
  CHECK(l.best == "pass");
  CHECK(l.score == signedScore(bruteForceScore(pass)));
  REQUIRE(!l.pv.empty());
  CHECK(l.pv.front() == "pass");
  playLine(pass, l.pv);

  // Neither side can move: nothing to play, the score is the final count, no line.
  const Position over = firstPosition([](const Position& p) { return ref::gameOver(p); });
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"solve", formatPosition(over)}, {"search", "--depth", "3", formatPosition(over)}}) {
    const Run r = run(args);
    REQUIRE(r.status == 0);
    CHECK(r.out.find(args[0] == "solve" ? " best none pv nodes " : " best none pv leaf end ") != std::string::npos);
    const Line end = parseLine(r.out);
    const int final = reversi::testing::finalDiscs(over, over.toMove);
    CHECK(end.score == (args[0] == "solve" ? signedScore(final) : signedScore(final) + ".00"));
    CHECK(end.pv.empty());
  }
}

TEST_CASE("search: the score in discs, a legal line, 'leaf end' exactly when the line ends the game", "[cli][search]") {
  for (const StepEntry& step : steps()) {
    for (uint64_t seed : {5, 60}) {
      const Position p = endgamePosition(seed, 8);
      for (const int depth : {1, 2, 3, 17}) {
        INFO(step.id << " depth " << depth << " " << formatPosition(p));
        const Line l =
            resultOf({"search", "--depth", std::to_string(depth), "--engine", std::string(step.id), formatPosition(p)});
        CHECK(l.at("depth") == std::to_string(depth));
        // Signed, two decimals.
        REQUIRE(l.score.size() >= 5);
        CHECK((l.score[0] == '+' || l.score[0] == '-'));
        CHECK(l.score[l.score.size() - 3] == '.');
        REQUIRE(parseMove(l.best) >= 0);
        REQUIRE(!l.pv.empty());
        CHECK(l.pv.front() == l.best);
        CHECK(int(l.pv.size()) <= depth);
        const bool ends = ref::gameOver(playLine(p, l.pv));
        CHECK(l.at("leaf") == (ends ? "end" : "eval"));
        if (ends) CHECK(l.score == signedScore(reversi::testing::finalDiscs(playLine(p, l.pv), p.toMove)) + ".00");
        // 17 plies see every line of an 8-empty game to its end (8 moves, at most 9
        // passes): the search is then exact.
        if (depth == 17) {
          CHECK(ends);
          CHECK(l.score == signedScore(bruteForceScore(p)) + ".00");
          CHECK(bruteForceScoreAfter(p, parseMove(l.best)) == bruteForceScore(p));
        }
        // What the step itself returns, printed faithfully.
        const SearchOutcome o = step.run(stageIndex(defaultStage()), p, depth);
        char score[32];
        std::snprintf(score, sizeof score, "%+.2f", o.discs());
        CHECK(l.score == score);
        CHECK(l.best == moveName(o.best));
        CHECK(number(l.at("nodes")) == o.nodes);
      }
    }
  }
}

TEST_CASE("solve --ffo: one line per position against the published results, then the total", "[cli][search][ffo]") {
  // The cheapest FFO positions the default step may solve, in the order given.
  const int limit = searchLimits(defaultStep()).solveEmpties;
  std::vector<int> chosen;
  for (const FfoPosition& f : ffoPositions())
    if (f.empties <= limit && chosen.size() < 3 && f.empties == ffoPositions().front().empties) chosen.push_back(f.number);
  if (chosen.empty()) {  // the default step cannot solve any: refused before any work
    checkRejected({"solve", "--ffo", "1"}, "solves at most " + std::to_string(limit));
    return;
  }
  std::reverse(chosen.begin(), chosen.end());
  std::string range;
  for (int n : chosen) range += (range.empty() ? "" : ",") + std::to_string(n);
  const Run r = run({"solve", "--ffo", range});
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  std::istringstream lines(r.out);
  std::string line;
  uint64_t nodes = 0;
  for (int n : chosen) {
    REQUIRE(std::getline(lines, line));
    const FfoPosition& f = *findFfo(n);
    const std::vector<std::string> w = words(line);
    REQUIRE(w.size() == 20);
    CHECK(w[0] == "ffo");
    CHECK(w[1] == std::to_string(n));
    CHECK(w[3] == std::to_string(f.empties));
    CHECK(w[5] == signedScore(f.score));  // the solved score
    CHECK(w[7] == signedScore(f.score));  // the published one
    CHECK(std::find(f.best.begin(), f.best.end(), parseMove(w[9])) != f.best.end());
    std::string published;
    for (int m : f.best) published += (published.empty() ? "" : ",") + moveName(m);
    CHECK(w[11] == published);
    CHECK(w[12] == "nodes");
    nodes += number(w[13]);
    CHECK(w[19] == "OK");
  }
  REQUIRE(std::getline(lines, line));
  const std::vector<std::string> total = words(line);
  REQUIRE(total.size() == 16);
  CHECK(total[0] == "total");
  CHECK(total[2] == std::to_string(chosen.size()));
  CHECK(total[4] == std::to_string(chosen.size()));
  CHECK(number(total[6]) == nodes);
  CHECK(total[13] == defaultStage().id);
  CHECK(total[15] == defaultStep().id);
  CHECK(!std::getline(lines, line));
}

TEST_CASE("solve --threads: a threaded step names each thread's nodes; the others refuse more than one", "[cli][search]") {
  const FfoPosition& f = ffoPositions().front();
  int threaded = 0;
  for (const StepEntry& step : steps()) {
    const std::string id(step.id);
    INFO(id);
    if (!step.threaded) {
      checkRejected({"solve", "--engine", id, "--threads", "2", kSmall}, "solve: --threads 2: " + id + " searches on one thread");
      CHECK(resultOf({"solve", "--engine", id, "--threads", "1", kSmall}).at("thread-nodes") == "(missing)");
      continue;
    }
    threaded++;
    CHECK(resultOf({"solve", "--engine", id, formatPosition(f.position)}).at("thread-nodes") == "(missing)");
    for (int threads : {2, 3}) {
      const Line l = resultOf({"solve", "--engine", id, "--threads", std::to_string(threads), formatPosition(f.position)});
      CHECK(l.score == signedScore(f.score));
      std::istringstream shares(l.at("thread-nodes"));
      uint64_t sum = 0;
      int count = 0;
      for (std::string share; std::getline(shares, share, '+'); count++) sum += number(share);
      CHECK(count == threads);
      CHECK(sum == number(l.at("nodes")));
    }
  }
  CHECK(threaded > 0);
}

TEST_CASE("solve --ffo ranges: numbers, spans and lists, in the order given", "[cli][search][ffo]") {
  CHECK(parseFfoRange("3", "solve") == std::vector<int>{3});
  CHECK(parseFfoRange("40-44", "solve") == std::vector<int>{40, 41, 42, 43, 44});
  CHECK(parseFfoRange("44,1,3,17-19", "solve") == std::vector<int>{44, 1, 3, 17, 18, 19});
  CHECK_THROWS_AS(parseFfoRange("019", "solve"), UsageError);  // no leading zeros, as every number
  std::vector<int> all;
  for (const FfoPosition& f : ffoPositions()) all.push_back(f.number);
  CHECK(parseFfoRange(std::to_string(all.front()) + "-" + std::to_string(all.back()), "solve") == all);
  CHECK(parseFfoRange("19-40", "solve") == std::vector<int>{19, 40});  // only the positions there are
}

TEST_CASE("solve and search refuse what would run for hours, at each step's limits", "[cli][search]") {
  for (const StepEntry& step : steps()) {
    INFO(step.id);
    const SearchLimits l = searchLimits(step);
    REQUIRE(l.solveEmpties < 60);
    REQUIRE(l.searchDepth < kMaxSearchDepth);
    const std::string id(step.id);
    // Finished games: whatever the size, the limit alone decides, at once.
    const Line solved = resultOf({"solve", "--engine", id, finishedGame(l.solveEmpties)});
    CHECK(solved.score == "+64");  // black, to move, has every disc
    CHECK(solved.best == "none");
    checkRejected({"solve", "--engine", id, finishedGame(l.solveEmpties + 1)},
                  "solve: the position has " + std::to_string(l.solveEmpties + 1) + " empty squares; " + id + " solves at most " +
                      std::to_string(l.solveEmpties));
    // --no-limit: asked for, the same position is solved (the long FFO run's way past the limits).
    CHECK(resultOf({"solve", "--no-limit", "--engine", id, finishedGame(l.solveEmpties + 1)}).score == "+64");
    // Deeper than the step's depth only when the whole game fits the solve limit.
    CHECK(resultOf({"search", "--engine", id, "--depth", std::to_string(kMaxSearchDepth), finishedGame(l.solveEmpties)})
              .at("leaf") == "end");
    checkRejected({"search", "--engine", id, "--depth", std::to_string(l.searchDepth + 1), kStart},
                  "search: --depth " + std::to_string(l.searchDepth + 1) + " is too deep for " + id +
                      " with 60 empty squares (at most " + std::to_string(l.searchDepth));
  }
  checkRejected({"solve", kStart}, "the position has 60 empty squares");
  checkRejected(
      {"search", "--depth", std::to_string(kMaxSearchDepth + 1), kSmall},
      "--depth '" + std::to_string(kMaxSearchDepth + 1) + "' is too large (at most " + std::to_string(kMaxSearchDepth) + ")");
  // help and the command-line page (docs/cli.md) state every step's limits.
  const std::string help = run({"help"}).out;
  const std::optional<std::string> page = testing::fileText(REVERSI_SOURCE_DIR "/docs/cli.md");
  REQUIRE(page);
  const std::string& readme = *page;
  for (const StepEntry& step : steps()) {
    const SearchLimits l = searchLimits(step);
    CHECK(help.find(std::string(step.id) + ": N = " + std::to_string(l.solveEmpties) +
                    ", D = " + std::to_string(l.searchDepth)) != std::string::npos);
    CHECK(readme.find("| " + std::string(step.id) + " | " + std::to_string(l.solveEmpties) + " | " +
                      std::to_string(l.searchDepth) + " |\n") != std::string::npos);
  }
}

TEST_CASE("solve and search reject a bad position", "[cli][search]") {
  for (const std::string cmd : {"solve", "search"}) {
    const std::vector<std::string> head =
        cmd == "solve" ? std::vector<std::string>{"solve"} : std::vector<std::string>{"search", "--depth", "2"};
    auto with = [&](const std::string& position) {
      auto a = head;
      a.push_back(position);
      return a;
    };
    checkRejected(with("XX"), cmd + ": position board has 2 characters");
    checkRejected(with(kSmall.substr(1)), cmd + ": position board has 63 characters");
    checkRejected(with("Q" + kSmall.substr(1)), cmd + ": position has bad character 'Q' at a1");
    checkRejected(with(kSmall.substr(0, 65) + "Z"), cmd + ": position side to move must be X or O");
    checkRejected(with(kSmall.substr(0, 64)), cmd + ": position has no side to move");
    checkRejected(with(""), cmd + ": position is empty");
    checkRejected(with(kSmall.substr(0, 65) + "X\x1b"), "got 'X\\x1b'");
  }
}

TEST_CASE("solve and search reject an unknown stage or engine", "[cli][search]") {
  checkRejected({"solve", "--stage", "s99", kSmall}, "solve: unknown stage 's99' (use s01_naive");
  checkRejected({"search", "--depth", "2", "--stage", "", kSmall}, "search: unknown stage ''");
  checkRejected({"solve", "--engine", "e99", kSmall}, "solve: unknown engine 'e99' (use e01_minimax");
  checkRejected({"search", "--depth", "2", "--engine", "deep\nblue", kSmall}, "search: unknown engine 'deep\\x0ablue'");
  checkRejected({"solve", "--engine", "0", "--ffo", "1"}, "solve: unknown engine '0'");
}

TEST_CASE("solve and search reject missing, unknown, duplicated and extra arguments", "[cli][search]") {
  checkRejected({"solve"}, "solve: a position is required (or --ffo RANGE)");
  checkRejected({"solve", "--engine", "1"}, "solve: a position is required");
  checkRejected({"search", "--depth", "2"}, "search: a position is required");
  checkRejected({"search", kSmall}, "search: --depth is required");
  checkRejected({"solve", "--stage"}, "solve: --stage needs a value");
  checkRejected({"search", kSmall, "--engine"}, "search: --engine needs a value");
  checkRejected({"solve", "--ffo"}, "solve: --ffo needs a value");
  checkRejected({"solve", "--depth", "3", kSmall}, "solve: unknown option '--depth'");
  checkRejected({"search", "--depth", "3", "--ffo", "1"}, "search: unknown option '--ffo'");
  checkRejected({"solve", "--level", "3", kSmall}, "solve: unknown option '--level'");
  checkRejected({"solve", "--stage", "1", "--stage", "2", kSmall}, "solve: --stage given twice");
  checkRejected({"solve", "--engine", "1", "--engine=1", kSmall}, "solve: --engine given twice");
  checkRejected({"search", "--depth", "1", "--depth", "1", kSmall}, "search: --depth given twice");
  checkRejected({"solve", "--ffo", "1", "--ffo", "2"}, "solve: --ffo given twice");
  checkRejected({"solve", kSmall, "extra"}, "solve: unexpected argument 'extra'");
  checkRejected({"search", "--depth", "1", kSmall, kSmall}, "search: unexpected argument '");
}

TEST_CASE("search rejects a depth that is not 1..30", "[cli][search]") {
  checkRejected({"search", "--depth", "0", kSmall}, "search: --depth must be at least 1, got '0'");
  checkRejected({"search", "--depth", "-2", kSmall}, "search: --depth must be at least 1, got '-2'");
  checkRejected({"search", "--depth", "31", kSmall}, "search: --depth '31' is too large (at most 30)");
  checkRejected({"search", "--depth", "99999999999999999999", kSmall}, "is too large (at most 30)");
  checkRejected({"search", "--depth", "two", kSmall}, "search: --depth must be a whole number, got 'two'");
  checkRejected({"search", "--depth", "2.5", kSmall}, "search: --depth must be a whole number");
  checkRejected({"search", "--depth=", kSmall}, "search: --depth must be a whole number, got ''");
}

TEST_CASE("solve --ffo rejects malformed ranges, unknown positions and a position beside it", "[cli][search][ffo]") {
  const std::pair<std::string, std::string> cases[] = {
      {"", "solve: --ffo is empty (e.g. 1-19"},
      {"0", "there is no FFO position '0' (e.g. 1-19, 40-44, 3 or 1,3,40-44; the positions are 1-19, 40-59)"},
      {"20", "there is no FFO position '20'"},
      {"1-20", "there is no FFO position '20'"},
      {"99999999999", "there is no FFO position '99999999999'"},
      {"abc", "solve: --ffo 'abc' is not a number or a span A-B"},
      {"-3", "--ffo '-3' is not a number or a span A-B"},
      {"+3", "--ffo '+3' is not a number"},
      {" 3", "--ffo ' 3' is not a number"},
      {"1-", "--ffo '1-' is not a number"},
      {"1--3", "--ffo '1--3' is not a number"},
      {"1-3-5", "--ffo '1-3-5' is not a number"},
      {"3-1", "solve: --ffo '3-1' runs backwards"},
      {"1,,2", "solve: --ffo '1,,2' has an empty item"},
      {"1,", "--ffo '1,' has an empty item"},
      {",1", "--ffo ',1' has an empty item"},
      {"1,1", "solve: --ffo names position 1 twice"},
      {"1-5,3", "solve: --ffo names position 3 twice"},
      {"1\n", "--ffo '1\\x0a' is not a number"},
  };
  for (const auto& [range, what] : cases) checkRejected({"solve", "--ffo", range}, what);
  checkRejected({"solve", "--ffo", "1", kSmall}, "solve: --ffo takes no position, got '" + kSmall.substr(0, 40) + "...'");
  // A step that cannot solve one of them refuses the whole run before any work.
  const StepEntry& weakest = steps().front();
  for (const FfoPosition& f : ffoPositions())
    if (f.empties > searchLimits(weakest).solveEmpties) {
      checkRejected({"solve", "--engine", std::string(weakest.id), "--ffo", std::to_string(f.number)},
                    "solve: FFO #" + std::to_string(f.number) + " has " + std::to_string(f.empties) + " empty squares; " +
                        std::string(weakest.id) + " solves at most");
      break;
    }
}

TEST_CASE("the tour ends with one exact solve on three stages: the same score and nodes", "[cli][search][tour]") {
  const Run r = run({"tour", "--quick"});
  REQUIRE(r.status == 0);
  const size_t at = r.out.find("\nThe search: FFO #");
  REQUIRE(at != std::string::npos);
  std::istringstream in(r.out.substr(at + 1));
  std::string title, board, blank, header;
  REQUIRE(std::getline(in, title));
  CHECK(title.find("solved exactly by " + std::string(defaultStep().id)) != std::string::npos);
  REQUIRE(std::getline(in, board));
  const Position p = parsePosition(board);
  REQUIRE(std::getline(in, blank));
  REQUIRE(std::getline(in, header));
  CHECK(words(header) == std::vector<std::string>{"stage", "seconds", "nodes", "M", "nodes/s", "score", "best"});
  // The FFO position as published, or after its best move: the published result
  // decides the score (for the side to move, so negated after the move); the best move
  // is one of the published ones, or (after the move, where none is published) legal.
  const FfoPosition* ffo = findFfo(std::atoi(title.c_str() + title.find('#') + 1));
  REQUIRE(ffo);
  const bool afterBest = title.find(" after its best move " + moveName(ffo->best.front())) != std::string::npos;
  Position expected = ffo->position;
  if (afterBest) ref::play(expected, ffo->best.front(), expected.toMove);
  CHECK(p == expected);
  const int exact = afterBest ? -ffo->score : ffo->score;
  auto bestMove = [&](int move) {
    const std::vector<int> allowed = afterBest ? ref::legalMoves(p, p.toMove) : ffo->best;
    return std::find(allowed.begin(), allowed.end(), move) != allowed.end();
  };
  std::string nodes;
  for (const StageEntry* stage : {findStage("s01"), findStage("s05"), &defaultStage()}) {  // the tour's three
    std::string row;
    REQUIRE(std::getline(in, row));
    const std::vector<std::string> w = words(row);
    REQUIRE(w.size() == 6);
    CHECK(w[0] == stage->id);
    CHECK(w[4] == signedScore(exact));
    CHECK(bestMove(parseMove(w[5])));
    if (nodes.empty()) nodes = w[2];
    CHECK(w[2] == nodes);
  }
  std::string verdict;
  REQUIRE(std::getline(in, verdict));
  CHECK(verdict.rfind("Score " + signedScore(exact) + " (the published result) and ", 0) == 0);
  CHECK(verdict.find(" and " + nodes + " nodes on all 3: ") != std::string::npos);
  CHECK(!std::getline(in, verdict));
}
