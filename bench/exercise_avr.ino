// exercise_avr — the exercise checker's own sketch for an AVR (cycles) exercise.
//
// A copy's sketch is not what the checker runs: exercises/exercises.py compiles this one
// with the candidate's header (exercise_stage.h, which it writes beside this file, names
// the header and its namespace), runs it in simavr, and compares everything it prints
// with the same sketch built on the host with the untouched start (tests/arduino's
// shim). So the cycles come from work this file fixes, and they count only when the
// AVR build itself gave the start's answers: a copy that does less work only under
// __AVR__, or that is wrong only where int is 16 bits, prints something else here.
//
// It prints, at 115200 baud:
//   the title; the article's golden grid (as the stages' sketches print it);
//   one line per ply of a few games played from the start with a fixed pseudo-random
//     choice among the legal moves:
//     "game G ply P S moves M,M,... flips H play M:N board H"
//     S the side to move (B or W), flips a hash of countFlips on all 64 squares for both
//     sides, play the square played and what play() returned, board a hash of cell()
//     on all 64 squares after it; "pass" when S has no move;
//   "game G end black N white N";
//   "timed sink=N": what the timed work below computed;
//   DONE.
// The timed work runs once each between two writes to GPIOR0 (the mark's number, then
// 0), with interrupts off, on the golden position: 4 nothing (the cost of the call and
// the marks), 1 countFlips on all 64 squares, 2 legalMoves, 3 play on a copy. The
// numbers are bench/embedded_report.py's MARKS, which simavr_run reports with their
// exact cycle counts.

#include "exercise_stage.h"  // written by the checker: the header under test, `stage`

// The position from the M5Stack/ESP32 Othello article: 0 empty, 1 white, 2 black.
const uint8_t GOLDEN[8][8] = {
    {0, 0, 0, 0, 0, 0, 0, 0},  // y = 0
    {0, 0, 0, 0, 0, 0, 0, 0},  // y = 1
    {0, 0, 0, 0, 1, 0, 1, 0},  // y = 2
    {0, 0, 0, 1, 2, 2, 0, 0},  // y = 3
    {0, 0, 0, 2, 1, 0, 1, 0},  // y = 4
    {0, 0, 0, 0, 1, 0, 0, 0},  // y = 5
    {0, 0, 0, 0, 0, 0, 0, 0},  // y = 6
    {0, 0, 0, 0, 0, 0, 0, 0},  // y = 7
};

const int GAMES = 4;

volatile long sink = 0;                     // keeps the timed work from being dropped
volatile uint8_t timedSide = stage::BLACK;  // read each time: nothing is hoisted
stage::Board golden;

__attribute__((noinline)) void nothing() {}

__attribute__((noinline)) void flipScan() {
  const uint8_t me = timedSide;
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 8; x++) sink = sink + stage::countFlips(golden, x, y, me);
}

__attribute__((noinline)) void legalMovesOnce() {
  uint8_t moves[64];
  sink = sink + stage::legalMoves(golden, timedSide, moves);
}

__attribute__((noinline)) void playOnce() {
  stage::Board copy = golden;
  sink = sink + stage::play(copy, 4, 6, timedSide);
  sink = sink + stage::cell(copy, 4, 5);
}

// One run of work between the simulator's marks (a real board would just run it).
void marked(void (*work)(), uint8_t mark) {
#if defined(__AVR__) && defined(GPIOR0)
  Serial.flush();  // no UART interrupt inside the marked block
  noInterrupts();
  GPIOR0 = mark;
  work();
  GPIOR0 = 0;
  interrupts();
#else
  (void)mark;
  work();
#endif
}

// The hashes: 32-bit, written out so that a 16-bit int changes nothing on the checker's side.
uint32_t mix(uint32_t h, uint32_t v) { return (h ^ v) * 16777619UL; }

uint32_t flipHash(const stage::Board& b) {
  uint32_t h = 2166136261UL;
  for (int sq = 0; sq < 64; sq++) {
    h = mix(h, (uint32_t)stage::countFlips(b, sq & 7, sq >> 3, stage::BLACK));
    h = mix(h, (uint32_t)stage::countFlips(b, sq & 7, sq >> 3, stage::WHITE));
  }
  return h;
}

uint32_t boardHash(const stage::Board& b) {
  uint32_t h = 2166136261UL;
  for (int sq = 0; sq < 64; sq++) h = mix(h, stage::cell(b, sq & 7, sq >> 3));
  return h;
}

int countStones(const stage::Board& b, uint8_t colour) {
  int n = 0;
  for (int sq = 0; sq < 64; sq++) n += stage::cell(b, sq & 7, sq >> 3) == colour;
  return n;
}

// One game from the start position; the choice among the legal moves is a fixed
// sequence of numbers, the same on every machine.
void playGame(int game, uint32_t& seed) {
  stage::Board b;
  stage::clear(b);
  stage::setCell(b, 3, 3, stage::WHITE);
  stage::setCell(b, 4, 4, stage::WHITE);
  stage::setCell(b, 3, 4, stage::BLACK);
  stage::setCell(b, 4, 3, stage::BLACK);
  uint8_t me = stage::BLACK;
  int passes = 0;
  for (int ply = 0; passes < 2; ply++) {
    uint8_t moves[64];
    const int n = stage::legalMoves(b, me, moves);
    Serial.print("game ");
    Serial.print(game);
    Serial.print(" ply ");
    Serial.print(ply);
    Serial.print(me == stage::BLACK ? " B moves " : " W moves ");
    for (int i = 0; i < n; i++) {
      if (i) Serial.print(',');
      Serial.print((int)moves[i]);
    }
    Serial.print(" flips ");
    Serial.print((unsigned long)flipHash(b));
    if (n == 0) {
      Serial.println(" pass");
      passes++;
    } else {
      seed = seed * 1103515245UL + 12345UL;
      const uint8_t sq = moves[(seed >> 16) % (uint32_t)n];
      const int flipped = stage::play(b, sq & 7, sq >> 3, me);
      Serial.print(" play ");
      Serial.print((int)sq);
      Serial.print(':');
      Serial.print(flipped);
      Serial.print(" board ");
      Serial.println((unsigned long)boardHash(b));
      passes = 0;
    }
    me = 3 - me;
  }
  Serial.print("game ");
  Serial.print(game);
  Serial.print(" end black ");
  Serial.print(countStones(b, stage::BLACK));
  Serial.print(" white ");
  Serial.println(countStones(b, stage::WHITE));
}

void setup() {
  Serial.begin(115200);
  stage::clear(golden);
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 8; x++) stage::setCell(golden, x, y, GOLDEN[y][x]);
  Serial.print("exercise_avr: ");
  Serial.println(STAGE_TITLE);
  for (int y = 0; y < 8; y++) {
    for (int x = 0; x < 8; x++) {
      const uint8_t c = stage::cell(golden, x, y);
      if (c == stage::WHITE) Serial.print('W');
      else if (c == stage::BLACK) Serial.print('B');
      else Serial.print(stage::countFlips(golden, x, y, stage::BLACK));
      if (x < 7) Serial.print(' ');
    }
    Serial.println();
  }
  uint32_t seed = 20261202UL;
  for (int game = 1; game <= GAMES; game++) playGame(game, seed);
  marked(nothing, 4);
  marked(flipScan, 1);
  marked(legalMovesOnce, 2);
  marked(playOnce, 3);
  Serial.print("timed sink=");
  Serial.println(sink);
  Serial.println("DONE");
}

void loop() {}
