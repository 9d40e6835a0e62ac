// e07_game.h — the game over Serial: after DONE, the sketch plays a person. Step 07 wrote
// it; steps 08 to 10's sketches include it unchanged, after e01_minimax/e01_sketch.h,
// whose search, board, Gen, printMove and playMove it uses; the sketch's loop() calls
// game::serve(). The engine searches PLAY_DEPTH plies, and solves exactly from PLAY_EXACT
// empty squares (from 10 the solver's stack would pass the ESP32 loop task's 8 KB; the
// test eNN:riscv-game measures it on rv32).
//
// The person types one line at a time, ended by a newline, a carriage return or both (the
// Serial Monitor's "No line ending" sends none: the line never ends):
//   d3      a move: a-h across, 1-8 down, a1 the top-left corner (capitals too)
//   new     a new game, the person plays X (black, moves first)
//   white   a new game, the person plays O (white): the engine moves first
//   help    what can be typed
// The sketch prints the board after each move: a row of letters, then rows 1-8, X black,
// O white, . empty, * a legal move of the side to move, then the disc count,
//   X <n> O <n>, <X|O> to move
// the engine's reply with its search summary, in the middle game
//   engine <X|O> <square> depth=<PLAY_DEPTH> score=<s> nodes=<N> us=<T>
// (s in 1/256 disc for the engine, as the self-play lines) and with PLAY_EXACT empty
// squares or fewer, solved exactly,
//   engine <X|O> <square> exact discs=<d> nodes=<N> us=<T>
// (d: the final disc difference for the engine with best play on both sides, the empty
// squares going to the winner, as the solve line above DONE), a pass
//   <X|O> passes: no legal move
// (a side with no legal move passes by itself), the person's turn
//   your move (<X|O>): <legal moves>
// and the end, the discs on the board and who has more,
//   game over: X <n> O <n>, <X|O> wins (you|the engine)   (or: a draw)
//   type new or white for another game
// Anything else gets ONE line saying what is wrong, with the legal moves, and the game
// goes on: a word that is neither a square nor a command, a square already taken, a
// square that flips nothing, a line longer than LINE_MAX characters, a line with a
// control byte (or any byte outside printable ASCII); after the end, a move. An empty
// line gets nothing (the LF of a CR LF ends one).
//
// Input: loop() takes the bytes that have arrived and returns; a board calls it again and
// again, so the person may type at any time. The game is offered once `Serial` is true:
// at once on a UART, on a native USB port when a Serial Monitor is attached. The test
// shims make `Serial` false once their input has ended: the host shim (tests/arduino),
// which has none, from the start; the ESP32 shim (tests/embedded/esp32_shim.cpp) at the
// end of its standard input, after which its main() stops calling loop(). So with no
// input the output ends with DONE, as every step's tests expect, and the eNN:riscv-game
// test feeds a scripted game.
#ifndef REVERSI_LAB_E07_GAME_H
#define REVERSI_LAB_E07_GAME_H

namespace game {

const int PLAY_DEPTH = 4;  // plies searched in the middle game...
const int PLAY_EXACT = 8;  // ...and solved exactly from this many empty squares
const int LINE_MAX = 16;   // longest line kept; longer is an error, not a crash

uint8_t person = s07::BLACK;  // the person's colour; the engine plays 3 - person
uint8_t toMove = s07::BLACK;
bool offered = false;     // the first game has been offered
char line[LINE_MAX + 1];  // the line being typed
int lineLength = 0;
bool lineTooLong = false, lineHasControl = false;

const char* sideName(uint8_t side) { return side == s07::BLACK ? "X" : "O"; }

int countDiscs(uint8_t side) {
  int n = 0;
  for (int i = 0; i < 64; i++) n += Gen::cell(board, i & 7, i >> 3) == side;
  return n;
}

void printLegal(uint8_t side) {
  uint8_t moves[64];
  const int n = Gen::legalMoves(board, side, moves);
  for (int i = 0; i < n; i++) {
    Serial.print(' ');
    printMove(moves[i]);
  }
}

void printBoard() {
  Serial.println("  a b c d e f g h");
  for (int y = 0; y < 8; y++) {
    Serial.print(char('1' + y));
    for (int x = 0; x < 8; x++) {
      const uint8_t c = Gen::cell(board, x, y);
      Serial.print(' ');
      Serial.print(c == s07::BLACK ? 'X' : c == s07::WHITE ? 'O' : Gen::countFlips(board, x, y, toMove) > 0 ? '*' : '.');
    }
    Serial.println();
  }
  Serial.print("X ");
  Serial.print(countDiscs(s07::BLACK));
  Serial.print(" O ");
  Serial.print(countDiscs(s07::WHITE));
  Serial.print(", ");
  Serial.print(sideName(toMove));
  Serial.println(" to move");
}

bool canMove(uint8_t side) {
  uint8_t moves[64];
  return Gen::legalMoves(board, side, moves) > 0;
}

bool over() { return !canMove(s07::BLACK) && !canMove(s07::WHITE); }

void engineMove() {
  const int empties = 64 - countDiscs(s07::BLACK) - countDiscs(s07::WHITE);
  const bool exact = empties <= PLAY_EXACT;
  const unsigned long t0 = micros();
  const step::Result r = exact ? search.solve(board, toMove) : search.search(board, toMove, PLAY_DEPTH);
  const unsigned long us = micros() - t0;
  Serial.print("engine ");
  Serial.print(sideName(toMove));
  Serial.print(' ');
  printMove(r.best);
  if (exact) {
    Serial.print(" exact discs=");
    Serial.print(r.score / step::DISC);
  } else {
    Serial.print(" depth=");
    Serial.print(PLAY_DEPTH);
    Serial.print(" score=");
    Serial.print(r.score);
  }
  Serial.print(" nodes=");
  Serial.print((unsigned long)r.nodes);
  Serial.print(" us=");
  Serial.println(us);
  playMove(r.best, toMove);
  toMove = 3 - toMove;
  printBoard();
}

// Plays on until the person is to move (then asks) or the game is over (then says so).
void advance() {
  while (!over()) {
    if (!canMove(toMove)) {
      Serial.print(sideName(toMove));
      Serial.println(" passes: no legal move");
      toMove = 3 - toMove;
    } else if (toMove != person) {
      engineMove();
    } else {
      Serial.print("your move (");
      Serial.print(sideName(person));
      Serial.print("):");
      printLegal(person);
      Serial.println();
      return;
    }
  }
  const int x = countDiscs(s07::BLACK), o = countDiscs(s07::WHITE);
  Serial.print("game over: X ");
  Serial.print(x);
  Serial.print(" O ");
  Serial.print(o);
  if (x == o) {
    Serial.println(", a draw");
  } else {
    const uint8_t winner = x > o ? s07::BLACK : s07::WHITE;
    Serial.print(", ");
    Serial.print(sideName(winner));
    Serial.println(winner == person ? " wins (you)" : " wins (the engine)");
  }
  Serial.println("type new or white for another game");
}

void newGame(uint8_t side) {
  s07::clear(board);
  s07::setCell(board, 3, 3, s07::WHITE);
  s07::setCell(board, 4, 3, s07::BLACK);
  s07::setCell(board, 3, 4, s07::BLACK);
  s07::setCell(board, 4, 4, s07::WHITE);
  person = side;
  toMove = s07::BLACK;
  Serial.print("new game: you play ");
  Serial.print(sideName(person));
  Serial.println(person == s07::BLACK ? " (black, first)" : " (white, the engine starts)");
  printBoard();
  advance();
}

void printHelp() {
  Serial.println("type a square to play it: a-h across, 1-8 down, a1 top-left (such as d3)");
  Serial.println("new: a new game, you play X (black, first); white: a new game, you play O");
}

// The one line that answers a bad line: what is wrong, then the moves the person has.
void refuse(const char* what, const char* text) {
  if (text) {
    Serial.print(text);
    Serial.print(": ");
  }
  Serial.print(what);
  if (over()) {
    Serial.println("; the game is over: type new or white");
  } else {
    Serial.print("; legal:");
    printLegal(person);
    Serial.println();
  }
}

// Whether two words are the same (strcmp's 0; the lx106 test build has no strcmp).
bool same(const char* a, const char* b) {
  while (*a && *a == *b) a++, b++;
  return *a == *b;
}

// A whole line has arrived (without its line ending).
void handleLine() {
  line[lineLength] = 0;
  const bool tooLong = lineTooLong, control = lineHasControl;
  lineLength = 0;
  lineTooLong = lineHasControl = false;
  char* s = line;  // the line without its outer spaces, in small letters
  while (*s == ' ') s++;
  for (int n = int(strlen(s)); n > 0 && s[n - 1] == ' '; n--) s[n - 1] = 0;
  for (char* p = s; *p; p++)
    if (*p >= 'A' && *p <= 'Z') *p = char(*p - 'A' + 'a');
  const bool square = strlen(s) == 2 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8';
  const int x = square ? s[0] - 'a' : 0, y = square ? s[1] - '1' : 0;
  if (control) {
    refuse("a control byte or a byte that is not plain text in the line", 0);
  } else if (tooLong) {
    refuse("the line is too long", 0);
  } else if (!*s) {
    // an empty line (the second half of CR LF, for one): nothing to say
  } else if (same(s, "new")) {
    newGame(s07::BLACK);
  } else if (same(s, "white")) {
    newGame(s07::WHITE);
  } else if (same(s, "help")) {
    printHelp();
  } else if (!square) {
    refuse("not a square (a1..h8) nor a command (new, white, help)", s);
  } else if (over()) {
    refuse("no move now", s);
  } else if (Gen::cell(board, x, y) != s07::EMPTY) {
    refuse("that square is taken", s);
  } else if (Gen::countFlips(board, x, y, person) == 0) {
    refuse("that move flips nothing", s);
  } else {
    playMove(uint8_t(y * 8 + x), person);
    toMove = 3 - person;
    printBoard();
    advance();
  }
}

// Called by loop(): offers the first game, then takes the bytes that have arrived.
void serve() {
  if (!Serial) return;  // no Serial Monitor on a native USB port yet; a test's input has ended
  if (!offered) {
    offered = true;
    printHelp();
    newGame(s07::BLACK);
  }
  while (Serial.available() > 0) {
    const int c = Serial.read();
    if (c == '\n' || c == '\r') {
      handleLine();
    } else if (c < ' ' || c > '~') {
      lineHasControl = true;
    } else if (lineLength < LINE_MAX) {
      line[lineLength++] = char(c);
    } else {
      lineTooLong = true;
    }
  }
}

}  // namespace game

#endif  // REVERSI_LAB_E07_GAME_H
