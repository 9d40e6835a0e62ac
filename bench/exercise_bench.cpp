// An exercise's measurement: the starting point and the candidate (the student's working
// copy, the reference solution, ...) in one program, so that they share the positions,
// the machine's state and the code around them. Each side is bench/exercise_side.cpp
// compiled for it (exercises/exercises.cmake): startSide() and yoursSide().
//
//   stage exercise:  exercise_NN_KIND_measure --measure=B [--rounds=R] [--min-time=S]
//       B: one of the harness's benchmarks (bench/harness.h: FlipScan, LegalMoves, Play,
//       Perft). R rounds (default 15); in each, B of the start and of the candidate run
//       back to back for at least S seconds each (default 0.1), the order swapped every
//       round, so that both sides of a round see the same machine: a busy neighbour
//       slows a round, not one side. Prints one JSON line per round:
//       {"round": i, "start": ns per item, "yours": ns per item}.
//   step exercise:   exercise_NN_KIND_measure --workload=W [--slots=N] [Google Benchmark flags]
//       W: midgame:D (bench/search_harness.h's midgame positions, D plies), endgame:E (its
//       endgames with E empties, solved) or ffo:LIST (as `reversi-lab solve --ffo` takes
//       it); N: the table's slots for a step that keeps one. Each workload once per run
//       ("start/<W>", "yours/<W>"), with the counter "nodes"; the checker compares node
//       counts, which are exact.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "exercise_side.h"
#include "ffo.h"  // parseFfoRange: the FFO lists of `reversi-lab solve --ffo`
#include "search_harness.h"
#include "usage.h"  // UsageError

using namespace reversi;
using namespace reversi::exercise;

namespace {

// Keeps the CPU time per item of every run it is given.
class Collector : public benchmark::BenchmarkReporter {
 public:
  std::vector<std::pair<std::string, double>> runs;  // (name, ns per item)
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>& reports) override {
    for (const Run& r : reports) {
      const auto items = r.counters.find("items_per_second");
      if (!r.error_occurred && items != r.counters.end() && items->second.value > 0)
        runs.emplace_back(r.benchmark_name(), 1e9 / items->second.value);
    }
  }
};

// Rounds of the two stages' benchmark, each round both sides back to back.
int pairedRounds(const std::string& name, int rounds, double minTime) {
  const BenchmarkFn a = startSide().stageBenchmark(name), b = yoursSide().stageBenchmark(name);
  if (!a || !b) {
    std::fprintf(stderr, "exercise: --measure wants FlipScan, LegalMoves, Play or Perft, not '%s'\n", name.c_str());
    return 2;
  }
  for (int i = 0; i < rounds; ++i) {
    benchmark::ClearRegisteredBenchmarks();
    const bool startFirst = i % 2 == 0;
    for (int side = 0; side < 2; ++side) {
      const bool start = (side == 0) == startFirst;
      benchmark::RegisterBenchmark(start ? "start" : "yours", start ? a : b)->MinTime(minTime);
    }
    Collector c;
    benchmark::RunSpecifiedBenchmarks(&c);
    double ns[2] = {0, 0};
    for (const auto& [label, t] : c.runs) ns[label.rfind("start", 0) == 0 ? 0 : 1] = t;  // "start/min_time:..."
    if (ns[0] <= 0 || ns[1] <= 0) {
      std::fprintf(stderr, "exercise: round %d measured nothing\n", i);
      return 1;
    }
    std::printf("{\"round\": %d, \"start\": %.3f, \"yours\": %.3f}\n", i, ns[0], ns[1]);
    std::fflush(stdout);
  }
  return 0;
}

// Reads "midgame:D", "endgame:E" or "ffo:LIST" (as `reversi-lab solve --ffo` takes it);
// false if it is none of them. A bad FFO list throws UsageError, which says what is wrong.
bool parseWorkload(const std::string& text, std::vector<search_bench::Job>& jobs) {
  const size_t colon = text.find(':');
  if (colon == std::string::npos) return false;
  const std::string kind = text.substr(0, colon), arg = text.substr(colon + 1);
  if (kind == "ffo") {
    for (int n : parseFfoRange(arg, "exercise"))
      for (const search_bench::Job& j : search_bench::ffo(n, n)) jobs.push_back(j);
    return true;
  }
  char* end = nullptr;
  const long a = std::strtol(arg.c_str(), &end, 10);
  if (arg.empty() || *end != '\0') return false;
  if (kind == "midgame" && a >= 1 && a <= 12) jobs = search_bench::midgame(int(a));
  else if (kind == "endgame" && a >= 4 && a <= 20) jobs = search_bench::endgame(int(a));
  return !jobs.empty();
}

// A step exercise: --workload=W [--slots=N], both sides registered on it, one run each.
int runStep(int argc, char** argv) {
  std::string workload;
  long slots = 0;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--workload=", 11) == 0) {
      workload = argv[i] + 11;
    } else if (std::strncmp(argv[i], "--slots=", 8) == 0) {
      char* end = nullptr;
      slots = std::strtol(argv[i] + 8, &end, 10);
      if (*end != '\0' || slots < 16 || slots > (1L << 24)) {
        std::fprintf(stderr, "exercise: --slots wants a number of table slots from 16 to 16777216, not '%s'\n", argv[i] + 8);
        return 2;
      }
    } else {
      std::fprintf(stderr, "exercise: unknown argument '%s' (--workload=W [--slots=N])\n", argv[i]);
      return 2;
    }
  }
  std::vector<search_bench::Job> jobs;
  try {
    if (!parseWorkload(workload, jobs)) {
      std::fprintf(stderr, "exercise: --workload wants midgame:D, endgame:E or ffo:LIST, not '%s'\n", workload.c_str());
      return 2;
    }
  } catch (const UsageError& e) {
    std::fprintf(stderr, "%s\n", e.message.c_str());
    return 2;
  }
  startSide().registerStep("start", workload, jobs, uint32_t(slots));
  yoursSide().registerStep("yours", workload, jobs, uint32_t(slots));
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

// A stage exercise: --measure=B [--rounds=R] [--min-time=S], paired rounds.
int runStage(int argc, char** argv) {
  std::string measure;
  long rounds = 15;
  double minTime = 0.1;
  for (int i = 1; i < argc; ++i) {
    char* end = nullptr;
    if (std::strncmp(argv[i], "--measure=", 10) == 0) {
      measure = argv[i] + 10;
    } else if (std::strncmp(argv[i], "--rounds=", 9) == 0) {
      rounds = std::strtol(argv[i] + 9, &end, 10);
      if (*end != '\0' || rounds < 3 || rounds > 1000) {
        std::fprintf(stderr, "exercise: --rounds wants a whole number from 3 to 1000, not '%s'\n", argv[i] + 9);
        return 2;
      }
    } else if (std::strncmp(argv[i], "--min-time=", 11) == 0) {
      minTime = std::strtod(argv[i] + 11, &end);
      if (*end != '\0' || !(minTime > 0 && minTime <= 60)) {
        std::fprintf(stderr, "exercise: --min-time wants seconds above 0 and at most 60, not '%s'\n", argv[i] + 11);
        return 2;
      }
    } else {
      std::fprintf(stderr, "exercise: unknown argument '%s' (--measure=B [--rounds=R] [--min-time=S])\n", argv[i]);
      return 2;
    }
  }
  const int status = pairedRounds(measure, int(rounds), minTime);
  benchmark::Shutdown();
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);  // takes the --benchmark_ flags out of argv
  return startSide().registerStep ? runStep(argc, argv) : runStage(argc, argv);
}
