/**
 * @file e06_transposition.h
 * @brief Step 05's tables with a smaller slot and a prefetch: a slot is 16 bytes (the
 * chained table's link moved to its own ChainSlot), so a bucket of BUCKET slots is one
 * 64-byte cache line, and a table can ask the memory for a position's slots ahead of
 * the probe (the solver does so for each child while it plays the others).
 *
 * An exact result is stored with the depth EXACT_SLOT + empties, so that a full bucket
 * gives up the cheapest result rather than the first.
 */
#ifndef REVERSI_LAB_E06_TRANSPOSITION_H
#define REVERSI_LAB_E06_TRANSPOSITION_H

#include <stdint.h>

#include "../e05_table/e05_transposition.h"

namespace e06 {

using e05::BUCKET;

const int EXACT_SLOT = 64;  ///< A slot's depth for an exact result: EXACT_SLOT + empties.

/// What the table remembers of one position (16 bytes: a bucket of BUCKET slots is 64,
/// one cache line when the pool is aligned to 64 bytes).
struct Slot {
  uint64_t key;   ///< The position's whole Zobrist key.
  int16_t lower;  ///< The score is at least this...
  int16_t upper;  ///< ...and at most this (equal: exact).
  int8_t depth;   ///< Plies searched below it; exact: EXACT_SLOT + empties; 0: the slot is free.
  uint8_t best;   ///< The best move found, or NO_MOVE.
};

/// A slot of the chained table: a Slot and the index of the next slot of its chain.
struct ChainSlot : Slot {
  uint32_t next;  ///< The next slot of this chain (0: none).
};

/**
 * @brief Step 05's chained table that can prefetch.
 * @tparam S the slot (with `next`)
 */
template <class S>
class ChainedTableOf : public e05::ChainedTableOf<S> {
 public:
  /// @brief Asks the memory for a position's chain head ahead of a find. @param key its key
  void prefetch(uint64_t key) const {
#if defined(__GNUC__)
    if (this->slots_) __builtin_prefetch(&this->slots_[key & (this->heads_ - 1)]);
#else
    (void)key;
#endif
  }
};

/**
 * @brief Step 05's buckets that can prefetch.
 * @tparam S the slot
 */
template <class S>
class BucketTableOf : public e05::BucketTableOf<S> {
 public:
  /// @brief Asks the memory for a position's bucket ahead of a find. @param key its key
  void prefetch(uint64_t key) const {
#if defined(__GNUC__)
    if (this->slots_) __builtin_prefetch(&this->slots_[(key & (this->buckets_ - 1)) * BUCKET]);
#else
    (void)key;
#endif
  }
};

typedef ChainedTableOf<ChainSlot> ChainedTable;  ///< Step 06's chained table.
typedef BucketTableOf<Slot> BucketTable;         ///< Step 06's buckets.

}  // namespace e06

#endif  // REVERSI_LAB_E06_TRANSPOSITION_H
