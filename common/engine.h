/// \file engine.h
/// \brief The playing engine behind `reversi-lab play` and `reversi-lab gtp`: its levels,
/// the move it chooses and the rules it keeps a game by (the two commands themselves are
/// in common/cli/).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "position.h"
#include "search_registry.h"

namespace reversi {

/// One level of play: a fixed-depth search in the midgame, an exact solve near the end.
struct Level {
  int depth;         ///< Plies searched while more than `exactEmpties` squares are empty.
  int exactEmpties;  ///< At or below this many empty squares the move is solved exactly.
};

inline constexpr int kMinLevel = 1, kMaxLevel = 7;
inline constexpr int kDefaultLevel = 3;  ///< play's and gtp's default

/// The settings of `level` (kMinLevel..kMaxLevel; anything else is a logic error).
Level levelSettings(int level);

/// The highest level `step` plays within its limits (searchLimits in search_registry.h:
/// minutes, not hours, a move): a weak step cannot search as deep or solve as much as the
/// last one.
int maxLevel(const StepEntry& step);

/// "1".."6" -> the level; 0 when `text` is not a level.
int parseLevel(std::string_view text);

/// Which search plays: a step (stages/eNN) on a move-generation stage, at a level.
struct Engine {
  const StepEntry* step = &defaultStep();
  size_t stage = stageIndex(defaultStage());
  int level = kDefaultLevel;
};

/// "e01_minimax on s10_simd, level 3"
std::string engineName(const Engine& e);

/**
 * @brief The engine's move for the side to move in p.
 *
 * With more than the level's `exactEmpties` empty squares, a search `depth` plies deep
 * (score in the step's units, `exact` false); otherwise an exact solve (score = final
 * disc difference). When the side to move has no legal move but the opponent has, the
 * step's search returns the pass (kPass) with its score; when the game is over nothing
 * is searched: best = kNoMove, exact, score = the final difference, 0 nodes.
 * Deterministic: the same position and level give the same move.
 */
SearchOutcome chooseMove(const Position& p, int level, const StepEntry& step = defaultStep(),
                         size_t stage = stageIndex(defaultStage()));
/// chooseMove with an Engine's step, stage and level.
SearchOutcome chooseMove(const Position& p, const Engine& e);

/// The rules play and gtp keep a game by, on the fastest stage (defaultStage()'s type).
namespace game {
/// Legal squares (y * 8 + x) of the side to move, ascending.
std::vector<int> legalMoves(const Position& p);
/// Plays `move` (0..63 or kPass) for the side to move and passes the turn; a pass is
/// legal only when the side has no legal square. Returns the discs flipped (0 for a
/// pass), or -1 when the move is illegal (p unchanged).
int play(Position& p, int move);
/// True when neither side can move.
bool over(const Position& p);
/// Discs of `colour` on the board.
int discs(const Position& p, uint8_t colour);
/// Black's discs minus white's, the winner taking the empty squares (the final score
/// once the game is over).
int finalScore(const Position& p);
}  // namespace game

/// "black" or "white".
const char* colourName(uint8_t colour);

/// The board with coordinates, a..h across and 1..8 down (a1 top-left): X black,
/// O white, '.' empty and, when `markMoves`, '*' on each legal square of the side to move.
std::string boardText(const Position& p, bool markMoves);

}  // namespace reversi
