/**
 * @file e08_transposition.h
 * @brief Step 06's tables with a slot that remembers which pass stored it (Slot::level):
 * a bound from a less sure pass is never used by a surer one, so the last pass is exact
 * whatever came before. A slot the buckets give to a new position starts empty (depth
 * 0), so that the solver merges bounds only with the same position's.
 */
#ifndef REVERSI_LAB_E08_TRANSPOSITION_H
#define REVERSI_LAB_E08_TRANSPOSITION_H

#include <stdint.h>

#include "../e06_endgame/e06_transposition.h"

namespace e08 {

using e06::BUCKET;
using e06::EXACT_SLOT;

/// What the table remembers of one position (16 bytes: a bucket of BUCKET slots is 64,
/// one cache line when the pool is aligned to 64 bytes).
struct Slot {
  uint64_t key;   ///< The position's whole Zobrist key.
  int16_t lower;  ///< The score is at least this...
  int16_t upper;  ///< ...and at most this (equal: exact).
  int8_t depth;   ///< Plies searched below it; exact: EXACT_SLOT + empties; 0: the slot is free.
  uint8_t best;   ///< The best move found, or NO_MOVE.
  uint8_t level;  ///< The pass that stored it: its bounds hold for passes up to this one (EXACT_LEVEL: all).
};

/// A slot of the chained table: a Slot and the index of the next slot of its chain.
struct ChainSlot : Slot {
  uint32_t next;  ///< The next slot of this chain (0: none).
};

/**
 * @brief Step 06's buckets whose new slots start empty.
 * @tparam S the slot
 */
template <class S>
class BucketTableOf : public e06::BucketTableOf<S> {
 public:
  /**
   * @brief A slot to store a position in.
   * @param key the position's key
   * @return its own slot if stored, else the bucket's shallowest, emptied (depth 0: its old
   *         content lost); 0 without a pool
   */
  S* store(uint64_t key) {
    if (!this->slots_) return 0;
    S* s = &this->slots_[(key & (this->buckets_ - 1)) * BUCKET];
    S* victim = s;
    for (int i = 0; i < BUCKET; i++) {
      if (s[i].depth != 0 && s[i].key == key) return &s[i];
      if (s[i].depth < victim->depth) victim = &s[i];  // a free slot has depth 0
    }
    victim->key = key;
    victim->depth = 0;  // a new slot: nothing stored yet (solveDeep merges only with an old one)
    return victim;
  }
};

typedef e06::ChainedTableOf<ChainSlot> ChainedTable;  ///< Step 08's chained table.
typedef BucketTableOf<Slot> BucketTable;              ///< Step 08's buckets.

}  // namespace e08

#endif  // REVERSI_LAB_E08_TRANSPOSITION_H
