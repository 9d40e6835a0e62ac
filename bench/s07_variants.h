// Stage 07 differs from stage 06 in two ways: the check is a recursion, and it starts
// only past an opponent neighbour (article 003's fix for an own stone next to the move).
// The neighbour test alone settles most directions with one look, so stage 07 against
// stage 06 cannot say what the recursion buys. This is stage 07 with its recursion
// written as a loop and the neighbour test kept: s07:FlipScan against it is the
// recursion alone. Used by bench/s07_variants_bench.cpp, checked by
// tests/s07_variants_test.cpp.
#pragma once
#include "s07_recursion/s07_recursion.h"

namespace s07_variants {

/// lineFlips with checkSub's recursion replaced by a loop; the same neighbour test first.
template <uint8_t ME, int STEP>
inline int lineFlipsLoop(const s07::Board& b, int pos) {
  if (b.cells[pos + STEP] != 3 - ME) return 0;
  int run = 1;
  for (pos += 2 * STEP; b.cells[pos] == 3 - ME; pos += STEP) run++;
  return b.cells[pos] == ME ? run : 0;
}

template <uint8_t ME>
inline int countFlipsLoopAt(const s07::Board& b, int pos) {
  return lineFlipsLoop<ME, -9>(b, pos) + lineFlipsLoop<ME, -8>(b, pos) + lineFlipsLoop<ME, +1>(b, pos) +
         lineFlipsLoop<ME, +10>(b, pos) + lineFlipsLoop<ME, +9>(b, pos) + lineFlipsLoop<ME, +8>(b, pos) +
         lineFlipsLoop<ME, -1>(b, pos) + lineFlipsLoop<ME, -10>(b, pos);
}

/// Stage 07's countFlips, the recursion written as a loop.
inline int countFlipsLoop(const s07::Board& b, int x, int y, uint8_t me) {
  const int pos = s07::squareIndex(x, y);
  if (b.cells[pos] != s07::EMPTY) return 0;
  return me == s07::BLACK ? countFlipsLoopAt<s07::BLACK>(b, pos) : countFlipsLoopAt<s07::WHITE>(b, pos);
}

}  // namespace s07_variants
