// e11_parallel — Arduino sketch for search step 11 (step 10's solver on several threads).
//
// What it prints, and the program that prints it: e01_minimax/e01_sketch.h, which every
// search step's sketch runs with its own step (from step 05 with its table: e05_table/e05_sketch_table.h).
// Then a game against a person over Serial (e07_patterns/e07_game.h).
// The move generator is stage 07 (the fastest array stage on AVR).
//
// The sketch searches on one thread, step 10's search: the boards' builds have no threads
// (no exceptions either), and the sketch builds the step without them everywhere
// (E11_THREADS), so that its host build prints what its boards print. An ESP32 has two
// cores; the step's page says what was and was not tried on one.
//
// In the Arduino IDE, open the copy that `./lab sketches` writes, build/sketches/e11_parallel/:
// there every file this one includes is inside the sketch's own folder (docs/esp32.md).

#define E11_THREADS 0
#include "../s07_recursion/s07_recursion.h"
#include "e11_parallel.h"

namespace step = e11;
const char STEP_NAME[] = "e11_parallel";
const char STEP_TITLE[] = "step 10's solver on several threads, one shared table";

#include "../e01_minimax/e01_sketch.h"
#include "../e05_table/e05_sketch_table.h"
#include "../e07_patterns/e07_game.h"

void loop() { game::serve(); }
