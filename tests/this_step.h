// The search step a shared test or benchmark file is built for. Such a file is compiled
// once per step with -DREVERSI_STEP=eNN (tests/tests.cmake, bench/bench.cmake), and names
// that step ThisStep and its namespace `step`.
#pragma once
#include "stage_list.h"
#include "step_list.h"

#ifndef REVERSI_STEP
#error "compile with -DREVERSI_STEP=eNN, the step this file is built for (tests/tests.cmake does)"
#endif

using ThisStep = REVERSI_STEP_TYPE(REVERSI_STEP);
namespace step = REVERSI_STEP;
