/**
 * @file e10_solver.h
 * @brief Step 10's solver near the end: step 09's solver on masks with the stability
 * bound (failsLow) at every node but the PV's, the last four or five squares ordered by a
 * sorting network (no branch to guess), the list packed a byte a square in an integer,
 * and solve() with step 08's passes.
 *
 * With fewer nodes at the bottom, the move list starts at 6 empty squares instead of 7
 * (ENDGAME_SHALLOW), the table keeps positions from 6 (ENDGAME_TABLE) and looks children
 * up from 7 (ETC_MIN). The bound is worked out only when the opponent's discs alone,
 * were they all stable, would bring the score below alpha by a margin (STABLE_MARGIN:
 * closer, it seldom cuts), and its rounds stop as soon as they have found enough stable
 * discs to cut (IDEA_STABLE_MARGIN switches both off).
 */
#ifndef REVERSI_LAB_E10_SOLVER_H
#define REVERSI_LAB_E10_SOLVER_H

#include <stdint.h>

#include "../e06_endgame/e06_empties.h"
#include "../e06_endgame/e06_solver.h"
#include "../e08_selective/e08_around.h"
#include "../e08_selective/e08_probcut.h"
#include "e10_midgame.h"

namespace e10 {

using e04::SOLVE_FROM;
using e06::PRESEARCH_MAX;
using e06::SORT_DEPTH;
using e06::SORT_SEARCH;
using e06::SQUARE_ORDER;
using e06::quadrant;
using e08::AROUND;
using e08::ASPIRATION;
using e08::SELECTIVE_FROM;

/// This step's pre-search stops sooner, at 8 plies (IDEA_SHORT_PRESEARCH: a solve of 19
/// empty squares or more is all it changes): the selective passes (step 08's) order the exact
/// pass, and deeper plies cost more than they saved. On FFO #40-#44 (20-23 empties: 10-13
/// plies), in an instrumented copy on a Zen 5 (2026-11-28), the pre-search took about 10 %
/// of the time, at 8 plies under 1 %, and the passes after it about 4 % more; nodes, the
/// pre-search's included, 131.0 million against 134.8 (7 plies: 132.3, 9: 133.7). On
/// FFO #45-#49: 548.3 million against 609.3 (7 plies: 543.5, 9: 564.2).
const int SHORT_PRESEARCH = 8;
const int ENDGAME_SHALLOW = 5;  ///< Empties at or below which solve() tries squares, not a move list.
const int ENDGAME_TABLE = 6;    ///< Empties at or above which solve() keeps positions in the table.
const int ETC_MIN = 7;          ///< Empties at or above which solve() looks its children up first (ETC).
/// solveDeep's `legal` when its caller has not found the moves (no position has them all:
/// the squares that hold discs are never moves).
const uint64_t MOVES_UNKNOWN = ~uint64_t(0);
/// Does solveDeep hand each child the moves it found for its ordering? That is 512 bytes
/// more a frame: on x86-64 only, not in the sketches, whose loop task has an 8 KiB stack.
const bool HAND_MOVES_DOWN = E10_X86 != 0;
/// The stability bound is worked out only when alpha is at least this many discs above
/// what the opponent's discs would allow were they all stable (index: empty squares; the
/// last entry for more). Closer, it seldom cuts: where alpha was closer, in an instrumented
/// copy on FFO #40-#44 (2026-11-28, Zen 5), it cut about 1 time in 16 at 2 empty squares,
/// 1 in 30 at 3 and 4, under 1 in 100 from 5. A cut saves less the fewer squares are left
/// (at 2: two flips to count), hence the larger margins there. Against no margin
/// (IDEA_STABLE_MARGIN off): the ablation table.
const int8_t STABLE_MARGIN[7] = {0, 0, 8, 12, 10, 10, 4};

/// Row y of QUADRANT_BIT (a macro: a C++11 constant expression has no loop).
#define E10_QUADRANT_ROW(y)                                                                                    \
  uint8_t(1 << quadrant(8 * y)), uint8_t(1 << quadrant(8 * y + 1)), uint8_t(1 << quadrant(8 * y + 2)),         \
      uint8_t(1 << quadrant(8 * y + 3)), uint8_t(1 << quadrant(8 * y + 4)), uint8_t(1 << quadrant(8 * y + 5)), \
      uint8_t(1 << quadrant(8 * y + 6)), uint8_t(1 << quadrant(8 * y + 7))
/// QUADRANT_BIT[sq]: 1 << quadrant(sq), worked out by the compiler and looked up (the
/// solver's hottest loops take it per square: one load, not shifts and masks).
constexpr uint8_t QUADRANT_BIT[64] = {E10_QUADRANT_ROW(0), E10_QUADRANT_ROW(1), E10_QUADRANT_ROW(2), E10_QUADRANT_ROW(3),
                                      E10_QUADRANT_ROW(4), E10_QUADRANT_ROW(5), E10_QUADRANT_ROW(6), E10_QUADRANT_ROW(7)};
#undef E10_QUADRANT_ROW

/**
 * @brief The solver on masks near the end, and solve() (the base of step 10's Search).
 * @tparam D the final Search
 * @tparam G the move generator
 * @tparam Table BucketTable or ChainedTable
 * @tparam Off the ideas switched off, a sum of Idea values (0: every idea on)
 */
template <class D, class G, class Table, unsigned Off>
class Endgame : public MaskMidgame<D, G, Table, Off> {
  typedef MaskMidgame<D, G, Table, Off> Base;

 public:
  typedef typename G::Board Board;  ///< The move generator's board.

  Endgame() : level_(EXACT_LEVEL), selectiveFrom_(SELECTIVE_FROM) {}

  /**
   * @brief Where the selective passes start (SELECTIVE_FROM unless set: the tests lower
   *        it, so that the passes cut on endgames small enough to solve quickly).
   * @param empties the fewest empty squares at which solve() runs the passes first
   */
  void selectiveFrom(int empties) { selectiveFrom_ = empties; }

  /**
   * @brief The exact result: every line followed to the end of the game.
   * @param b the position
   * @param me the side to move, WHITE or BLACK
   * @return score = final disc difference * DISC, with the best move and the PV
   */
  Result solve(const Board& b, uint8_t me) {
    const int empties = Base::countEmpties(b);
    uint64_t own, opp;
    const int discs = listEmpties(b, me, own, opp);  // the cells, read once: the masks and the list
    // A shallow midgame search first, on the masks, for the root's move order (and the table's)...
    const int most = on(IDEA_SHORT_PRESEARCH) ? SHORT_PRESEARCH : PRESEARCH_MAX;  // plies at most
    const int ahead = empties - SOLVE_FROM > most ? most : empties - SOLVE_FROM;
    root_ = b;
    Result r = on(IDEA_MASK_SEARCH) ? this->deepen(masks(own, opp, me), me, ahead > 0 ? ahead : 0, -1)
                                    : this->deepen(b, me, ahead > 0 ? ahead : 0, -1);
    this->rethrowIfGivenUp();
    const uint64_t shallowNodes = r.nodes;
    // ...then the exact search, in whole discs: the selective passes, then the exact one.
    nodes_ = 0;
    this->rootBest_ = r.best;
    r.score = DISC * passes(own, opp, me, discs, empties, r.score);
    this->copyPv(r);
    r.nodes = nodes_ + shallowNodes;
    return r;
  }

  // ---- The solver's parts (public, as step 06's) -----------------------------------

  /**
   * @brief Step 08's passes from the root (the selective ones, then the exact one, each
   * around the previous one's score), given up when idle throws.
   * @param own,opp the root
   * @param me its side to move
   * @param discs own discs minus the opponent's
   * @param empties the number of empty squares
   * @param guess the presearch's score, in 1/DISC
   * @return the exact score, in discs
   */
  int passes(uint64_t own, uint64_t opp, uint8_t me, int discs, int empties, int guess) {
    const uint64_t key = this->hashKey(masks(own, opp, me), me);  // (from the masks read above, not the cells again)
    level_ = empties >= selectiveFrom_ ? 0 : EXACT_LEVEL;
    for (bool first = true; level_ <= EXACT_LEVEL; level_++, first = false) {
      const int around = guess / DISC;
      int score;
      if (!first) {  // the previous pass's score, give or take ASPIRATION
        score = self().solveNext(own, opp, me, around - ASPIRATION, around + ASPIRATION, discs, empties, 0, key);
        if (score <= around - ASPIRATION || score >= around + ASPIRATION)
          score = self().solveNext(own, opp, me, -65, 65, discs, empties, 0, key);
      } else {
        score = self().solveNext(own, opp, me, -65, 65, discs, empties, 0, key);  // wider than any score: every move raises alpha
      }
      this->rethrowIfGivenUp();
      guess = DISC * score;
      if (this->pvLength_[0] > 0) this->rootBest_ = this->pv_[0][0];
    }
    level_ = EXACT_LEVEL;  // (pvs stores its slots at this level)
    return guess / DISC;
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
  /// @param legal its moves when the caller found them, else MOVES_UNKNOWN
  int solveNext(uint64_t own, uint64_t opp, uint8_t me, int alpha, int beta, int discs, int empties, int ply, uint64_t key,
                uint64_t legal = MOVES_UNKNOWN) {
    return empties > ENDGAME_SHALLOW ? self().solveDeep(own, opp, me, alpha, beta, discs, empties, ply, key, legal)
                                     : solveShallow(own, opp, alpha, beta, discs, empties, ply);
  }

  /// @brief One empty square left: the side to move plays it if it can, else the opponent. @return the final score, in discs
  /// @param own the side to move's discs
  /// @param opp the opponent's discs
  /// @param discs own discs minus the opponent's
  /// @param ply plies from the root
  /// @param pvNode fill the PV?
  E10_INLINE int solveLast(uint64_t own, uint64_t opp, int discs, int ply, bool pvNode) {
    nodes_++;
    const uint8_t sq = lastSquare(own, opp);
    uint64_t f = flipsAt(sq, own, opp);
    if (f) {
      if (pvNode) setPv(ply, sq, NO_MOVE);
      return discs + 2 * K::countBits(f) + 1;
    }
    f = flipsAt(sq, opp, own);
    if (f) {
      if (pvNode) setPv(ply, PASS, sq);
      return discs - 2 * K::countBits(f) - 1;
    }
    if (pvNode) setPv(ply, NO_MOVE, NO_MOVE);
    return finalDiscs(discs, 1);
  }
  /// @brief The one empty square left. @param own,opp the position's discs @return its square
  static uint8_t lastSquare(uint64_t own, uint64_t opp) { return uint8_t(__builtin_ctzll(~(own | opp))); }

  /**
   * @brief The last few empty squares (E, 2 to 4), their own solver: the squares packed in
   * an integer, a byte each in the list's order; the order of the moves read off the
   * masks, nothing to unlink. The same nodes, in the same order, as the shallow solver
   * below would visit. (solveFew is the function; its body is inlined into it, E down to 2.)
   * @tparam E the number of empty squares
   * @param own the side to move's discs
   * @param opp the opponent's discs
   * @param alpha,beta the window, in discs
   * @param discs own discs minus the opponent's
   * @param ply plies from the root
   * @param squares the empty squares, a byte each, in the list's order
   * @return the score, in discs (0 when the search is given up)
   */
  template <int E>
  E10_CLONES int solveFew(uint64_t own, uint64_t opp, int alpha, int beta, int discs, int ply, uint32_t squares) {
    return fewBody<E>(own, opp, alpha, beta, discs, ply, squares);
  }
  /// @brief solveFew's body, inlined into it level by level.
  /// @tparam E the number of empty squares
  /// @param own,opp the position's discs @param alpha,beta the window, in discs
  /// @param discs own discs minus the opponent's @param ply plies from the root
  /// @param squares the empty squares, a byte each @return the score, in discs
  template <int E>
  E10_INLINE int fewBody(uint64_t own, uint64_t opp, int alpha, int beta, int discs, int ply, uint32_t squares) {
    if (tick()) return 0;  // (given up: the value is never used)
    const bool pvNode = beta - alpha > 1;
    int most;
    if (!pvNode && failsLow(own, opp, alpha, E, &most)) return most;  // (a line needs its moves: not in a PV node)
    if (pvNode) setPvLength(ply, 0);
    // the order: the squares' entries, sorted (by round, then the list's order)
    int order[E];
    if (E == 2) {  // two squares share a round: one quadrant or two odd ones; both isolated, or neighbours
      order[0] = int(squares & 0xFF), order[1] = int((squares >> 8) & 0xFF);  // (no place needed: no child list)
    } else {
      const uint64_t empty = ~(own | opp);
      uint8_t parity = 0;
      for (int i = 0; i < E; i++) parity ^= QUADRANT_BIT[(squares >> 8 * i) & 0xFF];
      for (int i = 0; i < E; i++) {
        const uint8_t sq = uint8_t(squares >> 8 * i);
        order[i] = entry(sq, i, shallowRound(sq, parity, empty));
      }
      sortEntries<(E > 2 ? E : 3)>(order);
    }
    int best = -INF;
    for (int i = 0; i < E; i++) {
      const uint8_t sq = uint8_t(order[i]);
      const uint64_t f = flipsAt(sq, own, opp);
      if (!f) continue;
      const int childDiscs = -(discs + 2 * K::countBits(f) + 1);
      int score;
      if (E == 2) {
        score = -solveLast(opp ^ f, own ^ f ^ bit(sq), childDiscs, ply + 1, pvNode);
      } else {
        score = -fewBody<(E > 2 ? E - 1 : 2)>(opp ^ f, own ^ f ^ bit(sq), -beta, -alpha, childDiscs, ply + 1,
                                              without(squares, order[i]));
        if (stopped()) return 0;
      }
      if (score > best) best = score;
      if (score > alpha) {
        alpha = score;
        if (pvNode) updatePv(ply, sq);
        if (alpha >= beta) return best;
      }
    }
    if (best > -INF) return best;
    if (!canMove(opp, own, squares, E)) return finalDiscs(discs, E);                    // neither side can move
    const int score = -solveFew<E>(opp, own, -beta, -alpha, -discs, ply + 1, squares);  // a pass
    if (stopped()) return 0;
    if (pvNode) updatePv(ply, PASS);
    return score;
  }

  /**
   * @brief A few empties left: try each empty square, odd quadrants first; no list, no table.
   * @param own the side to move's discs
   * @param opp the opponent's discs
   * @param alpha,beta the window, in discs
   * @param discs own discs minus the opponent's
   * @param empties the number of empty squares
   * @param ply plies from the root
   * @return the score, in discs (0 when the search is given up)
   */
  E10_CLONES int solveShallow(uint64_t own, uint64_t opp, int alpha, int beta, int discs, int empties, int ply) {
    if (tick()) return 0;  // (given up: the value is never used)
    const bool pvNode = beta - alpha > 1;
    int most;
    if (!pvNode && failsLow(own, opp, alpha, empties, &most)) return most;  // (a line needs its moves: not in a PV node)
    if (pvNode) setPvLength(ply, 0);
    int best = -INF;
    // The order to try the squares in: odd quadrants first, isolated squares first, the
    // list's order within a round: the squares' entries, sorted (as in solveFew; the
    // places past the list's end hold INF and sort last).
    const uint64_t empty = ~(own | opp);
    uint64_t listed = 0;  // the list, a byte a square (as solveFew takes them)
    int order[ENDGAME_SHALLOW];
    for (int i = 0; i < ENDGAME_SHALLOW; i++) order[i] = INF;
    int count = 0;
    for (uint8_t sq = next_[64]; sq != 64; sq = next_[sq], count++) {
      order[count] = entry(sq, count, shallowRound(sq, parity_, empty));
      listed |= uint64_t(sq) << 8 * count;
    }
    sortEntries<ENDGAME_SHALLOW>(order);
    for (int i = 0; i < count; i++) {
      const uint8_t sq = uint8_t(order[i]);
      const uint64_t f = flipsAt(sq, own, opp);
      if (!f) continue;
      const int childDiscs = -(discs + 2 * K::countBits(f) + 1);
      const uint64_t childOwn = opp ^ f, childOpp = own ^ f ^ bit(sq);
      int score;
      if (on(IDEA_LAST_FOUR) && empties == 5) {  // the other four squares, in the list's order
        const uint32_t rest = uint32_t(without(listed, order[i]));
        score = -solveFew<4>(childOwn, childOpp, -beta, -alpha, childDiscs, ply + 1, rest);
      } else {
        removeEmpty(sq);
        score = empties == 2 ? -solveLast(childOwn, childOpp, childDiscs, ply + 1, pvNode)
                             : -solveShallow(childOwn, childOpp, -beta, -alpha, childDiscs, empties - 1, ply + 1);
        restoreEmpty(sq);
      }
      if (stopped()) return 0;
      if (score > best) best = score;
      if (score > alpha) {
        alpha = score;
        if (pvNode) updatePv(ply, sq);
        if (alpha >= beta) return best;
      }
    }
    if (best > -INF) return best;
    if (!canMove(opp, own, listed, count)) return finalDiscs(discs, empties);            // neither side can move
    const int score = -solveShallow(opp, own, -beta, -alpha, -discs, empties, ply + 1);  // a pass
    if (stopped()) return 0;
    if (pvNode) updatePv(ply, PASS);
    return score;
  }

 protected:
  using Base::nodes_;
  using Base::self;
  using Base::setPvLength;
  using Base::updatePv;
  using Base::tick;
  using Base::stopped;
  using Base::on;
  typedef typename Base::K K;  ///< The kernels of this build (e10_kernels.h).

  /// @brief The bit of square sq. @param sq 0..63 @return 1 << sq
  static uint64_t bit(uint8_t sq) { return uint64_t(1) << sq; }

  /// @brief The final score when neither side can move: the winner takes the empty squares.
  /// @param discs own discs minus the opponent's
  /// @param empties the number of empty squares
  /// @return the final disc difference for the side to move
  static int finalDiscs(int discs, int empties) { return discs > 0 ? discs + empties : discs < 0 ? discs - empties : 0; }

  /**
   * @brief The cells read once: the two masks, and the list of empty squares (next_/prev_
   * links, 64 is the list's ends) with its parity.
   * @param b the position
   * @param me the side to move
   * @param own set to me's discs
   * @param opp set to the opponent's
   * @return own discs minus the opponent's
   */
  int listEmpties(const Board& b, uint8_t me, uint64_t& own, uint64_t& opp) {
    own = 0, opp = 0;
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
        parity_ ^= QUADRANT_BIT[sq];
      } else if (c == me) {
        own |= bit(sq);
        discs++;
      } else {
        opp |= bit(sq);
        discs--;
      }
    }
    return discs;
  }

  /// @brief The discs a move on the empty square sq flips (0: it flips none, an illegal
  /// move). A square with no opponent disc next to it flips none: one AND says so, before
  /// the eight fills.
  /// @param sq the square @param own the mover's discs @param opp the other side's
  /// @return the flipped discs
  E10_INLINE static uint64_t flipsAt(uint8_t sq, uint64_t own, uint64_t opp) {
    if (on(IDEA_NEIGHBOURS) && (AROUND[sq] & opp) == 0) return 0;
    return K::flips(sq, own, opp);
  }

  /// @brief A midgame search the solver asks (ProbCut's, the ordering's): pvs on the masks,
  /// or, with IDEA_MASK_SEARCH off, on G's board: the root's, every square set again.
  /// @param own,opp the position's discs @param me the side to move @param depth plies to search
  /// @param ply plies from the root @param alpha,beta the window, in 1/DISC
  /// @param empties the number of empty squares @return pvs's score, in 1/DISC
  int midgame(uint64_t own, uint64_t opp, uint8_t me, int depth, int ply, int alpha, int beta, int empties) {
    if (on(IDEA_MASK_SEARCH)) return this->pvs(masks(own, opp, me), me, depth, ply, alpha, beta, empties);
    Board b = root_;
    for (int sq = 0; sq < 64; sq++)
      G::setCell(b, sq & 7, sq >> 3, (own >> sq) & 1 ? me : (opp >> sq) & 1 ? uint8_t(3 - me) : EMPTY);
    return this->pvs(b, me, depth, ply, alpha, beta, empties);
  }

  /**
   * @brief The opponent's stable discs stay theirs, so the side to move ends at most 64
   * minus twice their number ahead. True when that bound (put in *most) is alpha or less:
   * the node fails low without a move. Worked out only when it is likely to cut: were all
   * the opponent's discs stable, alpha or less by STABLE_MARGIN; and only until the discs
   * found are enough.
   * @param own the side to move's discs
   * @param opp the opponent's discs
   * @param alpha the window's lower bound, in discs
   * @param empties the number of empty squares
   * @param most set to the bound when it was worked out
   * @return true when the node fails low
   */
  E10_INLINE static bool failsLow(uint64_t own, uint64_t opp, int alpha, int empties, int* most) {
    const bool cheap = on(IDEA_STABLE_MARGIN);
    const int margin = cheap ? STABLE_MARGIN[empties < 6 ? empties : 6] : 0;
    if (!on(IDEA_STABLE) || alpha < 64 - 2 * K::countBits(opp) + margin) return false;
    *most = 64 - 2 * K::countBits(K::stableOf(opp, own, empties <= ENDGAME_SHALLOW,
                                              cheap ? (65 - alpha) / 2 : 65));  // (enough: 64 - 2 * need <= alpha)
    return *most <= alpha;
  }

  /// @brief Takes sq out of the list of empty squares (its own links kept). @param sq the square played
  void removeEmpty(uint8_t sq) {
    next_[prev_[sq]] = next_[sq];
    prev_[next_[sq]] = prev_[sq];
    parity_ ^= QUADRANT_BIT[sq];
  }
  /// @brief Puts sq back where it was (the links of sq itself were left as they were). @param sq the square
  void restoreEmpty(uint8_t sq) {
    next_[prev_[sq]] = sq;
    prev_[next_[sq]] = sq;
    parity_ ^= QUADRANT_BIT[sq];
  }

  /// @brief The round of the shallow solver that tries sq (as step 08): odd quadrants first
  /// (parity), and within each, isolated squares (no empty neighbour) first.
  /// @param sq the square @param parity a bit per quadrant with an odd number of empty squares
  /// @param empty the empty squares @return 0..3, the rounds in the order they are tried
  static int shallowRound(uint8_t sq, uint8_t parity, uint64_t empty) {
    return ((parity & QUADRANT_BIT[sq]) == 0 ? 2 : 0) + ((empty & AROUND[sq]) != 0);
  }

  /// @brief Can the side owning `own` move on one of the n empty squares listed, a byte each?
  /// @param own the discs of the side asked @param opp the other side's
  /// @param squares the empty squares, a byte each @param n how many @return true if it can
  E10_INLINE static bool canMove(uint64_t own, uint64_t opp, uint64_t squares, int n) {
    for (int i = 0; i < n; i++)
      if (flipsAt(uint8_t(squares >> 8 * i), own, opp)) return true;
    return false;
  }

  /// @brief The shallow solvers' order (step 08's rounds, then the list's order) as numbers:
  /// an entry is a square (bits 0-7), its place in the list (8-10) and its round (11-12).
  /// @param sq the square @param place its place in the list @param round its round
  /// @return the entry
  static int entry(uint8_t sq, int place, int round) { return sq | place << 8 | round << 11; }
  /// @brief Sorts N entries (3 to 5) by a network: fixed compare-and-swaps, no branch to guess.
  /// @tparam N how many @param e the entries, sorted in place
  template <int N>
  static void sortEntries(int* e) {
    static_assert(N >= 3 && N <= 5, "a network for 3, 4 or 5 entries");
    if (N == 3) {
      sortPair(e[0], e[1]), sortPair(e[1], e[2]), sortPair(e[0], e[1]);
    } else if (N == 4) {
      sortPair(e[0], e[1]), sortPair(e[2], e[3]), sortPair(e[0], e[2]), sortPair(e[1], e[3]), sortPair(e[1], e[2]);
    } else {
      sortPair(e[0], e[1]), sortPair(e[3], e[4]), sortPair(e[2], e[4]), sortPair(e[2], e[3]), sortPair(e[0], e[3]);
      sortPair(e[0], e[2]), sortPair(e[1], e[4]), sortPair(e[1], e[3]), sortPair(e[1], e[2]);
    }
  }
  /// @brief Puts a and b in ascending order (a compare and two moves the compiler makes
  /// branchless). @param a,b two entries
  static void sortPair(int& a, int& b) {
    const int low = a < b ? a : b;
    b = a < b ? b : a;
    a = low;
  }
  /// @brief The list (a byte a square) without the square of entry e: the bytes above its
  /// place moved down one, the list's order kept.
  /// @tparam List the list's integer type @param squares the list @param e the entry
  /// @return the shorter list
  template <class List>
  static List without(List squares, int e) {
    const List below = (List(1) << 8 * ((e >> 8) & 7)) - 1;
    return (squares & below) | ((squares >> 8) & ~below);
  }

  /// @brief Row `ply` of the PV: the moves a and b (NO_MOVE ends it).
  /// @param ply plies from the root
  /// @param a the move at this ply, or NO_MOVE
  /// @param b the move after it, or NO_MOVE
  void setPv(int ply, uint8_t a, uint8_t b) {
    if (ply >= PV_PLIES) return;
    uint8_t n = 0;
    if (a != NO_MOVE) this->pv_[ply][n++] = a;
    if (b != NO_MOVE && n < PV_PLIES - ply) this->pv_[ply][n++] = b;
    this->pvLength_[ply] = n;
  }

  Board root_;         ///< The solve's root, as G's board (midgame() starts from it with IDEA_MASK_SEARCH off).
  uint8_t next_[65];   ///< The empty squares as a linked list: each one's next; 64 is both ends.
  uint8_t prev_[65];   ///< Each one's previous in the list.
  uint8_t parity_;     ///< Bit q set: quadrant q has an odd number of empty squares.
  int level_;          ///< The endgame's pass: 0.. selective, EXACT_LEVEL exact.
  int selectiveFrom_;  ///< The fewest empties that get the selective passes.
};

}  // namespace e10

#endif  // REVERSI_LAB_E10_SOLVER_H
