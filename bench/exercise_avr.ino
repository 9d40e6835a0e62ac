// exercise_avr — the exercise checker's own sketch for an AVR (cycles) exercise.
//
// A copy's sketch is not what the checker runs. exercises/exercises.py puts beside this
// file the start's sketch as the repository has it (stage_sketch.h, a copy of
// stages/<start>/<start>.ino) and the candidate's header, builds them for the ATmega2560,
// runs them in simavr, and compares everything they print with the same build on the host
// with the untouched start (tests/arduino's shim). So the timed work is the stage's own
// (its marked blocks: bench/embedded_report.py's MARKS), and its cycles count only when
// the AVR build gave the start's answers: a copy that does less work only under __AVR__,
// or that is wrong only where int is 16 bits, prints something else here.
//
// It prints, at 115200 baud, first a few games played from the start with a fixed
// pseudo-random choice among the legal moves, one line per ply:
//   "game G ply P S moves M,M,... flips H play M:N board H"
//   S the side to move (B or W), flips a hash of countFlips on all 64 squares for both
//   sides, play the square played and what play() returned, board a hash of cell() on
//   all 64 squares after it; "pass" when S has no move;
//   "game G end black N white N";
// then whatever the stage's sketch prints (its title, the article's grid, its timing
// lines, DONE, which ends the run).

// The stage's sketch, its setup() and loop() renamed: this sketch calls its setup last.
#define setup stageSketchSetup
#define loop stageSketchLoop
#include "stage_sketch.h"  // stages/<start>/<start>.ino, copied by the checker
#undef setup
#undef loop

const int GAMES = 4;

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
  uint32_t seed = 20261202UL;
  for (int game = 1; game <= GAMES; game++) playGame(game, seed);
#if defined(__AVR__)
  Serial.flush();  // the stage's setup begins Serial again: on an AVR that drops what is left to send
#endif
  stageSketchSetup();  // the stage's grid and timed blocks; its DONE ends the run
}

void loop() {}
