/// \file cli.h
/// \brief The `reversi-lab` command line, callable in-process so tests can drive it: runCli
/// and the commands that other files and the tests call directly.
#pragma once
#include <iosfwd>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine.h"
#include "usage.h"  // kUsageError

namespace reversi {

/// Runs the CLI on `args` (without the program name). Returns the exit status:
/// 0 success; 1 a check failed (stages disagree, a wrong FFO result), the input of an
/// interactive command ended early, or writing the output failed; 2 bad input. Every
/// failure prints one line "reversi-lab: ..." on `err`.
int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// True when `name` is one of runCli's commands (help's spellings included).
bool isCommand(std::string_view name);

/// `reversi-lab solve` and `reversi-lab search` (common/commands/cli_search.cpp); `args` starts
/// with the command. Bad input throws UsageError (runCli prints it and returns 2).
/// runSolve returns 1 when `--ffo` gets a score or a best move wrong, else 0.
/// A run estimated to take more than about ten seconds is announced on `err` (LongWork).
int runSolve(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int runSearch(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// The tour's finale: an FFO position solved exactly by the default step on s01, s05
/// and the fastest stage, side by side. Returns 1 when their scores or node counts
/// differ (or the score is not the published one), else 0.
int tourSearch(bool quick, std::ostream& out);

/// One line per step that exists, for `reversi-lab help`.
std::string searchLimitsText();

/// The tour's line on why s02-s05 are slower than s01, from its own flip-scan timings
/// (stage number, ns; s01 first): it names the stages of s02-s05 that ran below 1.00x as
/// fast as s01, and is empty when none did (so it stays true on any machine).
std::string whySlowerThanS01(const std::vector<std::pair<int, double>>& scans);

/// `reversi-lab play` and `reversi-lab gtp` (common/commands/cli_play.cpp, cli_gtp.cpp).
///
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
  MoveClock clocks_[2];  // black's and white's (time_settings, time_left, --time)
  Position position_;
  std::vector<Position> history_;  // the position before each move (passes too), for undo
  bool finished_ = false;
};

/// `reversi-lab gtp [--level L] [--time S | --nodes N] [--stage S] [--engine E]`: GTP on `in` and `out` until
/// `quit` or the end of the input; `out` carries only the protocol and is flushed after
/// each response. Returns 0, or 2 for bad options (one line on `err`).
int runGtp(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);
/// runGtp on standard input and output.
int runGtp(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace reversi
