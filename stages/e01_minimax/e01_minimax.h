/**
 * @file e01_minimax.h
 * @brief Search step 01 — negamax to a fixed depth, with a small evaluation.
 *
 * Technique: to choose a move, look ahead. From the position, try every legal move;
 * from each resulting position try every reply, and so on to a fixed depth (plies).
 * A position at the horizon gets a number from an evaluation function: how good it
 * looks for the side to move. A position one ply above takes the best of its
 * children's values, each seen from the other side, so negated: the child that is
 * worst for the opponent is best for us. That is minimax written once for both
 * sides (negamax): score(p) = max over moves m of -score(p after m).
 *
 * The step's files: this one (the search), e01_rules.h (the rules every step follows:
 * a pass is a move, a finished game is scored by discs, moves in square order; the
 * units, the result, the line) and e01_evaluation.h (the hand-made evaluation). Later
 * steps include the last two.
 *
 * Generic over the move generator: the step is a class template over G, any type with
 * `G::Board` (copyable) and the stage interface as static functions: `G::legalMoves`,
 * `G::play`, `G::cell`. On the host that is every stage s01..s11 through the stage
 * adapter (calls resolved at compile time, no virtual call); in the sketch a tiny
 * struct forwards to one stage's namespace.
 *
 * Source: the Reversi/shogi AI blog "羊の人工知能研究" (article 003 of the sources
 * page) names the game tree, minimax and an evaluation as the reason for fast move
 * checking. Our own code.
 *
 * Preconditions: `me` is WHITE or BLACK; depth >= 0. Checked at the host boundary.
 */
#ifndef REVERSI_LAB_E01_MINIMAX_H
#define REVERSI_LAB_E01_MINIMAX_H

#include "e01_evaluation.h"
#include "e01_rules.h"

/// Search step 01: negamax to a fixed depth.
namespace e01 {

/**
 * @brief Negamax over the move generator G.
 * @tparam G the move generator (see the file comment)
 */
template <class G>
class Search : private PvTable {
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
    r.score = negamax(b, me, depth, 0);
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

  /// @brief The evaluation (e01_evaluation.h). @param b the position @param me the side to move @return its score
  static int evaluate(const Board& b, uint8_t me) { return e01::evaluate<G>(b, me); }
  /// @brief A finished game's score (e01_rules.h). @param b the position @param me the side @return discs * DISC
  static int finalScore(const Board& b, uint8_t me) { return e01::finalScore<G>(b, me); }

 private:
  // The score of b for `me`, `depth` plies ahead; fills pv_[ply].
  int negamax(const Board& b, uint8_t me, int depth, int ply) {
    if ((++nodes_ & 4095) == 0 && idle) idle();
    setPvLength(ply, 0);
    if (depth == 0) return evaluate(b, me);
    uint8_t moves[64];
    const int n = G::legalMoves(b, me, moves);
    const uint8_t opp = 3 - me;
    if (n == 0) {
      if (G::legalMoves(b, opp, moves) == 0) return finalScore(b, me);  // game over
      const int score = -negamax(b, opp, depth - 1, ply + 1);           // a pass is a move
      updatePv(ply, PASS);
      return score;
    }
    int best = -INF;
    for (int i = 0; i < n; i++) {
      Board child = b;
      G::play(child, moves[i] & 7, moves[i] >> 3, me);
      const int score = -negamax(child, opp, depth - 1, ply + 1);
      if (score > best) {  // strictly better: the first of equal moves stays
        best = score;
        updatePv(ply, moves[i]);
      }
    }
    return best;
  }

  uint64_t nodes_;
};

}  // namespace e01

#endif  // REVERSI_LAB_E01_MINIMAX_H
