// The benchmark harness: the same seeded positions, the same loops and the same items
// for every stage (bench/stage_bench.cpp registers them for the stage it is built for)
// and for the variants a stage keeps beside its interface (a second play, a differently
// built scan: a reversi::Stage traits type, usually the stage's own with one function
// pointer replaced, registered as "Variant/<benchmark>/<name>"). Items: one position
// (flip scan, legal moves), one move (play), one leaf (perft).
#pragma once
#include <benchmark/benchmark.h>

#include <new>
#include <vector>

#include "random_positions.h"
#include "stage.h"

namespace reversi::harness {

/// An allocator that starts every array on a cache line: two stages' boards (or two
/// copies of one stage in one program) then sit alike against the lines, and a board
/// that straddles a line in one run straddles it in every run. Without it, two copies of
/// one stage measured up to 1.15x apart in one process.
template <class T>
struct LineAligned {
  static constexpr std::align_val_t kLine{64};
  using value_type = T;
  LineAligned() = default;
  template <class U>
  LineAligned(const LineAligned<U>&) {}
  T* allocate(size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), kLine)); }
  void deallocate(T* p, size_t) { ::operator delete(p, kLine); }
  template <class U>
  bool operator==(const LineAligned<U>&) const {
    return true;
  }
};

inline constexpr uint64_t kSeed = kWorkloadSeed;
inline constexpr size_t kPositions = kWorkloadPositions;
inline constexpr int kPerftDepth = 7;

/// The seeded positions loaded into stage S's boards, with each side to move's moves.
template <Stage S>
struct Workload {
  std::vector<typename S::Board, LineAligned<typename S::Board>> boards;
  std::vector<uint8_t> toMove;
  std::vector<std::vector<uint8_t>> moves;
  size_t totalMoves = 0;

  static const Workload& get() {
    static const Workload w = [] {
      Workload w;
      for (const Position& p : randomPositions(kSeed, kPositions)) {
        w.boards.push_back(load<S>(p));
        w.toMove.push_back(p.toMove);
        uint8_t out[64];
        const int n = S::legalMoves(w.boards.back(), p.toMove, out);
        w.moves.emplace_back(out, out + n);
        w.totalMoves += size_t(n);
      }
      return w;
    }();
    return w;
  }
};

/// countFlips on the 64 squares of every position; an item is a position.
template <Stage S>
void FlipScan(benchmark::State& state) {
  const Workload<S>& w = Workload<S>::get();
  for (auto _ : state)
    for (size_t i = 0; i < w.boards.size(); ++i) {
      int sum = 0;
      for (int sq = 0; sq < 64; ++sq) sum += S::countFlips(w.boards[i], sq & 7, sq >> 3, w.toMove[i]);
      benchmark::DoNotOptimize(sum);
    }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(w.boards.size()));
}

/// legalMoves of the side to move in every position; an item is a position.
template <Stage S>
void LegalMoves(benchmark::State& state) {
  const Workload<S>& w = Workload<S>::get();
  uint8_t out[64];
  for (auto _ : state)
    for (size_t i = 0; i < w.boards.size(); ++i) {
      benchmark::DoNotOptimize(S::legalMoves(w.boards[i], w.toMove[i], out));
      benchmark::ClobberMemory();
    }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(w.boards.size()));
}

/// A fresh copy of the position, then play, for every legal move; an item is a move.
template <Stage S>
void Play(benchmark::State& state) {
  const Workload<S>& w = Workload<S>::get();
  for (auto _ : state)
    for (size_t i = 0; i < w.boards.size(); ++i)
      for (uint8_t m : w.moves[i]) {
        typename S::Board b = w.boards[i];
        benchmark::DoNotOptimize(S::play(b, m & 7, m >> 3, w.toMove[i]));
        benchmark::DoNotOptimize(b);
      }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(w.totalMoves));
}

/// Perft(kPerftDepth) from the start, every ply played; an item is a leaf.
template <Stage S>
void Perft(benchmark::State& state) {
  const typename S::Board start = load<S>(startPosition());
  uint64_t leaves = 0;
  for (auto _ : state) {
    leaves = perft<S>(start, BLACK, kPerftDepth, false);
    benchmark::DoNotOptimize(leaves);
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(leaves));
  state.counters["leaves"] = double(leaves);
}

}  // namespace reversi::harness
