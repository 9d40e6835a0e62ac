// `reversi-lab go`: the Go-capture sidebar on a board from a file, and the checker of
// its sketch.
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "go_capture/go_capture.h"
#include "position.h"  // quoteInput: echoed input stays one printable line
#include "cli_args.h"
#include "sidebars.h"
#include "sketch_output.h"

namespace reversi {

namespace {

using GoBoard = go_capture::Board<go_capture::SIZE>;
constexpr int N = go_capture::SIZE;

// Bad input: the message becomes the one line on stderr.
struct BadInput {
  std::string message;
};

// N lines of N digits 0..2, digits optionally separated by spaces; blank lines are
// ignored. Names the line that is wrong.
GoBoard parseBoard(const std::string& text) {
  GoBoard b;
  int row = 0, lineNo = 0;
  for (const std::string& line : splitLines(text)) {
    ++lineNo;
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    if (row == N) throw BadInput{"line " + std::to_string(lineNo) + ": more than " + std::to_string(N) + " board lines"};
    int col = 0;
    for (char ch : line) {
      if (ch == ' ' || ch == '\t') continue;
      if (ch < '0' || ch > '2')
        throw BadInput{"line " + std::to_string(lineNo) + ": " + quoteInput(std::string_view(&ch, 1)) +
                       " is not 0 (empty), 1 (the player who just moved) or 2 (the opponent)"};
      if (col == N) throw BadInput{"line " + std::to_string(lineNo) + ": more than " + std::to_string(N) + " points"};
      b.cell[row][col++] = uint8_t(ch - '0');
    }
    if (col < N)
      throw BadInput{"line " + std::to_string(lineNo) + ": " + std::to_string(col) + " points, expected " + std::to_string(N)};
    ++row;
  }
  if (row < N) throw BadInput{"the board has " + std::to_string(row) + " lines, expected " + std::to_string(N)};
  return b;
}

std::string boardText(const GoBoard& b) {
  std::string s;
  for (int r = 0; r < N; ++r)
    for (int c = 0; c < N; ++c) s += char('0' + b.cell[r][c]) + std::string(c + 1 < N ? " " : "\n");
  return s;
}

// "R,C" with R and C in 0..N-1, each a whole number as every option reads one
// (isWholeNumber: no space, sign or leading zero).
bool parsePoint(const std::string& v, int& row, int& col) {
  const size_t comma = v.find(',');
  if (comma == std::string::npos) return false;
  const auto r = wholeNumber(std::string_view(v).substr(0, comma), N - 1);
  const auto c = wholeNumber(std::string_view(v).substr(comma + 1), N - 1);
  if (!r || !c) return false;
  row = int(*r);
  col = int(*c);
  return true;
}

}  // namespace

int runGo(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err) {
  try {
    CliArgs a = parseCliArgs(args, 1, {"--method", "--at"}, {}, 2, "go");
    std::map<std::string, std::string>& opt = a.options;
    const std::vector<std::string>& files = a.positional;
    const std::string method = opt.count("--method") ? opt["--method"] : "";
    if (method != "recursive" && method != "sweep" && method != "stack" && method != "bitboard")
      throw BadInput{method.empty() ? "--method is required (recursive, sweep, stack or bitboard)"
                                    : "unknown method " + quoteInput(method) + " (recursive, sweep, stack or bitboard)"};
    if (files.size() != 1) throw BadInput{files.empty() ? "FILE is missing (- reads standard input)" : "only one FILE, please"};
    int row = -1, col = -1;
    if (opt.count("--at") && !parsePoint(opt["--at"], row, col))
      throw BadInput{"--at wants ROW,COL with both in 0.." + std::to_string(N - 1) + ", got " + quoteInput(opt["--at"])};
    if (method == "recursive" && row < 0) throw BadInput{"--method recursive needs --at ROW,COL (the stone just played)"};
    if (method != "recursive" && row >= 0)
      throw BadInput{"--at is only for --method recursive (" + method + " looks at the whole board)"};

    // Read at most kMaxBoardBytes + 1 bytes through istream::read, which turns a read
    // error (a folder) into badbit instead of an exception, and stops on endless input
    // such as /dev/zero.
    constexpr size_t kMaxBoardBytes = 4096;  // 9 lines of 9 digits with generous spacing
    std::string text(kMaxBoardBytes + 1, '\0');
    auto readBounded = [&](std::istream& s, const std::string& name) {
      errno = 0;
      s.read(&text[0], std::streamsize(text.size()));
      if (s.bad()) throw BadInput{"cannot read " + name + ": " + systemReason(errno)};
      text.resize(size_t(s.gcount()));
      if (text.size() > kMaxBoardBytes)
        throw BadInput{name + " is longer than " + std::to_string(kMaxBoardBytes) + " bytes: a board is " + std::to_string(N) +
                       " lines of " + std::to_string(N) + " digits"};
    };
    if (files[0] == "-") {
      readBounded(in, "standard input");
    } else {
      errno = 0;
      std::ifstream f(files[0], std::ios::binary);
      if (!f) throw BadInput{"cannot read " + quoteInput(files[0]) + ": " + systemReason(errno)};
      readBounded(f, quoteInput(files[0]));
    }
    GoBoard b = parseBoard(text);
    if (row >= 0 && b.cell[row][col] != go_capture::MINE)
      throw BadInput{"--at " + quoteInput(opt["--at"]) + " is not a stone of the player who just moved (1)"};

    int captured = 0, scans = 0;
    if (method == "recursive") captured = go_capture::captureRecursive(b, row, col);
    if (method == "sweep") captured = go_capture::captureSweep(b, &scans);
    if (method == "stack") captured = go_capture::captureStack(b);
    if (method == "bitboard") captured = go_capture::captureBitboard(b);
    out << boardText(b) << "captured=" << captured << " scans=" << scans << "\n";
    return 0;
  } catch (const BadInput& e) {
    err << "reversi-lab: go: " << e.message << "\n";
    return 2;
  } catch (const UsageError& e) {
    err << "reversi-lab: " << e.message << "\n";
    return 2;
  }
}

int runGo(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) { return runGo(args, std::cin, out, err); }

// The go sketch prints the article's board, the recursive fill's and the sweep's
// outputs (each after a label line), the counts, one timing line per method, DONE.
std::string checkGoSketch(const std::string& serial) {
  const std::vector<std::string> lines = splitLines(serial);
  auto block = [&](const std::string& label) -> std::string {  // the N lines after `label`
    for (size_t i = 0; i < lines.size(); ++i)
      if (lines[i] == label && i + N < lines.size()) {
        std::string s;
        for (int k = 1; k <= N; ++k) s += lines[i + k] + "\n";
        return s;
      }
    return "(no line '" + label + "')";
  };
  auto has = [&](const std::string& line) {
    for (const std::string& l : lines)
      if (l == line) return true;
    return false;
  };
  const struct {
    const char* label;
    std::string_view want;
  } blocks[] = {{"board:", go_article::board}, {"recursive:", go_article::recursiveOutput}, {"sweep:", go_article::sweepOutput}};
  for (const auto& k : blocks)
    if (block(k.label) != k.want)
      return std::string("after '") + k.label + "' expected\n" + std::string(k.want) + "got\n" + block(k.label);

  // The counts the sketch must report, worked out here from the published data.
  GoBoard b = parseBoard(std::string(go_article::board));
  int scans = 0;
  const int captured = go_capture::captureSweep(b, &scans);
  for (const std::string& want : {"recursive captured=" + std::to_string(captured),
                                  "sweep captured=" + std::to_string(captured) + " scans=" + std::to_string(scans),
                                  "stack captured=" + std::to_string(captured), "bitboard captured=" + std::to_string(captured)})
    if (!has(want)) return "no line '" + want + "'";
  for (const char* name : {"recursive", "sweep", "stack", "bitboard"}) {
    bool timed = false;
    for (const std::string& l : lines)
      timed = timed || (l.rfind(std::string(name) + " reps=", 0) == 0 && l.find(" us=") != std::string::npos);
    if (!timed) return std::string("no timing line '") + name + " reps=N us=T'";
  }
  if (lines.empty() || lines.back() != "DONE") return "the last line is not DONE";
  return "";
}

}  // namespace reversi
