/**
 * @file e08_probcut.h
 * @brief Multi-ProbCut, step 08's idea: a shallow search's score predicts the exact one,
 * and the error of that prediction, measured on our own positions, says how far to trust it.
 *
 * ProbCut in the exact solver: at a node with PROBCUT_MIN empties or more, a shallow
 * search (PROBCUT[].depth plies, step 07's midgame search) predicts the exact score as
 * a * v + b, wrong by sigma discs (one standard deviation) on our own positions. If the
 * prediction minus t sigmas is still at least beta, the node is cut at beta; if plus t
 * sigmas is at most alpha, at alpha. Each test is one null-window search at the shallow
 * score that makes it true: v >= (beta + t sigma - b) / a. A pass with a larger t cuts
 * less and errs less; the last pass cuts nothing and is exact.
 *
 * The table between FIT-BEGIN and FIT-END is written by `e07_train mpc --header=` this
 * file (bench/e07_train.cpp). Steps 09 and 10 include this file unchanged.
 */
#ifndef REVERSI_LAB_E08_PROBCUT_H
#define REVERSI_LAB_E08_PROBCUT_H

#include <stdint.h>

namespace e08 {

const int PASSES = 2;            ///< Selective passes before the exact one.
const int EXACT_LEVEL = PASSES;  ///< The exact pass's level: a slot of this level is exact.
/// Each selective pass's confidence t, in 1/256: 1.1, then 2.0 standard deviations
/// (in the prototype, with other weights, fewer nodes on FFO #40-#44 than 1.1, 1.5,
/// 2.0, 2.6 or the other subsets of those tried).
const int16_t PASS_T[PASSES] = {282, 512};
/// Empties at or above which solve() runs the selective passes first. Measured on the
/// bench's 8 endgames of each size (s11, one thread): at 18 and 19 empties the passes
/// cost 25 % and 6 % more time than the exact pass alone; at 20 they save 16 %.
const int SELECTIVE_FROM = 20;
const int PROBCUT_MIN = 10;   ///< Empties at or above which a selective pass tries ProbCut.
const int PROBCUT_LAST = 24;  ///< The last row of PROBCUT: more empties use it.
const int ASPIRATION = 2;     ///< Half the root's window around the previous pass's score, in discs (not tuned).

/// One row of the regression: exact score = a * v + b +- sigma, v the shallow search's.
struct ProbCut {
  int8_t depth;   ///< The shallow search's plies.
  int16_t invA;   ///< 1 / a, in 1/256.
  int16_t b;      ///< b, in 1/DISC of a disc.
  int16_t sigma;  ///< The error's standard deviation, in 1/DISC of a disc.
};

/// PROBCUT[e - PROBCUT_MIN]: the regression at e empties, written by
/// `build/e07_train mpc --data=build/train/data-0.bin --header=<this file>`
/// (bench/e07_train.cpp; 408 s of CPU) with step 07's weights, on the held-out games of
/// the data `./lab train` generates from its seed (20261126): 1,000 positions a row,
/// labelled exactly by the generator, at 10..16 empties; 200 a row, solved exactly by
/// the fit, at 17..20. Rows past 20 repeat the last. (The fitted lines are close to
/// exact = v: a from 0.97 to 1.05, b within 1.1 discs; sigma 7.3-7.5 discs after 2
/// plies, 6.3-6.9 after 4.)
const ProbCut PROBCUT[PROBCUT_LAST - PROBCUT_MIN + 1] = {
    // The fit writes these rows (bench/e07_train.cpp), not clang-format:
    // clang-format off
    // FIT-BEGIN
    {2, 253, 25, 1923},   {2, 249, -135, 1873}, {2, 264, 49, 1889},   {2, 261, 66, 1904},   {4, 263, -93, 1641},
    {4, 260, 35, 1619},   {4, 254, -113, 1643}, {4, 245, -32, 1710},  {4, 249, -84, 1777},  {4, 254, -56, 1640},
    {4, 247, -283, 1666}, {4, 247, -283, 1666}, {4, 247, -283, 1666}, {4, 247, -283, 1666}, {4, 247, -283, 1666},
    // FIT-END
    // clang-format on
};

}  // namespace e08

#endif  // REVERSI_LAB_E08_PROBCUT_H
