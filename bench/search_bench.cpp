// placeholder until the search benchmark lands
#include <benchmark/benchmark.h>
#include "this_step.h"
BENCHMARK_MAIN();
