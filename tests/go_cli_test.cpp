// `reversi-lab go` driven in-process: the article's board through every method, a file
// and stdin, and bad input (one line on stderr, status 2, nothing on stdout).
#include <cstdio>
#include <fstream>
#include <sstream>

#include "catch.h"
#include "commands/cli.h"
#include "commands/sidebars.h"
#include "cli_run.h"
#include "go_boards.h"

using namespace reversi;

namespace {

using testing::Run;

Run go(const std::vector<std::string>& args, const std::string& input) {
  std::vector<std::string> all{"go"};
  all.insert(all.end(), args.begin(), args.end());
  return testing::runEntry(runGo, all, input);
}

// The article's board with the captured stones as 9: the recursive fill's output.
const std::string kMarked = std::string(go_article::recursiveOutput);
const std::string kBoard = std::string(go_article::board);

int capturedIn(const std::string& board) {
  int n = 0;
  for (char ch : board) n += ch == '9';
  return n;
}

}  // namespace

TEST_CASE("go cli: every method marks the article's captured stones", "[go][cli]") {
  const std::string counts = "captured=" + std::to_string(capturedIn(kMarked));
  for (const char* method : {"recursive", "sweep", "stack", "bitboard"}) {
    INFO(method);
    const bool fill = std::string(method) == "recursive";  // the only method that starts from a stone
    const Run r = go(fill ? std::vector<std::string>{"--method", method, "--at", "0,7", "-"}
                          : std::vector<std::string>{"--method", method, "-"},
                     kBoard);
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(r.out.rfind(kMarked, 0) == 0);
    const std::string last = r.out.substr(kMarked.size());
    CHECK(last.rfind(counts + " scans=", 0) == 0);
    CHECK((last == counts + " scans=0\n") == (std::string(method) != "sweep"));
  }
}

TEST_CASE("go cli: reads a file, with or without spaces between the digits", "[go][cli]") {
  const std::string path = "go_cli_test_board.txt";
  {
    std::ofstream f(path);
    for (char ch : kBoard)
      if (ch != ' ') f << ch;
  }
  const Run r = go({"--method", "stack", path}, "");
  std::remove(path.c_str());
  CHECK(r.status == 0);
  CHECK(r.out.rfind(kMarked, 0) == 0);
}

TEST_CASE("go cli: the console reports the scans of the sweep", "[go][cli]") {
  const Run r = go({"--method", "sweep", "-"}, kBoard);
  go_capture::Board<9> b = go_boards::fromText<9>(kBoard);
  CHECK(r.out.find(" scans=" + std::to_string(go_capture::sweepEmpties(b)) + "\n") != std::string::npos);
}

TEST_CASE("go cli: bad input gets one line on stderr and status 2", "[go][cli]") {
  struct Bad {
    std::vector<std::string> args;
    std::string input, what;
  };
  const std::string shortBoard = kBoard.substr(0, kBoard.size() - 18);
  std::string letter = kBoard;
  letter[4] = 'x';
  std::string three = kBoard;
  three[0] = '3';
  const Bad cases[] = {
      {{"-"}, kBoard, "--method is required"},
      {{"--method", "dfs", "-"}, kBoard, "unknown method 'dfs'"},
      {{"--method", "recursive", "-"}, kBoard, "needs --at"},
      {{"--method", "recursive", "--at", "9,0", "-"}, kBoard, "--at wants ROW,COL"},
      {{"--method", "recursive", "--at", "0;7", "-"}, kBoard, "--at wants ROW,COL"},
      // One reading of numbers everywhere: no space, sign or leading zero; echoed escaped.
      {{"--method", "recursive", "--at", "0, 7", "-"}, kBoard, "--at wants ROW,COL with both in 0..8, got '0, 7'"},
      {{"--method", "recursive", "--at", " 0,7", "-"}, kBoard, "got ' 0,7'"},
      {{"--method", "recursive", "--at", "0,7\r", "-"}, kBoard, "got '0,7\\x0d'"},
      {{"--method", "recursive", "--at", "0,07", "-"}, kBoard, "got '0,07'"},
      {{"--method", "recursive", "--at", "0,+7", "-"}, kBoard, "got '0,+7'"},
      {{"--method", "recursive", "--at", "0," + std::string(100000, ' ') + "7", "-"}, kBoard, "got '0,      "},
      // An option the method would ignore is an error, not silence.
      {{"--method", "sweep", "--at", "0,7", "-"}, kBoard, "--at is only for --method recursive"},
      {{"--method", "bitboard", "--at", "0,7", "-"}, kBoard, "--at is only for --method recursive"},
      {{"--method", "recursive", "--at", "0,4", "-"}, kBoard, "not a stone of the player who just moved"},
      {{"--method", "sweep"}, kBoard, "FILE is missing"},
      {{"--method", "sweep", "-", "-"}, kBoard, "only one FILE"},
      {{"--method", "sweep", "--colour", "2", "-"}, kBoard, "unknown option '--colour'"},
      {{"--method", "sweep", "--method", "stack", "-"}, kBoard, "--method given twice"},
      {{"--method"}, kBoard, "--method needs a value"},
      {{"--method", "sweep", "no_such_file.txt"}, "", "cannot read 'no_such_file.txt': no such file"},
      {{"--method", "sweep", "/"}, "", "cannot read '/': is a directory"},
      {{"--method", "sweep", std::string(100, 'f')}, "", "cannot read '" + std::string(40, 'f') + "...': no such file"},
      {{"--method", "sweep", "-"}, shortBoard, "the board has 8 lines"},
      {{"--method", "sweep", "-"}, kBoard + "0 0 0 0 0 0 0 0 0\n", "line 10: more than 9 board lines"},
      {{"--method", "sweep", "-"}, letter, "line 1: 'x' is not 0"},
      {{"--method", "sweep", "-"}, three, "line 1: '3' is not 0"},
      {{"--method", "sweep", "-"}, "0 0 0\n" + kBoard, "line 1: 3 points, expected 9"},
      {{"--method", "sweep", "-"}, "0 0 0 0 0 0 0 0 0 0\n" + kBoard, "line 1: more than 9 points"},
  };
  for (const Bad& b : cases) {
    INFO(b.what);
    const Run r = go(b.args, b.input);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.rfind("reversi-lab: go: ", 0) == 0);
    CHECK(r.err.find(b.what) != std::string::npos);
    CHECK(r.err.find('\n') == r.err.size() - 1);
  }
}

TEST_CASE("go cli: the command is reachable from reversi-lab", "[go][cli]") {
  std::ostringstream out, err;
  CHECK(runCli({"go", "--method", "stack"}, out, err) == 2);
  CHECK(err.str() == "reversi-lab: go: FILE is missing (- reads standard input)\n");
}
