/// \file search_types.h
/// \brief What a search answers, in host terms: the moves "pass" and "no move", the
/// outcome of one search, and the names of moves. Below both the step contract (step.h,
/// which fills a SearchOutcome) and the search registry (search_registry.h, which hands
/// them out): neither needs the other for these.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace reversi {

/// The move "pass" and "no move (the game is over)" in SearchOutcome::best and pv.
inline constexpr int kPass = 64, kNoMove = 255;

/// What one search found, in host terms.
struct SearchOutcome {
  bool exact = false;   ///< Solved to the end of the game (score is a disc difference).
  int score = 0;        ///< Exact: final disc difference; else the step's units (1/disc of `disc`).
  int disc = 1;         ///< Units per disc of `score` (1 when exact).
  int best = kNoMove;   ///< 0..63 (y * 8 + x), kPass or kNoMove.
  std::vector<int> pv;  ///< Principal variation, starting with best.
  uint64_t nodes = 0;   ///< Positions the search visited.
  double seconds = 0;   ///< Wall time of the search alone (not the set-up).
  int depth = -1;       ///< Plies the move was searched to; -1 when solved to the end.
  /// Each thread's share of `nodes` when a solve ran on several (the first thread's
  /// first); empty on one thread.
  std::vector<uint64_t> threadNodes;

  /// The score in discs (exact: the difference itself).
  double discs() const { return double(score) / disc; }
};

/// "a1".."h8", "pass", or "none" for kNoMove.
std::string moveName(int move);

/// Parses "a1".."h8" (either case) or "pass" into 0..63 / kPass; -1 if it is neither.
int parseMove(std::string_view text);

}  // namespace reversi
