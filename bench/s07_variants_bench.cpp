// Stage 07 plays by one recursion per direction (check and flip at once); article 003
// says that is lighter than checking and then flipping. Its two-pass form stays in the
// header as playCheckThenFlip; here it is measured exactly as the harness measures play.
// The same article says the recursive check is faster than the loop: the loop with
// stage 07's neighbour test (s07_variants.h) is measured as the harness measures the scan.
#include "this_stage.h"
#include "s07_variants.h"
#include "harness.h"

namespace reversi {
/// Stage 07 with play replaced by its check-then-flip form.
struct S07CheckThenFlip : Stage_s07 {
  static constexpr int (*play)(Board&, int, int, uint8_t) = &s07::playCheckThenFlip;
};
/// Stage 07 with countFlips's recursion written as a loop (the neighbour test kept).
struct S07Loop : Stage_s07 {
  static constexpr int (*countFlips)(const Board&, int, int, uint8_t) = &s07_variants::countFlipsLoop;
};
}  // namespace reversi

using namespace reversi;

BENCHMARK(harness::Play<S07CheckThenFlip>)->Name("Variant/Play/check-then-flip");
BENCHMARK(harness::Perft<S07CheckThenFlip>)->Name("Variant/Perft/7/check-then-flip")->Unit(benchmark::kMillisecond);
BENCHMARK(harness::FlipScan<S07Loop>)->Name("Variant/FlipScan/loop");
