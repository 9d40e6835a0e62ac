/**
 * @file e09_solver.h
 * @brief Step 09's idea: the exact solver on two 64-bit masks, `own` (the side to move's
 * discs) and `opp` (the opponent's), bit y * 8 + x. Step 08's solver, node for node, with
 * less work per node.
 *
 * - a move's flips along its rays (e09_rays.h), kept with the move list: each child's
 *   flips are found once, for its key, its order and its search (step 08 played each
 *   child twice), and a child is two XORs;
 * - a square with no opponent disc next to it is skipped at once: no line can start
 *   there (one AND with its neighbour mask, e08_around.h);
 * - the last four empty squares have a solver of their own (solveFew): the squares in an
 *   array, no list to unlink and relink, the order's parity and isolation read off the
 *   masks.
 * The moves are tried in step 08's order, so every count is step 08's (the tests check
 * it position by position). Step 08's table verdict, ProbCut (its midgame searches on
 * G's board, toBoard), ETC, bounds and passes are called as they are.
 */
#ifndef REVERSI_LAB_E09_SOLVER_H
#define REVERSI_LAB_E09_SOLVER_H

#include <stdint.h>

#include "../e03_ordering/e03_order.h"
#include "../e04_pvs/e04_pvs.h"
#include "../e06_endgame/e06_deep.h"
#include "../e06_endgame/e06_empties.h"
#include "../e06_endgame/e06_evaluation.h"
#include "../e06_endgame/e06_make.h"
#include "../e08_selective/e08_around.h"
#include "../e08_selective/e08_selective.h"
#include "../s09_bitboard/s09_bitboard.h"
#include "e09_rays.h"

namespace e09 {

using e01::EMPTY;
using e01::NO_MOVE;
using e01::PASS;
using e01::INF;
using e01::DISC;
using e01::Result;
using e06::ENDGAME_SHALLOW;
using e06::ENDGAME_TABLE;
using e06::ETC_MIN;
using e06::SORT_DEPTH;
using e06::SORT_SEARCH;
using e06::SQUARE_ORDER;
using e06::quadrant;
using e06::bitCount;
using e06::PRESEARCH_MAX;
using e06::SOLVE_FROM;
using e08::AROUND;

/// The four corners (a1, h1, a8, h8): the solver's fastest-first key counts the
/// opponent's replies there twice.
const uint64_t CORNERS = 0x8100000000000081ULL;

/// The ideas of this step, each of which can be switched off alone: Search's last
/// template parameter is the sum of those switched off (0, the default: all on). None
/// changes the search, only the work a node costs: the nodes are step 08's whichever is
/// off (the tests check it), and the page's ablation table measures the time each saves.
enum Idea {
  IDEA_FLIP_LIST = 1,   ///< Off: the search loop finds each child's flips again (step 08 played each child twice).
  IDEA_NEIGHBOURS = 2,  ///< Off: the flips of every empty square are worked out, even with no opponent disc next to it.
  IDEA_LAST_FOUR = 4,   ///< Off: the shallow solver down to two empty squares, then the last one counted (step 08's).
  IDEA_RAYS = 8         ///< Off: a move's flips by stage 09's fills from its square, not along its rays.
};

/// The root as the solver sees it: two masks (step 08's passes hand it to solveNext).
struct MaskRoot {
  uint64_t own;  ///< The side to move's discs.
  uint64_t opp;  ///< The opponent's.
};

/// solveDeep's pass over the children: step 06's keys and sort keys, and each move's flips.
struct MaskChildren : e06::Children {
  uint64_t flipped[64];  ///< [square]: the discs the move there flips.
};

/**
 * @brief Step 08's selective search with the exact solver on masks (the base of step
 * 09's Search). Step 08's solver on G's board stays in the base, unused: solve() runs
 * this one.
 * @tparam D the final Search
 * @tparam G the move generator (the midgame searches, and the root read once)
 * @tparam Table BucketTable or ChainedTable (step 08's)
 * @tparam Off the ideas switched off, a sum of Idea values (0: every idea on)
 */
template <class D, class G, class Table, unsigned Off>
class MaskSolver : public e08::Selective<D, G, Table, e06::CopyMake, 0> {
  typedef e08::Selective<D, G, Table, e06::CopyMake, 0> Base;
  typedef e06::Endgame<D, G, Table, e06::CopyMake, 0> Lists;  // step 06's list of empty squares

 public:
  typedef typename G::Board Board;  ///< The move generator's board.

  using Base::idle;

  MaskSolver() {
    for (int sq = 0; sq < 64; sq++) zobristFlip_[sq] = this->zobrist_[e01::WHITE][sq] ^ this->zobrist_[e01::BLACK][sq];
  }

  /**
   * @brief The exact result: every line followed to the end of the game.
   * @param b the position
   * @param me the side to move, WHITE or BLACK
   * @return score = final disc difference * DISC, with the best move and the PV
   */
  Result solve(const Board& b, uint8_t me) {
    const int empties = e01::countEmpties<G>(b);
    Result r = this->presearch(b, me, empties);  // a shallow midgame search first, for the root's order...
    const uint64_t shallowNodes = r.nodes;
    root_ = b;  // ...then the exact search, in whole discs, on masks: the cells read once
    MaskRoot root;
    e06::readMasks<G>(b, me, root.own, root.opp);
    const int discs = Lists::listEmpties(b, me);
    nodes_ = 0;
    this->rootBest_ = r.best;
    r.score = DISC * this->passes(root, me, discs, empties, r.score, this->hashKey(b, me));  // as in step 08
    this->copyPv(r);
    r.nodes = nodes_ + shallowNodes;
    return r;
  }

  // ---- The solver on masks (its parts public, as step 06's) ------------------------

  /// @brief Step 08's passes call the solver with the root: its two masks. @return the score, in discs
  /// @param root the root position
  /// @param me the side to move
  /// @param alpha the window's lower bound
  /// @param beta the window's upper bound
  /// @param discs own discs minus the opponent's
  /// @param empties the number of empty squares
  /// @param ply plies from the root
  /// @param key the position's key
  int solveNext(MaskRoot& root, uint8_t me, int alpha, int beta, int discs, int empties, int ply, uint64_t key) {
    return solveNext(root.own, root.opp, me, alpha, beta, discs, empties, ply, key);
  }

  /// @brief The solver below the root: shallow or deep, by empties. @return the score, in discs
  /// @param own the side to move's discs
  /// @param opp the opponent's discs
  /// @param me the side to move
  /// @param alpha the window's lower bound
  /// @param beta the window's upper bound
  /// @param discs own discs minus the opponent's
  /// @param empties the number of empty squares
  /// @param ply plies from the root
  /// @param key the position's key
  int solveNext(uint64_t own, uint64_t opp, uint8_t me, int alpha, int beta, int discs, int empties, int ply, uint64_t key) {
    return empties > ENDGAME_SHALLOW ? solveDeep(own, opp, me, alpha, beta, discs, empties, ply, key)
                                     : solveShallow(own, opp, alpha, beta, discs, empties, ply);
  }

  /**
   * @brief One empty square left: the side to move plays it if it can, else the opponent.
   * @param own,opp the position
   * @param discs own minus the opponent's
   * @param ply plies from the root
   * @param pvNode fill the PV?
   * @return the final score, in discs
   */
  int solveLast(uint64_t own, uint64_t opp, int discs, int ply, bool pvNode) {
    nodes_++;
    const uint8_t sq = uint8_t(__builtin_ctzll(~(own | opp)));
    uint64_t f = flipsAt(sq, own, opp);
    if (f) {
      if (pvNode) this->setPv(ply, sq, NO_MOVE);
      return discs + 2 * bitCount(f) + 1;
    }
    f = flipsAt(sq, opp, own);
    if (f) {
      if (pvNode) this->setPv(ply, PASS, sq);
      return discs - 2 * bitCount(f) - 1;
    }
    if (pvNode) this->setPv(ply, NO_MOVE, NO_MOVE);
    return finalDiscs(discs, 1);
  }

  /**
   * @brief The last few empty squares (E, 2 to 4), their own solver: the squares in an
   * array in the list's order, the order of the moves read off the masks, nothing to
   * unlink. The same nodes, in the same order, as solveShallow would visit.
   * @tparam E the empty squares
   * @param own the side to move's discs
   * @param opp the opponent's discs
   * @param alpha the window's lower bound
   * @param beta the window's upper bound
   * @param discs own discs minus the opponent's
   * @param ply plies from the root
   * @param squares the E empty squares, in the list's order
   * @return the score, in discs
   */
  template <int E>
  int solveFew(uint64_t own, uint64_t opp, int alpha, int beta, int discs, int ply, const uint8_t* squares) {
    if ((++nodes_ & 4095) == 0 && idle) idle();
    const bool pvNode = beta - alpha > 1;
    if (pvNode) this->setPvLength(ply, 0);
    uint8_t order[E];
    fewOrder<E>(own, opp, squares, order);
    int best = -INF;
    for (int i = 0; i < E; i++) {
      const uint8_t sq = order[i];
      const uint64_t f = flipsAt(sq, own, opp);
      if (!f) continue;
      const int childDiscs = -(discs + 2 * bitCount(f) + 1);
      int score;
      if (E == 2) {
        score = -solveLast(opp ^ f, own ^ f ^ bit(sq), childDiscs, ply + 1, pvNode);
      } else {
        uint8_t rest[E > 1 ? E - 1 : 1];  // the other squares, in the list's order
        for (int j = 0, k = 0; j < E; j++)
          if (squares[j] != sq) rest[k++] = squares[j];
        score = -solveFew<(E > 2 ? E - 1 : 2)>(opp ^ f, own ^ f ^ bit(sq), -beta, -alpha, childDiscs, ply + 1, rest);
      }
      if (score > best) best = score;
      if (score > alpha) {
        alpha = score;
        if (pvNode) this->updatePv(ply, sq);
        if (alpha >= beta) return best;
      }
    }
    if (best > -INF) return best;
    if (!canMove(opp, own, squares, E)) return finalDiscs(discs, E);                    // neither side can move
    const int score = -solveFew<E>(opp, own, -beta, -alpha, -discs, ply + 1, squares);  // a pass
    if (pvNode) this->updatePv(ply, PASS);
    return score;
  }

  /**
   * @brief A few empties left: try each empty square, odd quadrants first, isolated ones
   * first (step 08's rounds); no list, no table.
   * @param own the side to move's discs
   * @param opp the opponent's discs
   * @param alpha the window's lower bound
   * @param beta the window's upper bound
   * @param discs own discs minus the opponent's
   * @param empties the number of empty squares
   * @param ply plies from the root
   * @return the score, in discs
   */
  int solveShallow(uint64_t own, uint64_t opp, int alpha, int beta, int discs, int empties, int ply) {
    if ((++nodes_ & 4095) == 0 && idle) idle();
    const bool pvNode = beta - alpha > 1;
    if (pvNode) this->setPvLength(ply, 0);
    int best = -INF;
    uint8_t listed[ENDGAME_SHALLOW], order[ENDGAME_SHALLOW];
    const int count = shallowOrder(own, opp, listed, order);
    for (int i = 0; i < count; i++) {
      const uint8_t sq = order[i];
      const uint64_t f = flipsAt(sq, own, opp);
      if (!f) continue;
      const int childDiscs = -(discs + 2 * bitCount(f) + 1);
      const uint64_t childOwn = opp ^ f, childOpp = own ^ f ^ bit(sq);
      int score;
      if (on(IDEA_LAST_FOUR) && empties == 5) {  // the other four squares, in the list's order
        uint8_t rest[4];
        for (int j = 0, k = 0; j < count; j++)
          if (listed[j] != sq) rest[k++] = listed[j];
        score = -solveFew<4>(childOwn, childOpp, -beta, -alpha, childDiscs, ply + 1, rest);
      } else {
        removeEmpty(sq);
        score = empties == 2 ? -solveLast(childOwn, childOpp, childDiscs, ply + 1, pvNode)
                             : -solveShallow(childOwn, childOpp, -beta, -alpha, childDiscs, empties - 1, ply + 1);
        restoreEmpty(sq);
      }
      if (score > best) best = score;
      if (score > alpha) {
        alpha = score;
        if (pvNode) this->updatePv(ply, sq);
        if (alpha >= beta) return best;
      }
    }
    if (best > -INF) return best;
    if (!canMove(opp, own, listed, count)) return finalDiscs(discs, empties);            // neither side can move
    const int score = -solveShallow(opp, own, -beta, -alpha, -discs, empties, ply + 1);  // a pass
    if (pvNode) this->updatePv(ply, PASS);
    return score;
  }

  /**
   * @brief Many empties left: the move list with each move's flips, sorted fastest-first,
   * the table, PVS; step 06's outline (e06_deep.h), on masks, with step 08's ProbCut.
   * @param own,opp the position
   * @param me the colour of `own` (the keys, toBoard)
   * @param alpha the window's lower bound
   * @param beta the window's upper bound
   * @param discs own discs minus the opponent's
   * @param empties the number of empty squares
   * @param ply plies from the root
   * @param key the position's Zobrist key (unused below ENDGAME_TABLE)
   * @return the score, in discs
   */
  int solveDeep(uint64_t own, uint64_t opp, uint8_t me, int alpha, int beta, int discs, int empties, int ply, uint64_t key) {
    if ((++nodes_ & 4095) == 0 && idle) idle();
    if (alpha >= 64) return 64;  // (no score passes 64 discs)
    if (beta <= -64) return -64;
    const bool pvNode = beta - alpha > 1;
    if (pvNode) this->setPvLength(ply, 0);
    uint64_t legal = s09::moveMask(own, opp);
    if (legal == 0) return passDeep(own, opp, me, alpha, beta, discs, empties, ply, key, pvNode);
    uint8_t moves[64];
    int n = 0;
    for (; legal; legal &= legal - 1) moves[n++] = uint8_t(__builtin_ctzll(legal));  // square order, as G's list
    const bool useTable = empties >= ENDGAME_TABLE;
    uint8_t tableMove = NO_MOVE;
    int settled;
    if (useTable && this->probeExact(key, empties, ply, alpha, beta, tableMove, settled)) return settled;
    if (this->probCutHere(empties, ply) && this->probCut(toBoard(own, opp, me), me, alpha, beta, empties, ply, settled))
      return settled;  // (ProbCut's shallow searches on G's board)
    MaskChildren c;
    childPass(own, opp, me, key, empties, ply, moves, n, c);
    if (ply > 0 && empties >= ETC_MIN && this->etcCut(key, empties, beta, moves, n, c, useTable, settled)) return settled;
    e03::sortByKey(moves, c.sortKey, n);
    e04::tryFirst(moves, n, ply == 0 ? this->rootBest_ : tableMove);
    uint8_t bestMove = NO_MOVE;
    const int best = searchMoves(own, opp, me, alpha, beta, discs, empties, ply, moves, n, c, bestMove);
    if (useTable) this->storeExact(key, empties, best, alpha, beta, bestMove);
    return best;
  }

  /// @brief The side to move has no move: the game is over, or it passes. @return the score, in discs
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
  int passDeep(uint64_t own, uint64_t opp, uint8_t me, int alpha, int beta, int discs, int empties, int ply, uint64_t key,
               bool pvNode) {
    if (s09::moveMask(opp, own) == 0) return finalDiscs(discs, empties);  // neither side can move
    const int score = -solveDeep(opp, own, 3 - me, -beta, -alpha, -discs, empties, ply + 1, key ^ this->whiteToMove_);
    if (pvNode) this->updatePv(ply, PASS);
    return score;
  }

  /**
   * @brief One pass over the children: each one's flips (kept for the search below), its
   * key, and its sort key: a shallow search's score from SORT_SEARCH empties, else
   * fastest-first (the opponent's replies, each corner among them counted twice, an odd
   * quadrant first among equals).
   * @param own the side to move's discs
   * @param opp the opponent's discs
   * @param me the side to move
   * @param key the position's key
   * @param empties the number of empty squares
   * @param ply plies from the root
   * @param moves the moves
   * @param n how many
   * @param c the children, as one pass over them found them
   */
  void childPass(uint64_t own, uint64_t opp, uint8_t me, uint64_t key, int empties, int ply, const uint8_t* moves, int n,
                 MaskChildren& c) {
    const bool childTable = empties - 1 >= ENDGAME_TABLE;
    for (int i = 0; i < n; i++) {
      const uint8_t sq = moves[i];
      const uint64_t f = flips(sq, own, opp);
      c.flipped[sq] = f;
      const uint64_t childOwn = opp ^ f, childOpp = own ^ f ^ bit(sq);
      c.key[sq] = 0;  // (unused by a child below ENDGAME_TABLE)
      if (childTable) {
        c.key[sq] = keyAfter(key, sq, me, f);
        this->table_.prefetch(c.key[sq]);  // the probes below (and the child's own) will wait less
      }
      if (empties >= SORT_SEARCH) {  // a shallow search: the opponent's score, lowest first
        c.sortKey[i] =
            this->pvs(toBoard(childOwn, childOpp, uint8_t(3 - me)), uint8_t(3 - me), SORT_DEPTH, ply + 1, -INF, INF, empties - 1);
        continue;
      }
      const uint64_t replies = s09::moveMask(childOwn, childOpp);
      const int k = bitCount(replies) - (e03::isCorner(sq) ? 64 : 0) + bitCount(replies & CORNERS);
      c.sortKey[i] = 2 * k - ((this->parity_ >> quadrant(sq)) & 1);
    }
  }

  /// @brief The moves in order, PVS (as step 06's searchMoves), each child from its flips. @return the best score
  /// @param own the side to move's discs
  /// @param opp the opponent's discs
  /// @param me the side to move
  /// @param alpha the window's lower bound
  /// @param beta the window's upper bound
  /// @param discs own discs minus the opponent's
  /// @param empties the number of empty squares
  /// @param ply plies from the root
  /// @param moves the moves
  /// @param n how many
  /// @param c the children, as one pass over them found them
  /// @param bestMove the best move found (NO_MOVE: none)
  int searchMoves(uint64_t own, uint64_t opp, uint8_t me, int alpha, int beta, int discs, int empties, int ply,
                  const uint8_t* moves, int n, const MaskChildren& c, uint8_t& bestMove) {
    const bool pvNode = beta - alpha > 1;
    int best = -INF;
    for (int i = 0; i < n; i++) {
      const uint8_t sq = moves[i];
      const uint64_t f = on(IDEA_FLIP_LIST) ? c.flipped[sq] : flips(sq, own, opp);
      const uint64_t childOwn = opp ^ f, childOpp = own ^ f ^ bit(sq);
      removeEmpty(sq);
      const int childDiscs = -(discs + 2 * bitCount(f) + 1);
      const uint8_t them = uint8_t(3 - me);
      int score;
      if (i == 0) {
        score = -solveNext(childOwn, childOpp, them, -beta, -alpha, childDiscs, empties - 1, ply + 1, c.key[sq]);
      } else {  // null window first, as in pvs
        score = -solveNext(childOwn, childOpp, them, -alpha - 1, -alpha, childDiscs, empties - 1, ply + 1, c.key[sq]);
        if (score > alpha && score < beta)
          score = -solveNext(childOwn, childOpp, them, -beta, -alpha, childDiscs, empties - 1, ply + 1, c.key[sq]);
      }
      restoreEmpty(sq);
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

  /// @brief Step 06's list without a square (no step 08 mask: the masks say which squares are empty).
  /// @param sq the square
  void removeEmpty(uint8_t sq) { Lists::removeEmpty(sq); }
  /// @brief Step 06's list with the square back.
  /// @param sq the square
  void restoreEmpty(uint8_t sq) { Lists::restoreEmpty(sq); }

 protected:
  using Base::nodes_;

  /// @brief Is this idea on in this instantiation? (A constant: the compiler drops the dead branch.)
  /// @param idea an Idea value
  /// @return true when it is not switched off
  static bool on(unsigned idea) { return (Off & idea) == 0; }

  /// @brief The bit of square sq. @param sq 0..63 @return 1 << sq
  static uint64_t bit(uint8_t sq) { return uint64_t(1) << sq; }

  /// @brief The final score when neither side can move: the winner takes the empty squares.
  /// @param discs own discs minus the opponent's
  /// @param empties the number of empty squares
  /// @return the final disc difference for the side to move
  static int finalDiscs(int discs, int empties) { return discs > 0 ? discs + empties : discs < 0 ? discs - empties : 0; }

  /// @brief The discs a move on the empty square sq flips (0: an illegal move). A square
  /// with no opponent disc next to it flips none: one AND says so, before the eight rays.
  /// @param sq the square
  /// @param own the side to move's discs
  /// @param opp the opponent's discs
  /// @return the flipped discs
  static uint64_t flipsAt(uint8_t sq, uint64_t own, uint64_t opp) {
    if (on(IDEA_NEIGHBOURS) && (AROUND[sq] & opp) == 0) return 0;
    return flips(sq, own, opp);
  }

  /// @brief The discs a move at sq flips: along its rays, or by stage 09's fills.
  /// @param sq the square
  /// @param own the side to move's discs
  /// @param opp the opponent's discs
  /// @return the flipped discs (0: an illegal move)
  static uint64_t flips(uint8_t sq, uint64_t own, uint64_t opp) {
    return on(IDEA_RAYS) ? rayFlips(sq, own, opp) : s09::flips(bit(sq), own, opp);
  }

  /// @brief The key after the move at sq that flips `f`: the side to move changes, a stone
  /// appears on sq, each flipped stone changes colour (zobristFlip_).
  /// @param key the position's key
  /// @param sq the square
  /// @param me the side to move
  /// @param f the discs the move flips
  /// @return the child's key
  uint64_t keyAfter(uint64_t key, uint8_t sq, uint8_t me, uint64_t f) const {
    key ^= this->whiteToMove_ ^ this->zobrist_[me][sq];
    for (; f; f &= f - 1) key ^= zobristFlip_[__builtin_ctzll(f)];  // f is not 0 here: ctz is defined
    return key;
  }

  /// @brief The position as G's board, for the midgame searches the solver asks (ProbCut,
  /// the ordering search): the root's board, every square set again.
  /// @param own the side to move's discs
  /// @param opp the opponent's discs
  /// @param me the side to move
  /// @return the position on G's board
  Board toBoard(uint64_t own, uint64_t opp, uint8_t me) const {
    Board b = root_;
    for (int sq = 0; sq < 64; sq++)
      G::setCell(b, sq & 7, sq >> 3, (own >> sq) & 1 ? me : (opp >> sq) & 1 ? uint8_t(3 - me) : EMPTY);
    return b;
  }

  /// @brief The round of the shallow solver that tries sq (as step 08): odd quadrants
  /// first (parity), and within each, isolated squares (no empty neighbour) first.
  /// @param sq the square
  /// @param parity a bit per quadrant with an odd number of empty squares
  /// @param empty the empty squares
  /// @return 0..3, the rounds in the order they are tried
  static int shallowRound(uint8_t sq, uint8_t parity, uint64_t empty) {
    return (((parity >> quadrant(sq)) & 1) == 0 ? 2 : 0) + ((empty & AROUND[sq]) != 0);
  }

  /// @brief The list's squares (listed) and solveShallow's order of them: by round, in one
  /// walk of the list into a bucket per round. @return how many
  /// @param own the side to move's discs
  /// @param opp the opponent's discs
  /// @param listed filled with the list's squares, in its order
  /// @param order filled with the same squares in the order they are tried
  int shallowOrder(uint64_t own, uint64_t opp, uint8_t* listed, uint8_t* order) const {
    const uint64_t empty = ~(own | opp);
    uint8_t bucket[4][ENDGAME_SHALLOW];
    int count = 0, size[4] = {0, 0, 0, 0};
    for (uint8_t sq = this->next_[64]; sq != 64; sq = this->next_[sq]) {
      const int round = shallowRound(sq, this->parity_, empty);
      bucket[round][size[round]++] = sq;
      listed[count++] = sq;
    }
    count = 0;
    for (int round = 0; round < 4; round++)
      for (int i = 0; i < size[round]; i++) order[count++] = bucket[round][i];
    return count;
  }

  /// @brief solveFew's order: by round (a stable sort of E squares), the list's order within a round.
  /// @tparam E how many squares
  /// @param own the side to move's discs
  /// @param opp the opponent's discs
  /// @param squares the E empty squares, in the list's order
  /// @param order filled with them in the order they are tried
  template <int E>
  static void fewOrder(uint64_t own, uint64_t opp, const uint8_t* squares, uint8_t* order) {
    const uint64_t empty = ~(own | opp);
    uint8_t parity = 0;
    for (int i = 0; i < E; i++) parity ^= uint8_t(1 << quadrant(squares[i]));
    int round[E];
    for (int i = 0; i < E; i++) {
      const int r = shallowRound(squares[i], parity, empty);
      int j = i;
      for (; j > 0 && round[j - 1] > r; j--) round[j] = round[j - 1], order[j] = order[j - 1];
      round[j] = r;
      order[j] = squares[i];
    }
  }

  /// @brief Can the side owning `own` move on one of the listed empty squares?
  /// @param own the discs of the side asked
  /// @param opp the other side's discs
  /// @param squares the empty squares
  /// @param n how many
  /// @return true if it can
  static bool canMove(uint64_t own, uint64_t opp, const uint8_t* squares, int n) {
    for (int i = 0; i < n; i++)
      if (flipsAt(squares[i], own, opp)) return true;
    return false;
  }

  Board root_;                ///< The solve's root, as G's board (toBoard starts from it).
  uint64_t zobristFlip_[64];  ///< zobrist_[WHITE][sq] ^ zobrist_[BLACK][sq]: a disc on sq flipped.
};

}  // namespace e09

#endif  // REVERSI_LAB_E09_SOLVER_H
