// The gray-stone variant's benchmarks (Google Benchmark): how much the article's
// traverse-with-a-callback costs where a program spends its time.
//  LegalMoves: every legal move of the side to move, on the positions of 64 seeded
//    random games (item: one position).
//  Game/random, Game/greedy: whole automatic games from the start (item: one move).
#include <benchmark/benchmark.h>

#include <vector>

#include "gray_variant/gray_variant.h"

namespace {

namespace gv = gray_variant;

// Plays a game from the start; black random, white random or greedy. Calls see(g)
// before every move. Returns the moves played.
template <class See>
int playGame(uint32_t seed, bool greedyWhite, See see) {
  gv::Game g;
  gv::newGame(g);
  uint32_t rng = gv::randomState(seed);
  uint8_t moves[gv::MAX_MOVES];
  while (!gv::isOver(g)) {
    see(g);
    const int n = gv::legalMoves(g, moves);
    if (n == 0) {
      gv::pass(g);
      continue;
    }
    const uint8_t m = greedyWhite && g.turn == gv::WHITE ? gv::pickGreedy(g, moves, n) : gv::pickRandom(rng, moves, n);
    gv::play(g, m >> 4, m & 15);
  }
  return g.move;
}

void LegalMoves(benchmark::State& state) {
  static const std::vector<gv::Game> positions = [] {
    std::vector<gv::Game> p;
    for (uint32_t seed = 1; seed <= 64; ++seed) playGame(seed, false, [&](const gv::Game& g) { p.push_back(g); });
    return p;
  }();
  uint8_t moves[gv::MAX_MOVES];
  for (auto _ : state)
    for (const gv::Game& g : positions) {
      benchmark::DoNotOptimize(gv::legalMoves(g, moves));
      benchmark::ClobberMemory();
    }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(positions.size()));
}

void Game(benchmark::State& state) {
  const bool greedy = state.range(0) != 0;
  int64_t moves = 0;
  uint32_t seed = 1;
  for (auto _ : state) moves += playGame(seed++, greedy, [](const gv::Game&) {});
  state.SetItemsProcessed(moves);
}

}  // namespace

BENCHMARK(LegalMoves);
BENCHMARK(Game)->Arg(0)->ArgName("greedy_white");
BENCHMARK(Game)->Arg(1)->ArgName("greedy_white");
BENCHMARK_MAIN();
