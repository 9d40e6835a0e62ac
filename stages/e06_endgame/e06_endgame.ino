// e06_endgame — Arduino sketch for search step 06 (an exact endgame solver).
//
// What it prints, and the program that prints it: e01_minimax/e01_sketch.h, which every
// search step's sketch runs with its own step (from step 05 with its table: e05_table/e05_sketch_table.h).
// The move generator is stage 07 (the fastest array stage on AVR).
//
// In the Arduino IDE, open the copy that `./lab sketches` writes, build/sketches/e06_endgame/:
// there every file this one includes is inside the sketch's own folder (docs/esp32.md).

#include "../s07_recursion/s07_recursion.h"
#include "e06_endgame.h"

namespace step = e06;
const char STEP_NAME[] = "e06_endgame";
const char STEP_TITLE[] = "an exact endgame solver";

#include "../e01_minimax/e01_sketch.h"
#include "../e05_table/e05_sketch_table.h"

void loop() {}
