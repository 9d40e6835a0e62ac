/// \file registry.h
/// \brief Every stage (stage_list.h), behind one run-time table (for the CLI and tour).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "position.h"

namespace reversi {

struct HashedPerftStats;  // perft_hash.h

/// One stage, type-erased: what the CLI needs to run it on any position.
struct StageEntry {
  int number;                                                ///< 1 for s01
  std::string_view id;                                       ///< "s01_naive"
  std::string_view shortName;                                ///< "naive"
  std::string_view technique;                                ///< a few words
  std::string (*grid)(const Position&);                      ///< the article's grid
  uint64_t (*perft)(const Position&, int depth, bool bulk);  ///< published convention
  /// The same count on `threads` >= 1 threads (the first plies split into subtrees).
  uint64_t (*perftThreads)(const Position&, int depth, bool bulk, int threads);
  /// The hashed perft of perft_hash.h: a table of `tableBytes`, optionally keyed by the
  /// symmetric image, on `threads` threads. Throws std::bad_alloc without the memory.
  HashedPerftStats (*hashedPerft)(const Position&, int depth, bool bulk, size_t tableBytes, bool symmetric, int threads);
  /// Median nanoseconds for one flip scan (countFlips on all 64 squares for the side to
  /// move), over `positions`, `rounds` timed rounds.
  double (*flipScanNs)(const std::vector<Position>& positions, int rounds);
};

/// All stages, in stage order.
const std::vector<StageEntry>& stages();

/// True when `name` names the entry numbered `number` with this id and short name: the
/// number ("5" or "05"), the id ("s05_cell91"), its first three characters ("s05") or
/// the short name ("cell91"). Stages and search steps are named alike.
bool namesEntry(std::string_view name, int number, std::string_view id, std::string_view shortName);

/// Finds a stage by number ("5"), id prefix ("s05", "s05_cell91") or short name
/// ("cell91"); nullptr if none.
const StageEntry* findStage(std::string_view name);

}  // namespace reversi
