/**
 * @file e04_pvs.h
 * @brief Search step 04 — principal variation search (PVS) and iterative deepening.
 *
 * Two ideas that work together (this step needs both, and says so):
 *
 * PVS: once the moves are well ordered, the first move is usually the best. So the
 * first move is searched with the full window (alpha, beta), and every other move only
 * with a null window (alpha, alpha + 1), which answers one question cheaply: "is this
 * move better than alpha?" Almost always the answer is no and the move is done with.
 * When it is yes, the move is searched again with the full window to get its value.
 *
 * Iterative deepening: search(depth) searches depth 1, 2, ... up to depth, and each
 * iteration tries first the best move of the one before, at the root: the shallow
 * searches are cheap and make the deep one's first move usually right, which is what
 * PVS needs. An iteration that met no horizon (every line reached the end of the
 * game) is already exact and ends the loop. An exact solve therefore runs the
 * shallow iterations first too (see SOLVE_FROM for where the exact search starts).
 *
 * Each idea can be switched off alone (enum Idea, the template's last parameter, 0 as
 * shipped) for the page's table of what each buys (bench/ablation.cpp).
 *
 * Aspiration windows (searching an iteration first with a narrow window around the
 * previous score) are here as an option, off by default: measured, they do not pay
 * (see the step's page).
 *
 * The window is fail-soft: a position whose moves all stay at or below alpha returns
 * the best value it saw (an upper bound), one that is cut off the value that caused it
 * (a lower bound); only values strictly inside the window are exact.
 *
 * The step's own file is this one: the search (pvs, deepen) and tryFirst, which puts a
 * move first. It includes step 01's rules and evaluation and step 03's ordering
 * (e03_order.h), unchanged.
 *
 * Generic over the move generator: the step is a class template over G, any type with
 * `G::Board` (copyable) and the stage interface as static functions: `G::legalMoves`,
 * `G::play`, `G::cell`. On the host that is every stage s01..s11 through the stage
 * adapter (calls resolved at compile time, no virtual call); in the sketch a tiny
 * struct forwards to one stage's namespace.
 *
 * Source: the Reversi/shogi AI blog "羊の人工知能研究" (article 003 of the sources
 * page) names PVS (principal variation search) among its search techniques;
 * iterative deepening is the textbook companion. Our own code.
 *
 * Changed from step 03: alphaBeta became pvs (null windows after the first move, a
 * re-search when one fails high); search() and solve() go through deepen(), which
 * runs the iterations and puts the previous best move first at the root.
 *
 * Preconditions: `me` is WHITE or BLACK; depth >= 0. Checked at the host boundary.
 */
#ifndef REVERSI_LAB_E04_PVS_H
#define REVERSI_LAB_E04_PVS_H

#include "../e01_minimax/e01_evaluation.h"
#include "../e01_minimax/e01_rules.h"
#include "../e03_ordering/e03_order.h"

/// Search step 04: PVS with iterative deepening.
namespace e04 {

using e01::BLACK;
using e01::EMPTY;
using e01::WHITE;
using e01::PASS;
using e01::NO_MOVE;  // step 01's rules...
using e01::DISC;
using e01::EVAL_LIMIT;
using e01::EXACT_DEPTH;
using e01::INF;
using e01::PV_PLIES;
using e01::Result;  // ...and what a search returns
using e03::ORDER_MIN;
using e03::orderMoves;  // step 03's ordering

const int SOLVE_FROM = 10;  ///< An exact solve deepens to empties - SOLVE_FROM, then solves.

/**
 * @brief Moves `first` (if among the moves) to the front, keeping the others' order.
 * @param moves the moves
 * @param n how many
 * @param first the move to try first (NO_MOVE: none)
 */
inline void tryFirst(uint8_t* moves, int n, uint8_t first) {
  for (int i = 0; i < n; i++)
    if (moves[i] == first) {
      for (; i > 0; i--) moves[i] = moves[i - 1];
      moves[0] = first;
      return;
    }
}

/// The step's two ideas, each of which a searcher can leave out (Search's Off parameter:
/// the sum of those left out), so that the page measures what each one buys.
enum Idea {
  IDEA_PVS = 1,        ///< Off: every move searched with the full window, as in step 03.
  IDEA_DEEPENING = 2,  ///< Off: one search straight to the depth asked, no earlier best move first.
};

/**
 * @brief PVS with iterative deepening over the move generator G.
 * @tparam G the move generator (see the file comment)
 * @tparam Off the ideas left out (enum Idea); 0, every idea on, as the step ships
 */
template <class G, unsigned Off = 0>
class Search : private e01::PvTable {
 public:
  typedef typename G::Board Board;  ///< The move generator's board.

  /// Called every 4096 nodes when set: a sketch passes yield() so that a long search
  /// on an ESP32 or ESP8266 lets the system run and the watchdog never fires.
  void (*idle)();

  /// Aspiration window: when > 0, each iteration after the first is searched first
  /// with the window previous score +- aspiration (and again with the full window if
  /// the score falls outside). Off (0) by default: measured on the page, it does not pay.
  int aspiration;

  Search() : idle(0), aspiration(0) {}

  /**
   * @brief Searches `depth` plies ahead.
   * @param b the position
   * @param me the side to move, WHITE or BLACK
   * @param depth plies to look ahead (a pass counts as one); EXACT_DEPTH solves
   * @return the score, the best move, the principal variation and the node count
   */
  Result search(const Board& b, uint8_t me, int depth) { return deepen(b, me, depth, depth); }

  /**
   * @brief The exact result: every line followed to the end of the game.
   * @param b the position
   * @param me the side to move, WHITE or BLACK
   * @return score = final disc difference * DISC, with the best move and the PV
   */
  Result solve(const Board& b, uint8_t me) {
    const int empties = e01::countEmpties<G>(b);
    return deepen(b, me, empties > SOLVE_FROM ? empties - SOLVE_FROM : 0, EXACT_DEPTH);
  }

  /// @brief Step 01's evaluation. @param b the position @param me the side to move @return its score
  static int evaluate(const Board& b, uint8_t me) { return e01::evaluate<G>(b, me); }
  /// @brief A finished game's score (step 01's rules). @param b the position @param me the side @return discs * DISC
  static int finalScore(const Board& b, uint8_t me) { return e01::finalScore<G>(b, me); }

 private:
  static bool on(int idea) { return (Off & idea) == 0; }

  // Iterative deepening: depths 1, 2, ... up to `last`, then `final` (if deeper); the
  // root tries the previous iteration's best move first.
  Result deepen(const Board& b, uint8_t me, int last, int final) {
    if (!on(IDEA_DEEPENING)) last = 0;  // straight to `final`
    nodes_ = 0;
    rootBest_ = NO_MOVE;
    const int empties = e01::countEmpties<G>(b);
    Result r;
    for (int d = 1;; d++) {
      const int depth = d <= last ? d : final;
      horizon_ = false;
      int alpha = -INF, beta = INF;
      if (aspiration > 0 && d > 1) alpha = r.score - aspiration, beta = r.score + aspiration;
      r.score = pvs(b, me, depth, 0, alpha, beta, empties);
      if (r.score <= alpha || r.score >= beta) r.score = pvs(b, me, depth, 0, -INF, INF, empties);  // missed
      copyPv(r);
      rootBest_ = r.best;
      if (depth >= final || !horizon_) break;  // done, or already exact
    }
    r.nodes = nodes_;
    return r;
  }

  // The score of b for `me`, `depth` plies ahead, if it lies inside (alpha, beta);
  // else a bound on the wrong side of the window. Fills pv_[ply] for exact scores.
  int pvs(const Board& b, uint8_t me, int depth, int ply, int alpha, int beta, int empties) {
    if ((++nodes_ & 4095) == 0 && idle) idle();
    setPvLength(ply, 0);
    if (depth == 0) {
      horizon_ = true;  // (a finished game at the horizon is exact, but rare: no matter)
      return evaluate(b, me);
    }
    uint8_t moves[64];
    const int n = G::legalMoves(b, me, moves);
    const uint8_t opp = 3 - me;
    if (n == 0) {
      if (G::legalMoves(b, opp, moves) == 0) return finalScore(b, me);             // game over
      const int score = -pvs(b, opp, depth - 1, ply + 1, -beta, -alpha, empties);  // a pass is a move
      updatePv(ply, PASS);
      return score;
    }
    if (depth >= ORDER_MIN && empties >= ORDER_MIN) orderMoves<G>(b, me, moves, n);
    if (ply == 0) tryFirst(moves, n, rootBest_);
    int best = -INF;
    for (int i = 0; i < n; i++) {
      Board child = b;
      G::play(child, moves[i] & 7, moves[i] >> 3, me);
      int score;
      if (i == 0 || !on(IDEA_PVS)) {
        score = -pvs(child, opp, depth - 1, ply + 1, -beta, -alpha, empties - 1);
      } else {  // is it better than alpha? A null window answers that cheaply...
        score = -pvs(child, opp, depth - 1, ply + 1, -alpha - 1, -alpha, empties - 1);
        if (score > alpha && score < beta)  // ...and if so, search again for its value
          score = -pvs(child, opp, depth - 1, ply + 1, -beta, -alpha, empties - 1);
      }
      if (score > best) best = score;
      if (score > alpha) {  // strictly better: the first of equal moves stays
        alpha = score;
        updatePv(ply, moves[i]);
        if (alpha >= beta) break;  // refuted: the opponent will not allow this position
      }
    }
    return best;
  }

  uint64_t nodes_;
  uint8_t rootBest_;  // the previous iteration's best move
  bool horizon_;      // did this iteration evaluate any position at its horizon?
};

}  // namespace e04

#endif  // REVERSI_LAB_E04_PVS_H
