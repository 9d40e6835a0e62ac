/// \file search_registry.h
/// \brief Every search step (stages/eNN) on every move-generation stage, behind one
/// run-time table (for the CLI, the tour, the GTP engine and the tests).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "position.h"
#include "registry.h"

namespace reversi {

/// The move "pass" and "no move (the game is over)" in SearchOutcome::best and pv.
inline constexpr int kPass = 64, kNoMove = 255;

/// What one search found, in host terms.
struct SearchOutcome {
  bool exact = false;     ///< Solved to the end of the game (score is a disc difference).
  int score = 0;          ///< Exact: final disc difference; else the step's units (1/disc of `disc`).
  int disc = 1;           ///< Units per disc of `score` (1 when exact).
  int best = kNoMove;     ///< 0..63 (y * 8 + x), kPass or kNoMove.
  std::vector<int> pv;    ///< Principal variation, starting with best.
  uint64_t nodes = 0;     ///< Positions the search visited.
  double seconds = 0;     ///< Wall time of the search alone (not the set-up).
  int depth = -1;         ///< Plies the move was searched to; -1 when solved to the end.

  /// The score in discs (exact: the difference itself).
  double discs() const { return double(score) / disc; }
};

/// One search step, type-erased over the move generator.
struct StepEntry {
  int number;                  ///< 1 for e01
  std::string_view id;         ///< "e01_minimax"
  std::string_view shortName;  ///< "minimax"
  std::string_view idea;       ///< a few words
  /// Searches p on stages()[stage]: `depth` plies ahead, or to the end when depth < 0.
  /// `idle`, when given, is called every few thousand nodes (the steps' hook; the time
  /// control stops a search by throwing out of it).
  SearchOutcome (*runHooked)(size_t stage, const Position& p, int depth, void (*idle)());

  /// runHooked without a hook, or with one.
  SearchOutcome run(size_t stage, const Position& p, int depth, void (*idle)() = nullptr) const {
    return runHooked(stage, p, depth, idle);
  }
};

/// All steps, in step order.
const std::vector<StepEntry>& steps();

/// Table slots lent to a search of p (`depth` plies, < 0: to the end) by the CLI and
/// the benchmarks: sized to the work, at most kTableSlots (common/step.h).
uint32_t tableSlotsFor(const Position& p, int depth);

/// Finds a step by number ("6"), id prefix ("e06", "e06_endgame") or short name
/// ("endgame"); nullptr if none.
const StepEntry* findStep(std::string_view name);

/// The index in stages() of a stage entry.
size_t stageIndex(const StageEntry& s);

/// The defaults of solve, search, play and gtp: the last step, on the fastest stage
/// (the last one).
const StepEntry& defaultStep();
const StageEntry& defaultStage();

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
/// The limits of `step` (measured for the steps that exist, see search_registry.cpp).
SearchLimits searchLimits(const StepEntry& step);

/// "a1".."h8", "pass", or "none" for kNoMove.
std::string moveName(int move);

/// Parses "a1".."h8" (either case) or "pass" into 0..63 / kPass; -1 if it is neither.
int parseMove(std::string_view text);

}  // namespace reversi
