/**
 * @file e02_alphabeta.h
 * @brief Search step 02 — alpha-beta: the same answer as negamax, without the lines
 * that cannot change it.
 *
 * Technique: the search carries a window (alpha, beta). alpha is what the side to
 * move is already sure of elsewhere in the tree, beta what the opponent is sure of:
 * the opponent will never let the game reach a position worth beta or more to us,
 * because it already has a better way out. So as soon as one move scores beta or more
 * the remaining moves need not be looked at (a cut-off: that position is already
 * refuted). A move that cannot beat alpha changes nothing either. The root's score
 * and best move are exactly those of negamax (step 01); only the node count falls,
 * and how far it falls depends on meeting good moves first (step 03).
 *
 * The window is fail-soft: a position whose moves all stay at or below alpha returns
 * the best value it saw (an upper bound), one that is cut off the value that caused it
 * (a lower bound); only values strictly inside the window are exact.
 *
 * The step's own file is this one: the search. It includes step 01's rules
 * (e01_rules.h: a pass is a move, a finished game is scored by discs, moves in square
 * order) and its hand-made evaluation (e01_evaluation.h), unchanged.
 *
 * Generic over the move generator: the step is a class template over G, any type with
 * `G::Board` (copyable) and the stage interface as static functions: `G::legalMoves`,
 * `G::play`, `G::cell`. On the host that is every stage s01..s11 through the stage
 * adapter (calls resolved at compile time, no virtual call); in the sketch a tiny
 * struct forwards to one stage's namespace.
 *
 * Source: the Reversi/shogi AI blog "羊の人工知能研究" (article 003 of the sources
 * page) lists alpha-beta's refinement PVS among its search techniques; alpha-beta
 * itself is the textbook algorithm (Knuth and Moore's analysis, 1975). Our own code.
 *
 * Changed from step 01: negamax became alphaBeta with the window (alpha, beta); a
 * move's score only updates the PV when it raises alpha, and a score of beta or more
 * ends the loop.
 *
 * Exercise 07 (killer moves): a move that cut off at one ply is likely to cut off in
 * the sibling positions at the same ply too (the opponent's threat is often the same
 * square). The searcher remembers, per ply, the last KILLERS distinct moves that caused
 * a cut-off and tries them first where they are legal; the other moves keep square
 * order. Only the order changes, so the score stays negamax's.
 *
 * Preconditions: `me` is WHITE or BLACK; depth >= 0. Checked at the host boundary.
 */
#ifndef REVERSI_LAB_E02_ALPHABETA_H
#define REVERSI_LAB_E02_ALPHABETA_H

#include "../e01_minimax/e01_evaluation.h"
#include "../e01_minimax/e01_rules.h"

/// Search step 02: alpha-beta.
namespace e02 {

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

const int KILLER_PLIES = 64;  ///< Plies that keep killer moves (deeper plies keep none).
const int KILLERS = 2;        ///< Killer moves kept per ply, the latest first.

/**
 * @brief Alpha-beta over the move generator G.
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
    for (int p = 0; p < KILLER_PLIES; p++)  // a fresh start: the node count depends on nothing before
      for (int k = 0; k < KILLERS; k++) killers_[p][k] = NO_MOVE;
    Result r;
    r.score = alphaBeta(b, me, depth, 0, -INF, INF);
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
  int alphaBeta(const Board& b, uint8_t me, int depth, int ply, int alpha, int beta) {
    if ((++nodes_ & 4095) == 0 && idle) idle();
    setPvLength(ply, 0);
    if (depth == 0) return evaluate(b, me);
    uint8_t moves[64];
    const int n = G::legalMoves(b, me, moves);
    const uint8_t opp = 3 - me;
    if (n == 0) {
      if (G::legalMoves(b, opp, moves) == 0) return finalScore(b, me);          // game over
      const int score = -alphaBeta(b, opp, depth - 1, ply + 1, -beta, -alpha);  // a pass is a move
      updatePv(ply, PASS);
      return score;
    }
    if (ply < KILLER_PLIES) killersFirst(moves, n, killers_[ply]);
    int best = -INF;
    for (int i = 0; i < n; i++) {
      Board child = b;
      G::play(child, moves[i] & 7, moves[i] >> 3, me);
      const int score = -alphaBeta(child, opp, depth - 1, ply + 1, -beta, -alpha);
      if (score > best) best = score;
      if (score > alpha) {  // strictly better: the first of equal moves stays
        alpha = score;
        updatePv(ply, moves[i]);
        if (alpha >= beta) {  // refuted: the opponent will not allow this position
          if (ply < KILLER_PLIES) rememberKiller(killers_[ply], moves[i]);
          break;
        }
      }
    }
    return best;
  }

  // Moves the killers (latest first) that are among moves[0..n) to the front; the
  // other moves keep their order.
  static void killersFirst(uint8_t* moves, int n, const uint8_t* killers) {
    int front = 0;
    for (int k = 0; k < KILLERS; k++)
      for (int i = front; i < n; i++)
        if (moves[i] == killers[k]) {
          const uint8_t m = moves[i];
          for (int j = i; j > front; j--) moves[j] = moves[j - 1];
          moves[front++] = m;
          break;
        }
  }

  // Puts `move` first among the killers of a ply (once: a move already there moves up).
  static void rememberKiller(uint8_t* killers, uint8_t move) {
    int k = 0;
    while (k < KILLERS - 1 && killers[k] != move) k++;
    for (; k > 0; k--) killers[k] = killers[k - 1];
    killers[0] = move;
  }

  uint64_t nodes_;
  uint8_t killers_[KILLER_PLIES][KILLERS];  // per ply: moves that cut off there, latest first
};

}  // namespace e02

#endif  // REVERSI_LAB_E02_ALPHABETA_H
