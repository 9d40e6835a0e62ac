// Step 06's two ways to make a move in the exact search: the article's undo stack
// (UndoMove) in place of the default copy-make, on the step's endgame rung on every
// stage (array boards are costly to copy, bitboards cheap) and on FFO #1-#19 on the
// default stage, as "Variant/undo/<workload>/<stage>". The midgame search copies in
// both, so it is not repeated.
#include "this_step.h"  // first: the step, then the harness
#include "search_harness.h"

namespace {

using namespace reversi;
using namespace reversi::search_bench;

template <class G>
using Undo = step::Search<G, step::BucketTable, step::UndoMove>;

const bool registered = [] {
  const Rung rung = rungOf(ThisStep::number);
  registerOn<Undo>(variantPrefix("undo"), endgameName(rung.empties), endgame(rung.empties), kEveryStage);
  registerOn<Undo>(variantPrefix("undo"), kFfoEasyName, ffo(1, 19), kDefaultOnly);
  return true;
}();

}  // namespace
