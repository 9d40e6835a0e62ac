/// \file ffo.h
/// \brief The FFO endgame positions the project uses (common/library/ffo.txt, compiled in):
/// position, side to move, exact score and every best move, as published.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "position.h"

namespace reversi {

/// One FFO endgame test position.
struct FfoPosition {
  int number;             ///< FFO number (1-19, 40-59)
  Position position;      ///< the board and the side to move
  int score;              ///< exact final disc difference for the side to move
  std::vector<int> best;  ///< every best move (squares y * 8 + x)
  int empties;            ///< empty squares
};

/// Every position of common/library/ffo.txt, in file order. The file is parsed once; a
/// malformed line is a build defect and throws std::logic_error naming the line.
const std::vector<FfoPosition>& ffoPositions();

/// The position numbered `number`, or nullptr.
const FfoPosition* findFfo(int number);

/// The FFO numbers `solve --ffo` is given, in order: "1-19", "40-44", "3", "1,3,40-44".
/// Each number, and both ends of a span, must be a position of common/library/ffo.txt;
/// none twice. Throws UsageError (usage.h) naming `command` and what is wrong. In the
/// library, not the command line: the benchmarks and the trainer read the same lists.
std::vector<int> parseFfoRange(std::string_view text, const std::string& command);

}  // namespace reversi
