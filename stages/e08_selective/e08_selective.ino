// e08_selective — Arduino sketch for search step 08 (selective search).
//
// What it prints, and the program that prints it: e01_minimax/e01_sketch.h, which every
// search step's sketch runs with its own step (from step 05 with its table: e05_table/e05_sketch_table.h).
// Then a game against a person over Serial (e07_patterns/e07_game.h).
// The move generator is stage 07 (the fastest array stage on AVR).
//
// In the Arduino IDE, open the copy that `./lab sketches` writes, build/sketches/e08_selective/:
// there every file this one includes is inside the sketch's own folder (docs/esp32.md).

#include "../s07_recursion/s07_recursion.h"
#include "e08_selective.h"

namespace step = e08;
const char STEP_NAME[] = "e08_selective";
const char STEP_TITLE[] = "selective search";

#include "../e01_minimax/e01_sketch.h"
#include "../e05_table/e05_sketch_table.h"
#include "../e07_patterns/e07_game.h"

void loop() { game::serve(); }
