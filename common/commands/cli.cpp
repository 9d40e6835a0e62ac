#include "cli.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <map>
#include <optional>
#include <ostream>
#include <sstream>

#include "cli_args.h"
#include "engine.h"
#include "golden.h"
#include "perft_hash.h"
#include "position.h"
#include "random_positions.h"
#include "registry.h"
#include "sidebars.h"

namespace reversi {
namespace {

// perft(14) = 1.8e11 leaves, the deepest published count, already takes minutes; each
// ply more multiplies the time by about ten, so deeper is refused rather than left to
// run for hours.
constexpr int kMaxDepth = 14;
// From the start, perft(12) takes a few seconds on the fastest stage with --bulk and
// perft(13) about half a minute (docs/cli.md, "Perft speed"): 13 is where a warning is due.
constexpr int kSlowDepth = 13;

const char kUsage[] =
    "usage: reversi-lab <command> [options]\n"
    "  tour                                   every stage on the article's position, and their speed\n"
    "  flips --stage S [POSITION]             the article's grid for the side to move\n"
    "  perft --stage S --depth D [--bulk] [--threads N] [--hash [--hash-mb M] [--no-symmetry]] [POSITION]\n"
    "                                         count the leaves D plies deep (default: start position)\n"
    "                                         on N threads (default 1; same count); --hash: with a\n"
    "                                         table of M MiB (default 64) of exact positions, each\n"
    "                                         counted once up to rotation and reflection (--no-symmetry:\n"
    "                                         each exact position once)\n"
    "  go --method M [--at ROW,COL] FILE      Go capture sidebar: captured stones of a 9x9 board as 9\n"
    "  gray [--black P] [--white P] [--auto] [--seed N]\n"
    "                                         play the gray-stone variant (P human, random or greedy)\n"
    "  solve [--stage S] [--engine E] [--threads N] [--no-limit] POSITION\n"
    "                                         the exact result for the side to move: one line\n"
    "                                         score N best M pv M ... nodes N time T s nps N stage S engine E\n"
    "                                         (--threads: e11 solves on N threads, default 1, and\n"
    "                                         ends the line with thread-nodes A+B...)\n"
    "  solve [--stage S] [--engine E] [--threads N] [--no-limit] --ffo RANGE\n"
    "                                         FFO test positions (e.g. 1-19 or 1,3,40-44) against the\n"
    "                                         published results; exit 1 if any is wrong; --no-limit:\n"
    "                                         beyond the engine's limit too (FFO #45-#59: hours)\n"
    "  search --depth D [--stage S] [--engine E] POSITION\n"
    "                                         D plies ahead: the same line, the score in discs\n"
    "                                         (an evaluation: leaf eval, or leaf end when the line ends the game)\n"
    "  play [--level L] [--time T | --nodes N] [--threads N] [--color black|white] [--stage S] [--engine E] [POSITION]\n"
    "                                         a game against the engine in the terminal (L 1..7, default 3;\n"
    "                                         T seconds a move, such as 5 or 0.5, or N nodes a move:\n"
    "                                         the level's depth or less; --threads: e11 on, its exact\n"
    "                                         solves on N threads, default 1, not with --nodes)\n"
    "  gtp [--level L] [--time T | --nodes N] [--threads N] [--stage S] [--engine E]\n"
    "                                         the engine over GTP on stdin/stdout (referees, GUIs); also\n"
    "                                         obeys time_settings and time_left\n"
    "  stages                                 list the stages\n"
    "  help                                   this text\n"
    "S is a number (5), an id (s05) or a short name (cell91); where optional, default the last one.\n"
    "E is a search step: a number (1), an id (e01) or a short name (minimax); default the last one.\n"
    "POSITION is 64 characters a1..h8 (X black, O white, - empty), a space, X or O.\n"
    "Numbers are digits only (no sign, space or leading zero). Exit status: 0 done; 1 a check\n"
    "failed, the output could not be written, or a game's input ended; 2 bad input; 130 Ctrl-C.\n";

std::string stageList() {
  std::string s;
  for (const StageEntry& e : stages()) s += (s.empty() ? "" : ", ") + std::string(e.id);
  return s;
}

const StageEntry& stageOption(const CliArgs& a, const std::string& command) {
  const auto it = a.options.find("--stage");
  if (it == a.options.end()) throw UsageError{command + ": --stage is required (one of " + stageList() + ")"};
  const StageEntry* s = findStage(it->second);
  if (!s)
    throw UsageError{command + ": unknown stage " + quoteInput(it->second) + " (use " + stageList() +
                     ", a number or a short name)"};
  return *s;
}

int depthOption(const CliArgs& a, const std::string& command) { return wholeNumberOption(a, command, "--depth", 0, kMaxDepth); }

int cmdFlips(const std::vector<std::string>& args, std::ostream& out) {
  const CliArgs a = parseCliArgs(args, 1, {"--stage"}, {}, 1, "flips");
  const StageEntry& s = stageOption(a, "flips");
  out << s.grid(positionArgument(a, golden::position, "flips"));
  return 0;
}

std::string fixed(double v, int digits) {
  std::ostringstream o;
  o << std::fixed << std::setprecision(digits) << v;
  return o.str();
}

// perft --hash: the table's default and largest size in MiB.
constexpr int kDefaultHashMb = 64, kMaxHashMb = 1 << 20;

// perft --hash's table size from `--hash-mb N` (default kDefaultHashMb) and `--hash`;
// nothing without --hash. UsageError for a size that is not a whole number, is out of
// range or exceeds half this machine's memory, and for --hash-mb or --no-symmetry
// without --hash.
std::optional<size_t> hashTableBytes(const CliArgs& args, const std::string& command) {
  const bool hash = args.options.count("--hash") > 0;
  for (const char* needsHash : {"--hash-mb", "--no-symmetry"})
    if (!hash && args.options.count(needsHash)) throw UsageError{command + ": " + needsHash + " needs --hash"};
  if (!hash) return std::nullopt;
  const int mb = wholeNumberOption(args, command, "--hash-mb", 1, kMaxHashMb, kDefaultHashMb);
  // The table is zeroed when made, so all of it becomes resident: more than half the
  // memory would push the machine into swap (or the kernel's OOM killer) instead.
  const long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGE_SIZE);
  const double haveMb = pages > 0 && pageSize > 0 ? double(pages) * double(pageSize) / (1 << 20) : 0;
  if (haveMb > 0 && mb > haveMb / 2)
    throw UsageError{command + ": --hash-mb " + std::to_string(mb) + " is more than half of this machine's memory (" +
                     std::to_string(int64_t(haveMb)) + " MiB)"};
  return size_t(mb) << 20;
}

// The line about the table: "table 64 MiB (2097152 slots, 12.5% used), keyed by the
// exact position[ up to the 8 symmetries]; peak memory N MiB".
std::string hashReport(const HashedPerftStats& stats, bool symmetric) {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);  // ru_maxrss: KiB on Linux
  char line[200];
  std::snprintf(line, sizeof line,
                "table %.0f MiB (%llu slots, %.1f%% used), keyed by the exact position%s; peak memory %.0f MiB",
                double(stats.tableBytes) / (1 << 20), (unsigned long long)stats.slots,
                stats.slots ? 100.0 * double(stats.used) / double(stats.slots) : 0.0, symmetric ? " up to the 8 symmetries" : "",
                double(usage.ru_maxrss) / 1024);
  return line;
}

int cmdPerft(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const CliArgs a =
      parseCliArgs(args, 1, {"--stage", "--depth", "--threads", "--hash-mb"}, {"--bulk", "--hash", "--no-symmetry"}, 1, "perft");
  const StageEntry& s = stageOption(a, "perft");
  const int depth = depthOption(a, "perft");
  const int threads = wholeNumberOption(a, "perft", "--threads", 1, kMaxThreads, 1);
  const std::optional<size_t> tableBytes = hashTableBytes(a, "perft");  // set by --hash
  const bool symmetric = a.options.count("--no-symmetry") == 0;         // the board's 8 symmetries folded by default
  const Position p = positionArgument(a, formatPosition(startPosition()), "perft");
  std::optional<LongWork> announced;
  if (depth >= kSlowDepth)
    announced.emplace(err, "perft",
                      "depth " + std::to_string(depth) + " may take minutes (each ply more multiplies the time by about ten)");
  const auto t0 = std::chrono::steady_clock::now();
  HashedPerftStats hashed;
  if (tableBytes) {
    try {
      hashed = s.hashedPerft(p, depth, a.options.count("--bulk") > 0, *tableBytes, symmetric, threads);
    } catch (const std::bad_alloc&) {
      throw UsageError{"perft: cannot allocate a table of " + std::to_string(*tableBytes >> 20) +
                       " MiB (try a smaller --hash-mb)"};
    }
  }
  const uint64_t n = tableBytes ? hashed.count : s.perftThreads(p, depth, a.options.count("--bulk") > 0, threads);
  announced.reset();
  const double seconds =
      tableBytes ? hashed.seconds : std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  out << "perft(" << depth << ") = " << n << "\n";
  out << s.id << ": " << fixed(seconds, 3) << " s, " << (seconds > 0 ? fixed(double(n) / seconds / 1e6, 1) : std::string("-"))
      << " M leaves/s" << (a.options.count("--bulk") ? " (bulk counting at the last ply)" : "")
      << (threads > 1 ? ", " + std::to_string(threads) + " threads" : std::string()) << "\n";
  if (tableBytes) out << hashReport(hashed, symmetric) << "\n";
  return 0;
}

// Column widths that fit every stage's names (plus two spaces).
struct Widths {
  int id = 0, shortName = 0, technique = 0;
};
Widths widths() {
  Widths w;
  for (const StageEntry& s : stages()) {
    w.id = std::max(w.id, int(s.id.size()) + 2);
    w.shortName = std::max(w.shortName, int(s.shortName.size()) + 2);
    w.technique = std::max(w.technique, int(s.technique.size()) + 2);
  }
  return w;
}

int cmdStages(const std::vector<std::string>& args, std::ostream& out) {
  parseCliArgs(args, 1, {}, {}, 0, "stages");
  const Widths w = widths();
  for (const StageEntry& s : stages())
    out << std::left << std::setw(w.id) << s.id << std::setw(w.shortName) << s.shortName << s.technique << "\n";
  return 0;
}

// One stage's line of the tour's table.
struct TourRow {
  const StageEntry* s;
  bool agrees;  // prints the article's grid
  double scanNs, perftMs;
};

// Runs every stage on the golden position, checks they all print the article's grid,
// and times a flip scan and perft(8) per stage; then an exact solve on three stages.
int cmdTour(const std::vector<std::string>& args, std::ostream& out) {
  const CliArgs a = parseCliArgs(args, 1, {}, {"--quick"}, 0, "tour");
  const bool quick = a.options.count("--quick") > 0;
  const Position p = parsePosition(golden::position);
  out << "The article's position (black to move); each number is how many stones black flips there:\n\n"
      << std::string(golden::grid) << "\n";
  checkWritten(out);  // before seconds of timing: nowhere to show them is an error now

  const std::vector<Position> sample = randomPositions(kWorkloadSeed, quick ? 64 : kWorkloadPositions);
  const int perftDepth = quick ? 6 : 8;
  std::vector<TourRow> rows;
  bool allAgree = true;
  uint64_t perftCount = 0;
  for (const StageEntry& s : stages()) {
    TourRow r{&s, s.grid(p) == golden::grid, 0, 0};
    allAgree = allAgree && r.agrees;
    r.scanNs = s.flipScanNs(sample, quick ? 3 : 9);
    double best = 1e300;
    for (int i = 0; i < (quick ? 1 : 3); ++i) {
      const auto t0 = std::chrono::steady_clock::now();
      perftCount = s.perft(startPosition(), perftDepth, false);
      best = std::min(best, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    r.perftMs = best;
    rows.push_back(r);
  }

  const Widths w = widths();
  out << std::left << std::setw(w.id) << "stage" << std::setw(w.technique) << "technique" << std::setw(8) << "grid" << std::right
      << std::setw(14) << "flip scan ns" << std::setw(8) << "vs s01" << std::setw(8) << "vs prev" << std::setw(14)
      << ("perft(" + std::to_string(perftDepth) + ") ms") << std::setw(8) << "vs s01" << std::setw(8) << "vs prev"
      << "\n";
  for (size_t i = 0; i < rows.size(); ++i) {
    const TourRow& r = rows[i];
    const TourRow& first = rows.front();
    const TourRow& prev = rows[i ? i - 1 : 0];
    out << std::left << std::setw(w.id) << r.s->id << std::setw(w.technique) << r.s->technique << std::setw(8)
        << (r.agrees ? "same" : "DIFFERS") << std::right << std::setw(14) << fixed(r.scanNs, 1) << std::setw(8)
        << (fixed(first.scanNs / r.scanNs, 2) + "x") << std::setw(8)
        << (i ? fixed(prev.scanNs / r.scanNs, 2) + "x" : std::string("-")) << std::setw(14) << fixed(r.perftMs, 2) << std::setw(8)
        << (fixed(first.perftMs / r.perftMs, 2) + "x") << std::setw(8)
        << (i ? fixed(prev.perftMs / r.perftMs, 2) + "x" : std::string("-")) << "\n";
  }
  out << "\nflip scan: countFlips on all 64 squares, median over " << sample.size()
      << " positions from seeded random games (the benchmarks' workload); perft(" << perftDepth << ") = " << perftCount
      << " from the start, best of " << (quick ? 1 : 3) << ".\n"
      << "These are quick in-process timings; `bench/report.py` gives the Google Benchmark table.\n";
  std::vector<std::pair<int, double>> scans;
  for (const TourRow& r : rows) scans.emplace_back(r.s->number, r.scanNs);
  out << whySlowerThanS01(scans);
  if (allAgree) out << "All " << rows.size() << " stages print the article's grid.\n";
  else out << "Some stages DIFFER from the article's grid.\n";
  checkWritten(out);
  const int search = tourSearch(quick, out);  // last: the search on three stages
  return allAgree && search == 0 ? 0 : 1;
}

// The commands, in the order `unknown command` lists them.
using Command = int (*)(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
struct CommandEntry {
  const char* name;
  Command run;
};
int cmdHelp(const std::vector<std::string>& args, std::ostream& out, std::ostream&) {
  if (args.size() > 1) throw UsageError{"help: unexpected argument " + quoteInput(args[1])};
  out << kUsage << searchLimitsText();
  return 0;
}
const CommandEntry kCommands[] = {
    {"tour", [](const auto& a, auto& o, auto&) { return cmdTour(a, o); }},
    {"flips", [](const auto& a, auto& o, auto&) { return cmdFlips(a, o); }},
    {"perft", cmdPerft},
    {"solve", runSolve},
    {"search", runSearch},
    {"go", [](const auto& a, auto& o, auto& e) { return runGo(a, o, e); }},
    {"gray", [](const auto& a, auto& o, auto& e) { return runGray(a, o, e); }},
    {"play", [](const auto& a, auto& o, auto& e) { return runPlay(a, o, e); }},
    {"gtp", [](const auto& a, auto& o, auto& e) { return runGtp(a, o, e); }},
    {"stages", [](const auto& a, auto& o, auto&) { return cmdStages(a, o); }},
    {"help", cmdHelp},
};

// "help" for its other spellings, else `name` itself.
std::string_view canonical(std::string_view name) { return name == "--help" || name == "-h" ? "help" : name; }

const CommandEntry* findCommand(std::string_view name) {
  for (const CommandEntry& c : kCommands)
    if (canonical(name) == c.name) return &c;
  return nullptr;
}

}  // namespace

// Stages s02-s05 trade s01's eight written-out loops, each with its direction's step and
// edge test compiled in, for one loop over a table of steps; their "Why it is slower"
// sections (docs/verdicts.py, from callgrind) count the extra instructions. One line says
// so when this run's flip scan, to the two decimals printed, shows them slower than s01;
// nothing on a machine where they are not.
std::string whySlowerThanS01(const std::vector<std::pair<int, double>>& scans) {
  if (scans.empty() || scans.front().first != 1 || scans.front().second <= 0) return "";
  const double s01 = scans.front().second;
  std::vector<std::string> slower;
  for (const auto& [number, ns] : scans)  // slower as the table prints it: below 1.00x
    if (number >= 2 && number <= 5 && ns > 0 && std::lround(100 * s01 / ns) < 100)
      slower.push_back("s0" + std::to_string(number));
  if (slower.empty()) return "";
  std::string names = slower.size() == 4 ? "s02-s05" : slower.front();
  for (size_t i = 1; slower.size() < 4 && i < slower.size(); ++i) names += (i + 1 < slower.size() ? ", " : " and ") + slower[i];
  const bool one = slower.size() == 1;
  return std::string(one ? "Why the flip scan of " : "Why the flip scans of ") + names + (one ? " is" : " are") +
         " slower than s01's: s01 writes out one loop per direction,\nits step built in; " +
         (one ? names + " reads" : "they read") + " each step from a table and run" + (one ? "s" : "") +
         " more instructions (docs/lessons.md, lesson 2).\n";
}

bool isCommand(std::string_view name) { return findCommand(name) != nullptr; }

int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const CommandEntry* command = args.empty() ? nullptr : findCommand(args[0]);
  try {
    if (args.empty()) throw UsageError{"missing command (try: reversi-lab help)"};
    if (!command) {
      std::string names;
      for (const CommandEntry& c : kCommands) names += (names.empty() ? "" : ", ") + std::string(c.name);
      throw UsageError{"unknown command " + quoteInput(args[0]) + " (commands: " + names + ")"};
    }
    const int status = command->run(args, out, err);
    checkWritten(out);  // output that did not arrive is a failure, whatever the command said
    return status;
  } catch (const UsageError& e) {
    err << "reversi-lab: " << e.message << "\n";
    return kUsageError;
  } catch (const WriteError& e) {
    err << "reversi-lab: " << command->name << ": cannot write to standard output: " << systemReason(e.error) << "\n";
    return 1;
  }
}

}  // namespace reversi
