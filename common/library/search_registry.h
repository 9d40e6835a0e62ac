/// \file search_registry.h
/// \brief Every search step (stages/eNN) on every move-generation stage, behind one
/// run-time table (for the CLI, the tour, the GTP engine and the tests). The steps are
/// those of step_list.h; each step's entry is compiled in a file of its own
/// (step_entry.cpp, once per step).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "position.h"
#include "registry.h"
#include "search_types.h"

namespace reversi {

/// Table slots lent to a search of p (`depth` plies, < 0: to the end) by the CLI and
/// the benchmarks: sized to the work, at most kTableSlots (common/library/step.h).
uint32_t tableSlotsFor(const Position& p, int depth);
/// The same for a position of `empties` empty squares.
uint32_t tableSlotsFor(int empties, int depth);

/// One search step, type-erased over the move generator.
struct StepEntry {
  int number;                  ///< 1 for e01
  std::string_view id;         ///< "e01_minimax"
  std::string_view shortName;  ///< "minimax"
  std::string_view idea;       ///< a few words
  bool threaded;               ///< whether its solve takes a thread count (a `threads` member: e11 on)
  /// Searches p on stages()[stage]: `depth` plies ahead, or to the end when depth < 0,
  /// with a transposition table of `tableSlots` slots if the step keeps one. `idle`,
  /// when given, is called every few thousand nodes (the steps' hook; the time control
  /// stops a search by throwing out of it). `threads`: how many a step that searches on
  /// several may use (e11; the others run on one whatever it says).
  SearchOutcome (*runWith)(size_t stage, const Position& p, int depth, uint32_t tableSlots, void (*idle)(), int threads);

  /// runWith on the table the command line lends this search (tableSlotsFor).
  SearchOutcome run(size_t stage, const Position& p, int depth, void (*idle)() = nullptr, int threads = 1) const {
    return runWith(stage, p, depth, tableSlotsFor(p, depth), idle, threads);
  }
};

/// Step T's entry. Declared here for search_registry.cpp, which lists every step;
/// defined in step_entry.cpp, which the build compiles once per step (-DREVERSI_STEP),
/// so that the steps, the longest compiles of the build, compile side by side.
template <class T>
StepEntry stepEntry();

/// All steps, in step order.
const std::vector<StepEntry>& steps();

/// Finds a step by number ("6"), id prefix ("e06", "e06_endgame") or short name
/// ("endgame"); nullptr if none.
const StepEntry* findStep(std::string_view name);

/// The index in stages() of a stage entry.
size_t stageIndex(const StageEntry& s);

/// The defaults of solve, search, play and gtp: DefaultStep on DefaultStage (the last
/// step on the fastest stage: stage_list.h, step_list.h).
const StepEntry& defaultStep();
const StageEntry& defaultStage();

/// Whether this build compiles the search steps on stage number `number`: every stage,
/// but in the sanitizer builds (CMake's LAB_STEP_STAGES, -DREVERSI_STEP_STAGES=a mask of
/// stage numbers: ./lab asan, tsan, fuzz), which compile them on the stages the program
/// and the tests name. That every stage gives a step the same nodes is the Release
/// build's test; a step asked for a stage left out throws UsageError.
constexpr bool stageBuiltForSteps(int number) {
#ifdef REVERSI_STEP_STAGES
  return (static_cast<unsigned long long>(REVERSI_STEP_STAGES) >> number) & 1;
#else
  return number >= 0;
#endif
}
/// stageBuiltForSteps for stages()[stage].
bool stepsRunOn(size_t stage);

/// What a step is asked to do at most, so that no command (solve, search, play's and
/// gtp's levels) runs for hours: a property of the step, measured once per step.
struct SearchLimits {
  int solveEmpties;  ///< solve: at most this many empty squares
  int searchDepth;   ///< search: at most this many plies, unless solveEmpties allows the whole game
  int slowEmpties;   ///< solve: from this many empty squares on, a run takes more than ~10 s
  int slowDepth;     ///< search: from this depth on, a run takes more than ~10 s
};
/// search's --depth is never more than this, whatever the step.
inline constexpr int kMaxSearchDepth = 30;
/// The limits measured for `step` (the table in search_registry.cpp, one row per step,
/// found by its id). Throws std::logic_error for a step without a row of its own.
SearchLimits searchLimits(const StepEntry& step);
/// The ids of the steps the table has rows for, in its order (the test that every step
/// has its own row, and no row is left over, compares them with steps()).
std::vector<std::string_view> measuredSteps();

}  // namespace reversi
