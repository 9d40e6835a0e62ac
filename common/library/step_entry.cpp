// One search step on every stage, for the registry (search_registry.cpp): runStep for
// each stage behind one function pointer per stage. The build compiles this file once per
// step, naming it with -DREVERSI_STEP=eNN (common/common.cmake), so that the steps, the
// longest compiles of the build, go side by side instead of one after the other.
#include <array>
#include <tuple>

#include "search_registry.h"
#include "stage_list.h"
#include "step_list.h"

#ifndef REVERSI_STEP
#error "compile with -DREVERSI_STEP=eNN, the step of this file (common/common.cmake does)"
#endif

namespace reversi {
namespace {

using RunFn = SearchOutcome (*)(const Position&, int, uint32_t, void (*)());

// Step T's runStep on every stage, in stage order.
template <class T, class... S>
constexpr std::array<RunFn, sizeof...(S)> perStage(std::tuple<S...>*) {
  return {&runStep<T, S>...};
}

}  // namespace

template <class T>
StepEntry stepEntry() {
  static constexpr auto fns = perStage<T>(static_cast<AllStages*>(nullptr));
  return {T::number, T::id, T::shortName, T::idea,
          [](size_t stage, const Position& p, int depth, uint32_t slots, void (*idle)()) {
            return fns.at(stage)(p, depth, slots, idle);
          }};
}

template StepEntry stepEntry<REVERSI_STEP_TYPE(REVERSI_STEP)>();

}  // namespace reversi
