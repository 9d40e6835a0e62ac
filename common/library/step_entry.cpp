// One search step on every stage, for the registry (search_registry.cpp): runStep for
// each stage behind one function pointer per stage. The build compiles this file once per
// step, naming it with -DREVERSI_STEP=eNN (common/common.cmake), so that the steps, the
// longest compiles of the build, go side by side instead of one after the other.
#include <array>
#include <string>
#include <tuple>

#include "registry.h"  // stages()
#include "search_registry.h"
#include "stage_list.h"
#include "step_list.h"
#include "usage.h"  // UsageError

#ifndef REVERSI_STEP
#error "compile with -DREVERSI_STEP=eNN, the step of this file (common/common.cmake does)"
#endif

namespace reversi {
namespace {

using RunFn = SearchOutcome (*)(const Position&, int, uint32_t, void (*)(), int);

// Step T's runStep on stage S; null for a stage this build leaves out. The sanitizer
// builds (CMake's LAB_STEP_STAGES: ./lab asan, tsan, fuzz) compile the steps on the
// stages the program and the tests name (the tour's s01, s05 and s11, the reference
// s09): every step on every stage under AddressSanitizer took four of CI's minutes, and
// the sanitizers look at the search, the same code on every stage (stepsRunOn).
template <class T, class S>
constexpr RunFn runOn() {
  if constexpr (!stageBuiltForSteps(S::number)) return nullptr;
  else return &runStep<T, S>;
}

// Step T's runStep on every stage, in stage order.
template <class T, class... S>
constexpr std::array<RunFn, sizeof...(S)> perStage(std::tuple<S...>*) {
  return {runOn<T, S>()...};
}

}  // namespace

template <class T>
StepEntry stepEntry() {
  static constexpr auto fns = perStage<T>(static_cast<AllStages*>(nullptr));
  using Searcher = typename T::template Search<DefaultStage>;
  constexpr bool threaded = requires(Searcher & s) { s.threads = 2; };
  return {T::number,
          T::id,
          T::shortName,
          T::idea,
          threaded,
          [](size_t stage, const Position& p, int depth, uint32_t slots, void (*idle)(), int threads) {
            if (!fns.at(stage))
              throw UsageError{std::string(T::id) + " does not run on " + std::string(stages().at(stage).id) +
                               " in this build (a sanitizer's: CMake's LAB_STEP_STAGES)"};
            return fns.at(stage)(p, depth, slots, idle, threads);
          }};
}

template StepEntry stepEntry<REVERSI_STEP_TYPE(REVERSI_STEP)>();

}  // namespace reversi
