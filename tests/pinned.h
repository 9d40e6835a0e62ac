// The node counts pinned before the search steps were recomposed (tests/pinned_nodes.txt):
// the reader of that file, and the run of one of its lines by a searcher of any step or
// variant. tests/pinned_nodes_test.cpp runs the steps as they ship through the registry
// (the program's own compiled steps); each step's ideas test runs its variants.
#pragma once
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "catch.h"
#include "position.h"
#include "search_registry.h"
#include "search_types.h"
#include "stage.h"
#include "table_pool.h"

#ifndef REVERSI_SOURCE_DIR
#error "compile with -DREVERSI_SOURCE_DIR=\"...\": the pinned counts are read from tests/pinned_nodes.txt"
#endif

namespace reversi::testing {

/// One line of tests/pinned_nodes.txt.
struct Pinned {
  std::string step;      ///< "e06"
  std::string variant;   ///< "default", "chained", "IDEA_ETC", ...
  std::string workload;  ///< "midgame/d7", "endgame/e14", "ffo"
  int index = 0;         ///< the position's place in its workload (the FFO number for "ffo")
  Position position;
  int depth = 0;     ///< plies searched; -1: solved
  int score = 0;     ///< in the step's units (an exact score times its DISC)
  std::string best;  ///< "f4", "pass" or "none"
  uint64_t nodes = 0;
  std::string pv;  ///< the line's moves run together ("f4g3c8"), "-" when empty
};

/// The table a line's search had: the bench's 2^18 slots for a workload of several
/// searches, the command line's (tableSlotsFor) for an FFO position solved alone.
inline uint32_t pinnedSlots(const Pinned& line) {
  return line.workload == "ffo" ? tableSlotsFor(line.position, line.depth) : uint32_t(1) << 18;
}

/// The lines of tests/pinned_nodes.txt for `step` (every step: "") and `variant`.
inline std::vector<Pinned> pinnedLines(const std::string& step, const std::string& variant) {
  const std::string path = std::string(REVERSI_SOURCE_DIR) + "/tests/pinned_nodes.txt";
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<Pinned> out;
  for (std::string text; std::getline(in, text);) {
    if (text.empty() || text[0] == '#') continue;
    std::istringstream f(text);
    Pinned p;
    std::string board, side;
    if (!(f >> p.step >> p.variant >> p.workload >> p.index >> board >> side >> p.depth >> p.score >> p.best >> p.nodes >> p.pv))
      throw std::runtime_error(path + ": a line that does not read: " + text);
    p.position = parsePosition(board + " " + side);
    if ((step.empty() || p.step == step) && p.variant == variant) out.push_back(p);
  }
  return out;
}

/// The moves of a line run together, as the file writes them.
inline std::string joinedLine(const std::vector<int>& pv) {
  std::string s;
  for (int m : pv) s += moveName(m);
  return s.empty() ? "-" : s;
}

/// What a pinned line's search found again: its score in the step's units.
struct Found {
  int score;
  std::string best, pv;
  uint64_t nodes;
};

/// Searcher (a step's Search on stage S, or one of its variants, set up by `setup`) on a
/// pinned line, with the line's table size, from a fresh searcher (as the registry runs
/// it: its table pool kept between searches, which empty it first).
template <class Searcher, Stage S, class Setup>
Found runPinned(const Pinned& line, Setup setup) {
  auto searcher = std::make_unique<Searcher>();
  setup(*searcher);
  if constexpr (requires { typename Searcher::Slot; }) {
    static TablePool<typename Searcher::Slot> slots;
    slots.resize(pinnedSlots(line));
    searcher->useTable(slots.data(), uint32_t(slots.size()));
  }
  const typename S::Board b = load<S>(line.position);
  const auto r =
      line.depth < 0 ? searcher->solve(b, line.position.toMove) : searcher->search(b, line.position.toMove, line.depth);
  return {r.score, moveName(r.best), joinedLine(std::vector<int>(r.pv, r.pv + r.pvLength)), r.nodes};
}

/// Checks what a search found against its pinned line.
inline void checkPinned(const Pinned& line, const Found& got) {
  INFO(line.step << " " << line.variant << " " << line.workload << " #" << line.index << " depth " << line.depth);
  CHECK(got.nodes == line.nodes);
  CHECK(got.score == line.score);
  CHECK(got.best == line.best);
  CHECK(got.pv == line.pv);
}

/// Every pinned line of `step`'s `variant` searched again by Searcher on stage S.
template <class Searcher, Stage S, class Setup>
void checkVariant(const std::string& step, const std::string& variant, Setup setup) {
  const std::vector<Pinned> lines = pinnedLines(step, variant);
  REQUIRE(!lines.empty());  // a variant with no pinned line pins nothing
  for (const Pinned& line : lines) checkPinned(line, runPinned<Searcher, S>(line, setup));
}

/// A searcher as it comes.
struct AsItComes {
  template <class X>
  void operator()(X&) const {}
};

}  // namespace reversi::testing
