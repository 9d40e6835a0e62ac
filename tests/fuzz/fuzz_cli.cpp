// libFuzzer harness: the whole command line. The bytes up to the first three NULs in a
// row are split at each NUL into arguments and given to runCli in-process; the bytes
// after them are standard input (go -, gray, play, gtp), so that every command gets
// past reading its input into its work. Whatever they are, the CLI must return 0, 1 or
// 2; with 2, stdout stays empty and stderr is exactly one printable line
// "reversi-lab: ...". A crash, an exception escaping runCli, a sanitizer report or a
// hang (libFuzzer's -timeout) is a finding.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "commands/cli.h"
#include "commands/cli_args.h"
#include "engine.h"
#include "fuzz_check.h"
#include "ffo.h"
#include "position.h"
#include "search_registry.h"

namespace {

// Work that is slow by design, not by fault, is left out so that every run takes
// milliseconds: the tour (it times every stage), perft deeper than 3 plies (from a
// fuzzed position perft(4) can already take seconds under the sanitizers), more than 2
// threads, a perft hash table over 4 MiB, and the searches below. Values beyond 1000
// stay in: the CLI must refuse them at once.
struct Limit {
  const char* option;
  int max;
};
constexpr Limit kLimits[] = {{"--depth", 3}, {"--threads", 2}, {"--hash-mb", 4}};

// The CLI's own limits on solve, search and play (reversi-lab help lists them) keep a
// run to seconds or minutes on an optimised build: never hours, but far beyond
// libFuzzer's -timeout under the sanitizers. So the harness also leaves out what those
// limits accept beyond this: exact solves of more than 10 empty squares (e01, the
// slowest step, takes ~0.1 s on 10, optimised) and searches deeper than 3 plies. What
// the limits refuse stays in: it must be refused at once.
constexpr int kMaxSolvedEmpties = 10, kMaxSearchDepth = 3;

// Every value given to `name` (as "--name v" or "--name=v").
std::vector<std::string> optionValues(const std::vector<std::string>& args, const std::string& name) {
  std::vector<std::string> values;
  const std::string inlined = name + "=";
  for (size_t i = 1; i < args.size(); ++i) {
    if (args[i] == name && i + 1 < args.size()) values.push_back(args[i + 1]);
    else if (args[i].rfind(inlined, 0) == 0) values.push_back(args[i].substr(inlined.size()));
  }
  return values;
}

// A whole number of at most 4 digits (leading zeros aside), or -1: anything else the
// CLI refuses at once or finds too large.
int smallNumber(const std::string& v) {
  if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos) return -1;
  const size_t first = v.find_first_not_of('0');
  if (first == std::string::npos) return 0;
  return v.size() - first > 4 ? -1 : std::stoi(v.substr(first));
}

// The empty squares of every argument that is a valid position.
std::vector<int> positionEmpties(const std::vector<std::string>& args) {
  std::vector<int> empties;
  for (size_t i = 1; i < args.size(); ++i) {
    try {
      const reversi::Position p = reversi::parsePosition(args[i]);
      empties.push_back(int(std::count(p.cells.begin(), p.cells.end(), reversi::EMPTY)));
    } catch (const reversi::ParseError&) {}
  }
  return empties;
}

// solve, search and play runs the CLI would accept and that search beyond the bounds
// above. gtp reads /dev/null here, so it never searches.
bool slowSearch(const std::vector<std::string>& args) {
  const std::string& cmd = args[0];
  const reversi::StepEntry* step = &reversi::defaultStep();
  for (const std::string& v : optionValues(args, "--engine"))
    if (reversi::findStep(v)) step = reversi::findStep(v);  // an unknown one is refused at once
  const reversi::SearchLimits limits = reversi::searchLimits(*step);
  const std::vector<int> empties = positionEmpties(args);
  // A position the engine would solve that is bigger than kMaxSolvedEmpties.
  auto solvesBig = [&](int most) {
    for (int e : empties)
      if (e > kMaxSolvedEmpties && e <= most) return true;
    return false;
  };
  if (cmd == "solve") {
    for (const std::string& v : optionValues(args, "--ffo")) {
      try {  // every FFO position has 14 empty squares or more; one too many refuses all
        bool all = true;
        for (int n : reversi::parseFfoRange(v, "solve")) all = all && reversi::findFfo(n)->empties <= limits.solveEmpties;
        if (all) return true;
      } catch (const reversi::UsageError&) {  // refused at once
      }
    }
    return solvesBig(limits.solveEmpties);
  }
  if (cmd == "search") {
    for (const std::string& v : optionValues(args, "--depth")) {
      const int depth = smallNumber(v);
      if (depth > kMaxSearchDepth && depth <= reversi::kMaxSearchDepth &&
          (depth <= limits.searchDepth || solvesBig(limits.solveEmpties)))
        return true;
    }
    return false;
  }
  if (cmd == "play" || cmd == "gtp") {  // the engine moves, and the human asks for hints
    int level = reversi::kDefaultLevel;
    for (const std::string& v : optionValues(args, "--level"))
      if (reversi::parseLevel(v)) level = reversi::parseLevel(v);  // anything else is refused at once
    const reversi::Level settings = reversi::levelSettings(level);
    return settings.depth > kMaxSearchDepth + 1 || (settings.exactEmpties > kMaxSolvedEmpties && solvesBig(64));
  }
  return false;
}

bool slowByDesign(const std::vector<std::string>& args) {
  if (args.empty()) return false;
  if (args[0] == "tour") return true;
  // perft --hash zeroes its whole table first: 64 MiB unless --hash-mb says less.
  const bool hash = std::find(args.begin(), args.end(), "--hash") != args.end();
  if (hash && optionValues(args, "--hash-mb").empty()) return true;
  if (args[0] != "search")  // search's depth: see slowSearch
    for (const Limit& l : kLimits)
      for (const std::string& v : optionValues(args, l.option)) {
        const int n = smallNumber(v);
        if (n > l.max && n <= 1000) return true;
      }
  return slowSearch(args);
}

// GTP can raise its level in its input (set_level), beyond what the harness lets run.
bool slowInput(const std::vector<std::string>& args, std::string_view input) {
  if (args.empty() || args[0] != "gtp") return false;
  for (size_t at = input.find("set_level"); at != std::string_view::npos; at = input.find("set_level", at + 1)) {
    const size_t digit = input.find_first_not_of(" \t", at + 9);
    if (digit != std::string_view::npos && input[digit] > '3' && input[digit] <= '9') return true;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const size_t split = std::min(bytes.find(std::string_view("\0\0\0", 3)), size);
  const std::string_view input = split < size ? bytes.substr(split + 3) : std::string_view();
  std::vector<std::string> args(1);
  for (size_t i = 0; i < split; ++i) {
    if (data[i] == 0) {
      if (args.size() == 16) break;  // enough arguments to reach every combination
      args.emplace_back();
    } else {
      args.back() += char(data[i]);
    }
  }
  if (split == 0) args.clear();
  if (slowByDesign(args) || slowInput(args, input)) return 0;

  // Standard input is the rest of the bytes: std::cin reads them, then its end.
  std::istringstream stdinText{std::string(input)};
  std::streambuf* const saved = std::cin.rdbuf(stdinText.rdbuf());
  std::cin.clear();
  std::ostringstream out, err;
  const int status = reversi::runCli(args, out, err);
  std::cin.rdbuf(saved);
  FUZZ_CHECK(status == 0 || status == 1 || status == 2, "exit status other than 0, 1 or 2");
  if (status == 2) {
    FUZZ_CHECK(out.str().empty(), "bad input also printed to stdout");
    const std::string e = err.str();
    FUZZ_CHECK(e.rfind("reversi-lab: ", 0) == 0, "error line does not start with 'reversi-lab: '");
    reversi::fuzz::checkMessageLine(e, true);
  }
  return 0;
}
