/// \file usage.h
/// \brief Bad input at the host boundary, as every program of the lab reports it (the
/// command line, the benchmarks, the trainer): one line, exit status 2; and the one way
/// they all read a whole number.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace reversi {

/// Exit status for bad input: one line on stderr says what is wrong.
inline constexpr int kUsageError = 2;

/// Bad input: printed as "reversi-lab: <message>", one line, exit kUsageError.
struct UsageError {
  std::string message;  ///< "<command>: what is wrong"
};

/// True when `text` is a whole number as every command reads one: decimal digits only
/// (no sign, no space, no '+'), and no leading zero unless the number is 0 itself.
bool isWholeNumber(std::string_view text);

/// The value of a whole number (isWholeNumber) that is at most `max`; nothing when
/// `text` is not one or is larger.
std::optional<unsigned long long> wholeNumber(std::string_view text, unsigned long long max);

}  // namespace reversi
