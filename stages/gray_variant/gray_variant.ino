// gray_variant — Arduino sketch for the gray-stone variant sidebar (article 002).
//
// Plays one automatic game, black random (seed SEED), white greedy, and prints it at
// 115200 baud exactly as `reversi-lab gray --auto --black random --white greedy
// --seed 1` does: a line "game black=random white=greedy seed=1", the board (B black,
// W white, G gray, . empty) with the counts and the token, then after each move
// "move N: black c3" (" converts" for a gray stone turned) and the board again,
// "<colour> passes" for a pass, and the result. Then two timing lines,
// "<name> reps=<N> us=<microseconds>"; on an ESP32 one line
//   result stage=gray_variant board=esp32 cpu_mhz=<M> stack_free=<bytes of the loop task's stack never used>
// and DONE.

#include "gray_variant.h"

namespace gv = gray_variant;

const uint32_t SEED = 1;
const int LEGALMOVES_REPS = 100;

gv::Game game;
volatile long sink = 0;  // keeps the timed work from being optimised away

const char* colourName(uint8_t side) { return side == gv::BLACK ? "black" : "white"; }

void printBoard(const gv::Game& g) {
  Serial.println("  a b c d e f g h i");
  char row[2 * gv::SIZE];
  for (int r = 1; r <= gv::SIZE; r++) {
    gv::rowText(g, r, row);
    Serial.print(r);
    Serial.print(' ');
    Serial.println(row);
  }
  Serial.print("black ");
  Serial.print(gv::count(g, gv::BLACK));
  Serial.print(" white ");
  Serial.print(gv::count(g, gv::WHITE));
  Serial.print(" gray ");
  Serial.print(gv::count(g, gv::GRAY));
  Serial.print(" token ");
  Serial.println((int)g.token);
}

// Plays the game from the start; prints it when `print`. Returns the moves played.
int playGame(bool print) {
  gv::Game& g = game;
  gv::newGame(g);
  uint32_t rng = gv::randomState(SEED);
  if (print) {
    Serial.print("game black=random white=greedy seed=");
    Serial.println((unsigned long)SEED);
    printBoard(g);
  }
  uint8_t moves[gv::MAX_MOVES];
  while (!gv::isOver(g)) {
    const int n = gv::legalMoves(g, moves);
    if (n == 0) {
      if (print) {
        Serial.print(colourName(g.turn));
        Serial.println(" passes");
      }
      gv::pass(g);
      continue;
    }
    const uint8_t m = g.turn == gv::BLACK ? gv::pickRandom(rng, moves, n) : gv::pickGreedy(g, moves, n);
    const int row = m >> 4, col = m & 15;
    const bool conversion = g.cell[row][col] == gv::GRAY;
    const uint8_t mover = g.turn;
    gv::play(g, row, col);
    if (print) {
      Serial.print("move ");
      Serial.print(g.move);
      Serial.print(": ");
      Serial.print(colourName(mover));
      Serial.print(' ');
      Serial.print((char)('a' + col - 1));
      Serial.print(row);
      Serial.println(conversion ? " converts" : "");
      printBoard(g);
    }
  }
  if (print) {
    const uint8_t w = gv::winner(g);
    Serial.print("result: ");
    if (w == gv::EMPTY) {
      Serial.println("draw");
    } else {
      Serial.print(colourName(w));
      Serial.print(" wins");
      // Equal stones: the token decided it.
      Serial.println(gv::count(g, gv::BLACK) == gv::count(g, gv::WHITE) ? " on fewer conversions" : "");
    }
  }
  return g.move;
}

void setup() {
  Serial.begin(115200);
  delay(250);  // give a serial monitor a moment to attach
  Serial.println("gray_variant: an automatic game of the gray-stone variant");
  playGame(true);

  gv::Game start;
  gv::newGame(start);
  uint8_t moves[gv::MAX_MOVES];
  unsigned long t0 = micros();
  for (int r = 0; r < LEGALMOVES_REPS; r++) sink = sink + gv::legalMoves(start, moves);
  unsigned long us = micros() - t0;
  Serial.print("legalmoves reps=");
  Serial.print(LEGALMOVES_REPS);
  Serial.print(" us=");
  Serial.println(us);

  t0 = micros();
  sink = sink + playGame(false);
  us = micros() - t0;
  Serial.print("game reps=1 us=");
  Serial.println(us);
#if defined(ARDUINO_ARCH_ESP32)
  Serial.print("result stage=gray_variant board=esp32 cpu_mhz=");
  Serial.print(getCpuFrequencyMhz());
  Serial.print(" stack_free=");  // bytes of the loop task's stack never used so far
  Serial.println(uxTaskGetStackHighWaterMark(NULL));
#endif
  Serial.println("DONE");
}

void loop() {}
