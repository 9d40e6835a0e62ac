// Runs one of the CLI's entry points in-process and keeps what it printed, so the CLI
// tests can check the exit status and both outputs.
#pragma once
#include <istream>
#include <sstream>
#include <string>
#include <vector>

namespace reversi::testing {

struct Run {
  int status;
  std::string out, err;
};

using Entry = int (*)(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);

/// entry(args) with `input` as standard input.
inline Run runEntry(Entry entry, const std::vector<std::string>& args, const std::string& input = "") {
  std::istringstream in(input);
  std::ostringstream out, err;
  const int status = entry(args, in, out, err);
  return {status, out.str(), err.str()};
}

}  // namespace reversi::testing
