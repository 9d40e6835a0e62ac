// Stage 06's two ideas one at a time (see s06_variants.h): with stage 05 (neither) and
// stage 06 (both) from their own bench executables, a 2 x 2 on the same positions.
#include "this_stage.h"
#include "s06_variants.h"
#include "harness.h"

using namespace reversi;

BENCHMARK(harness::FlipScan<S06ColourLoop>)->Name("Variant/FlipScan/colour-constant,loop");
BENCHMARK(harness::FlipScan<S05Unrolled>)->Name("Variant/FlipScan/run-time-colour,unrolled");
BENCHMARK(harness::FlipScan<Stage_s05>)->Name("Variant/FlipScan/s05:run-time-colour,loop");
