// e12_more_games — Arduino sketch for search step 12 (step 11 with weights trained on more games).
//
// What it prints, and the program that prints it: e01_minimax/e01_sketch.h, which every
// search step's sketch runs with its own step (from step 05 with its table: e05_table/e05_sketch_table.h).
// Then a game against a person over Serial (e07_patterns/e07_game.h).
// The move generator is stage 07 (the fastest array stage on AVR).
//
// As step 11's sketch, it searches on one thread (E11_THREADS 0: the boards' builds have
// no threads), so its host build prints what its boards print. Its weights are its own
// two megabytes (e12_weights.h) in place of step 07's: the same size.
//
// In the Arduino IDE, open the copy that `./lab sketches` writes, build/sketches/e12_more_games/:
// there every file this one includes is inside the sketch's own folder (docs/esp32.md).

#define E11_THREADS 0
#include "../s07_recursion/s07_recursion.h"
#include "e12_more_games.h"

namespace step = e12;
const char STEP_NAME[] = "e12_more_games";
const char STEP_TITLE[] = "step 11 with weights trained on more games";

#include "../e01_minimax/e01_sketch.h"
#include "../e05_table/e05_sketch_table.h"
#include "../e07_patterns/e07_game.h"

void loop() { game::serve(); }
