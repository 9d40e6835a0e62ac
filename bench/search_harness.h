// The search benchmark harness: fixed workloads for a search step (the step named by
// "this_step.h") and the loop that runs one on one move generator. bench/search_bench.cpp
// registers every workload on every stage; a step's own variants (a second table, ...)
// are registered by its EXTRA_BENCH file on the same workloads, named
// "Variant/<name>/<workload>/<stage>".
//
// Workloads climb a ladder, one rung per step: step N runs rung N on every stage (the
// table "what each stage buys") and rung N-1 on the default stage, which is where step
// N-1 ran it, so each step's page can say how many nodes its idea saves on identical
// work (a rung may repeat: the step is then compared on its predecessor's own rows). A
// rung is sized so that its step needs 10-200 ms of CPU per run on s10.
#pragma once
#include <benchmark/benchmark.h>

#include <algorithm>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "stage_list.h"
#include "ffo.h"
#include "random_positions.h"
#include "reference.h"
#include "search_registry.h"  // tableSlotsFor
#include "table_pool.h"
#include "search_support.h"
#include "stage.h"
#include "step.h"

namespace reversi::search_bench {

/// The stage of the comparisons that need only one: DefaultStage (stage_list.h), the fastest.
using reversi::DefaultStage;

/// Where to register a workload: on every stage, or on the default stage only.
inline constexpr AllStages* kEveryStage = nullptr;
inline constexpr std::tuple<DefaultStage>* kDefaultOnly = nullptr;

/// The first step that solves FFO #1-#19 (14-16 empties) together in about a second,
/// and the first that solves #40-#44 (20-23 empties) one by one in reasonable time.
inline constexpr int kFfoEasyFrom = 4, kFfoHardFrom = 6;

/// One rung of the ladder: a fixed-depth search of kMidgamePositions midgame positions
/// and an exact solve of kEndgamePositions endgames.
struct Rung {
  int depth;    ///< plies of the midgame search
  int empties;  ///< empty squares of the endgames
};
inline constexpr Rung kLadder[] = {{4, 8}, {6, 10}, {7, 12}, {7, 12}, {7, 12}, {7, 14}};
inline constexpr int kRungs = int(sizeof kLadder / sizeof kLadder[0]);
inline constexpr size_t kMidgamePositions = 8, kEndgamePositions = 8;

/// The rung of step `number` (a step past the ladder keeps the last one).
constexpr Rung rungOf(int number) { return kLadder[std::min(number, kRungs) - 1]; }

/// Slots of the table lent to a step that keeps one for a workload of several searches
/// (6 MB): 2^18 slots hold what these workloads store.
inline constexpr uint32_t kSlots = uint32_t(1) << 18;

/// A search to do: a position and a depth (< 0: solve to the end).
struct Job {
  Position position;
  int depth;
};

/// Midgame positions: from the benchmarks' seeded random positions, those with 24-40
/// empty squares whose side to move has a move, taken evenly across the list so that
/// they come from different games. Another seed and count give a fresh set like it (the
/// exercise checker's).
inline std::vector<Job> midgame(int depth, uint64_t seed = kWorkloadSeed, size_t count = kMidgamePositions) {
  std::vector<Position> pool;
  for (const Position& p : randomPositions(seed, kWorkloadPositions)) {
    const int empties = int(std::count(p.cells.begin(), p.cells.end(), EMPTY));
    if (empties >= 24 && empties <= 40 && !ref::legalMoves(p, p.toMove).empty()) pool.push_back(p);
  }
  std::vector<Job> jobs;
  for (size_t i = 0; i < count; ++i) jobs.push_back({pool[i * pool.size() / count], depth});
  return jobs;
}

/// Endgames with `empties` empty squares (tests/search_support.h), solved exactly; as
/// midgame(), another seed and count give a fresh set.
inline std::vector<Job> endgame(int empties, uint64_t seed = kWorkloadSeed, size_t count = kEndgamePositions) {
  std::vector<Job> jobs;
  for (size_t i = 0; i < count; ++i) jobs.push_back({testing::endgamePosition(seed + 1000 * uint64_t(empties) + i, empties), -1});
  return jobs;
}

/// FFO positions `first`..`last` (those in common/library/ffo.txt), solved exactly.
inline std::vector<Job> ffo(int first, int last) {
  std::vector<Job> jobs;
  for (int n = first; n <= last; ++n)
    if (const FfoPosition* f = findFfo(n)) jobs.push_back({f->position, -1});
  return jobs;
}

/// A searcher as it comes (the step's defaults).
struct AsIs {
  template <class X>
  void operator()(X&) const {}
};

/// Runs `jobs` with Searcher (a step's searcher over stage S, set up by `setup`) once per
/// iteration. The searcher and its table are made once, outside the timing, as a
/// program that searches many positions would; each search still starts afresh (the
/// steps clear their table). `tableSlots`: the table's size when not 0 (an exercise on
/// a small table). Counters: nodes (per run of the workload) and nodes/s.
template <class Searcher, Stage S, class Setup>
void RunJobs(benchmark::State& state, const std::vector<Job>& jobs, Setup setup, uint32_t tableSlots = 0) {
  auto searcher = std::make_unique<Searcher>();
  setup(*searcher);
  TablePool<typename SlotOf<Searcher>::type> slots;
  if constexpr (requires { typename Searcher::Slot; }) {
    // One search (an FFO position solved on its own) gets the table the CLI lends it
    // (tableSlotsFor), so that its node count is that of `reversi-lab solve`; a workload
    // of many small searches gets kSlots, as the CLI's table would spend more time being
    // emptied before each search than the search takes. The same for every stage and
    // variant of one workload, so that they compare.
    slots.resize(tableSlots ? tableSlots : jobs.size() == 1 ? tableSlotsFor(jobs[0].position, jobs[0].depth) : kSlots);
    searcher->useTable(slots.data(), uint32_t(slots.size()));
  }
  std::vector<typename S::Board> boards;
  for (const Job& j : jobs) boards.push_back(load<S>(j.position));
  uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = 0;
    for (size_t i = 0; i < jobs.size(); ++i) {
      const uint8_t me = jobs[i].position.toMove;
      const auto r = jobs[i].depth < 0 ? searcher->solve(boards[i], me) : searcher->search(boards[i], me, jobs[i].depth);
      benchmark::DoNotOptimize(r.score);
      nodes += r.nodes;
    }
  }
  state.counters["nodes"] = double(nodes);
  state.counters["nodes/s"] = benchmark::Counter(double(nodes) * double(state.iterations()), benchmark::Counter::kIsRate);
}

/// Registers Searcher<S> (set up by `setup`) on `jobs` as "<prefix><workload>/<stage id>"
/// for every stage S of the tuple (AllStages, or a tuple of one stage); returns them.
template <template <class> class Searcher, class Setup = AsIs, class... S>
std::vector<benchmark::internal::Benchmark*> registerOn(const std::string& prefix, const std::string& workload,
                                                        const std::vector<Job>& jobs, std::tuple<S...>*, Setup setup = {}) {
  return {
      benchmark::RegisterBenchmark((prefix + workload + "/" + std::string(S::id)).c_str(), [jobs, setup](benchmark::State& st) {
        RunJobs<Searcher<S>, S>(st, jobs, setup);
      })->Unit(benchmark::kMillisecond)...};
}

/// The workload names the report reads: "Midgame/d<depth>", "Endgame/e<empties>",
/// "FFO/<n>" (one position) and "FFO/<a>-<b>" (all of them, one run).
inline std::string midgameName(int depth) { return "Midgame/d" + std::to_string(depth); }
inline std::string endgameName(int empties) { return "Endgame/e" + std::to_string(empties); }
inline constexpr const char kFfoEasyName[] = "FFO/1-19";

/// "Variant/<name>/": how a variant's benchmarks are named.
inline std::string variantPrefix(const std::string& name) { return "Variant/" + name + "/"; }

/// A step's variant (Searcher, e.g. the step with another table, set up by `setup`) on
/// the default stage, on the workloads of step `number`'s own rows: its rung, and FFO
/// #1-#19 where the step solves them. Named "Variant/<name>/<workload>/<stage>".
template <template <class> class Searcher, class Setup = AsIs>
void registerVariant(const std::string& name, int number, Setup setup = {}) {
  const Rung rung = rungOf(number);
  registerOn<Searcher>(variantPrefix(name), midgameName(rung.depth), midgame(rung.depth), kDefaultOnly, setup);
  registerOn<Searcher>(variantPrefix(name), endgameName(rung.empties), endgame(rung.empties), kDefaultOnly, setup);
  if (number >= kFfoEasyFrom) registerOn<Searcher>(variantPrefix(name), kFfoEasyName, ffo(1, 19), kDefaultOnly, setup);
}

}  // namespace reversi::search_bench
