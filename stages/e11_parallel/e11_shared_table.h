/**
 * @file e11_shared_table.h
 * @brief Step 11's table: step 10's buckets, shared by every thread of a search. A slot
 * is two 64-bit words, each read and written whole (an atomic word, relaxed: on x86-64
 * and arm64 a plain load or store), the first the key XORed with the second. A reader
 * that meets a slot half written by another thread (one word new, one old) finds a key
 * that is neither's and takes it for another position's: a miss, never a wrong bound.
 * (Hyatt and Mann's lockless table, "A lockless transposition-table implementation for
 * parallel search", ICGA Journal 25(1), 2002.)
 *
 * The searcher reads and writes a slot through a pointer, as it does step 10's table: a
 * find gives it a copy of the slot, a store a copy it fills, which the table writes to the
 * pool at its next use (or flush()). So step 10's search runs on it unchanged.
 */
#ifndef REVERSI_LAB_E11_SHARED_TABLE_H
#define REVERSI_LAB_E11_SHARED_TABLE_H

#include <stdint.h>

#include <atomic>

#include "../e10_stable/e10_stable.h"

namespace e11 {

using e08::BUCKET;
using e08::Slot;

/**
 * @brief Buckets of BUCKET slots in a pool several searchers share, each slot two atomic
 * words; a new position replaces the shallowest. One object per searcher, all lent the
 * same pool.
 */
class SharedTable {
  typedef std::atomic<uint64_t> Word;
  static_assert(sizeof(Slot) == 2 * sizeof(Word), "a slot is two words of the pool");
  static_assert(sizeof(uint64_t) == sizeof(long) ? ATOMIC_LONG_LOCK_FREE == 2 : ATOMIC_LLONG_LOCK_FREE == 2,
                "a word is read and written whole, without a lock");

 public:
  typedef e08::Slot Entry;  ///< The slot type of its pool.

  SharedTable() : words_(0), buckets_(0), pending_(NONE) {}

  /**
   * @brief Takes a pool of slots, as it is: every thread's table takes the same pool,
   * which the first thread's search empties at its start (clear).
   * @param slots the pool
   * @param count slots in the pool (at least BUCKET)
   */
  void init(Slot* slots, uint32_t count) {
    words_ = reinterpret_cast<Word*>(slots);  // (the pool is only ever reached as words from here)
    buckets_ = count / BUCKET;
    pending_ = NONE;
  }
  /// Empties every slot (before the other threads take any work: nothing races with it).
  void clear() {
    pending_ = NONE;
    for (uint32_t i = 0; i < 2 * buckets_ * BUCKET; i++) words_[i].store(0, std::memory_order_relaxed);
  }
  /**
   * @brief Looks a position up.
   * @param key the position's key
   * @return a copy of its slot (valid until the next find), or 0 if it is not stored
   */
  Slot* find(uint64_t key) {
    flush();
    if (!words_) return 0;
    const uint32_t b = bucket(key);
    for (uint32_t i = b; i < b + BUCKET; i++) {
      const uint64_t data = words_[2 * i + 1].load(std::memory_order_relaxed);
      if ((words_[2 * i].load(std::memory_order_relaxed) ^ data) == key && depthOf(data) != 0) return unpack(key, data, &found_);
    }
    return 0;
  }
  /// @brief Asks the memory for a position's bucket ahead of a find. @param key its key
  void prefetch(uint64_t key) const {
#if defined(__GNUC__)
    if (words_) __builtin_prefetch(&words_[2 * bucket(key)]);
#else
    (void)key;
#endif
  }
  /**
   * @brief A slot to store a position in: written to the pool at the table's next use.
   * @param key the position's key
   * @return a copy of its own slot if stored, else an empty one that will replace the
   *         bucket's shallowest; 0 without a pool
   */
  Slot* store(uint64_t key) {
    flush();
    if (!words_) return 0;
    const uint32_t b = bucket(key);
    uint32_t victim = b;
    int victimDepth = 256;
    for (uint32_t i = b; i < b + BUCKET; i++) {
      const uint64_t data = words_[2 * i + 1].load(std::memory_order_relaxed);
      if ((words_[2 * i].load(std::memory_order_relaxed) ^ data) == key && depthOf(data) != 0) {
        pending_ = i;
        return unpack(key, data, &toWrite_);
      }
      if (depthOf(data) < victimDepth) victim = i, victimDepth = depthOf(data);  // a free slot has depth 0
    }
    pending_ = victim;
    return unpack(key, 0, &toWrite_);  // a new slot: nothing stored yet
  }
  /// Writes the slot store() last gave out to the pool (the table's next use does it too).
  void flush() {
    if (pending_ == NONE) return;
    const uint64_t data = pack(toWrite_);
    words_[2 * pending_ + 1].store(data, std::memory_order_relaxed);
    words_[2 * pending_].store(toWrite_.key ^ data, std::memory_order_relaxed);
    pending_ = NONE;
  }

 private:
  static const uint32_t NONE = ~uint32_t(0);

  // The first slot of a key's bucket (step 10's multiplication).
  uint32_t bucket(uint64_t key) const { return uint32_t((uint64_t(uint32_t(key >> 32)) * buckets_) >> 32) * BUCKET; }
  // A slot's fields but its key, in one word: lower, upper, depth, best, level.
  static uint64_t pack(const Slot& s) {
    return uint64_t(uint16_t(s.lower)) | uint64_t(uint16_t(s.upper)) << 16 | uint64_t(uint8_t(s.depth)) << 32 |
           uint64_t(s.best) << 40 | uint64_t(s.level) << 48;
  }
  static int depthOf(uint64_t data) { return int8_t(data >> 32); }
  static Slot* unpack(uint64_t key, uint64_t data, Slot* s) {
    s->key = key;
    s->lower = int16_t(data);
    s->upper = int16_t(data >> 16);
    s->depth = int8_t(data >> 32);
    s->best = uint8_t(data >> 40);
    s->level = uint8_t(data >> 48);
    return s;
  }

  Word* words_;       // the pool, two words a slot
  uint32_t buckets_;  // buckets in the pool
  uint32_t pending_;  // the slot toWrite_ goes to, or NONE
  Slot found_;        // find's copy
  Slot toWrite_;      // store's copy, written at the next use
};

}  // namespace e11

#endif  // REVERSI_LAB_E11_SHARED_TABLE_H
