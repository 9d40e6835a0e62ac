/// \file engine.h
/// \brief The playing engine of `reversi-lab play` and `reversi-lab gtp`: its levels,
/// the move it chooses, the rules it keeps a game by, and the two commands.
#pragma once
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "cli_args.h"
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

/// The highest level `step` plays within its limits (searchLimits in cli.h: minutes, not
/// hours, a move): a weak step cannot search as deep or solve as much as the last one.
int maxLevel(const StepEntry& step);

/// "1".."6" -> the level; 0 when `text` is not a level.
int parseLevel(std::string_view text);

/// Which search plays: a step (stages/eNN) on a move-generation stage, at a level.
struct Engine {
  const StepEntry* step = &defaultStep();
  size_t stage = stageIndex(defaultStage());
  int level = kDefaultLevel;
};

/// The options `--engine E`, `--stage S` and `--level L` of play and gtp, each optional
/// (defaults: the last step, the last stage, kDefaultLevel). Throws UsageError naming
/// `command` and the bad value.
Engine engineOptions(const CliArgs& args, const std::string& command);

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

/// `reversi-lab play [--level L] [--color black|white] [--stage S] [--engine E]
/// [POSITION]`: a game against the engine from POSITION (default: the start), the
/// human's moves and commands read from `in`, one per line. Returns 0 when the game
/// ended or the player quit, 1 when the input ended first (or the engine broke the
/// rules, a bug), 2 for bad options (one line on `err`).
int runPlay(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);
/// runPlay reading standard input.
int runPlay(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// One GTP conversation (the Go Text Protocol as Othello engines speak it): a command
/// line in, its response out.
class GtpSession {
 public:
  explicit GtpSession(const Engine& engine);
  /// The response to one input line ("=[id] text" or "?[id] message", then an empty
  /// line), or "" for a line GTP ignores (empty, blank or a comment). `tooLong`: the
  /// line was cut by readLine().
  std::string respond(std::string_view line, bool tooLong = false);
  /// True once `quit` was answered.
  bool finished() const { return finished_; }
  /// The game as it stands.
  const Position& position() const { return position_; }

 private:
  std::string execute(const std::string& command, const std::vector<std::string>& args, bool& ok);
  std::string playCommand(const std::vector<std::string>& args, bool& ok);
  std::string genmoveCommand(const std::vector<std::string>& args, bool& ok);
  bool catchUp(uint8_t colour, std::string& why);
  void push(int move);

  Engine engine_;
  Position position_;
  std::vector<Position> history_;  // the position before each move (passes too), for undo
  bool finished_ = false;
};

/// `reversi-lab gtp [--level L] [--stage S] [--engine E]`: GTP on `in` and `out` until
/// `quit` or the end of the input; `out` carries only the protocol and is flushed after
/// each response. Returns 0, or 2 for bad options (one line on `err`).
int runGtp(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);
/// runGtp on standard input and output.
int runGtp(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace reversi
