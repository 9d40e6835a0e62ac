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
//   step exercise:   exercise_NN_KIND_measure --workload=W [--slots=N] --verify --seed=S
//       before any count: the candidate's score on every position of W must be the
//       start's (and an FFO position's the published one), and so on a fresh set like W's
//       drawn from seed S (the checker draws S anew each run): a cut that is wrong only
//       deeper than the test suite looks, or only on the measured positions, is caught.
//       Before the scores, the evaluation: the candidate's must be the start's on those
//       positions and on random ones from S ({"evaluation": P, ...} and exit 1 if not).
//       One JSON line per difference, then {"verified": N, "seed": S}; exit 1 on a
//       difference; exit 3 when the candidate runs more than kHangFactor times as long as
//       the start (an endless loop?).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "exercise_side.h"
#include "ffo.h"  // parseFfoRange: the FFO lists of `reversi-lab solve --ffo`
#include "random_positions.h"
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
// `published`: each job's published score (an FFO position's), INT_MIN where there is none.
bool parseWorkload(const std::string& text, std::vector<search_bench::Job>& jobs, std::vector<int>& published) {
  const size_t colon = text.find(':');
  if (colon == std::string::npos) return false;
  const std::string kind = text.substr(0, colon), arg = text.substr(colon + 1);
  if (kind == "ffo") {
    for (int n : parseFfoRange(arg, "exercise"))
      for (const search_bench::Job& j : search_bench::ffo(n, n)) {
        jobs.push_back(j);
        published.push_back(findFfo(n)->score);
      }
    return true;
  }
  char* end = nullptr;
  const long a = std::strtol(arg.c_str(), &end, 10);
  if (arg.empty() || *end != '\0') return false;
  if (kind == "midgame" && a >= 1 && a <= 12) jobs = search_bench::midgame(int(a));
  else if (kind == "endgame" && a >= 4 && a <= 20) jobs = search_bench::endgame(int(a));
  published.assign(jobs.size(), INT_MIN);
  return !jobs.empty();
}

// A fresh set like `jobs`, drawn from `seed` (search_harness.h's own workloads, another
// seed): midgame positions at the same depth, or endgames with as many empty squares as
// the workload's fewest, solved.
std::vector<search_bench::Job> freshJobs(const std::vector<search_bench::Job>& jobs, uint64_t seed) {
  constexpr size_t kFresh = 4;
  if (jobs.front().depth >= 0) return search_bench::midgame(jobs.front().depth, seed, kFresh);
  int empties = 64;
  for (const search_bench::Job& j : jobs)
    empties = std::min(empties, int(std::count(j.position.cells.begin(), j.position.cells.end(), EMPTY)));
  return search_bench::endgame(empties, seed, kFresh);
}

// The candidate may run this many times as long as the start (and kHangFloor seconds)
// before it is taken for an endless loop.
constexpr double kHangFactor = 20, kHangFloor = 10;

// --verify, first: the candidate's evaluation must be the start's, on the workload's
// positions and kEvaluated random ones drawn from `seed` (the statements keep it as it
// is; a changed one would make every later comparison of scores a comparison of two
// games). Prints the first difference as {"evaluation": ...}; true if there is none.
bool sameEvaluation(const std::vector<search_bench::Job>& jobs, uint64_t seed) {
  constexpr size_t kEvaluated = 500;
  std::vector<Position> positions = randomPositions(seed, kEvaluated);
  for (const search_bench::Job& j : jobs) positions.push_back(j.position);
  const std::vector<int> start = startSide().stepEvaluations(positions), yours = yoursSide().stepEvaluations(positions);
  for (size_t i = 0; i < positions.size(); ++i) {
    if (start[i] == yours[i]) continue;
    std::printf("{\"evaluation\": \"%s\", \"start\": %d, \"yours\": %d}\n", formatPosition(positions[i]).c_str(), start[i],
                yours[i]);
    return false;
  }
  return true;
}

// --verify: the scores of the start and the candidate on the workload and a fresh set.
int verifyStep(const std::vector<search_bench::Job>& measured, const std::vector<int>& published, uint32_t slots, uint64_t seed) {
  std::vector<search_bench::Job> jobs = measured;
  const std::vector<search_bench::Job> fresh = freshJobs(measured, seed);
  jobs.insert(jobs.end(), fresh.begin(), fresh.end());
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<int> start = startSide().stepScores(jobs, slots);
  const double startSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double limit = std::max(kHangFloor, kHangFactor * startSeconds);
  std::atomic<bool> finished{false};
  std::thread watchdog([&] {
    const auto t1 = std::chrono::steady_clock::now();
    while (!finished) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      if (std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count() > limit) {
        std::printf("{\"hang\": %.1f, \"start_seconds\": %.3f}\n", limit, startSeconds);
        std::fflush(stdout);
        std::_Exit(3);
      }
    }
  });
  const std::vector<int> yours = yoursSide().stepScores(jobs, slots);
  finished = true;
  watchdog.join();
  int differences = 0;
  for (size_t i = 0; i < jobs.size(); ++i) {
    const int want = i < published.size() ? published[i] : INT_MIN;
    if (yours[i] == start[i] && (want == INT_MIN || yours[i] == want)) continue;
    ++differences;
    std::printf("{\"set\": \"%s\", \"position\": \"%s\", \"depth\": %d, \"start\": %d, \"yours\": %d",
                i < measured.size() ? "measured" : "fresh", formatPosition(jobs[i].position).c_str(), jobs[i].depth, start[i],
                yours[i]);
    if (want != INT_MIN) std::printf(", \"published\": %d", want);
    std::printf("}\n");
  }
  std::printf("{\"verified\": %zu, \"seed\": %llu}\n", jobs.size(), (unsigned long long)seed);
  return differences ? 1 : 0;
}

// A step exercise: --workload=W [--slots=N], both sides registered on it, one run each.
int runStep(int argc, char** argv) {
  std::string workload;
  long slots = 0;
  bool verify = false;
  unsigned long long seed = 0;
  for (int i = 1; i < argc; ++i) {
    char* end = nullptr;
    if (std::strncmp(argv[i], "--workload=", 11) == 0) {
      workload = argv[i] + 11;
    } else if (std::strcmp(argv[i], "--verify") == 0) {
      verify = true;
    } else if (std::strncmp(argv[i], "--seed=", 7) == 0) {
      seed = std::strtoull(argv[i] + 7, &end, 10);
      if (argv[i][7] == '\0' || *end != '\0') {
        std::fprintf(stderr, "exercise: --seed wants a whole number, not '%s'\n", argv[i] + 7);
        return 2;
      }
    } else if (std::strncmp(argv[i], "--slots=", 8) == 0) {
      slots = std::strtol(argv[i] + 8, &end, 10);
      if (*end != '\0' || slots < 16 || slots > (1L << 24)) {
        std::fprintf(stderr, "exercise: --slots wants a number of table slots from 16 to 16777216, not '%s'\n", argv[i] + 8);
        return 2;
      }
    } else {
      std::fprintf(stderr, "exercise: unknown argument '%s' (--workload=W [--slots=N] [--verify --seed=S])\n", argv[i]);
      return 2;
    }
  }
  std::vector<search_bench::Job> jobs;
  std::vector<int> published;
  try {
    if (!parseWorkload(workload, jobs, published)) {
      std::fprintf(stderr, "exercise: --workload wants midgame:D, endgame:E or ffo:LIST, not '%s'\n", workload.c_str());
      return 2;
    }
  } catch (const UsageError& e) {
    std::fprintf(stderr, "%s\n", e.message.c_str());
    return 2;
  }
  if (verify) return sameEvaluation(jobs, seed) ? verifyStep(jobs, published, uint32_t(slots), seed) : 1;
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
