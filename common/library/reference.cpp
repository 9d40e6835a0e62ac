#include "reference.h"

namespace reversi::ref {
namespace {

enum class Cell { Empty, White, Black, Outside };

// Bounds first, then the array: the lesson of article 004.
Cell state(const Position& p, int x, int y) {
  if (x < 0 || x > 7 || y < 0 || y > 7) return Cell::Outside;
  switch (p.at(x, y)) {
    case WHITE: return Cell::White;
    case BLACK: return Cell::Black;
    default: return Cell::Empty;
  }
}

Cell asCell(uint8_t colour) { return colour == WHITE ? Cell::White : Cell::Black; }

struct Step {
  int dx, dy;
};
constexpr Step kDirections[8] = {{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}};

}  // namespace

std::vector<int> flips(const Position& p, int square, uint8_t me) {
  std::vector<int> result;
  const int x0 = square % 8, y0 = square / 8;
  if (state(p, x0, y0) != Cell::Empty) return result;
  const Cell mine = asCell(me), theirs = asCell(opponent(me));
  for (const Step d : kDirections) {
    std::vector<int> run;
    int x = x0 + d.dx, y = y0 + d.dy;
    while (state(p, x, y) == theirs) {
      run.push_back(y * 8 + x);
      x += d.dx;
      y += d.dy;
    }
    if (!run.empty() && state(p, x, y) == mine) result.insert(result.end(), run.begin(), run.end());
  }
  return result;
}

std::vector<int> legalMoves(const Position& p, uint8_t me) {
  std::vector<int> moves;
  for (int sq = 0; sq < 64; ++sq)
    if (!flips(p, sq, me).empty()) moves.push_back(sq);
  return moves;
}

int play(Position& p, int square, uint8_t me) {
  const std::vector<int> f = flips(p, square, me);
  if (f.empty()) return 0;
  p.cells[square] = me;
  for (int sq : f) p.cells[sq] = me;
  p.toMove = opponent(me);
  return int(f.size());
}

bool gameOver(const Position& p) { return legalMoves(p, BLACK).empty() && legalMoves(p, WHITE).empty(); }

uint64_t perft(const Position& p, int depth) {
  if (depth == 0) return 1;
  const std::vector<int> moves = legalMoves(p, p.toMove);
  if (moves.empty()) {
    if (legalMoves(p, opponent(p.toMove)).empty()) return 1;
    Position passed = p;
    passed.toMove = opponent(p.toMove);
    return perft(passed, depth - 1);
  }
  uint64_t total = 0;
  for (int sq : moves) {
    Position child = p;
    play(child, sq, p.toMove);
    total += perft(child, depth - 1);
  }
  return total;
}

}  // namespace reversi::ref
