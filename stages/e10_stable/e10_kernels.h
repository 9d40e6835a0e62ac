/**
 * @file e10_kernels.h
 * @brief Step 10's kernels for this build: the x86-64 ones (AVX2 lanes, AVX-512's count
 * of leading zeros, POPCNT, in the solver's cloned copies) or the portable ones (see
 * e10_isa.h). The search calls Kernels<Off> and GiveUp, whichever file defines them.
 */
#ifndef REVERSI_LAB_E10_KERNELS_H
#define REVERSI_LAB_E10_KERNELS_H

#include "e10_isa.h"

#if E10_X86
#include "e10_kernels_x86.h"
#else
#include "e10_kernels_portable.h"
#endif

#endif  // REVERSI_LAB_E10_KERNELS_H
