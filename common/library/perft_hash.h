/// \file perft_hash.h
/// \brief Hashed perft (`reversi-lab perft --hash`): the perft of stage.h with a table
/// of subtree counts, so a position reached again by another move order is counted once.
///
/// Different move orders often reach the same stones (a transposition), and the deeper
/// the ply, the more of its positions the tree has met before. The table is keyed
/// by the exact position (both colours' stones, the side to move, the plies left), never
/// by a hash alone: the hash only chooses where to look, and a slot answers only when
/// its whole key is equal, so a collision costs a recount, never a wrong count.
/// Optionally the key is the position's canonical image under the board's eight
/// symmetries (rotations and reflections leave the rules, hence the count, unchanged),
/// so the eight images share one slot.
#pragma once
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "stage.h"

namespace reversi {

/// What a hashed perft did, for the CLI's report (`perft --hash`).
struct HashedPerftStats {
  uint64_t count = 0;     ///< the perft
  double seconds = 0;     ///< the count's wall time, the table's allocation included
  size_t tableBytes = 0;  ///< memory of the table
  uint64_t slots = 0;     ///< slots in the table
  uint64_t used = 0;      ///< slots holding a count at the end
};

/// The eight images of a bitboard under the board's symmetries, index 0 the identity.
/// Bit y * 8 + x, as everywhere: 1 mirrors left-right, 2 up-down, 4 transposes (swaps x
/// and y) after those.
uint64_t symmetryImage(uint64_t bits, int symmetry);

/// The symmetry that gives the smallest (black, white) image pair: the canonical one.
int canonicalSymmetry(uint64_t black, uint64_t white);

/// A table of perft counts, shared by threads. Each slot is a small sequence lock: a
/// writer makes its version odd while it writes, and a reader keeps what it read only
/// when the version was even and unchanged around the read, so a count is never read
/// half-written. A busy slot is simply not used (the count is recomputed).
class PerftTable {
 public:
  /// A table of at most `bytes` (rounded down to a power of two of 64-byte buckets, at
  /// least one). Throws std::bad_alloc when the memory cannot be had.
  PerftTable(size_t bytes, bool symmetric);
  /// The count stored for this exact key, or -1 when the table has none.
  int64_t find(uint64_t black, uint64_t white, uint8_t me, int depth);
  /// Keeps `count` for the key; may replace another entry, or do nothing (busy slot).
  void store(uint64_t black, uint64_t white, uint8_t me, int depth, uint64_t count);
  bool symmetric() const { return symmetric_; }
  /// Fills in the table's part of the stats (its size and the slots in use).
  void describe(HashedPerftStats& stats) const;

 private:
  struct Slot {
    std::atomic<uint64_t> version{0}, black{0}, white{0};
    std::atomic<uint64_t> data{0};  // count << 8 | depth << 1 | (me == BLACK); 0 = empty
  };
  struct alignas(64) Bucket {  // one cache line: a slot kept by depth, one always replaced
    Slot deep, recent;
  };
  Bucket& bucket(uint64_t black, uint64_t white, uint8_t me, int depth);
  static int64_t read(Slot& s, uint64_t black, uint64_t white, uint64_t tag);
  static void write(Slot& s, uint64_t black, uint64_t white, uint64_t data);

  struct Free {
    void operator()(Bucket* b) const;
  };
  std::unique_ptr<Bucket[], Free> buckets_;
  uint64_t mask_;
  bool symmetric_;
};

/// The two colours' stones of a stage's Board: read straight from a bitboard stage's
/// masks, else square by square through the interface.
template <Stage S>
void stoneMasks(const typename S::Board& b, uint64_t& black, uint64_t& white) {
  if constexpr (requires {
                  { b.black } -> std::convertible_to<uint64_t>;
                  { b.white } -> std::convertible_to<uint64_t>;
                }) {
    black = b.black;
    white = b.white;
  } else {
    black = white = 0;
    for (int sq = 0; sq < 64; ++sq) {
      const uint8_t c = S::cell(b, sq & 7, sq >> 3);
      if (c == BLACK) black |= uint64_t(1) << sq;
      if (c == WHITE) white |= uint64_t(1) << sq;
    }
  }
}

/// Subtrees shallower than this are counted by the stage's best perft without the table:
/// near the leaves a look-up (a cache miss) costs more than the count. Chosen by timing
/// 2..5 at depths 11-13 with and without the symmetries (bench/perft_speed.py times perft).
inline constexpr int kHashMinDepth = 4;

/// The perft of one subtree with the table: the same convention as perft() in stage.h.
template <Stage S>
uint64_t hashedPerft(PerftTable& table, const typename S::Board& b, uint8_t me, int depth, bool bulk) {
  if (depth < kHashMinDepth) return bestPerft<S>(b, me, depth, bulk);
  uint64_t black, white;
  stoneMasks<S>(b, black, white);
  if (table.symmetric()) {
    const int sym = canonicalSymmetry(black, white);
    black = symmetryImage(black, sym);
    white = symmetryImage(white, sym);
  }
  const int64_t known = table.find(black, white, me, depth);
  if (known >= 0) return uint64_t(known);
  uint8_t moves[64];
  const int n = S::legalMoves(b, me, moves);
  const uint8_t opp = opponent(me);
  uint64_t total = 0;
  if (n == 0) {
    total = S::legalMoves(b, opp, moves) == 0 ? 1 : hashedPerft<S>(table, b, opp, depth - 1, bulk);
  } else {
    for (int i = 0; i < n; ++i) {
      typename S::Board child = b;
      S::play(child, moves[i] & 7, moves[i] >> 3, me);
      total += hashedPerft<S>(table, child, opp, depth - 1, bulk);
    }
  }
  table.store(black, white, me, depth, total);
  return total;
}

/// Hashed perft of a Position on stage S with a table of `tableBytes`, on `threads`
/// threads sharing the table (the split of splitPerft in stage.h). Throws std::bad_alloc
/// when the table cannot be allocated.
template <Stage S>
HashedPerftStats hashedPerft(const Position& p, int depth, bool bulk, size_t tableBytes, bool symmetric, int threads) {
  const auto t0 = std::chrono::steady_clock::now();
  PerftTable table(tableBytes, symmetric);
  HashedPerftStats stats;
  stats.count = splitPerft<S>(
      p, depth, threads, [&](const typename S::Board& b, uint8_t me, int d) { return hashedPerft<S>(table, b, me, d, bulk); });
  stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  table.describe(stats);  // after the clock: counting the used slots reads the whole table
  return stats;
}

}  // namespace reversi
