// For the ablation tests of the steps whose ideas are switches (tests/pvs_ideas_test.cpp,
// step 04; tests/ablation_test.cpp, step 06; tests/selective_test.cpp, step 08): one FFO
// position solved by a searcher with some ideas off, on the table `reversi-lab solve`
// lends it (if the step keeps one), checked against the published score and best moves.
#pragma once
#include <algorithm>
#include <memory>

#include "catch.h"
#include "ffo.h"
#include "search_registry.h"
#include "stage.h"
#include "step.h"
#include "table_pool.h"

namespace reversi::testing {

/// Solves `p` with a new Searcher over stage S on the table the CLI would lend it;
/// `setup(searcher)` first.
template <class Searcher, Stage S, class Setup>
auto solveOnOwnTable(const Position& p, Setup setup) {
  auto searcher = std::make_unique<Searcher>();
  setup(*searcher);
  TablePool<typename SlotOf<Searcher>::type> slots;
  if constexpr (requires { typename Searcher::Slot; }) {  // step 04 keeps no table
    slots.resize(tableSlotsFor(p, -1));
    searcher->useTable(slots.data(), uint32_t(slots.size()));
  }
  return searcher->solve(load<S>(p), p.toMove);
}

/// FFO #number solved by Searcher over S (`off`: its ideas switched off, for the
/// message): the published score, in 1/disc of a disc, and one of the published best moves.
template <class Searcher, Stage S, class Setup>
void checkFfoSolve(int number, int disc, unsigned off, Setup setup) {
  const FfoPosition* f = findFfo(number);
  REQUIRE(f != nullptr);
  const auto r = solveOnOwnTable<Searcher, S>(f->position, setup);
  INFO(S::id << ", ideas off " << off << ", FFO #" << number);
  CHECK(r.score == f->score * disc);
  CHECK(std::find(f->best.begin(), f->best.end(), int(r.best)) != f->best.end());
}

}  // namespace reversi::testing
