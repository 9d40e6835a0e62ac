// Stage 07 plays by one recursion per direction (check and flip at once); article 003
// says that is lighter than checking and then flipping. Its two-pass form stays in the
// header as playCheckThenFlip; here it is measured exactly as the harness measures play.
#include "this_stage.h"
#include "harness.h"

namespace reversi {
/// Stage 07 with play replaced by its check-then-flip form.
struct S07CheckThenFlip : Stage_s07 {
  static constexpr int (*play)(Board&, int, int, uint8_t) = &s07::playCheckThenFlip;
};
}  // namespace reversi

using namespace reversi;

BENCHMARK(harness::Play<S07CheckThenFlip>)->Name("Variant/Play/check-then-flip");
BENCHMARK(harness::Perft<S07CheckThenFlip>)->Name("Variant/Perft/7/check-then-flip")->Unit(benchmark::kMillisecond);
