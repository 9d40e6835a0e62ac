// What every harness asserts about a finding: a check that aborts with a message
// (so libFuzzer saves the input), and the one-line rule for error messages.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <string_view>

/// Aborts with `what` on stderr when `cond` is false: libFuzzer keeps the input.
#define FUZZ_CHECK(cond, what)                                           \
  do {                                                                   \
    if (!(cond)) {                                                       \
      std::fprintf(stderr, "FUZZ_CHECK failed: %s (%s)\n", what, #cond); \
      std::abort();                                                      \
    }                                                                    \
  } while (0)

namespace reversi::fuzz {

/// The longest error message we accept: echoed input is cut to 40 characters, the rest
/// is the program's own words (the longest: an unknown stage, with the list of stages).
inline constexpr size_t kMaxMessage = 400;

/// An error message is one line of printable ASCII, not empty and not too long
/// (`trailingNewline`: it ends with exactly one '\n', as the CLI prints it).
inline void checkMessageLine(std::string_view m, bool trailingNewline = false) {
  if (trailingNewline) {
    FUZZ_CHECK(!m.empty() && m.back() == '\n', "message does not end with a newline");
    m.remove_suffix(1);
  }
  FUZZ_CHECK(!m.empty(), "empty error message");
  FUZZ_CHECK(m.size() <= kMaxMessage, "error message too long");
  for (char c : m) {
    if (c < 0x20 || c > 0x7e) std::fprintf(stderr, "message: %.*s\n", int(m.size()), m.data());
    FUZZ_CHECK(c >= 0x20 && c <= 0x7e, "error message has a control or non-ASCII byte");
  }
}

}  // namespace reversi::fuzz
