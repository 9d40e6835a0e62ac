/**
 * @file e06_deep.h
 * @brief The deep part of step 06's solver: many empties left, so a move list sorted
 * fastest-first, the table, enhanced transposition cutoffs and PVS in whole discs.
 *
 * solveDeep reads top to bottom: the window beyond any score, the pass, the table's
 * verdict (probeExact), one pass over the children for their keys and sort keys
 * (childPass), a child the table already knows to refute the position (etcCut), then
 * the moves in order (searchMoves) and what they proved (storeExact). Each part is a
 * function of its own so that a later step replaces one by name (CRTP, see Midgame).
 */
#ifndef REVERSI_LAB_E06_DEEP_H
#define REVERSI_LAB_E06_DEEP_H

#include <stdint.h>

#include "../e03_ordering/e03_order.h"
#include "../e04_pvs/e04_pvs.h"
#include "e06_solver.h"

namespace e06 {

/// What solveDeep's one pass over the children finds, by square or by move.
struct Children {
  uint64_t key[64];  ///< [square]: the child's table key (unused by a child below ENDGAME_TABLE).
  int sortKey[64];   ///< [move index]: its sort key, lowest first.
};

/**
 * @brief The deep solver on top of the shallow one (the base of step 06's Search, and of
 * steps 07 and 08's).
 * @tparam D the final Search
 * @tparam G the move generator
 * @tparam Table BucketTable or ChainedTable
 * @tparam Make CopyMake or UndoMove
 * @tparam Off the ideas switched off, a sum of Idea values (0: every idea on)
 */
template <class D, class G, class Table, template <class> class Make, unsigned Off>
class DeepEndgame : public Endgame<D, G, Table, Make, Off> {
  typedef Endgame<D, G, Table, Make, Off> Base;

 public:
  typedef typename G::Board Board;     ///< The move generator's board.
  typedef typename Table::Entry Slot;  ///< A table slot.
  using Base::idle;

  /**
   * @brief Many empties left: the move list sorted fastest-first, the table, PVS.
   * @param b the position (played on by UndoMove, left as it was) @param me the side to move
   * @param alpha,beta the window, in discs
   * @param discs own minus the opponent's
   * @param empties the number of empty squares
   * @param ply plies from the root
   * @param key the position's Zobrist key (its parent worked it out; unused below ENDGAME_TABLE)
   * @return the score, in discs
   */
  int solveDeep(Board& b, uint8_t me, int alpha, int beta, int discs, int empties, int ply, uint64_t key) {
    if ((++nodes_ & 4095) == 0 && idle) idle();
    // No score passes 64 discs: a window wholly beyond that is settled at once (else, after
    // a wipeout, proving that no other move does better walks a whole subtree).
    if (alpha >= 64) return 64;
    if (beta <= -64) return -64;
    const bool pvNode = beta - alpha > 1;
    if (pvNode) setPvLength(ply, 0);
    uint8_t moves[64];
    const int n = G::legalMoves(b, me, moves);
    if (n == 0) return passDeep(b, me, alpha, beta, discs, empties, ply, key, pvNode);
    const bool useTable = empties >= tableFrom();
    uint8_t tableMove = NO_MOVE;
    int settled;
    if (useTable && self().probeExact(key, empties, ply, alpha, beta, tableMove, settled)) return settled;
    Children c;
    childPass(b, me, key, empties, ply, moves, n, c);
    if (on(IDEA_ETC) && ply > 0 && empties >= ETC_MIN && self().etcCut(key, empties, beta, moves, n, c, useTable, settled))
      return settled;
    e03::sortByKey(moves, c.sortKey, n);
    e04::tryFirst(moves, n, ply == 0 ? rootBest_ : tableMove);
    uint8_t bestMove = NO_MOVE;
    const int best = searchMoves(b, me, alpha, beta, discs, empties, ply, moves, n, c, bestMove);
    if (useTable) self().storeExact(key, empties, best, alpha, beta, bestMove);
    return best;
  }

  /**
   * @brief The side to move has no move: the game is over, or it passes.
   * @param b the position
   * @param me the side to move
   * @param alpha the window's lower bound
   * @param beta the window's upper bound
   * @param discs own discs minus the opponent's
   * @param empties the number of empty squares
   * @param ply plies from the root
   * @param key the position's key
   * @param pvNode fill the PV?
   * @return the score, in discs
   */
  int passDeep(Board& b, uint8_t me, int alpha, int beta, int discs, int empties, int ply, uint64_t key, bool pvNode) {
    if (!this->canMove(b, 3 - me)) return Base::finalDiscs(discs, empties);  // neither side can move
    const int score = -self().solveDeep(b, 3 - me, -beta, -alpha, -discs, empties, ply + 1, key ^ this->whiteToMove_);
    if (pvNode) updatePv(ply, PASS);
    return score;
  }

  /**
   * @brief The table's verdict on an exact node (table scores are in 1/DISC, as in pvs):
   * bounds of the same empties that settle the window (never at the root), else a move
   * to try first.
   * @param key the position's key
   * @param empties the number of empty squares
   * @param ply plies from the root
   * @param alpha,beta the window, in discs
   * @param tableMove set to the stored best move, if any
   * @param settled set to the score when the table settles the node
   * @return true when it does
   */
  bool probeExact(uint64_t key, int empties, int ply, int alpha, int beta, uint8_t& tableMove, int& settled) {
    const Slot* s = table_.find(key);
    if (!s) return false;
    if (ply > 0 && s->depth == EXACT_SLOT + empties) {
      if (s->lower >= beta * DISC) {
        settled = s->lower / DISC;
        return true;
      }
      if (s->upper <= alpha * DISC || s->lower == s->upper) {
        settled = s->upper / DISC;
        return true;
      }
    }
    tableMove = s->best;
    return false;
  }

  /**
   * @brief One pass over the children, each played once on a copy: its key (for its own
   * table probe and the ETC), and its sort key: a shallow search's score from SORT_SEARCH
   * empties, else fastest-first (the opponent's replies, each corner among them counted
   * twice, an odd quadrant first among equals).
   * @param b the position
   * @param me the side to move
   * @param key the position's key
   * @param empties the number of empty squares
   * @param ply plies from the root
   * @param moves the legal moves, in square order @param n how many
   * @param c filled: the children's keys and sort keys
   */
  void childPass(const Board& b, uint8_t me, uint64_t key, int empties, int ply, const uint8_t* moves, int n, Children& c) {
    uint8_t replies[64];
    const bool childTable = empties - 1 >= tableFrom();
    for (int i = 0; i < n; i++) {
      const uint8_t sq = moves[i];
      Board child = b;
      const int flips = G::play(child, sq & 7, sq >> 3, me);
      c.key[sq] = 0;  // (unused by a child below ENDGAME_TABLE)
      if (childTable) {
        c.key[sq] = on(IDEA_KEY_AFTER) ? this->keyAfter(b, child, key, sq, me, flips) : this->hashKey(child, 3 - me);
        if (on(IDEA_PREFETCH)) table_.prefetch(c.key[sq]);  // the probes below (and the child's own) will wait less
      }
      if (on(IDEA_SORT_SEARCH) && empties >= SORT_SEARCH) {  // a shallow search: the opponent's score, lowest first
        c.sortKey[i] = this->pvs(child, 3 - me, SORT_DEPTH, ply + 1, -INF, INF, empties - 1);
        continue;
      }
      if (!on(IDEA_FASTEST_FIRST)) {  // all keys equal: the stable sort keeps square order
        c.sortKey[i] = 0;
        continue;
      }
      // fastest-first: the opponent's replies, each corner among them counted twice
      // (measured: 13 % fewer nodes on FFO #40-#41), an odd quadrant first among equals
      const int r = G::legalMoves(child, 3 - me, replies);
      int k = r - (e03::isCorner(sq) ? 64 : 0);
      for (int j = 0; j < r; j++) k += e03::isCorner(replies[j]);
      c.sortKey[i] = 2 * k - (on(IDEA_PARITY) ? (this->parity_ >> quadrant(sq)) & 1 : 0);
    }
  }

  /**
   * @brief The enhanced transposition cutoff: a child already known to be bad enough for
   * the opponent settles the position before any move is searched.
   * @param key the position's key
   * @param empties the number of empty squares
   * @param beta the window's top, in discs
   * @param moves,n the moves
   * @param c their keys
   * @param useTable does this node keep a slot (unused here)
   * @param settled set to the score when a child cuts
   * @return true when one does
   */
  bool etcCut(uint64_t key, int empties, int beta, const uint8_t* moves, int n, const Children& c, bool useTable, int& settled) {
    (void)key, (void)useTable;
    for (int i = 0; i < n; i++) {
      const Slot* s = table_.find(c.key[moves[i]]);
      if (s && s->depth == EXACT_SLOT + empties - 1 && -s->upper >= beta * DISC) {
        settled = -s->upper / DISC;
        return true;
      }
    }
    return false;
  }

  /**
   * @brief The moves in order, PVS: the first with the full window, the others with a
   * null window first.
   * @param b the position
   * @param me the side to move
   * @param alpha the window's lower bound
   * @param beta the window's upper bound
   * @param discs own discs minus the opponent's
   * @param empties the number of empty squares
   * @param ply plies from the root
   * @param moves the moves, sorted @param n how many @param c their keys
   * @param bestMove set to the move that scored best
   * @return the best score, in discs
   */
  int searchMoves(Board& b, uint8_t me, int alpha, int beta, int discs, int empties, int ply, const uint8_t* moves, int n,
                  const Children& c, uint8_t& bestMove) {
    const bool pvNode = beta - alpha > 1;
    int best = -INF;
    for (int i = 0; i < n; i++) {
      const uint8_t sq = moves[i];
      Make<G> move;
      const int flips = move.play(b, sq, me);
      self().removeEmpty(sq);
      const int childDiscs = -(discs + 2 * flips + 1);
      Board& child = move.child(b);
      int score;
      if (i == 0) {
        score = -self().solveNext(child, 3 - me, -beta, -alpha, childDiscs, empties - 1, ply + 1, c.key[sq]);
      } else {  // null window first, as in pvs
        score = -self().solveNext(child, 3 - me, -alpha - 1, -alpha, childDiscs, empties - 1, ply + 1, c.key[sq]);
        if (score > alpha && score < beta)
          score = -self().solveNext(child, 3 - me, -beta, -alpha, childDiscs, empties - 1, ply + 1, c.key[sq]);
      }
      self().restoreEmpty(sq);
      move.undo(b, sq, me);
      if (score > best) {
        best = score;
        bestMove = sq;
      }
      if (score > alpha) {
        alpha = score;
        if (pvNode) updatePv(ply, sq);
        if (alpha >= beta) break;
      }
    }
    return best;
  }

  /**
   * @brief What solveDeep proved: its bounds in 1/DISC (exact inside the window), its move.
   * @param key the position's key
   * @param empties the number of empty squares
   * @param best the score found
   * @param alphaIn,beta the window it was searched with
   * @param bestMove the best move found (NO_MOVE: none)
   */
  void storeExact(uint64_t key, int empties, int best, int alphaIn, int beta, uint8_t bestMove) {
    if (Slot* s = table_.store(key)) {
      s->depth = int8_t(EXACT_SLOT + empties);
      s->lower = int16_t(best >= beta || best > alphaIn ? best * DISC : -INF);
      s->upper = int16_t(best <= alphaIn || best < beta ? best * DISC : INF);
      s->best = bestMove;
    }
  }

 protected:
  using Base::nodes_;
  using Base::table_;
  using Base::rootBest_;
  using Base::self;
  using Base::setPvLength;
  using Base::updatePv;
  using Base::on;

  /// @brief The fewest empties at which solveDeep keeps positions in the table
  /// (IDEA_TABLE_FROM off: every node of the deep solver, which starts above ENDGAME_SHALLOW).
  /// @return ENDGAME_TABLE, or ENDGAME_SHALLOW + 1 with the idea off
  static int tableFrom() { return on(IDEA_TABLE_FROM) ? ENDGAME_TABLE : ENDGAME_SHALLOW + 1; }
};

}  // namespace e06

#endif  // REVERSI_LAB_E06_DEEP_H
