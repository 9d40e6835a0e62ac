/// \file random_positions.h
/// \brief Seeded positions reached by random play, the same on every machine.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "position.h"

namespace reversi {

/// `count` positions taken from every ply of seeded random games (the reference plays
/// them). Passes and finished games are included; the side to move is the one to play
/// next (after a pass, the other side).
std::vector<Position> randomPositions(uint64_t seed, size_t count);

/// The workload every timing uses (the benchmarks and the tour): the same positions
/// everywhere, so the figures compare. Many positions, because a branch predictor
/// learns a short sequence replayed again and again, and the times would flatter.
inline constexpr uint64_t kWorkloadSeed = 20240601;
inline constexpr size_t kWorkloadPositions = 1024;

/// A small deterministic generator (SplitMix64): the same stream on every platform,
/// unlike the standard distributions.
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  /// Uniform enough in [0, n) for tests (n is small).
  uint32_t below(uint32_t n) { return uint32_t(next() % n); }

 private:
  uint64_t state_;
};

}  // namespace reversi
