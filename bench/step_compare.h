/// \file step_compare.h
/// \brief bench_step_compare's registration of one step on one stage. Each step's
/// registration (registerStep<T>, defined in step_compare_entry.cpp) is compiled in a file
/// of its own, once per step, so the steps compile side by side.
#pragma once
#include <string>
#include <vector>

#include "search_harness.h"

namespace reversi::search_bench {

/// Registers step T on the stage whose id is `stage` as "<T::id>/<name>"; false if no
/// stage has that id. Defined in step_compare_entry.cpp, compiled once per step.
template <class T>
bool registerStep(const std::string& stage, const std::string& name, const std::vector<Job>& jobs);

}  // namespace reversi::search_bench
