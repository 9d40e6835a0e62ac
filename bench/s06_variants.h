// Stage 06 changes two things at once, as article 000 and article 003 suggest: the
// colour becomes a compile-time constant and the eight directions are written out.
// To tell which of the two matters, these are the two mixed cases (stage 05 is "run-time
// colour, loop over DIR", stage 06 "constant colour, unrolled"):
// - colourLoop: the colour a template parameter, the directions a loop over s05::DIR;
// - unrolledRunTimeColour: stage 05's scan with its colour variable, the eight offsets
//   written out.
// Used by bench/s06_variants_bench.cpp, checked by tests/s06_variants_test.cpp.
#pragma once
#include "s05_cell91/s05_cell91.h"
#include "s06_unrolled/s06_unrolled.h"
#include "stage_list.h"  // Stage_s05, Stage_s06

namespace s06_variants {

template <uint8_t ME>
inline int lineFlipsStep(const s06::Board& b, int pos, int step) {
  const uint8_t OPP = 3 - ME;
  int run = 0;
  for (pos += step;; pos += step) {
    if (b.cells[pos] == OPP) {
      run++;
      continue;
    }
    return b.cells[pos] == ME ? run : 0;
  }
}

template <uint8_t ME>
inline int countFlipsLoopAt(const s06::Board& b, int pos) {
  int total = 0;
  for (int d = 0; d < 8; d++) total += lineFlipsStep<ME>(b, pos, s05::DIR[d]);
  return total;
}

/// Colour fixed at compile time, directions a loop over a table.
inline int colourLoop(const s06::Board& b, int x, int y, uint8_t me) {
  const int pos = s06::squareIndex(x, y);
  if (b.cells[pos] != s06::EMPTY) return 0;
  return me == s06::BLACK ? countFlipsLoopAt<s06::BLACK>(b, pos) : countFlipsLoopAt<s06::WHITE>(b, pos);
}

/// Colour a run-time value, the eight directions written out.
inline int unrolledRunTimeColour(const s05::Board& b, int x, int y, uint8_t me) {
  const int pos = s05::squareIndex(x, y);
  if (b.cells[pos] != s05::EMPTY) return 0;
  return s05::lineFlips(b, pos, me, -9) + s05::lineFlips(b, pos, me, -8) + s05::lineFlips(b, pos, me, +1) +
         s05::lineFlips(b, pos, me, +10) + s05::lineFlips(b, pos, me, +9) + s05::lineFlips(b, pos, me, +8) +
         s05::lineFlips(b, pos, me, -1) + s05::lineFlips(b, pos, me, -10);
}

}  // namespace s06_variants

namespace reversi {
/// Stage 06's board and play, countFlips with the constant colour but the loop.
struct S06ColourLoop : Stage_s06 {
  static constexpr int (*countFlips)(const Board&, int, int, uint8_t) = &s06_variants::colourLoop;
};
/// Stage 05's board and play, countFlips with the run-time colour but unrolled.
struct S05Unrolled : Stage_s05 {
  static constexpr int (*countFlips)(const Board&, int, int, uint8_t) = &s06_variants::unrolledRunTimeColour;
};
}  // namespace reversi
