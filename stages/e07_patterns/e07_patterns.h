/**
 * @file e07_patterns.h
 * @brief Search step 07 — a learned evaluation: patterns whose weights come from our own
 * games, not from a programmer's guess.
 *
 * Step 06's evaluation weighs four things a programmer chose (mobility, corners, the
 * squares next to an empty corner, frontier discs) with numbers a programmer chose, and
 * keeps its verdict within two discs. Strong programs instead cut the board into
 * patterns (an edge with its two X-squares, a corner's 3x3 and 2x5 blocks, the second
 * to fourth rows, the diagonals), give every way of filling a pattern its own weight,
 * and learn the weights from many positions whose outcome is known, one set per phase
 * of the game. The sum then predicts the final disc difference, so it can say "about
 * +12" where step 06 could only say "a little better".
 * - 46 patterns of 11 kinds; the instances of a kind are one set of squares turned and
 *   mirrored, and share one table (the section "The learned evaluation" below);
 * - a pattern is read as a base-3 number, looked up in its table: no loop over squares,
 *   the board's 8 images (made by shifts) put every instance's squares at fixed bits;
 * - 12 phases by empty squares, plus a weight per move of mobility, one for parity and
 *   a constant per phase;
 * - each weight is one printable character (a step of its kind's size), so the
 *   2,007,180 weights are two megabytes of text in e07_weights.h, which a board
 *   with that much flash reads in place.
 * The weights are fitted by bench/e07_train.cpp (`./lab train`): positions from our own
 * self-play, labelled by step 06's exact solver at 16 empties or fewer and by searches
 * with the already fitted later phases above that; least squares per phase.
 *
 * Source: the pattern evaluation is M. Buro's, from his program Logistello ("Experiments
 * with Multi-ProbCut and a new high-quality evaluation function for Othello", 1997);
 * the kinds of pattern are the ones published there and used since by Zebra, Edax and
 * Egaroucid. The data, the fit and the code are our own.
 *
 * Changed from step 06: evaluate() only. The hand-made terms are gone; the patterns
 * replace them, and the evaluation may now say up to 64 discs (EVAL_LIMIT), as a
 * prediction of discs must. The searches, the exact solver and its ideas (each can
 * still be switched off alone, as in step 06) are step 06's, unchanged, so every
 * difference in nodes comes from the evaluation: the order of the moves it decides,
 * above SORT_SEARCH empties and in the root's pre-search.
 *
 * The step's files: e07_evaluation.h (the patterns and how they are read),
 * e07_weights.h (the trained weights, generated), this one (the step: step 06's search
 * with this evaluation) and e07_game.h (the sketch's game against a person over
 * Serial). Step 06's solver, midgame search, tables and move makers are included
 * unchanged.
 *
 * Generic over the move generator, as step 06: `G::Board` (copyable) and the stage
 * interface as static functions (`G::legalMoves`, `G::play`, `G::cell`, `G::countFlips`,
 * `G::setCell`); every stage s01..s11 on the host, one stage behind a tiny struct in
 * the sketch.
 *
 * Preconditions: `me` is WHITE or BLACK; depth >= 0. Checked at the host boundary.
 */
#ifndef REVERSI_LAB_E07_PATTERNS_H
#define REVERSI_LAB_E07_PATTERNS_H

#include "../e01_minimax/e01_rules.h"
#include "../e06_endgame/e06_endgame.h"
#include "e07_evaluation.h"

/// Search step 07: a learned evaluation.
namespace e07 {

using e01::BLACK;
using e01::EMPTY;
using e01::WHITE;
using e01::PASS;
using e01::NO_MOVE;  // step 01's rules...
using e01::EXACT_DEPTH;
using e01::INF;
using e01::PV_PLIES;
using e01::Result;  // ...and what a search returns
using e06::BucketTable;
using e06::ChainedTable;
using e06::ChainSlot;
using e06::Slot;  // step 06's tables...
using e06::BUCKET;
using e06::EXACT_SLOT;
using e06::CopyMake;
using e06::UndoMove;  // ...its move makers...
using e06::ENDGAME_SHALLOW;
using e06::ENDGAME_TABLE;
using e06::ETC_MIN;
using e06::PRESEARCH_MAX;  // ...its solver
using e06::SORT_DEPTH;
using e06::SORT_SEARCH;
using e06::SQUARE_ORDER;
using e06::SQUARE_RANK;
using e06::quadrant;
using e06::ORDER_MIN;
using e06::SOLVE_FROM;
using e06::TABLE_MIN;
using e06::IDEA_EMPTY_LIST;
using e06::IDEA_PARITY;
using e06::IDEA_SHALLOW;
using e06::IDEA_LAST_EMPTY;  // its ideas
using e06::IDEA_FASTEST_FIRST;
using e06::IDEA_SORT_SEARCH;
using e06::IDEA_ETC;
using e06::IDEA_TABLE_FROM;
using e06::IDEA_PREFETCH;
using e06::IDEA_KEY_AFTER;
using e06::IDEA_ROOT_SEARCH;

/**
 * @brief Step 06's search and solver, with the learned evaluation, over the move generator G.
 * @tparam G the move generator (see the file comment)
 * @tparam Table BucketTable (the default) or ChainedTable (the article's)
 * @tparam Make CopyMake or UndoMove
 * @tparam Off step 06's solver ideas switched off, a sum of Idea values (0: every idea on)
 */
template <class G, class Table = BucketTable, template <class> class Make = CopyMake, unsigned Off = 0>
class Search : public e06::DeepEndgame<Search<G, Table, Make, Off>, G, Table, Make, Off & e06::SOLVER_IDEAS> {
 public:
  typedef typename G::Board Board;  ///< The move generator's board.

  /**
   * @brief The evaluation of a position for the side to move (e07_evaluation.h).
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

template <class G, class Table, template <class> class Make, unsigned Off>
const Weights* Search<G, Table, Make, Off>::weights = &LEARNED;

}  // namespace e07

#endif  // REVERSI_LAB_E07_PATTERNS_H
