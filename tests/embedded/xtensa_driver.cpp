// The Xtensa harness: one stage header, compiled freestanding for the lx106 core (the
// ESP8266's; the ESP32's LX6 is a relative), run under qemu-system-xtensa -M sim
// -icount shift=0. It computes the article's grid on the golden position, checks it
// (and legalMoves and play against it), and prints how many instructions each
// operation takes:
//   flipscan instructions=N     countFlips on all 64 squares
//   legalmoves instructions=N   legalMoves once
//   play instructions=N         copy the board, play the move that flips 2, read a square
// then DONE. Exit status 0 when every check passed, 1 otherwise.
//
// How instructions are counted: with -icount shift=0 QEMU's virtual clock advances
// 1 ns per instruction, and the CCOUNT register follows that clock at the core's
// configured 40 MHz, one tick per 25 instructions. So each operation runs REPS = 1024
// times, an empty function as often, and instructions = (ticks - empty ticks) * 25 /
// 1024: the error (at most 2 ticks) is under 0.05 instructions, so rounding gives the
// exact count. The 25 is checked first on a loop of known length.
//
// Built with -DSTAGE_HEADER='"sNN_name/sNN_name.h"' -DSTAGE_NS=sNN; golden_data.h is
// generated from common/library/golden.h by tests/embedded/embedded.py; xtensa_support.cpp
// supplies memcpy and memset.
#include <stdint.h>

#include STAGE_HEADER
#include "golden_data.h"
#include "xtensa_support.h"

namespace stage = STAGE_NS;

using xtensa::INSTRUCTIONS_PER_TICK;
using xtensa::ccount;
using xtensa::print;
using xtensa::printNumber;

namespace {

stage::Board board;
volatile uint8_t timedSide = stage::BLACK;  // read at run time: the work cannot be folded
volatile int sink;

// noinline: each operation is one real call, so `empty` measures the call and loop.
__attribute__((noinline)) void empty() {}

__attribute__((noinline)) void flipScan() {
  const uint8_t me = timedSide;
  int sum = 0;
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 8; x++) sum += stage::countFlips(board, x, y, me);
  sink = sum;
}

__attribute__((noinline)) void legalMovesOnce() {
  uint8_t moves[64];
  sink = stage::legalMoves(board, timedSide, moves);
}

__attribute__((noinline)) void playOnce() {
  stage::Board copy = board;
  sink = stage::play(copy, 4, 6, timedSide) + stage::cell(copy, 4, 5);
}

const int REPS_LOG2 = 10;  // 1024 repetitions: dividing by them is a shift

uint32_t ticks(void (*work)()) {
  const uint32_t c0 = ccount();
  for (int r = 0; r < (1 << REPS_LOG2); r++) work();
  return ccount() - c0;
}

// Instructions per call of work, beyond an empty call; prints "<name> instructions=N".
void measure(const char* name, void (*work)(), uint32_t emptyTicks) {
  const uint32_t t = ticks(work) - emptyTicks;
  print(name);
  print(" instructions=");
  printNumber((t * INSTRUCTIONS_PER_TICK + (1u << (REPS_LOG2 - 1))) >> REPS_LOG2);
  print("\n");
}

// CCOUNT must advance one tick per INSTRUCTIONS_PER_TICK instructions: a loop of
// 2 * 2^20 + 1 instructions (addi, bnez per turn) must take that many ticks, +-1.
bool ccountRateIsKnown() {
  const uint32_t n = 1u << 20;
  const uint32_t c0 = ccount();
  __asm__ volatile("mov a8, %0\n1: addi a8, a8, -1\n bnez a8, 1b" : : "a"(n) : "a8");
  const uint32_t t = ccount() - c0;
  const uint32_t expected = 2 * n + 1;
  return t * INSTRUCTIONS_PER_TICK + 2 * INSTRUCTIONS_PER_TICK >= expected &&
         t * INSTRUCTIONS_PER_TICK <= expected + 2 * INSTRUCTIONS_PER_TICK;
}

bool fail(const char* why) {
  print("FAILED: ");
  print(why);
  print("\n");
  return false;
}

// The grid as the sketches print it, compared with the article's; then legalMoves and
// play must agree with the grid's digits.
bool check() {
  stage::clear(board);
  for (int i = 0; i < 64; i++) {
    const char c = GOLDEN_POSITION[i];
    stage::setCell(board, i & 7, i >> 3, c == 'X' ? stage::BLACK : c == 'O' ? stage::WHITE : stage::EMPTY);
  }
  char grid[8 * 16 + 1];
  int n = 0, legal = 0;
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 8; x++) {
      const uint8_t c = stage::cell(board, x, y);
      const int flips = stage::countFlips(board, x, y, stage::BLACK);
      if (flips > 9) return fail("more than 9 flips on the golden position");
      grid[n++] = c == stage::WHITE ? 'W' : c == stage::BLACK ? 'B' : char('0' + flips);
      grid[n++] = x < 7 ? ' ' : '\n';
      legal += flips > 0;
    }
  grid[n] = 0;
  print(grid);
  for (int i = 0; i <= n; i++)
    if (grid[i] != GOLDEN_GRID[i]) return fail("the grid differs from the article's");

  uint8_t moves[64];
  const int count = stage::legalMoves(board, stage::BLACK, moves);
  if (count != legal) return fail("legalMoves disagrees with the grid");
  for (int i = 0; i < count; i++)
    if (GOLDEN_GRID[moves[i] * 2] < '1' || (i > 0 && moves[i] <= moves[i - 1]))
      return fail("legalMoves lists a square the grid says is illegal, or out of order");

  stage::Board copy = board;
  const int expected = GOLDEN_GRID[(6 * 8 + 4) * 2] - '0';
  if (stage::play(copy, 4, 6, stage::BLACK) != expected || stage::cell(copy, 4, 6) != stage::BLACK ||
      stage::cell(copy, 4, 5) != stage::BLACK)
    return fail("play(4, 6) does not flip what the grid says");
  return true;
}

}  // namespace

int main() {
  print("xtensa lx106: ");
  print(STAGE_HEADER);
  print("\n");
  if (!check()) return 1;
  if (!ccountRateIsKnown()) return fail("CCOUNT does not tick once per 25 instructions (run with -icount shift=0)");
  const uint32_t emptyTicks = ticks(empty);
  measure("flipscan", flipScan, emptyTicks);
  measure("legalmoves", legalMovesOnce, emptyTicks);
  measure("play", playOnce, emptyTicks);
  print("DONE\n");
  return 0;
}
