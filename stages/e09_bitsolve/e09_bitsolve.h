/**
 * @file e09_bitsolve.h
 * @brief Search step 09 — the endgame solver on two 64-bit masks: step 08's search,
 * node for node, with less work per node.
 *
 * Steps 01-08 are generic: they see the board only through the stage's functions
 * (legalMoves, play, cell), so every stage runs them and visits the same nodes. The
 * price is paid where most nodes are, in the endgame solver: a move is played on a copy
 * of the stage's board and counted, a child's key is read back square by square, and a
 * square is tried even when no opponent disc stands next to it. This step keeps the
 * midgame search and the evaluation generic, and gives the exact solver a board of its
 * own: two 64-bit masks, the side to move's discs and the opponent's (stage 09's
 * representation and its move fills, from stages/s09_bitboard/s09_bitboard.h). On them:
 * - a move's flips are found along its eight rays (a table of 4 KB the compiler works
 *   out): on each ray the first square that is not an opponent disc is one bit trick
 *   away, and the discs flip if that square is the mover's; stage 09 fills from the
 *   square three steps a direction instead;
 * - the flips are kept with the move list: each child's flips are found once, for its
 *   key, its order and its search (step 08 played each child twice: once on a copy to
 *   sort it, once to search it), and a child is two XORs;
 * - a square with no opponent disc next to it is skipped at once: no line can start
 *   there (one AND with its neighbour mask);
 * - the last four empty squares have a solver of their own: the squares in an array,
 *   no list to unlink and relink, the order's parity and isolation read off the masks.
 * Each idea can be switched off alone (Idea, Search's last template parameter). None
 * changes a node: the moves are tried in step 08's order, so every count is step 08's,
 * and the tests check it position by position; only the time changes.
 *
 * Changed from step 08: the exact solver (solve(), solveDeep, solveShallow, solveLast,
 * the new solveFew) works on masks. Also changed, and said on the page: step 08's
 * switches of its and earlier steps' solver ideas are gone (each is always on here, as
 * step 08 ships them), and so are UndoMove and the Make parameter, which only the
 * generic solver used; keyAfter reads the flipped discs from their mask.
 *
 * The step's files: e09_rays.h (a move's flips along its rays), e09_solver.h (the
 * solver on masks, its switches) and this one (the Search). It includes step 08's
 * selective search (its passes, ProbCut, table and midgame search), step 07's evaluation
 * and step 06's list of empty squares, unchanged.
 *
 * Generic over the move generator, as step 08, for everything but the exact solver:
 * `G::Board` (copyable) and the stage interface as static functions (`G::legalMoves`,
 * `G::play`, `G::cell`, `G::setCell`); every stage s01..s11 on the host, one stage
 * behind a tiny struct in the sketch. The solver reads the root's cells once, and hands
 * a position back to G (setCell) only for the midgame searches it asks (ProbCut, the
 * ordering search from SORT_SEARCH empties).
 *
 * Preconditions: `me` is WHITE or BLACK; depth >= 0. Checked at the host boundary.
 */
#ifndef REVERSI_LAB_E09_BITSOLVE_H
#define REVERSI_LAB_E09_BITSOLVE_H

#include "../e01_minimax/e01_rules.h"
#include "../e07_patterns/e07_evaluation.h"
#include "../e08_selective/e08_probcut.h"
#include "../e08_selective/e08_selective.h"
#include "../e08_selective/e08_transposition.h"
#include "e09_solver.h"

/// Search step 09: the endgame solver on masks.
namespace e09 {

using e01::BLACK;
using e01::WHITE;
using e01::EXACT_DEPTH;
using e01::PV_PLIES;  // step 01's rules
using e06::ORDER_MIN;
using e06::TABLE_MIN;
using e06::SQUARE_RANK;
using e07::EVAL_LIMIT;
using e07::LEARNED;
using e07::Weights;  // step 07's evaluation
using e08::BucketTable;
using e08::ChainedTable;
using e08::ChainSlot;
using e08::Slot;  // step 08's table...
using e08::BUCKET;
using e08::EXACT_SLOT;
using e08::ASPIRATION;
using e08::EXACT_LEVEL;
using e08::PASSES;
using e08::PASS_T;  // ...and its passes
using e08::PROBCUT;
using e08::PROBCUT_LAST;
using e08::PROBCUT_MIN;
using e08::ProbCut;
using e08::SELECTIVE_FROM;

/**
 * @brief Step 08's search with the exact solver on two masks, over the move generator G.
 * @tparam G the move generator (see the file comment)
 * @tparam Table BucketTable (the default) or ChainedTable (the article's)
 * @tparam Off the ideas switched off, a sum of Idea values (0: every idea on)
 */
template <class G, class Table = BucketTable, unsigned Off = 0>
class Search : public MaskSolver<Search<G, Table, Off>, G, Table, Off> {
 public:
  typedef typename G::Board Board;  ///< The move generator's board.

  /**
   * @brief The evaluation of a position for the side to move (step 07's).
   * @param b the position
   * @param me the side to move
   * @return the learned prediction within +-EVAL_LIMIT, or the exact score if the game is over
   */
  static int evaluate(const Board& b, uint8_t me) { return e07::evaluate<G>(*weights, b, me, EVAL_LIMIT); }

  /// The weights evaluate() reads: LEARNED, unless the trainer lends a set it is fitting.
  static const Weights* weights;

  /// @brief A finished game's score (step 01's rules). @param b the position @param me the side @return discs * DISC
  static int finalScore(const Board& b, uint8_t me) { return e01::finalScore<G>(b, me); }
};

template <class G, class Table, unsigned Off>
const Weights* Search<G, Table, Off>::weights = &LEARNED;

}  // namespace e09

#endif  // REVERSI_LAB_E09_BITSOLVE_H
