// Step 11's gain by the clock: FFO positions solved by e11 on one thread and on N, in
// interleaved rounds (one thread, then N, then one...), each solve checked against the
// published score. Per round: nodes (on N threads, each thread's), wall and CPU seconds of
// each; at the end the ratio (one thread's wall time over N threads') of every round, its
// median and spread. Not a test (timings never are): `cmake --build build --target
// parallel-speedup` runs FFO #40-#49 three times (3 minutes on a 2-core AMD Zen 4), writes
// build/parallel-e11.json after every round and records it in the store of facts
// (docs/parallel.py), from which the step's page takes its verdict and table.
//   parallel_speedup [--ffo=40-49] [--rounds=3] [--threads=2] [--json=FILE]
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "ffo.h"
#include "position.h"  // quoteInput
#include "run_json.h"  // the machine's fields and how the JSON is written
#include "search_registry.h"
#include "stage_list.h"
#include "step_list.h"
#include "usage.h"

using namespace reversi;
using reversi::bench::quoted;

namespace {

const char* const kName = "parallel_speedup";

double cpuSeconds() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

// One side of a round: every position solved on the same number of threads.
struct Totals {
  std::vector<uint64_t> threadNodes;  // each thread's nodes over the positions
  double wall = 0, cpu = 0;

  uint64_t nodes() const {
    uint64_t n = 0;
    for (uint64_t t : threadNodes) n += t;
    return n;
  }
};

// Solves every position on `threads` threads; false (and one line) on a wrong score.
bool solveAll(const std::vector<int>& numbers, int threads, Totals& t) {
  t = Totals();
  t.threadNodes.assign(size_t(threads), 0);
  for (int n : numbers) {
    const FfoPosition& f = *findFfo(n);
    const double c0 = cpuSeconds();
    const SearchOutcome o = runStep<Step_e11, DefaultStage>(f.position, -1, tableSlotsFor(f.position, -1), nullptr, threads);
    t.cpu += cpuSeconds() - c0;
    if (o.score != f.score) {
      std::fprintf(stderr, "%s: FFO #%d on %d threads scored %+d, not %+d\n", kName, n, threads, o.score, f.score);
      return false;
    }
    if (o.threadNodes.empty()) t.threadNodes[0] += o.nodes;  // one thread
    for (size_t i = 0; i < o.threadNodes.size(); i++) t.threadNodes[i] += o.threadNodes[i];
    t.wall += o.seconds;
  }
  return true;
}

std::string side(const Totals& t) {
  std::ostringstream o;
  o << "{\"wall\": " << t.wall << ", \"cpu\": " << t.cpu << ", \"thread_nodes\": [";
  for (size_t i = 0; i < t.threadNodes.size(); i++) o << (i ? ", " : "") << t.threadNodes[i];
  return o.str() + "]}";
}

// The run so far, rewritten after every round: a run stopped early keeps its rounds.
bool writeJson(const std::string& path, const std::string& ffo, int threads, const std::string& command,
               const std::vector<Totals>& one, const std::vector<Totals>& many) {
  std::ostringstream o;
  o << "{\n \"step\": " << quoted(std::string(Step_e11::id)) << ",\n \"stage\": " << quoted(std::string(DefaultStage::id))
    << ",\n \"ffo\": " << quoted(ffo) << ",\n \"threads\": " << threads << ",\n \"command\": " << quoted(command) << ",\n "
    << bench::machineFields() << ",\n \"rounds\": [";
  for (size_t r = 0; r < one.size(); r++)
    o << (r ? ",\n" : "\n") << "  {\"one\": " << side(one[r]) << ", \"many\": " << side(many[r]) << "}";
  o << "\n ]\n}\n";
  return bench::writeText(path, o.str(), kName);
}

int usage(const std::string& message) {
  std::fprintf(stderr, "%s: %s\nusage: %s [--ffo=40-49] [--rounds=3] [--threads=2] [--json=FILE]\n", kName, message.c_str(),
               kName);
  return kUsageError;
}

// "--name=value"'s value, or null.
const char* option(const char* arg, const char* name) {
  const size_t n = std::strlen(name);
  return std::strncmp(arg, name, n) == 0 && arg[n] == '=' ? arg + n + 1 : nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  std::string ffo = "40-49", json, command = kName;
  unsigned long long rounds = 3, threads = 2;
  for (int i = 1; i < argc; i++) {
    if (!option(argv[i], "--json")) command += std::string(" ") + argv[i];  // the page shows the command, not the file
    if (const char* v = option(argv[i], "--ffo")) {
      ffo = v;
    } else if (const char* v = option(argv[i], "--rounds")) {
      const auto n = wholeNumber(v, 1000);
      if (!n || *n < 1) return usage("--rounds must be a whole number 1 to 1000, got " + quoteInput(v));
      rounds = *n;
    } else if (const char* v = option(argv[i], "--threads")) {
      const auto n = wholeNumber(v, 256);
      if (!n || *n < 2) return usage("--threads must be a whole number 2 to 256, got " + quoteInput(v));
      threads = *n;
    } else if (const char* v = option(argv[i], "--json")) {
      if (!*v) return usage("--json needs a file name");
      json = v;
    } else {
      return usage("unknown argument " + quoteInput(argv[i]));
    }
  }
  std::vector<int> numbers;
  try {
    numbers = parseFfoRange(ffo, kName);
  } catch (const UsageError& e) {  // its message names the program already
    std::fprintf(stderr, "%s\n", e.message.c_str());
    return kUsageError;
  }
  // The rounds so far; the JSON written once before the work, so that a file that cannot be
  // written stops the run before its first round, not after it.
  std::vector<Totals> one, many;
  if (!json.empty() && !writeJson(json, ffo, int(threads), command, one, many)) return 1;
  std::vector<double> ratios;
  for (size_t r = 1; r <= rounds; r++) {
    Totals a, b;
    if (!solveAll(numbers, 1, a) || !solveAll(numbers, int(threads), b)) return 1;
    one.push_back(a), many.push_back(b);
    std::printf("round %zu  1 thread: %llu nodes, %.2f s wall, %.2f s cpu   %llu threads: %llu nodes (", r,
                (unsigned long long)a.nodes(), a.wall, a.cpu, threads, (unsigned long long)b.nodes());
    for (size_t i = 0; i < b.threadNodes.size(); i++) std::printf("%s%llu", i ? " + " : "", (unsigned long long)b.threadNodes[i]);
    std::printf("), %.2f s wall, %.2f s cpu   %.2fx\n", b.wall, b.cpu, a.wall / b.wall);
    std::fflush(stdout);
    ratios.push_back(a.wall / b.wall);
    if (!json.empty()) {
      if (!writeJson(json, ffo, int(threads), command, one, many)) return 1;
      std::printf("written: %s (%zu round%s)\n", json.c_str(), r, r > 1 ? "s" : "");
    }
  }
  std::sort(ratios.begin(), ratios.end());
  const size_t n = ratios.size();
  const double median = n % 2 ? ratios[n / 2] : (ratios[n / 2 - 1] + ratios[n / 2]) / 2;
  std::printf("FFO #%s on %llu threads: %.2fx as fast by the clock as on 1 (median of %zu rounds; %.2f-%.2fx)\n", ffo.c_str(),
              threads, median, n, ratios.front(), ratios.back());
  return 0;
}
