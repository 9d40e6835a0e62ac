// The measurement behind each step's row of kLimits (common/library/search_registry.cpp):
// CPU seconds of the step's runs, through the registry as the command line runs them (its
// table size, tableSlotsFor), on the seeded random games of tests/search_support.h.
//
//   search_limits STEP STAGE solve E...   an exact solve of each seed's position with E
//                                         empty squares
//   search_limits STEP STAGE search D...  a search D plies deep of each seed's position
//                                         with 40 empty squares
//
// STEP and STAGE as the command line takes them (e10, s11). Seeds 1000, 1077 and 1154;
// one line per run and one mean per size. Not a test and not in the build's default
// targets: `cmake --build build --target search_limits`, then measure on a quiet core.
// Bad input: one line on stderr, exit 2.
#include <time.h>

#include <cstdio>
#include <string>
#include <vector>

#include "position.h"  // quoteInput
#include "registry.h"
#include "search_registry.h"
#include "search_support.h"
#include "usage.h"

using namespace reversi;

namespace {

constexpr uint64_t kSeeds[] = {1000, 1077, 1154};
constexpr int kSearchEmpties = 40;

double cpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

int measure(const StepEntry& step, const StageEntry& stage, bool solve, const std::vector<int>& sizes) {
  for (int size : sizes) {
    double total = 0;
    for (uint64_t seed : kSeeds) {
      const Position p = testing::endgamePosition(seed, solve ? size : kSearchEmpties);
      const double t0 = cpuSeconds();
      const SearchOutcome o = step.run(stageIndex(stage), p, solve ? -1 : size);
      const double seconds = cpuSeconds() - t0;
      total += seconds;
      std::printf("%s on %s, seed %llu, %s %d: %.2f s CPU, %llu nodes, score %d\n", std::string(step.id).c_str(),
                  std::string(stage.id).c_str(), (unsigned long long)seed, solve ? "solve" : "search", size, seconds,
                  (unsigned long long)o.nodes, o.score);
      std::fflush(stdout);
    }
    std::printf("%s %d: mean %.1f s CPU\n", solve ? "solve" : "search", size, total / 3);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string usage = "search_limits STEP STAGE solve|search SIZE... (e.g. e10 s11 solve 23 24)";
  if (argc < 5) return std::fprintf(stderr, "search_limits: %s\n", usage.c_str()), kUsageError;
  const StepEntry* step = findStep(argv[1]);
  const StageEntry* stage = findStage(argv[2]);
  const std::string kind = argv[3];
  auto refuse = [&](const std::string& what) {
    std::fprintf(stderr, "search_limits: %s: %s\n", what.c_str(), usage.c_str());
    return kUsageError;
  };
  if (!step) return refuse("no step " + quoteInput(argv[1]));
  if (!stage) return refuse("no stage " + quoteInput(argv[2]));
  if (kind != "solve" && kind != "search") return refuse("neither solve nor search: " + quoteInput(kind));
  std::vector<int> sizes;
  for (int i = 4; i < argc; ++i) {
    const auto n = wholeNumber(argv[i], kind == "solve" ? 30 : kMaxSearchDepth);
    if (!n || *n < 1) return refuse("no size " + quoteInput(argv[i]));
    sizes.push_back(int(*n));
  }
  return measure(*step, *stage, kind == "solve", sizes);
}
