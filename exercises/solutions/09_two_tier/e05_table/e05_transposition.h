/**
 * @file e05_transposition.h
 * @brief The transposition table, step 05's idea: what a slot remembers of a position,
 * and two ways to keep slots in a fixed pool.
 *
 * The memory is a fixed pool of slots that the caller lends: a static array on a
 * microcontroller, a vector on the host; nothing is allocated per node.
 * - ChainedTable, the article's: the first half of the pool are chain heads, one per
 *   hash value; a position whose head is taken is appended to that chain in the next
 *   free slot of the second half. When that half is used up, nothing more is stored.
 * - BucketTable: the pool is cut into buckets of BUCKET = 2 slots, two tiers (see
 *   below).
 * Both are templates over their slot type (a struct with `key`, `depth` and, for the
 * chained table, `next`), so that the later steps give them slots of their own; step
 * 05's is Slot below (ChainedTable and BucketTable).
 *
 * Exercise 09 (two-tier replacement): the step's buckets kept 4 slots and let every
 * new position replace the shallowest of them, so the deeper results stayed however old
 * they were and every recent shallow one shared the one slot left: close to a table
 * that keeps only the deepest, which fills with old deep results and stops learning.
 * Two tiers keep both kinds: each bucket has a depth-preferred slot, replaced only by a
 * result at least as deep (the one it displaces moves down to the second slot), and an
 * always-replace slot, which takes every other new result, so that the recent shallow
 * work is remembered too. store() now takes the depth to choose the tier.
 */
#ifndef REVERSI_LAB_E05_TRANSPOSITION_H
#define REVERSI_LAB_E05_TRANSPOSITION_H

#include <stdint.h>

#include "../e01_minimax/e01_rules.h"

namespace e05 {

const int BUCKET = 2;  ///< Slots per bucket in BucketTable: depth-preferred, then always-replace.

/// What the table remembers of one position.
struct Slot {
  uint64_t key;   ///< The position's whole Zobrist key.
  int16_t lower;  ///< The score is at least this...
  int16_t upper;  ///< ...and at most this (equal: exact).
  int8_t depth;   ///< Plies searched below it (EXACT_DEPTH: to the end); 0: the slot is free.
  uint8_t best;   ///< The best move found, or NO_MOVE.
  uint32_t next;  ///< ChainedTable: the next slot of this chain (0: none).
};

/**
 * @brief The article's table: a chained hash in a fixed pool, nothing replaced.
 * @tparam S the slot: `key`, `depth` (0: free) and `next` (the chain's next slot, 0: none)
 */
template <class S>
class ChainedTableOf {
 public:
  typedef S Entry;  ///< The slot type of its pool.

  ChainedTableOf() : slots_(0), heads_(0), count_(0), free_(0) {}

  /**
   * @brief Takes a pool of slots and empties it.
   * @param slots the pool
   * @param count slots in the pool (at least 2)
   */
  void init(S* slots, uint32_t count) {
    slots_ = slots;
    heads_ = 1;
    while (heads_ * 2 <= count / 2) heads_ *= 2;  // a power of two: the head is key & (heads - 1)
    count_ = count;
    clear();
  }
  /// Empties every slot.
  void clear() {
    for (uint32_t i = 0; i < count_; i++) slots_[i].depth = 0;
    free_ = heads_;
  }
  /**
   * @brief Looks a position up.
   * @param key the position's key
   * @return its slot, or 0 if it is not stored
   */
  S* find(uint64_t key) {
    if (!slots_) return 0;
    S* s = &slots_[key & (heads_ - 1)];
    if (s->depth == 0) return 0;
    for (;;) {
      if (s->key == key) return s;
      if (s->next == 0) return 0;
      s = &slots_[s->next];
    }
  }
  /**
   * @brief A slot to store a position in.
   * @param key the position's key
   * @param depth the depth of the result to store (unused: nothing is replaced here)
   * @return its own slot if stored, else a new one at the end of its chain; 0 when the
   *         pool is used up
   */
  S* store(uint64_t key, int8_t depth) {
    (void)depth;
    if (!slots_) return 0;
    S* s = &slots_[key & (heads_ - 1)];
    if (s->depth != 0) {
      for (;;) {
        if (s->key == key) return s;
        if (s->next == 0) break;
        s = &slots_[s->next];
      }
      if (free_ >= count_) return 0;  // the pool is used up
      s->next = free_;
      s = &slots_[free_++];
    }
    s->key = key;
    s->next = 0;
    return s;
  }

 protected:
  S* slots_;                       ///< The pool.
  uint32_t heads_, count_, free_;  ///< Chain heads (a power of two), the pool's slots, the next free one.
};

/**
 * @brief Buckets of two tiers: a depth-preferred slot and an always-replace slot.
 * @tparam S the slot: `key` and `depth` (0: free)
 */
template <class S>
class BucketTableOf {
 public:
  typedef S Entry;  ///< The slot type of its pool.

  BucketTableOf() : slots_(0), buckets_(0) {}

  /**
   * @brief Takes a pool of slots and empties it.
   * @param slots the pool
   * @param count slots in the pool (at least BUCKET)
   */
  void init(S* slots, uint32_t count) {
    slots_ = slots;
    buckets_ = 1;
    while (buckets_ * 2 * BUCKET <= count) buckets_ *= 2;  // a power of two
    clear();
  }
  /// Empties every slot.
  void clear() {
    for (uint32_t i = 0; i < buckets_ * BUCKET; i++) slots_[i].depth = 0;
  }
  /**
   * @brief Looks a position up.
   * @param key the position's key
   * @return its slot, or 0 if it is not stored
   */
  S* find(uint64_t key) {
    if (!slots_) return 0;
    S* s = &slots_[(key & (buckets_ - 1)) * BUCKET];
    for (int i = 0; i < BUCKET; i++)
      if (s[i].depth != 0 && s[i].key == key) return &s[i];
    return 0;
  }
  /**
   * @brief A slot to store a position in.
   * @param key the position's key
   * @param depth the depth of the result to store
   * @return its own slot if stored; else the depth-preferred slot if `depth` is at least
   *         its depth (its old content moving down to the always-replace slot), else
   *         the always-replace slot (its old content lost); 0 without a pool
   */
  S* store(uint64_t key, int8_t depth) {
    if (!slots_) return 0;
    S* deep = &slots_[(key & (buckets_ - 1)) * BUCKET];
    S* recent = deep + 1;
    if (deep->depth != 0 && deep->key == key) return deep;
    if (recent->depth != 0 && recent->key == key) return recent;
    if (depth >= deep->depth) {               // a free slot has depth 0
      if (deep->depth != 0) *recent = *deep;  // the displaced deep result is kept a while
      deep->key = key;
      return deep;
    }
    recent->key = key;
    return recent;
  }

 protected:
  S* slots_;          ///< The pool.
  uint32_t buckets_;  ///< Buckets in it (a power of two).
};

/**
 * @brief The table's verdict on a node searched `stored` plies deep: a slot of that depth
 * whose bounds settle the window ends the node's search (never at the root, which must
 * name its best move); any slot's move goes first.
 * @tparam S the slot type
 * @param s the node's slot, or 0 @param stored the depth the node would record
 * @param ply plies from the root @param alpha @param beta the window
 * @param tableMove set to the slot's best move, if any
 * @param settled set to the score when the slot settles the node
 * @return true when it does
 */
template <class S>
bool settles(const S* s, int8_t stored, int ply, int alpha, int beta, uint8_t& tableMove, int& settled) {
  if (!s) return false;
  if (ply > 0 && s->depth == stored) {
    if (s->lower >= beta) {
      settled = s->lower;
      return true;
    }
    if (s->upper <= alpha || s->lower == s->upper) {
      settled = s->upper;
      return true;
    }
  }
  tableMove = s->best;
  return false;
}

/**
 * @brief What a search proved, searched with the window (alphaIn, beta): a lower bound
 * (it cut), an upper bound (nothing raised alpha) or the value, and its best move.
 * @tparam S the slot type
 * @param s the slot the table gave, or 0 (nothing is kept) @param stored the depth searched
 * @param best the score found @param alphaIn @param beta the window @param bestMove its move
 */
template <class S>
void remember(S* s, int8_t stored, int best, int alphaIn, int beta, uint8_t bestMove) {
  if (!s) return;
  s->depth = stored;
  s->lower = int16_t(best >= beta ? best : best > alphaIn ? best : -e01::INF);
  s->upper = int16_t(best <= alphaIn ? best : best < beta ? best : e01::INF);
  s->best = bestMove;
}

typedef ChainedTableOf<Slot> ChainedTable;  ///< Step 05's chained table.
typedef BucketTableOf<Slot> BucketTable;    ///< Step 05's buckets.

}  // namespace e05

#endif  // REVERSI_LAB_E05_TRANSPOSITION_H
