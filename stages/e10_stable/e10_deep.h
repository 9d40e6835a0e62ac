/**
 * @file e10_deep.h
 * @brief Step 10's deep solver: step 09's solveDeep (step 06's outline: the table's
 * verdict, ProbCut, one pass over the children, ETC, PVS) with the stability bound first,
 * the stable discs a move makes in its sort key, and less work a node.
 *
 * Stable discs order the moves too: the fastest-first key ranks a move better for each
 * corner, or edge square beside a corner of the mover's, that it makes the mover's
 * (stable at once), and worse on an X-square beside an empty corner, which hands that
 * corner over (stableOrder, heldByCorner; IDEA_STABLE_ORDER). Far from the end
 * (SORT_SEARCH empties or more), where a one-ply search orders the moves, a move is
 * ranked worse for each reply it leaves the opponent too (SORT_MOBILITY,
 * IDEA_SORT_MOBILITY). The same nodes in less time: a child's key from the masks by
 * three multiplications (positionKey) or Zobrist's four squares at a time; the moves
 * sorted only when the first one does not cut; a child takes the moves its parent found
 * for its ordering (HAND_MOVES_DOWN, on x86-64 where the stack has room).
 */
#ifndef REVERSI_LAB_E10_DEEP_H
#define REVERSI_LAB_E10_DEEP_H

#include <stdint.h>

#include "../e03_ordering/e03_order.h"
#include "../e08_selective/e08_probcut.h"
#include "e10_solver.h"
#include "e10_stability.h"

namespace e10 {

using e08::PASS_T;
using e08::PROBCUT;
using e08::PROBCUT_LAST;
using e08::PROBCUT_MIN;
using e08::ProbCut;

/// ...plus this much (in 1/DISC) for each reply the move leaves the opponent: the search's
/// score keeps the opponent's best reply, not how many it has (IDEA_SORT_MOBILITY). Three
/// quarters of a disc a reply: in scratch copies (2026-11-29), on FFO #40-#44, #45-#49
/// and #50-#53 it saved 2.5 %, 7.9 % and 19.8 % of the nodes; a half disc 3.0 %, 5.9 %
/// and 14.0 %; a whole disc 2.6 % on #40-#44, and on #45-#49 cost 0.6 % more.
const int SORT_MOBILITY = 192;
static_assert(
    SORT_MOBILITY >= 0 && 64 * DISC < INF,
    "a sort key (a score of -64 discs at least, plus the replies) stays above -INF, solveDeep's mark for its first move");

/// What solveDeep's one pass over the children finds.
struct DeepChildren {
  uint8_t moves[64];                           ///< The moves, in square order (as G's list).
  int n;                                       ///< How many.
  uint64_t flipped[64];                        ///< [square]: the discs the move flips.
  uint64_t key[64];                            ///< [square]: the child's key (unused below ENDGAME_TABLE).
  uint64_t replies[HAND_MOVES_DOWN ? 64 : 1];  ///< [square]: the child's own moves, where handed down.
  int sortKey[64];                             ///< [move index]: its sort key, lowest first.
};

/**
 * @brief The deep solver on top of the shallow one (the base of step 10's Search).
 * @tparam D the final Search
 * @tparam G the move generator
 * @tparam Table BucketTable or ChainedTable
 * @tparam Off the ideas switched off, a sum of Idea values (0: every idea on)
 */
template <class D, class G, class Table, unsigned Off>
class DeepEndgame : public Endgame<D, G, Table, Off> {
  typedef Endgame<D, G, Table, Off> Base;

 public:
  typedef typename Table::Entry Slot;  ///< A table slot.

  /**
   * @brief Many empties left: the move list with each move's flips, sorted fastest-first,
   * the table, PVS.
   * @param own,opp the position
   * @param me the colour of `own`
   * @param alpha the window's lower bound
   * @param beta the window's upper bound
   * @param discs own discs minus the opponent's
   * @param empties the number of empty squares
   * @param ply plies from the root
   * @param key the position's key (hashKey; unused below ENDGAME_TABLE)
   * @param legal its moves when the parent found them, for its fastest-first key or to
   * pass (else MOVES_UNKNOWN)
   * @return the score, in discs
   */
  E10_CLONES int solveDeep(uint64_t own, uint64_t opp, uint8_t me, int alpha, int beta, int discs, int empties, int ply,
                           uint64_t key, uint64_t legal = MOVES_UNKNOWN) {
    if (tick()) return 0;  // (given up: the value is never used)
    // No score passes 64 discs: a window wholly beyond that is settled at once (else, after
    // a wipeout, proving that no other move does better walks a whole subtree).
    if (alpha >= 64) return 64;
    if (beta <= -64) return -64;
    const bool pvNode = beta - alpha > 1;
    int settled;
    if (!pvNode && this->failsLow(own, opp, alpha, empties, &settled))
      return settled;  // (a line needs its moves: not in a PV node)
    if (pvNode) this->setPvLength(ply, 0);
    if (legal == MOVES_UNKNOWN) legal = K::movesOf(own, opp);
    if (legal == 0) return passDeep(own, opp, me, alpha, beta, discs, empties, ply, key, pvNode);
    const bool useTable = empties >= ENDGAME_TABLE;
    uint8_t tableMove = NO_MOVE;
    if (useTable && probeExact(key, empties, ply, alpha, beta, tableMove, settled)) return settled;
    if (probCut(own, opp, me, alpha, beta, empties, ply, settled)) return settled;
    DeepChildren c;
    childPass(own, opp, me, key, empties, ply, legal, c);
    if (stopped()) return 0;  // (a sort search given up)
    if (ply > 0 && empties >= ETC_MIN && etcCut(key, empties, beta, c, useTable, settled)) return settled;
    // The first move: the table's (the root's: the previous pass's), else the lowest key.
    const uint8_t hint = ply == 0 ? this->rootBest_ : tableMove;
    uint8_t bestMove = NO_MOVE;
    const int best = this->self().searchMoves(own, opp, me, alpha, beta, discs, empties, ply, hint, c, bestMove);
    if (stopped()) return 0;
    if (useTable)
      store(key, empties, best >= beta || best > alpha ? best * DISC : -INF, best <= alpha || best < beta ? best * DISC : INF,
            bestMove);
    return best;
  }

  // ---- solveDeep's parts -----------------------------------------------------------

  /// @brief The side to move has no move: the game is over, or it passes (the passed-to
  /// side's moves handed to it). @return the score, in discs
  /// @param own the side to move's discs
  /// @param opp the opponent's discs
  /// @param me the side to move
  /// @param alpha the window's lower bound
  /// @param beta the window's upper bound
  /// @param discs own discs minus the opponent's
  /// @param empties the number of empty squares
  /// @param ply plies from the root
  /// @param key the position's key
  /// @param pvNode fill the PV?
  E10_INLINE int passDeep(uint64_t own, uint64_t opp, uint8_t me, int alpha, int beta, int discs, int empties, int ply,
                          uint64_t key, bool pvNode) {
    const uint64_t replies = K::movesOf(opp, own);
    if (replies == 0) return this->finalDiscs(discs, empties);  // neither side can move
    const uint64_t passed = on(IDEA_MULTIPLY_KEY) ? positionKey(opp, own) : key ^ this->whiteToMove_;
    const int score = -solveDeep(opp, own, 3 - me, -beta, -alpha, -discs, empties, ply + 1, passed, replies);  // a pass
    if (stopped()) return 0;
    if (pvNode) this->updatePv(ply, PASS);
    return score;
  }

  /// @brief Step 08's table verdict (bounds of a pass at least as sure), in this
  /// position's table. @return true when it settles the node
  /// @param key the position's key
  /// @param empties the number of empty squares
  /// @param ply plies from the root
  /// @param alpha the window's lower bound
  /// @param beta the window's upper bound
  /// @param tableMove set to the table's move, if any
  /// @param settled set to the score when the node is settled
  E10_INLINE bool probeExact(uint64_t key, int empties, int ply, int alpha, int beta, uint8_t& tableMove, int& settled) {
    const Slot* s = this->tableFor(empties).find(key);  // table scores are in 1/DISC, as in pvs
    if (!s) return false;
    if (ply > 0 && s->depth == EXACT_SLOT + empties && s->level >= this->level_) {  // bounds of a pass at least as sure
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

  /// @brief ProbCut, in a selective pass (step 08's), its shallow searches on the masks.
  /// @return true when the node is cut (or the search given up: settled 0)
  /// @param own the side to move's discs
  /// @param opp the opponent's discs
  /// @param me the side to move
  /// @param alpha the window's lower bound
  /// @param beta the window's upper bound
  /// @param empties the number of empty squares
  /// @param ply plies from the root
  /// @param settled set to the score when the node is settled
  E10_INLINE bool probCut(uint64_t own, uint64_t opp, uint8_t me, int alpha, int beta, int empties, int ply, int& settled) {
    if (this->level_ >= EXACT_LEVEL || ply == 0 || empties < PROBCUT_MIN) return false;
    const ProbCut& c = PROBCUT[(empties > PROBCUT_LAST ? PROBCUT_LAST : empties) - PROBCUT_MIN];
    const int32_t margin = (int32_t(PASS_T[this->level_]) * c.sigma) >> 8;  // t sigma, in 1/DISC
    const int32_t high = ((int32_t(beta) * DISC + margin - c.b) * c.invA) >> 8;
    const int32_t low = ((int32_t(alpha) * DISC - margin - c.b) * c.invA) >> 8;
    if (high > EVAL_LIMIT && low < -EVAL_LIMIT) return false;
    settled = beta;
    if (high <= EVAL_LIMIT && this->midgame(own, opp, me, c.depth, ply, int(high) - 1, int(high), empties) >= high) return true;
    settled = 0;
    if (stopped()) return true;
    settled = alpha;
    if (low >= -EVAL_LIMIT && this->midgame(own, opp, me, c.depth, ply, int(low), int(low) + 1, empties) <= low) return true;
    settled = 0;
    return stopped();
  }

  /**
   * @brief One pass over the children, in square order (as G's list): each one's flips
   * (kept for the search below), its key, and its sort key: from SORT_SEARCH empties a
   * shallow search's score with the replies counted; below, fastest-first (the replies,
   * each corner among them counted twice, the stable discs the move makes, half a reply
   * each, an odd quadrant first among equals).
   * @param own the side to move's discs
   * @param opp the opponent's discs
   * @param me the side to move
   * @param key the position's key
   * @param empties the number of empty squares
   * @param ply plies from the root
   * @param legal the legal moves, a bit each
   * @param c filled: the children, as one pass over them finds them
   */
  E10_INLINE void childPass(uint64_t own, uint64_t opp, uint8_t me, uint64_t key, int empties, int ply, uint64_t legal,
                            DeepChildren& c) {
    const bool childTable = empties - 1 >= ENDGAME_TABLE;
    const bool countReplies = empties < SORT_SEARCH || on(IDEA_SORT_MOBILITY);  // for either key
    Table& children = this->tableFor(empties - 1);                              // (chosen once, not once a child)
    c.n = 0;
    for (; legal; legal &= legal - 1, c.n++) {
      const uint8_t sq = uint8_t(__builtin_ctzll(legal));
      c.moves[c.n] = sq;
      const uint64_t f = K::flips(sq, own, opp);
      c.flipped[sq] = f;
      const uint64_t childOwn = opp ^ f, childOpp = own ^ f ^ this->bit(sq);
      c.key[sq] = 0;  // (unused by a child below ENDGAME_TABLE)
      if (childTable) {
        c.key[sq] = on(IDEA_MULTIPLY_KEY) ? positionKey(childOwn, childOpp) : this->keyAfter(key, sq, me, f);
        children.prefetch(c.key[sq]);  // the probes below (and the child's own) will wait less
      }
      // the opponent's replies (unknown where neither key counts them)
      const uint64_t replies = countReplies ? K::movesOf(childOwn, childOpp) : MOVES_UNKNOWN;
      if (HAND_MOVES_DOWN) c.replies[sq] = replies;  // (the child's own moves: it need not find them again)
      if (empties >= SORT_SEARCH) {                  // a shallow search: the opponent's score, lowest first, its replies counted
        c.sortKey[c.n] = this->midgame(childOwn, childOpp, uint8_t(3 - me), SORT_DEPTH, ply + 1, -INF, INF, empties - 1) +
                         (countReplies ? SORT_MOBILITY * K::countBits(replies) : 0);
        continue;
      }
      const int k = K::countBits(replies) - (isCorner(sq) ? 64 : 0) + K::countBits(replies & CORNERS);
      c.sortKey[c.n] =
          2 * k - ((this->parity_ & QUADRANT_BIT[sq]) != 0) + (on(IDEA_STABLE_ORDER) ? stableOrder(sq, own, opp, f) : 0);
    }
  }

  /// @brief Step 08's ETC (bounds of a pass at least as sure), in the children's table,
  /// the cutoff stored. @return true when a child cuts
  /// @param key the position's key
  /// @param empties the number of empty squares
  /// @param beta the window's upper bound
  /// @param c the children, as one pass over them found them
  /// @param useTable does this node keep a slot
  /// @param settled set to the score when the node is settled
  E10_INLINE bool etcCut(uint64_t key, int empties, int beta, const DeepChildren& c, bool useTable, int& settled) {
    Table& children = this->tableFor(empties - 1);
    for (int i = 0; i < c.n; i++) {
      const Slot* s = children.find(c.key[c.moves[i]]);
      if (s && s->depth == EXACT_SLOT + empties - 1 && s->level >= this->level_ && -s->upper >= beta * DISC) {
        settled = -s->upper / DISC;
        if (useTable) store(key, empties, settled * DISC, INF, c.moves[i]);  // found once, kept
        return true;
      }
    }
    return false;
  }

  /**
   * @brief The moves, PVS: first the hint (the table's or the root's) or else the lowest
   * key; most nodes that cut, cut on it, so the others are sorted only when it does not.
   * @param own the side to move's discs
   * @param opp the opponent's discs
   * @param me the side to move
   * @param alpha the window's lower bound
   * @param beta the window's upper bound
   * @param discs own discs minus the opponent's
   * @param empties the number of empty squares
   * @param ply plies from the root
   * @param hint the move to try first (the table's or the root's), or NO_MOVE
   * @param c the children, as one pass over them found them
   * @param bestMove set to the move that scored best
   * @return the best score, in discs (0 when the search is given up)
   */
  E10_INLINE int searchMoves(uint64_t own, uint64_t opp, uint8_t me, int alpha, int beta, int discs, int empties, int ply,
                             uint8_t hint, DeepChildren& c, uint8_t& bestMove) {
    const bool pvNode = beta - alpha > 1;
    const int first = firstMove(c, hint);
    int best = -INF;
    for (int i = 0; i < c.n; i++) {
      if (i == 1) {               // the first did not cut: the order of the others
        c.sortKey[first] = -INF;  // (it stays first)
        e03::sortByKey(c.moves, c.sortKey, c.n);
      }
      const uint8_t sq = c.moves[i == 0 ? first : i];
      const uint64_t f = on(IDEA_FLIP_LIST) ? c.flipped[sq] : K::flips(sq, own, opp);
      const uint64_t childOwn = opp ^ f, childOpp = own ^ f ^ this->bit(sq);
      this->removeEmpty(sq);
      const int childDiscs = -(discs + 2 * K::countBits(f) + 1);
      const uint64_t handed = HAND_MOVES_DOWN ? c.replies[sq] : MOVES_UNKNOWN;
      const uint8_t them = uint8_t(3 - me);
      int score;
      if (i == 0) {
        score = -this->solveNext(childOwn, childOpp, them, -beta, -alpha, childDiscs, empties - 1, ply + 1, c.key[sq], handed);
      } else {  // null window first, as in pvs
        score =
            -this->solveNext(childOwn, childOpp, them, -alpha - 1, -alpha, childDiscs, empties - 1, ply + 1, c.key[sq], handed);
        if (score > alpha && score < beta)
          score = -this->solveNext(childOwn, childOpp, them, -beta, -alpha, childDiscs, empties - 1, ply + 1, c.key[sq], handed);
      }
      this->restoreEmpty(sq);
      if (stopped()) return 0;
      if (score > best) {
        best = score;
        bestMove = sq;
      }
      if (score > alpha) {
        alpha = score;
        if (pvNode) this->updatePv(ply, sq);
        if (alpha >= beta) break;
      }
    }
    return best;
  }

  /**
   * @brief Stores what solveDeep proved of a position (bounds in 1/DISC) at this pass's
   * level, in the position's table. The same position proved again at the same level
   * keeps the tighter of each bound (step 08's merge).
   * @param key the position's key
   * @param empties the number of empty squares
   * @param lower the lower bound
   * @param upper the upper bound
   * @param bestMove the best move found (NO_MOVE: none)
   */
  void store(uint64_t key, int empties, int lower, int upper, uint8_t bestMove) {
    Slot* s = this->tableFor(empties).store(key);
    if (!s) return;
    const int8_t depth = int8_t(EXACT_SLOT + empties);
    if (s->depth == depth && s->level == this->level_) {
      const int l = s->lower > lower ? s->lower : lower, u = s->upper < upper ? s->upper : upper;
      if (l <= u) lower = l, upper = u;  // (selective bounds may disagree: then the new ones)
    }
    s->depth = depth;
    s->level = uint8_t(this->level_);
    s->lower = int16_t(lower);
    s->upper = int16_t(upper);
    s->best = bestMove;
  }

 protected:
  using Base::on;
  using Base::tick;
  using Base::stopped;
  typedef typename Base::K K;  ///< The kernels of this build (e10_kernels.h).

  /// @brief Is sq a corner? (One shift of the corners' mask.)
  /// @param sq the square
  /// @return true on a1, h1, a8 and h8
  static bool isCorner(uint8_t sq) { return (CORNERS >> sq) & 1; }

  /// @brief The first move's place: the hint's, else the lowest key's (the first of equals).
  /// @param c the children, as one pass over them found them
  /// @param hint the move to try first, or NO_MOVE
  /// @return its index in c.moves
  E10_INLINE static int firstMove(const DeepChildren& c, uint8_t hint) {
    int lowest = c.sortKey[0] * 64;  // the lowest key and its place below it: the first of equals
    for (int i = 1; i < c.n; i++) {
      const int keyed = c.sortKey[i] * 64 + i;
      lowest = keyed < lowest ? keyed : lowest;
    }
    int first = lowest & 63;
    for (int i = 0; i < c.n; i++) first = c.moves[i] == hint ? i : first;
    return first;
  }

  /**
   * @brief The fastest-first key's term for stable discs, in half replies: minus one for
   * each corner or C-square the move at sq (flipping f) makes the mover's beside a corner of
   * its own (heldByCorner), plus one on an X-square beside an empty corner. Most moves
   * touch no corner or C-square: one AND says so.
   * @param sq the square
   * @param own the side to move's discs
   * @param opp the opponent's discs
   * @param f the discs the move flips
   * @return the term, in half replies (below 0: the move goes earlier)
   */
  E10_INLINE static int stableOrder(uint8_t sq, uint64_t own, uint64_t opp, uint64_t f) {
    const uint64_t placed = f | (uint64_t(1) << sq);
    const int held = (placed & (CORNERS | C_SQUARES)) ? K::countBits(heldByCorner(own | placed) & placed) : 0;
    const bool handsOver = ((X_SQUARES >> sq) & 1) && (AROUND[sq] & CORNERS & ~(own | opp));
    return int(handsOver) - held;
  }
};

}  // namespace e10

#endif  // REVERSI_LAB_E10_DEEP_H
