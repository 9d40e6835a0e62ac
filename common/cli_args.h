/// \file cli_args.h
/// \brief The argument reader every `reversi-lab` command shares.
#pragma once
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "position.h"

namespace reversi {

/// Bad input at the host boundary: printed as "reversi-lab: <message>", one line, exit 2.
struct UsageError {
  std::string message;  ///< "<command>: what is wrong"
};

/// The options and positional arguments of one command.
struct CliArgs {
  std::map<std::string, std::string> options;  ///< "--stage" -> "5"; flags -> ""
  std::vector<std::string> positional;         ///< everything else, in order
};

/// Reads args[from..]: an option is "--" and a lower-case letter (a position may start
/// with "--"); `valued` options take a value (the next argument or "--name=value"),
/// `flags` none; at most `maxPositional` other arguments. Throws UsageError naming
/// `command` and what is wrong: unknown option, missing value, given twice, extra argument.
CliArgs parseCliArgs(const std::vector<std::string>& args, size_t from, const std::vector<std::string>& valued,
                     const std::vector<std::string>& flags, size_t maxPositional, const std::string& command);

/// The position in the first positional argument, or `fallback` when there is none.
/// Throws UsageError "<command>: position ..." saying what is wrong with it.
Position positionArgument(const CliArgs& a, std::string_view fallback, const std::string& command);

/// The whole-number option `name` (decimal digits only) in lo..hi; `fallback` when it is
/// absent (without one it is required). Throws UsageError: not a number, out of range.
int wholeNumberOption(const CliArgs& a, const std::string& command, const std::string& name, int lo, int hi,
                      std::optional<int> fallback = std::nullopt);

}  // namespace reversi
