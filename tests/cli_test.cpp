// The CLI driven in-process: outputs for good input, one line and status 2 for bad input.
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "catch.h"
#include "commands/cli.h"
#include "commands/cli_args.h"
#include "cli_run.h"
#include "engine.h"
#include "golden.h"
#include "position.h"
#include "registry.h"

using namespace reversi;

namespace {

using testing::checkRejected;
using testing::Run;
using testing::run;

const std::string kStart = formatPosition(startPosition());

}  // namespace

TEST_CASE("cli flips prints the article's grid for every stage and every way of naming it", "[cli]") {
  for (const StageEntry& s : stages()) {
    for (std::string name :
         {std::to_string(s.number), std::string(s.id.substr(0, 3)), std::string(s.id), std::string(s.shortName)}) {
      INFO(name);
      const Run r = run({"flips", "--stage", name, std::string(golden::position)});
      CHECK(r.status == 0);
      CHECK(r.out == golden::grid);
      CHECK(r.err.empty());
    }
  }
  CHECK(run({"flips", "--stage=05", std::string(golden::position)}).out == golden::grid);
}

TEST_CASE("cli perft prints the count and the speed", "[cli]") {
  const Run r = run({"perft", "--stage", "1", "--depth", "6"});
  CHECK(r.status == 0);
  CHECK(r.out.rfind("perft(6) = 8200\n", 0) == 0);
  CHECK(r.out.find("leaves/s") != std::string::npos);
  CHECK(run({"perft", "--stage", "cell91", "--depth", "7", "--bulk", kStart}).out.rfind("perft(7) = 55092\n", 0) == 0);
  // From another position: white to move after black's d3 (a quarter of perft(4) = 244).
  Position p = startPosition();
  p.set(3, 2, BLACK);
  p.set(3, 3, BLACK);
  p.toMove = WHITE;
  CHECK(run({"perft", "--stage", "s02", "--depth", "3", formatPosition(p)}).out.rfind("perft(3) = 61\n", 0) == 0);
}

TEST_CASE("cli perft --threads gives the same count on every stage", "[cli]") {
  for (const StageEntry& s : stages()) {
    INFO(s.id);
    for (const std::string threads : {"1", "2", "3"}) {
      const Run r = run({"perft", "--stage", std::string(s.id), "--depth", "6", "--threads", threads});
      CHECK(r.status == 0);
      CHECK(r.out.rfind("perft(6) = 8200\n", 0) == 0);
      CHECK(r.err.empty());
    }
    CHECK(s.perftThreads(parsePosition(golden::position), 5, true, 4) == s.perft(parsePosition(golden::position), 5, false));
  }
  const Run r = run({"perft", "--stage", "bitboard", "--depth", "8", "--bulk", "--threads=2"});
  CHECK(r.out.rfind("perft(8) = 390216\n", 0) == 0);
  CHECK(r.out.find("2 threads") != std::string::npos);
}

TEST_CASE("cli lists the stages and prints help", "[cli]") {
  const Run r = run({"stages"});
  CHECK(r.status == 0);
  CHECK(r.out.find("s01_naive") != std::string::npos);
  CHECK(r.out.find("s05_cell91") != std::string::npos);
  CHECK(run({"help"}).out.find("usage: reversi-lab") == 0);
}

TEST_CASE("cli quick tour shows every stage agreeing", "[cli]") {
  const Run r = run({"tour", "--quick"});
  CHECK(r.status == 0);
  CHECK(r.out.find(std::string(golden::grid)) != std::string::npos);
  for (const StageEntry& s : stages()) CHECK(r.out.find(std::string(s.id)) != std::string::npos);
  CHECK(r.out.find("DIFFERS") == std::string::npos);
  CHECK(r.out.find("stages print the article's grid") != std::string::npos);
}

TEST_CASE("cli rejects bad input with one line and status 2", "[cli]") {
  checkRejected({}, "missing command");
  checkRejected({"fly"}, "unknown command 'fly'");
  checkRejected({"flips"}, "--stage is required");
  checkRejected({"flips", "--stage"}, "--stage needs a value");
  checkRejected({"flips", "--stage", "99"}, "unknown stage '99'");
  checkRejected({"flips", "--stage", "s5x"}, "unknown stage 's5x'");
  checkRejected({"flips", "--stage", "1", "--stage", "2"}, "--stage given twice");
  checkRejected({"flips", "--stage", "1", "--colour", "X"}, "unknown option '--colour'");
  checkRejected({"flips", "--stage", "1", kStart, "extra"}, "unexpected argument 'extra'");
  checkRejected({"flips", "--stage", "1", kStart.substr(1)}, "63 characters");
  checkRejected({"flips", "--stage", "1", kStart.substr(0, 65) + "Q"}, "side to move must be X or O");
  checkRejected({"perft", "--stage", "1"}, "--depth is required");
  checkRejected({"perft", "--stage", "1", "--depth", "abc"}, "--depth must be a whole number, got 'abc'");
  checkRejected({"perft", "--stage", "1", "--depth", "3x"}, "--depth must be a whole number");
  checkRejected({"perft", "--stage", "1", "--depth", ""}, "--depth must be a whole number");
  checkRejected({"perft", "--stage", "1", "--depth", "-1"}, "must not be negative");
  checkRejected({"perft", "--stage", "1", "--depth", "21"}, "too large");
  checkRejected({"perft", "--stage", "1", "--depth", "99999999999999999999"}, "too large");
  checkRejected({"perft", "--stage", "1", "--depth", "2", "--bulk=yes"}, "--bulk takes no value");
  checkRejected({"perft", "--stage", "1", "--depth", "2", "--threads"}, "--threads needs a value");
  checkRejected({"perft", "--stage", "1", "--depth", "2", "--threads", "0"}, "--threads must be at least 1, got '0'");
  checkRejected({"perft", "--stage", "1", "--depth", "2", "--threads", "-3"}, "--threads must be at least 1");
  checkRejected({"perft", "--stage", "1", "--depth", "2", "--threads", "two"}, "--threads must be a whole number, got 'two'");
  checkRejected({"perft", "--stage", "1", "--depth", "2", "--threads", "2.5"}, "--threads must be a whole number");
  checkRejected({"perft", "--stage", "1", "--depth", "2", "--threads", "257"}, "--threads '257' is too large (at most 256)");
  checkRejected({"perft", "--stage", "1", "--depth", "2", "--threads", "99999999999"}, "too large");
  checkRejected({"perft", "--stage", "1", "--depth", "2", "--threads", "-99999999999"}, "must be at least 1");
  checkRejected({"perft", "--stage", "1", "--depth", "2", "--threads", "1", "--threads", "2"}, "--threads given twice");
  checkRejected({"stages", "now"}, "unexpected argument 'now'");
  checkRejected({"tour", "--fast"}, "unknown option '--fast'");
}

TEST_CASE("cli rejects hostile input: control bytes, overlong and out-of-range values", "[cli][hostile]") {
  // Control characters and non-ASCII bytes are echoed escaped, on one line.
  checkRejected({"fl\nips"}, "unknown command 'fl\\x0aips'");
  checkRejected({"flips", "--stage", "s0\x1b[2J"}, "unknown stage 's0\\x1b[2J'");
  checkRejected({"flips", "--stage", "\xe9\xbb\x92"}, "unknown stage '\\xe9\\xbb\\x92'");
  checkRejected({"flips", "--stage", "1", kStart.substr(0, 65) + "X\nO"}, "got 'X\\x0aO'");
  checkRejected({"perft", "--stage", "1", "--b\xff\xffulk"}, "unknown option '--b\\xff\\xffulk'");
  // Found by fuzz_cli (corpus/cli/regress-escaped-stage-too-long): 60 bytes shown as
  // escapes made the line four times longer than the cut meant.
  checkRejected({"flips", "--stage", "1" + std::string(60, '\x9d')}, "unknown stage '1\\x9d");
  // Overlong input is cut in the message (and counted where the count matters).
  checkRejected({std::string(100000, 'x')}, "unknown command '" + std::string(40, 'x') + "...'");
  checkRejected({"flips", "--" + std::string(5000, 'a')}, "...'");
  checkRejected({"flips", "--stage", "1", std::string(1 << 20, 'X') + " X"}, "position board has 1048576 characters");
  checkRejected({"stages", std::string(300, '\t')}, "unexpected argument '\\x09");
  // Empty and missing arguments.
  checkRejected({""}, "unknown command ''");
  checkRejected({"flips", "--stage", ""}, "unknown stage ''");
  checkRejected({"flips", "--stage="}, "unknown stage ''");
  checkRejected({"flips", "--stage", "1", ""}, "position is empty");
  checkRejected({"flips", "--stage", "1", "   \t\n"}, "position is empty");
  checkRejected({"help", "me"}, "help: unexpected argument 'me'");
  checkRejected({"perft", "--stage", "1", "--depth", "2", "--bulk", "--bulk"}, "--bulk given twice");
  // Depths: negative overflow is negative, not "too large"; perft deeper than the
  // published 14 plies (hours of work) is refused at once.
  checkRejected({"perft", "--stage", "1", "--depth", "-99999999999999999999"}, "--depth must not be negative");
  checkRejected({"perft", "--stage", "1", "--depth", "15"}, "--depth '15' is too large (at most 14)");
  checkRejected({"perft", "--stage", "1", "--depth", "+3"}, "--depth must be a whole number, got '+3'");
  checkRejected({"perft", "--stage", "1", "--depth", " 3"}, "--depth must be a whole number");
  checkRejected({"perft", "--stage", "1", "--depth", "0x3"}, "--depth must be a whole number");
  // One rule for every number: no sign, no space, no leading zero ("0" itself is fine).
  checkRejected({"perft", "--stage", "1", "--depth", "-0"}, "--depth must not be negative, got '-0'");
  checkRejected({"perft", "--stage", "1", "--depth", "0003"}, "--depth must be a whole number, got '0003'");
  checkRejected({"perft", "--stage", "1", "--depth", "3 "}, "--depth must be a whole number, got '3 '");
  checkRejected({"perft", "--stage", "1", "--depth", "1\n3"}, "got '1\\x0a3'");
  CHECK(run({"perft", "--stage", "1", "--depth", "0"}).out.rfind("perft(0) = 1\n", 0) == 0);
}

TEST_CASE("cli go and gray refuse unreadable, empty, endless and overlong input", "[cli][hostile]") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "reversi-lab-hostile-test";
  std::filesystem::create_directories(dir);
  const std::string empty = (dir / "empty.txt").string(), big = (dir / "big.txt").string();
  std::ofstream(empty).close();
  std::ofstream(big) << std::string(5000, '0');
  // Before: a folder threw std::ios_failure out of runCli (a crash) and /dev/zero was
  // read for ever; now both are refused in one line.
  checkRejected({"go", "--method", "sweep", dir.string()}, "cannot read '");
  checkRejected({"go", "--method", "sweep", "/dev/zero"}, "is longer than 4096 bytes");
  checkRejected({"go", "--method", "sweep", big}, "is longer than 4096 bytes");
  checkRejected({"go", "--method", "sweep", empty}, "the board has 0 lines, expected 9");
  checkRejected({"go", "--method", "sweep", "/no/such/file"}, "cannot read '/no/such/file'");
  checkRejected({"go", "--method", "recursive", "--at", "1,\n", "-"}, "got '1,\\x0a'");
  checkRejected({"go", "--method", "\x1b[31mred"}, "unknown method '\\x1b[31mred'");
  // Found by fuzz_cli (corpus/cli/regress-gray-argument-nonprintable): raw bytes echoed.
  checkRejected({"gray",
                 "\xcf\x93"
                 "depth"},
                "unexpected argument '\\xcf\\x93depth'");
  checkRejected({"gray", "--seed", "1\n"}, "got '1\\x0a'");
  checkRejected({"gray", "--black", std::string(1000, '\a')}, "...'");
  std::filesystem::remove_all(dir);
}

TEST_CASE("cli: output that cannot be written is status 1 and one line, never success", "[cli][write]") {
  const std::string small = "OXXXXXXXOOXOXX-X-OOXXXOX-XOOXOXXOXXOOXXX--XOOOXX-XXXOOO--OOOOO-- X";
  const std::vector<std::vector<std::string>> commands = {{"stages"},
                                                          {"help"},
                                                          {"tour", "--quick"},
                                                          {"flips", "--stage", "1"},
                                                          {"perft", "--stage", "1", "--depth", "2"},
                                                          {"gray", "--auto"},
                                                          {"solve", small},
                                                          {"solve", "--ffo", "1"},
                                                          {"search", "--depth", "2", small}};
  for (const auto& args : commands) {
    INFO(args[0]);
    CHECK(run(args).status == 0);  // the same command succeeds with somewhere to write
    const Run r = testing::runIntoFailingOutput(args);
    CHECK(r.status == 1);
    CHECK(r.err == "reversi-lab: " + args[0] + ": cannot write to standard output: unknown reason\n");
  }
  // The interactive commands stop at the first answer or prompt that cannot go out.
  testing::FailingOutput sink;
  std::ostream out(&sink);
  std::ostringstream err;
  std::istringstream gtpInput("name\nname\n"), playInput("quit\n");
  CHECK_THROWS_AS(runGtp({"gtp"}, gtpInput, out, err), WriteError);
  CHECK(gtpInput.tellg() == std::streampos(5));  // the second line was never read
  CHECK_THROWS_AS(runPlay({"play", "--level", "1"}, playInput, out, err), WriteError);
}

TEST_CASE("cli: a system error is named in plain words", "[cli]") {
  CHECK(systemReason(ENOENT) == "no such file");
  CHECK(systemReason(EACCES) == "permission denied");
  CHECK(systemReason(EISDIR) == "is a directory");
  CHECK(systemReason(ENOSPC) == "no space left on the device");
  CHECK(systemReason(EBADF) == "it is closed");
  CHECK(systemReason(0) == "unknown reason");
  CHECK(systemReason(12345) == "system error 12345");
}

TEST_CASE("cli: one reading of numbers, no silent option, escaped echoes, in every command", "[cli][hostile]") {
  const std::string small = "OXXXXXXXOOXOXX-X-OOXXXOX-XOOXOXXOXXOOXXX--XOOOXX-XXXOOO--OOOOO-- X";
  // Leading zeros, signs and blanks: refused by every number reader alike.
  for (const std::string bad : {"03", "+3", " 3", "3 ", "3\t", "3\n", "\n3", "3,"}) {
    INFO(bad);
    checkRejected({"perft", "--stage", "1", "--depth", bad}, "perft: --depth must be a whole number");
    checkRejected({"perft", "--stage", "1", "--depth", "1", "--threads", bad}, "--threads must be a whole number");
    checkRejected({"search", "--depth", bad, small}, "search: --depth must be a whole number");
    checkRejected({"solve", "--ffo", bad}, "solve: --ffo '");
    checkRejected({"play", "--level", bad}, "play: --level must be 1..7");
    checkRejected({"gtp", "--level", bad}, "gtp: --level must be 1..7");
    checkRejected({"gray", "--auto", "--seed", bad}, "gray: --seed wants a whole number");
    checkRejected({"go", "--method", "recursive", "--at", "0," + bad, "-"}, "go: --at wants ROW,COL");
  }
  checkRejected({"solve", "--ffo", "1-03"}, "solve: --ffo '1-03' is not a number or a span A-B");
  // Every echo: control and non-ASCII bytes as \xNN, cut at 40 characters with "...".
  const std::string hostile = "\x1b[2J\r\xff" + std::string(100, 'z');
  const std::string shown = "'\\x1b[2J\\x0d\\xff" + std::string(40 - 15, 'z') + "...'";
  checkRejected({"search", "--depth", hostile, small}, shown);
  checkRejected({"solve", "--engine", hostile, small}, shown);
  checkRejected({"solve", "--ffo", hostile}, shown);
  checkRejected({"play", "--color", hostile}, shown);
  checkRejected({"gtp", "--stage", hostile}, shown);
  checkRejected({"gray", "--black", hostile}, shown);
  checkRejected({"go", "--method", hostile, "-"}, shown);
  checkRejected({"go", "--method", "sweep", hostile}, shown);
  checkRejected({"flips", "--stage", "1", std::string(64, '-') + " " + hostile}, shown);
  checkRejected({hostile}, shown);
}

TEST_CASE("the tour explains s02-s05's slower flip scans only where its own timings show them", "[cli]") {
  // The ratio as the tour prints it (two decimals): 600 / 606 is 0.99x (slower), 600 / 603 is 1.00x.
  CHECK(whySlowerThanS01({{1, 600}, {2, 900}, {3, 800}, {4, 700}, {5, 606}}).rfind("Why the flip scans of s02-s05 are", 0) == 0);
  const std::string two = whySlowerThanS01({{1, 600}, {2, 900}, {3, 500}, {4, 700}, {5, 603}});
  CHECK(two.rfind("Why the flip scans of s02 and s04 are slower than s01's", 0) == 0);
  CHECK(whySlowerThanS01({{1, 600}, {2, 500}, {3, 900}}).rfind("Why the flip scan of s03 is slower", 0) == 0);
  CHECK(whySlowerThanS01({{1, 600}, {2, 500}, {3, 599}, {6, 900}}).empty());  // s06 is not one of them
  CHECK(whySlowerThanS01({{2, 900}, {3, 800}}).empty());                      // no s01 to compare with
}
