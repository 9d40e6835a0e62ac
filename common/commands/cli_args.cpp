#include "cli_args.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <thread>

#include "engine.h"
#include "registry.h"

namespace reversi {

void checkWritten(std::ostream& out) {
  if (out) out.flush();
  if (out) return;
  const auto* fd = dynamic_cast<const FdOutput*>(out.rdbuf());
  throw WriteError{fd ? fd->error() : 0};
}

std::string systemReason(int error) {
  switch (error) {
    case ENOENT: return "no such file";
    case EACCES:
    case EPERM: return "permission denied";
    case EISDIR: return "is a directory";
    case ENOTDIR: return "a part of the path is not a directory";
    case ENOSPC: return "no space left on the device";
    case EDQUOT: return "disk quota exceeded";
    case EBADF: return "it is closed";
    case EPIPE: return "the reader has gone away";
    case EIO: return "input/output error";
    case EFBIG: return "the file is too large";
    case ENAMETOOLONG: return "the name is too long";
    case ELOOP: return "too many symbolic links";
    case EMFILE:
    case ENFILE: return "too many open files";
    case ENOMEM: return "out of memory";
    case 0: return "unknown reason";
    default: return "system error " + std::to_string(error);
  }
}

FdOutput::FdOutput(int fd) : fd_(fd) { setp(buffer_, buffer_ + sizeof buffer_); }

FdOutput::~FdOutput() { drain(); }

bool FdOutput::drain() {
  const char* at = pbase();
  while (at < pptr()) {
    const ssize_t n = ::write(fd_, at, size_t(pptr() - at));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (!error_) error_ = n < 0 ? errno : EIO;
      setp(buffer_, buffer_ + sizeof buffer_);  // what could not be written is dropped, once
      return false;
    }
    at += n;
  }
  setp(buffer_, buffer_ + sizeof buffer_);
  return true;
}

int FdOutput::overflow(int c) {
  if (!drain()) return traits_type::eof();
  if (c != traits_type::eof()) sputc(char(c));
  return traits_type::not_eof(c);
}

int FdOutput::sync() { return drain() ? 0 : -1; }

CliArgs parseCliArgs(const std::vector<std::string>& args, size_t from, const std::vector<std::string>& valued,
                     const std::vector<std::string>& flags, size_t maxPositional, const std::string& command) {
  CliArgs a;
  auto in = [](const std::vector<std::string>& v, const std::string& s) {
    for (const auto& x : v)
      if (x == s) return true;
    return false;
  };
  for (size_t i = from; i < args.size(); ++i) {
    std::string arg = args[i], value;
    // Positions may start with "--" too: an option is "--" and a letter.
    const bool isOption = arg.size() > 2 && arg.compare(0, 2, "--") == 0 && arg[2] >= 'a' && arg[2] <= 'z';
    if (isOption) {
      const size_t eq = arg.find('=');
      const bool inlineValue = eq != std::string::npos;
      if (inlineValue) {
        value = arg.substr(eq + 1);
        arg = arg.substr(0, eq);
      }
      if (in(valued, arg)) {
        if (!inlineValue) {
          if (i + 1 >= args.size()) throw UsageError{command + ": " + arg + " needs a value"};
          value = args[++i];
        }
      } else if (in(flags, arg)) {
        if (inlineValue) throw UsageError{command + ": " + arg + " takes no value"};
      } else {
        throw UsageError{command + ": unknown option " + quoteInput(arg)};
      }
      if (a.options.count(arg)) throw UsageError{command + ": " + arg + " given twice"};
      a.options[arg] = value;
    } else {
      if (a.positional.size() >= maxPositional) throw UsageError{command + ": unexpected argument " + quoteInput(arg)};
      a.positional.push_back(arg);
    }
  }
  return a;
}

Position positionArgument(const CliArgs& a, std::string_view fallback, const std::string& command) {
  try {
    return parsePosition(a.positional.empty() ? fallback : std::string_view(a.positional[0]));
  } catch (const ParseError& e) { throw UsageError{command + ": " + e.what()}; }
}

// Writes the elapsed time to file descriptor 2 once a second from its own thread (the
// work runs on the caller's), with write() so that it never interleaves inside a stream.
struct LongWork::Ticker {
  std::mutex mutex;
  std::condition_variable wake;
  bool done = false;
  std::thread thread;

  explicit Ticker(const std::string& command) {
    thread = std::thread([this, command] {
      const auto start = std::chrono::steady_clock::now();
      std::unique_lock<std::mutex> lock(mutex);
      while (!wake.wait_for(lock, std::chrono::seconds(1), [this] { return done; })) {
        const long seconds = long(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        char line[96];
        const int n = std::snprintf(line, sizeof line, "\r%s: %ld s so far (Ctrl-C stops it) ", command.c_str(), seconds);
        if (n > 0 && ::write(2, line, size_t(std::min(n, int(sizeof line) - 1))) < 0) return;
      }
      const char clear[] = "\r\033[K";  // the progress line goes, the results stay
      if (::write(2, clear, sizeof clear - 1) < 0) return;
    });
  }
  ~Ticker() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      done = true;
    }
    wake.notify_one();
    thread.join();
  }
};

LongWork::LongWork(std::ostream& err, const std::string& command, const std::string& why) {
  err << "reversi-lab: " << command << ": " << why << "; Ctrl-C stops it\n" << std::flush;
  if (&err == &std::cerr && ::isatty(2)) ticker_ = new Ticker(command);
}

LongWork::~LongWork() { delete ticker_; }

int wholeNumberOption(const CliArgs& a, const std::string& command, const std::string& name, int lo, int hi,
                      std::optional<int> fallback) {
  const auto it = a.options.find(name);
  if (it == a.options.end()) {
    if (fallback) return *fallback;
    throw UsageError{command + ": " + name + " is required"};
  }
  const std::string& v = it->second;
  const std::string low = lo == 0 ? " must not be negative" : " must be at least " + std::to_string(lo);
  if (v.size() > 1 && v[0] == '-' && isWholeNumber(std::string_view(v).substr(1)))
    throw UsageError{command + ": " + name + low + ", got " + quoteInput(v)};
  if (!isWholeNumber(v))
    throw UsageError{command + ": " + name + " must be a whole number, got " + quoteInput(v) +
                     " (digits only: no sign, space or leading zero)"};
  const std::optional<unsigned long long> n = wholeNumber(v, static_cast<unsigned long long>(hi));
  if (!n) throw UsageError{command + ": " + name + " " + quoteInput(v) + " is too large (at most " + std::to_string(hi) + ")"};
  if (int(*n) < lo) throw UsageError{command + ": " + name + low + ", got " + quoteInput(v)};
  return int(*n);
}

namespace {

// "e01_minimax, e02_alphabeta, ...": the ids an unknown --engine or --stage is told to use.
template <class List>
std::string ids(const List& list) {
  std::string s;
  for (const auto& e : list) s += (s.empty() ? "" : ", ") + std::string(e.id);
  return s;
}

}  // namespace

double secondsValue(std::string_view text) {
  // The form is checked here (from_chars would take "1e3" and "05"), the value read by from_chars.
  const size_t dot = text.find('.');
  const std::string_view whole = text.substr(0, dot);
  const std::string_view fraction = dot == std::string_view::npos ? std::string_view() : text.substr(dot + 1);
  const bool digits = std::all_of(fraction.begin(), fraction.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!isWholeNumber(whole) || !digits || (dot != std::string_view::npos && (fraction.empty() || fraction.size() > 6))) return -1;
  double v = -1;
  std::from_chars(text.data(), text.data() + text.size(), v);
  return v <= kMaxMoveSeconds ? v : -1;
}

Engine engineOptions(const CliArgs& args, const std::string& command) {
  Engine e;
  const auto& opt = args.options;
  if (const auto it = opt.find("--engine"); it != opt.end()) {
    e.step = findStep(it->second);
    if (!e.step)
      throw UsageError{command + ": unknown engine " + quoteInput(it->second) + " (use " + ids(steps()) +
                       ", a number or a short name)"};
  }
  if (const auto it = opt.find("--stage"); it != opt.end()) {
    const StageEntry* s = findStage(it->second);
    if (!s)
      throw UsageError{command + ": unknown stage " + quoteInput(it->second) + " (use " + ids(stages()) +
                       ", a number or a short name)"};
    e.stage = stageIndex(*s);
    if (!stepsRunOn(e.stage))  // a sanitizer build: refused here, before any output
      throw UsageError{command + ": this build compiles the search steps on some stages only (CMake's LAB_STEP_STAGES), not on " +
                       std::string(s->id)};
  }
  if (const auto it = opt.find("--level"); it != opt.end()) {
    e.level = parseLevel(it->second);
    if (!e.level)
      throw UsageError{command + ": --level must be " + std::to_string(kMinLevel) + ".." + std::to_string(kMaxLevel) + ", got " +
                       quoteInput(it->second)};
  }
  if (const auto it = opt.find("--time"); it != opt.end()) {
    e.moveSeconds = secondsValue(it->second);
    if (!(e.moveSeconds > 0))
      throw UsageError{command + ": --time must be seconds a move, more than 0 and at most " +
                       std::to_string(int(kMaxMoveSeconds)) + " (such as 5 or 0.5), got " + quoteInput(it->second)};
  }
  if (const auto it = opt.find("--nodes"); it != opt.end()) {
    const auto n = wholeNumber(it->second, kMaxMoveNodes);
    if (!n || *n == 0)
      throw UsageError{command + ": --nodes must be nodes a move, a whole number from 1 to " + std::to_string(kMaxMoveNodes) +
                       " (such as 1000000), got " + quoteInput(it->second)};
    if (e.moveSeconds > 0) throw UsageError{command + ": --time and --nodes both limit a move; give one of them"};
    e.moveNodes = *n;
  }
  e.threads = wholeNumberOption(args, command, "--threads", 1, kMaxThreads, 1);
  if (e.threads > 1 && !e.step->threaded)
    throw UsageError{command + ": --threads " + std::to_string(e.threads) + ": " + std::string(e.step->id) +
                     " searches on one thread (from e11 on a solve runs on several)"};
  if (e.threads > 1 && e.moveNodes > 0)  // the helpers' nodes are not counted move by move
    throw UsageError{command + ": --nodes makes every run play the same moves on one thread only; drop --threads"};
  if (e.level > maxLevel(*e.step))
    throw UsageError{command + ": " + std::string(e.step->id) + " plays at most level " + std::to_string(maxLevel(*e.step)) +
                     " (deeper would take minutes to hours a move), got " + std::to_string(e.level)};
  return e;
}

}  // namespace reversi
