// The Go-capture sidebar's benchmarks (Google Benchmark, JSON with --benchmark_format=json).
//  Article/<method>: the article's experiment, 100,000 runs on its board, each on a fresh
//    copy of the board (the article re-read the sheet every run). The article measured,
//    in Excel VBA, 3-4 s for the recursion and 5-6 s for the sweep.
//  Few/<method>, Many/<method>: the same, 1,000 times over 256 seeded random boards as they can arise
//    in a game (tests/go_boards.h), with few and with many captured stones; the article
//    predicts that the sweep's gap to the recursion shrinks when more stones are captured.
// Counters: captured (stones per board), scans (the sweep's scans per board) and
// over_4_scans (the share of boards on which the sweep needed more than four scans).
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "go_article.h"
#include "go_boards.h"

namespace {

using Board9 = go_capture::Board<9>;

struct Sample {
  std::vector<Board9> boards;
  std::vector<int> rows, cols;
  double captured = 0, scans = 0;  // per board
};

Sample article() {
  Sample s;
  s.boards.push_back(go_boards::fromText<9>(reversi::go_article::board));
  s.rows.push_back(reversi::go_article::playedRow);
  s.cols.push_back(reversi::go_article::playedCol);
  return s;
}

// emptyPercent and minePercent decide how much is captured: with almost no empty
// points and few opponent stones, most opponent groups next to the move are dead.
Sample randomSample(uint64_t seed, int emptyPercent, int minePercent) {
  Sample s;
  reversi::Rng rng(seed);
  for (int i = 0; i < 256; ++i) {
    int row = 0, col = 0;
    s.boards.push_back(go_boards::randomBoard<9>(rng, emptyPercent, minePercent, row, col));
    s.rows.push_back(row);
    s.cols.push_back(col);
  }
  return s;
}

const Sample& sample(const std::string& name) {
  static const Sample a = article(), few = randomSample(1, 30, 50), many = randomSample(2, 1, 30);
  return name == "Article" ? a : name == "Few" ? few : many;
}

enum Method { kRecursive, kSweep, kStack, kBitboard };

template <Method M>
void Capture(benchmark::State& state, const std::string& set) {
  const Sample& s = sample(set);
  long captured = 0, scans = 0, over4 = 0;
  for (auto _ : state) {
    for (size_t i = 0; i < s.boards.size(); ++i) {
      Board9 b = s.boards[i];  // a fresh copy every run, as the article
      if (M == kRecursive) captured += go_capture::captureRecursive(b, s.rows[i], s.cols[i]);
      if (M == kSweep) {  // the article's form: in place
        const int n = go_capture::sweepEmpties(b);
        scans += n;
        over4 += n > 4;
      }
      if (M == kStack) captured += go_capture::captureStack(b);
      if (M == kBitboard) captured += go_capture::captureBitboard(b);
      benchmark::DoNotOptimize(b);
    }
  }
  const double runs = double(state.iterations()) * double(s.boards.size());
  state.SetItemsProcessed(int64_t(runs));
  if (M != kSweep) state.counters["captured"] = double(captured) / runs;
  if (M == kSweep) state.counters["scans"] = double(scans) / runs;
  if (M == kSweep) state.counters["over_4_scans"] = double(over4) / runs;  // share of boards
}

void registerAll() {
  for (const std::string set : {"Article", "Few", "Many"}) {
    benchmark::internal::Benchmark* b[] = {benchmark::RegisterBenchmark((set + "/recursive").c_str(), Capture<kRecursive>, set),
                                           benchmark::RegisterBenchmark((set + "/sweep").c_str(), Capture<kSweep>, set),
                                           benchmark::RegisterBenchmark((set + "/stack").c_str(), Capture<kStack>, set),
                                           benchmark::RegisterBenchmark((set + "/bitboard").c_str(), Capture<kBitboard>, set)};
    // Fixed counts, so that a run under callgrind counts a known number of captures:
    // the article's 100,000 runs; 1,000 x 256 boards for the random sets.
    for (auto* one : b) one->Iterations(set == "Article" ? 100000 : 1000);
  }
}

}  // namespace

int main(int argc, char** argv) {
  sample("Article");  // builds the boards now, outside every measurement (and callgrind's count)
  registerAll();
  benchmark::AddCustomContext("sidebar", "go_capture");
  benchmark::AddCustomContext("article", "001: recursion 3-4 s, sweep 5-6 s for 100,000 runs (Excel VBA)");
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
