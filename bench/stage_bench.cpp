// The one benchmark harness, compiled once per stage ("this_stage.h" names ThisStage):
// the shared benchmarks of bench/harness.h on the same seeded positions for every
// stage, so the stages are compared on identical work.
#include <benchmark/benchmark.h>

#include <string>

#include "this_stage.h"  // first: the stage, then the harness templates
#include "harness.h"

using namespace reversi;

BENCHMARK(harness::FlipScan<ThisStage>)->Name("FlipScan");
BENCHMARK(harness::LegalMoves<ThisStage>)->Name("LegalMoves");
BENCHMARK(harness::Play<ThisStage>)->Name("Play");
BENCHMARK(harness::Perft<ThisStage>)->Name("Perft/" + std::to_string(harness::kPerftDepth))->Unit(benchmark::kMillisecond);

int main(int argc, char** argv) {
  benchmark::AddCustomContext("stage", std::string(ThisStage::id));
  benchmark::AddCustomContext("stage_number", std::to_string(ThisStage::number));
  benchmark::AddCustomContext("technique", std::string(ThisStage::technique));
  benchmark::AddCustomContext("positions",
                              std::to_string(harness::kPositions) + " from random games, seed " + std::to_string(harness::kSeed));
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
