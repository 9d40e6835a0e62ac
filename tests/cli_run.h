// Runs one of the CLI's entry points in-process and keeps what it printed, so the CLI
// tests can check the exit status and both outputs; and the check every refusal passes.
#pragma once
#include <istream>
#include <sstream>
#include <string>
#include <vector>

#include "catch.h"
#include "commands/cli.h"

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

/// The whole command line, runCli(args), with nothing on standard input.
inline Run run(const std::vector<std::string>& args) {
  return runEntry(
      [](const std::vector<std::string>& a, std::istream&, std::ostream& o, std::ostream& e) { return runCli(a, o, e); }, args);
}

/// An output that takes nothing, as a closed standard output or a full disk.
struct FailingOutput : std::streambuf {
  int overflow(int) override { return traits_type::eof(); }
};

/// runCli(args) writing to a FailingOutput (status, nothing, stderr).
inline Run runIntoFailingOutput(const std::vector<std::string>& args) {
  FailingOutput sink;
  std::ostream out(&sink);
  std::ostringstream err;
  const int status = runCli(args, out, err);
  return {status, "", err.str()};
}

/// Bad input: status 2, nothing on stdout, exactly one line on stderr containing `what`.
inline void checkRejected(const std::vector<std::string>& args, const std::string& what) {
  const Run r = run(args);
  INFO("args: " << [&] {
    std::string s;
    for (auto& a : args) s += "[" + a + "] ";
    return s;
  }());
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find(what) != std::string::npos);
  CHECK(r.err.find('\n') == r.err.size() - 1);
  CHECK(r.err.rfind("reversi-lab: ", 0) == 0);
  // Echoed input stays one printable line of bounded length, whatever was typed.
  CHECK(r.err.size() <= 400);
  for (char c : r.err.substr(0, r.err.size() - 1)) CHECK((c >= 0x20 && c <= 0x7e));
}

}  // namespace reversi::testing
