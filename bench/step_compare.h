/// \file step_compare.h
/// \brief bench_step_compare's registration of one step on one stage. CMake generates a
/// file per step (add_step: compare_eNN_name.cpp) that instantiates it for every stage,
/// so the steps compile side by side; step_compare_entries.h lists them.
#pragma once
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "all_stages.h"  // first: every stage, then the harness templates
#include "search_harness.h"

namespace reversi::search_bench {

/// Registers step T on the stage whose id is `stage` as "<T::id>/<name>"; false if no
/// stage has that id.
template <class T, size_t... I>
bool registerOnStage(const std::string& stage, const std::string& name, const std::vector<Job>& jobs,
                     std::index_sequence<I...>) {
  bool found = false;
  (
      [&] {
        using S = std::tuple_element_t<I, AllStages>;
        if (S::id != stage) return;
        found = true;
        benchmark::RegisterBenchmark((std::string(T::id) + "/" + name).c_str(),
                                     [jobs](benchmark::State& st) {
                                       RunJobs<typename T::template Search<S>, S>(st, jobs, AsIs{});
                                     })
            ->Unit(benchmark::kMillisecond);
      }(),
      ...);
  return found;
}

template <class T>
bool registerOnStage(const std::string& stage, const std::string& name, const std::vector<Job>& jobs) {
  return registerOnStage<T>(stage, name, jobs, std::make_index_sequence<std::tuple_size_v<AllStages>>{});
}

}  // namespace reversi::search_bench
