/// \file stage_list.h
/// \brief The move-generation stages, listed once: each stage's header, its traits
/// (number, id, short name, technique in a few words) and AllStages, every stage in
/// stage order.
///
/// This list is the registry's source: the stage table of the command line
/// (registry.cpp), the cross-stage tests and the fuzzers take every stage from it, and
/// CMake reads its REVERSI_STAGE_TRAITS lines (stages/stages.cmake) to give each
/// stage its suite, benchmark and sketch checks. A new stage is a folder under stages/
/// and three lines here: its #include, its traits, its place in AllStages (`./lab
/// new-stage NAME` writes them).
#pragma once
#include <tuple>

#include "stage.h"

#include "s01_naive/s01_naive.h"
#include "s02_delta/s02_delta.h"
#include "s03_wall/s03_wall.h"
#include "s04_flat/s04_flat.h"
#include "s05_cell91/s05_cell91.h"
#include "s06_unrolled/s06_unrolled.h"
#include "s07_recursion/s07_recursion.h"
#include "s08_line_index/s08_line_index.h"
#include "s09_bitboard/s09_bitboard.h"
#include "s10_simd/s10_simd.h"
#include "s11_avx512/s11_avx512.h"

REVERSI_STAGE_TRAITS(s01, 1, "s01_naive", "naive", "eight hand-written direction loops")
REVERSI_STAGE_TRAITS(s02, 2, "s02_delta", "delta", "one line scan, eight (dx, dy) vectors")
REVERSI_STAGE_TRAITS(s03, 3, "s03_wall", "wall", "10x10 board with a wall ring, no bound tests")
REVERSI_STAGE_TRAITS(s04, 4, "s04_flat", "flat", "the walled board as a 1-D array of 100")
REVERSI_STAGE_TRAITS(s05, 5, "s05_cell91", "cell91", "91 cells, one index offset per direction")
REVERSI_STAGE_TRAITS(s06, 6, "s06_unrolled", "unrolled", "colour and directions as template constants")
REVERSI_STAGE_TRAITS(s07, 7, "s07_recursion", "recursion", "recursive check, flip, and both in one")
REVERSI_STAGE_TRAITS(s08, 8, "s08_line_index", "line_index", "38 base-3 line indices, lookup tables")
REVERSI_STAGE_TRAITS(s09, 9, "s09_bitboard", "bitboard", "bitboards: moves and flips by Kogge-Stone fills")
REVERSI_STAGE_TRAITS(s10, 10, "s10_simd", "simd", "bitboard fills in AVX2 lanes, portable fallback")
REVERSI_STAGE_TRAITS(s11, 11, "s11_avx512", "avx512", "eight direction fills in one AVX-512 register")

namespace reversi {

/// Every stage, in stage order (stages() in registry.h is this list at run time).
using AllStages = std::tuple<Stage_s01, Stage_s02, Stage_s03, Stage_s04, Stage_s05, Stage_s06, Stage_s07, Stage_s08, Stage_s09,
                             Stage_s10, Stage_s11>;

/// The stage the command line uses when none is named, and the one the game's rules
/// are kept by (engine.cpp): the fastest, s11. Every stage gives the same answers (the
/// cross-stage test), so this choice is one of speed alone.
using DefaultStage = Stage_s11;

}  // namespace reversi
