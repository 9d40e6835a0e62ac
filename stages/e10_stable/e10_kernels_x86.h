/**
 * @file e10_kernels_x86.h
 * @brief Step 10's kernels on x86-64 (GCC, Linux; e10_kernels.h includes this file
 * there): moves, flips and stable discs four directions at a time in AVX2 lanes, flips
 * down the board by AVX-512's count of leading zeros, bits counted by POPCNT; and how the
 * time control's exception leaves the solver's cloned functions.
 *
 * The solver's copy for any x86-64 runs on CPUs without AVX2, so the lanes are used only
 * where the CPU has them (asked once, when the program starts). Compiled for any x86-64
 * they are split in halves, slower than stage 09's fills; inlined into the x86-64-v3 copy
 * (E10_INLINE), the four lanes are one AVX2 register. The same moves, flips and discs as
 * the portable functions (the tests compare them), so the same nodes.
 */
#ifndef REVERSI_LAB_E10_KERNELS_X86_H
#define REVERSI_LAB_E10_KERNELS_X86_H

#include <stdint.h>

#include <exception>    // std::exception_ptr: an exception from idle, carried out of the solver copies
#include <immintrin.h>  // _mm256_lzcnt_epi64, _mm256_srlv_epi64: rayFlipsByLzcnt

#include "../e06_endgame/e06_evaluation.h"
#include "../s09_bitboard/s09_bitboard.h"
#include "e10_flips.h"
#include "e10_ideas.h"
#include "e10_isa.h"
#include "e10_stability.h"

namespace e10 {

typedef uint64_t Lanes4 __attribute__((vector_size(32)));  ///< Four 64-bit lanes: one AVX2 register.

/// Does this CPU have AVX2? movesOf, flips and stableOf ask before they use the lanes:
/// the solver's copy for any x86-64 runs on CPUs that do not. Asked once, when the
/// program starts: where they ask, a plain load, not a function-local static's guard.
inline const bool CPU_HAS_AVX2 = (__builtin_cpu_init(), __builtin_cpu_supports("avx2"));

/**
 * @brief Stage 09's moveMask with four directions side by side: one lane each for the
 * steps 1, 8, 7 and 9, each lane shifted by its own step (AVX2 shifts each lane by its
 * own count), so that the fills run once up the board and once down it, not eight
 * times. The same mask as s09::moveMask (the tests compare them). Fast in the solver's
 * x86-64-v3 copy, where it is inlined and the four lanes are one AVX2 register. Compiled
 * for any x86-64 they are split in halves, slower than stage 09's fills: so movesOf
 * calls it only on a CPU with AVX2.
 * @param own the side to move's discs
 * @param opp the opponent's discs
 * @return the squares where the side to move can play
 */
E10_INLINE uint64_t movesInLanes(uint64_t own, uint64_t opp) {
  const uint64_t side = opp & s09::INNER;  // a run across the board's edge is no run
  const Lanes4 step = {1, 8, 7, 9}, pro = {side, opp, side, side}, from = {own, own, own, own};
  Lanes4 gen = from, run = pro;  // up the board (Kogge-Stone, as s09::fillHigh)
  gen |= run & (gen << step);
  run &= run << step;
  gen |= run & (gen << (2 * step));
  run &= run << (2 * step);
  gen |= run & (gen << (4 * step));
  Lanes4 m = (gen & pro) << step;
  gen = from, run = pro;  // and down it (s09::fillLow)
  gen |= run & (gen >> step);
  run &= run >> step;
  gen |= run & (gen >> (2 * step));
  run &= run >> (2 * step);
  gen |= run & (gen >> (4 * step));
  m |= (gen & pro) >> step;
  return (m[0] | m[1] | m[2] | m[3]) & ~(own | opp);
}

/**
 * @brief rayFlips with the rays side by side, a lane each (as in movesInLanes): the four
 * up the board by flipsUp's few operations, once for the four. Down the board a run ends
 * at a ray's highest bit that is not the opponent's, and AVX2 has no count of leading
 * zeros by lane to find it: so each lane marks the ray's squares beyond any such square
 * (three shifts along the ray, doubling), and the run is the squares before the nearest.
 * The same flips as rayFlips (the tests compare them).
 * @param sq the move's square, empty
 * @param own the mover's discs
 * @param opp the opponent's discs
 * @return the flipped discs; 0 means the move is illegal
 */
E10_INLINE uint64_t rayFlipsInLanes(uint8_t sq, uint64_t own, uint64_t opp) {
  const uint64_t* r = RAYS[sq];
  Lanes4 up;
  __builtin_memcpy(&up, r, sizeof up);  // RAYS[sq][0..3]
  const Lanes4 mine = {own, own, own, own}, theirs = {opp, opp, opp, opp};
  const Lanes4 rest = up & ~theirs, end = rest & -rest & mine;  // each run's end, if the mover's
  const Lanes4 f = (end + (end != 0)) & up;                     // end - 1 where end is not 0 (a true compare is -1)
  Lanes4 down;
  __builtin_memcpy(&down, r + 4, sizeof down);  // RAYS[sq][4..7]: steps -1, -7, -8, -9
  const Lanes4 step = {1, 7, 8, 9};
  const Lanes4 open = down & ~theirs;   // the ray's squares that are not the opponent's
  Lanes4 past = open | (open >> step);  // those and every square beyond one of them (a bit
  past |= past >> (2 * step);           // pushed off the ray is never a ray square again:
  past |= past >> (4 * step);           // the & down below drops it)
  const Lanes4 nearest = open & ~(past >> step);
  const Lanes4 g = ((nearest & mine) != 0) & down & ~past;  // the run before it, if it is the mover's
  const Lanes4 both = f | g;
  return both[0] | both[1] | both[2] | both[3];
}

/// Does this CPU count leading zeros lane by lane (AVX512CD, on 256-bit lanes: AVX512VL)?
/// Every x86-64-v4 CPU does (Intel's Skylake-SP and later servers, AMD's Zen 4).
inline const bool CPU_HAS_LZCNT_LANES =
    (__builtin_cpu_init(), __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512vl"));

/**
 * @brief rayFlipsInLanes where AVX-512 counts leading zeros by lane: down the board, a
 * ray's nearest square that is not the opponent's is its highest such bit, found in one
 * count and one shift (a lane with none shifts the top bit out: 0), where
 * rayFlipsInLanes spreads each lane three times. Then flipsDown's run, four lanes at once.
 * Inlined into the solver's x86-64-v4 copy; the other copies never call it (the program
 * picks the v4 copy on every CPU that has it). The same flips (the tests compare them).
 * @param sq the move's square, empty
 * @param own the mover's discs
 * @param opp the opponent's discs
 * @return the flipped discs; 0 means the move is illegal
 */
__attribute__((target("avx512vl,avx512cd"))) inline uint64_t rayFlipsByLzcnt(uint8_t sq, uint64_t own, uint64_t opp) {
  const uint64_t* r = RAYS[sq];
  Lanes4 up, down;
  __builtin_memcpy(&up, r, sizeof up);          // RAYS[sq][0..3]
  __builtin_memcpy(&down, r + 4, sizeof down);  // RAYS[sq][4..7]
  const Lanes4 mine = {own, own, own, own}, theirs = {opp, opp, opp, opp};
  const Lanes4 rest = up & ~theirs, end = rest & -rest & mine;  // as rayFlipsInLanes
  const Lanes4 f = (end + (end != 0)) & up;
  const Lanes4 top = {uint64_t(1) << 63, uint64_t(1) << 63, uint64_t(1) << 63, uint64_t(1) << 63};
  const Lanes4 open = down & ~theirs;
  const Lanes4 nearest = Lanes4(_mm256_srlv_epi64(__m256i(top), _mm256_lzcnt_epi64(__m256i(open))));
  const Lanes4 both = f | (down & (0 - ((nearest & mine) << 1)));  // flipsDown's run
  return both[0] | both[1] | both[2] | both[3];
}

/**
 * @brief spreadStable with the four directions side by side, a lane each: each round of
 * the spread from stable neighbours along the four lines at once.
 * @param p the discs asked about
 * @param lines the squares safe along their row, column, diagonal by 9 and by 7, a lane each
 * @param need the discs that are enough (as spreadStable's)
 * @return the discs of p found stable: all of them, or at least `need`
 */
E10_INLINE uint64_t spreadStableInLanes(uint64_t p, const Lanes4& lines, int need = 65) {
  // a neighbour on the line that is stable makes the line safe: rows, columns, diagonals
  // (no mask for a step across the board's edge, as stableDiscs has: such a step lands on
  // a square of file a or h, safe already along rows and both diagonals)
  const Lanes4 step = {1, 8, 9, 7};
  uint64_t stable = p & lines[0] & lines[1] & lines[2] & lines[3];
  for (;;) {
    const Lanes4 s = {stable, stable, stable, stable};
    const Lanes4 safe = lines | (s << step) | (s >> step);
    const uint64_t more = stable | (p & safe[0] & safe[1] & safe[2] & safe[3]);
    if (more == stable || spreadCount(more) >= need) return more;
    stable = more;
  }
}

/**
 * @brief stableDiscs with the four lines side by side, a lane each (as movesInLanes):
 * the diagonals' runs to the edge, both ways, in four lanes at once (fullLines's
 * doubling), then each round of the spread from stable neighbours along the four lines
 * at once. The same discs as stableDiscs (the tests compare them).
 * @param p the discs asked about
 * @param o the other colour's discs
 * @param need the discs that are enough (see spreadStable; default: all)
 * @return the discs of p found stable
 */
E10_INLINE uint64_t stableDiscsInLanes(uint64_t p, uint64_t o, int need = 65) {
  const uint64_t occ = p | o, FILE_A = 0x0101010101010101ULL, FILE_H = FILE_A << 7;
  const uint64_t RANK1 = 0xFF, RANK8 = RANK1 << 56, RANKS18 = RANK1 | RANK8, BORDER = FILE_A | FILE_H | RANKS18;
  // the diagonals' runs to the edge: up by 9, down by 9, up by 7, down by 7 (each lane
  // shifts one way: the other count is 0)
  const Lanes4 right = {9, 0, 7, 0}, left = {0, 9, 0, 7};
  Lanes4 full = {occ, occ, occ, occ}, ends = {FILE_H | RANK8, FILE_A | RANK1, FILE_A | RANK8, FILE_H | RANK1};
  for (int k = 1; k <= 4; k *= 2) {
    full &= ends | ((full >> (right * k)) << (left * k));
    ends |= (ends >> (right * k)) << (left * k);
  }
  const Lanes4 lines = {fullRows(occ) | FILE_A | FILE_H, fullColumns(occ) | RANKS18, (full[0] & full[1]) | BORDER,
                        (full[2] & full[3]) | BORDER};
  return spreadStableInLanes(p, lines, need);
}

/**
 * @brief stableDiscsFew in lanes: the lines through each empty square in one load. The
 * same discs as stableDiscs.
 * @param p the discs asked about
 * @param empty the empty squares
 * @param need the discs that are enough (see spreadStable; default: all)
 * @return the discs of p found stable
 */
E10_INLINE uint64_t stableDiscsFewInLanes(uint64_t p, uint64_t empty, int need = 65) {
  const uint64_t FILE_A = 0x0101010101010101ULL, FILE_H = FILE_A << 7;
  const uint64_t RANKS18 = 0xFF000000000000FFULL, BORDER = FILE_A | FILE_H | RANKS18;
  Lanes4 open = {0, 0, 0, 0};  // the squares whose line has an empty square, a lane a direction
  for (; empty; empty &= empty - 1) {
    Lanes4 l;
    __builtin_memcpy(&l, LINES[__builtin_ctzll(empty)], sizeof l);  // (one aligned load)
    open |= l;
  }
  const Lanes4 edges = {FILE_A | FILE_H, RANKS18, BORDER, BORDER};
  return spreadStableInLanes(p, ~open | edges, need);
}

/**
 * @brief The kernels the solver calls, for the ideas switched off in Off: the lanes where
 * the CPU has them (IDEA_LANES, IDEA_LZCNT), POPCNT (IDEA_POPCOUNT), the rays (IDEA_RAYS).
 * @tparam Off the ideas switched off, a sum of Idea values
 */
template <unsigned Off>
struct Kernels {
  /// @brief Is this idea on? (A constant: the compiler drops the dead branch.)
  /// @param idea an Idea value
  /// @return true when it is not switched off
  static bool on(unsigned idea) { return (Off & idea) == 0; }

  /// @brief The bits set in m: one POPCNT in the x86-64-v3 copy of the solver (in the other
  /// copy, a call to the library's count), or bitCount's shifts and adds. The same number.
  /// @param m a set of squares
  /// @return 0..64
  E10_INLINE static int countBits(uint64_t m) {
    if (on(IDEA_POPCOUNT)) return __builtin_popcountll(m);
    return e06::bitCount(m);
  }

  /// @brief The squares where the side owning `own` can play: four directions side by
  /// side (movesInLanes) on a CPU with AVX2, else stage 09's fills. The same mask.
  /// @param own the discs of the side asked
  /// @param opp the other side's discs
  /// @return its legal moves, a bit each
  E10_INLINE static uint64_t movesOf(uint64_t own, uint64_t opp) {
    if (on(IDEA_LANES) && CPU_HAS_AVX2) return movesInLanes(own, opp);
    return s09::moveMask(own, opp);
  }

  /// @brief The discs a move at sq flips: along its rays (four at a time on a CPU with
  /// AVX2, those down the board by a count of leading zeros on AVX-512), or by stage 09's fills.
  /// @param sq the square
  /// @param own the side to move's discs
  /// @param opp the opponent's discs
  /// @return the flipped discs (0: an illegal move)
  E10_INLINE static uint64_t flips(uint8_t sq, uint64_t own, uint64_t opp) {
    if (!on(IDEA_RAYS)) return s09::flips(uint64_t(1) << sq, own, opp);
    if (on(IDEA_LANES) && on(IDEA_LZCNT) && CPU_HAS_LZCNT_LANES) return rayFlipsByLzcnt(sq, own, opp);
    if (on(IDEA_LANES) && CPU_HAS_AVX2) return rayFlipsInLanes(sq, own, opp);
    return rayFlips(sq, own, opp);
  }

  /// @brief The stable discs of p (all of them, or `need` at least): four lines at a time
  /// where the lanes are; with few empty squares, the full lines read off the empty
  /// squares' lines, not filled.
  /// @param p the discs whose stable ones are asked
  /// @param o the other side's discs
  /// @param few true with few empty squares (ENDGAME_SHALLOW or fewer)
  /// @param need how many are enough (65: all)
  /// @return stable discs of p
  E10_INLINE static uint64_t stableOf(uint64_t p, uint64_t o, bool few, int need) {
    if (on(IDEA_LANES) && CPU_HAS_AVX2) return few ? stableDiscsFewInLanes(p, ~(p | o), need) : stableDiscsInLanes(p, o, need);
    return few ? stableDiscsFew(p, ~(p | o), need) : stableDiscs(p, o, need);
  }
};

/**
 * @brief How a search is given up. GCC 12 lets no exception pass through a function
 * compiled by target_clones (it takes such a call for one that cannot throw), and the
 * time control gives a search up by throwing from idle. So here the exception is caught
 * when idle throws and kept, the solver returns at once, level by level (stopped()), and
 * solve() or search() throws it again (rethrow()).
 */
class GiveUp {
 public:
  GiveUp() : givenUp_(false) {}
  /// @brief Counts a node and, every 4096 nodes, calls idle. @return true once the search is given up
  /// @param nodes the search's node count
  /// @param idle the function the search calls now and then (0: none)
  E10_INLINE bool tick(uint64_t& nodes, void (*idle)()) {
    try {
      if ((++nodes & 4095) == 0 && idle) idle();
    } catch (...) {
      thrown_ = std::current_exception();
      givenUp_ = true;
    }
    return givenUp_;
  }
  /// @brief Has idle thrown? (A bool: comparing thrown_ itself costs a call's worth on every node.)
  /// @return true once it has
  E10_INLINE bool stopped() const { return givenUp_; }
  /// @brief Keeps an exception caught elsewhere as idle's (step 11's thread that gave up
  /// while it helped another thread, where the exception was caught). @param e the exception
  void keep(std::exception_ptr e) {
    thrown_ = e;
    givenUp_ = true;
  }
  /// @brief At a public entry, after the search: the exception idle threw, if any, thrown again.
  void rethrow() {
    if (thrown_) {
      const std::exception_ptr e = thrown_;
      thrown_ = nullptr;
      givenUp_ = false;
      std::rethrow_exception(e);
    }
  }

 private:
  std::exception_ptr thrown_;  // what idle threw, until solve() or search() throws it again
  bool givenUp_;               // thrown_ is set
};

}  // namespace e10

#endif  // REVERSI_LAB_E10_KERNELS_X86_H
