// Step 11's gain by the clock: FFO positions solved by e11 on one thread and on N, in
// interleaved rounds (one thread, then N, then one...), each solve checked against the
// published score. Per round: nodes, wall and CPU seconds of each; at the end the ratio
// (one thread's wall time over N threads') of every round, its median and spread. Not a
// test (timings never are): `cmake --build build --target parallel-speedup` runs FFO
// #40-#49 five times (about 15 minutes on 2 cores).
//   parallel_speedup [--ffo=40-49] [--rounds=5] [--threads=2]
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "ffo.h"
#include "search_registry.h"
#include "stage_list.h"
#include "step_list.h"

using namespace reversi;

namespace {

double cpuSeconds() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

struct Totals {
  uint64_t nodes = 0;
  double wall = 0, cpu = 0;
};

// Solves every position on `threads` threads; exits 1 on a wrong score.
Totals solveAll(const std::vector<int>& numbers, int threads) {
  Totals t;
  for (int n : numbers) {
    const FfoPosition& f = *findFfo(n);
    const double c0 = cpuSeconds();
    const SearchOutcome o = runStep<Step_e11, DefaultStage>(f.position, -1, tableSlotsFor(f.position, -1), nullptr, threads);
    t.cpu += cpuSeconds() - c0;
    if (o.score != f.score) {
      std::fprintf(stderr, "parallel_speedup: FFO #%d on %d threads scored %+d, not %+d\n", n, threads, o.score, f.score);
      std::exit(1);
    }
    t.nodes += o.nodes, t.wall += o.seconds;
  }
  return t;
}

// "--name=value"'s value, or 0.
const char* option(const char* arg, const char* name) {
  const size_t n = std::strlen(name);
  return std::strncmp(arg, name, n) == 0 && arg[n] == '=' ? arg + n + 1 : nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  std::string ffo = "40-49";
  int rounds = 5, threads = 2;
  for (int i = 1; i < argc; i++) {
    if (const char* v = option(argv[i], "--ffo")) ffo = v;
    else if (const char* v = option(argv[i], "--rounds")) rounds = std::atoi(v);
    else if (const char* v = option(argv[i], "--threads")) threads = std::atoi(v);
    else {
      std::fprintf(stderr, "usage: parallel_speedup [--ffo=40-49] [--rounds=5] [--threads=2]\n");
      return 2;
    }
  }
  if (rounds < 1 || threads < 2 || threads > 256) {
    std::fprintf(stderr, "parallel_speedup: --rounds at least 1, --threads 2 to 256\n");
    return 2;
  }
  const std::vector<int> numbers = parseFfoRange(ffo, "parallel_speedup");
  std::vector<double> ratios;
  for (int round = 1; round <= rounds; round++) {
    const Totals one = solveAll(numbers, 1), many = solveAll(numbers, threads);
    std::printf(
        "round %d  1 thread: %llu nodes, %.2f s wall, %.2f s cpu   %d threads: %llu nodes, %.2f s wall, %.2f s cpu   %.2fx\n",
        round, (unsigned long long)one.nodes, one.wall, one.cpu, threads, (unsigned long long)many.nodes, many.wall, many.cpu,
        one.wall / many.wall);
    std::fflush(stdout);
    ratios.push_back(one.wall / many.wall);
  }
  std::sort(ratios.begin(), ratios.end());
  const double median =
      ratios.size() % 2 ? ratios[ratios.size() / 2] : (ratios[ratios.size() / 2 - 1] + ratios[ratios.size() / 2]) / 2;
  std::printf("FFO #%s on %d threads: %.2fx as fast by the clock as on 1 (median of %d rounds; %.2f-%.2fx)\n", ffo.c_str(),
              threads, median, rounds, ratios.front(), ratios.back());
}
