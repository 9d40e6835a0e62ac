// The search benchmark, compiled once per search step ("this_step.h" names ThisStep):
// the step's rung of the workload ladder (bench/search_harness.h) on every move
// generator, so that the table "what each stage buys" compares identical work; the
// previous step's rung on the default stage, for the node counts step by step; and, for
// the steps that solve them in reasonable time, FFO positions by number.
//
//   bench_eNN_name [--ffo=LIST] [Google Benchmark options]
//
// From step 04 on, FFO #1-#19 are solved together as one workload ("FFO/1-19"). LIST
// names the FFO positions solved one by one ("FFO/<n>", one solve each): as `reversi-lab
// solve --ffo` takes them ("40-44", "1,3,40-59") or "none"; by default #40-#44 from
// step 06 on (the exact endgame solver), else none. `--ffo=40-59` is the long run.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "this_step.h"  // first: the step, then the harness
#include "ffo.h"        // parseFfoRange
#include "search_harness.h"
#include "usage.h"  // UsageError

using namespace reversi;
using namespace reversi::search_bench;

namespace {

// The aspiration window's width in the variant with one: 1/8 disc.
constexpr int kAspiration = ThisStep::DISC / 8;

// The step with its aspiration window on, where it has one (an option from step 04 on,
// off by default): on the step's own workloads, for the page to say whether it pays.
template <template <class> class Searcher>
void registerAspiration() {
  if constexpr (requires(Searcher<DefaultStage> & s) { s.aspiration = 1; })
    registerVariant<Searcher>("aspiration", ThisStep::number, [](auto& s) { s.aspiration = kAspiration; });
}

std::vector<int> defaultFfo() {
  std::vector<int> out;
  if (ThisStep::number >= kFfoHardFrom)
    for (int n = 40; n <= 44; ++n) out.push_back(n);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> ffoNumbers = defaultFfo();
  std::vector<char*> rest;  // the arguments left for Google Benchmark
  for (int i = 0; i < argc; ++i) {
    if (i > 0 && std::strncmp(argv[i], "--ffo=", 6) == 0) {
      const std::string_view list = argv[i] + 6;
      try {
        ffoNumbers = list == "none" ? std::vector<int>{} : parseFfoRange(list, "bench_" + std::string(ThisStep::id));
      } catch (const UsageError& e) {
        std::fprintf(stderr, "%s\n", e.message.c_str());
        return 2;
      }
    } else {
      rest.push_back(argv[i]);
    }
  }
  int restCount = int(rest.size());

  const Rung rung = rungOf(ThisStep::number);
  registerOn<ThisStep::Search>("", midgameName(rung.depth), midgame(rung.depth), kEveryStage);
  registerOn<ThisStep::Search>("", endgameName(rung.empties), endgame(rung.empties), kEveryStage);
  if (ThisStep::number > 1) {  // the previous step's rung, where that step ran it too
    const Rung prev = rungOf(ThisStep::number - 1);
    if (prev.depth != rung.depth) registerOn<ThisStep::Search>("", midgameName(prev.depth), midgame(prev.depth), kDefaultOnly);
    if (prev.empties != rung.empties)
      registerOn<ThisStep::Search>("", endgameName(prev.empties), endgame(prev.empties), kDefaultOnly);
  }
  if (ThisStep::number >= kFfoEasyFrom) registerOn<ThisStep::Search>("", kFfoEasyName, ffo(1, 19), kDefaultOnly);
  for (int n : ffoNumbers)  // seconds to minutes each: one solve, whatever the flags ask
    for (auto* b : registerOn<ThisStep::Search>("", "FFO/" + std::to_string(n), ffo(n, n), kDefaultOnly))
      b->Iterations(1)->Repetitions(1);
  registerAspiration<ThisStep::Search>();

  benchmark::AddCustomContext("step", std::string(ThisStep::id));
  benchmark::AddCustomContext("step_number", std::to_string(ThisStep::number));
  benchmark::AddCustomContext("idea", std::string(ThisStep::idea));
  benchmark::AddCustomContext("default_stage", std::string(DefaultStage::id));
  benchmark::AddCustomContext("workload", std::to_string(kMidgamePositions) + " midgame positions (seed " +
                                              std::to_string(kWorkloadSeed) + ") searched to depth " +
                                              std::to_string(rung.depth) + "; " + std::to_string(kEndgamePositions) +
                                              " endgames of " + std::to_string(rung.empties) + " empties solved");
  benchmark::Initialize(&restCount, rest.data());
  if (benchmark::ReportUnrecognizedArguments(restCount, rest.data())) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
