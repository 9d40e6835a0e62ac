// The stage a shared test or benchmark file is built for. Such a file is compiled once
// per stage with -DREVERSI_STAGE=sNN (tests/tests.cmake, bench/bench.cmake), and names
// that stage ThisStage.
#pragma once
#include "stage_list.h"

#ifndef REVERSI_STAGE
#error "compile with -DREVERSI_STAGE=sNN, the stage this file is built for (tests/tests.cmake does)"
#endif

using ThisStage = REVERSI_STAGE_TYPE(REVERSI_STAGE);
