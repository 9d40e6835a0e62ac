// e02_alphabeta — Arduino sketch for search step 02 (alpha-beta).
//
// What it prints, and the program that prints it: e01_minimax/e01_sketch.h, which every
// search step's sketch runs with its own step.
// The move generator is stage 07 (the fastest array stage on AVR).
//
// In the Arduino IDE, open the copy that `./lab sketches` writes, build/sketches/e02_alphabeta/:
// there every file this one includes is inside the sketch's own folder (docs/esp32.md).

#include "../s07_recursion/s07_recursion.h"
#include "e02_alphabeta.h"

namespace step = e02;
const char STEP_NAME[] = "e02_alphabeta";
const char STEP_TITLE[] = "alpha-beta";

#include "../e01_minimax/e01_sketch.h"

void lendTable() {}  // no table before step 05
void loop() {}
