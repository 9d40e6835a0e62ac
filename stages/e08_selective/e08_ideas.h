/**
 * @file e08_ideas.h
 * @brief The ideas of step 08, each of which can be switched off alone: step 06's
 * solver ideas (the same bits) and this step's own.
 *
 * Search's last template parameter is the sum of those switched off (0, the default: all
 * on). The solve stays exact whichever is off; only its nodes and its time change (the
 * page's ablation table measures each). With all of them off this step is step 07.
 */
#ifndef REVERSI_LAB_E08_IDEAS_H
#define REVERSI_LAB_E08_IDEAS_H

#include "../e06_endgame/e06_ideas.h"

namespace e08 {

/// Step 08's ideas: step 06's solver ideas (the same bits), then this step's own.
enum Idea {
  IDEA_EMPTY_LIST = e06::IDEA_EMPTY_LIST,        ///< Off: each node looks at all 64 squares for the empty ones.
  IDEA_PARITY = e06::IDEA_PARITY,                ///< Off: no odd quadrant first; empty squares in SQUARE_ORDER.
  IDEA_SHALLOW = e06::IDEA_SHALLOW,              ///< Off: the deep solver (move list, sorting) down to the last empty.
  IDEA_LAST_EMPTY = e06::IDEA_LAST_EMPTY,        ///< Off: the last empty square is played and scored like any move.
  IDEA_FASTEST_FIRST = e06::IDEA_FASTEST_FIRST,  ///< Off: below SORT_SEARCH, the moves in square order.
  IDEA_SORT_SEARCH = e06::IDEA_SORT_SEARCH,      ///< Off: fastest-first at every depth, no shallow search to order.
  IDEA_ETC = e06::IDEA_ETC,                      ///< Off: no child is looked up before the first is searched.
  IDEA_TABLE_FROM = e06::IDEA_TABLE_FROM,    ///< Off: the table at every node of the deep solver, not only from ENDGAME_TABLE.
  IDEA_PREFETCH = e06::IDEA_PREFETCH,        ///< Off: no table bucket is fetched ahead of its probe.
  IDEA_KEY_AFTER = e06::IDEA_KEY_AFTER,      ///< Off: each child's key is read from its 64 squares (hashKey).
  IDEA_ROOT_SEARCH = e06::IDEA_ROOT_SEARCH,  ///< Off: solve straight from the root, no midgame search first.
  // this step's ideas
  IDEA_PASSES = 2048,      ///< Off: no selective pass, the exact pass alone (this step's other ideas kept).
  IDEA_ISOLATED = 4096,    ///< Off: no isolated empty square first in the shallow solver.
  IDEA_MERGE = 8192,       ///< Off: a stored bound replaces the slot's, not merged with it.
  IDEA_ETC_STORE = 16384,  ///< Off: an ETC cutoff is returned, not stored.
  IDEA_ASPIRATION = 32768  ///< Off: every pass searches the root with the full window.
};

}  // namespace e08

#endif  // REVERSI_LAB_E08_IDEAS_H
