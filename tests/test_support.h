// Helpers shared by the test files: a stage's full answer for a position, compared with
// the reference, so a mismatch names the square, the colour and both answers.
#pragma once
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "position.h"
#include "reference.h"
#include "stage.h"

namespace reversi::testing {

/// The whole text of a file (a page or a header the tests hold the code to), or nothing
/// when it cannot be read.
inline std::optional<std::string> fileText(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return std::nullopt;
  return std::string((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
}

/// Everything a stage says about one position: countFlips on every square for both
/// colours, legalMoves for both, and the board after each legal move of the side to move.
struct Answers {
  std::vector<int> flips[3];        // [colour][square]
  std::vector<int> moves[3];        // [colour]
  std::vector<Position> afterPlay;  // one per legal move of p.toMove, in move order
  std::vector<int> playResult;
  bool operator==(const Answers&) const = default;
};

template <Stage S>
Answers answers(const Position& p) {
  Answers a;
  const typename S::Board b = load<S>(p);
  for (uint8_t me : {WHITE, BLACK}) {
    for (int sq = 0; sq < 64; ++sq) a.flips[me].push_back(S::countFlips(b, sq & 7, sq >> 3, me));
    uint8_t out[64];
    const int n = S::legalMoves(b, me, out);
    a.moves[me].assign(out, out + n);
  }
  for (int sq : a.moves[p.toMove]) {
    typename S::Board c = b;
    a.playResult.push_back(S::play(c, sq & 7, sq >> 3, p.toMove));
    a.afterPlay.push_back(snapshot<S>(c, opponent(p.toMove)));
  }
  return a;
}

inline Answers referenceAnswers(const Position& p) {
  Answers a;
  for (uint8_t me : {WHITE, BLACK}) {
    for (int sq = 0; sq < 64; ++sq) a.flips[me].push_back(int(ref::flips(p, sq, me).size()));
    a.moves[me] = ref::legalMoves(p, me);
  }
  for (int sq : a.moves[p.toMove]) {
    Position c = p;
    a.playResult.push_back(ref::play(c, sq, p.toMove));
    a.afterPlay.push_back(c);
  }
  return a;
}

/// The first difference between two answers, in words ("" if none).
inline std::string firstDifference(const Answers& got, const Answers& want) {
  for (uint8_t me : {WHITE, BLACK}) {
    const char* who = me == BLACK ? "black" : "white";
    for (int sq = 0; sq < 64; ++sq)
      if (got.flips[me][sq] != want.flips[me][sq])
        return std::string("countFlips ") + who + " at " + squareName(sq) + ": " + std::to_string(got.flips[me][sq]) +
               " instead of " + std::to_string(want.flips[me][sq]);
    if (got.moves[me] != want.moves[me]) return std::string("legalMoves for ") + who + " differ";
  }
  if (got.playResult != want.playResult) return "play returned a different flip count";
  for (size_t i = 0; i < want.afterPlay.size() && i < got.afterPlay.size(); ++i)
    if (got.afterPlay[i] != want.afterPlay[i])
      return "board after move " + std::to_string(i + 1) + " differs: " + formatPosition(got.afterPlay[i]);
  return "";
}

}  // namespace reversi::testing
