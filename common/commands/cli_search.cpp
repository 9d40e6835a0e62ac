// `reversi-lab solve` and `reversi-lab search`: a search step (stages/eNN) on a
// move-generation stage, each result on one line of space-separated tokens that a script
// can read; `solve --ffo` against the published FFO results; and the tour's finale.
#include <algorithm>
#include <cstdio>
#include <optional>
#include <ostream>
#include <stdexcept>

#include "cli.h"
#include "cli_args.h"
#include "engine.h"
#include "ffo.h"
#include "registry.h"
#include "search_registry.h"

namespace reversi {
namespace {

// The tour's exact solve: FFO position `ffo` as published, or after its (first)
// published best move; either way its exact score is known (after the best move, the
// published one negated). Chosen so that each stage takes about a second with the
// default (last) step: change the constant when the steps change.
struct TourSolve {
  int ffo;
  bool afterBest;
};
constexpr TourSolve kTourSolve{40, true};       // 19 empties; e06: 3.4 M nodes, s01 0.8 s, s05 0.6, s11 0.15
constexpr TourSolve kTourQuickSolve{1, false};  // 14 empties; e06: 0.09 M nodes

std::string format(const char* fmt, double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

// "+18", "-2", "+0": the FFO file's form.
std::string signedInt(int v) { return (v < 0 ? "" : "+") + std::to_string(v); }

// Nodes per second as a whole number ("-" when the clock saw no time at all).
std::string nodesPerSecond(uint64_t nodes, double seconds) { return seconds > 0 ? format("%.0f", double(nodes) / seconds) : "-"; }

// "nodes N time T s nps R": the tail of every result line.
std::string counts(uint64_t nodes, double seconds) {
  return "nodes " + std::to_string(nodes) + " time " + format("%.3f", seconds) + " s nps " + nodesPerSecond(nodes, seconds);
}

std::string moveList(const std::vector<int>& moves, const char* separator) {
  std::string s;
  for (int m : moves) s += (s.empty() ? "" : separator) + moveName(m);
  return s;
}

std::string engineText(const Engine& e) {
  return "stage " + std::string(stages().at(e.stage).id) + " engine " + std::string(e.step->id);
}

// "score S best M pv M M ...": a pv of no moves (the game is over) leaves "pv" alone.
std::string scoreBestPv(const std::string& score, const SearchOutcome& o) {
  std::string s = "score " + score + " best " + moveName(o.best) + " pv";
  for (int m : o.pv) s += " " + moveName(m);
  return s;
}

// True when the principal variation, played from p, ends the game: then a depth-limited
// score is that game's final disc difference, not an evaluation.
bool pvEndsGame(Position p, const std::vector<int>& pv) {
  for (int m : pv)
    if (game::play(p, m) < 0) return false;
  return game::over(p);
}

int emptySquares(const Position& p) { return game::discs(p, EMPTY); }

// Refuses what `step` cannot solve in reasonable time, unless asked to go on (--no-limit).
void checkSolvable(const CliArgs& a, int empties, const StepEntry& step, const std::string& what, const std::string& command) {
  const int most = searchLimits(step).solveEmpties;
  if (empties > most && !a.options.count("--no-limit"))
    throw UsageError{command + ": " + what + " has " + std::to_string(empties) + " empty squares; " + std::string(step.id) +
                     " solves at most " + std::to_string(most) +
                     " in reasonable time (reversi-lab help lists each engine's limits; --no-limit runs it anyway)"};
}

// Announces (LongWork in `w`) an exact solve of `empties` squares by `step` when that
// takes more than about ten seconds on the fastest stage (slower ones take several times longer).
void announceSolve(std::optional<LongWork>& w, int empties, const StepEntry& step, const std::string& what,
                   const std::string& command, std::ostream& err) {
  if (empties >= searchLimits(step).slowEmpties)
    w.emplace(err, command,
              what + " has " + std::to_string(empties) + " empty squares: " + std::string(step.id) +
                  " may take tens of seconds or more to solve it");
}

// " thread-nodes A+B" after a solve on several threads: each thread's share of the nodes,
// the first thread's first (their sum is the line's nodes); "" on one thread.
std::string threadNodesText(const SearchOutcome& o) {
  std::string s;
  for (uint64_t n : o.threadNodes) s += (s.empty() ? " thread-nodes " : "+") + std::to_string(n);
  return s;
}

int solvePosition(const CliArgs& a, std::ostream& out, std::ostream& err) {
  if (a.positional.empty()) throw UsageError{"solve: a position is required (or --ffo RANGE)"};
  const Engine e = engineOptions(a, "solve");
  const Position p = positionArgument(a, "", "solve");
  checkSolvable(a, emptySquares(p), *e.step, "the position", "solve");
  std::optional<LongWork> announced;
  if (!game::over(p)) announceSolve(announced, emptySquares(p), *e.step, "the position", "solve", err);
  const SearchOutcome o = e.step->run(e.stage, p, -1, nullptr, e.threads);
  announced.reset();
  out << scoreBestPv(signedInt(o.score), o) << " " << counts(o.nodes, o.seconds) << " " << engineText(e) << threadNodesText(o)
      << "\n";
  return 0;
}

// One line per FFO position, then the total; 1 when any score or best move is wrong.
int solveFfo(const CliArgs& a, std::ostream& out, std::ostream& err) {
  if (!a.positional.empty()) throw UsageError{"solve: --ffo takes no position, got " + quoteInput(a.positional[0])};
  const Engine e = engineOptions(a, "solve");
  std::vector<const FfoPosition*> chosen;
  for (int n : parseFfoRange(a.options.at("--ffo"), "solve")) {
    chosen.push_back(findFfo(n));
    checkSolvable(a, chosen.back()->empties, *e.step, "FFO #" + std::to_string(n), "solve");  // before any work
  }
  uint64_t nodes = 0;
  double seconds = 0;
  int correct = 0;
  for (const FfoPosition* f : chosen) {
    std::optional<LongWork> announced;
    announceSolve(announced, f->empties, *e.step, "FFO #" + std::to_string(f->number), "solve", err);
    const SearchOutcome o = e.step->run(e.stage, f->position, -1, nullptr, e.threads);
    announced.reset();
    const bool ok = o.score == f->score && std::find(f->best.begin(), f->best.end(), o.best) != f->best.end();
    correct += ok;
    nodes += o.nodes;
    seconds += o.seconds;
    out << "ffo " << f->number << " empties " << f->empties << " score " << signedInt(o.score) << " published-score "
        << signedInt(f->score) << " best " << moveName(o.best) << " published-best " << moveList(f->best, ",") << " "
        << counts(o.nodes, o.seconds) << (ok ? " OK" : " WRONG") << threadNodesText(o) << "\n";
    checkWritten(out);  // a long run shows each result as it comes, or stops
  }
  out << "total positions " << chosen.size() << " correct " << correct << " " << counts(nodes, seconds) << " " << engineText(e)
      << "\n";
  return correct == int(chosen.size()) ? 0 : 1;
}

}  // namespace

std::string searchLimitsText() {
  std::string s =
      "Limits (longer would run for minutes to hours): solve at most N empty squares, search at\n"
      "most D plies deep (up to " +
      std::to_string(kMaxSearchDepth) + " when the position has no more than N empty squares):\n";
  for (const StepEntry& step : steps()) {
    const SearchLimits l = searchLimits(step);
    s +=
        "  " + std::string(step.id) + ": N = " + std::to_string(l.solveEmpties) + ", D = " + std::to_string(l.searchDepth) + "\n";
  }
  return s;
}

int runSolve(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const CliArgs a = parseCliArgs(args, 1, {"--stage", "--engine", "--ffo", "--threads"}, {"--no-limit"}, 1, "solve");
  return a.options.count("--ffo") ? solveFfo(a, out, err) : solvePosition(a, out, err);
}

int runSearch(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const CliArgs a = parseCliArgs(args, 1, {"--stage", "--engine", "--depth"}, {}, 1, "search");
  const int depth = wholeNumberOption(a, "search", "--depth", 1, kMaxSearchDepth);
  if (a.positional.empty()) throw UsageError{"search: a position is required"};
  const Engine e = engineOptions(a, "search");
  const Position p = positionArgument(a, "", "search");
  const SearchLimits l = searchLimits(*e.step);
  const int empties = emptySquares(p);
  if (depth > l.searchDepth && empties > l.solveEmpties)
    throw UsageError{"search: --depth " + std::to_string(depth) + " is too deep for " + std::string(e.step->id) + " with " +
                     std::to_string(empties) + " empty squares (at most " + std::to_string(l.searchDepth) + "; any depth up to " +
                     std::to_string(kMaxSearchDepth) + " with " + std::to_string(l.solveEmpties) + " or fewer)"};
  // A search as deep as the game is long is a solve of those squares.
  std::optional<LongWork> announced;
  if (game::over(p)) {
  } else if (depth >= empties) {
    announceSolve(announced, empties, *e.step, "the position", "search", err);
  } else if (depth >= l.slowDepth) {
    announced.emplace(err, "search",
                      "--depth " + std::to_string(depth) + ": " + std::string(e.step->id) + " may take tens of seconds or more");
  }
  const SearchOutcome o = e.step->run(e.stage, p, depth);
  announced.reset();
  out << scoreBestPv(format("%+.2f", o.discs()), o) << " leaf " << (pvEndsGame(p, o.pv) ? "end" : "eval") << " depth " << depth
      << " " << counts(o.nodes, o.seconds) << " " << engineText(e) << "\n";
  return 0;
}

/// The first search step whose exact solver plays on its own masks (e09_bitsolve).
constexpr int kFirstOwnMaskSolver = 9;

int tourSearch(bool quick, std::ostream& out) {
  const TourSolve t = quick ? kTourQuickSolve : kTourSolve;
  const FfoPosition* f = findFfo(t.ffo);
  if (!f) throw std::logic_error("tour: no FFO position " + std::to_string(t.ffo));
  Position p = f->position;
  if (t.afterBest) game::play(p, f->best.front());
  const int known = t.afterBest ? -f->score : f->score;

  const StepEntry& step = defaultStep();
  std::vector<const StageEntry*> chosen;
  for (const StageEntry* s : {findStage("s01"), findStage("s05"), &defaultStage()})
    if (s && std::find(chosen.begin(), chosen.end(), s) == chosen.end()) chosen.push_back(s);
  int width = 7;  // "stage" and two spaces
  for (const StageEntry* s : chosen) width = std::max(width, int(s->id.size()) + 2);

  out << "\nThe search: FFO #" << f->number << (t.afterBest ? " after its best move " + moveName(f->best.front()) : "") << " ("
      << emptySquares(p) << " empty squares, " << colourName(p.toMove) << " to move), solved exactly by " << step.id << " ("
      << step.idea << "):\n"
      << formatPosition(p) << "\n\n";
  char line[160];
  std::snprintf(line, sizeof line, "%-*s%10s%14s%12s%8s  %s\n", width, "stage", "seconds", "nodes", "M nodes/s", "score", "best");
  out << line;
  std::vector<SearchOutcome> results;
  for (const StageEntry* s : chosen) {
    results.push_back(step.run(stageIndex(*s), p, -1));
    const SearchOutcome& o = results.back();
    std::snprintf(line, sizeof line, "%-*s%10.3f%14llu%12s%8s  %s\n", width, std::string(s->id).c_str(), o.seconds,
                  static_cast<unsigned long long>(o.nodes),
                  o.seconds > 0 ? format("%.2f", double(o.nodes) / o.seconds / 1e6).c_str() : "-", signedInt(o.score).c_str(),
                  moveName(o.best).c_str());
    out << line;
    checkWritten(out);  // each solve takes about a second: show its line now
  }
  const SearchOutcome& first = results.front();
  bool same = true;
  for (const SearchOutcome& o : results) same = same && o.score == first.score && o.nodes == first.nodes;
  if (!same) {
    out << "The stages DISAGREE on the score or the node count: a move generator is wrong.\n";
    return 1;
  }
  if (first.score != known) {
    out << "The score " << signedInt(first.score) << " is WRONG: the published result gives " << signedInt(known) << ".\n";
    return 1;
  }
  const SearchOutcome& last = results.back();
  const std::string ratio = last.seconds > 0 ? format("%.1f", first.seconds / last.seconds) + "x" : std::string("?");
  out << "Score " << signedInt(first.score) << " (the published result) and " << first.nodes << " nodes on all " << results.size()
      << ": the search visits the same positions whatever the move generator";
  // From step 09 on, the exact solver plays on two masks of its own and reads only the
  // starting position from the stage: the stage cannot make this solve faster, and the
  // line must not credit it with the time.
  if (step.number >= kFirstOwnMaskSolver)
    out << ". From e09 on the solver plays on its own two 64-bit masks, reading only the start from the stage, so "
        << chosen.back()->id << " runs " << ratio << " as fast as " << chosen.front()->id
        << " here: the stages' speeds show in perft and the flip scan, above.\n";
  else
    out << ", so " << chosen.back()->id << " runs " << ratio << " as fast as " << chosen.front()->id
        << ", all of it time per node.\n";
  return 0;
}

}  // namespace reversi
