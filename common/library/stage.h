/// \file stage.h
/// \brief The stage contract as a C++20 concept, the macro that wraps a stage
/// namespace into a traits type, and adapters between Position and a stage's Board.
#pragma once
#include <atomic>
#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "position.h"

namespace reversi {

/// A stage namespace wrapped by REVERSI_STAGE_TRAITS. The function pointers have the
/// exact types of the stage interface (README.md), so a stage with a wrong signature does not
/// compile; being constexpr, calls through them are direct calls after optimisation.
template <class S>
concept Stage = requires {
  typename S::Board;
  requires std::copyable<typename S::Board>;
  requires std::same_as<decltype(S::clear), void (*const)(typename S::Board&)>;
  requires std::same_as<decltype(S::setCell), void (*const)(typename S::Board&, int, int, uint8_t)>;
  requires std::same_as<decltype(S::cell), uint8_t (*const)(const typename S::Board&, int, int)>;
  requires std::same_as<decltype(S::countFlips), int (*const)(const typename S::Board&, int, int, uint8_t)>;
  requires std::same_as<decltype(S::play), int (*const)(typename S::Board&, int, int, uint8_t)>;
  requires std::same_as<decltype(S::legalMoves), int (*const)(const typename S::Board&, uint8_t, uint8_t*)>;
  { S::number } -> std::convertible_to<int>;
  { S::id } -> std::convertible_to<std::string_view>;
  { S::shortName } -> std::convertible_to<std::string_view>;
  { S::technique } -> std::convertible_to<std::string_view>;
  requires S::EMPTY == EMPTY&& S::WHITE == WHITE&& S::BLACK == BLACK;
};

}  // namespace reversi

/// Wraps stage namespace NS into reversi::Stage_NS and checks it against the concept.
/// NS is expanded first: an exercise's candidate, its namespace renamed by the compiler
/// (-Ds05=s05_yours, exercises/exercises.cmake), is wrapped as Stage_s05_yours.
#define REVERSI_STAGE_TRAITS(NS, NUMBER, ID, SHORT, TECHNIQUE) REVERSI_STAGE_TRAITS_(NS, NUMBER, ID, SHORT, TECHNIQUE)
#define REVERSI_STAGE_TRAITS_(NS, NUMBER, ID, SHORT, TECHNIQUE)                            \
  namespace reversi {                                                                      \
  struct Stage_##NS {                                                                      \
    using Board = NS::Board;                                                               \
    static constexpr int number = NUMBER;                                                  \
    static constexpr std::string_view id = ID, shortName = SHORT, technique = TECHNIQUE;   \
    static constexpr uint8_t EMPTY = NS::EMPTY, WHITE = NS::WHITE, BLACK = NS::BLACK;      \
    static constexpr void (*clear)(Board&) = &NS::clear;                                   \
    static constexpr void (*setCell)(Board&, int, int, uint8_t) = &NS::setCell;            \
    static constexpr uint8_t (*cell)(const Board&, int, int) = &NS::cell;                  \
    static constexpr int (*countFlips)(const Board&, int, int, uint8_t) = &NS::countFlips; \
    static constexpr int (*play)(Board&, int, int, uint8_t) = &NS::play;                   \
    static constexpr int (*legalMoves)(const Board&, uint8_t, uint8_t*) = &NS::legalMoves; \
  };                                                                                       \
  static_assert(Stage<Stage_##NS>, #NS " does not provide the stage interface");           \
  }

/// reversi::Stage_NS for a stage namespace given by a macro: the files compiled once per
/// stage name their stage with -DREVERSI_STAGE=sNN (this_stage.h).
#define REVERSI_STAGE_TYPE(NS) REVERSI_STAGE_TYPE_(NS)
#define REVERSI_STAGE_TYPE_(NS) ::reversi::Stage_##NS

namespace reversi {

/// Loads a Position's stones into a fresh Board of stage S.
template <Stage S>
typename S::Board load(const Position& p) {
  typename S::Board b;
  S::clear(b);
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x)
      if (p.at(x, y) != EMPTY) S::setCell(b, x, y, p.at(x, y));
  return b;
}

/// Reads a stage's Board back into a Position (side to move given).
template <Stage S>
Position snapshot(const typename S::Board& b, uint8_t toMove) {
  Position p;
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) p.set(x, y, S::cell(b, x, y));
  p.toMove = toMove;
  return p;
}

/// The article's grid: 8 lines of 8 tokens, one space apart: B, W, or the number of
/// stones the side to move would flip on that square.
template <Stage S>
std::string flipGrid(const Position& p) {
  const typename S::Board b = load<S>(p);
  std::string out;
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 8; ++x) {
      if (x) out += ' ';
      const uint8_t c = S::cell(b, x, y);
      if (c == BLACK) out += 'B';
      else if (c == WHITE) out += 'W';
      else out += std::to_string(S::countFlips(b, x, y, p.toMove));
    }
    out += '\n';
  }
  return out;
}

/// Perft with the published convention: a pass is a ply; a finished game is one leaf
/// at every later depth. With bulk, the last ply counts moves instead of playing them.
/// The generic version: any stage, through legalMoves, play and Board copies.
template <Stage S>
uint64_t perft(const typename S::Board& b, uint8_t me, int depth, bool bulk) {
  if (depth == 0) return 1;
  uint8_t moves[64];
  const int n = S::legalMoves(b, me, moves);
  const uint8_t opp = opponent(me);
  if (n == 0) {
    if (S::legalMoves(b, opp, moves) == 0) return 1;  // game over
    return perft<S>(b, opp, depth - 1, bulk);         // pass
  }
  if (bulk && depth == 1) return uint64_t(n);
  uint64_t total = 0;
  for (int i = 0; i < n; ++i) {
    typename S::Board child = b;
    S::play(child, moves[i] & 7, moves[i] >> 3, me);
    total += perft<S>(child, opp, depth - 1, bulk);
  }
  return total;
}

/// A stage whose namespace also provides `perftFast(const Board&, uint8_t me, int depth,
/// bool bulk)` (found by argument-dependent lookup): its own perft on its own
/// representation, with the same convention. Stages without it are unaffected.
template <class S>
concept HasFastPerft = Stage<S> && requires(const typename S::Board& b, uint8_t me, int depth, bool bulk) {
  { perftFast(b, me, depth, bulk) } -> std::same_as<uint64_t>;
};

/// The stage's best perft from a Board: its perftFast when it has one, else the generic.
template <Stage S>
uint64_t bestPerft(const typename S::Board& b, uint8_t me, int depth, bool bulk) {
  if constexpr (HasFastPerft<S>) return perftFast(b, me, depth, bulk);
  else return perft<S>(b, me, depth, bulk);
}

/// A perft of a Position on `threads` threads (>= 1): the tree's first plies are
/// expanded (generically) into enough subtrees to keep every thread busy, which the
/// threads then take one at a time; `count(board, me, depth)` counts one subtree (called
/// from several threads at once). The sum is the same as on one thread, whatever order
/// the subtrees finish in. Plain perft and the hashed perft (perft_hash.h) share it.
template <Stage S, class Count>
uint64_t splitPerft(const Position& p, int depth, int threads, const Count& count) {
  if (threads <= 1) return count(load<S>(p), p.toMove, depth);
  struct Task {
    typename S::Board b;
    uint8_t me;
    int depth;
  };
  std::vector<Task> tasks{{load<S>(p), p.toMove, depth}};
  for (bool grew = true; grew && tasks.size() < size_t(threads) * 32;) {
    grew = false;
    std::vector<Task> next;
    for (const Task& t : tasks) {
      uint8_t moves[64];
      const int n = t.depth == 0 ? 0 : S::legalMoves(t.b, t.me, moves);
      const uint8_t opp = opponent(t.me);
      if (n == 0) {  // a leaf, a finished game (1 at any depth) or a pass
        const bool pass = t.depth > 0 && S::legalMoves(t.b, opp, moves) > 0;
        next.push_back(pass ? Task{t.b, opp, t.depth - 1} : t);
        grew = grew || pass;
        continue;
      }
      for (int i = 0; i < n; ++i) {
        Task child{t.b, opp, t.depth - 1};
        S::play(child.b, moves[i] & 7, moves[i] >> 3, t.me);
        next.push_back(child);
      }
      grew = true;
    }
    tasks.swap(next);
  }
  std::atomic<size_t> nextTask{0};
  std::atomic<uint64_t> total{0};
  auto work = [&] {
    uint64_t sum = 0;
    for (size_t i; (i = nextTask.fetch_add(1)) < tasks.size();) sum += count(tasks[i].b, tasks[i].me, tasks[i].depth);
    total += sum;
  };
  std::vector<std::thread> pool;
  for (int i = 1; i < threads; ++i) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  return total;
}

/// Perft of a Position on stage S, on `threads` threads (>= 1, see splitPerft), each
/// subtree counted by the stage's best perft.
template <Stage S>
uint64_t perft(const Position& p, int depth, bool bulk = false, int threads = 1) {
  return splitPerft<S>(p, depth, threads,
                       [bulk](const typename S::Board& b, uint8_t me, int d) { return bestPerft<S>(b, me, d, bulk); });
}

}  // namespace reversi
