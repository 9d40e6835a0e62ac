// Go boards for the go_capture tests and benchmark: text in and out, seeded random
// boards that are possible in a game, and an independent reference (breadth-first
// search over groups, written with the standard library) for what is captured.
#pragma once
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "go_capture/go_capture.h"
#include "random_positions.h"

namespace go_boards {

using go_capture::Board;

/// A board from N lines of N digits (blanks between digits are ignored).
template <int N>
Board<N> fromText(std::string_view text) {
  Board<N> b{};
  int i = 0;
  for (char ch : text)
    if (ch >= '0' && ch <= '9' && i < N * N) b.cell[i / N][i % N] = uint8_t(ch - '0'), ++i;
  return b;
}

/// N lines of N digits, one space apart, as the article prints them.
template <int N>
std::string toText(const Board<N>& b) {
  std::string s;
  for (int r = 0; r < N; ++r)
    for (int c = 0; c < N; ++c) s += char('0' + b.cell[r][c]) + std::string(c + 1 < N ? " " : "\n");
  return s;
}

/// The points (r * N + c) marked CAPTURED.
template <int N>
std::set<int> marked(const Board<N>& b) {
  std::set<int> s;
  for (int i = 0; i < N * N; ++i)
    if (b.cell[i / N][i % N] == go_capture::CAPTURED) s.insert(i);
  return s;
}

/// Reference: the opponent groups without a liberty, as sets of points.
template <int N>
std::vector<std::set<int>> deadGroups(const Board<N>& b) {
  std::vector<std::set<int>> dead;
  std::vector<bool> seen(N * N, false);
  for (int start = 0; start < N * N; ++start) {
    if (seen[start] || b.cell[start / N][start % N] != go_capture::THEIRS) continue;
    std::set<int> group;
    bool liberty = false;
    std::vector<int> queue{start};
    seen[start] = true;
    for (size_t k = 0; k < queue.size(); ++k) {
      const int p = queue[k], r = p / N, c = p % N;
      group.insert(p);
      const int nbr[4][2] = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
      for (const auto& q : nbr) {
        if (q[0] < 0 || q[0] >= N || q[1] < 0 || q[1] >= N) continue;
        const int i = q[0] * N + q[1];
        const uint8_t v = b.cell[q[0]][q[1]];
        if (v == go_capture::EMPTY) liberty = true;
        if (v == go_capture::THEIRS && !seen[i]) seen[i] = true, queue.push_back(i);
      }
    }
    if (!liberty) dead.push_back(group);
  }
  return dead;
}

/// Whether point p touches (row, col).
template <int N>
bool touches(int p, int row, int col) {
  const int r = p / N, c = p % N;
  return (r == row && (c == col - 1 || c == col + 1)) || (c == col && (r == row - 1 || r == row + 1));
}

/// A seeded random board as it can arise in a game, with the stone just played at
/// (row, col): each point is empty with `emptyPercent`, else the mover's or the
/// opponent's stone with `minePercent` of the rest; then every dead opponent group that
/// does not touch the stone just played (impossible in a game) gets one liberty.
template <int N>
Board<N> randomBoard(reversi::Rng& rng, int emptyPercent, int minePercent, int& row, int& col) {
  Board<N> b{};
  for (int r = 0; r < N; ++r)
    for (int c = 0; c < N; ++c)
      b.cell[r][c] = rng.below(100) < uint32_t(emptyPercent)  ? go_capture::EMPTY
                     : rng.below(100) < uint32_t(minePercent) ? go_capture::MINE
                                                              : go_capture::THEIRS;
  row = int(rng.below(N));
  col = int(rng.below(N));
  b.cell[row][col] = go_capture::MINE;
  for (bool fixed = true; fixed;) {
    fixed = false;
    for (const std::set<int>& g : deadGroups(b)) {
      bool nextToMove = false;
      for (int p : g) nextToMove = nextToMove || touches<N>(p, row, col);
      if (!nextToMove) {
        const int p = *g.begin();
        b.cell[p / N][p % N] = go_capture::EMPTY;
        fixed = true;
        break;
      }
    }
  }
  return b;
}

}  // namespace go_boards
