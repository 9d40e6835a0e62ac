/// \file cli.h
/// \brief The `reversi-lab` command line, callable in-process so tests can drive it.
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

namespace reversi {

/// Exit status for bad input: one line on stderr says what is wrong.
inline constexpr int kUsageError = 2;

/// Runs the CLI on `args` (without the program name). Returns the exit status:
/// 0 success, 1 a check failed (stages disagree), 2 bad input.
int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace reversi
