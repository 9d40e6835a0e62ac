// Two stages' shared benchmarks (bench/harness.h) in one process, for `./lab compare A B`
// (bench/compare.py runs it and prints the table). Timed in separate executables, two
// stages also differ by code layout and by whatever the machine did between the runs;
// here both run in the same process on the same positions, and
// --benchmark_enable_random_interleaving mixes their repetitions.
//
//     bench_compare A B [--benchmark_... flags]     A, B: 9, s09, s09_bitboard, bitboard
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>
#include <tuple>
#include <utility>

#include "stage_list.h"  // first: every stage, then the harness templates
#include "compare_args.h"
#include "harness.h"
#include "registry.h"

using namespace reversi;

namespace {

/// The harness's four benchmarks of stage S, named "<label>/<benchmark>".
template <class S>
void registerStage(const std::string& label) {
  benchmark::RegisterBenchmark((label + "/FlipScan").c_str(), harness::FlipScan<S>);
  benchmark::RegisterBenchmark((label + "/LegalMoves").c_str(), harness::LegalMoves<S>);
  benchmark::RegisterBenchmark((label + "/Play").c_str(), harness::Play<S>);
  benchmark::RegisterBenchmark((label + "/Perft/" + std::to_string(harness::kPerftDepth)).c_str(), harness::Perft<S>)
      ->Unit(benchmark::kMillisecond);
}

template <size_t... I>
void registerNumber(int number, const std::string& label, std::index_sequence<I...>) {
  ((std::tuple_element_t<I, AllStages>::number == number ? registerStage<std::tuple_element_t<I, AllStages>>(label) : void()),
   ...);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);  // takes the --benchmark_ flags out of argv
  if (argc != 3) {
    std::fprintf(stderr, "reversi-lab: compare: give two stages (a number, an id or a short name), e.g. 9 10\n");
    return 2;
  }
  const StageEntry* picked[2];
  if (!pickTwo(argv, findStage, "compare", "stage", "reversi-lab stages lists them", picked)) return 2;
  for (int i = 0; i < 2; ++i) {
    // A stage against itself is a fair question (how much do two runs of one stage
    // differ?): its second copy gets a label of its own.
    std::string label(picked[i]->id);
    if (i == 1 && picked[0] == picked[1]) label += "#2";
    registerNumber(picked[i]->number, label, std::make_index_sequence<std::tuple_size_v<AllStages>>{});
    benchmark::AddCustomContext(i ? "stage_b" : "stage_a", label);
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
