// Every search step as it ships visits the nodes pinned for it (tests/pinned_nodes.txt:
// its workloads, counted by the code before the steps were recomposed by concern), and
// finds the same score, move and line: through the registry, so the very searches the
// program runs. The long solves are the full set's ("[.long]"): FFO #40-#44 of steps 06
// to 10 (about a minute), and step 02's FFO #1-#19 (alpha-beta without ordering: 25 s,
// solved in the quick set already by e02:ffo against the published results). The
// variants are tests/pinned_variants_test.cpp's.
#include <string>

#include "catch.h"
#include "e01_minimax/e01_rules.h"
#include "pinned.h"
#include "registry.h"
#include "search_registry.h"

using namespace reversi;
using namespace reversi::testing;

namespace {

// The pinned counts were taken on stage 09; every stage visits the same nodes (tested).
size_t pinnedStage() {
  const StageEntry* s = findStage("s09");
  REQUIRE(s != nullptr);
  return stageIndex(*s);
}

// One step's lines, short or long: a section per step, so that a failure names its step
// and one step runs alone (test_registry "[pinned]" -c e06_endgame).
void checkThroughRegistry(const StepEntry& step, bool hard) {
  const size_t stage = pinnedStage();
  int checked = 0;
  for (const Pinned& line : pinnedLines(std::string(step.id.substr(0, 3)), "default")) {
    const bool long_ = line.workload == "ffo" && (line.index >= 40 || line.step == "e02");
    if (long_ != hard) continue;
    const SearchOutcome o = step.runWith(stage, line.position, line.depth, pinnedSlots(line), nullptr);
    // an exact outcome is in discs; the file keeps the step's units (every step's DISC is step 01's)
    checkPinned(line, {o.exact ? o.score * e01::DISC : o.score, moveName(o.best), joinedLine(o.pv), o.nodes});
    ++checked;
  }
  if (!hard) CHECK(checked > 0);  // every step has short lines; only some have long ones
}

void checkThroughRegistry(bool hard) {
  for (const Pinned& line : pinnedLines("", "default")) {
    INFO("tests/pinned_nodes.txt names a step the registry does not have: " << line.step);
    REQUIRE(findStep(line.step) != nullptr);
  }
  for (const StepEntry& step : steps()) {
    DYNAMIC_SECTION(step.id) { checkThroughRegistry(step, hard); }
  }
}

}  // namespace

TEST_CASE("every step visits its pinned nodes on its workloads, with the same results", "[pinned]") {
  checkThroughRegistry(false);
}

TEST_CASE("the long pinned solves: FFO #40-#44 from step 06, step 02 on FFO #1-#19", "[.long][pinned]") {
  checkThroughRegistry(true);
}
