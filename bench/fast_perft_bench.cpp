// Extra benchmark for a stage with its own perft (perftFast): perft with bulk counting
// from the start, single-threaded, on the stage's own representation. Items: leaves.
// Depth 11 is the depth the perft-speed figures use (docs/cli.md, s11's page).
#include <benchmark/benchmark.h>

#include "this_stage.h"

using namespace reversi;
using S = ThisStage;
static_assert(HasFastPerft<S>, "this file is for stages with perftFast");

namespace {

void PerftFastBulk(benchmark::State& state) {
  const S::Board start = load<S>(startPosition());
  const int depth = int(state.range(0));
  uint64_t leaves = 0;
  for (auto _ : state) {
    leaves = perftFast(start, BLACK, depth, true);
    benchmark::DoNotOptimize(leaves);
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(leaves));
  state.counters["leaves"] = double(leaves);
}

}  // namespace

BENCHMARK(PerftFastBulk)->Arg(9)->Unit(benchmark::kMillisecond);
BENCHMARK(PerftFastBulk)->Arg(11)->Iterations(1)->Unit(benchmark::kMillisecond);
