/// \file step_list.h
/// \brief The search steps, listed once: each step's header, its traits (number, id,
/// short name, idea in a few words) and AllSteps, every step in step order.
///
/// This list is the registry's source: search_registry.cpp makes the run-time table of
/// the command line from AllSteps (each step's entry compiled in a file of its own:
/// step_entry.cpp, once per step), and CMake reads its REVERSI_STEP_TRAITS lines
/// (stages/stages.cmake) to give each step its suite, benchmark and sketch checks. A new
/// step is a folder under stages/ and three lines here.
#pragma once
#include <tuple>

#include "step.h"

#include "e01_minimax/e01_minimax.h"
#include "e02_alphabeta/e02_alphabeta.h"
#include "e03_ordering/e03_ordering.h"
#include "e04_pvs/e04_pvs.h"
#include "e05_table/e05_table.h"
#include "e06_endgame/e06_endgame.h"
#include "e07_patterns/e07_patterns.h"
#include "e08_selective/e08_selective.h"
#include "e09_bitsolve/e09_bitsolve.h"
#include "e10_stable/e10_stable.h"
#include "e11_parallel/e11_parallel.h"
#include "e12_more_games/e12_more_games.h"

REVERSI_STEP_TRAITS(e01, 1, "e01_minimax", "minimax", "negamax to a fixed depth, small evaluation")
REVERSI_STEP_TRAITS(e02, 2, "e02_alphabeta", "alphabeta", "alpha-beta: cut the lines that cannot matter")
REVERSI_STEP_TRAITS(e03, 3, "e03_ordering", "ordering", "move ordering: corners, then fewest replies first")
REVERSI_STEP_TRAITS(e04, 4, "e04_pvs", "pvs", "PVS: null windows after the first move; iterative deepening")
REVERSI_STEP_TRAITS(e05, 5, "e05_table", "table", "transposition table: chained (the article) or buckets")
REVERSI_STEP_TRAITS(e06, 6, "e06_endgame", "endgame", "exact endgame: parity, last empties, undo or copy")
REVERSI_STEP_TRAITS(e07, 7, "e07_patterns", "patterns", "a learned evaluation: pattern weights fitted on our own games")
REVERSI_STEP_TRAITS(e08, 8, "e08_selective", "selective", "selective search: ProbCut passes before the exact one")
REVERSI_STEP_TRAITS(e09, 9, "e09_bitsolve", "bitsolve", "the endgame solver on two 64-bit masks: step 08's nodes, less work each")
REVERSI_STEP_TRAITS(e10, 10, "e10_stable", "stable", "stable discs: a bound on the score before a move is tried")
REVERSI_STEP_TRAITS(e11, 11, "e11_parallel", "parallel", "both cores: the solver's nodes shared once their first move fails")
REVERSI_STEP_TRAITS(e12, 12, "e12_more_games", "moregames", "the same evaluation, trained on more games (25,000, not 10,000)")

namespace reversi {

/// Every step, in step order (steps() in search_registry.h is this list at run time).
using AllSteps = std::tuple<Step_e01, Step_e02, Step_e03, Step_e04, Step_e05, Step_e06, Step_e07, Step_e08, Step_e09, Step_e10,
                            Step_e11, Step_e12>;

/// The step the command line uses when none is named: the strongest on one thread (e12:
/// step 11's search with better weights; its threads serve `solve --threads`).
using DefaultStep = Step_e12;

}  // namespace reversi
