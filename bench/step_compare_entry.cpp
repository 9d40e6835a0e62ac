// One search step on every stage, for bench_step_compare (bench/step_compare.cpp). The
// build compiles this file once per step with -DREVERSI_STEP=eNN (bench/bench.cmake), so
// the steps compile side by side.
#include <tuple>
#include <utility>

#include "step_compare.h"
#include "this_step.h"

namespace reversi::search_bench {
namespace {

template <class T, size_t... I>
bool registerOnStage(const std::string& stage, const std::string& name, const std::vector<Job>& jobs, std::index_sequence<I...>) {
  bool found = false;
  (
      [&] {
        using S = std::tuple_element_t<I, AllStages>;
        if (S::id != stage) return;
        found = true;
        benchmark::RegisterBenchmark((std::string(T::id) + "/" + name).c_str(), [jobs](benchmark::State& st) {
          RunJobs<typename T::template Search<S>, S>(st, jobs, AsIs{});
        })->Unit(benchmark::kMillisecond);
      }(),
      ...);
  return found;
}

}  // namespace

template <class T>
bool registerStep(const std::string& stage, const std::string& name, const std::vector<Job>& jobs) {
  return registerOnStage<T>(stage, name, jobs, std::make_index_sequence<std::tuple_size_v<AllStages>>{});
}

template bool registerStep<ThisStep>(const std::string&, const std::string&, const std::vector<Job>&);

}  // namespace reversi::search_bench
