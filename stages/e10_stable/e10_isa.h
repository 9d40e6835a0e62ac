/**
 * @file e10_isa.h
 * @brief Which instruction-set variant of step 10's solver this build compiles: chosen
 * here, once, by the compiler and the target, not inside the search.
 *
 * On x86-64 (GCC, Linux) the solver's recursive functions are compiled three times: for
 * any x86-64, for the x86-64-v3 level (POPCNT, LZCNT, BMI, AVX2: Intel's Haswell of 2013
 * and later) and for x86-64-v4 (AVX-512: Intel's Skylake-SP servers and later, AMD's
 * Zen 4). The program picks the copy its CPU runs when it starts (GCC's target_clones),
 * so one binary runs everywhere; one source, so the same nodes. The kernels those copies
 * call are in e10_kernels_x86.h; elsewhere (the sketches' boards, Clang) there is one
 * copy, and the kernels are e10_kernels_portable.h (e10_kernels.h includes the one this
 * build takes). Under ThreadSanitizer (step 11's check) there is one copy too: the
 * resolver that picks a copy runs before the sanitizer is set up, and crashes it.
 */
#ifndef REVERSI_LAB_E10_ISA_H
#define REVERSI_LAB_E10_ISA_H

#include <stdint.h>

#include "../e06_endgame/e06_evaluation.h"

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__) && !defined(__SANITIZE_THREAD__)
/// The solver's recursive functions: a copy for any x86-64, one for x86-64-v3, one for x86-64-v4.
#define E10_CLONES __attribute__((target_clones("default", "arch=x86-64-v3", "arch=x86-64-v4")))
/// 1 where the solver has its x86-64-v3 copy (GCC on x86-64 Linux), else 0.
#define E10_X86 1
/// Inlined always: what the copies call must be compiled inside each of them (a function
/// left out of line is compiled once, for any x86-64, and runs so in the v3 copy too).
#define E10_INLINE __attribute__((always_inline)) inline
#else
/// One copy of the solver's functions (not GCC on x86-64 Linux).
#define E10_CLONES
/// 0: no x86-64-v3 copy here.
#define E10_X86 0
/// Plain inline where there is one copy.
#define E10_INLINE inline
#endif

namespace e10 {

/**
 * @brief The number of set bits, for the spread of stable discs to know when it has found
 * enough: on x86-64 the compiler's builtin (one POPCNT in the solver's x86-64-v3 copy),
 * elsewhere step 06's bitCount (no multiply: the lx106 and the AVR do it slowly).
 * @param m a set of squares
 * @return how many squares it holds, 0..64
 */
E10_INLINE int spreadCount(uint64_t m) {
#if E10_X86
  return __builtin_popcountll(m);
#else
  return e06::bitCount(m);
#endif
}

}  // namespace e10

#endif  // REVERSI_LAB_E10_ISA_H
