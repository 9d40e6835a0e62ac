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
  return name;
}

SearchOutcome chooseMove(const Position& p, int level, const StepEntry& step, size_t stage) {
  const Level settings = levelSettings(level);
  if (game::over(p)) {
    SearchOutcome o;
    o.exact = true;
    o.score = p.toMove == BLACK ? game::finalScore(p) : -game::finalScore(p);
    return o;
  }
  return step.run(stage, p, game::discs(p, EMPTY) <= settings.exactEmpties ? -1 : settings.depth);
}

SearchOutcome chooseMove(const Position& p, const Engine& e) {
  return e.moveSeconds > 0 ? chooseMoveTimed(p, e, e.moveSeconds) : chooseMove(p, e.level, *e.step, e.stage);
}

namespace {

using Clock = std::chrono::steady_clock;

// The stop of the search running on this thread: its idle hook, called every 4096
// nodes (a fraction of a millisecond), throws once the deadline has passed.
struct TimeUp {};
thread_local Clock::time_point tStopAt;
void stopWhenLate() {
  if (Clock::now() >= tStopAt) throw TimeUp{};
}
void setStop(Clock::time_point t0, double seconds) {
  tStopAt = t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// The table of every timed move at a level: the largest its searches want (the level's
// depth on a full board, or its solve), one size for the whole game, so that the pool,
// which only grows, is lent once (lendTimedTable), never between two time checks.
uint32_t timedSlots(const Level& l) { return std::max(tableSlotsFor(60, l.depth), tableSlotsFor(l.exactEmpties, -1)); }

}  // namespace

SearchOutcome chooseMoveTimed(const Position& p, const Engine& e, double seconds) {
  const auto t0 = Clock::now();
  const Level settings = levelSettings(e.level);
  if (game::over(p)) return chooseMove(p, e.level, *e.step, e.stage);
  const bool solve = game::discs(p, EMPTY) <= settings.exactEmpties;
  const double stop = std::max(seconds, 0.0) * kStopShare;

  const uint32_t slots = timedSlots(settings);
  // The first horizon runs without a stop: a move is always found. Then deeper ones
  // while time is left: the time is this move's, so a search stopped half-way loses
  // nothing that stopping before it would have kept.
  int depth = settings.depth % 2 ? 1 : 2;
  SearchOutcome best = e.step->runWith(e.stage, p, depth, slots, nullptr);
  uint64_t nodes = best.nodes;
  setStop(t0, solve ? stop / 4 : stop);
  for (depth += 2; depth <= settings.depth && Clock::now() < tStopAt; depth += 2) {
    try {
      const SearchOutcome o = e.step->runWith(e.stage, p, depth, slots, stopWhenLate);
      nodes += o.nodes;
      best = o;
    } catch (const TimeUp&) { break; }
  }
  setStop(t0, stop);
  if (solve && Clock::now() < tStopAt) {
    try {
      const SearchOutcome o = e.step->runWith(e.stage, p, -1, slots, stopWhenLate);
      nodes += o.nodes;
      best = o;
    } catch (const TimeUp&) {}
  }
  best.nodes = nodes;
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
  e.step->runWith(e.stage, startPosition(), 1, slots, nullptr);
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
