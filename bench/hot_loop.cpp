// One stage's flip scan and legalMoves as two out-of-line functions with plain names, for
// bench/why_slower.py to disassemble: compiled alone (host and AVR), objdump shows only
// the stage's own code, its loops easy to find.
//
//     c++ -O3 -c -I stages -DSTAGE_HEADER='"s02_delta/s02_delta.h"' -DSTAGE_NS=s02 bench/hot_loop.cpp
#include <stdint.h>

#include STAGE_HEADER

/// countFlips on the 64 squares, as the benchmark's flip scan does for one position.
extern "C" __attribute__((noinline)) int scanFlips(const STAGE_NS::Board& b, uint8_t me) {
  int sum = 0;
  for (int sq = 0; sq < 64; ++sq) sum += STAGE_NS::countFlips(b, sq & 7, sq >> 3, me);
  return sum;
}

/// legalMoves, as the benchmark calls it.
extern "C" __attribute__((noinline)) int listMoves(const STAGE_NS::Board& b, uint8_t me, uint8_t* out) {
  return STAGE_NS::legalMoves(b, me, out);
}
