#include "engine.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <stdexcept>

#include "registry.h"
#include "stage_list.h"

namespace reversi {
namespace {

// Depth grows by two plies a level (an even horizon ends on the opponent's reply, so
// odd and even depths are not compared), by four at level 7; the exact-solve threshold
// by two empties, and at level 7 by four, to what the final step (e06) solves in a few
// seconds on the fastest stage. Level 7 is the strongest that stays interactive: its
// thinking time per move, mean and longest, is in the match table of the e06 page
// (`cmake --build build --target match-report`).
constexpr Level kLevels[kMaxLevel] = {
    {1, 8}, {2, 10}, {4, 12}, {6, 14}, {8, 16}, {10, 18}, {14, 22},
};

// The rules of a game in progress are kept by one stage: s11, the fastest, also the
// command line's default (DefaultStage). Any stage would do: every one agrees with the
// reference rules (the cross-stage test).
using Rules = Stage_s11;

}  // namespace

Level levelSettings(int level) {
  if (level < kMinLevel || level > kMaxLevel) throw std::out_of_range("no level " + std::to_string(level));
  return kLevels[level - kMinLevel];
}

int parseLevel(std::string_view text) {
  for (int level = kMinLevel; level <= kMaxLevel; ++level)
    if (text == std::to_string(level)) return level;
  return 0;
}

int maxLevel(const StepEntry& step) {
  const SearchLimits limits = searchLimits(step);
  int top = kMinLevel;
  for (int level = kMinLevel; level <= kMaxLevel; ++level) {
    const Level l = levelSettings(level);
    if (l.depth <= limits.searchDepth && l.exactEmpties <= limits.solveEmpties) top = level;
  }
  return top;
}

std::string engineName(const Engine& e) {
  std::string name =
      std::string(e.step->id) + " on " + std::string(stages().at(e.stage).id) + ", level " + std::to_string(e.level);
  if (e.moveSeconds > 0) {
    char time[40];
    std::snprintf(time, sizeof time, ", %g s a move", e.moveSeconds);
    name += time;
  }
  if (e.moveNodes > 0) name += ", " + std::to_string(e.moveNodes) + " nodes a move";
  if (e.threads > 1) name += ", solves on " + std::to_string(e.threads) + " threads";
  return name;
}

SearchOutcome chooseMove(const Position& p, int level, const StepEntry& step, size_t stage, int threads) {
  const Level settings = levelSettings(level);
  if (game::over(p)) {
    SearchOutcome o;
    o.exact = true;
    o.score = p.toMove == BLACK ? game::finalScore(p) : -game::finalScore(p);
    return o;
  }
  const bool solve = game::discs(p, EMPTY) <= settings.exactEmpties;
  return step.run(stage, p, solve ? -1 : settings.depth, nullptr, solve ? threads : 1);
}

SearchOutcome chooseMove(const Position& p, const Engine& e) {
  if (e.moveSeconds > 0) return chooseMoveTimed(p, e, e.moveSeconds);
  if (e.moveNodes > 0) return chooseMoveCounted(p, e, e.moveNodes);
  return chooseMove(p, e.level, *e.step, e.stage, e.threads);
}

namespace {

using Clock = std::chrono::steady_clock;

// A move's limit stops the search running on this thread through its idle hook, which
// every step calls once every kIdleNodes nodes; the hook throws Stop.
struct Stop {};
constexpr uint64_t kIdleNodes = 4096;
thread_local Clock::time_point tStopAt;  // the time limit: when to stop
thread_local uint64_t tSpent, tCap;      // the node limit: nodes spent this move, and allowed

void stopWhenLate() {
  if (Clock::now() >= tStopAt) throw Stop{};
}
// Counted in the hook's steps, the stop falls on the same node on every run and machine.
void stopWhenSpent() {
  tSpent += kIdleNodes;
  if (tSpent > tCap) throw Stop{};
}

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// A limit as iterative deepening uses it: allow(share) lets the searches started from
// now use that share of the whole (the deepening gets a quarter when a solve follows),
// room() says whether another may start, hook stops one that runs out, and
// finished(n) counts a search that ran to its end in n nodes.
struct TimeLimit {
  Clock::time_point t0;
  double seconds;  // the whole move's stop (kStopShare of its time)
  void (*hook)() = stopWhenLate;
  void allow(double share) {
    tStopAt = t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds * share));
  }
  bool room() const { return Clock::now() < tStopAt; }
  void start() {}
  void finished(uint64_t) {}
};

struct NodeLimit {
  uint64_t nodes;
  uint64_t before = 0;  // tSpent when the running search started
  void (*hook)() = stopWhenSpent;
  explicit NodeLimit(uint64_t n) : nodes(n) { tSpent = 0; }
  void allow(double share) { tCap = uint64_t(double(nodes) * share); }
  bool room() const { return tSpent < tCap; }
  void start() { before = tSpent; }
  void finished(uint64_t n) { tSpent = before + n; }  // exact, not rounded to the hook's steps
};

// The table of every timed move at a level: the largest its searches want (the level's
// depth on a full board, or its solve), one size for the whole game, so that the pool,
// which only grows, is lent once (lendTimedTable), never between two time checks.
uint32_t timedSlots(const Level& l) { return std::max(tableSlotsFor(60, l.depth), tableSlotsFor(l.exactEmpties, -1)); }

// One limited search: its outcome, or nothing when the limit stopped it. A solve runs on
// e.threads threads (the first calls the hook; a stop joins the others), a search on one.
template <class Limit>
bool tryRun(const Engine& e, const Position& p, int depth, uint32_t slots, Limit& limit, SearchOutcome& best, uint64_t& nodes) {
  limit.start();
  try {
    const SearchOutcome o = e.step->runWith(e.stage, p, depth, slots, limit.hook, depth < 0 ? e.threads : 1);
    limit.finished(o.nodes);
    nodes += o.nodes;
    best = o;
    return true;
  } catch (const Stop&) { return false; }
}

// Iterative deepening over the level's horizons within `limit`, then the solve where the
// level solves (see chooseMoveTimed). The first horizon runs without a stop: a move is
// always found. A search stopped half-way loses nothing that not starting it would
// have kept: the limit is this move's.
template <class Limit>
SearchOutcome deepen(const Position& p, const Engine& e, Limit limit) {
  const Level settings = levelSettings(e.level);
  const bool solve = game::discs(p, EMPTY) <= settings.exactEmpties;
  const uint32_t slots = timedSlots(settings);
  int depth = settings.depth % 2 ? 1 : 2;
  limit.start();
  SearchOutcome best = e.step->runWith(e.stage, p, depth, slots, nullptr, 1);
  limit.finished(best.nodes);
  uint64_t nodes = best.nodes;
  limit.allow(solve ? 0.25 : 1);
  for (depth += 2; depth <= settings.depth && limit.room(); depth += 2)
    if (!tryRun(e, p, depth, slots, limit, best, nodes)) break;
  limit.allow(1);
  if (solve && limit.room()) tryRun(e, p, -1, slots, limit, best, nodes);
  best.nodes = nodes;
  return best;
}

}  // namespace

SearchOutcome chooseMoveTimed(const Position& p, const Engine& e, double seconds) {
  const auto t0 = Clock::now();
  if (game::over(p)) return chooseMove(p, e.level, *e.step, e.stage);
  SearchOutcome best = deepen(p, e, TimeLimit{t0, std::max(seconds, 0.0) * kStopShare});
  best.seconds = since(t0);
  return best;
}

SearchOutcome chooseMoveCounted(const Position& p, const Engine& e, uint64_t nodes) {
  const auto t0 = Clock::now();
  if (game::over(p)) return chooseMove(p, e.level, *e.step, e.stage);
  SearchOutcome best = deepen(p, e, NodeLimit(nodes));
  best.seconds = since(t0);
  return best;
}

void lendTimedTable(const Engine& e) {
  // Once per step, stage and size on this thread: each pair has its pool (runStep), and a
  // search, even of one ply, empties the table it is lent (milliseconds at 2^21 slots).
  static thread_local std::map<std::pair<int, size_t>, uint32_t> lent;
  const uint32_t slots = timedSlots(levelSettings(e.level));
  uint32_t& done = lent[{e.step->number, e.stage}];
  if (slots <= done) return;
  done = slots;
  e.step->runWith(e.stage, startPosition(), 1, slots, nullptr, 1);
}

MoveClock MoveClock::perMove(double seconds) {
  MoveClock c;
  c.set(0, seconds, 1);
  return c;
}

void MoveClock::set(double mainSeconds, double byoSeconds, int byoStones) {
  main_ = mainSeconds;
  byo_ = byoSeconds;
  stones_ = byoSeconds > 0 ? byoStones : 0;  // zero byo-yomi time: absolute time, no stones
  settingsLimit_ = !(byoSeconds > 0 && byoStones == 0);
  restart();
}

void MoveClock::restart() {
  limited_ = settingsLimit_;
  mainLeft_ = main_;
  periodLeft_ = byo_;
  stonesLeft_ = 0;
  if (limited_ && main_ <= 0 && stones_ > 0) stonesLeft_ = stones_;  // byo-yomi from the start
}

void MoveClock::left(double seconds, int stones) {
  limited_ = true;  // a controller that counts time has a limit, time_settings or not
  if (stones > 0) {
    periodLeft_ = seconds;
    stonesLeft_ = stones;
    mainLeft_ = 0;
  } else {
    mainLeft_ = seconds;
    stonesLeft_ = 0;
  }
}

void MoveClock::spent(double seconds) {
  if (!limited_) return;
  if (stonesLeft_ == 0) {
    mainLeft_ -= seconds;
    if (mainLeft_ >= 0 || stones_ == 0) return;
    // The main time ran out during this move: the rest of it is the first byo-yomi move.
    seconds = -mainLeft_;
    mainLeft_ = 0;
    periodLeft_ = byo_;
    stonesLeft_ = stones_;
  }
  periodLeft_ -= seconds;
  if (--stonesLeft_ == 0) {  // the period's moves are made: a new period
    periodLeft_ = byo_;
    stonesLeft_ = stones_;
  }
}

double MoveClock::budget(int empties) const {
  if (!limited_) return -1;
  if (stonesLeft_ > 0) return std::max(periodLeft_, 0.0) / stonesLeft_;
  const int moves = std::max(1, (empties + 1) / 2);
  return std::max(mainLeft_, 0.0) / moves + (stones_ > 0 ? byo_ / stones_ : 0);
}

namespace game {

std::vector<int> legalMoves(const Position& p) {
  uint8_t moves[64];
  const int n = Rules::legalMoves(load<Rules>(p), p.toMove, moves);
  return std::vector<int>(moves, moves + n);
}

int play(Position& p, int move) {
  if (move == kPass) {
    if (!legalMoves(p).empty() || over(p)) return -1;
    p.toMove = opponent(p.toMove);
    return 0;
  }
  if (move < 0 || move > 63) return -1;
  typename Rules::Board b = load<Rules>(p);
  const int flipped = Rules::play(b, move & 7, move >> 3, p.toMove);
  if (flipped == 0) return -1;
  p = snapshot<Rules>(b, opponent(p.toMove));
  return flipped;
}

bool over(const Position& p) {
  Position q = p;
  q.toMove = opponent(p.toMove);
  return legalMoves(p).empty() && legalMoves(q).empty();
}

int discs(const Position& p, uint8_t colour) {
  int n = 0;
  for (uint8_t c : p.cells) n += c == colour;
  return n;
}

int finalScore(const Position& p) {
  const int diff = discs(p, BLACK) - discs(p, WHITE), empty = discs(p, EMPTY);
  return diff > 0 ? diff + empty : diff < 0 ? diff - empty : 0;
}

}  // namespace game

const char* colourName(uint8_t colour) { return colour == BLACK ? "black" : "white"; }

std::string boardText(const Position& p, bool markMoves) {
  std::string marks(64, '.');
  for (int sq = 0; sq < 64; ++sq) marks[sq] = p.cells[sq] == BLACK ? 'X' : p.cells[sq] == WHITE ? 'O' : '.';
  if (markMoves)
    for (int sq : game::legalMoves(p)) marks[sq] = '*';
  std::string s = "    a b c d e f g h\n";
  for (int y = 0; y < 8; ++y) {
    s += "  " + std::to_string(y + 1);
    for (int x = 0; x < 8; ++x) s += std::string(" ") + marks[y * 8 + x];
    s += "\n";
  }
  return s;
}

}  // namespace reversi
