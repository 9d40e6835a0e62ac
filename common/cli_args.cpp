#include "cli_args.h"

#include <charconv>

namespace reversi {

CliArgs parseCliArgs(const std::vector<std::string>& args, size_t from,
               const std::vector<std::string>& valued, const std::vector<std::string>& flags,
               size_t maxPositional, const std::string& command) {
  CliArgs a;
  auto in = [](const std::vector<std::string>& v, const std::string& s) {
    for (const auto& x : v) if (x == s) return true;
    return false;
  };
  for (size_t i = from; i < args.size(); ++i) {
    std::string arg = args[i], value;
    // Positions may start with "--" too: an option is "--" and a letter.
    const bool isOption = arg.size() > 2 && arg.compare(0, 2, "--") == 0 && arg[2] >= 'a' && arg[2] <= 'z';
    if (isOption) {
      const size_t eq = arg.find('=');
      const bool inlineValue = eq != std::string::npos;
      if (inlineValue) {
        value = arg.substr(eq + 1);
        arg = arg.substr(0, eq);
      }
      if (in(valued, arg)) {
        if (!inlineValue) {
          if (i + 1 >= args.size()) throw UsageError{command + ": " + arg + " needs a value"};
          value = args[++i];
        }
      } else if (in(flags, arg)) {
        if (inlineValue) throw UsageError{command + ": " + arg + " takes no value"};
      } else {
        throw UsageError{command + ": unknown option " + quoteInput(arg)};
      }
      if (a.options.count(arg)) throw UsageError{command + ": " + arg + " given twice"};
      a.options[arg] = value;
    } else {
      if (a.positional.size() >= maxPositional)
        throw UsageError{command + ": unexpected argument " + quoteInput(arg)};
      a.positional.push_back(arg);
    }
  }
  return a;
}

Position positionArgument(const CliArgs& a, std::string_view fallback, const std::string& command) {
  try {
    return parsePosition(a.positional.empty() ? fallback : std::string_view(a.positional[0]));
  } catch (const ParseError& e) {
    throw UsageError{command + ": " + e.what()};
  }
}

int wholeNumberOption(const CliArgs& a, const std::string& command, const std::string& name, int lo, int hi,
                      std::optional<int> fallback) {
  const auto it = a.options.find(name);
  if (it == a.options.end()) {
    if (fallback) return *fallback;
    throw UsageError{command + ": " + name + " is required"};
  }
  const std::string& v = it->second;
  int n = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (v.empty() || ec == std::errc::invalid_argument || end != v.data() + v.size())
    throw UsageError{command + ": " + name + " must be a whole number, got " + quoteInput(v)};
  const bool outOfRange = ec == std::errc::result_out_of_range;  // n was left unset
  if (outOfRange ? v[0] == '-' : n < lo)
    throw UsageError{command + ": " + name + (lo == 0 ? " must not be negative" : " must be at least " + std::to_string(lo)) +
                     ", got " + quoteInput(v)};
  if (outOfRange || n > hi)
    throw UsageError{command + ": " + name + " " + quoteInput(v) + " is too large (at most " + std::to_string(hi) + ")"};
  return n;
}

}  // namespace reversi
