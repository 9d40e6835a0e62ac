// Stage 09 lists its legal moves by the lowest set bit (__builtin_ctzll, then m &= m - 1).
// The stages before it, and stage 09 itself at first, tested the 64 bits of the move mask
// one by one. That listing is kept here, and only here, so that the one process measures
// what the lowest-set-bit listing buys on its own: the same fills, the same positions,
// only the loop that turns the mask into squares differs.
#include "this_stage.h"
#include "harness.h"

namespace s09_variants {

/// Stage 09's legalMoves with the bit-by-bit listing: shift the mask right one square at
/// a time and test the low bit, so every square up to the highest move costs a step.
inline int legalMovesBitByBit(const s09::Board& b, uint8_t me, uint8_t out[64]) {
  uint64_t m = s09::moveMask(s09::stones(b, me), s09::stones(b, 3 - me));
  int n = 0;
  for (uint8_t sq = 0; m; sq++, m >>= 1)
    if (m & 1) out[n++] = sq;
  return n;
}

}  // namespace s09_variants

namespace reversi {
/// Stage 09 with legalMoves replaced by the bit-by-bit listing.
struct S09BitByBit : Stage_s09 {
  static constexpr int (*legalMoves)(const Board&, uint8_t, uint8_t*) = &s09_variants::legalMovesBitByBit;
};
}  // namespace reversi

using namespace reversi;

BENCHMARK(harness::LegalMoves<S09BitByBit>)->Name("Variant/LegalMoves/bit-by-bit");
BENCHMARK(harness::Perft<S09BitByBit>)->Name("Variant/Perft/7/bit-by-bit")->Unit(benchmark::kMillisecond);
