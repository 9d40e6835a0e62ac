// One side of an exercise's measurement (bench/exercise_bench.cpp): the starting point or
// the candidate. bench/exercise_side.cpp is compiled twice into the program
// (exercises/exercises.cmake): the start as the registry lists it (startSide), and the
// candidate's copy of the start, its namespace renamed (yoursSide). Two files, so that the
// start and the candidate, which share every name, never meet in one.
#pragma once
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "position.h"

namespace reversi::search_bench {
struct Job;  // search_harness.h: not included here, a stage's candidate side has no step
}  // namespace reversi::search_bench

namespace reversi::exercise {

using BenchmarkFn = void (*)(benchmark::State&);

struct ExerciseSide {
  /// A stage exercise: the harness's benchmark `name` (bench/harness.h: FlipScan,
  /// LegalMoves, Play, Perft) on this side's stage, or nullptr for another name.
  BenchmarkFn (*stageBenchmark)(const std::string& name);
  /// A step exercise: registers this side's step on `jobs` as "<label>/<workload>", on
  /// a table of `slots` slots (0: the harness's own size).
  void (*registerStep)(const std::string& label, const std::string& workload, const std::vector<search_bench::Job>& jobs,
                       uint32_t slots);
  /// A step exercise: this side's score of each job (an exact one in discs), each search
  /// on a fresh searcher with a table of `slots` slots (0: the command line's size).
  std::vector<int> (*stepScores)(const std::vector<search_bench::Job>& jobs, uint32_t slots);
  /// A step exercise: this side's evaluation of each position, for the side to move (the
  /// statements keep the evaluation as it is: the check compares the two sides' answers).
  std::vector<int> (*stepEvaluations)(const std::vector<Position>& positions);
};

/// The starting point's side, and the candidate's.
ExerciseSide startSide();
ExerciseSide yoursSide();

}  // namespace reversi::exercise
