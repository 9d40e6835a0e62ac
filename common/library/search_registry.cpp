#include "search_registry.h"

#include <algorithm>
#include <stdexcept>
#include <tuple>

#include "stage_list.h"  // DefaultStage
#include "step_list.h"   // AllSteps, DefaultStep

namespace reversi {

// A small search should not spend its time emptying tens of MB: a solve of E empties
// stores at most a few positions per 2^E nodes, a search of depth d about as many as
// 2^(10 + d); a search deeper than the empty squares is a solve (`search --depth 14` of
// one empty square was lent 2^21 slots: 5.7 ms by the clock, up to 131 ms, against 2.5
// ms with the solve's size, for a search of 4 nodes). Capped at kTableSlots. The same
// for every stage, so the node counts stay equal.
uint32_t tableSlotsFor(int empties, int depth) {
  const int bits = depth < 0 || depth > empties ? empties + 2 : 10 + depth;
  return bits >= 21 ? kTableSlots : uint32_t(1) << std::max(bits, 12);
}

uint32_t tableSlotsFor(const Position& p, int depth) {
  int empties = 0;
  for (uint8_t c : p.cells) empties += c == EMPTY;
  return tableSlotsFor(empties, depth);
}

namespace {

// Per step (a row each, found by the step's id): the most empty squares solve accepts, and the
// deepest search on a bigger position. Rule: the largest size whose mean run stays
// under about a minute on the fastest stage (s01 takes two or three times longer; one
// empty square or ply more multiplies the time by 3 to 10). CPU seconds, mean of 3
// seeded random games (endgamePosition in tests/search_support.h, seeds 1000, 1077,
// 1154; search at 40 empty squares); the first size refused in brackets. e01-e05: the
// steps of 2026-11-23 on s10, 2-vCPU EPYC; e06 solve: the step after its 2-3x speed-up,
// on s11 (the fastest stage since), 2-vCPU Xeon with AVX-512, 2026-11-23, shared with
// other jobs (which raises CPU time too; "~": fewer than 3 games); e06 search: again on
// 2026-11-24 once its evaluation read the board as two masks, the same Xeon, a match
// running on the other core (depth 18 timed through the step itself, as search refuses it);
// e07 on 2026-11-26 on s11, the AMD EPYC (Zen 5) 2-vCPU machine, solves on one core while
// the searches ran on the other (its learned evaluation costs more a node, and orders some
// 24-empty solves far worse: seed 1077's took 282 s):
//   e01  solve 12: 2.7, 13: 24 (14: ~150)   search 6: 1.6, 7: 25 (8: ~300)
//   e02  solve 16: 2.0, 17: 24 (18: ~250)   search 10: 7, 11: 35 (12: ~180)
//   e03  solve 19: 5.8, 20: 25 (21: 91)     search 13: 10, 14: 31 (15: 88)
//   e04  solve 20: 13, 21: 42 (22: ~150)    search 13: 9, 14: 26 (15: 69)
//   e05  solve 21: 17, 22: 46 (23: ~150)    search 15: 16, 16: 36 (17: ~90)
//   e06  solve 23: 23, 24: 42 (25: 97)      search 16: 10.5, 17: 29 (18: 68)
//   e07  solve 23: 32 (24: 125)              search 15: 21, 16: 40 (17: ~112)
//   e08  solve 23: 30 (24: 61)               search: e07's (the same midgame search code)
//        (e08 on 2026-11-26 on s11, the same AMD EPYC, the solves on one core while a CI
//        build ran on both; seed 1077 again the slowest: 76 s at 23 empties, 122 s at 24)
//   e09  solve 23: 22 (e08 27), 24: 47 (e08 58)  search: e08's (the same midgame search code)
//        (e09 and e08 on 2026-11-26 on s11, an AMD EPYC Zen 4 2-vCPU machine, the 23- and
//        24-empty solves side by side, one on each core; the same nodes in both steps;
//        seed 1077 the slowest: 57 s at 23 empties, 95 s at 24)
//   e10  solve 23: 5.6, 24: 21, 25: 37 (26: 137)   search 15: 15, 16: 35 (17: 89)
//        (e10 on 2026-12-02 on s11, the AMD EPYC of family 26, model 2 (Zen 5), 2 vCPUs,
//        by bench/search_limits.cpp: `build/search_limits e10 s11 solve 22 23 24 25 26` on
//        one core and `build/search_limits e10 s11 search 15 16 17` on the other, at nice
//        10, nothing else running; seed 1077 the slowest solve: 80 s at 25 empties, 333 s
//        at 26)
//   e11  e10's: on one thread it is e10, node for node; more threads shorten a solve
//   e12  e11's, not measured apart: the same search with other weights (on FFO #40-#44
//        it visits fewer nodes than e10: its page)
// The last two columns are the first sizes the same measurements put over about 10 s
// (where solve and search warn before they start).
struct LimitsRow {
  std::string_view step;  // the step's id
  SearchLimits limits;
};
// One row per step (clang-format would pack them several to a line):
// clang-format off
constexpr LimitsRow kLimits[] = {
    {"e01_minimax", {13, 7, 13, 7}},    {"e02_alphabeta", {17, 11, 17, 11}}, {"e03_ordering", {20, 14, 20, 14}},
    {"e04_pvs", {21, 14, 20, 14}},      {"e05_table", {22, 16, 21, 15}},     {"e06_endgame", {24, 17, 23, 16}},
    {"e07_patterns", {23, 16, 23, 15}}, {"e08_selective", {23, 16, 23, 15}}, {"e09_bitsolve", {24, 16, 23, 15}},
    {"e10_stable", {25, 16, 24, 15}},   {"e11_parallel", {25, 16, 24, 15}},
    {"e12_more_games", {25, 16, 24, 15}},
};
// clang-format on

template <class... T>
std::vector<StepEntry> entries(std::tuple<T...>*) {
  return {stepEntry<T>()...};
}

}  // namespace

SearchLimits searchLimits(const StepEntry& step) {
  for (const LimitsRow& row : kLimits)
    if (row.step == step.id) return row.limits;
  throw std::logic_error("search_registry.cpp: no measured limits for " + std::string(step.id) +
                         " (measure them as its comment says, then add the row)");
}

std::vector<std::string_view> measuredSteps() {
  std::vector<std::string_view> ids;
  for (const LimitsRow& row : kLimits) ids.push_back(row.step);
  return ids;
}

const std::vector<StepEntry>& steps() {
  static const std::vector<StepEntry> all = entries(static_cast<AllSteps*>(nullptr));
  return all;
}

const StepEntry* findStep(std::string_view name) {
  for (const StepEntry& s : steps())
    if (namesEntry(name, s.number, s.id, s.shortName)) return &s;
  return nullptr;
}

size_t stageIndex(const StageEntry& s) { return size_t(&s - stages().data()); }

const StepEntry& defaultStep() { return *findStep(DefaultStep::id); }
const StageEntry& defaultStage() { return *findStage(DefaultStage::id); }

bool stepsRunOn(size_t stage) { return stage < stages().size() && stageBuiltForSteps(stages()[stage].number); }

}  // namespace reversi
