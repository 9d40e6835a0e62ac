/**
 * @file e06_solver.h
 * @brief Step 06's idea: an exact endgame solver, in whole discs, whose last plies get
 * code of their own.
 *
 * - The empty squares are a linked list in SQUARE_ORDER (e06_empties.h), with their
 *   parity; the disc difference is carried along (a move flipping n changes it by
 *   2n + 1), never counted.
 * - At ENDGAME_SHALLOW empties or fewer (solveShallow): no move list, no table, no
 *   sorting: each empty square is tried, odd quadrants first (play answers 0 for an
 *   illegal move).
 * - The last empty square (solveLast): no move at all, just how many the side to move
 *   would flip there (or else the opponent), and the final score follows.
 * - Above that (solveDeep): the move list sorted fastest-first (the opponent's replies,
 *   corners counted twice, an odd quadrant breaking ties), the table's move first, PVS
 *   with null windows; from SORT_SEARCH empties a shallow search (SORT_DEPTH plies, the
 *   midgame evaluation) orders the moves instead, as a wrong first move costs most
 *   there. The table from ENDGAME_TABLE empties; each child's key from its parent's
 *   (keyAfter), its bucket fetched ahead (prefetch); from ETC_MIN empties each child is
 *   looked up before any is searched (enhanced transposition cutoff).
 * - The root's order comes from a midgame search to the depth empties - SOLVE_FROM (at
 *   most PRESEARCH_MAX), whose table moves also order the first plies of the exact search.
 *
 * Endgame is a base class (CRTP, as Midgame): the parts a later step replaces are
 * called on D, the final Search (self()). The deep solver is the next layer, DeepEndgame
 * (e06_deep.h).
 */
#ifndef REVERSI_LAB_E06_SOLVER_H
#define REVERSI_LAB_E06_SOLVER_H

#include <stdint.h>

#include "../e03_ordering/e03_order.h"
#include "../e04_pvs/e04_pvs.h"
#include "e06_empties.h"
#include "e06_ideas.h"
#include "e06_midgame.h"

namespace e06 {

/// An exact solve deepens to empties - SOLVE_FROM, but no deeper than this: at 34 empty
/// squares (FFO #59) a 24-ply search would take hours, far longer than the solve it
/// orders. (Up to 24 empties, the cap changes nothing.)
const int PRESEARCH_MAX = 14;
const int ENDGAME_SHALLOW = 6;  ///< Empties at or below which solve() tries squares, not a move list.
const int ENDGAME_TABLE = 8;    ///< Empties at or above which solve() keeps positions in the table.
const int ETC_MIN = 9;          ///< Empties at or above which solve() looks its children up first (ETC).
const int SORT_SEARCH = 16;     ///< Empties at or above which a shallow search orders solve()'s moves.
const int SORT_DEPTH = 1;       ///< The depth of that search, in plies.

/**
 * @brief The exact solver on top of the midgame search (the base of step 06's Search,
 * and of steps 07 and 08's).
 * @tparam D the final Search
 * @tparam G the move generator
 * @tparam Table BucketTable or ChainedTable
 * @tparam Make CopyMake or UndoMove (e06_make.h)
 * @tparam Off the ideas switched off, a sum of Idea values (0: every idea on)
 */
template <class D, class G, class Table, template <class> class Make, unsigned Off>
class Endgame : public Midgame<D, G, Table> {
  typedef Midgame<D, G, Table> Base;

 public:
  typedef typename G::Board Board;  ///< The move generator's board.
  using Base::idle;

  /**
   * @brief The exact result: every line followed to the end of the game.
   * @param b the position
   * @param me the side to move, WHITE or BLACK
   * @return score = final disc difference * DISC, with the best move and the PV
   */
  Result solve(const Board& b, uint8_t me) {
    const int empties = e01::countEmpties<G>(b);
    Result r = presearch(b, me, empties);  // a shallow midgame search first, for the root's order...
    const uint64_t shallowNodes = r.nodes;
    Board root = b;  // ...then the exact search, in whole discs
    const int discs = self().listEmpties(b, me);
    nodes_ = 0;
    rootBest_ = r.best;
    r.score = DISC * self().solveRoot(root, me, discs, empties, r.score);
    copyPv(r);
    r.nodes = nodes_ + shallowNodes;
    return r;
  }

  // ---- The search's parts (public: a later step replaces one by name) ------------

  /**
   * @brief The midgame search that orders the root (and the table's first plies).
   * @param b the position @param me the side to move @param empties its empty squares
   * @return the shallow iterations' result (none with IDEA_ROOT_SEARCH off)
   */
  Result presearch(const Board& b, uint8_t me, int empties) {
    const int ahead = empties - SOLVE_FROM > PRESEARCH_MAX ? PRESEARCH_MAX : empties - SOLVE_FROM;
    return this->deepen(b, me, on(IDEA_ROOT_SEARCH) && ahead > 0 ? ahead : 0, -1);
  }

  /**
   * @brief The list of empty squares (next_/prev_ links, 64 is the list's ends) and their
   * parity, from the cells.
   * @param b the position @param me the side to move
   * @return own discs minus the opponent's
   */
  int listEmpties(const Board& b, uint8_t me) {
    int discs = 0;
    next_[64] = prev_[64] = 64;
    parity_ = 0;
    for (int i = 0; i < 64; i++) {
      const uint8_t sq = SQUARE_ORDER[i];
      const uint8_t c = G::cell(b, sq & 7, sq >> 3);
      if (c == EMPTY) {
        prev_[sq] = prev_[64];
        next_[sq] = 64;
        next_[prev_[64]] = sq;
        prev_[64] = sq;
        parity_ ^= uint8_t(1 << quadrant(sq));
      } else {
        discs += c == me ? 1 : -1;
      }
    }
    return discs;
  }

  /**
   * @brief The exact search from the root.
   * @param root the position (played on by UndoMove, left as it was)
   * @param me the side to move @param discs own minus the opponent's @param empties its empty squares
   * @param guess the presearch's score, in 1/DISC (unused here: one exact search)
   * @return the exact score, in discs
   */
  int solveRoot(Board& root, uint8_t me, int discs, int empties, int guess) {
    (void)guess;
    return self().solveNext(root, me, -65, 65, discs, empties, 0,
                            this->hashKey(root, me));  // wider than any score: every move raises alpha
  }

  /// @brief Takes sq out of the list of empty squares (its own links kept). @param sq the square played
  void removeEmpty(uint8_t sq) {
    if (on(IDEA_EMPTY_LIST)) {
      next_[prev_[sq]] = next_[sq];
      prev_[next_[sq]] = prev_[sq];
    }
    if (on(IDEA_PARITY)) parity_ ^= uint8_t(1 << quadrant(sq));
  }
  /// @brief Puts sq back where it was (the links of sq itself were left as they were). @param sq the square
  void restoreEmpty(uint8_t sq) {
    if (on(IDEA_EMPTY_LIST)) {
      next_[prev_[sq]] = sq;
      prev_[next_[sq]] = sq;
    }
    if (on(IDEA_PARITY)) parity_ ^= uint8_t(1 << quadrant(sq));
  }

  /**
   * @brief The empty square after sq in SQUARE_ORDER.
   * @param b the position (read only with IDEA_EMPTY_LIST off) @param sq a square; 64: the first
   * @return the next empty square; 64 when none is left
   */
  uint8_t nextEmpty(const Board& b, uint8_t sq) const {
    if (on(IDEA_EMPTY_LIST)) return next_[sq];
    for (int i = sq == 64 ? 0 : SQUARE_RANK[sq] + 1; i < 64; i++)  // no list: look at each square
      if (G::cell(b, SQUARE_ORDER[i] & 7, SQUARE_ORDER[i] >> 3) == EMPTY) return SQUARE_ORDER[i];
    return 64;
  }

  /// @brief Can `me` move anywhere? (Only asked when the other side cannot.)
  /// @param b the position
  /// @param me the side to move
  /// @return true if so
  bool canMove(const Board& b, uint8_t me) const {
    for (uint8_t sq = nextEmpty(b, 64); sq != 64; sq = nextEmpty(b, sq))
      if (G::countFlips(b, sq & 7, sq >> 3, me) > 0) return true;
    return false;
  }

  /**
   * @brief One empty square left: the side to move plays it if it can, else the opponent.
   * @param b the position
   * @param me the side to move
   * @param discs own minus the opponent's
   * @param ply plies from the root
   * @param pvNode fill the PV?
   * @return the final score, in discs
   */
  int solveLast(const Board& b, uint8_t me, int discs, int ply, bool pvNode) {
    nodes_++;
    const uint8_t sq = nextEmpty(b, 64);
    int n = G::countFlips(b, sq & 7, sq >> 3, me);
    if (n > 0) {
      if (pvNode) setPv(ply, sq, NO_MOVE);
      return discs + 2 * n + 1;
    }
    n = G::countFlips(b, sq & 7, sq >> 3, 3 - me);
    if (n > 0) {
      if (pvNode) setPv(ply, PASS, sq);
      return discs - 2 * n - 1;
    }
    if (pvNode) setPv(ply, NO_MOVE, NO_MOVE);
    return finalDiscs(discs, 1);
  }

  /**
   * @brief A few empties left: try each empty square, odd quadrants first (two rounds over
   * the list); no list of moves, no table.
   * @param b the position
   * @param me the side to move
   * @param alpha the window's lower bound
   * @param beta the window's upper bound
   * @param discs own minus the opponent's
   * @param empties the number of empty squares
   * @param ply plies from the root
   * @return the score, in discs
   */
  int solveShallow(Board& b, uint8_t me, int alpha, int beta, int discs, int empties, int ply) {
    if ((++nodes_ & 4095) == 0 && idle) idle();
    const bool pvNode = beta - alpha > 1;
    if (pvNode) setPvLength(ply, 0);
    int best = -INF;
    for (int round = 0; round < (on(IDEA_PARITY) ? 2 : 1); round++) {  // round 0: odd quadrants, round 1: even
      for (uint8_t sq = nextEmpty(b, 64); sq != 64; sq = nextEmpty(b, sq)) {
        if (on(IDEA_PARITY) && ((parity_ >> quadrant(sq)) & 1) != (round == 0 ? 1 : 0)) continue;
        Make<G> move;
        const int n = move.play(b, sq, me);
        if (n == 0) continue;
        self().removeEmpty(sq);
        const int childDiscs = -(discs + 2 * n + 1);
        const int score = empties == 2 && on(IDEA_LAST_EMPTY)
                              ? -solveLast(move.child(b), 3 - me, childDiscs, ply + 1, pvNode)
                              : -solveShallow(move.child(b), 3 - me, -beta, -alpha, childDiscs, empties - 1, ply + 1);
        self().restoreEmpty(sq);
        move.undo(b, sq, me);
        if (score > best) best = score;
        if (score > alpha) {
          alpha = score;
          if (pvNode) updatePv(ply, sq);
          if (alpha >= beta) return best;
        }
      }
    }
    if (best > -INF) return best;
    if (!canMove(b, 3 - me)) return finalDiscs(discs, empties);                           // neither side can move
    const int score = -solveShallow(b, 3 - me, -beta, -alpha, -discs, empties, ply + 1);  // a pass
    if (pvNode) updatePv(ply, PASS);
    return score;
  }

  /// @brief The solver below the root: shallow, last-square or deep, by empties. @return the score, in discs
  /// @param b the position
  /// @param me the side to move
  /// @param alpha the window's lower bound
  /// @param beta the window's upper bound
  /// @param discs own discs minus the opponent's
  /// @param empties the number of empty squares
  /// @param ply plies from the root
  /// @param key the position's key
  int solveNext(Board& b, uint8_t me, int alpha, int beta, int discs, int empties, int ply, uint64_t key) {
    if (on(IDEA_SHALLOW))
      return empties > ENDGAME_SHALLOW ? self().solveDeep(b, me, alpha, beta, discs, empties, ply, key)
                                       : self().solveShallow(b, me, alpha, beta, discs, empties, ply);
    if (on(IDEA_LAST_EMPTY) && empties == 1) return solveLast(b, me, discs, ply, beta - alpha > 1);
    return self().solveDeep(b, me, alpha, beta, discs, empties, ply, key);  // no shallow solver
  }

 protected:
  using Base::nodes_;
  using Base::table_;
  using Base::rootBest_;
  using Base::whiteToMove_;
  using Base::self;
  using Base::setPvLength;
  using Base::updatePv;
  using Base::copyPv;
  using Base::pv_;
  using Base::pvLength_;

  /// @brief Is this idea on in this instantiation? (A constant: the compiler drops the dead branch.)
  /// @param idea an Idea value
  /// @return true when it is not switched off
  static bool on(unsigned idea) { return (Off & idea) == 0; }

  /// @brief The final score when neither side can move: the winner takes the empty squares.
  /// @param discs own discs minus the opponent's
  /// @param empties the number of empty squares
  /// @return the final disc difference for the side to move
  static int finalDiscs(int discs, int empties) { return discs > 0 ? discs + empties : discs < 0 ? discs - empties : 0; }

  /// @brief Row `ply` of the PV: the moves a and b (NO_MOVE ends it).
  /// @param ply plies from the root
  /// @param a the move at this ply, or NO_MOVE
  /// @param b the move after it, or NO_MOVE
  void setPv(int ply, uint8_t a, uint8_t b) {
    if (ply >= PV_PLIES) return;
    uint8_t n = 0;
    if (a != NO_MOVE) pv_[ply][n++] = a;
    if (b != NO_MOVE && n < PV_PLIES - ply) pv_[ply][n++] = b;
    pvLength_[ply] = n;
  }

  uint8_t next_[65];  ///< The empty squares as a linked list: each one's next; 64 is both ends.
  uint8_t prev_[65];  ///< Each one's previous in the list.
  uint8_t parity_;    ///< Bit q set: quadrant q has an odd number of empty squares.
};

}  // namespace e06

#endif  // REVERSI_LAB_E06_SOLVER_H
