// sketch_check COMMAND [ARGS...]
// Runs a stage's sketch (on the host shim, or in a simulator through a runner), reads
// what it prints over Serial, and checks it against the article's golden grid: exactly
// 8 grid lines equal to the published grid, timing lines "<name> reps=N us=T" (or
// cycles=), and a last line DONE. Exit 0 when it matches, 1 with the reason otherwise.
#include <regex>
#include <string>

#include "golden.h"
#include "sketch_output.h"

namespace {

std::string checkStageSketch(const std::string& output) {
  const std::regex gridLine("([0-9WB] ){7}[0-9WB]");
  const std::regex timingLine("[a-z_]+ reps=[0-9]+ (us|cycles)=[0-9]+");
  const std::vector<std::string> lines = reversi::splitLines(output);
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
  if (gridLines != 8) return "expected 8 grid lines, found " + std::to_string(gridLines);
  if (grid != reversi::golden::grid)
    return "the grid differs from the article's:\n" + grid + "expected:\n" + std::string(reversi::golden::grid);
  if (timingLines == 0) return "no timing line of the form '<name> reps=N us=T'";
  if (lines.empty() || lines.back() != "DONE") return "the last line is not DONE";
  return "";
}

}  // namespace

int main(int argc, char** argv) { return reversi::runSketchChecker(argc, argv, checkStageSketch); }
