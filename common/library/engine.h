/// \file engine.h
/// \brief The playing engine behind `reversi-lab play` and `reversi-lab gtp`: its levels,
/// the move it chooses and the rules it keeps a game by (the two commands themselves are
/// in common/commands/).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "position.h"
#include "search_registry.h"
#include "search_types.h"

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

/// Which search plays: a step (stages/eNN) on a move-generation stage, at a level,
/// and with a time per move, a number of nodes per move, or neither.
struct Engine {
  const StepEntry* step = &defaultStep();
  size_t stage = stageIndex(defaultStage());
  int level = kDefaultLevel;
  double moveSeconds = 0;  ///< `--time`: seconds a move (the level still caps depth); 0: none
  uint64_t moveNodes = 0;  ///< `--nodes`: nodes a move (the level still caps depth); 0: none
  int threads = 1;         ///< `--threads`: threads the exact solves run on (e11 on); the midgame searches run on one
};

/// The most nodes a move `--nodes` accepts (hours of search on any step).
inline constexpr uint64_t kMaxMoveNodes = 100'000'000'000;

/// The longest time per move `--time` and GTP's clock accept (an hour).
inline constexpr double kMaxMoveSeconds = 3600;

/// "e01_minimax on s10_simd, level 3"
std::string engineName(const Engine& e);

/**
 * @brief The engine's move for the side to move in p.
 *
 * With more than the level's `exactEmpties` empty squares, a search `depth` plies deep
 * (score in the step's units, `exact` false); otherwise an exact solve (score = final
 * disc difference). When the side to move has no legal move but the opponent has, the
 * step's search returns the pass (kPass) with its score; when the game is over nothing
 * is searched: best = kNoMove, exact, score = the final difference, 0 nodes. The solve
 * runs on `threads` threads (a step from e11 on; the search always on one): the same
 * score as on one, but where moves tie, any of them.
 * Deterministic on one thread: the same position and level give the same move.
 */
SearchOutcome chooseMove(const Position& p, int level, const StepEntry& step = defaultStep(),
                         size_t stage = stageIndex(defaultStage()), int threads = 1);
/// chooseMove with an Engine's step, stage and level; with its moveSeconds when set
/// (chooseMoveTimed), else with its moveNodes when set (chooseMoveCounted); its solves on
/// its threads.
SearchOutcome chooseMove(const Position& p, const Engine& e);

/// Of a move's time, the share after which a search still running is stopped: the rest
/// is the margin for what happens around the search (reading the command, answering).
inline constexpr double kStopShare = 0.95;

/**
 * @brief The engine's move within `seconds` of wall time: the time control.
 *
 * Iterative deepening over the level's horizons (2, 4, ... plies up to the level's depth;
 * level 1: one ply) while time is left; a search still running at kStopShare of the
 * time is stopped (through the step's idle hook) and its move not used. At the level's
 * exactEmpties or fewer, the deepening stops at a quarter of the time and an exact solve
 * gets the rest (on e.threads threads); a solve that cannot finish is stopped the same
 * way and the deepest search's move is played. The first horizon always runs to its end
 * (one or two plies), so there is a move even with no time at all. score, exact, depth and pv are those of
 * the search whose move is played; nodes counts every finished search; seconds is the
 * whole time spent. Not deterministic: how deep it gets depends on the machine.
 */
SearchOutcome chooseMoveTimed(const Position& p, const Engine& e, double seconds);

/**
 * @brief The engine's move within `nodes` nodes: chooseMoveTimed with nodes for seconds.
 *
 * The same deepening and solve, but a search is stopped when the move's nodes are spent
 * (counted in the steps of the idle hook, every 4096 nodes), and the solve's quarter
 * is a quarter of the nodes. Unlike the clock, a count is the same on every run and
 * every machine: the same position, step and count give the same move, which makes a
 * match between steps reproducible game for game (bench/duel_report.py --nodes).
 */
SearchOutcome chooseMoveCounted(const Position& p, const Engine& e, uint64_t nodes);

/// Lends the table of e's timed moves (one size for a level's whole game) before any clock
/// runs: allocating and emptying tens of MB in a move's time would overrun a short one.
/// GTP calls it when a session gets a clock, play when it has --time.
void lendTimedTable(const Engine& e);

/**
 * @brief One side's clock, as GTP's `time_settings` and `time_left` describe it:
 * Canadian byo-yomi (a main time, then `byoSeconds` for every `byoStones` moves).
 *
 * GTP's conventions: byo-yomi time with zero stones means no limit; zero byo-yomi time
 * means absolute time (the main time for the whole game). The clock runs on the moves
 * this side makes (spent()); a `time_left` from the controller overrides it (left()).
 */
class MoveClock {
 public:
  /// No limit: budget() is negative.
  MoveClock() = default;
  /// `seconds` for every move (`--time`: byo-yomi of that many seconds for one move).
  static MoveClock perMove(double seconds);
  /// GTP time_settings: main time, byo-yomi time and stones (whole seconds there).
  void set(double mainSeconds, double byoSeconds, int byoStones);
  /// GTP time_left: `seconds` left; `stones` moves to make in them (byo-yomi), 0 in main
  /// time. It puts a clock without settings (or with "no limit") under that limit.
  void left(double seconds, int stones);
  /// This side made a move that took `seconds`.
  void spent(double seconds);
  /// Back to the settings' start (a new game): a limit a time_left set goes with the old game.
  void restart();
  /// The time for this side's next move with `empties` empty squares (at most
  /// (empties + 1) / 2 of its moves remain): main time shared out over those moves plus a
  /// byo-yomi move's share; in byo-yomi the period's time over its stones. Negative when
  /// there is no limit, 0 when the time is gone.
  double budget(int empties) const;

 private:
  bool settingsLimit_ = false;  // the settings' limit, which a new game starts with
  bool limited_ = false;        // now: a time_left may have put a clock under a limit
  double main_ = 0, byo_ = 0;   // the settings
  int stones_ = 0;
  double mainLeft_ = 0, periodLeft_ = 0;  // the state
  int stonesLeft_ = 0;                    // 0: still in main time
};

/// The rules play and gtp keep a game by, on stage s11 (named in engine.cpp).
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
