// libFuzzer harness: the whole command line. The bytes are split at each NUL into
// arguments and given to runCli in-process. Whatever they are, the CLI must return 0,
// 1 or 2; with 2, stdout stays empty and stderr is exactly one printable line
// "reversi-lab: ...". A crash, an exception escaping runCli, a sanitizer report or a
// hang (libFuzzer's -timeout) is a finding.
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "cli.h"
#include "fuzz_check.h"

namespace {

// Work that is slow by design, not by fault, is left out so that every run takes
// milliseconds: the tour (it times every stage), perft deeper than 3 plies (from a
// fuzzed position perft(4) can already take seconds under the sanitizers) and more
// than 2 threads. Values beyond 1000 stay in: the CLI must refuse them at once.
struct Limit {
  const char* option;
  int max;
};
constexpr Limit kLimits[] = {{"--depth", 3}, {"--threads", 2}};

bool slowByDesign(const std::vector<std::string>& args) {
  if (args.empty()) return false;
  if (args[0] == "tour") return true;
  for (size_t i = 1; i < args.size(); ++i)
    for (const Limit& l : kLimits) {
      const std::string name = l.option, inlined = name + "=";
      std::string v;
      if (args[i] == name && i + 1 < args.size()) v = args[i + 1];
      else if (args[i].rfind(inlined, 0) == 0) v = args[i].substr(inlined.size());
      else continue;
      if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos) continue;  // refused at once
      const size_t first = v.find_first_not_of('0');
      if (first == std::string::npos || v.size() - first > 4) continue;  // 0, or beyond 9999
      const int n = std::stoi(v.substr(first));
      if (n > l.max && n <= 1000) return true;
    }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // Commands that read standard input must see its end at once, not wait for a person.
  if (!std::freopen("/dev/null", "r", stdin)) std::perror("/dev/null");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<std::string> args(1);
  for (size_t i = 0; i < size; ++i) {
    if (data[i] == 0) {
      if (args.size() == 16) break;  // enough arguments to reach every combination
      args.emplace_back();
    } else {
      args.back() += char(data[i]);
    }
  }
  if (size == 0) args.clear();
  if (slowByDesign(args)) return 0;

  std::ostringstream out, err;
  const int status = reversi::runCli(args, out, err);
  FUZZ_CHECK(status == 0 || status == 1 || status == 2, "exit status other than 0, 1 or 2");
  if (status == 2) {
    FUZZ_CHECK(out.str().empty(), "bad input also printed to stdout");
    const std::string e = err.str();
    FUZZ_CHECK(e.rfind("reversi-lab: ", 0) == 0, "error line does not start with 'reversi-lab: '");
    reversi::fuzz::checkMessageLine(e, true);
  }
  return 0;
}
