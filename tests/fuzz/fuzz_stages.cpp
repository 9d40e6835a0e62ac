// libFuzzer harness, differential: turns the bytes into a position (reachable by
// play from the start, or any arrangement of stones), a square and a colour, and
// compares every stage of the registry (stage_list.h) with the reference: countFlips on
// every square for both colours, legalMoves for both, every legal move played, and
// countFlips + play of the chosen colour on the chosen square (legal or not).
//
// Bytes: [0] bit 0: 0 reachable, 1 arbitrary; bit 1: the colour (0 black, 1 white);
//            bit 2: side to move of an arbitrary board (0 black, 1 white)
//        [1] the square (low 6 bits, y*8+x)
//        reachable: each further byte picks one legal move (byte mod the count; a
//                   side without moves passes; the game may end early)
//        arbitrary: 16 further bytes, 2 bits per square a1..h8 (0, 3 empty; 1 white;
//                   2 black); missing bytes leave squares empty
#include <cstdint>
#include <cstdio>

#include "differential.h"
#include "fuzz_check.h"

using namespace reversi;

namespace {

// Replayed on the fastest stage's board, not the reference's: the reference builds a
// list per square, which made the replay most of the harness's time. A stage that
// played wrongly here would still be caught: every stage, this one too, is then
// compared with the reference on the position reached.
Position reachable(const uint8_t* data, size_t size) {
  using F = testing::FastestStage;
  F::Board b = load<F>(startPosition());
  uint8_t side = BLACK, moves[64];
  for (size_t i = 0; i < size; ++i) {
    int n = F::legalMoves(b, side, moves);
    if (n == 0) {
      side = opponent(side);  // pass, or the end of the game
      n = F::legalMoves(b, side, moves);
      if (n == 0) break;
    }
    const int sq = moves[data[i] % n];
    F::play(b, sq & 7, sq >> 3, side);
    side = opponent(side);
  }
  return snapshot<F>(b, side);
}

Position arbitrary(const uint8_t* data, size_t size, uint8_t toMove) {
  Position p;
  for (int sq = 0; sq < 64; ++sq) {
    const size_t byte = size_t(sq) / 4;
    const int v = byte < size ? (data[byte] >> (2 * (sq & 3))) & 3 : 0;
    p.cells[sq] = v == 1 ? WHITE : v == 2 ? BLACK : EMPTY;
  }
  p.toMove = toMove;
  return p;
}

}  // namespace

// The reference allocates a small list per legal square, some thousands per second:
// recording each allocation's call stack was a tenth of the run, and this harness looks
// for differences, not heap misuse of its own (ASan still checks every access).
extern "C" const char* __asan_default_options() { return "malloc_context_size=0"; }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const uint8_t mode = data[0];
  const uint8_t me = (mode & 2) ? WHITE : BLACK;
  const int square = data[1] & 63;
  const Position p = (mode & 1) ? arbitrary(data + 2, size - 2, (mode & 4) ? WHITE : BLACK) : reachable(data + 2, size - 2);
  const std::string diff = testing::allStagesDifference(p, square, me);
  if (!diff.empty()) std::fprintf(stderr, "%s\nposition: %s\n", diff.c_str(), formatPosition(p).c_str());
  FUZZ_CHECK(diff.empty(), "a stage differs from the reference");
  return 0;
}
