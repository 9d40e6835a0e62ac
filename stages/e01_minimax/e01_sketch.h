// e01_sketch.h — the program every search step's sketch runs (step 01 wrote it; the
// later steps' sketches include it unchanged). A sketch (eNN_name.ino) includes the move
// generator (stage 07, the fastest array stage on AVR) and its step, names the step
// (`namespace step`, STEP_NAME, STEP_TITLE), says how the table gets its memory (lendTable(): none
// before step 05; e05_table/e05_sketch_table.h after), then includes this file, which
// defines the globals and setup().
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
// then DONE. On AVR the solve is marked for the simulator (see mark()).
#ifndef REVERSI_LAB_E01_SKETCH_H
#define REVERSI_LAB_E01_SKETCH_H

// The move generator the search runs on: stage 07 behind static functions.
struct Gen {
  typedef s07::Board Board;
  static int legalMoves(const Board& b, uint8_t me, uint8_t out[64]) { return s07::legalMoves(b, me, out); }
  static int play(Board& b, int x, int y, uint8_t me) { return s07::play(b, x, y, me); }
  static int countFlips(const Board& b, int x, int y, uint8_t me) { return s07::countFlips(b, x, y, me); }
  static uint8_t cell(const Board& b, int x, int y) { return s07::cell(b, x, y); }
  static void setCell(Board& b, int x, int y, uint8_t stone) { s07::setCell(b, x, y, stone); }
};

// The self-play and the endgame: the same for every step, so that the sketches compare.
const int GAME_PLIES = 6;  // plies of the game the engine plays against itself...
const int GAME_DEPTH = 2;  // ...each searched this deep
// A small endgame (X black, O white, - empty), sized so every step solves it in
// seconds on an 8-bit board.
const char ENDGAME[] = "XXXXXXXXXXXXXXOOXXOXXOXOXXXOXOOOXXOXOOOOXXXXOXO-OXXXXO---OOOO--- O";

step::Search<Gen> search;  // global: its PV table is too large for a small stack
Gen::Board board;

// Lends the table its memory and prints how many slots it has. Defined by the sketch:
// e05_table/e05_sketch_table.h from step 05 on; before, an empty function (no table).
void lendTable();

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

void setup() {
  Serial.begin(115200);
  delay(250);  // give a serial monitor a moment to attach
  search.idle = idle;
  Serial.print(STEP_NAME);
  Serial.print(": ");
  Serial.print(STEP_TITLE);
  Serial.println(" (move generator s07_recursion)");
  lendTable();
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
  Serial.print("result stage=");
  Serial.print(STEP_NAME);
  Serial.print(" board=esp32 cpu_mhz=");
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

#endif  // REVERSI_LAB_E01_SKETCH_H
