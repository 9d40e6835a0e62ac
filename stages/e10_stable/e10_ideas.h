/**
 * @file e10_ideas.h
 * @brief The ideas of step 10's solver, each of which can be switched off alone: step
 * 09's four (the same bits) and this step's own.
 */
#ifndef REVERSI_LAB_E10_IDEAS_H
#define REVERSI_LAB_E10_IDEAS_H

namespace e10 {

/// The ideas of the solver on masks, each of which can be switched off alone: Search's
/// last template parameter is the sum of those switched off (0, the default: all on).
/// Step 09's four change only the work a node costs (step 09's tests check that the
/// nodes stay the same); this step's own IDEA_STABLE cuts nodes and never a score,
/// IDEA_STABLE_MARGIN spends less on it for a few more nodes, IDEA_STABLE_ORDER orders
/// the moves by the stable discs they make, IDEA_SHALLOW_TABLE trades a few nodes for
/// faster probes, IDEA_SHORT_PRESEARCH spends less before the passes,
/// IDEA_MULTIPLY_KEY less on each child's key (other keys: other buckets, a few other nodes),
/// IDEA_SORT_MOBILITY orders the moves far from the end by the replies they leave too,
/// and IDEA_LZCNT finds flips in fewer instructions on AVX-512 (the same nodes).
enum Idea {
  IDEA_FLIP_LIST = 1,     ///< Off: the search loop finds each child's flips again (step 08 played each child twice).
  IDEA_NEIGHBOURS = 2,    ///< Off: the flips of every empty square are worked out, even with no opponent disc next to it.
  IDEA_LAST_FOUR = 4,     ///< Off: the shallow solver down to two empty squares, then the last one counted (step 08's).
  IDEA_RAYS = 8,          ///< Off: a move's flips by stage 09's fills from its square, not along its rays.
  IDEA_STABLE = 16,       ///< Off: no bound from the opponent's stable discs.
  IDEA_MASK_SEARCH = 32,  ///< Off: solve()'s midgame searches on G's board, written cell by cell (step 09's way).
  IDEA_POPCOUNT =
      64,  ///< Off: the solver counts bits by shifts and adds (bitCount) on x86-64 too, not by POPCNT (but spreadCount).
  IDEA_LANES = 128,             ///< Off: on x86-64 too, moves by stage 09's fills, flips ray by ray, stable discs line by line.
  IDEA_SHALLOW_TABLE = 256,     ///< Off: one table for every position, none apart for SHALLOW_TABLE_MAX empties or fewer.
  IDEA_STABLE_MARGIN = 512,     ///< Off: the bound worked out wherever it could cut (no STABLE_MARGIN), every round to the end.
  IDEA_STABLE_ORDER = 1024,     ///< Off: the fastest-first key without stableOrder's term (step 09's key).
  IDEA_SHORT_PRESEARCH = 2048,  ///< Off: the root's pre-search up to PRESEARCH_MAX plies (step 09's), not SHORT_PRESEARCH.
  IDEA_MULTIPLY_KEY = 4096,     ///< Off: Zobrist keys, a child's from its parent's (keyAfter), not positionKey.
  IDEA_SORT_MOBILITY = 8192,    ///< Off: the shallow search's score alone orders the moves from SORT_SEARCH (step 09's key).
  IDEA_LZCNT = 16384            ///< Off: on AVX-512 too, the flips down the board by rayFlipsInLanes's spreads.
};

}  // namespace e10

#endif  // REVERSI_LAB_E10_IDEAS_H
