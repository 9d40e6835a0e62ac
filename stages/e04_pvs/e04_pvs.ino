// e04_pvs — Arduino sketch for search step 04 (PVS and iterative deepening).
//
// What it prints, and the program that prints it: e01_minimax/e01_sketch.h, which every
// search step's sketch runs with its own step.
// The move generator is stage 07 (the fastest array stage on AVR).
//
// In the Arduino IDE, open the copy that `./lab sketches` writes, build/sketches/e04_pvs/:
// there every file this one includes is inside the sketch's own folder (docs/esp32.md).

#include "../s07_recursion/s07_recursion.h"
#include "e04_pvs.h"

namespace step = e04;
const char STEP_NAME[] = "e04_pvs";
const char STEP_TITLE[] = "PVS with iterative deepening";

#include "../e01_minimax/e01_sketch.h"

void lendTable() {}  // no table before step 05
void loop() {}
