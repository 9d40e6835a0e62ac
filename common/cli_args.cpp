#include "cli_args.h"

#include "position.h"  // quoteInput: echoed input stays one printable line

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

}  // namespace reversi
