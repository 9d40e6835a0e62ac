// One side of an exercise's measurement (bench/exercise_side.h), for the stage or step
// of this file's build: -DREVERSI_STAGE=sNN or -DREVERSI_STEP=eNN.
//   the start (REVERSI_EXERCISE_YOURS=0): as the registry lists it (stage_list.h, step_list.h)
//   the candidate (REVERSI_EXERCISE_YOURS=1): its copy of the start's header alone,
//     REVERSI_EXERCISE_HEADER, found first on the include path, its namespace renamed by
//     the compiler (-Ds05=s05_yours), wrapped here as Stage_s05_yours or Step_e05_yours.
//     No list is included: theirs name the start.
#ifdef REVERSI_STAGE
#include "harness.h"
#else
#include "search_harness.h"
#endif
#include "exercise_side.h"

#if REVERSI_EXERCISE_YOURS
#include REVERSI_EXERCISE_HEADER
#ifdef REVERSI_STAGE
REVERSI_STAGE_TRAITS(REVERSI_STAGE, 0, "yours", "yours", "an exercise's candidate")
#else
REVERSI_STEP_TRAITS(REVERSI_STEP, 0, "yours", "yours", "an exercise's candidate")
#endif
#elif defined(REVERSI_STAGE)
#include "stage_list.h"
#else
#include "step_list.h"
#endif

namespace reversi::exercise {
namespace {

#ifdef REVERSI_STAGE
using Side = REVERSI_STAGE_TYPE(REVERSI_STAGE);

BenchmarkFn stageBenchmark(const std::string& name) {
  if (name == "FlipScan") return harness::FlipScan<Side>;
  if (name == "LegalMoves") return harness::LegalMoves<Side>;
  if (name == "Play") return harness::Play<Side>;
  if (name == "Perft") return harness::Perft<Side>;
  return nullptr;
}
constexpr auto registerStep = nullptr;
constexpr auto stepScores = nullptr;
constexpr auto stepEvaluations = nullptr;
#else
using Side = REVERSI_STEP_TYPE(REVERSI_STEP);
// The move generator of a step exercise: node counts are the same on every stage (the
// registry test checks it), so the portable bitboard stage serves every machine.
using Generator = Stage_s09;

void registerStep(const std::string& label, const std::string& workload, const std::vector<search_bench::Job>& jobs,
                  uint32_t slots) {
  using Searcher = Side::Search<Generator>;
  benchmark::RegisterBenchmark(
      (label + "/" + workload).c_str(),
      [jobs, slots](benchmark::State& st) { search_bench::RunJobs<Searcher, Generator>(st, jobs, search_bench::AsIs{}, slots); })
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);  // a fresh searcher per run: its node count is the workload's
}

std::vector<int> stepScores(const std::vector<search_bench::Job>& jobs, uint32_t slots) {
  std::vector<int> scores;
  for (const search_bench::Job& j : jobs)
    scores.push_back(runStep<Side, Generator>(j.position, j.depth, slots ? slots : tableSlotsFor(j.position, j.depth)).score);
  return scores;
}

std::vector<int> stepEvaluations(const std::vector<Position>& positions) {
  std::vector<int> scores;
  for (const Position& p : positions) scores.push_back(Side::Search<Generator>::evaluate(load<Generator>(p), p.toMove));
  return scores;
}
constexpr auto stageBenchmark = nullptr;
#endif

}  // namespace

#if REVERSI_EXERCISE_YOURS
ExerciseSide yoursSide() {
#else
ExerciseSide startSide() {
#endif
  return {stageBenchmark, registerStep, stepScores, stepEvaluations};
}

}  // namespace reversi::exercise
