// s06_unrolled — Arduino sketch for stage 06 (colour and directions fixed at compile time).
//
// Prints, at 115200 baud: a title line; the article's golden grid (for every square
// of the test position, W or B for a stone, otherwise how many stones black would
// flip there); three timing lines "<name> reps=<N> us=<microseconds>"; on an ESP32
// one machine-readable line with CPU cycles per operation,
//   result stage=<folder> board=esp32 cpu_mhz=<M> flipscan_cycles=<C> flipscan_reps=<N>
//          legalmoves_cycles=<C> legalmoves_reps=<N> play_cycles=<C> play_reps=<N>
//          stack_free=<bytes of the loop task's stack never used>
// (one line; cycles averaged over the reps); then DONE.
// On AVR each operation also runs once with interrupts off between two writes to the
// spare register GPIOR0 (the block's number, then 0). The simulator runner
// tests/embedded/simavr_run.c reads its exact cycle counter at those writes; on a
// real board they change nothing.
// Apart from this first comment, only the lines marked "stage" differ between the
// stages' sketches.

#include "s06_unrolled.h"  // stage

namespace stage = s06;  // stage

// The position from the M5Stack/ESP32 Othello article: 0 empty, 1 white, 2 black.
const uint8_t GOLDEN[8][8] = {
    {0, 0, 0, 0, 0, 0, 0, 0},  // y = 0
    {0, 0, 0, 0, 0, 0, 0, 0},  // y = 1
    {0, 0, 0, 0, 1, 0, 1, 0},  // y = 2
    {0, 0, 0, 1, 2, 2, 0, 0},  // y = 3
    {0, 0, 0, 2, 1, 0, 1, 0},  // y = 4
    {0, 0, 0, 0, 1, 0, 0, 0},  // y = 5
    {0, 0, 0, 0, 0, 0, 0, 0},  // y = 6
    {0, 0, 0, 0, 0, 0, 0, 0},  // y = 7
};

const int FLIPSCAN_REPS = 100;
const int LEGALMOVES_REPS = 100;
const int PLAY_REPS = 1000;

// Results go into sink so the compiler cannot drop the work. The side to move is
// read from a volatile on every repetition, so the work cannot be hoisted out of
// the timing loop either (it is always BLACK).
volatile long sink = 0;
volatile uint8_t timedSide = stage::BLACK;

stage::Board board;

// The timed operations. noinline keeps each one a real call, the same in every
// measurement, so that the empty one (nothing) measures the cost of the call itself.
__attribute__((noinline)) void nothing() {}

__attribute__((noinline)) void flipScan() {  // countFlips on all 64 squares
  const uint8_t me = timedSide;
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 8; x++) sink = sink + stage::countFlips(board, x, y, me);
}

__attribute__((noinline)) void legalMovesOnce() {
  uint8_t moves[64];
  sink = sink + stage::legalMoves(board, timedSide, moves);
}

__attribute__((noinline)) void playOnce() {
  stage::Board copy = board;
  sink = sink + stage::play(copy, 4, 6, timedSide);  // the square that flips 2
  sink = sink + stage::cell(copy, 4, 5);
}

// CPU cycles since reset where the board has a counter (ESP32), else 0.
unsigned long cycleCount() {
#if defined(ARDUINO_ARCH_ESP32)
  return ESP.getCycleCount();
#else
  return 0;
#endif
}

// Runs work reps times and prints "<name> reps=<reps> us=<microseconds>". Returns
// the CPU cycles per run (0 without a cycle counter). On AVR it then runs work once
// more between two GPIOR0 marks for the simulator (see the top comment).
unsigned long timeWork(const char* name, void (*work)(), int reps, uint8_t mark) {
  const unsigned long c0 = cycleCount();
  const unsigned long t0 = micros();
  for (int r = 0; r < reps; r++) work();
  const unsigned long us = micros() - t0;
  const unsigned long cycles = cycleCount() - c0;
  if (name) {
    Serial.print(name);
    Serial.print(" reps=");
    Serial.print(reps);
    Serial.print(" us=");
    Serial.println(us);
  }
#if defined(__AVR__) && defined(GPIOR0)
  Serial.flush();  // no UART interrupt inside the marked block
  noInterrupts();
  GPIOR0 = mark;
  work();
  GPIOR0 = 0;
  interrupts();
#else
  (void)mark;
#endif
#if defined(ARDUINO_ARCH_ESP32)
  return (cycles + reps / 2) / reps;
#else
  return cycles;  // 0: no cycle counter, and no division for boards without a divider
#endif
}

void setup() {
  Serial.begin(115200);
  delay(250);  // give a serial monitor a moment to attach

  stage::clear(board);
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 8; x++) stage::setCell(board, x, y, GOLDEN[y][x]);

  Serial.println("s06_unrolled: colour and directions fixed at compile time");  // stage

  for (int y = 0; y < 8; y++) {
    for (int x = 0; x < 8; x++) {
      const uint8_t c = stage::cell(board, x, y);
      if (c == stage::WHITE) Serial.print('W');
      else if (c == stage::BLACK) Serial.print('B');
      else Serial.print(stage::countFlips(board, x, y, stage::BLACK));
      if (x < 7) Serial.print(' ');
    }
    Serial.println();
  }

  timeWork(0, nothing, 1, 4);  // mark 4: the cost of the call and the marks alone
  const unsigned long flipscan = timeWork("flipscan", flipScan, FLIPSCAN_REPS, 1);
  const unsigned long legalmoves = timeWork("legalmoves", legalMovesOnce, LEGALMOVES_REPS, 2);
  const unsigned long play = timeWork("play", playOnce, PLAY_REPS, 3);

#if defined(ARDUINO_ARCH_ESP32)
  Serial.print("result stage=s06_unrolled board=esp32 cpu_mhz=");  // stage
  Serial.print(getCpuFrequencyMhz());
  Serial.print(" flipscan_cycles=");
  Serial.print(flipscan);
  Serial.print(" flipscan_reps=");
  Serial.print(FLIPSCAN_REPS);
  Serial.print(" legalmoves_cycles=");
  Serial.print(legalmoves);
  Serial.print(" legalmoves_reps=");
  Serial.print(LEGALMOVES_REPS);
  Serial.print(" play_cycles=");
  Serial.print(play);
  Serial.print(" play_reps=");
  Serial.print(PLAY_REPS);
  Serial.print(" stack_free=");  // bytes of the loop task's stack never used so far
  Serial.println(uxTaskGetStackHighWaterMark(NULL));
#else
  (void)flipscan, (void)legalmoves, (void)play;
#endif

  Serial.println("DONE");
}

void loop() {}
