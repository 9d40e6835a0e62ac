// The time control (engine.h): a search stopped through a step's idle hook, the timed
// move at its two ends (no time: the first horizon; ample time: the level's own move),
// the clock of GTP's time_settings and time_left, the `--time` option, and the node
// count (`--nodes`) that stands in for the clock where a match must repeat. No test here
// depends on how fast the machine is: the longest move of a real game under a time per
// move is measured by the match report, not asserted.
#include <cmath>
#include <filesystem>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "catch.h"
#include "commands/cli.h"
#include "commands/cli_args.h"
#include "cli_run.h"
#include "engine.h"
#include "reference.h"
#include "search_support.h"
#include "test_support.h"

using namespace reversi;

namespace {

// An idle hook that gives up after a number of calls, like a clock that runs out.
struct Abandoned {};
thread_local int tCallsLeft = 0;
void giveUpSoon() {
  if (--tCallsLeft < 0) throw Abandoned{};
}

// Equal up to rounding (Catch2 2 and 3 spell Approx differently).
bool near(double a, double b) { return std::fabs(a - b) < 1e-9; }

Engine engineAt(int level, const StepEntry& step = defaultStep()) {
  Engine e;
  e.level = level;
  e.step = &step;
  return e;
}

}  // namespace

TEST_CASE("time control: a search given up through the idle hook leaves nothing behind", "[engine][time]") {
  const size_t stage = stageIndex(defaultStage());
  const Position p = testing::endgamePosition(7, 40);
  for (const StepEntry& step : steps()) {
    INFO(step.id);
    const int depth = step.number == 1 ? 5 : 7;  // enough nodes for several calls of the hook
    const SearchOutcome before = step.run(stage, p, depth);
    REQUIRE(before.nodes > 3 * 4096);
    tCallsLeft = 2;
    CHECK_THROWS_AS(step.run(stage, p, depth, giveUpSoon), Abandoned);
    CHECK(tCallsLeft < 0);
    // The table the step shares between its searches, the searcher, the board: the
    // next search on this thread finds exactly what it found before.
    const SearchOutcome after = step.run(stage, p, depth);
    CHECK(after.best == before.best);
    CHECK(after.score == before.score);
    CHECK(after.nodes == before.nodes);
    CHECK(after.pv == before.pv);
    // A hook that never throws changes nothing either.
    tCallsLeft = 1 << 30;
    const SearchOutcome hooked = step.run(stage, p, depth, giveUpSoon);
    CHECK(hooked.nodes == before.nodes);
    CHECK(hooked.best == before.best);
  }
}

TEST_CASE("time control: no time plays the first horizon, ample time the level's own move", "[engine][time]") {
  for (int level = kMinLevel; level <= 3; ++level) {
    const Level settings = levelSettings(level);
    const Engine e = engineAt(level);
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      for (int empties : {settings.exactEmpties + 10, settings.exactEmpties}) {
        const Position p = testing::endgamePosition(seed, empties);
        INFO("level " << level << ", " << formatPosition(p));
        const SearchOutcome none = chooseMoveTimed(p, e, 0);
        const int first = settings.depth % 2 ? 1 : 2;
        const SearchOutcome shallow = e.step->run(e.stage, p, first);
        CHECK_FALSE(none.exact);
        CHECK(none.depth == first);
        CHECK(none.best == shallow.best);
        CHECK(none.score == shallow.score);
        CHECK(ref::flips(p, none.best, p.toMove).size() > 0);

        const SearchOutcome ample = chooseMoveTimed(p, e, kMaxMoveSeconds);
        const SearchOutcome fixed = chooseMove(p, level);
        CHECK(ample.exact == fixed.exact);
        CHECK(ample.depth == fixed.depth);
        CHECK(ample.best == fixed.best);
        CHECK(ample.score == fixed.score);
        // The shallower horizons first (none where the first is the level's own depth).
        CHECK(ample.nodes >= fixed.nodes + (settings.depth > first || fixed.exact ? 1 : 0));
        if (empties == settings.exactEmpties) CHECK(ample.exact);
      }
    }
  }
  // An Engine with a time per move takes it (chooseMove dispatches).
  const Position p = testing::endgamePosition(4, 40);
  Engine timed = engineAt(3);
  timed.moveSeconds = kMaxMoveSeconds;
  CHECK(chooseMove(p, timed).best == chooseMove(p, 3).best);
  CHECK(engineName(timed) == engineName(engineAt(3)) + ", 3600 s a move");
  // A finished game is scored, not searched, with or without time.
  const Position over = parsePosition(std::string(64, 'X') + " O");
  CHECK(chooseMoveTimed(over, engineAt(3), 1).best == kNoMove);
  CHECK(chooseMoveTimed(over, engineAt(3), 1).score == -64);
}

TEST_CASE("node count: the same move on every run, within its nodes, the level's move when ample", "[engine][time]") {
  const Engine e = engineAt(7);
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    for (int empties : {40, 24, 18}) {
      const Position p = testing::endgamePosition(seed, empties);
      INFO(formatPosition(p));
      int deepest = 0;
      for (uint64_t budget : {10000ull, 60000ull}) {
        const SearchOutcome a = chooseMoveCounted(p, e, budget);
        const SearchOutcome b = chooseMoveCounted(p, e, budget);
        CHECK(a.best == b.best);
        CHECK(a.score == b.score);
        CHECK(a.depth == b.depth);
        CHECK(a.exact == b.exact);
        CHECK(a.nodes == b.nodes);
        CHECK(ref::flips(p, a.best, p.toMove).size() > 0);
        // The finished searches stay within the count, give or take the hook's step
        // (the first horizon, a few hundred nodes here, always runs).
        CHECK(a.nodes < budget + 4096);
        // More nodes never mean a shallower search (an exact solve is the deepest).
        const int depth = a.exact ? 99 : a.depth;
        CHECK(depth >= deepest);
        deepest = depth;
      }
    }
  }
  // With nodes to spare, the level's own move (level 3: 4 plies, solves from 12 empties).
  const Engine three = engineAt(3);
  for (int empties : {30, 12}) {
    const Position p = testing::endgamePosition(5, empties);
    const SearchOutcome ample = chooseMoveCounted(p, three, kMaxMoveNodes);
    const SearchOutcome fixed = chooseMove(p, 3);
    CHECK(ample.best == fixed.best);
    CHECK(ample.score == fixed.score);
    CHECK(ample.exact == fixed.exact);
  }
  // An Engine with nodes per move takes them (chooseMove dispatches), and says so.
  Engine counted = engineAt(7);
  counted.moveNodes = 20000;
  const Position p = testing::endgamePosition(6, 40);
  CHECK(chooseMove(p, counted).nodes == chooseMoveCounted(p, e, 20000).nodes);
  CHECK(engineName(counted) == engineName(engineAt(7)) + ", 20000 nodes a move");
}

TEST_CASE("threads: a level's solve on two threads, timed or not, scores as on one", "[engine][time]") {
  Engine two = engineAt(7);  // the default step: e11 on, its solve takes threads
  REQUIRE(two.step->threaded);
  two.threads = 2;
  CHECK(engineName(two) == engineName(engineAt(7)) + ", solves on 2 threads");
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    const Position p = testing::endgamePosition(seed, 16);
    INFO(formatPosition(p));
    const SearchOutcome one = chooseMove(p, 7), both = chooseMove(p, two);
    CHECK(both.exact);
    CHECK(both.score == one.score);
    CHECK(both.threadNodes.size() == 2);  // the solve ran on both
    const SearchOutcome timed = chooseMoveTimed(p, two, kMaxMoveSeconds);
    CHECK(timed.exact);
    CHECK(timed.score == one.score);
    // Where moves tie, either thread's may be played: any move that keeps the score.
    Position next = p;
    REQUIRE(game::play(next, both.best) > 0);
    CHECK(-chooseMove(next, 7).score == one.score);
  }
  // Above the level's empties the search runs on one thread: the same move as without.
  const Position mid = testing::endgamePosition(4, 40);
  CHECK(chooseMove(mid, two).best == chooseMove(mid, 7).best);
  CHECK(chooseMove(mid, two).threadNodes.empty());
}

TEST_CASE("time control: the command-line page states the constants the code has", "[engine][time]") {
  const std::optional<std::string> cliPage = testing::fileText(REVERSI_SOURCE_DIR "/docs/cli.md");
  REQUIRE(cliPage);
  const std::string& page = *cliPage;
  const std::string share = std::to_string(int(kStopShare * 100 + 0.5)) + " % of T";
  const std::string most = "at most " + std::to_string(int(kMaxMoveSeconds));
  CHECK(page.find(share) != std::string::npos);
  CHECK(page.find("`--time T` (seconds, such as `5` or `0.5`, " + most + ")") != std::string::npos);
  CHECK(page.find("more than 0 and " + most + " |") != std::string::npos);
  // The hook's period: every step calls idle when its node count is a multiple of 4,096.
  CHECK(page.find("called every 4,096 nodes") != std::string::npos);
  // Every place a search step counts a node and may call idle, in any step's files (a
  // step includes the files of the steps before it), calls it at a multiple of 4,096.
  size_t calls = 0, every4096 = 0;
  for (const StepEntry& step : steps()) {
    const std::string folder = REVERSI_SOURCE_DIR "/stages/" + std::string(step.id);
    for (const auto& file : std::filesystem::directory_iterator(folder)) {
      if (file.path().extension() != ".h") continue;
      const std::optional<std::string> header = testing::fileText(file.path().string());
      REQUIRE(header);
      const std::string& text = *header;
      for (size_t at = text.find("idle) idle();"); at != std::string::npos; at = text.find("idle) idle();", at + 1)) {
        INFO(file.path().string() << " at " << at);
        ++calls;
        const size_t line = text.rfind('\n', at) + 1;
        const std::string before = text.substr(line, at - line);
        const bool counted = before.find("nodes_ & 4095) == 0 && ") != std::string::npos ||
                             before.find("nodes & 4095) == 0 && ") != std::string::npos;
        CHECK(counted);
        every4096 += counted;
      }
    }
  }
  CHECK(calls >= steps().size());  // (at least one a step, on average: steps 01-06 count their own)
  CHECK(every4096 == calls);
}

TEST_CASE("time control: the clock of time_settings and time_left", "[engine][time]") {
  SECTION("no clock, and GTP's 'byo-yomi time without stones': no limit") {
    CHECK(MoveClock().budget(60) < 0);
    MoveClock c;
    c.set(300, 10, 0);
    CHECK(c.budget(60) < 0);
    c.spent(1000);
    CHECK(c.budget(60) < 0);
  }
  SECTION("--time: the same seconds every move") {
    MoveClock c = MoveClock::perMove(5);
    for (int move = 0; move < 40; ++move) {
      CHECK(near(c.budget(60 - move), 5));
      c.spent(4.5);
    }
  }
  SECTION("absolute time: what is left over this side's remaining moves") {
    MoveClock c;
    c.set(60, 0, 0);
    CHECK(near(c.budget(60), 2));  // 60 s over 30 moves
    c.spent(10);
    CHECK(near(c.budget(58), 50.0 / 29));
    CHECK(near(c.budget(1), 50));  // one move left: all of it
    c.spent(60);
    CHECK(c.budget(40) == 0);  // the time is gone: the first horizon only
    c.restart();
    CHECK(near(c.budget(60), 2));
  }
  SECTION("Canadian byo-yomi: main time, then the period's time over its stones") {
    MoveClock c;
    c.set(20, 30, 5);
    CHECK(near(c.budget(60), 20.0 / 30 + 6));
    c.spent(25);  // 5 s into byo-yomi: that move is the period's first
    CHECK(near(c.budget(58), 25.0 / 4));
    for (int i = 0; i < 4; ++i) c.spent(1);  // the period's moves made: a new period
    CHECK(near(c.budget(50), 6));
  }
  SECTION("time_left alone sets a limit: absolute, or byo-yomi when it gives stones") {
    MoveClock c;
    c.left(30, 0);
    CHECK(near(c.budget(60), 1));
    c.spent(10);
    CHECK(near(c.budget(58), 20.0 / 29));
    MoveClock d;
    d.set(0, 5, 0);  // no limit, until the controller says otherwise
    d.left(8, 2);
    CHECK(near(d.budget(60), 4));
  }
  SECTION("a new game starts from the settings: a time_left's limit goes with the old game") {
    MoveClock c;  // no settings: no limit
    c.left(0, 0);
    CHECK(c.budget(60) == 0);
    c.restart();
    CHECK(c.budget(60) < 0);
    MoveClock d;
    d.set(60, 0, 0);
    d.left(0, 0);
    d.restart();
    CHECK(near(d.budget(60), 2));  // the settings' 60 s again
  }
  SECTION("time_left overrides the clock's own count") {
    MoveClock c;
    c.set(600, 0, 0);
    c.left(30, 0);
    CHECK(near(c.budget(60), 1));
    c.left(12, 3);
    CHECK(near(c.budget(60), 4));
  }
}

TEST_CASE("time control: --time reads seconds, and bad values get one line", "[engine][time][cli]") {
  CHECK(near(secondsValue("5"), 5));
  CHECK(near(secondsValue("0.25"), 0.25));
  CHECK(near(secondsValue("3600"), 3600));
  CHECK(secondsValue("0") == 0);
  for (const char* bad : {"", ".5", "5.", "-1", "+1", "05", "1e3", "3601", "3600.5", "0.1234567", "1,5", " 1", "x"}) {
    INFO(bad);
    CHECK(secondsValue(bad) < 0);
  }
  for (const char* command : {"play", "gtp"})
    for (const char* bad : {"0", "-1", "abc", "4000", "1."}) {
      std::ostringstream out, err;
      INFO(command << " --time " << bad);
      CHECK(runCli({command, "--time", bad}, out, err) == 2);
      CHECK(out.str().empty());
      CHECK(err.str() == std::string("reversi-lab: ") + command +
                             ": --time must be seconds a move, more than 0 and at most 3600 (such as 5 or 0.5), got '" + bad +
                             "'\n");
    }
}

TEST_CASE("node count: --nodes reads a whole number, and bad values get one line", "[engine][time][cli]") {
  for (const char* command : {"play", "gtp"}) {
    for (const char* bad : {"0", "-1", "1e6", "1,000", "01", "100000000001", " 5"}) {
      std::ostringstream out, err;
      INFO(command << " --nodes " << bad);
      CHECK(runCli({command, "--nodes", bad}, out, err) == 2);
      CHECK(out.str().empty());
      CHECK(err.str() == std::string("reversi-lab: ") + command +
                             ": --nodes must be nodes a move, a whole number from 1 to 100000000000 (such as 1000000), got '" +
                             bad + "'\n");
    }
    std::ostringstream out, err;
    CHECK(runCli({command, "--time", "1", "--nodes", "1000"}, out, err) == 2);
    CHECK(out.str().empty());
    CHECK(err.str() == std::string("reversi-lab: ") + command + ": --time and --nodes both limit a move; give one of them\n");
  }
  // Over GTP with --nodes, the same moves as the engine's own count (no clock set).
  Engine counted = engineAt(7);
  counted.moveNodes = 30000;
  GtpSession g(counted);
  CHECK(g.respond("genmove black") == "= " + moveName(chooseMoveCounted(startPosition(), counted, 30000).best) + "\n\n");
}

TEST_CASE("time control: gtp keeps a clock per colour; no time plays the first horizon", "[gtp][time]") {
  GtpSession g(engineAt(3));
  const Position start = startPosition();
  // Absolute time of nothing: every move is the first horizon's (two plies at level 3).
  CHECK(g.respond("time_settings 0 0 0") == "=\n\n");
  const SearchOutcome shallow = defaultStep().run(stageIndex(defaultStage()), start, 2);
  CHECK(g.respond("genmove black") == "= " + moveName(shallow.best) + "\n\n");
  // No limit (byo-yomi time without stones): the level's move.
  CHECK(g.respond("clear_board") == "=\n\n");
  CHECK(g.respond("time_settings 0 5 0") == "=\n\n");
  CHECK(g.respond("genmove black") == "= " + moveName(chooseMove(start, 3).best) + "\n\n");
  // time_left for one colour sets only that colour's clock.
  CHECK(g.respond("clear_board") == "=\n\n");
  CHECK(g.respond("time_settings 0 0 0") == "=\n\n");
  CHECK(g.respond("time_left black 3600 1") == "=\n\n");
  CHECK(g.respond("genmove black") == "= " + moveName(chooseMove(start, 3).best) + "\n\n");
  const std::pair<std::string, std::string> bad[] = {
      {"time_settings 1 2",
       "syntax error: time_settings takes three whole numbers (main time, byo-yomi time and stones) up to 86400"},
      {"time_settings 86401 0 0",
       "syntax error: time_settings takes three whole numbers (main time, byo-yomi time and stones) up to 86400"},
      {"time_settings 1.5 0 0",
       "syntax error: time_settings takes three whole numbers (main time, byo-yomi time and stones) up to 86400"},
      {"time_left red 5 0", "syntax error: time_left takes a colour and two whole numbers (seconds and stones) up to 86400"},
      {"time_left white 5", "syntax error: time_left takes a colour and two whole numbers (seconds and stones) up to 86400"},
      {"time_left white 5 -1", "syntax error: time_left takes a colour and two whole numbers (seconds and stones) up to 86400"},
  };
  for (const auto& [command, why] : bad) {
    INFO(command);
    CHECK(g.respond(command) == "? " + why + "\n\n");
  }
}

TEST_CASE("time control: a new game starts with the session's clock, not the last time_left", "[gtp][time]") {
  // A game played after `time_left black 0 0`, then again after a new game: the first
  // time black has no time (the first horizon's move), the second it has the session's
  // clock again (no limit here: the level's move).
  const std::vector<std::string> opening = {"f5", "f6", "e6", "f4", "e3", "c5"};  // black: g5 or c6
  Position p = startPosition();
  for (const std::string& m : opening) REQUIRE(game::play(p, parseMove(m)) > 0);
  const std::string deep = moveName(chooseMove(p, 3).best);
  const std::string shallow = moveName(defaultStep().run(stageIndex(defaultStage()), p, 2).best);
  REQUIRE(deep != shallow);  // else the replay could not tell the two clocks apart
  for (const char* newGame : {"clear_board", "boardsize 8"}) {
    INFO(newGame);
    GtpSession g(engineAt(3));
    auto replay = [&] {
      for (size_t i = 0; i < opening.size(); ++i)
        CHECK(g.respond(std::string("play ") + (i % 2 ? "white " : "black ") + opening[i]) == "=\n\n");
      return g.respond("genmove black");
    };
    CHECK(g.respond("time_left black 0 0") == "=\n\n");
    CHECK(replay() == "= " + shallow + "\n\n");
    CHECK(g.respond(newGame) == "=\n\n");
    CHECK(replay() == "= " + deep + "\n\n");
  }
}
