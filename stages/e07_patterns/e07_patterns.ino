// e07_patterns — Arduino sketch for search step 07 (a learned evaluation).
//
// What it prints, and the program that prints it: e01_minimax/e01_sketch.h, which every
// search step's sketch runs with its own step (from step 05 with its table: e05_table/e05_sketch_table.h).
// Then a game against a person over Serial (e07_patterns/e07_game.h).
// The move generator is stage 07 (the fastest array stage on AVR).
//
// In the Arduino IDE, open the copy that `./lab sketches` writes, build/sketches/e07_patterns/:
// there every file this one includes is inside the sketch's own folder (docs/esp32.md).

#include "../s07_recursion/s07_recursion.h"
#include "e07_patterns.h"

namespace step = e07;
const char STEP_NAME[] = "e07_patterns";
const char STEP_TITLE[] = "a learned evaluation";

#include "../e01_minimax/e01_sketch.h"
#include "../e05_table/e05_sketch_table.h"
#include "../e07_patterns/e07_game.h"

void loop() { game::serve(); }
