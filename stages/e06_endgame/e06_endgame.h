/**
 * @file e06_endgame.h
 * @brief Search step 06 — an exact endgame solver: the last plies, where nearly all
 * the nodes are, get code of their own.
 *
 * An exact solve spends almost all its nodes within a few plies of the end, where a
 * position has few moves and a general search's bookkeeping (move lists, sorting,
 * the table, the evaluation's scale) costs more than the search itself. solve() now
 * runs its own search in whole discs (this step needs several ideas, and says so):
 * - the empty squares are kept in a linked list, in a fixed order of preference
 *   (corners first, the squares next to corners last), so a node near the end looks
 *   only at the few empty squares instead of all 64, and the disc difference is
 *   carried along (a move flipping n changes it by 2n + 1), never counted;
 * - parity: the board's four 4x4 quadrants; in a quadrant with an odd number of
 *   empty squares the side that moves there first usually also moves there last, so
 *   those squares are tried first (ENDGAME_SHALLOW empties or fewer);
 * - at ENDGAME_SHALLOW empties or fewer: no move list, no table, no sorting: each empty
 *   square is simply tried (play answers 0 for an illegal move);
 * - the last empty square: no move at all, just how many the side to move would flip
 *   there (or else the opponent), and the final score follows;
 * - above that: the move list sorted fastest-first (the opponent's replies, corners
 *   counted twice, an odd quadrant breaking ties), the table's move first, PVS with
 *   null windows, all in exact whole-disc bounds; from SORT_SEARCH empties a shallow
 *   search (SORT_DEPTH plies, the midgame evaluation) orders the moves instead, as a
 *   wrong first move costs most there;
 * - the table from ENDGAME_TABLE empties (below that a probe, a cache miss, costs more
 *   than the few nodes it saves); each child's key is worked out from its parent's
 *   (keyAfter: only the new stone and the flipped ones change it), and its bucket is
 *   fetched from memory while the others are played (prefetch); with ETC_MIN empties
 *   or more, each child is looked up before any is searched (enhanced transposition
 *   cutoff: one child already known to be bad enough for the opponent settles the
 *   position at once);
 * - the root's order comes from a midgame search to the depth empties - SOLVE_FROM
 *   (at most PRESEARCH_MAX),
 *   whose table moves also order the first plies of the exact search.
 * How a move is made and taken back is a template parameter, measured on the page:
 * CopyMake (each child a copy of the parent) or UndoMove (the article's undo stack:
 * the move is played on the one board, and the squares it flipped are remembered in
 * the recursion's frames to be turned back).
 * Each of these ideas can be switched off alone (enum Idea, the last template parameter;
 * every one is on by default), for the page's ablation table: a switch is a constant, so
 * the default compiles to the code it would be without the switches.
 *
 * The step's files, by concern: e06_solver.h (solve(), the list of empty squares, the
 * shallow and last-square solvers), e06_deep.h (the deep solver), e06_ideas.h (the
 * switches), e06_empties.h (the squares' order and quadrants), e06_make.h (CopyMake,
 * UndoMove), e06_midgame.h (step 05's search as the base the solver stands on),
 * e06_transposition.h (16-byte slots, prefetch) and e06_evaluation.h (the evaluation on
 * masks); this file puts them together. It includes steps 01 to 05's files it does not
 * change: the rules, the hand-made weights, the move order, tryFirst and the tables.
 *
 * Generic over the move generator: the step is a class template over G, any type with
 * `G::Board` (copyable) and the stage interface as static functions: `G::legalMoves`,
 * `G::play`, `G::cell`. On the host that is every stage s01..s11 through the stage
 * adapter (calls resolved at compile time, no virtual call); in the sketch a tiny
 * struct forwards to one stage's namespace.
 *
 * Source: the Reversi/shogi AI blog "羊の人工知能研究" (article 003 of the sources
 * page): the undo stack. Parity, fastest-first and special code for the last empty
 * squares are the well-known public techniques of Othello endgame solvers. Our own code.
 *
 * Changed from step 05: solve() runs the new exact search (solveDeep, solveShallow,
 * solveLast) after a shallow midgame search that orders the root; CopyMake and
 * UndoMove make the moves; the empty squares are a linked list with their parity.
 * The midgame search (search()) is step 05's, except that an exact result's slot
 * records its empty squares (EXACT_SLOT + empties), so that a full bucket gives up
 * the cheapest result rather than the first. Three changes for speed only, with the
 * same results: a slot is 16 bytes (the chained table's link moved to its own
 * ChainSlot), a third less memory to miss in; the tables can prefetch; and the
 * evaluation reads the 64 cells once into two 64-bit masks (own and the opponent's
 * stones) and finds corners, X- and C-squares and frontier discs with mask operations,
 * instead of looking at cells one by one (it was most of the midgame search's time).
 *
 * Preconditions: `me` is WHITE or BLACK; depth >= 0. Checked at the host boundary.
 */
#ifndef REVERSI_LAB_E06_ENDGAME_H
#define REVERSI_LAB_E06_ENDGAME_H

#include "../e01_minimax/e01_evaluation.h"
#include "../e01_minimax/e01_rules.h"
#include "e06_deep.h"
#include "e06_evaluation.h"
#include "e06_make.h"
#include "e06_transposition.h"

/// Search step 06: an exact endgame solver.
namespace e06 {

using e01::EVAL_LIMIT;

/**
 * @brief PVS with a transposition table, and an exact endgame solver, over the move
 * generator G.
 * @tparam G the move generator (see the file comment)
 * @tparam Table BucketTable (the default) or ChainedTable (the article's); the page compares them
 * @tparam Make CopyMake or UndoMove (see the page for which is faster where)
 * @tparam Off the ideas switched off, a sum of Idea values (0: every idea on)
 */
template <class G, class Table = BucketTable, template <class> class Make = CopyMake, unsigned Off = 0>
class Search : public DeepEndgame<Search<G, Table, Make, Off>, G, Table, Make, Off> {
 public:
  typedef typename G::Board Board;  ///< The move generator's board.

  /**
   * @brief The evaluation of a position for the side to move: step 01's terms, read off
   * two masks (e06_evaluation.h; with IDEA_MASK_EVAL off, cell by cell as step 05).
   * @param b the position
   * @param me the side to move
   * @return a score within +-EVAL_LIMIT, or the exact score if the game is over
   */
  static int evaluate(const Board& b, uint8_t me) { return e06::evaluate<G>(b, me, (Off & IDEA_MASK_EVAL) == 0); }

  /// @brief A finished game's score (step 01's rules). @param b the position @param me the side @return discs * DISC
  static int finalScore(const Board& b, uint8_t me) { return e01::finalScore<G>(b, me); }
};

}  // namespace e06

#endif  // REVERSI_LAB_E06_ENDGAME_H
