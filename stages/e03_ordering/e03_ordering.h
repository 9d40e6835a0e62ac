/**
 * @file e03_ordering.h
 * @brief Search step 03 — move ordering: try the likely best move first, so that
 * alpha-beta cuts as early as it can.
 *
 * Technique: alpha-beta's saving depends on the order of the moves. If the best move
 * comes first, every other move at that position only has to be shown no better, and
 * the opponent's first reply usually does that at once. So before the loop the moves
 * are sorted by a cheap guess:
 * - a corner first (a corner can never be taken back);
 * - then "fastest first": the move after which the opponent has the fewest replies
 *   (a cramped opponent has few good moves, and the position after it is small);
 * - ties by square index, so the order, and the node count, are deterministic.
 * Sorting costs a play and a move generation per move, so it is done only where a
 * subtree is large enough to pay for it: at least ORDER_MIN plies of search left
 * and at least ORDER_MIN empty squares. The search tracks the empty squares for that.
 * The score stays negamax's (among equally good moves the sorted search may name
 * another); the node count falls again.
 *
 * The window is fail-soft: a position whose moves all stay at or below alpha returns
 * the best value it saw (an upper bound), one that is cut off the value that caused it
 * (a lower bound); only values strictly inside the window are exact.
 *
 * The step's own files: this one (the search) and e03_order.h (the guess that sorts
 * the moves). It includes step 01's rules (e01_rules.h) and hand-made evaluation
 * (e01_evaluation.h), unchanged.
 *
 * Generic over the move generator: the step is a class template over G, any type with
 * `G::Board` (copyable) and the stage interface as static functions: `G::legalMoves`,
 * `G::play`, `G::cell`. On the host that is every stage s01..s11 through the stage
 * adapter (calls resolved at compile time, no virtual call); in the sketch a tiny
 * struct forwards to one stage's namespace.
 *
 * Source: the Reversi/shogi AI blog "羊の人工知能研究" (article 003 of the sources
 * page) names move ordering as a search technique; "fastest first" (fewest replies
 * for the opponent) is the well-known public heuristic of Othello programs. Our own
 * code.
 *
 * Changed from step 02: orderMoves() sorts the moves before the loop where ORDER_MIN
 * plies and empty squares are left; alphaBeta carries the number of empty squares.
 *
 * Preconditions: `me` is WHITE or BLACK; depth >= 0. Checked at the host boundary.
 */
#ifndef REVERSI_LAB_E03_ORDERING_H
#define REVERSI_LAB_E03_ORDERING_H

#include "../e01_minimax/e01_evaluation.h"
#include "../e01_minimax/e01_rules.h"
#include "e03_order.h"

/// Search step 03: alpha-beta with ordered moves.
namespace e03 {

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

/**
 * @brief Alpha-beta with move ordering over the move generator G.
 * @tparam G the move generator (see the file comment)
 */
template <class G>
class Search : private e01::PvTable {
 public:
  typedef typename G::Board Board;  ///< The move generator's board.

  /// Called every 4096 nodes when set: a sketch passes yield() so that a long search
  /// on an ESP32 or ESP8266 lets the system run and the watchdog never fires.
  void (*idle)();

  Search() : idle(0) {}

  /**
   * @brief Searches `depth` plies ahead.
   * @param b the position
   * @param me the side to move, WHITE or BLACK
   * @param depth plies to look ahead (a pass counts as one); EXACT_DEPTH solves
   * @return the score, the best move, the principal variation and the node count
   */
  Result search(const Board& b, uint8_t me, int depth) {
    nodes_ = 0;
    Result r;
    r.score = alphaBeta(b, me, depth, 0, -INF, INF, e01::countEmpties<G>(b));
    copyPv(r);
    r.nodes = nodes_;
    return r;
  }

  /**
   * @brief The exact result: every line followed to the end of the game.
   * @param b the position
   * @param me the side to move, WHITE or BLACK
   * @return score = final disc difference * DISC, with the best move and the PV
   */
  Result solve(const Board& b, uint8_t me) { return search(b, me, EXACT_DEPTH); }

  /// @brief Step 01's evaluation. @param b the position @param me the side to move @return its score
  static int evaluate(const Board& b, uint8_t me) { return e01::evaluate<G>(b, me); }
  /// @brief A finished game's score (step 01's rules). @param b the position @param me the side @return discs * DISC
  static int finalScore(const Board& b, uint8_t me) { return e01::finalScore<G>(b, me); }

 private:
  // The score of b for `me`, `depth` plies ahead, if it lies inside (alpha, beta);
  // else a bound on the wrong side of the window. Fills pv_[ply] for exact scores.
  int alphaBeta(const Board& b, uint8_t me, int depth, int ply, int alpha, int beta, int empties) {
    if ((++nodes_ & 4095) == 0 && idle) idle();
    setPvLength(ply, 0);
    if (depth == 0) return evaluate(b, me);
    uint8_t moves[64];
    const int n = G::legalMoves(b, me, moves);
    const uint8_t opp = 3 - me;
    if (n == 0) {
      if (G::legalMoves(b, opp, moves) == 0) return finalScore(b, me);                   // game over
      const int score = -alphaBeta(b, opp, depth - 1, ply + 1, -beta, -alpha, empties);  // a pass is a move
      updatePv(ply, PASS);
      return score;
    }
    if (depth >= ORDER_MIN && empties >= ORDER_MIN) orderMoves<G>(b, me, moves, n);
    int best = -INF;
    for (int i = 0; i < n; i++) {
      Board child = b;
      G::play(child, moves[i] & 7, moves[i] >> 3, me);
      const int score = -alphaBeta(child, opp, depth - 1, ply + 1, -beta, -alpha, empties - 1);
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
};

}  // namespace e03

#endif  // REVERSI_LAB_E03_ORDERING_H
