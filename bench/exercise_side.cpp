// One side of an exercise's measurement (bench/exercise_side.h): the stage or step of this
// file's build (-DREVERSI_STAGE=sNN or -DREVERSI_STEP=eNN), which is the candidate's when
// exercises/exercises.cmake compiles it on the candidate (REVERSI_EXERCISE_YOURS=1).
#ifdef REVERSI_STAGE
#include "this_stage.h"  // first: the stage, then the harness templates
#else
#include "this_step.h"
#endif
#include "exercise_side.h"
#include "harness.h"

namespace reversi::exercise {
namespace {

#ifdef REVERSI_STAGE
BenchmarkFn stageBenchmark(const std::string& name) {
  if (name == "FlipScan") return harness::FlipScan<ThisStage>;
  if (name == "LegalMoves") return harness::LegalMoves<ThisStage>;
  if (name == "Play") return harness::Play<ThisStage>;
  if (name == "Perft") return harness::Perft<ThisStage>;
  return nullptr;
}
constexpr auto registerStep = nullptr;
#else
// The move generator of a step exercise: node counts are the same on every stage (the
// registry test checks it), so the portable bitboard stage serves every machine.
using Generator = Stage_s09;

void registerStep(const std::string& label, const std::string& workload, const std::vector<search_bench::Job>& jobs,
                  uint32_t slots) {
  using Searcher = ThisStep::Search<Generator>;
  benchmark::RegisterBenchmark((label + "/" + workload).c_str(),
                               [jobs, slots](benchmark::State& st) {
                                 search_bench::RunJobs<Searcher, Generator>(st, jobs, search_bench::AsIs{}, slots);
                               })
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);  // a fresh searcher per run: its node count is the workload's
}
constexpr auto stageBenchmark = nullptr;
#endif

}  // namespace

#if REVERSI_EXERCISE_YOURS
ExerciseSide yoursSide() {
#else
ExerciseSide startSide() {
#endif
  return {stageBenchmark, registerStep};
}

}  // namespace reversi::exercise
