// The long run: every stage that compiles against the reference on many seeded random
// positions (1,000,000 by default), each checked in full (every square, both colours,
// both move lists, every legal move played) plus one extra move on a random square for
// a random colour, legal or not. ctest -L long runs it; so does
//   build/long_run [POSITIONS] [SEED]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "differential.h"
#include "random_positions.h"

using namespace reversi;

namespace {

template <class... S>
std::string ids(std::tuple<S...>*) {
  std::string s;
  ((s += (s.empty() ? "" : " ") + std::string(S::id)), ...);
  return s;
}

// Positions come in chunks of random games, chunk c from seed + c, so that threads
// need not share a generator and the result does not depend on the thread count.
constexpr size_t kChunk = 10000;

struct Result {
  size_t checked = 0, mismatches = 0;
  std::string first;
};

Result runChunks(uint64_t seed, size_t total, size_t firstChunk, size_t step) {
  Result r;
  for (size_t c = firstChunk; c * kChunk < total; c += step) {
    const size_t n = std::min(kChunk, total - c * kChunk);
    Rng rng(seed ^ (0x5bd1e995ull * (c + 1)));
    for (const Position& p : randomPositions(seed + c, n)) {
      const std::string d = testing::allStagesDifference(p, int(rng.below(64)), rng.below(2) ? WHITE : BLACK);
      ++r.checked;
      if (!d.empty() && r.mismatches++ == 0) r.first = d + " on " + formatPosition(p);
    }
  }
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  const size_t total = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000;
  const uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 20261121;
  if (argc > 3 || total == 0) {
    std::fprintf(stderr, "usage: long_run [POSITIONS > 0] [SEED]\n");
    return 2;
  }
  const unsigned threads = std::max(1u, std::min(8u, std::thread::hardware_concurrency()));
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<Result> results(threads);
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) pool.emplace_back([&, t] { results[t] = runChunks(seed, total, t, threads); });
  for (std::thread& th : pool) th.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  Result all;
  for (const Result& r : results) {
    all.checked += r.checked;
    all.mismatches += r.mismatches;
    if (all.first.empty()) all.first = r.first;
  }
  const std::string stages = ids(static_cast<AllStages*>(nullptr));
  std::printf(
      "long run: %zu random positions (seed %llu) x stages %s vs the reference: %zu differ; "
      "%.1f s on %u threads\n",
      all.checked, (unsigned long long)seed, stages.c_str(), all.mismatches, seconds, threads);
  if (all.checked != total) {
    std::printf("checked %zu positions instead of %zu\n", all.checked, total);
    return 1;
  }
  if (all.mismatches) {
    std::printf("first difference: %s\n", all.first.c_str());
    return 1;
  }
  return 0;
}
