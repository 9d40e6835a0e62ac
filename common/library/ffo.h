/// \file ffo.h
/// \brief The FFO endgame positions the project uses (common/ffo.txt, compiled in):
/// position, side to move, exact score and every best move, as published.
#pragma once
#include <string>
#include <vector>

#include "position.h"

namespace reversi {

/// One FFO endgame test position.
struct FfoPosition {
  int number;              ///< FFO number (1-19, 40-59)
  Position position;       ///< the board and the side to move
  int score;               ///< exact final disc difference for the side to move
  std::vector<int> best;   ///< every best move (squares y * 8 + x)
  int empties;             ///< empty squares
};

/// Every position of common/ffo.txt, in file order. The file is parsed once; a
/// malformed line is a build defect and throws std::logic_error naming the line.
const std::vector<FfoPosition>& ffoPositions();

/// The position numbered `number`, or nullptr.
const FfoPosition* findFfo(int number);

}  // namespace reversi
