// Every search step as it ships visits the nodes pinned for it (tests/pinned_nodes.txt:
// its workloads, counted by the code before the steps were recomposed by concern), and
// finds the same score, move and line: through the registry, so the very searches the
// program runs; an FFO position's score and move are moreover the published ones. The
// long solves are hidden ("[.long]"): FFO #40-#44 of steps 06 to 10 (about a minute, in
// the full set), and step 02's FFO #1-#19 (alpha-beta without ordering: 25 s), which is
// the quick set's e02:ffo (tests/tests.cmake): a second solve of the same positions by the
// program would double the longest quick test. The variants are
// tests/pinned_variants_test.cpp's.
#include <algorithm>
#include <string>

#include "catch.h"
#include "e01_minimax/e01_rules.h"
#include "ffo.h"
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

// An FFO solve against the published result: the exact score and one of the best moves.
void checkPublished(int number, const SearchOutcome& o) {
  const FfoPosition* f = findFfo(number);
  REQUIRE(f != nullptr);
  INFO("FFO #" << number << ": published " << f->score << ", found " << o.score << " by " << moveName(o.best));
  CHECK(o.exact);
  CHECK(o.score == f->score);
  CHECK(std::find(f->best.begin(), f->best.end(), o.best) != f->best.end());
}

// One step's lines, short or long: a section per step, so that a failure names its step
// and one step runs alone (test_registry "[pinned]" -c e06_endgame).
void checkThroughRegistry(const StepEntry& step, bool hard) {
  const size_t stage = pinnedStage();
  int checked = 0;
  for (const Pinned& line : pinnedLines(std::string(step.id.substr(0, 3)), "default")) {
    const bool long_ = line.workload == "ffo" && (line.index >= 40 || line.step == "e02");
    if (long_ != hard) continue;
    const SearchOutcome o = step.runWith(stage, line.position, line.depth, pinnedSlots(line), nullptr, 1);
    // an exact outcome is in discs; the file keeps the step's units (every step's DISC is step 01's)
    checkPinned(line, {o.exact ? o.score * e01::DISC : o.score, moveName(o.best), joinedLine(o.pv), o.nodes});
    if (line.workload == "ffo") checkPublished(line.index, o);
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
