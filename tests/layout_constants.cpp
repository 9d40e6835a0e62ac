// Prints, as JSON, what the layout pictures (docs/layout-*.svg, drawn by docs/layouts.py)
// show: each stage's own constants and tables, and boards built by its own clear() and
// setCell(). The pictures are drawn from this output, so a change of a header changes its
// picture, and the test docs:layouts fails until the picture is redrawn.
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "s03_wall/s03_wall.h"
#include "s05_cell91/s05_cell91.h"
#include "s08_line_index/s08_line_index.h"
#include "s09_bitboard/s09_bitboard.h"
#include "s11_avx512/s11_avx512.h"
#include "e07_patterns/e07_patterns.h"

namespace {

template <typename T>
void list(const char* name, const T* v, int n, const char* after = ",\n") {
  printf("  \"%s\": [", name);
  for (int i = 0; i < n; i++) printf("%s%lld", i ? ", " : "", (long long)v[i]);
  printf("]%s", after);
}

// Masks as strings: JSON numbers lose the low bits of a 64-bit mask in most readers.
void masks(const char* name, const uint64_t* v, int n, const char* after = ",\n") {
  printf("  \"%s\": [", name);
  for (int i = 0; i < n; i++) printf("%s\"0x%016llx\"", i ? ", " : "", (unsigned long long)v[i]);
  printf("]%s", after);
}

// The standard start (d4 and e5 white, d5 and e4 black), placed with a stage's own setCell.
template <typename Board, typename Set>
void start(Board& b, Set set, uint8_t white, uint8_t black) {
  set(b, 3, 3, white);
  set(b, 4, 4, white);
  set(b, 3, 4, black);
  set(b, 4, 3, black);
}

void s03Layout() {
  s03::Board b;
  s03::clear(b);
  start(b, s03::setCell, s03::WHITE, s03::BLACK);
  printf("\"s03\": {\n  \"WALL\": %d, \"EMPTY\": %d, \"WHITE\": %d, \"BLACK\": %d,\n", s03::WALL, s03::EMPTY, s03::WHITE,
         s03::BLACK);
  printf("  \"rows\": %d, \"cols\": %d,\n", (int)(sizeof b.cells / sizeof b.cells[0]), (int)sizeof b.cells[0]);
  list("cells", &b.cells[0][0], (int)sizeof b.cells, "\n},\n");
}

void s05Layout() {
  s05::Board b;
  s05::clear(b);
  start(b, s05::setCell, s05::WHITE, s05::BLACK);
  int square[64];
  for (int sq = 0; sq < 64; sq++) square[sq] = s05::squareIndex(sq % 8, sq / 8);
  printf("\"s05\": {\n  \"WALL\": %d, \"EMPTY\": %d, \"WIDTH\": %d, \"CELLS\": %d,\n", s05::WALL, s05::EMPTY, s05::WIDTH,
         s05::CELLS);
  list("DIR", s05::DIR, 8);
  list("square", square, 64);
  list("cells", b.cells, s05::CELLS, "\n},\n");
}

void s08Layout() {
  printf("\"s08\": {\n  \"LINES\": %d, \"NO_LINE\": %d,\n", s08::LINES, s08::NO_LINE);
  list("STEP", s08::STEP, 4);
  list("CELL_LINE", &s08::CELL_LINE[0][0], 64 * 4);
  list("CELL_POS", &s08::CELL_POS[0][0], 64 * 4);
  list("CELL_WEIGHT", &s08::CELL_WEIGHT[0][0], 64 * 4, "\n},\n");
}

void s09Layout() {
  // The start position plus a black stone on h4 and a white one on a5: shifted one square
  // right, h4 lands on a5 of the next row, which the edge mask must stop.
  s09::Board b;
  s09::clear(b);
  start(b, s09::setCell, s09::WHITE, s09::BLACK);
  s09::setCell(b, 7, 3, s09::BLACK);
  s09::setCell(b, 0, 4, s09::WHITE);
  const uint64_t own = b.black, opp = b.white, shifted = own << 1;
  // One step of the fill towards higher bits by 1, as the first line of s09::fillHigh.
  const uint64_t v[] = {own, opp, s09::INNER, shifted, own | (opp & s09::INNER & shifted), s09::moveMask(own, opp)};
  printf("\"s09\": {\n  \"names\": [\"own\", \"opp\", \"INNER\", \"own << 1\", \"step\", \"moveMask\"],\n");
  masks("masks", v, 6, "\n},\n");
}

void s11Layout() {
  // The lanes' constants are plain arrays of the header, the ones its AVX-512 functions
  // load, so they are printed on any machine (an AVX-512 CPU is not needed to draw them).
  printf("\"s11\": {\n");
  list("rotate", s11::ROTATE, 8);
  masks("edge", s11::EDGE, 8);
  masks("inWord", s11::IN_WORD, 8, "\n},\n");
}

void e07Layout() {
  // Each kind's squares where it is drawn, and the images the evaluation reads it on:
  // the picture draws every instance (the squares under each image's symmetry).
  printf("\"e07\": {\n  \"kinds\": [");
  for (int k = 0; k < e07::KINDS; k++) {
    printf("%s[", k ? ", " : "");
    for (int j = 0; e07::KIND_SQUARES[k][j] >= 0; j++) printf("%s%d", j ? ", " : "", e07::KIND_SQUARES[k][j]);
    printf("]");
  }
  printf("],\n");
  list("imageKinds", e07::IMAGE_KINDS, 8);
  printf("  \"symmetry\": [");  // [s][sq]: the square symmetry s takes sq to
  for (int s = 0; s < 8; s++) {
    printf("%s[", s ? ",\n    " : "");
    for (int sq = 0; sq < 64; sq++) printf("%s%d", sq ? ", " : "", e07::symmetry(s, sq));
    printf("]");
  }
  printf("]\n}\n");
}

}  // namespace

int main() {
  printf("{\n");
  s03Layout();
  s05Layout();
  s08Layout();
  s09Layout();
  s11Layout();
  e07Layout();
  printf("}\n");
  return 0;
}
