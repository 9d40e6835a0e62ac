// The search step a shared test or benchmark file is built for. Such a file is compiled
// once per step with -DREVERSI_STEP=eNN (tests/tests.cmake, bench/bench.cmake), and names
// that step ThisStep and its namespace `step`.
#pragma once
#include "stage_list.h"

#ifndef REVERSI_STEP
#error "compile with -DREVERSI_STEP=eNN, the step this file is built for (tests/tests.cmake does)"
#endif

#ifdef REVERSI_EXERCISE_HEADER
// An exercise's suite (exercises/exercises.cmake): the start's step alone, as the
// candidate has it. The later steps include files of the start's folder too (e03_order.h,
// e05_transposition.h); compiled here they would meet the candidate's copies, and a
// change they cannot take (a new parameter) would fail a build that tests only the start.
#include "step.h"
#include REVERSI_EXERCISE_HEADER
REVERSI_STEP_TRAITS(REVERSI_STEP, REVERSI_EXERCISE_NUMBER, "yours", "yours", "an exercise's candidate")
#else
#include "step_list.h"
#endif

using ThisStep = REVERSI_STEP_TYPE(REVERSI_STEP);
namespace step = REVERSI_STEP;
