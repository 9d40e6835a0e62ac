/**
 * @file e08_selective.h
 * @brief Search step 08 — selective search: the endgame solved first with cuts that are
 * probably right, then exactly, each pass ordering the next.
 *
 * Step 07's evaluation predicts the final disc difference, and a shallow search with it
 * predicts it better. Multi-ProbCut (Buro) turns that into a cut: if a 2- or 4-ply
 * search says the exact score is far above beta (or below alpha), measured in standard
 * deviations of how wrong such a prediction has been on our own positions, stop here.
 * That is a guess, so the exact solver cannot use it alone; it runs *passes* instead:
 * - a selective pass at confidence t = 1.1, then one at t = 2.0, then the exact pass
 *   (no cut). Each pass leaves its best moves and bounds in the table; the next one
 *   starts from them, so the exact pass finds its cutoffs almost at once;
 * - a slot remembers the pass that stored it (Slot::level): a bound from a less sure
 *   pass is never used by a surer one, so the last pass is exact whatever came before;
 * - the regression (exact score = a * shallow score + b, with the error's standard
 *   deviation sigma, per number of empty squares) is fitted on our own data: held-out
 *   positions of step 07's self-play, each solved exactly (`e07_train mpc`, below);
 * - the passes pay only on large endgames: they run from SELECTIVE_FROM (20) empty
 *   squares on, and a smaller endgame gets the exact pass alone.
 * Smaller ideas, each measured alone too (IDEA_...):
 * - in the shallow solver an isolated empty square (no empty neighbour) first among its
 *   parity class: it is often a move only one side can make;
 * - a bound found again is merged with the one already stored; an ETC cutoff is stored.
 * Tried and left out (one core of a 2-vCPU AMD EPYC Zen 5, s11, 2026-11-26):
 * - moving the split between the solvers down (squares tried directly at 4 empties or
 *   fewer, the table from 5, ETC from 6) visits a third fewer nodes but takes longer
 *   (FFO #40-#44: 192.3 M nodes in 27.5 s against 288.8 M in 22.4 s, bench/ablation.cpp,
 *   3 rounds);
 * - the stability cutoff (the opponent's stable discs bound the score from above),
 *   tested in the deep solver wherever it could cut: it saved 0.3 % of the nodes on FFO
 *   #1-#19 and cost 6 % more time (reading the board into masks and growing the stable
 *   set at every such node; 15 interleaved rounds in one process), and on FFO #40-#44 it
 *   saved 2 % of the nodes and no time (bench/ablation.cpp, 3 rounds).
 *
 * Source: M. Buro, "Experiments with Multi-ProbCut and a new high-quality evaluation
 * function for Othello" (1997) for ProbCut and its passes; the passes at rising
 * confidence and the isolated square as Edax (R. Delorme) uses them. The regression,
 * the thresholds and the code are our own.
 *
 * Changed from step 07: the exact solve only (solve(), solveDeep, solveShallow, the
 * slot's level). The evaluation, its weights (step 07's e07_weights.h) and the
 * midgame search are step 07's, unchanged. Each idea can be switched off alone (Idea,
 * Search's last template parameter): with all of them off this step is step 07.
 *
 * The step's files: e08_probcut.h (the regression and the passes' constants),
 * e08_ideas.h (the switches), e08_transposition.h (the slot's level), e08_around.h (the
 * squares around a square) and this one (the Selective layer over step 06's solver: the
 * passes, ProbCut, the isolated square, the bounds merged; and the Search). Step 07's
 * evaluation and weights, step 06's midgame search and solver are included unchanged.
 *
 * Generic over the move generator, as step 07: `G::Board` (copyable) and the stage
 * interface as static functions (`G::legalMoves`, `G::play`, `G::cell`, `G::countFlips`,
 * `G::setCell`); every stage s01..s11 on the host, one stage behind a tiny struct in
 * the sketch.
 *
 * Preconditions: `me` is WHITE or BLACK; depth >= 0. Checked at the host boundary.
 */
#ifndef REVERSI_LAB_E08_SELECTIVE_H
#define REVERSI_LAB_E08_SELECTIVE_H

#include <stdint.h>

#include "../e01_minimax/e01_rules.h"
#include "../e06_endgame/e06_deep.h"
#include "../e06_endgame/e06_make.h"
#include "../e07_patterns/e07_evaluation.h"
#include "e08_around.h"
#include "e08_ideas.h"
#include "e08_probcut.h"
#include "e08_transposition.h"

/// Search step 08: selective search.
namespace e08 {

using e01::BLACK;
using e01::EMPTY;
using e01::WHITE;
using e01::PASS;
using e01::NO_MOVE;  // step 01's rules...
using e01::DISC;
using e01::EXACT_DEPTH;
using e01::INF;
using e01::PV_PLIES;
using e01::Result;  // ...and what a search returns
using e06::CopyMake;
using e06::UndoMove;  // step 06's move makers...
using e06::ENDGAME_SHALLOW;
using e06::ENDGAME_TABLE;
using e06::ETC_MIN;
using e06::PRESEARCH_MAX;  // ...its solver
using e06::SORT_DEPTH;
using e06::SORT_SEARCH;
using e06::SQUARE_ORDER;
using e06::SQUARE_RANK;
using e06::quadrant;
using e06::ORDER_MIN;
using e06::SOLVE_FROM;
using e06::TABLE_MIN;
using e07::EVAL_LIMIT;
using e07::LEARNED;
using e07::Weights;  // step 07's evaluation

/**
 * @brief Step 06's solver with selective passes first (the base of step 08's Search, and
 * of step 09's).
 * @tparam D the final Search
 * @tparam G the move generator
 * @tparam Table BucketTable or ChainedTable (of slots with a level)
 * @tparam Make CopyMake or UndoMove
 * @tparam Off the ideas switched off, a sum of Idea values (0: every idea on)
 */
template <class D, class G, class Table, template <class> class Make, unsigned Off>
class Selective : public e06::DeepEndgame<D, G, Table, Make, Off & e06::SOLVER_IDEAS> {
  typedef e06::DeepEndgame<D, G, Table, Make, Off & e06::SOLVER_IDEAS> Base;

 public:
  typedef typename G::Board Board;     ///< The move generator's board.
  typedef typename Table::Entry Slot;  ///< A table slot.

  using Base::idle;

  Selective() : level_(EXACT_LEVEL), selectiveFrom_(SELECTIVE_FROM) {}

  /**
   * @brief Where the selective passes start (SELECTIVE_FROM unless set: the tests lower
   *        it, so that the passes cut on endgames small enough to solve quickly).
   * @param empties the fewest empty squares at which solve() runs the passes first
   */
  void selectiveFrom(int empties) { selectiveFrom_ = empties; }

  // ---- The parts of step 06's solver this step replaces ---------------------------

  /// @brief Step 06's list of empty squares, and the same squares as bits (the isolated-square test). @return discs
  /// @param b the position
  /// @param me the side to move
  int listEmpties(const Board& b, uint8_t me) {
    const int discs = Base::listEmpties(b, me);
    emptyMask_ = 0;
    for (uint8_t sq = this->next_[64]; sq != 64; sq = this->next_[sq]) emptyMask_ |= uint64_t(1) << sq;
    return discs;
  }

  /// @brief The passes from the root (passes()), keyed by the root's Zobrist key.
  /// @param root the root position
  /// @param me the side to move
  /// @param discs own discs minus the opponent's
  /// @param empties the number of empty squares
  /// @param guess the presearch's score
  /// @return the exact score, in discs
  int solveRoot(Board& root, uint8_t me, int discs, int empties, int guess) {
    return passes(root, me, discs, empties, guess, this->hashKey(root, me));
  }

  /**
   * @brief The selective passes, then the exact one; each starts from the table and the
   * root move the one before left. (Below SELECTIVE_FROM empties ProbCut, from
   * PROBCUT_MIN, could cut only near the root: the exact pass alone.)
   * @tparam P the root's position as the solver's solveNext takes it (G's board here,
   * step 09's masks there)
   * @param root the position @param me the side to move @param discs own minus the opponent's
   * @param empties its empty squares @param guess the presearch's score, in 1/DISC
   * @param key the root's key
   * @return the exact score, in discs
   */
  template <class P>
  int passes(P& root, uint8_t me, int discs, int empties, int guess, uint64_t key) {
    level_ = on(IDEA_PASSES) && empties >= selectiveFrom_ ? 0 : EXACT_LEVEL;
    for (bool first = true; level_ <= EXACT_LEVEL; level_++, first = false) {
      const int around = guess / DISC;
      int score;
      if (on(IDEA_ASPIRATION) && !first) {  // the previous pass's score, give or take ASPIRATION
        score = self().solveNext(root, me, around - ASPIRATION, around + ASPIRATION, discs, empties, 0, key);
        if (score <= around - ASPIRATION || score >= around + ASPIRATION)
          score = self().solveNext(root, me, -65, 65, discs, empties, 0, key);
      } else {
        score = self().solveNext(root, me, -65, 65, discs, empties, 0, key);  // wider than any score: every move raises alpha
      }
      guess = DISC * score;
      if (this->pvLength_[0] > 0) this->rootBest_ = this->pv_[0][0];
    }
    level_ = EXACT_LEVEL;  // (pvs stores its slots at this level)
    return guess / DISC;
  }

  /// @brief Step 06's, and the square's bit in the mask too. @param sq the square played
  void removeEmpty(uint8_t sq) {
    Base::removeEmpty(sq);
    if (on(IDEA_ISOLATED)) emptyMask_ ^= uint64_t(1) << sq;
  }
  /// @brief Step 06's, and the square's bit in the mask too. @param sq the square
  void restoreEmpty(uint8_t sq) {
    Base::restoreEmpty(sq);
    if (on(IDEA_ISOLATED)) emptyMask_ ^= uint64_t(1) << sq;
  }

  /**
   * @brief Step 06's shallow solver with another order: odd quadrants first, isolated
   * squares first within each, sorted in one walk of the list into a bucket per round (a
   * walk per round cost more time than the order saved).
   * @param b the position
   * @param me the side to move
   * @param alpha the window's lower bound
   * @param beta the window's upper bound
   * @param discs own minus the opponent's
   * @param empties the empty squares left
   * @param ply the distance from the root
   * @return the score, in discs
   */
  int solveShallow(Board& b, uint8_t me, int alpha, int beta, int discs, int empties, int ply) {
    if ((++nodes_ & 4095) == 0 && idle) idle();
    const bool pvNode = beta - alpha > 1;
    if (pvNode) this->setPvLength(ply, 0);
    int best = -INF;
    uint8_t order[ENDGAME_SHALLOW];
    int count = 0;
    if (on(IDEA_PARITY) || on(IDEA_ISOLATED)) {
      uint8_t bucket[4][ENDGAME_SHALLOW];
      int size[4] = {0, 0, 0, 0};
      for (uint8_t sq = this->nextEmpty(b, 64); sq != 64; sq = this->nextEmpty(b, sq)) {
        const int round = shallowRound(sq);
        bucket[round][size[round]++] = sq;
      }
      for (int round = 0; round < 4; round++)
        for (int i = 0; i < size[round]; i++) order[count++] = bucket[round][i];
    } else {
      for (uint8_t sq = this->nextEmpty(b, 64); sq != 64; sq = this->nextEmpty(b, sq)) order[count++] = sq;
    }
    for (int i = 0; i < count; i++) {
      const uint8_t sq = order[i];
      Make<G> move;
      const int n = move.play(b, sq, me);
      if (n == 0) continue;
      self().removeEmpty(sq);
      const int childDiscs = -(discs + 2 * n + 1);
      const int score = empties == 2 && on(IDEA_LAST_EMPTY)
                            ? -this->solveLast(move.child(b), 3 - me, childDiscs, ply + 1, pvNode)
                            : -solveShallow(move.child(b), 3 - me, -beta, -alpha, childDiscs, empties - 1, ply + 1);
      self().restoreEmpty(sq);
      move.undo(b, sq, me);
      if (score > best) best = score;
      if (score > alpha) {
        alpha = score;
        if (pvNode) this->updatePv(ply, sq);
        if (alpha >= beta) return best;
      }
    }
    if (best > -INF) return best;
    if (!this->canMove(b, 3 - me)) return Base::finalDiscs(discs, empties);               // neither side can move
    const int score = -solveShallow(b, 3 - me, -beta, -alpha, -discs, empties, ply + 1);  // a pass
    if (pvNode) this->updatePv(ply, PASS);
    return score;
  }

  /// @brief Step 06's deep solver with ProbCut after the table's verdict (see e06_deep.h). @return the score, in discs
  /// @param b the position
  /// @param me the side to move
  /// @param alpha the window's lower bound
  /// @param beta the window's upper bound
  /// @param discs own discs minus the opponent's
  /// @param empties the number of empty squares
  /// @param ply plies from the root
  /// @param key the position's key
  int solveDeep(Board& b, uint8_t me, int alpha, int beta, int discs, int empties, int ply, uint64_t key) {
    if ((++nodes_ & 4095) == 0 && idle) idle();
    if (alpha >= 64) return 64;  // (no score passes 64 discs)
    if (beta <= -64) return -64;
    const bool pvNode = beta - alpha > 1;
    if (pvNode) this->setPvLength(ply, 0);
    uint8_t moves[64];
    const int n = G::legalMoves(b, me, moves);
    if (n == 0) return this->passDeep(b, me, alpha, beta, discs, empties, ply, key, pvNode);
    const bool useTable = empties >= this->tableFrom();
    uint8_t tableMove = NO_MOVE;
    int settled;
    if (useTable && probeExact(key, empties, ply, alpha, beta, tableMove, settled)) return settled;
    if (probCut(b, me, alpha, beta, empties, ply, settled)) return settled;
    e06::Children c;
    this->childPass(b, me, key, empties, ply, moves, n, c);
    if (on(IDEA_ETC) && ply > 0 && empties >= ETC_MIN && etcCut(key, empties, beta, moves, n, c, useTable, settled))
      return settled;
    e03::sortByKey(moves, c.sortKey, n);
    e04::tryFirst(moves, n, ply == 0 ? this->rootBest_ : tableMove);
    uint8_t bestMove = NO_MOVE;
    const int best = this->searchMoves(b, me, alpha, beta, discs, empties, ply, moves, n, c, bestMove);
    if (useTable) storeExact(key, empties, best, alpha, beta, bestMove);
    return best;
  }

  /// @brief Step 06's verdict, from bounds of a pass at least as sure as this one. @return true when it settles the node
  /// @param key the position's key
  /// @param empties the number of empty squares
  /// @param ply plies from the root
  /// @param alpha the window's lower bound
  /// @param beta the window's upper bound
  /// @param tableMove set to the table's move, if any
  /// @param settled set to the score when the node is settled
  bool probeExact(uint64_t key, int empties, int ply, int alpha, int beta, uint8_t& tableMove, int& settled) {
    const Slot* s = this->table_.find(key);
    if (!s) return false;
    if (ply > 0 && s->depth == EXACT_SLOT + empties && s->level >= level_) {  // bounds of a pass at least as sure
      if (s->lower >= beta * DISC) {
        settled = s->lower / DISC;
        return true;
      }
      if (s->upper <= alpha * DISC || s->lower == s->upper) {
        settled = s->upper / DISC;
        return true;
      }
    }
    tableMove = s->best;  // a move is a hint, whichever pass found it
    return false;
  }

  /**
   * @brief ProbCut, in a selective pass: does the shallow search put the exact score t
   * sigmas beyond the window? Each question is a null-window search at the shallow score
   * v where a * v + b -+ t sigma meets the bound. (>> on a negative number: an
   * arithmetic shift with every compiler this project uses.)
   * @param b the position
   * @param me the side to move
   * @param alpha,beta the window, in discs
   * @param empties the number of empty squares
   * @param ply plies from the root
   * @param settled set to beta or alpha when the node is cut
   * @return true when it is
   */
  bool probCut(const Board& b, uint8_t me, int alpha, int beta, int empties, int ply, int& settled) {
    if (!probCutHere(empties, ply)) return false;
    const ProbCut& c = PROBCUT[(empties > PROBCUT_LAST ? PROBCUT_LAST : empties) - PROBCUT_MIN];
    const int32_t margin = (int32_t(PASS_T[level_]) * c.sigma) >> 8;  // t sigma, in 1/DISC
    const int32_t high = ((int32_t(beta) * DISC + margin - c.b) * c.invA) >> 8;
    if (high <= EVAL_LIMIT && this->pvs(b, me, c.depth, ply, int(high) - 1, int(high), empties) >= high) {
      settled = beta;
      return true;
    }
    const int32_t low = ((int32_t(alpha) * DISC - margin - c.b) * c.invA) >> 8;
    if (low >= -EVAL_LIMIT && this->pvs(b, me, c.depth, ply, int(low), int(low) + 1, empties) <= low) {
      settled = alpha;
      return true;
    }
    return false;
  }

  /// @brief Does this node try ProbCut? In a selective pass, below the root, from PROBCUT_MIN empties.
  /// @param empties the number of empty squares
  /// @param ply plies from the root
  /// @return true in a selective pass, below the root, from PROBCUT_MIN empties
  bool probCutHere(int empties, int ply) const { return level_ < EXACT_LEVEL && ply > 0 && empties >= PROBCUT_MIN; }

  /// @brief Step 06's ETC, from bounds of a pass at least as sure, the cutoff stored. @return true when a child cuts
  /// @param key the position's key
  /// @param empties the number of empty squares
  /// @param beta the window's upper bound
  /// @param moves the moves
  /// @param n how many
  /// @param c the children, as one pass over them found them
  /// @param useTable does this node keep a slot
  /// @param settled set to the score when the node is settled
  bool etcCut(uint64_t key, int empties, int beta, const uint8_t* moves, int n, const e06::Children& c, bool useTable,
              int& settled) {
    for (int i = 0; i < n; i++) {
      const Slot* s = this->table_.find(c.key[moves[i]]);
      if (s && s->depth == EXACT_SLOT + empties - 1 && s->level >= level_ && -s->upper >= beta * DISC) {
        settled = -s->upper / DISC;
        if (on(IDEA_ETC_STORE) && useTable) store(key, empties, settled * DISC, INF, moves[i]);  // found once, kept
        return true;
      }
    }
    return false;
  }

  /// @brief What solveDeep proved, at this pass's level (store()).
  /// @param key the position's key
  /// @param empties the number of empty squares
  /// @param best the score found
  /// @param alphaIn alpha as the search began
  /// @param beta the window's upper bound
  /// @param bestMove the best move found (NO_MOVE: none) (as step 06's)
  void storeExact(uint64_t key, int empties, int best, int alphaIn, int beta, uint8_t bestMove) {
    store(key, empties, best >= beta || best > alphaIn ? best * DISC : -INF, best <= alphaIn || best < beta ? best * DISC : INF,
          bestMove);
  }

  /// @brief Step 06's midgame slot, marked exact for every pass (a midgame search's result is what it is).
  /// @param key the position's key
  /// @param stored the depth the node would record
  /// @param best the score found
  /// @param alphaIn alpha as the search began
  /// @param beta the window's upper bound
  /// @param bestMove the best move found (NO_MOVE: none)
  void storeMidgame(uint64_t key, int8_t stored, int best, int alphaIn, int beta, uint8_t bestMove) {
    Slot* s = this->table_.store(key);
    if (s) s->level = EXACT_LEVEL;
    e05::remember(s, stored, best, alphaIn, beta, bestMove);
  }

  /**
   * @brief Stores what solveDeep proved of a position (bounds in 1/DISC) at this pass's
   * level. The same position proved again at the same level keeps the tighter of each bound.
   * @param key the position's key
   * @param empties the number of empty squares
   * @param lower,upper the bounds
   * @param bestMove the best move found (NO_MOVE: none)
   */
  void store(uint64_t key, int empties, int lower, int upper, uint8_t bestMove) {
    Slot* s = this->table_.store(key);
    if (!s) return;
    const int8_t depth = int8_t(EXACT_SLOT + empties);
    if (on(IDEA_MERGE) && s->depth == depth && s->level == level_) {
      const int l = s->lower > lower ? s->lower : lower, u = s->upper < upper ? s->upper : upper;
      if (l <= u) lower = l, upper = u;  // (selective bounds may disagree: then the new ones)
    }
    s->depth = depth;
    s->level = uint8_t(level_);
    s->lower = int16_t(lower);
    s->upper = int16_t(upper);
    s->best = bestMove;
  }

 protected:
  using Base::self;
  using Base::nodes_;

  /// @brief Is this idea on in this instantiation? (A constant: the compiler drops the dead branch.)
  /// @param idea an Idea value
  /// @return true when it is not switched off
  static bool on(unsigned idea) { return (Off & idea) == 0; }

  /// @brief Is sq an isolated empty square: none of its eight neighbours empty? Often only
  /// one side can play there, so a parity class's isolated squares are tried first.
  /// @param sq the square
  /// @return true when none of its neighbours is empty
  bool isolated(uint8_t sq) const { return (emptyMask_ & AROUND[sq]) == 0; }

  /// @brief The round of the shallow solver that tries sq: odd quadrants first (parity),
  /// and within each, isolated squares first. @return 0..3
  /// @param sq the square
  int shallowRound(uint8_t sq) const {
    int round = 0;
    if (on(IDEA_PARITY) && ((this->parity_ >> quadrant(sq)) & 1) == 0) round = on(IDEA_ISOLATED) ? 2 : 1;
    if (on(IDEA_ISOLATED) && !isolated(sq)) round++;
    return round;
  }

  int level_;           ///< The endgame's pass: 0.. selective, EXACT_LEVEL exact.
  int selectiveFrom_;   ///< The fewest empties that get the selective passes.
  uint64_t emptyMask_;  ///< The empty squares as bits (the isolated-square test).
};

/**
 * @brief PVS with a transposition table, and an exact endgame solver with selective
 * passes, over the move generator G.
 * @tparam G the move generator (see the file comment)
 * @tparam Table BucketTable (the default) or ChainedTable (the article's)
 * @tparam Make CopyMake or UndoMove
 * @tparam Off the ideas switched off, a sum of Idea values (0: every idea on)
 */
template <class G, class Table = BucketTable, template <class> class Make = CopyMake, unsigned Off = 0>
class Search : public Selective<Search<G, Table, Make, Off>, G, Table, Make, Off> {
 public:
  typedef typename G::Board Board;  ///< The move generator's board.

  /**
   * @brief The evaluation of a position for the side to move (step 07's).
   * @param b the position
   * @param me the side to move
   * @return the learned prediction within +-EVAL_LIMIT, or the exact score if the game is over
   */
  static int evaluate(const Board& b, uint8_t me) { return e07::evaluate<G>(*weights, b, me, EVAL_LIMIT); }

  /// The weights evaluate() reads: LEARNED, unless the trainer lends a set it is fitting.
  static const Weights* weights;

  /// @brief A finished game's score (step 01's rules). @param b the position @param me the side @return discs * DISC
  static int finalScore(const Board& b, uint8_t me) { return e01::finalScore<G>(b, me); }
};

template <class G, class Table, template <class> class Make, unsigned Off>
const Weights* Search<G, Table, Make, Off>::weights = &LEARNED;

}  // namespace e08

#endif  // REVERSI_LAB_E08_SELECTIVE_H
