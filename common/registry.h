/// \file registry.h
/// \brief Every stage that compiles, behind one run-time table (for the CLI and tour).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "position.h"

namespace reversi {

/// One stage, type-erased: what the CLI needs to run it on any position.
struct StageEntry {
  int number;                       ///< 1 for s01
  std::string_view id;              ///< "s01_naive"
  std::string_view shortName;       ///< "naive"
  std::string_view technique;       ///< a few words
  std::string (*grid)(const Position&);                    ///< the article's grid
  uint64_t (*perft)(const Position&, int depth, bool bulk);  ///< published convention
  /// The same count on `threads` >= 1 threads (the first plies split into subtrees).
  uint64_t (*perftThreads)(const Position&, int depth, bool bulk, int threads);
  /// Median nanoseconds for one flip scan (countFlips on all 64 squares for the side to
  /// move), over `positions`, `rounds` timed rounds.
  double (*flipScanNs)(const std::vector<Position>& positions, int rounds);
};

/// All stages, in stage order.
const std::vector<StageEntry>& stages();

/// Finds a stage by number ("5"), id prefix ("s05", "s05_cell91") or short name
/// ("cell91"); nullptr if none.
const StageEntry* findStage(std::string_view name);

}  // namespace reversi
