/// \file step.h
/// \brief The search-step contract: the macro that wraps a step namespace (stages/eNN)
/// into a traits type, and runStep(), which runs a step on any stage's Board. Below the
/// search registry (search_registry.h), which it knows nothing of: what a search answers
/// is in search_types.h, below both.
#pragma once
#include <chrono>
#include <concepts>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "position.h"
#include "search_types.h"
#include "stage.h"
#include "table_pool.h"

namespace reversi {

/// A step namespace wrapped by REVERSI_STEP_TRAITS: `Search<G>` is its searcher over
/// move generator G, with search(board, me, depth) and solve(board, me).
template <class T>
concept SearchStep = requires {
  { T::number } -> std::convertible_to<int>;
  { T::id } -> std::convertible_to<std::string_view>;
  { T::DISC } -> std::convertible_to<int>;
  requires T::PASS == kPass&& T::NO_MOVE == kNoMove;
};

/// Slots given by default to a step that keeps a transposition table (one with a
/// `Slot` type and `useTable(Slot*, uint32_t)`): 2^21 of them (32 MiB of 16-byte slots).
inline constexpr uint32_t kTableSlots = uint32_t(1) << 21;

/// The slot type of a searcher's table (char for a step without one).
template <class X>
struct SlotOf {
  using type = char;
};
template <class X>
requires requires { typename X::Slot; }
struct SlotOf<X> {
  using type = typename X::Slot;
};

/// Runs step T with stage S on p: `depth` plies ahead, or to the end when depth < 0,
/// with a table of `tableSlots` slots if the step keeps one, and `idle` as the step's
/// hook (called every few thousand nodes; it may throw to abandon the search: the
/// searcher and its board are dropped, and the step empties its table at the start of
/// every search), on `threads` threads if the step searches on several (one with a
/// `threads` member: e11). The searcher lives on the heap (its PV table and Zobrist
/// numbers are large for a thread's stack); only the search itself is timed.
template <SearchStep T, Stage S>
SearchOutcome runStep(const Position& p, int depth, uint32_t tableSlots = kTableSlots, void (*idle)() = nullptr,
                      int threads = 1) {
  using Searcher = typename T::template Search<S>;
  // The time includes lending the table: a large one takes longer than a small search.
  const auto t0 = std::chrono::steady_clock::now();
  auto searcher = std::make_unique<Searcher>();
  searcher->idle = idle;
  if constexpr (requires { searcher->threads = threads; }) searcher->threads = threads;
  if constexpr (requires { typename Searcher::Slot; }) {
    // One pool per thread and slot type, kept between searches: allocating tens of MB
    // for every move of a game costs more than a shallow search. The step empties the
    // table at the start of every search, so nothing carries over.
    static thread_local TablePool<typename Searcher::Slot> slots;
    slots.resize(tableSlots);
    searcher->useTable(slots.data(), uint32_t(slots.size()));
  }
  const typename S::Board b = load<S>(p);
  const auto r = depth < 0 ? searcher->solve(b, p.toMove) : searcher->search(b, p.toMove, depth);
  SearchOutcome o;
  o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  o.exact = depth < 0;
  o.depth = o.exact ? -1 : depth;
  o.disc = o.exact ? 1 : T::DISC;
  o.score = o.exact ? r.score / T::DISC : r.score;
  o.best = r.best;
  o.pv.assign(r.pv, r.pv + r.pvLength);
  o.nodes = r.nodes;
  if constexpr (requires { searcher->nodesOf(0); })
    if (o.exact && threads > 1)
      for (int i = 0; i < threads; i++) o.threadNodes.push_back(searcher->nodesOf(i));
  return o;
}

}  // namespace reversi

/// Wraps step namespace NS (e.g. e01) into reversi::Step_NS. NS is expanded first, as in
/// REVERSI_STAGE_TRAITS (an exercise's candidate: Step_e05_yours).
#define REVERSI_STEP_TRAITS(NS, NUMBER, ID, SHORT, IDEA) REVERSI_STEP_TRAITS_(NS, NUMBER, ID, SHORT, IDEA)
#define REVERSI_STEP_TRAITS_(NS, NUMBER, ID, SHORT, IDEA)                           \
  namespace reversi {                                                               \
  struct Step_##NS {                                                                \
    static constexpr int number = NUMBER;                                           \
    static constexpr std::string_view id = ID, shortName = SHORT, idea = IDEA;      \
    static constexpr int DISC = NS::DISC, PASS = NS::PASS, NO_MOVE = NS::NO_MOVE;   \
    template <class G>                                                              \
    using Search = NS::Search<G>;                                                   \
  };                                                                                \
  static_assert(SearchStep<Step_##NS>, #NS " does not provide the step interface"); \
  }

/// reversi::Step_NS for a step namespace given by a macro: the files compiled once per
/// step name their step with -DREVERSI_STEP=eNN (this_step.h, step_entry.cpp).
#define REVERSI_STEP_TYPE(NS) REVERSI_STEP_TYPE_(NS)
#define REVERSI_STEP_TYPE_(NS) ::reversi::Step_##NS
