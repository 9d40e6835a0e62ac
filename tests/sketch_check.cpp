// sketch_check COMMAND [ARGS...]
// Runs a sketch (on the host shim, or in a simulator through a runner), reads what it
// prints over Serial, and checks it against the article's golden grid: exactly one block
// of 8 grid lines equal to the published grid, timing lines "<name> reps=N us=T", and a
// last line DONE. Exit 0 when it matches, 1 with the reason otherwise.
#include <cstdio>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "golden.h"

namespace {

std::string shellQuote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

int fail(const std::string& why, const std::string& output) {
  std::fprintf(stderr, "sketch_check: %s\n--- sketch output ---\n%s\n", why.c_str(), output.c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: sketch_check COMMAND [ARGS...]\n");
    return 2;
  }
  std::string command;
  for (int i = 1; i < argc; ++i) command += (i > 1 ? " " : "") + shellQuote(argv[i]);
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return fail("cannot run " + command, "");
  std::string output;
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, pipe)) > 0;) output.append(buf, n);
  const int status = pclose(pipe);
  if (status != 0) return fail("the sketch exited with status " + std::to_string(status), output);

  std::vector<std::string> lines;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  const std::regex gridLine("([0-9WB] ){7}[0-9WB]");
  const std::regex timingLine("[a-z_]+ reps=[0-9]+ (us|cycles)=[0-9]+");
  std::string grid;
  int gridLines = 0, timingLines = 0;
  for (const std::string& l : lines) {
    if (std::regex_match(l, gridLine)) {
      grid += l + "\n";
      ++gridLines;
    } else if (std::regex_match(l, timingLine)) {
      ++timingLines;
    }
  }
  if (gridLines != 8) return fail("expected 8 grid lines, found " + std::to_string(gridLines), output);
  if (grid != reversi::golden::grid)
    return fail("the grid differs from the article's:\n" + grid + "expected:\n" + std::string(reversi::golden::grid), output);
  if (timingLines == 0) return fail("no timing line of the form '<name> reps=N us=T'", output);
  if (lines.empty() || lines.back() != "DONE") return fail("the last line is not DONE", output);
  std::printf("sketch prints the article's grid, %d timing lines and DONE\n", timingLines);
  return 0;
}
