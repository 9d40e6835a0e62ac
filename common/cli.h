/// \file cli.h
/// \brief The `reversi-lab` command line, callable in-process so tests can drive it.
#pragma once
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace reversi {

struct StepEntry;

/// Exit status for bad input: one line on stderr says what is wrong.
inline constexpr int kUsageError = 2;

/// Runs the CLI on `args` (without the program name). Returns the exit status:
/// 0 success; 1 a check failed (stages disagree, a wrong FFO result), the input of an
/// interactive command ended early, or writing the output failed; 2 bad input. Every
/// failure prints one line "reversi-lab: ..." on `err`.
int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// True when `name` is one of runCli's commands (help's spellings included).
bool isCommand(std::string_view name);

/// `reversi-lab solve` and `reversi-lab search` (common/cli_search.cpp); `args` starts
/// with the command. Bad input throws UsageError (runCli prints it and returns 2).
/// runSolve returns 1 when `--ffo` gets a score or a best move wrong, else 0.
/// A run estimated to take more than about ten seconds is announced on `err` (LongWork).
int runSolve(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int runSearch(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// The tour's finale: an FFO position solved exactly by the default step on s01, s05
/// and the fastest stage, side by side. Returns 1 when their scores or node counts
/// differ (or the score is not the published one), else 0.
int tourSearch(bool quick, std::ostream& out);

/// What solve and search ask of a step at most, so that no command runs for hours.
struct SearchLimits {
  int solveEmpties;  ///< solve: at most this many empty squares
  int searchDepth;   ///< search: at most this many plies, unless solveEmpties allows the whole game
  int slowEmpties;   ///< solve: from this many empty squares on, a run takes more than ~10 s
  int slowDepth;     ///< search: from this depth on, a run takes more than ~10 s
};
/// search's --depth is never more than this, whatever the step.
inline constexpr int kMaxSearchDepth = 30;
/// The limits of `step` (measured for the steps that exist, see cli_search.cpp).
SearchLimits searchLimits(const StepEntry& step);
/// One line per step that exists, for `reversi-lab help`.
std::string searchLimitsText();

/// The FFO numbers `solve --ffo` is given, in order: "1-19", "40-44", "3", "1,3,40-44".
/// Each number, and both ends of a span, must be a position of common/ffo.txt; none
/// twice. Throws UsageError naming `command` and what is wrong.
std::vector<int> parseFfoRange(std::string_view text, const std::string& command);

}  // namespace reversi
