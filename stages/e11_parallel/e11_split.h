/**
 * @file e11_split.h
 * @brief Step 11's idea: young brothers wait (YBWC) in step 10's deep solver.
 *
 * A null-window node of SPLIT_MIN empty squares or more whose first move did not cut
 * will most likely search all its moves: the first move's failure is the proof that the
 * others are worth it ("the eldest brother first"). There, a thread offers the node's
 * other moves to an idle thread of its team; both take moves from the node, one at a
 * time, until none is left or one cuts. A thread that waits at its own node for its
 * helper to finish meanwhile works at the nodes its helper offers (they lie below its
 * own), so no thread spins while there is work.
 *
 * Every thread runs step 10's solver on its own list of empty squares; a thread that
 * joins a node rebuilds its list from the node's two masks (takePosition), in the
 * square order step 10's list keeps, so it searches the moves as the owner would.
 */
#ifndef REVERSI_LAB_E11_SPLIT_H
#define REVERSI_LAB_E11_SPLIT_H

#include <stdint.h>

#include <atomic>
#include <exception>
#include <thread>
#include <vector>

#include "../e10_stable/e10_stable.h"
#include "e11_shared_table.h"

namespace e11 {

/// The fewest empty squares at which a node is shared: below, its subtree is too small
/// to pay for a second thread's start (its list of empties, the caches it warms).
const int SPLIT_MIN = 12;

/// A node whose moves several threads share. It lives on its owner's stack.
struct SplitNode {
  uint64_t own;                ///< the side to move's discs
  uint64_t opp;                ///< the opponent's
  uint8_t me;                  ///< the side to move
  int beta;                    ///< its null window's beta
  int discs;                   ///< own discs minus the opponent's
  int empties;                 ///< its empty squares
  int ply;                     ///< plies from the root
  int level;                   ///< the selective pass it is searched in
  const e10::DeepChildren* c;  ///< its moves, sorted (the owner's, read only)
  std::atomic<int> next;       ///< the next move to take (the first is searched)
  std::atomic<int> best;       ///< (score + 128) << 8 | move: the best so far
  std::atomic<bool> cut;       ///< a move reached beta, or the owner gave up
  std::atomic<bool> left;      ///< its helper has left it (one helper a node: the one that took the offer)
  SplitNode() : next(1), best(0), cut(false), left(false) {}
};

/// The threads of one solve.
struct Team {
  alignas(64) std::atomic<SplitNode*> offered;  ///< a node waiting for a helper, or none
  alignas(64) std::atomic<int> idle;            ///< threads with nothing to do (read at every node of SPLIT_MIN empties)
  alignas(64) std::atomic<bool> quit;           ///< the solve is over (or given up)
  Team() : offered(nullptr), idle(0), quit(false) {}
};

/// A thread counted idle in its team while the object lives (and not while it works at
/// a node it took: Busy), however its scope ends.
struct Idle {
  Team* t;  ///< the team
  /// @brief Counts the thread idle. @param team its team
  explicit Idle(Team* team) : t(team) { t->idle.fetch_add(1, std::memory_order_relaxed); }
  ~Idle() { t->idle.fetch_sub(1, std::memory_order_relaxed); }
};
/// An idle thread not counted idle while the object lives: it works at a node it took.
struct Busy {
  Team* t;  ///< the team
  /// @brief Counts the thread busy. @param team its team
  explicit Busy(Team* team) : t(team) { t->idle.fetch_sub(1, std::memory_order_relaxed); }
  ~Busy() { t->idle.fetch_add(1, std::memory_order_relaxed); }
};

/// Takes the offered node, if there is one. Never a node of the taker's own: a thread
/// offers a node only while no node of its own is on offer, and it waits only at a node
/// that was taken, so none of its nodes is on offer then.
/// @param team the team @return the node, or 0
inline SplitNode* takeOffer(Team& team) {
  SplitNode* o = team.offered.load(std::memory_order_relaxed);
  if (!o || !team.offered.compare_exchange_strong(o, nullptr, std::memory_order_acquire)) return 0;
  return o;
}

/// @brief The node this thread helps at, which a helper's idle reads. @return it (0: none)
inline SplitNode*& currentSplit() {
  static thread_local SplitNode* s = 0;
  return s;
}
/// @brief The team of the node this thread helps at. @return it
inline Team*& currentTeam() {
  static thread_local Team* t = 0;
  return t;
}
/// @brief The hook the search had before this thread joined a node (the time control's,
/// on the first thread). @return it (0: none)
inline void (*&outerIdle())() {
  static thread_local void (*f)() = 0;
  return f;
}

/// Thrown by a helper's idle once the node it works on has cut, or the solve is over.
struct LeaveSplit {};

/// A helper's idle: leaves a node that has cut, and still calls the hook it had.
inline void helperIdle() {
  if (currentSplit()->cut.load(std::memory_order_relaxed) || currentTeam()->quit.load(std::memory_order_relaxed))
    throw LeaveSplit();
  if (outerIdle()) outerIdle()();
}

/// @brief A waiting thread's pause: the processor's spin hint, and now and then its core
/// given up (with more threads than free cores, spinning would keep the awaited one off
/// its core). @param spins the pauses so far of this wait
inline void pause(unsigned& spins) {
  if ((++spins & 63) == 0) {
    std::this_thread::yield();
  } else {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
  }
}

/**
 * @brief Step 10's solver on the shared table, which shares its nodes with a team.
 * @tparam G the move generator
 * @tparam Off step 10's ideas switched off
 * @tparam W its evaluation's weights (Weights07: step 07's)
 */
template <class G, unsigned Off = 0, class W = Weights07>
class Worker : public e10::DeepEndgame<Worker<G, Off, W>, G, SharedTable, Off> {
  typedef e10::DeepEndgame<Worker<G, Off, W>, G, SharedTable, Off> Base;
  typedef typename Base::K K;

 public:
  Worker() : team(0) {}
  Team* team;  ///< Its team; 0: it searches alone.
  /// @brief The weights its evaluation starts with (W's). @return them
  static constexpr const e07::Weights* learned() { return W::learned(); }

  /// @brief Its nodes since resetNodes(). @return them
  uint64_t nodes() const { return this->nodes_; }
  /// Counts its nodes from 0 again.
  void resetNodes() { this->nodes_ = 0; }
  /// @brief A shallow table of its own, emptied (the threads but the first). @param slots,count its pool
  void ownShallowTable(Slot* slots, uint32_t count) {
    this->ownShallow_.init(slots, count);
    this->ownShallow_.clear();
  }

  /**
   * @brief The moves of a node: shared when it is worth it, else step 10's loop
   * (DeepEndgame::searchMoves, which documents the arguments).
   * @param own,opp,me,alpha,beta,discs,empties,ply,hint,c,bestMove step 10's
   * @return the best score, in discs (0 when the search is given up)
   */
  E10_INLINE int searchMoves(uint64_t own, uint64_t opp, uint8_t me, int alpha, int beta, int discs, int empties, int ply,
                             uint8_t hint, e10::DeepChildren& c, uint8_t& bestMove) {
    if (!team || beta - alpha > 1 || empties < SPLIT_MIN || c.n < 2 || team->idle.load(std::memory_order_relaxed) == 0)
      return Base::searchMoves(own, opp, me, alpha, beta, discs, empties, ply, hint, c, bestMove);
    return splitMoves(own, opp, me, beta, discs, empties, ply, hint, c, bestMove);
  }

  /// A helper thread's life: waits for a node, works at it, until the solve is over.
  void help() {
    unsigned spins = 0;
    Idle idle(team);
    while (!team->quit.load(std::memory_order_acquire)) {
      SplitNode* s = takeOffer(*team);
      if (!s) {
        pause(spins);
        continue;
      }
      Busy busy(team);
      join(*s);
    }
  }

 private:
  // The first move alone; then the others offered to the team and shared.
  int splitMoves(uint64_t own, uint64_t opp, uint8_t me, int beta, int discs, int empties, int ply, uint8_t hint,
                 e10::DeepChildren& c, uint8_t& bestMove) {
    const int first = Base::firstMove(c, hint);
    const uint8_t sq0 = c.moves[first];
    const int score0 = child(own, opp, me, beta, discs, empties, ply, c, sq0);
    if (this->stopped()) return 0;
    bestMove = sq0;
    if (score0 >= beta) return score0;
    c.sortKey[first] = -e10::INF;  // the others in order, the first first (as step 10's loop)
    e03::sortByKey(c.moves, c.sortKey, c.n);
    SplitNode s;
    s.own = own, s.opp = opp, s.me = me, s.beta = beta, s.discs = discs, s.empties = empties, s.ply = ply;
    s.level = this->level_, s.c = &c;
    s.best.store((score0 + 128) << 8 | sq0, std::memory_order_relaxed);
    SplitNode* none = nullptr;  // (another node offered and not taken yet: this one stays this thread's)
    const bool offered = team->offered.compare_exchange_strong(none, &s, std::memory_order_release);
    try {
      work(s);
      if (this->stopped()) s.cut.store(true, std::memory_order_relaxed);  // (given up: its helper leaves too)
      if (offered) withdraw(s);
    } catch (...) {  // given up by an exception (the portable kernels): s is on this stack, so its helper leaves first
      s.cut.store(true, std::memory_order_relaxed);
      if (offered) withdraw(s, false);
      throw;
    }
    if (this->stopped()) return 0;
    const int packed = s.best.load(std::memory_order_relaxed);
    bestMove = uint8_t(packed & 255);
    return (packed >> 8) - 128;
  }

  // Takes s back if no thread took it; else waits until its helper has left, working
  // meanwhile at the nodes the helper offers (unless `help` is false: given up). Then
  // this thread's list of empties is s's again.
  void withdraw(SplitNode& s, bool help = true) {
    SplitNode* mine = &s;
    if (team->offered.compare_exchange_strong(mine, nullptr, std::memory_order_acq_rel)) return;
    {
      unsigned spins = 0;
      Idle idle(team);
      while (!s.left.load(std::memory_order_acquire)) {
        if (this->stopped()) s.cut.store(true, std::memory_order_relaxed);  // (given up while it helped: its helper leaves too)
        SplitNode* o = help && !this->stopped() ? takeOffer(*team) : 0;
        if (!o) {
          pause(spins);
          continue;
        }
        Busy busy(team);
        join(*o);
      }
    }
    takePosition(s.own, s.opp, s.level);
  }

  // Takes moves from s until none is left or one cuts.
  void work(SplitNode& s) {
    for (;;) {
      if (s.cut.load(std::memory_order_relaxed)) return;
      const int i = s.next.fetch_add(1, std::memory_order_relaxed);
      if (i >= s.c->n) return;
      const uint8_t sq = s.c->moves[i];
      const int score = child(s.own, s.opp, s.me, s.beta, s.discs, s.empties, s.ply, *s.c, sq);
      if (this->stopped()) return;
      int old = s.best.load(std::memory_order_relaxed);
      while ((old >> 8) - 128 < score && !s.best.compare_exchange_weak(old, (score + 128) << 8 | sq)) {}
      if (score >= s.beta) s.cut.store(true, std::memory_order_relaxed);
    }
  }

  // One move of a null-window node (beta - 1, beta): step 10's loop body, on this
  // thread's list of empties.
  E10_INLINE int child(uint64_t own, uint64_t opp, uint8_t me, int beta, int discs, int empties, int ply,
                       const e10::DeepChildren& c, uint8_t sq) {
    const uint64_t f = Base::on(e10::IDEA_FLIP_LIST) ? c.flipped[sq] : K::flips(sq, own, opp);
    const uint64_t childOwn = opp ^ f, childOpp = own ^ f ^ (uint64_t(1) << sq);
    this->removeEmpty(sq);
    const int childDiscs = -(discs + 2 * K::countBits(f) + 1);
    const uint64_t handed = e10::HAND_MOVES_DOWN ? c.replies[sq] : e10::MOVES_UNKNOWN;
    const int score = -this->solveNext(childOwn, childOpp, uint8_t(3 - me), -beta, -beta + 1, childDiscs, empties - 1, ply + 1,
                                       c.key[sq], handed);
    this->restoreEmpty(sq);
    return score;
  }

  // Works at another thread's node until it is done or cut, then leaves it. A cut, the
  // end of the solve or an exception from the outer hook (the time control) leave it too.
  void join(SplitNode& s) {
    currentTeam() = team;
    takePosition(s.own, s.opp, s.level);
    SplitNode* const outerSplit = currentSplit();
    void (*const outer)() = this->idle;
    void (*const outerOuter)() = outerIdle();
    struct Leave {  // restores this thread's hooks and tells the owner, however join ends
      Worker* w;
      SplitNode& s;
      SplitNode* split;
      void (*idle)();
      void (*outer)();
      ~Leave() {
        currentSplit() = split;
        outerIdle() = outer;
        w->idle = idle;
        s.left.store(true, std::memory_order_release);
      }
    } leave = {this, s, outerSplit, outer, outerOuter};
    currentSplit() = &s;
    if (outer != helperIdle) outerIdle() = outer;  // (joined from a node joined: the hook stays the first's)
    this->idle = helperIdle;
    try {
      work(s);
      this->rethrowIfGivenUp();
    } catch (const LeaveSplit&) {
    } catch (...) {  // the outer hook gave the search up (the time control)
#if E10_X86
      this->giveUp_.keep(std::current_exception());  // kept as step 10 keeps it: no exception passes its solver's copies
#else
      throw;
#endif
    }
  }

  // This thread's list of empty squares, parity and pass made a node's (the list in
  // square order: the links the thread that reached the node by moves has).
  void takePosition(uint64_t own, uint64_t opp, int level) {
    const uint64_t empty = ~(own | opp);
    this->next_[64] = this->prev_[64] = 64;
    this->parity_ = 0;
    for (int i = 0; i < 64; i++) {
      const uint8_t sq = e10::SQUARE_ORDER[i];
      if (!((empty >> sq) & 1)) continue;
      this->prev_[sq] = this->prev_[64];
      this->next_[sq] = 64;
      this->next_[this->prev_[64]] = sq;
      this->prev_[64] = sq;
      this->parity_ ^= e10::QUADRANT_BIT[sq];
    }
    this->level_ = level;
  }
};

}  // namespace e11

#endif  // REVERSI_LAB_E11_SPLIT_H
