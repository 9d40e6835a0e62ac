// Two search steps on one workload in one process, for the step pairs of the timing
// claims (bench/verdict_pairs.py). Each step has a benchmark executable of its own
// (bench/search_bench.cpp); timed there, two steps also differ by code layout and by
// whatever the machine did between the runs. Here both run in one process on the same
// positions, and --benchmark_enable_random_interleaving mixes their repetitions.
//
//     bench_step_compare A B WORKLOAD [--benchmark_... flags]
//
// A, B: a step (4, e04, e04_pvs or pvs). WORKLOAD: a workload of the search benchmark
// with its stage, as the claims name it: "Midgame/d7/s11_avx512", "Endgame/e12/s10_simd",
// "FFO/1-19/s11_avx512". The benchmarks are named "<step id>/<WORKLOAD>".
#include <benchmark/benchmark.h>

#include <cstdio>
#include <optional>
#include <regex>
#include <string>

#include "compare_args.h"
#include "search_harness.h"
#include "search_registry.h"
#include "step_compare.h"
#include "step_list.h"

using namespace reversi;
using namespace reversi::search_bench;

namespace {

/// The jobs of a workload name ("Midgame/d7", "Endgame/e12", "FFO/1-19", "FFO/40"), or
/// nothing if the name is none of these.
std::optional<std::vector<Job>> jobsOf(const std::string& workload) {
  std::smatch m;
  if (std::regex_match(workload, m, std::regex(R"(Midgame/d([1-9]\d?))"))) return midgame(std::stoi(m[1]));
  if (std::regex_match(workload, m, std::regex(R"(Endgame/e([1-9]\d?))"))) return endgame(std::stoi(m[1]));
  if (std::regex_match(workload, m, std::regex(R"(FFO/([1-9]\d?)(?:-([1-9]\d?))?)"))) {
    const int first = std::stoi(m[1]), last = m[2].matched ? std::stoi(m[2]) : first;
    if (first <= last && !ffo(first, last).empty()) return ffo(first, last);
  }
  return std::nullopt;
}

using RegisterFn = bool (*)(const std::string& stage, const std::string& name, const std::vector<Job>& jobs);

// Each step's registration, in the order of AllSteps, which is that of steps().
template <class... T>
std::vector<RegisterFn> registrations(std::tuple<T...>*) {
  return {&registerStep<T>...};
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);  // takes the --benchmark_ flags out of argv
  if (argc != 4) {
    std::fprintf(stderr, "reversi-lab: step compare: give two steps and a workload, e.g. 4 3 Endgame/e12/s11_avx512\n");
    return 2;
  }
  const std::string name = argv[3];
  const size_t slash = name.rfind('/');
  const std::optional<std::vector<Job>> jobs = slash == std::string::npos ? std::nullopt : jobsOf(name.substr(0, slash));
  if (!jobs) {
    std::fprintf(stderr, "reversi-lab: step compare: unknown workload %s (Midgame/dD, Endgame/eE or FFO/A-B, then /<stage id>)\n",
                 quoteInput(name).c_str());
    return 2;
  }
  const StepEntry* picked[2];
  if (!pickTwo(argv, findStep, "step compare", "step", "reversi-lab help lists them", picked)) return 2;
  if (picked[0] == picked[1]) {
    std::fprintf(stderr, "reversi-lab: step compare: give two different steps\n");
    return 2;
  }
  for (int i = 0; i < 2; ++i) {
    // registrations() is in the order of steps(); each step's function is compiled in a
    // file of its own (step_compare_entry.cpp). False: no stage has that id.
    if (!registrations(static_cast<AllSteps*>(nullptr))[picked[i] - steps().data()](name.substr(slash + 1), name, *jobs)) {
      std::fprintf(stderr, "reversi-lab: step compare: unknown stage %s in the workload\n",
                   quoteInput(name.substr(slash + 1)).c_str());
      return 2;
    }
    benchmark::AddCustomContext(i ? "step_b" : "step_a", std::string(picked[i]->id));
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
