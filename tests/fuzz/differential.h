// Every stage of the registry (stage_list.h) against the reference, one position at a
// time: shared by the differential fuzzer (fuzz_stages.cpp) and the long run
// (long_run.cpp), so new stages are covered without touching either.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>

#include "stage_list.h"
#include "test_support.h"

namespace reversi::testing {

/// The reference's answers on one position, in fixed arrays: worked out once per
/// position and compared with every stage without a heap allocation, so that the
/// differential fuzzer spends its time in the stages, not in setting up.
struct ReferenceAnswers {
  Position p;
  int8_t flips[3][64];   // [colour][square]: what countFlips must return
  uint8_t moves[3][64];  // [colour]: the legal squares, ascending
  int moveCount[3];
  Position after[64];  // after each legal move of p.toMove, in move order
  int8_t played[64];   // what play returns for it
  int square = -1;     // the one extra move (any square, legal or not), or -1
  uint8_t me = BLACK;
  Position afterSquare;
  int playedSquare = 0;
};

/// Fills `r` for `p` and (square >= 0) the move of `me` on `square`.
inline void fillReference(const Position& p, int square, uint8_t me, ReferenceAnswers& r) {
  r.p = p;
  for (uint8_t colour : {WHITE, BLACK}) {
    r.moveCount[colour] = 0;
    for (int sq = 0; sq < 64; ++sq) {
      // An occupied square flips nothing (ref::flips' contract): asked only about empty ones.
      r.flips[colour][sq] = p.cells[sq] == EMPTY ? int8_t(ref::flips(p, sq, colour).size()) : int8_t(0);
      if (r.flips[colour][sq] > 0) r.moves[colour][r.moveCount[colour]++] = uint8_t(sq);  // ref::legalMoves' rule
    }
  }
  for (int i = 0; i < r.moveCount[p.toMove]; ++i) {
    r.after[i] = p;
    r.played[i] = int8_t(ref::play(r.after[i], r.moves[p.toMove][i], p.toMove));
  }
  r.square = square;
  r.me = me;
  if (square >= 0) {
    r.afterSquare = p;
    r.playedSquare = ref::play(r.afterSquare, square, me);
  }
}

/// True when stage board `b` holds the stones of `want`.
template <Stage S>
bool sameStones(const typename S::Board& b, const Position& want) {
  for (int sq = 0; sq < 64; ++sq)
    if (S::cell(b, sq & 7, sq >> 3) != want.cells[sq]) return false;
  return true;
}

/// How stage S differs from the reference answers `r`, or "": countFlips on every
/// square for both colours, both move lists, every legal move of the side to move
/// played, and (r.square >= 0) countFlips + play of r.me on r.square.
template <Stage S>
std::string stageDifference(const ReferenceAnswers& r) {
  const typename S::Board b = load<S>(r.p);
  for (uint8_t me : {WHITE, BLACK}) {
    const char* who = me == BLACK ? "black" : "white";
    for (int sq = 0; sq < 64; ++sq) {
      const int got = S::countFlips(b, sq & 7, sq >> 3, me);
      if (got != r.flips[me][sq])
        return std::string("countFlips ") + who + " at " + squareName(sq) + ": " + std::to_string(got) + " instead of " +
               std::to_string(r.flips[me][sq]);
    }
    uint8_t out[64];
    const int n = S::legalMoves(b, me, out);
    if (n != r.moveCount[me] || !std::equal(out, out + n, r.moves[me])) return std::string("legalMoves for ") + who + " differ";
  }
  for (int i = 0; i < r.moveCount[r.p.toMove]; ++i) {
    const int sq = r.moves[r.p.toMove][i];
    typename S::Board c = b;
    if (S::play(c, sq & 7, sq >> 3, r.p.toMove) != r.played[i]) return "play returned a different flip count";
    if (!sameStones<S>(c, r.after[i]))
      return "board after move " + std::to_string(i + 1) + " differs: " + formatPosition(snapshot<S>(c, r.after[i].toMove));
  }
  if (r.square < 0) return "";
  const int x = r.square & 7, y = r.square >> 3;
  const std::string where = std::string(r.me == BLACK ? "black" : "white") + " at " + squareName(r.square);
  const int got = S::countFlips(b, x, y, r.me);
  if (got != r.playedSquare)
    return "countFlips " + where + ": " + std::to_string(got) + " instead of " + std::to_string(r.playedSquare);
  typename S::Board c = b;
  const int played = S::play(c, x, y, r.me);
  if (played != r.playedSquare)
    return "play " + where + " returned " + std::to_string(played) + " instead of " + std::to_string(r.playedSquare);
  if (!sameStones<S>(c, r.afterSquare))
    return "board after play " + where + ": " + formatPosition(snapshot<S>(c, r.afterSquare.toMove));
  return "";
}

/// The first way any stage in `Stages` differs from the reference on `p`: every square
/// for both colours, both move lists, every legal move of the side to move played, and
/// (when square >= 0) the one move `me` on `square`. "" if all agree, else the stage's
/// id and the difference.
template <class... S>
std::string stagesDifference(const Position& p, std::tuple<S...>*, int square = -1, uint8_t me = BLACK) {
  ReferenceAnswers want;
  fillReference(p, square, me, want);
  std::string diff;
  auto check = [&](std::string_view id, std::string d) {
    if (diff.empty() && !d.empty()) diff = std::string(id) + ": " + d;
  };
  (check(S::id, stageDifference<S>(want)), ...);
  return diff;
}

/// The last (fastest) stage that compiles: the fuzzer replays its games with it.
using FastestStage = std::tuple_element_t<std::tuple_size_v<AllStages> - 1, AllStages>;

/// The same over every stage that compiles.
inline std::string allStagesDifference(const Position& p, int square = -1, uint8_t me = BLACK) {
  return stagesDifference(p, static_cast<AllStages*>(nullptr), square, me);
}

}  // namespace reversi::testing
