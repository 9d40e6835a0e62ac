/// \file cli_args.h
/// \brief The argument reader every `reversi-lab` command shares.
#pragma once
#include <cstddef>
#include <iosfwd>
#include <map>
#include <optional>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include "position.h"
#include "usage.h"  // UsageError, isWholeNumber, wholeNumber: the library's, the benchmarks use them too

namespace reversi {

struct Engine;  // engine.h

/// A write to the command's output failed (closed, full disk, broken pipe): runCli
/// prints "reversi-lab: <command>: cannot write to standard output: <reason>" and
/// returns 1, so that lost output is never reported as success.
struct WriteError {
  int error;  ///< errno of the failed write, 0 when unknown
};

/// Flushes `out` and throws WriteError when anything written to it so far was lost.
/// Every command's output is checked this way when it ends (runCli) and after each
/// large or interactive piece (the tour's sections, each FFO line, GTP answers, prompts).
void checkWritten(std::ostream& out);

/// A system error number in a few plain words ("no such file", "permission denied",
/// "is a directory", "no space left on the device", ...), for one-line messages.
std::string systemReason(int error);

/// The output buffer of `reversi-lab` on a file descriptor (standard output): it keeps
/// the errno of a failed write, so that checkWritten can name the reason.
class FdOutput : public std::streambuf {
 public:
  explicit FdOutput(int fd);
  ~FdOutput() override;
  int error() const { return error_; }  ///< errno of the first failed write, or 0

 protected:
  int overflow(int c) override;
  int sync() override;

 private:
  bool drain();  // writes the buffer out; false (and error_ set) on failure
  int fd_;
  int error_ = 0;
  char buffer_[1 << 14];
};

/// Work estimated to run longer than about ten seconds. Says so at once, one line on
/// `err` ("reversi-lab: <command>: <why>; Ctrl-C stops it"), and while it lives, when
/// `err` is the process's standard error and that is a terminal, shows the time spent
/// there once a second (overwritten in place, cleared at the end): never in a file.
class LongWork {
 public:
  LongWork(std::ostream& err, const std::string& command, const std::string& why);
  ~LongWork();
  LongWork(const LongWork&) = delete;
  LongWork& operator=(const LongWork&) = delete;

 private:
  struct Ticker;
  Ticker* ticker_ = nullptr;  // only on a terminal
};

/// The options and positional arguments of one command.
struct CliArgs {
  std::map<std::string, std::string> options;  ///< "--stage" -> "5"; flags -> ""
  std::vector<std::string> positional;         ///< everything else, in order
};

/// Reads args[from..]: an option is "--" and a lower-case letter (a position may start
/// with "--"); `valued` options take a value (the next argument or "--name=value"),
/// `flags` none; at most `maxPositional` other arguments. Throws UsageError naming
/// `command` and what is wrong: unknown option, missing value, given twice, extra argument.
CliArgs parseCliArgs(const std::vector<std::string>& args, size_t from, const std::vector<std::string>& valued,
                     const std::vector<std::string>& flags, size_t maxPositional, const std::string& command);

/// The position in the first positional argument, or `fallback` when there is none.
/// Throws UsageError "<command>: position ..." saying what is wrong with it.
Position positionArgument(const CliArgs& a, std::string_view fallback, const std::string& command);

/// The most threads perft --threads and solve --threads take: more than any machine this runs on.
inline constexpr int kMaxThreads = 256;

/// The whole-number option `name` (isWholeNumber) in lo..hi; `fallback` when it is
/// absent (without one it is required). Throws UsageError: not a number, out of range.
int wholeNumberOption(const CliArgs& a, const std::string& command, const std::string& name, int lo, int hi,
                      std::optional<int> fallback = std::nullopt);

/// Seconds as `--time` reads them: a whole number (isWholeNumber), optionally a point
/// and 1 to 6 digits ("5", "0.25"), at most kMaxMoveSeconds; -1 for anything else.
double secondsValue(std::string_view text);

/// The options `--engine E`, `--stage S`, `--level L`, `--time S`, `--nodes N` and
/// `--threads N` of play, gtp, solve and search (solve and search take neither level nor a
/// limit, search no threads), each optional (defaults: the last step, the last stage,
/// kDefaultLevel, no limit per move, one thread; --time and --nodes exclude each other,
/// --nodes and more than one thread too, and a step before e11 solves on one thread only).
/// Throws UsageError naming `command` and the bad value.
Engine engineOptions(const CliArgs& args, const std::string& command);

}  // namespace reversi
