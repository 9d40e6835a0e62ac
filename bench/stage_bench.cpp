// The one benchmark harness, compiled once per stage ("this_stage.h" names ThisStage).
// Every benchmark runs on the same seeded positions from random games, so the stages
// are compared on identical work. Items: one position (flip scan, legal moves), one
// move (play), one leaf (perft).
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "random_positions.h"
#include "this_stage.h"

using namespace reversi;
using S = ThisStage;
using Board = S::Board;

namespace {

constexpr uint64_t kSeed = 20240601;
constexpr size_t kPositions = 1024;
constexpr int kPerftDepth = 7;

struct Workload {
  std::vector<Board> boards;
  std::vector<uint8_t> toMove;
  std::vector<std::vector<uint8_t>> moves;  // legal moves of the side to move
  size_t totalMoves = 0;
};

const Workload& workload() {
  static const Workload w = [] {
    Workload w;
    for (const Position& p : randomPositions(kSeed, kPositions)) {
      w.boards.push_back(load<S>(p));
      w.toMove.push_back(p.toMove);
      uint8_t out[64];
      const int n = S::legalMoves(w.boards.back(), p.toMove, out);
      w.moves.emplace_back(out, out + n);
      w.totalMoves += size_t(n);
    }
    return w;
  }();
  return w;
}

void FlipScan(benchmark::State& state) {
  const Workload& w = workload();
  for (auto _ : state) {
    for (size_t i = 0; i < w.boards.size(); ++i) {
      int sum = 0;
      for (int sq = 0; sq < 64; ++sq) sum += S::countFlips(w.boards[i], sq & 7, sq >> 3, w.toMove[i]);
      benchmark::DoNotOptimize(sum);
    }
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(w.boards.size()));
}

void LegalMoves(benchmark::State& state) {
  const Workload& w = workload();
  uint8_t out[64];
  for (auto _ : state) {
    for (size_t i = 0; i < w.boards.size(); ++i) {
      benchmark::DoNotOptimize(S::legalMoves(w.boards[i], w.toMove[i], out));
      benchmark::ClobberMemory();
    }
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(w.boards.size()));
}

void Play(benchmark::State& state) {
  const Workload& w = workload();
  for (auto _ : state) {
    for (size_t i = 0; i < w.boards.size(); ++i) {
      for (uint8_t m : w.moves[i]) {
        Board b = w.boards[i];
        benchmark::DoNotOptimize(S::play(b, m & 7, m >> 3, w.toMove[i]));
        benchmark::DoNotOptimize(b);
      }
    }
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(w.totalMoves));
}

void Perft(benchmark::State& state) {
  const Board start = load<S>(startPosition());
  uint64_t leaves = 0;
  for (auto _ : state) {
    leaves = perft<S>(start, BLACK, kPerftDepth, false);
    benchmark::DoNotOptimize(leaves);
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(leaves));
  state.counters["leaves"] = double(leaves);
}

}  // namespace

BENCHMARK(FlipScan);
BENCHMARK(LegalMoves);
BENCHMARK(Play);
BENCHMARK(Perft)->Name("Perft/" + std::to_string(kPerftDepth))->Unit(benchmark::kMillisecond);

int main(int argc, char** argv) {
  benchmark::AddCustomContext("stage", std::string(S::id));
  benchmark::AddCustomContext("stage_number", std::to_string(S::number));
  benchmark::AddCustomContext("technique", std::string(S::technique));
  benchmark::AddCustomContext("positions", std::to_string(kPositions) + " from random games, seed " + std::to_string(kSeed));
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
