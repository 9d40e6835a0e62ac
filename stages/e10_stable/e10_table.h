/**
 * @file e10_table.h
 * @brief Step 10's table: step 08's slots in buckets found by a multiplication (so that
 * the pool's rest after a shallow table apart, held in the core's caches, is one table
 * too), and a key worked out from the position's two masks (positionKey) rather than kept
 * up to date stone by stone.
 */
#ifndef REVERSI_LAB_E10_TABLE_H
#define REVERSI_LAB_E10_TABLE_H

#include <stdint.h>

#include "../e08_selective/e08_transposition.h"
#include "e10_isa.h"

namespace e10 {

using e08::BUCKET;
using e08::ChainedTable;
using e08::ChainSlot;
using e08::Slot;  // step 08's slots

/// Empties at or below which solve() keeps its positions in the shallow table: a small
/// one, apart, held in the processor's own caches (see Search::useTable). (7, the first
/// choice, left the positions of 8 and 9 empties, and the children 9 and 10 look up, to
/// the big table in main memory: on FFO #40-#44, measured on a Zen 5, 9 and a 1 MiB table
/// took about 5 % less time than 7 and 512 KiB, for 6 thousand fewer nodes in 147 million.)
const int SHALLOW_TABLE_MAX = 9;
/// The shallow table's slots at most: 1 MiB of 16-byte slots, the size of a core's L2
/// cache on an AMD Zen 4 or Zen 5 (half of it on an Intel Sapphire Rapids), small beside
/// the big table's tens of megabytes...
const uint32_t SHALLOW_TABLE_SLOTS = uint32_t(1) << 16;
/// ...and a sixteenth of the pool at most (8192 slots on a board: 512 for the shallow table).
const int SHALLOW_TABLE_SHARE = 16;

/**
 * @brief Buckets of BUCKET slots; a new position replaces the shallowest.
 */
class BucketTable {
 public:
  typedef e08::Slot Entry;  ///< The slot type of its pool.

  BucketTable() : slots_(0), buckets_(0) {}

  /**
   * @brief Takes a pool of slots and empties it.
   * @param slots the pool
   * @param count slots in the pool (at least BUCKET)
   */
  void init(Slot* slots, uint32_t count) {
    slots_ = slots;
    buckets_ = count / BUCKET;  // any number: the pool's rest after the shallow table is one too
    clear();
  }
  /// Empties every slot.
  void clear() {
    for (uint32_t i = 0; i < buckets_ * BUCKET; i++) slots_[i].depth = 0;
  }
  /**
   * @brief Looks a position up.
   * @param key the position's key (Search::hashKey)
   * @return its slot, or 0 if it is not stored
   */
  Slot* find(uint64_t key) {
    if (!slots_) return 0;
    Slot* s = bucket(key);
    for (int i = 0; i < BUCKET; i++)
      if (s[i].key == key && s[i].depth != 0) return &s[i];  // (the key first: it rarely matches, a branch easy to guess)
    return 0;
  }
  /// @brief Asks the memory for a position's bucket ahead of a find. @param key its key
  void prefetch(uint64_t key) const {
#if defined(__GNUC__)
    if (slots_) __builtin_prefetch(bucket(key));
#else
    (void)key;
#endif
  }
  /**
   * @brief A slot to store a position in.
   * @param key the position's key (Search::hashKey)
   * @return its own slot if stored, else the bucket's shallowest (its old content lost);
   *         0 without a pool
   */
  Slot* store(uint64_t key) {
    if (!slots_) return 0;
    Slot* s = bucket(key);
    Slot* victim = s;
    for (int i = 0; i < BUCKET; i++) {
      if (s[i].key == key && s[i].depth != 0) return &s[i];  // (the key first: it rarely matches, a branch easy to guess)
      if (s[i].depth < victim->depth) victim = &s[i];        // a free slot has depth 0
    }
    victim->key = key;
    victim->depth = 0;  // a new slot: nothing stored yet (solveDeep merges only with an old one)
    return victim;
  }

 private:
  // A key's bucket: the key's top 32 bits, a fraction of 2^32, times the buckets (a
  // multiply, not a mask: the number of buckets need not be a power of two).
  Slot* bucket(uint64_t key) const { return &slots_[uint32_t((uint64_t(uint32_t(key >> 32)) * buckets_) >> 32) * BUCKET]; }

  Slot* slots_;
  uint32_t buckets_;
};

/**
 * @brief The table's key of a position from its two masks. Each mask's top bits are
 * folded into its lower ones (a multiplication carries only upwards), each is then
 * multiplied by an odd constant of its own (a different number for every mask), the
 * opponent's turned half a word, the two XORed, then mixed by a multiplication and two
 * shifts: one disc more changes about half of the key's top bits, which pick the
 * bucket, whatever its square. Three multiplications a child, where a Zobrist key takes
 * a load for each four squares a move changes (keyAfter: sixteen). The key names the
 * side to move's discs, not a colour: a position and its colours swapped, the other
 * side to move, share a key, and a score (the mover's).
 * @param own the side to move's discs @param opp the opponent's
 * @return the key
 */
E10_INLINE uint64_t positionKey(uint64_t own, uint64_t opp) {
  const uint64_t a = (own ^ own >> 29) * 0x9E3779B97F4A7C15ULL, c = (opp ^ opp >> 29) * 0xC2B2AE3D27D4EB4FULL;
  uint64_t h = a ^ ((c << 32) | (c >> 32));
  h ^= h >> 32;
  h *= 0xD6E8FEB86659FD93ULL;
  return h ^ (h >> 29);
}

}  // namespace e10

#endif  // REVERSI_LAB_E10_TABLE_H
