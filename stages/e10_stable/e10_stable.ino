// e10_stable — Arduino sketch for search step 10 (stable discs bound the endgame solver).
//
// Prints, at 115200 baud: a title line; a short game the engine plays against itself
// from the start, one line a move,
//   move <n> <X|O> <square|pass> score=<s> nodes=<N> us=<T>
// (score in 1/256 disc for the side that moved, nodes and microseconds of that
// search); an exact solve of a small endgame,
//   solve position=<64 cells a1..h8><space><X|O> score=<discs> best=<square> nodes=<N> us=<T>
//   pv <moves...>
// on an ESP32 one machine-readable line with CPU cycles,
//   result stage=<folder> board=esp32 cpu_mhz=<M> solve_cycles=<C> solve_nodes=<N> stack_free=<B>
// (B: bytes of the loop task's stack never used so far)
// then DONE. Then a game against a person over Serial (src/e08_game.h says what it reads
// and prints): the engine searches PLAY_DEPTH plies, and solves exactly from PLAY_EXACT
// empty squares (from 10 the solver's stack would pass the ESP32 loop task's 8 KB; the
// test e10:riscv-game measures it on rv32). On AVR the solve is marked for the simulator
// (see mark()). The move
// generator is stage 07 (the fastest array stage on AVR), compiled from
// src/s07_recursion.h, a byte-for-byte copy of stages/s07_recursion/s07_recursion.h
// that the test e10:sources keeps in step; the exact solver's masks and fills are stage
// 09's, from src/s09_bitboard.h (e10_stable.h includes it), checked the same way.
// Apart from this first comment, only the lines marked "step" differ between the
// search steps' sketches, and from step 05 on the table's memory (lendTable); the test
// e10:sources checks it against step 09's sketch. Here the game is such lines: its
// constants, the #include of its file and loop().

#include "src/s07_recursion.h"
#include "e10_stable.h"  // step

namespace step = e10;  // step

// The move generator the search runs on: stage 07 behind static functions.
struct Gen {
  typedef s07::Board Board;
  static int legalMoves(const Board& b, uint8_t me, uint8_t out[64]) { return s07::legalMoves(b, me, out); }
  static int play(Board& b, int x, int y, uint8_t me) { return s07::play(b, x, y, me); }
  static int countFlips(const Board& b, int x, int y, uint8_t me) { return s07::countFlips(b, x, y, me); }
  static uint8_t cell(const Board& b, int x, int y) { return s07::cell(b, x, y); }
  static void setCell(Board& b, int x, int y, uint8_t stone) { s07::setCell(b, x, y, stone); }
};

const int GAME_PLIES = 6;   // step
const int GAME_DEPTH = 2;   // step
const int PLAY_DEPTH = 4;   // step: the game over Serial: plies searched in the middle game
const int PLAY_EXACT = 8;   // step: ...and solved exactly from this many empty squares
// A small endgame (X black, O white, - empty), sized so this step solves it in
// seconds on an 8-bit board.
const char ENDGAME[] = "XXXXXXXXXXXXXXOOXXOXXOXOXXXOXOOOXXOXOOOOXXXXOXO-OXXXXO---OOOO--- O";  // step

step::Search<Gen> search;  // global: its PV table is too large for a small stack
Gen::Board board;

// The transposition table's memory: none on an Uno (its 2 KB of RAM cannot hold the
// searcher), a static pool elsewhere (the same size on the host, the Mega and the
// lx106, so that they print the same nodes), and on an ESP32/ESP8266 the heap, with
// the static pool as the fallback when the heap cannot give that much.
#if defined(__AVR__) && !defined(__AVR_ATmega2560__)
step::Slot pool[1];
#else
step::Slot pool[96];
#endif
const uint32_t HEAP_SLOTS = 8192;

// Lends the table its memory; returns the number of slots (0: no table).
uint32_t lendTable() {
#if defined(ARDUINO_ARCH_ESP32) || defined(ARDUINO_ARCH_ESP8266)
  if (step::Slot* heap = (step::Slot*)malloc(HEAP_SLOTS * sizeof(step::Slot))) {
    search.useTable(heap, HEAP_SLOTS);
    return HEAP_SLOTS;
  }
#endif
  const uint32_t n = sizeof(pool) / sizeof(pool[0]);
  if (n < (uint32_t)step::BUCKET) return 0;
  search.useTable(pool, n);
  return n;
}

void idle() {
#if defined(ARDUINO_ARCH_ESP32) || defined(ARDUINO_ARCH_ESP8266)
  yield();  // long searches: let the system run so the watchdog never fires
#endif
}

// CPU cycles since reset where the board has a counter (ESP32), else 0.
unsigned long cycleCount() {
#if defined(ARDUINO_ARCH_ESP32)
  return ESP.getCycleCount();
#else
  return 0;
#endif
}

// On AVR, tests/embedded/simavr_run counts the cycles and the deepest stack between a
// write of a block number to the spare register GPIOR0 and the next write of 0. The
// Arduino timer's interrupt runs inside too (0.6% of the solve's cycles), as for us=.
void mark(uint8_t block) {
#if defined(__AVR__) && defined(GPIOR0)
  GPIOR0 = block;
#else
  (void)block;
#endif
}

void printMove(uint8_t m) {
  if (m == step::PASS) {
    Serial.print("pass");
  } else {
    Serial.print(char('a' + (m & 7)));
    Serial.print(char('1' + (m >> 3)));
  }
}

// Plays move m for `me` (PASS plays nothing).
void playMove(uint8_t m, uint8_t me) {
  if (m != step::PASS) Gen::play(board, m & 7, m >> 3, me);
}

void selfPlay() {
  s07::clear(board);
  s07::setCell(board, 3, 3, s07::WHITE);
  s07::setCell(board, 4, 3, s07::BLACK);
  s07::setCell(board, 3, 4, s07::BLACK);
  s07::setCell(board, 4, 4, s07::WHITE);
  uint8_t me = s07::BLACK;
  for (int ply = 1; ply <= GAME_PLIES; ply++) {
    const unsigned long t0 = micros();
    const step::Result r = search.search(board, me, GAME_DEPTH);
    const unsigned long us = micros() - t0;
    if (r.best == step::NO_MOVE) break;
    Serial.print("move ");
    Serial.print(ply);
    Serial.print(me == s07::BLACK ? " X " : " O ");
    printMove(r.best);
    Serial.print(" score=");
    Serial.print(r.score);
    Serial.print(" nodes=");
    Serial.print((unsigned long)r.nodes);
    Serial.print(" us=");
    Serial.println(us);
    playMove(r.best, me);
    me = 3 - me;
  }
}

#include "src/e08_game.h"  // step: the game over Serial (only the last step has one)

void setup() {
  Serial.begin(115200);
  delay(250);  // give a serial monitor a moment to attach
  search.idle = idle;
  const uint32_t slots = lendTable();

  Serial.println("e10_stable: the endgame solver on masks, stable discs a bound (move generator s07_recursion)");  // step
  Serial.print("table slots=");
  Serial.println(slots);
  selfPlay();

  s07::clear(board);
  for (int i = 0; i < 64; i++)
    if (ENDGAME[i] != '-') s07::setCell(board, i & 7, i >> 3, ENDGAME[i] == 'X' ? s07::BLACK : s07::WHITE);
  const uint8_t me = ENDGAME[65] == 'X' ? s07::BLACK : s07::WHITE;
  const unsigned long c0 = cycleCount();
  const unsigned long t0 = micros();
  mark(1);
  const step::Result r = search.solve(board, me);
  mark(0);
  const unsigned long us = micros() - t0;
  const unsigned long cycles = cycleCount() - c0;
  Serial.print("solve position=");
  Serial.print(ENDGAME);
  Serial.print(" score=");
  Serial.print(r.score / step::DISC);
  Serial.print(" best=");
  printMove(r.best);
  Serial.print(" nodes=");
  Serial.print((unsigned long)r.nodes);
  Serial.print(" us=");
  Serial.println(us);
  Serial.print("pv");
  for (int i = 0; i < r.pvLength; i++) {
    Serial.print(' ');
    printMove(r.pv[i]);
  }
  Serial.println();

#if defined(ARDUINO_ARCH_ESP32)
  Serial.print("result stage=e10_stable board=esp32 cpu_mhz=");  // step
  Serial.print(getCpuFrequencyMhz());
  Serial.print(" solve_cycles=");
  Serial.print(cycles);
  Serial.print(" solve_nodes=");
  Serial.print((unsigned long)r.nodes);
  Serial.print(" stack_free=");  // bytes of the loop task's stack never used so far
  Serial.println(uxTaskGetStackHighWaterMark(NULL));
#else
  (void)cycles;
#endif
  Serial.println("DONE");
}

void loop() { game::serve(); }  // step
