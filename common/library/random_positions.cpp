#include "random_positions.h"

#include "reference.h"

namespace reversi {

std::vector<Position> randomPositions(uint64_t seed, size_t count) {
  Rng rng(seed);
  std::vector<Position> out;
  out.reserve(count);
  while (out.size() < count) {
    Position p = startPosition();
    while (out.size() < count) {
      out.push_back(p);
      std::vector<int> moves = ref::legalMoves(p, p.toMove);
      if (moves.empty()) {
        if (ref::gameOver(p)) break;
        p.toMove = opponent(p.toMove);  // pass
        continue;
      }
      ref::play(p, moves[rng.below(uint32_t(moves.size()))], p.toMove);
    }
  }
  return out;
}

}  // namespace reversi
