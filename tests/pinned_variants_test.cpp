// Every variant of a search step -- another table, the undo stack, an aspiration window,
// the selective passes from 14 empties, each idea switched off alone -- visits the nodes
// pinned for it (tests/pinned_nodes.txt) on its step's rung of workloads and FFO #1-#19,
// with the same results. One file compiled once per step (-DPINNED_STEP=N, a program of
// its own in the full set): each variant is an instantiation of the whole search, and the
// steps compile side by side.
#include "catch.h"
#include "pinned.h"
#include "stage_list.h"

using namespace reversi;
using namespace reversi::testing;

#ifndef PINNED_STEP
#error "compile with -DPINNED_STEP=N, the step whose variants this file checks (4 to 10)"
#endif

namespace {

using S = Stage_s09;  // where the counts were pinned (every stage visits the same nodes)

// The benches' aspiration window: DISC / 8.
struct Aspiration {
  template <class X>
  void operator()(X& s) const {
    s.aspiration = 256 / 8;
  }
};
// The selective passes from 14 empties, where the workloads are.
struct SelectiveFrom14 {
  template <class X>
  void operator()(X& s) const {
    s.selectiveFrom(14);
  }
};

}  // namespace

#if PINNED_STEP == 4
#include "e04_pvs/e04_pvs.h"

TEST_CASE("step 04's variants visit their pinned nodes", "[pinned]") {
  checkVariant<e04::Search<S>, S>("e04", "aspiration", Aspiration());
}

#elif PINNED_STEP == 5
#include "e05_table/e05_table.h"

TEST_CASE("step 05's variants visit their pinned nodes", "[pinned]") {
  checkVariant<e05::Search<S>, S>("e05", "aspiration", Aspiration());
  checkVariant<e05::Search<S, e05::ChainedTable>, S>("e05", "chained", AsItComes());
}

#elif PINNED_STEP == 6
#include "e06_endgame/e06_endgame.h"

TEST_CASE("step 06's variants visit their pinned nodes", "[pinned]") {
  checkVariant<e06::Search<S>, S>("e06", "aspiration", Aspiration());
  checkVariant<e06::Search<S, e06::ChainedTable>, S>("e06", "chained", AsItComes());
  checkVariant<e06::Search<S, e06::BucketTable, e06::UndoMove>, S>("e06", "undo", AsItComes());
  checkVariant<e06::Search<S, e06::BucketTable, e06::CopyMake, e06::IDEA_EMPTY_LIST>, S>("e06", "IDEA_EMPTY_LIST", AsItComes());
  checkVariant<e06::Search<S, e06::BucketTable, e06::CopyMake, e06::IDEA_PARITY>, S>("e06", "IDEA_PARITY", AsItComes());
  checkVariant<e06::Search<S, e06::BucketTable, e06::CopyMake, e06::IDEA_SHALLOW>, S>("e06", "IDEA_SHALLOW", AsItComes());
  checkVariant<e06::Search<S, e06::BucketTable, e06::CopyMake, e06::IDEA_LAST_EMPTY>, S>("e06", "IDEA_LAST_EMPTY", AsItComes());
  checkVariant<e06::Search<S, e06::BucketTable, e06::CopyMake, e06::IDEA_FASTEST_FIRST>, S>("e06", "IDEA_FASTEST_FIRST",
                                                                                            AsItComes());
  checkVariant<e06::Search<S, e06::BucketTable, e06::CopyMake, e06::IDEA_SORT_SEARCH>, S>("e06", "IDEA_SORT_SEARCH", AsItComes());
  checkVariant<e06::Search<S, e06::BucketTable, e06::CopyMake, e06::IDEA_ETC>, S>("e06", "IDEA_ETC", AsItComes());
  checkVariant<e06::Search<S, e06::BucketTable, e06::CopyMake, e06::IDEA_TABLE_FROM>, S>("e06", "IDEA_TABLE_FROM", AsItComes());
  checkVariant<e06::Search<S, e06::BucketTable, e06::CopyMake, e06::IDEA_PREFETCH>, S>("e06", "IDEA_PREFETCH", AsItComes());
  checkVariant<e06::Search<S, e06::BucketTable, e06::CopyMake, e06::IDEA_KEY_AFTER>, S>("e06", "IDEA_KEY_AFTER", AsItComes());
  checkVariant<e06::Search<S, e06::BucketTable, e06::CopyMake, e06::IDEA_ROOT_SEARCH>, S>("e06", "IDEA_ROOT_SEARCH", AsItComes());
  checkVariant<e06::Search<S, e06::BucketTable, e06::CopyMake, e06::IDEA_MASK_EVAL>, S>("e06", "IDEA_MASK_EVAL", AsItComes());
}

#elif PINNED_STEP == 7
#include "e07_patterns/e07_patterns.h"

TEST_CASE("step 07's variants visit their pinned nodes", "[pinned]") {
  checkVariant<e07::Search<S>, S>("e07", "aspiration", Aspiration());
  checkVariant<e07::Search<S, e07::ChainedTable>, S>("e07", "chained", AsItComes());
  checkVariant<e07::Search<S, e07::BucketTable, e07::UndoMove>, S>("e07", "undo", AsItComes());
  checkVariant<e07::Search<S, e07::BucketTable, e07::CopyMake, e07::IDEA_EMPTY_LIST>, S>("e07", "IDEA_EMPTY_LIST", AsItComes());
  checkVariant<e07::Search<S, e07::BucketTable, e07::CopyMake, e07::IDEA_PARITY>, S>("e07", "IDEA_PARITY", AsItComes());
  checkVariant<e07::Search<S, e07::BucketTable, e07::CopyMake, e07::IDEA_SHALLOW>, S>("e07", "IDEA_SHALLOW", AsItComes());
  checkVariant<e07::Search<S, e07::BucketTable, e07::CopyMake, e07::IDEA_LAST_EMPTY>, S>("e07", "IDEA_LAST_EMPTY", AsItComes());
  checkVariant<e07::Search<S, e07::BucketTable, e07::CopyMake, e07::IDEA_FASTEST_FIRST>, S>("e07", "IDEA_FASTEST_FIRST",
                                                                                            AsItComes());
  checkVariant<e07::Search<S, e07::BucketTable, e07::CopyMake, e07::IDEA_SORT_SEARCH>, S>("e07", "IDEA_SORT_SEARCH", AsItComes());
  checkVariant<e07::Search<S, e07::BucketTable, e07::CopyMake, e07::IDEA_ETC>, S>("e07", "IDEA_ETC", AsItComes());
  checkVariant<e07::Search<S, e07::BucketTable, e07::CopyMake, e07::IDEA_TABLE_FROM>, S>("e07", "IDEA_TABLE_FROM", AsItComes());
  checkVariant<e07::Search<S, e07::BucketTable, e07::CopyMake, e07::IDEA_PREFETCH>, S>("e07", "IDEA_PREFETCH", AsItComes());
  checkVariant<e07::Search<S, e07::BucketTable, e07::CopyMake, e07::IDEA_KEY_AFTER>, S>("e07", "IDEA_KEY_AFTER", AsItComes());
  checkVariant<e07::Search<S, e07::BucketTable, e07::CopyMake, e07::IDEA_ROOT_SEARCH>, S>("e07", "IDEA_ROOT_SEARCH", AsItComes());
}

#elif PINNED_STEP == 8
#include "e08_selective/e08_selective.h"

TEST_CASE("step 08's variants visit their pinned nodes", "[pinned]") {
  checkVariant<e08::Search<S>, S>("e08", "aspiration", Aspiration());
  checkVariant<e08::Search<S>, S>("e08", "selective14", SelectiveFrom14());
  checkVariant<e08::Search<S, e08::ChainedTable>, S>("e08", "chained", AsItComes());
  checkVariant<e08::Search<S, e08::BucketTable, e08::UndoMove>, S>("e08", "undo", AsItComes());
  checkVariant<e08::Search<S, e08::BucketTable, e08::CopyMake, e08::IDEA_EMPTY_LIST>, S>("e08", "IDEA_EMPTY_LIST", AsItComes());
  checkVariant<e08::Search<S, e08::BucketTable, e08::CopyMake, e08::IDEA_PARITY>, S>("e08", "IDEA_PARITY", AsItComes());
  checkVariant<e08::Search<S, e08::BucketTable, e08::CopyMake, e08::IDEA_SHALLOW>, S>("e08", "IDEA_SHALLOW", AsItComes());
  checkVariant<e08::Search<S, e08::BucketTable, e08::CopyMake, e08::IDEA_LAST_EMPTY>, S>("e08", "IDEA_LAST_EMPTY", AsItComes());
  checkVariant<e08::Search<S, e08::BucketTable, e08::CopyMake, e08::IDEA_FASTEST_FIRST>, S>("e08", "IDEA_FASTEST_FIRST",
                                                                                            AsItComes());
  checkVariant<e08::Search<S, e08::BucketTable, e08::CopyMake, e08::IDEA_SORT_SEARCH>, S>("e08", "IDEA_SORT_SEARCH", AsItComes());
  checkVariant<e08::Search<S, e08::BucketTable, e08::CopyMake, e08::IDEA_ETC>, S>("e08", "IDEA_ETC", AsItComes());
  checkVariant<e08::Search<S, e08::BucketTable, e08::CopyMake, e08::IDEA_TABLE_FROM>, S>("e08", "IDEA_TABLE_FROM", AsItComes());
  checkVariant<e08::Search<S, e08::BucketTable, e08::CopyMake, e08::IDEA_PREFETCH>, S>("e08", "IDEA_PREFETCH", AsItComes());
  checkVariant<e08::Search<S, e08::BucketTable, e08::CopyMake, e08::IDEA_KEY_AFTER>, S>("e08", "IDEA_KEY_AFTER", AsItComes());
  checkVariant<e08::Search<S, e08::BucketTable, e08::CopyMake, e08::IDEA_ROOT_SEARCH>, S>("e08", "IDEA_ROOT_SEARCH", AsItComes());
  checkVariant<e08::Search<S, e08::BucketTable, e08::CopyMake, e08::IDEA_PASSES>, S>("e08", "IDEA_PASSES", AsItComes());
  checkVariant<e08::Search<S, e08::BucketTable, e08::CopyMake, e08::IDEA_ISOLATED>, S>("e08", "IDEA_ISOLATED", AsItComes());
  checkVariant<e08::Search<S, e08::BucketTable, e08::CopyMake, e08::IDEA_MERGE>, S>("e08", "IDEA_MERGE", AsItComes());
  checkVariant<e08::Search<S, e08::BucketTable, e08::CopyMake, e08::IDEA_ETC_STORE>, S>("e08", "IDEA_ETC_STORE", AsItComes());
  checkVariant<e08::Search<S, e08::BucketTable, e08::CopyMake, e08::IDEA_ASPIRATION>, S>("e08", "IDEA_ASPIRATION", AsItComes());
}

#elif PINNED_STEP == 9
#include "e09_bitsolve/e09_bitsolve.h"

TEST_CASE("step 09's variants visit their pinned nodes", "[pinned]") {
  checkVariant<e09::Search<S>, S>("e09", "aspiration", Aspiration());
  checkVariant<e09::Search<S>, S>("e09", "selective14", SelectiveFrom14());
  checkVariant<e09::Search<S, e09::ChainedTable>, S>("e09", "chained", AsItComes());
  checkVariant<e09::Search<S, e09::BucketTable, e09::IDEA_FLIP_LIST>, S>("e09", "IDEA_FLIP_LIST", AsItComes());
  checkVariant<e09::Search<S, e09::BucketTable, e09::IDEA_NEIGHBOURS>, S>("e09", "IDEA_NEIGHBOURS", AsItComes());
  checkVariant<e09::Search<S, e09::BucketTable, e09::IDEA_LAST_FOUR>, S>("e09", "IDEA_LAST_FOUR", AsItComes());
  checkVariant<e09::Search<S, e09::BucketTable, e09::IDEA_RAYS>, S>("e09", "IDEA_RAYS", AsItComes());
}

#elif PINNED_STEP == 10
#include "e10_stable/e10_stable.h"

TEST_CASE("step 10's variants visit their pinned nodes", "[pinned]") {
  checkVariant<e10::Search<S>, S>("e10", "aspiration", Aspiration());
  checkVariant<e10::Search<S>, S>("e10", "selective14", SelectiveFrom14());
  checkVariant<e10::Search<S, e10::ChainedTable>, S>("e10", "chained", AsItComes());
  checkVariant<e10::Search<S, e10::BucketTable, e10::IDEA_FLIP_LIST>, S>("e10", "IDEA_FLIP_LIST", AsItComes());
  checkVariant<e10::Search<S, e10::BucketTable, e10::IDEA_NEIGHBOURS>, S>("e10", "IDEA_NEIGHBOURS", AsItComes());
  checkVariant<e10::Search<S, e10::BucketTable, e10::IDEA_LAST_FOUR>, S>("e10", "IDEA_LAST_FOUR", AsItComes());
  checkVariant<e10::Search<S, e10::BucketTable, e10::IDEA_RAYS>, S>("e10", "IDEA_RAYS", AsItComes());
  checkVariant<e10::Search<S, e10::BucketTable, e10::IDEA_STABLE>, S>("e10", "IDEA_STABLE", AsItComes());
  checkVariant<e10::Search<S, e10::BucketTable, e10::IDEA_MASK_SEARCH>, S>("e10", "IDEA_MASK_SEARCH", AsItComes());
  checkVariant<e10::Search<S, e10::BucketTable, e10::IDEA_POPCOUNT>, S>("e10", "IDEA_POPCOUNT", AsItComes());
  checkVariant<e10::Search<S, e10::BucketTable, e10::IDEA_LANES>, S>("e10", "IDEA_LANES", AsItComes());
  checkVariant<e10::Search<S, e10::BucketTable, e10::IDEA_SHALLOW_TABLE>, S>("e10", "IDEA_SHALLOW_TABLE", AsItComes());
  checkVariant<e10::Search<S, e10::BucketTable, e10::IDEA_STABLE_MARGIN>, S>("e10", "IDEA_STABLE_MARGIN", AsItComes());
  checkVariant<e10::Search<S, e10::BucketTable, e10::IDEA_STABLE_ORDER>, S>("e10", "IDEA_STABLE_ORDER", AsItComes());
  checkVariant<e10::Search<S, e10::BucketTable, e10::IDEA_SHORT_PRESEARCH>, S>("e10", "IDEA_SHORT_PRESEARCH", AsItComes());
  checkVariant<e10::Search<S, e10::BucketTable, e10::IDEA_MULTIPLY_KEY>, S>("e10", "IDEA_MULTIPLY_KEY", AsItComes());
  checkVariant<e10::Search<S, e10::BucketTable, e10::IDEA_SORT_MOBILITY>, S>("e10", "IDEA_SORT_MOBILITY", AsItComes());
  checkVariant<e10::Search<S, e10::BucketTable, e10::IDEA_LZCNT>, S>("e10", "IDEA_LZCNT", AsItComes());
}

#else
#error "PINNED_STEP is a step with variants: 4 to 10"
#endif
