// go_capture — Arduino sketch for the Go-capture sidebar (article 001).
//
// Prints, at 115200 baud: a title line; "board:" and the article's board; "recursive:"
// and the board after the recursive fill (captured stones 9, the article's first
// output); "sweep:" and the board after the sweep (only captured stones still 2, the
// article's second output); one line per method with its count; one timing line per
// method, "<name> reps=<N> us=<microseconds>", each rep on a fresh copy of the board,
// as the article timed it; on an ESP32 one line
//   result stage=go_capture board=esp32 cpu_mhz=<M> stack_free=<bytes of the loop task's stack never used>
// then DONE.

#include "go_capture.h"

namespace go = go_capture;

// On an ESP32, setup() and loop() run in the Arduino core's loop task, whose stack is
// 8 KB unless the sketch asks for more (SET_LOOP_TASK_STACK_SIZE, core 2.0.2 and later).
// captureRecursive is as deep as the group it walks, one stack frame a level: the 9 x 9
// board's worst case (80 levels) fits in 8 KB, a 19 x 19 board's (360 levels) does not
// on the ESP32's Xtensa core, whose windowed calls make big frames (the stack table in the
// ESP32 guide, docs/esp32.md, gives the frame and the total for each core).
// 24 KB leaves room to try 19 x 19 here; the 9 x 9 sketch itself needs far less.
#if defined(ARDUINO_ARCH_ESP32) && defined(SET_LOOP_TASK_STACK_SIZE)
SET_LOOP_TASK_STACK_SIZE(24 * 1024);
#endif

// The article's board; 1 (black) has just played row 0, column 7.
const uint8_t ARTICLE[9][9] = {
    {0, 0, 0, 1, 2, 1, 0, 1, 0},  // row 0
    {0, 1, 1, 1, 2, 2, 1, 2, 1},  // row 1
    {1, 2, 2, 1, 2, 2, 1, 2, 1},  // row 2
    {2, 2, 1, 1, 2, 2, 1, 2, 1},  // row 3
    {1, 2, 1, 1, 2, 2, 2, 2, 2},  // row 4
    {1, 2, 2, 2, 2, 1, 1, 2, 2},  // row 5
    {1, 1, 1, 1, 1, 2, 1, 1, 1},  // row 6
    {0, 1, 2, 2, 2, 2, 1, 0, 0},  // row 7
    {1, 2, 0, 2, 0, 2, 2, 1, 1},  // row 8
};
const int PLAYED_ROW = 0, PLAYED_COL = 7;
const int REPS = 1000;

go::Board<9> article;
volatile long sink = 0;  // keeps the timed work from being optimised away

void printBoard(const char* label, const go::Board<9>& b) {
  Serial.println(label);
  for (int r = 0; r < 9; r++) {
    for (int c = 0; c < 9; c++) {
      Serial.print((int)b.cell[r][c]);
      if (c < 8) Serial.print(' ');
    }
    Serial.println();
  }
}

void printCount(const char* name, int captured) {
  Serial.print(name);
  Serial.print(" captured=");
  Serial.println(captured);
}

// The four methods, each on a fresh copy of the article's board.
long runRecursive() {
  go::Board<9> b = article;
  return go::captureRecursive(b, PLAYED_ROW, PLAYED_COL);
}
long runSweep() {
  go::Board<9> b = article;
  return go::sweepEmpties(b);
}
long runStack() {
  go::Board<9> b = article;
  return go::captureStack(b);
}
long runBitboard() {
  go::Board<9> b = article;
  return go::captureBitboard(b);
}

void timeMethod(const char* name, long (*method)()) {
  const unsigned long t0 = micros();
  for (int r = 0; r < REPS; r++) sink = sink + method();
  const unsigned long us = micros() - t0;
  Serial.print(name);
  Serial.print(" reps=");
  Serial.print(REPS);
  Serial.print(" us=");
  Serial.println(us);
}

void setup() {
  Serial.begin(115200);
  delay(250);  // give a serial monitor a moment to attach
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++) article.cell[r][c] = ARTICLE[r][c];

  Serial.println("go_capture: four ways to find the stones a move captures");
  printBoard("board:", article);

  go::Board<9> b = article;
  const int recursive = go::captureRecursive(b, PLAYED_ROW, PLAYED_COL);
  printBoard("recursive:", b);
  printCount("recursive", recursive);

  b = article;
  const int scans = go::sweepEmpties(b);
  printBoard("sweep:", b);
  b = article;
  Serial.print("sweep captured=");
  Serial.print(go::captureSweep(b));
  Serial.print(" scans=");
  Serial.println(scans);

  b = article;
  printCount("stack", go::captureStack(b));
  b = article;
  printCount("bitboard", go::captureBitboard(b));

  timeMethod("recursive", runRecursive);
  timeMethod("sweep", runSweep);
  timeMethod("stack", runStack);
  timeMethod("bitboard", runBitboard);
#if defined(ARDUINO_ARCH_ESP32)
  Serial.print("result stage=go_capture board=esp32 cpu_mhz=");
  Serial.print(getCpuFrequencyMhz());
  Serial.print(" stack_free=");  // bytes of the loop task's stack never used so far
  Serial.println(uxTaskGetStackHighWaterMark(NULL));
#endif
  Serial.println("DONE");
}

void loop() {}
