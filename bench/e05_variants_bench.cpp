// Step 05's second table: the article's ChainedTable in place of the default
// BucketTable, in the same pool of slots, on the same workloads as the step's own rows
// on the default stage (bench/search_harness.h), as "Variant/chained/<workload>/<stage>".
#include "this_step.h"  // first: the step, then the harness
#include "search_harness.h"

namespace {

template <class G>
using Chained = step::Search<G, step::ChainedTable>;

const bool registered = (reversi::search_bench::registerVariant<Chained>("chained", ThisStep::number), true);

}  // namespace
