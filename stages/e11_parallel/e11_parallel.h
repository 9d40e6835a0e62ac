/**
 * @file e11_parallel.h
 * @brief Search step 11 — both cores: step 10's exact solver on several threads that
 * share one table, by young brothers wait.
 *
 * Step 10 solves on one core; the machine has two or more. A search tree is not a list
 * of equal jobs: alpha-beta's cuts come from the moves already searched, so two threads
 * that split the root's moves search what one thread would have cut. Young brothers
 * wait (Feldmann, Monien and Mysliwietz, "Game-tree search on a massively parallel
 * system", Advances in Computer Chess 7, 1994; the YBWC of Crafty and, in Reversi,
 * Edax) shares a node's moves only once its first move has been searched and has not
 * cut: in a well-ordered tree such a node then searches all its moves anyway, so the
 * second thread's work is seldom wasted. Only null-window nodes are shared (nearly all
 * the nodes of an exact solve; the principal variation stays the first thread's), and
 * only with SPLIT_MIN empty squares or more (e11_split.h).
 *
 * The threads share one table: what one proves, the others find. It is step 10's
 * buckets, with each slot two words read and written whole (e11_shared_table.h), so a
 * slot half written by one thread is a miss for another, never a wrong bound. The small
 * table of positions near the end (step 10's shallow table, which lives in a core's
 * caches) is each thread's own: shared, it would bounce between the cores' caches.
 *
 * Considered and not taken, measured on the branch that built this step: lazy SMP (every
 * thread solves the whole root on the shared table, as Stockfish does in chess) visited
 * far more nodes than one thread on FFO #40-#44 and gained little by the clock: an
 * exact solve has no depths for the threads to differ by.
 *
 * On one thread the step is step 10, node for node (the tests check it); on more, its
 * score is the same, its nodes and move may differ from run to run. Only solve() runs
 * on several threads: search() (the midgame, to a depth) is step 10's on one.
 *
 * Generic over the move generator as step 10 (whose solver reads the root from G once).
 * Step 10's files are included unchanged, but for the hooks its classes give a later step
 * (the deep solver calls searchMoves, and the evaluation starts from learned(), through
 * the class that derives from them) and GiveUp::keep. The searchers' last template
 * argument is the weights they evaluate with (Weights07: step 07's; step 12 passes its own).
 */
#ifndef REVERSI_LAB_E11_PARALLEL_H
#define REVERSI_LAB_E11_PARALLEL_H

#include <stdint.h>

#include "../e10_stable/e10_stable.h"

#ifndef E11_THREADS
/// 1 where the step runs threads: a hosted build with exceptions, not an Arduino board
/// (the sketches' boards have no threads, and their builds no exceptions): 0 there, and
/// in the sketch, which sets it (so its host build prints what its boards print).
#if defined(DOXYGEN) || (defined(__cpp_exceptions) && defined(__STDC_HOSTED__) && __STDC_HOSTED__ && !defined(ARDUINO))
#define E11_THREADS 1
#else
#define E11_THREADS 0
#endif
#endif

/// Search step 11: step 10's solver on several threads, one shared table.
namespace e11 {
/// Step 07's weights, as a type: the searchers' last template argument. A later step
/// with weights of its own (step 12) passes a type like it, whose learned() names them.
struct Weights07 {
  /// @brief The weights. @return step 07's
  static constexpr const e07::Weights* learned() { return &e07::LEARNED; }
};
}  // namespace e11

#if E11_THREADS
#include <memory>
#include <thread>
#include <vector>

#include "e11_shared_table.h"
#include "e11_split.h"
#endif

namespace e11 {

using e10::DISC;
using e10::EVAL_LIMIT;
using e10::NO_MOVE;
using e10::PASS;
using e08::BUCKET;
using e08::Slot;
using e01::Result;

#if !E11_THREADS
/// Where there are no threads (a sketch's board): step 10's search with W's weights, `threads` ignored.
template <class G, unsigned Off = 0, class W = Weights07>
class Search : public e10::DeepEndgame<Search<G, Off, W>, G, e10::BucketTable, Off> {
 public:
  int threads;  ///< Ignored here: one thread.
  Search() : threads(1) {}
  /// @brief The weights its evaluation starts with (W's). @return them
  static constexpr const e07::Weights* learned() { return W::learned(); }
};
#else

/// The helper threads of a solve: told to stop and joined when the object goes, however
/// the solve ends (a search given up throws through it).
struct Helpers {
  Team& team;                        ///< their team
  std::vector<std::thread> threads;  ///< the threads
  /// @brief No thread yet. @param t their team
  explicit Helpers(Team& t) : team(t) {}
  ~Helpers() {
    team.quit.store(true, std::memory_order_release);
    for (size_t i = 0; i < threads.size(); i++) threads[i].join();
  }
};

/**
 * @brief Step 10's search, its exact solve on `threads` threads.
 * @tparam G the move generator
 * @tparam Off step 10's ideas switched off (e10_ideas.h)
 * @tparam W its evaluation's weights (Weights07: step 07's)
 */
template <class G, unsigned Off = 0, class W = Weights07>
class Search {
 public:
  typedef typename G::Board Board;                ///< The stage's board.
  typedef typename Worker<G, Off, W>::Slot Slot;  ///< The pool's slots.
  void (*idle)();  ///< Called every few thousand nodes by the first thread; it may throw to give the search up.
  int threads;     ///< Threads solve() runs on, at least 1 (runStep sets it).

  Search() : idle(0), threads(1), slots_(0), count_(0) {}

  /// @brief Lends the threads a pool of slots, shared. @param slots,count the pool
  void useTable(Slot* slots, uint32_t count) { slots_ = slots, count_ = count; }

  /// @brief Step 10's evaluation. @param b the position @param me the side to move @return its score, in 1/DISC
  static int evaluate(const Board& b, uint8_t me) { return Worker<G, Off, W>::evaluate(b, me); }

  /**
   * @brief Searches `depth` plies ahead on one thread: step 10's search.
   * @param b the position @param me the side to move @param depth plies ahead
   * @return the score, best move, principal variation and nodes
   */
  Result search(const Board& b, uint8_t me, int depth) {
    prepare(0);
    Worker<G, Off, W>& w = worker(0);
    w.idle = idle;
    w.team = 0;
    return w.search(b, me, depth);
  }

  /**
   * @brief Solves to the end on `threads` threads: the first runs step 10's solve, the
   * others help at the nodes it (and they) share.
   * @param b the position @param me the side to move
   * @return the score (in 1/DISC), the first thread's best move and line, every thread's nodes
   */
  Result solve(const Board& b, uint8_t me) {
    const int n = threads < 1 ? 1 : threads;
    for (int i = 0; i < n; i++) prepare(i);
    Team team;
    for (int i = 0; i < n; i++) worker(i).team = n > 1 ? &team : 0;
    worker(0).idle = idle;
    nodes_.assign(size_t(n), 0);
    Result r;
    {
      Helpers helpers(team);  // (joined when solve() returns or throws)
      for (int i = 1; i < n; i++) helpers.threads.emplace_back([this, i] { worker(i).help(); });
      r = worker(0).solve(b, me);
    }
    for (int i = 0; i < n; i++) nodes_[size_t(i)] = i == 0 ? r.nodes : worker(i).nodes();
    for (int i = 1; i < n; i++) r.nodes += nodes_[size_t(i)];
    return r;
  }

  /// @brief A thread's nodes in the last solve. @param i the thread (0: the first) @return its nodes
  uint64_t nodesOf(int i) const { return nodes_.at(size_t(i)); }

 private:
  Worker<G, Off, W>& worker(int i) { return *workers_[size_t(i)]; }

  // Thread i's searcher, lent the pool; a helper's shallow table its own and empty.
  void prepare(int i) {
    while (int(workers_.size()) <= i) workers_.push_back(std::unique_ptr<Worker<G, Off, W> >(new Worker<G, Off, W>()));
    if (int(shallow_.size()) <= i) shallow_.resize(size_t(i) + 1);
    Worker<G, Off, W>& w = worker(i);
    w.idle = 0;
    w.resetNodes();
    if (!slots_) return;
    w.useTable(slots_, count_);
    uint32_t own = count_ / e10::SHALLOW_TABLE_SHARE;  // the size step 10 gives its shallow table
    if (own > e10::SHALLOW_TABLE_SLOTS) own = e10::SHALLOW_TABLE_SLOTS;
    own -= own % e10::BUCKET;
    if (i == 0 || own == 0 || (Off & e10::IDEA_SHALLOW_TABLE)) return;
    shallow_[size_t(i)].resize(own);
    w.ownShallowTable(&shallow_[size_t(i)][0], own);
  }

  std::vector<std::unique_ptr<Worker<G, Off, W> > > workers_;  // one a thread (large: their lines and lists)
  std::vector<std::vector<Slot> > shallow_;                    // the helpers' shallow tables
  std::vector<uint64_t> nodes_;                                // each thread's nodes in the last solve
  Slot* slots_;                                                // the shared pool
  uint32_t count_;
};
#endif  // E11_THREADS

}  // namespace e11

#endif  // REVERSI_LAB_E11_PARALLEL_H
