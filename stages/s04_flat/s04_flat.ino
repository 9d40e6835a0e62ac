// s04_flat — Arduino sketch for stage 04 (the walled 10x10 board as a 1-D array).
//
// Prints, at 115200 baud: a title line; the article's golden grid (for every square
// of the test position, W or B for a stone, otherwise how many stones black would
// flip there); three timing lines "<name> reps=<N> us=<microseconds>"; then DONE.
// Apart from this first comment, only the lines marked "stage" differ between the
// stages' sketches.

#include "s04_flat.h"  // stage

namespace stage = s04;  // stage

// The position from the M5Stack/ESP32 Othello article: 0 empty, 1 white, 2 black.
const uint8_t GOLDEN[8][8] = {
    {0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 1, 0, 1, 0},
    {0, 0, 0, 1, 2, 2, 0, 0},
    {0, 0, 0, 2, 1, 0, 1, 0},
    {0, 0, 0, 0, 1, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0},
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

void setup() {
  Serial.begin(115200);
  delay(250);  // give a serial monitor a moment to attach

  stage::clear(board);
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 8; x++) stage::setCell(board, x, y, GOLDEN[y][x]);

  Serial.println("s04_flat: the walled 10x10 board as a 1-D array");  // stage

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

  unsigned long t0 = micros();
  for (int r = 0; r < FLIPSCAN_REPS; r++) {
    const uint8_t me = timedSide;
    for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++) sink = sink + stage::countFlips(board, x, y, me);
  }
  unsigned long us = micros() - t0;
  Serial.print("flipscan reps=");
  Serial.print(FLIPSCAN_REPS);
  Serial.print(" us=");
  Serial.println(us);

  uint8_t moves[64];
  t0 = micros();
  for (int r = 0; r < LEGALMOVES_REPS; r++)
    sink = sink + stage::legalMoves(board, timedSide, moves);
  us = micros() - t0;
  Serial.print("legalmoves reps=");
  Serial.print(LEGALMOVES_REPS);
  Serial.print(" us=");
  Serial.println(us);

  t0 = micros();
  for (int r = 0; r < PLAY_REPS; r++) {
    stage::Board copy = board;
    sink = sink + stage::play(copy, 4, 6, timedSide);  // the square that flips 2
    sink = sink + stage::cell(copy, 4, 5);
  }
  us = micros() - t0;
  Serial.print("play reps=");
  Serial.print(PLAY_REPS);
  Serial.print(" us=");
  Serial.println(us);

  Serial.println("DONE");
}

void loop() {}
