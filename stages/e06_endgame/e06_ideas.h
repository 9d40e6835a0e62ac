/**
 * @file e06_ideas.h
 * @brief The ideas of step 06's solver, each of which can be switched off alone.
 *
 * Search's last template parameter is the sum of those switched off (0, the default: all
 * on). The solve stays exact whichever is off; only its nodes and its time change (the
 * page's ablation table measures each). A switch is a constant, so the default compiles
 * to the code it would be without the switches.
 */
#ifndef REVERSI_LAB_E06_IDEAS_H
#define REVERSI_LAB_E06_IDEAS_H

namespace e06 {

/// Step 06's ideas (see the file comment).
enum Idea {
  IDEA_EMPTY_LIST = 1,      ///< Off: each node looks at all 64 squares for the empty ones.
  IDEA_PARITY = 2,          ///< Off: no odd quadrant first; empty squares in SQUARE_ORDER.
  IDEA_SHALLOW = 4,         ///< Off: the deep solver (move list, sorting) down to the last empty.
  IDEA_LAST_EMPTY = 8,      ///< Off: the last empty square is played and scored like any move.
  IDEA_FASTEST_FIRST = 16,  ///< Off: below SORT_SEARCH, the moves in square order.
  IDEA_SORT_SEARCH = 32,    ///< Off: fastest-first at every depth, no shallow search to order.
  IDEA_ETC = 64,            ///< Off: no child is looked up before the first is searched.
  IDEA_TABLE_FROM = 128,    ///< Off: the table at every node of the deep solver, not only from ENDGAME_TABLE.
  IDEA_PREFETCH = 256,      ///< Off: no table bucket is fetched ahead of its probe.
  IDEA_KEY_AFTER = 512,     ///< Off: each child's key is read from its 64 squares (hashKey).
  IDEA_ROOT_SEARCH = 1024,  ///< Off: solve straight from the root, no midgame search first.
  IDEA_MASK_EVAL = 2048     ///< Off: step 05's evaluation, which reads the cells one by one.
};

/// The solver's ideas (all but IDEA_MASK_EVAL, the evaluation's): what a later step that
/// keeps this solver may switch off in it.
const unsigned SOLVER_IDEAS = 2047;

}  // namespace e06

#endif  // REVERSI_LAB_E06_IDEAS_H
