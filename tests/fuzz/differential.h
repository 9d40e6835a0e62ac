// Every stage that compiles (all_stages.h) against the reference, one position at a
// time: shared by the differential fuzzer (fuzz_stages.cpp) and the long run
// (long_run.cpp), so new stages are covered without touching either.
#pragma once
#include <string>
#include <tuple>

#include "all_stages.h"
#include "test_support.h"

namespace reversi::testing {

/// countFlips and play of `me` on `square` (any square, legal or not) by stage S
/// against the reference; "" if they agree, else what differs.
template <Stage S>
std::string moveDifference(const Position& p, int square, uint8_t me) {
  const int x = square & 7, y = square >> 3;
  typename S::Board b = load<S>(p);
  Position want = p;
  const int wantFlips = ref::play(want, square, me);
  const std::string where = std::string(me == BLACK ? "black" : "white") + " at " + squareName(square);
  const int got = S::countFlips(b, x, y, me);
  if (got != wantFlips)
    return "countFlips " + where + ": " + std::to_string(got) + " instead of " + std::to_string(wantFlips);
  const int played = S::play(b, x, y, me);
  if (played != wantFlips)
    return "play " + where + " returned " + std::to_string(played) + " instead of " + std::to_string(wantFlips);
  if (snapshot<S>(b, want.toMove) != want) return "board after play " + where + ": " + formatPosition(snapshot<S>(b, want.toMove));
  return "";
}

/// The first way any stage in `Stages` differs from the reference on `p`: every square
/// for both colours, both move lists, every legal move of the side to move played, and
/// (when square >= 0) the one move `me` on `square`. "" if all agree, else the stage's
/// id and the difference.
template <class... S>
std::string stagesDifference(const Position& p, std::tuple<S...>*, int square = -1, uint8_t me = BLACK) {
  const Answers want = referenceAnswers(p);
  std::string diff;
  auto check = [&](std::string_view id, std::string d) {
    if (diff.empty() && !d.empty()) diff = std::string(id) + ": " + d;
  };
  (check(S::id, firstDifference(answers<S>(p), want)), ...);
  if (square >= 0) (check(S::id, moveDifference<S>(p, square, me)), ...);
  return diff;
}

/// The same over every stage that compiles.
inline std::string allStagesDifference(const Position& p, int square = -1, uint8_t me = BLACK) {
  return stagesDifference(p, static_cast<AllStages*>(nullptr), square, me);
}

}  // namespace reversi::testing
