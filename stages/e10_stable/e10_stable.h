/**
 * @file e10_stable.h
 * @brief Search step 10 — stable discs: a bound on the score before a move is tried,
 * and the solver's move list and table closer to the end.
 *
 * A disc that no move can ever flip is stable: it stays its owner's to the end. When the
 * opponent owns S stable discs, the side to move ends with at most 64 - 2S (in disc
 * difference), whatever it plays. In a null-window search whose alpha is already that
 * high, the node fails low at once, without a move. Near the end most lines are full and
 * most discs are stable, so the bound cuts where the nodes are: at 2-6 empty squares.
 * Stable discs are found on the two masks step 09 solves on: a disc is safe along a
 * line that is full, that ends at it, or where a neighbour on the line is a stable disc
 * of its colour; safe along all four lines, it is stable (stableDiscs: a few shifts per
 * round, a round per ring of stable discs). The bound is only worked out when the
 * opponent's discs alone, were they all stable, would bring the score below alpha by a
 * margin (STABLE_MARGIN: closer, it seldom cuts), and its rounds stop as soon as they
 * have found enough stable discs to cut (IDEA_STABLE_MARGIN switches both off).
 * Stable discs order the moves too: the fastest-first key ranks a move better for each
 * corner, or edge square beside a corner of the mover's, that it makes the mover's
 * (stable at once), and worse on an X-square beside an empty corner, which hands that
 * corner over (stableOrder, heldByCorner; IDEA_STABLE_ORDER).
 *
 * Also changed, and said on the page: with fewer nodes at the bottom, the move list with
 * fastest-first ordering starts at 6 empty squares instead of 7 (ENDGAME_SHALLOW), the
 * table keeps positions from 6 (ENDGAME_TABLE) and looks children up from 7 (ETC_MIN).
 * The bound can be switched off alone (IDEA_STABLE): the search is then step 09's with
 * those three constants and this step's move order, pre-search and keys, so the ablation
 * table measures the changes apart.
 * Also changed, the same nodes in less time: the midgame searches the solver asks
 * (its root's pre-search, ProbCut's, the ordering's) run on the masks, not on G's board
 * (pvs is a template over the position); flipsUp and flipsDown and the full diagonals
 * of stableDiscs have no branch. On x86-64, the solver's recursive functions are compiled
 * for any x86-64 and again for x86-64-v3, where a count of bits is one instruction (POPCNT;
 * E10_CLONES, countBits, switched by IDEA_POPCOUNT) and the moves, flips and stable discs
 * are found four directions at a time (movesInLanes, rayFlipsInLanes, stableDiscsInLanes,
 * switched by IDEA_LANES), and for x86-64-v4 (AVX-512), where a move's flips down the
 * board come from one count of leading zeros a lane (rayFlipsByLzcnt, switched by
 * IDEA_LZCNT).
 * And the solver keeps its positions of SHALLOW_TABLE_MAX empties or fewer in a small
 * table of their own, held in the core's caches (useTable, IDEA_SHALLOW_TABLE): a few
 * more nodes, less time waiting for memory. Fewer branches that no predictor guesses, the
 * same nodes: the last five squares ordered by a sorting network (sortEntries), a child's
 * key read four squares at a time (keyAfter), and solveDeep's moves sorted only when
 * the first one does not cut. Less work, the same nodes: in the shallow solvers the full
 * lines come from the lines through the empty squares (LINES, stableDiscsFew), not from
 * fills, and a child of solveDeep takes the moves its parent found for its ordering
 * (HAND_MOVES_DOWN: on x86-64, where the stack has room).
 * And the root's pre-search stops at 8 plies (SHORT_PRESEARCH; step 09's, at 14): the
 * selective passes order the exact one, and deeper plies cost more time than they saved
 * (IDEA_SHORT_PRESEARCH). And the table's key is worked out from the position's two
 * masks by three multiplications (positionKey), not kept up to date stone by stone
 * (Zobrist's key, keyAfter: sixteen loads a child; IDEA_MULTIPLY_KEY). And far from the
 * end (SORT_SEARCH empties or more), where a one-ply search orders the moves, a move is
 * ranked worse for each reply it leaves the opponent too (SORT_MOBILITY,
 * IDEA_SORT_MOBILITY): fewer nodes.
 *
 * Step 09's ideas, all kept: the exact solver on two 64-bit masks (stage 09's
 * representation, stages/s09_bitboard/s09_bitboard.h), flips along rays kept with the move
 * list, squares without an opponent neighbour skipped, a solver for the last four empty
 * squares (each a switch, Idea).
 *
 * The step's files, by concern: e10_stability.h (stable discs: the idea), e10_solver.h
 * (solve(), the bound in the shallow solvers, the last squares), e10_deep.h (the deep
 * solver), e10_midgame.h (the midgame search on masks, the keys, the tables' use),
 * e10_table.h (the buckets and positionKey), e10_flips.h (branchless flips), e10_ideas.h
 * (the switches), and the instruction-set variants: e10_isa.h chooses, e10_kernels.h
 * includes e10_kernels_x86.h (AVX2 lanes, AVX-512's leading zeros, POPCNT) or
 * e10_kernels_portable.h. Step 07's evaluation, step 08's ProbCut, slots and passes, step
 * 09's rays and step 06's square order are included unchanged.
 *
 * Generic over the move generator, as step 08, for everything but the exact solver:
 * `G::Board` (copyable) and the stage interface as static functions (`G::legalMoves`,
 * `G::play`, `G::cell`, `G::setCell`); every stage s01..s11 on the host, one stage
 * behind a tiny struct in the sketch. search() runs on G's board; solve() reads the
 * root's cells once, and everything it does after, its midgame searches too, runs on
 * masks.
 *
 * Preconditions: `me` is WHITE or BLACK; depth >= 0. Checked at the host boundary.
 */
#ifndef REVERSI_LAB_E10_STABLE_H
#define REVERSI_LAB_E10_STABLE_H

#include "../e06_endgame/e06_empties.h"
#include "../e07_patterns/e07_evaluation.h"
#include "../e08_selective/e08_around.h"
#include "../e08_selective/e08_probcut.h"
#include "../e09_bitsolve/e09_rays.h"
#include "e10_deep.h"
#include "e10_flips.h"
#include "e10_ideas.h"
#include "e10_kernels.h"
#include "e10_stability.h"
#include "e10_table.h"

/// Search step 10: stable discs bound the endgame solver's score.
namespace e10 {

using e06::SQUARE_RANK;
using e07::PHASES;
using e07::KINDS;
using e07::PHASE_OF;
using e07::KIND_SQUARES;
using e07::KIND_OFFSET;  // step 07's...
using e07::PHASE_WEIGHTS;
using e07::BASE3;
using e07::IMAGE_KINDS;
using e07::symmetry;  // ...patterns
using e08::around;
using e08::squareBit;
using e08::PASSES;
using e08::SELECTIVE_FROM;
using e09::ray;

/**
 * @brief PVS with a transposition table, and an exact endgame solver on masks with the
 * stability bound, over the move generator G.
 * @tparam G the move generator (see the file comment)
 * @tparam Table BucketTable (the default) or ChainedTable (the article's); the page compares them
 * @tparam Off the ideas switched off, a sum of Idea values (0: every idea on)
 */
template <class G, class Table = BucketTable, unsigned Off = 0>
class Search : public DeepEndgame<Search<G, Table, Off>, G, Table, Off> {};

}  // namespace e10

#endif  // REVERSI_LAB_E10_STABLE_H
