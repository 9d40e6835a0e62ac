// e07_train: how step 07's weights are made, from a seed. `./lab train` runs the whole
// chain, `train`; each other subcommand is one link of it:
//
//   e07_train train   --seed=S --games=N --dir=DIR [--exact=16] [--jobs=2] [--header=FILE] [--json=FILE] [--data=FILE]
//                     [--step=e07]
//       gen, then a fit, then rounds of relabel and fit from 17 empties up to 60 (kRounds);
//       writes DIR/data-*.bin and DIR/weights-*.e07, the header if asked, the errors of
//       every round as JSON; exit 1 when the weights differ from the ones compiled in
//       (the header written all the same: `./lab train --write` writes it in build/train
//       and copies it over the committed one only when they agree); --data=FILE starts
//       from gen's output made before (same seed); --step=e12: the weights compared with,
//       and the header written for, step 12's (the same chain on 25,000 games)
//   e07_train gen     --seed=S --games=N --out=DATA [--exact=16] [--jobs=J]
//       self-play games (random openings, then step 06 two plies deep choosing among the
//       near-best moves), every position kept once; positions with `exact` empties or
//       fewer labelled by step 06's exact solver, the others by their game's exact result
//   e07_train fit     --data=DATA --out=WEIGHTS [--lambda=10] [--iters=200] [--json=FILE]
//       least squares per phase (conjugate gradient), the weights rounded to one
//       character each; prints the error per phase on held-out games
//   e07_train relabel --data=DATA --weights=WEIGHTS --from=A --to=B --out=DATA2
//                     [--leaf=14] [--max-depth=6] [--jobs=J]
//       positions with A..B empties labelled again by step 07's search with WEIGHTS,
//       deep enough that its leaves sit at `leaf` empties (at most max-depth plies)
//   e07_train header  --weights=WEIGHTS --out=FILE [--note=TEXT] [--step=e07]
//       the C++ header a step compiles in (stages/e07_patterns/e07_weights.h; with
//       --step=e12, stages/e12_more_games/e12_weights.h)
//   e07_train compare [--weights=WEIGHTS] [--ffo=40-44] [--rounds=2] [--json=FILE]
//       step 06 against step 07 (with WEIGHTS, or the ones compiled in) on FFO positions,
//       interleaved round after round: score, nodes, CPU seconds of each round; exit 1
//       when a score is not the published one
//   e07_train mpc     --data=DATA [--per=1000] [--solve=200] [--solve-to=20] [--jobs=J] [--header=FILE]
//       step 08's ProbCut regression: per number of empties (e08::PROBCUT_MIN up), the
//       exact score against step 07's shallow search of e08::PROBCUT[].depth plies on
//       the held-out games' positions (at most `per`; gen's exact labels up to its
//       --exact, then at most `solve` of them solved here, up to `solve-to` empties):
//       exact = a * v + b, sigma the spread of its error; prints the table and, with
//       --header, rewrites the block between FIT-BEGIN and FIT-END of step 08's e08_probcut.h
//
// Everything is deterministic: our own generator (SplitMix64), one seed per game, fixed
// orders, and the same result whatever --jobs says (the jobs split the games or the
// positions; the results are put back in order). A weights file: "E07C", then the
// table (one character per weight), then the steps and the per-phase scalars as 16-bit
// little-endian numbers; its checksum is FNV-1a-64 of everything after "E07C".
// Bad input: one line on stderr, exit 2, before any work (every option, every file read
// and every folder written in is checked first); a failed write: exit 1.
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <array>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "stage_list.h"
#include "step_list.h"
#include "e07_patterns/e07_patterns.h"
#include "e08_selective/e08_probcut.h"  // the regression's rows (mpc)
#include "ffo.h"                        // parseFfoRange: the FFO lists of `reversi-lab solve --ffo`
#include "search_registry.h"
#include "stage.h"
#include "step.h"
#include "table_pool.h"
#include "usage.h"  // UsageError

using namespace reversi;

namespace {

using Fast = DefaultStage;  // the fastest stage (stage_list.h)
constexpr int kPhases = e07::PHASES, kKinds = e07::KINDS;
constexpr int32_t kPer = e07::PHASE_WEIGHTS;

struct BadInput : std::runtime_error {
  using std::runtime_error::runtime_error;
};

double cpuSeconds() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

uint64_t splitMix(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint64_t fnv1a(const void* data, size_t n, uint64_t h = 0xcbf29ce484222325ULL) {
  const uint8_t* p = static_cast<const uint8_t*>(data);
  for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ULL;
  return h;
}

std::string hex(uint64_t v) {
  char b[17];
  snprintf(b, sizeof b, "%016llx", (unsigned long long)v);
  return b;
}

// ---------------------------------------------------------------- options

// The options of one subcommand: --name=value, each name from `allowed`, each once.
class Options {
 public:
  Options(int argc, char** argv, const std::string& command, std::set<std::string> allowed) : command_(command) {
    for (int i = 2; i < argc; i++) {
      const std::string a = argv[i];
      const size_t eq = a.find('=');
      if (a.rfind("--", 0) != 0 || eq == std::string::npos) throw BadInput(command + ": expected --name=value, got '" + a + "'");
      const std::string name = a.substr(2, eq - 2);
      if (!allowed.count(name)) throw BadInput(command + ": unknown option --" + name);
      if (!values_.emplace(name, a.substr(eq + 1)).second) throw BadInput(command + ": --" + name + " given twice");
    }
  }
  std::string text(const std::string& name, const char* fallback = nullptr) const {
    auto it = values_.find(name);
    if (it != values_.end()) return it->second;
    if (!fallback) throw BadInput(command_ + ": --" + name + " is required");
    return fallback;
  }
  long long number(const std::string& name, const char* fallback, long long lo, long long hi) const {
    const std::string s = text(name, fallback);
    char* end = nullptr;
    errno = 0;
    const long long v = strtoll(s.c_str(), &end, 10);
    if (s.empty() || *end || errno || v < lo || v > hi)
      throw BadInput(command_ + ": --" + name + " must be a whole number from " + std::to_string(lo) + " to " +
                     std::to_string(hi) + ", not '" + s + "'");
    return v;
  }
  double real(const std::string& name, const char* fallback, double lo, double hi) const {
    const std::string s = text(name, fallback);
    char* end = nullptr;
    const double v = strtod(s.c_str(), &end);
    if (s.empty() || *end || !(v >= lo && v <= hi))
      throw BadInput(command_ + ": --" + name + " must be a number from " + std::to_string(lo) + " to " + std::to_string(hi) +
                     ", not '" + s + "'");
    return v;
  }

 private:
  std::string command_;
  std::map<std::string, std::string> values_;
};

// A file written whole or not at all: an error names it (exit 1).
void writeFile(const std::string& path, const void* data, size_t n) {
  FILE* f = fopen(path.c_str(), "wb");
  if (!f) throw std::runtime_error("cannot write " + path + ": " + strerror(errno));
  const bool ok = fwrite(data, 1, n, f) == n;
  if (fclose(f) != 0 || !ok) throw std::runtime_error("cannot write " + path + ": " + strerror(errno));
}

// A folder the command will write in: refused before any work (exit 2) when it is
// missing, not a folder or not writable, so that an hour of training is never lost to a
// path typed wrong.
void requireFolder(const std::string& what, const std::string& folder) {
  struct stat st {};
  if (stat(folder.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) throw BadInput(what + ": no folder " + folder);
  if (access(folder.c_str(), W_OK) != 0) throw BadInput(what + ": cannot write in " + folder);
}

// A file the command will write: writable if it exists (and not a folder), else its
// folder as above.
void requireWritable(const std::string& command, const std::string& option, const std::string& path) {
  const std::string what = command + ": --" + option + "=" + path;
  struct stat st {};
  if (path.empty()) throw BadInput(command + ": --" + option + " names no file");
  if (stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) throw BadInput(what + " is a folder, not a file");
    if (access(path.c_str(), W_OK) != 0) throw BadInput(what + ": cannot write it");
    return;
  }
  const size_t slash = path.find_last_of('/');
  requireFolder(what, slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash));
}

std::vector<uint8_t> readFile(const std::string& path) {
  FILE* f = fopen(path.c_str(), "rb");
  if (!f) throw BadInput("cannot read " + path + ": " + strerror(errno));
  std::vector<uint8_t> d;
  uint8_t buf[1 << 16];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) d.insert(d.end(), buf, buf + n);
  const bool bad = ferror(f);
  fclose(f);
  if (bad) throw BadInput("cannot read " + path);
  return d;
}

// ---------------------------------------------------------------- positions

// One training position, from the side to move's point of view.
struct Record {
  uint64_t own, opp;  // the side to move's stones, the opponent's
  float label;        // discs, for the side to move
  int32_t game;       // the first game it appeared in (held out: game % 10 == 9)
  int8_t empties;
  int8_t mobility;  // own legal moves minus the opponent's
  uint8_t source;   // kExact, kGame or kSearch: where the label comes from
  uint8_t pad;
};
static_assert(sizeof(Record) == 32, "a record is 32 bytes in the data file");
enum : uint8_t { kGame = 0, kExact = 1, kSearch = 2 };
const char* const kSourceName[] = {"game result", "exact solve", "search"};

void masks(const Fast::Board& b, uint8_t me, uint64_t& own, uint64_t& opp) {
  own = opp = 0;
  for (int sq = 0; sq < 64; sq++) {
    const uint8_t c = Fast::cell(b, sq & 7, sq >> 3);
    if (c == me) own |= uint64_t(1) << sq;
    else if (c != EMPTY) opp |= uint64_t(1) << sq;
  }
}

Position toPosition(uint64_t own, uint64_t opp, uint8_t me) {
  Position p;
  for (int sq = 0; sq < 64; sq++) p.set(sq & 7, sq >> 3, (own >> sq) & 1 ? me : (opp >> sq) & 1 ? uint8_t(3 - me) : EMPTY);
  p.toMove = me;
  return p;
}

void writeData(const std::string& path, const std::vector<Record>& recs) {
  std::vector<uint8_t> out = {'E', '0', '7', 'D'};
  const uint64_t count = recs.size();
  out.insert(out.end(), reinterpret_cast<const uint8_t*>(&count), reinterpret_cast<const uint8_t*>(&count) + 8);
  out.insert(out.end(), reinterpret_cast<const uint8_t*>(recs.data()),
             reinterpret_cast<const uint8_t*>(recs.data()) + recs.size() * sizeof(Record));
  writeFile(path, out.data(), out.size());
}

std::vector<Record> readData(const std::string& path) {
  const std::vector<uint8_t> d = readFile(path);
  uint64_t count = 0;
  if (d.size() >= 12) memcpy(&count, d.data() + 4, 8);
  // The count compared by division: 12 + count * 32 wraps around for a crafted count.
  if (d.size() < 12 || memcmp(d.data(), "E07D", 4) != 0 || (d.size() - 12) % sizeof(Record) != 0 ||
      count != (d.size() - 12) / sizeof(Record))
    throw BadInput(path + " is not a data file of e07_train gen");
  std::vector<Record> recs(count);
  memcpy(recs.data(), d.data() + 12, count * sizeof(Record));
  for (size_t i = 0; i < recs.size(); i++) {  // what the fit indexes with: a board, its empties, a label
    const Record& r = recs[i];
    const int empties = 64 - __builtin_popcountll(r.own | r.opp);
    if ((r.own & r.opp) || r.empties != empties || empties > 60 || r.source > kSearch || !(std::fabs(r.label) <= 64))
      throw BadInput(path + ": record " + std::to_string(i + 1) + " is not a position of e07_train gen");
  }
  return recs;
}

uint64_t dataChecksum(const std::vector<Record>& recs) { return fnv1a(recs.data(), recs.size() * sizeof(Record)); }

// Runs work(i) for i in [0, n) on `jobs` threads, i taken in turn (i % jobs == thread).
template <class Work>
void inParallel(int jobs, size_t n, Work work) {
  std::vector<std::thread> threads;
  for (int j = 0; j < jobs; j++)
    threads.emplace_back([&, j] {
      for (size_t i = size_t(j); i < n; i += size_t(jobs)) work(i);
    });
  for (auto& t : threads) t.join();
}

// ---------------------------------------------------------------- gen

struct GamePly {
  uint64_t own, opp;
  uint8_t me;
  int empties, mobility;
  double label;
  uint8_t source;
};

// One self-play game from its own seed, its positions labelled.
std::vector<GamePly> playGame(uint64_t seed, int exactFrom, e06::Search<Fast>& player,
                              std::map<std::pair<uint64_t, uint64_t>, int>& solved, uint64_t& solveNodes) {
  constexpr int kRandomMin = 2, kRandomMax = 14, kRandomPct = 5, kMargin = 64;  // 64: a quarter disc
  Fast::Board b;
  Fast::clear(b);
  Fast::setCell(b, 3, 3, WHITE);
  Fast::setCell(b, 4, 3, BLACK);
  Fast::setCell(b, 3, 4, BLACK);
  Fast::setCell(b, 4, 4, WHITE);
  uint8_t me = BLACK;
  const int randomPlies = kRandomMin + int((splitMix(seed) >> 33) % uint64_t(kRandomMax - kRandomMin + 1));
  std::vector<GamePly> plies;
  for (int ply = 0, empties = 60;; ply++) {
    uint8_t moves[64], replies[64];
    const int n = Fast::legalMoves(b, me, moves);
    if (n == 0) {
      if (Fast::legalMoves(b, 3 - me, replies) == 0) break;  // the game is over
      me = uint8_t(3 - me);
      continue;
    }
    GamePly p{};
    masks(b, me, p.own, p.opp);
    p.me = me;
    p.empties = empties;
    p.mobility = n - Fast::legalMoves(b, 3 - me, replies);
    plies.push_back(p);
    int pick;
    const uint64_t r = splitMix(seed);
    if (ply < randomPlies || int((r >> 40) % 100) < kRandomPct) {
      pick = int((r >> 8) % uint64_t(n));
    } else {  // step 06 two plies deep, a random choice among the moves near the best
      int score[64], best = -1000000;
      for (int i = 0; i < n; i++) {
        Fast::Board c = b;
        Fast::play(c, moves[i] & 7, moves[i] >> 3, me);
        score[i] = -player.search(c, uint8_t(3 - me), 1).score;
        best = std::max(best, score[i]);
      }
      int cand[64], m = 0;
      for (int i = 0; i < n; i++)
        if (score[i] >= best - kMargin) cand[m++] = i;
      pick = cand[(r >> 8) % uint64_t(m)];
    }
    Fast::play(b, moves[pick] & 7, moves[pick] >> 3, me);
    me = uint8_t(3 - me);
    empties--;
  }
  // Exact labels from `exactFrom` empties on; above, the exact result of the game's first
  // such position (from there on the result is what perfect play would give).
  int refScore = 0;
  uint8_t refColour = 0;
  for (GamePly& p : plies) {
    if (p.empties > exactFrom) continue;
    const std::pair<uint64_t, uint64_t> key(p.own, p.opp);
    auto it = solved.find(key);
    if (it == solved.end()) {
      const Position pos = toPosition(p.own, p.opp, p.me);
      const SearchOutcome o = runStep<Step_e06, Fast>(pos, -1, tableSlotsFor(pos, -1));
      solveNodes += o.nodes;
      it = solved.emplace(key, o.score).first;
    }
    p.label = it->second;
    p.source = kExact;
    if (!refColour) refColour = p.me, refScore = it->second;
  }
  if (!refColour) {  // the game ended above exactFrom empties: its final score is exact
    refColour = BLACK;
    refScore = e06::Search<Fast>::finalScore(b, BLACK) / e06::DISC;
  }
  for (GamePly& p : plies)
    if (p.source != kExact) p.label = p.me == refColour ? refScore : -refScore, p.source = kGame;
  return plies;
}

// Self-play and labels: every position once, in order of first appearance, its label
// the mean over the games it appeared in. Prints a summary.
std::vector<Record> generate(uint64_t seed, int games, int exactFrom, int jobs) {
  const double t0 = cpuSeconds();
  std::vector<std::vector<GamePly>> played(games);
  std::vector<uint64_t> nodes(jobs, 0);
  std::vector<std::thread> threads;
  for (int j = 0; j < jobs; j++)
    threads.emplace_back([&, j] {
      auto player = std::make_unique<e06::Search<Fast>>();  // no table: two plies only
      std::map<std::pair<uint64_t, uint64_t>, int> solved;  // positions this thread solved already
      for (int g = j; g < games; g += jobs) {
        uint64_t s = seed ^ (uint64_t(g) * 0xd1b54a32d192ed03ULL);  // each game its own stream
        played[g] = playGame(s, exactFrom, *player, solved, nodes[j]);
      }
    });
  for (auto& t : threads) t.join();
  std::vector<Record> recs;
  std::vector<double> sums;
  std::vector<int> counts;
  std::map<std::pair<uint64_t, uint64_t>, uint32_t> index;
  for (int g = 0; g < games; g++)
    for (const GamePly& p : played[g]) {
      auto it = index.find({p.own, p.opp});
      if (it == index.end()) {
        Record r{};
        r.own = p.own;
        r.opp = p.opp;
        r.game = g;
        r.empties = int8_t(p.empties);
        r.mobility = int8_t(p.mobility);
        r.source = p.source;
        index.emplace(std::make_pair(p.own, p.opp), uint32_t(recs.size()));
        recs.push_back(r);
        sums.push_back(p.label);
        counts.push_back(1);
      } else {
        sums[it->second] += p.label;
        counts[it->second]++;
      }
    }
  for (size_t i = 0; i < recs.size(); i++) recs[i].label = float(sums[i] / counts[i]);
  int perPhase[kPhases] = {}, exact = 0;
  for (const Record& r : recs) perPhase[e07::PHASE_OF[r.empties]]++, exact += r.source == kExact;
  uint64_t solveNodes = 0;
  for (uint64_t n : nodes) solveNodes += n;
  printf("gen: %d games (seed %llu), %zu positions, %d of them solved exactly (%llu nodes); %.1f s CPU\n", games,
         (unsigned long long)seed, recs.size(), exact, (unsigned long long)solveNodes, cpuSeconds() - t0);
  printf("gen: positions per phase:");
  for (int p = 0; p < kPhases; p++) printf(" %d", perPhase[p]);
  printf("\n");
  return recs;
}

int cmdGen(int argc, char** argv) {
  const Options o(argc, argv, "gen", {"seed", "games", "exact", "jobs", "out"});
  const uint64_t seed = uint64_t(o.number("seed", nullptr, 0, INT64_MAX));
  const int games = int(o.number("games", nullptr, 1, 10000000));
  const int exactFrom = int(o.number("exact", "16", 0, 20));
  const int jobs = int(o.number("jobs", "1", 1, 64));
  const std::string out = o.text("out");
  requireWritable("gen", "out", out);
  const std::vector<Record> recs = generate(seed, games, exactFrom, jobs);
  writeData(out, recs);
  printf("gen: data %s, checksum FNV-1a-64 %016llx\n", out.c_str(), (unsigned long long)dataChecksum(recs));
  return 0;
}

// ---------------------------------------------------------------- the patterns, read slowly

// The 46 instances as the step defines them: per kind, the kind's squares under the 8
// symmetries in order, a square set already seen skipped. Read square by square here (the
// step gathers bits instead; tests/e07_eval_test.cpp checks that both agree).
struct Instance {
  int kind;
  int squares[10];
  int size;
};

const std::vector<Instance>& instances() {
  static const std::vector<Instance> all = [] {
    std::vector<Instance> v;
    for (int k = 0; k < kKinds; k++) {
      std::vector<uint64_t> seen;
      for (int s = 0; s < 8; s++) {
        Instance in{k, {}, 0};
        uint64_t set = 0;
        for (int j = 0; e07::KIND_SQUARES[k][j] >= 0; j++) {
          in.squares[in.size++] = e07::symmetry(s, e07::KIND_SQUARES[k][j]);
          set |= uint64_t(1) << in.squares[in.size - 1];
        }
        if (std::find(seen.begin(), seen.end(), set) != seen.end()) continue;
        seen.push_back(set);
        v.push_back(in);
      }
    }
    return v;
  }();
  return all;
}

// Instance i's entry in its phase's table.
int32_t entryOf(const Instance& in, uint64_t own, uint64_t opp) {
  int32_t index = 0, power = 1;
  for (int j = 0; j < in.size; j++, power *= 3)
    index += power * int32_t(((own >> in.squares[j]) & 1) + 2 * ((opp >> in.squares[j]) & 1));
  return e07::KIND_OFFSET[in.kind] + index;
}

// Readings of one kind that a symmetry of the kind's own squares maps onto each other
// (the edge mirrored, the 3x3 block across its diagonal, ...) see the same stones: they
// share one weight. fold[j] is the smallest entry of j's class.
std::vector<int32_t> buildFold() {
  std::vector<int32_t> fold(kPer);
  for (int32_t j = 0; j < kPer; j++) fold[j] = j;
  for (int k = 0; k < kKinds; k++) {
    const int8_t* sq = e07::KIND_SQUARES[k];
    int n = 0;
    while (n < 10 && sq[n] >= 0) n++;
    std::vector<std::vector<int>> perms;  // perm[i] = j: the symmetry takes square i to square j
    for (int s = 1; s < 8; s++) {
      std::vector<int> perm(n, -1);
      for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
          if (sq[j] == e07::symmetry(s, sq[i])) perm[i] = j;
      if (std::find(perm.begin(), perm.end(), -1) == perm.end()) perms.push_back(perm);
    }
    int size = 1;
    for (int i = 0; i < n; i++) size *= 3;
    for (int idx = 0; idx < size; idx++) {
      int d[10], e[10];
      for (int i = 0, t = idx; i < n; i++, t /= 3) d[i] = t % 3;  // digit i: square i
      int best = idx;
      for (const auto& perm : perms) {
        for (int i = 0; i < n; i++) e[perm[i]] = d[i];
        int m = 0;
        for (int i = n - 1; i >= 0; i--) m = m * 3 + e[i];
        best = std::min(best, m);
      }
      fold[e07::KIND_OFFSET[k] + idx] = e07::KIND_OFFSET[k] + best;
    }
  }
  return fold;
}

// ---------------------------------------------------------------- weights

// A set of weights as the step reads them, and its file.
struct WeightSet {
  std::vector<char> table = std::vector<char>(size_t(kPhases) * kPer, 'O');
  int16_t step[kPhases][kKinds] = {};
  int16_t scalar[kPhases][3] = {};

  e07::Weights view() const { return {table.data(), step, scalar}; }

  std::vector<uint8_t> body() const {  // what the checksum covers
    std::vector<uint8_t> b(table.begin(), table.end());
    auto put = [&](int16_t v) {
      b.push_back(uint8_t(uint16_t(v) & 0xFF));
      b.push_back(uint8_t(uint16_t(v) >> 8));
    };
    for (auto& row : step)
      for (int16_t v : row) put(v);
    for (auto& row : scalar)
      for (int16_t v : row) put(v);
    return b;
  }
  uint64_t checksum() const {
    const std::vector<uint8_t> b = body();
    return fnv1a(b.data(), b.size());
  }
  void save(const std::string& path) const {
    std::vector<uint8_t> f = {'E', '0', '7', 'C'};
    const std::vector<uint8_t> b = body();
    f.insert(f.end(), b.begin(), b.end());
    writeFile(path, f.data(), f.size());
  }
  static WeightSet load(const std::string& path) {
    const std::vector<uint8_t> f = readFile(path);
    WeightSet w;
    const size_t want = 4 + w.table.size() + 2 * (kPhases * kKinds + kPhases * 3);
    if (f.size() != want || memcmp(f.data(), "E07C", 4) != 0) throw BadInput(path + " is not a weights file of e07_train fit");
    memcpy(w.table.data(), f.data() + 4, w.table.size());
    size_t at = 4 + w.table.size();
    auto get = [&]() {
      const int16_t v = int16_t(uint16_t(f[at] | (f[at + 1] << 8)));
      at += 2;
      return v;
    };
    for (auto& row : w.step)
      for (int16_t& v : row) v = get();
    for (auto& row : w.scalar)
      for (int16_t& v : row) v = get();
    for (char c : w.table)
      if (c < ' ' || c > '~') throw BadInput(path + ": a weight outside the printable characters");
    return w;
  }
};

// ---------------------------------------------------------------- fit

struct Rows {
  std::vector<int32_t> idx;  // instances per row (folded entries)
  std::vector<double> y;
  std::vector<int8_t> mob, par;
};

struct PhaseFit {
  size_t train = 0, test = 0;
  double maeTrain = 0, maeTest = 0, maeMean = 0;
  int sources[3] = {0, 0, 0};
};

// Least squares for one phase: (X'X + lambda) w = X'y by conjugate gradient, rows in
// file order, then the pattern weights rounded to characters. Returns the scores' error.
PhaseFit fitPhase(const std::vector<Record>& recs, int phase, const std::vector<int32_t>& fold, double lambda, int iters,
                  WeightSet& out) {
  const auto& inst = instances();
  const int K = int(inst.size());
  const int32_t kMob = kPer, kPar = kPer + 1, kBias = kPer + 2, n = kPer + 3;
  Rows tr, te;
  PhaseFit r;
  for (const Record& rec : recs) {
    if (e07::PHASE_OF[rec.empties] != phase) continue;
    Rows& R = rec.game % 10 == 9 ? te : tr;
    for (const Instance& in : inst) R.idx.push_back(fold[entryOf(in, rec.own, rec.opp)]);
    R.y.push_back(rec.label);
    R.mob.push_back(rec.mobility);
    R.par.push_back(int8_t(rec.empties & 1));
    r.sources[rec.source]++;
  }
  r.train = tr.y.size();
  r.test = te.y.size();
  std::vector<double> w(n, 0.0);
  auto rowSum = [&](const Rows& R, size_t i, const std::vector<double>& v) {
    double s = v[kBias] + v[kMob] * R.mob[i] + v[kPar] * R.par[i];
    for (int k = 0; k < K; k++) s += v[R.idx[i * K + k]];
    return s;
  };
  auto normal = [&](const std::vector<double>& v, std::vector<double>& o) {  // (X'X + Lambda) v
    std::fill(o.begin(), o.end(), 0.0);
    for (size_t i = 0; i < tr.y.size(); i++) {
      const double s = rowSum(tr, i, v);
      for (int k = 0; k < K; k++) o[tr.idx[i * K + k]] += s;
      o[kBias] += s;
      o[kMob] += s * tr.mob[i];
      o[kPar] += s * tr.par[i];
    }
    for (int32_t j = 0; j < n; j++) o[j] += (j < kPer ? lambda : 1e-3) * v[j];
  };
  if (!tr.y.empty()) {
    std::vector<double> res(n, 0.0), d(n), q(n);
    for (size_t i = 0; i < tr.y.size(); i++) {
      for (int k = 0; k < K; k++) res[tr.idx[i * K + k]] += tr.y[i];
      res[kBias] += tr.y[i];
      res[kMob] += tr.y[i] * tr.mob[i];
      res[kPar] += tr.y[i] * tr.par[i];
    }
    d = res;
    double rr = 0;
    for (double v : res) rr += v * v;
    const double rr0 = rr;
    for (int it = 0; it < iters && rr > 1e-12 * rr0; it++) {
      normal(d, q);
      double dq = 0;
      for (int32_t j = 0; j < n; j++) dq += d[j] * q[j];
      const double a = rr / dq;
      for (int32_t j = 0; j < n; j++) w[j] += a * d[j], res[j] -= a * q[j];
      double rrNew = 0;
      for (double v : res) rrNew += v * v;
      const double beta = rrNew / rr;
      rr = rrNew;
      for (int32_t j = 0; j < n; j++) d[j] = res[j] + beta * d[j];
    }
  }
  // To the step's units: 1/DISC of a disc; a pattern weight is a number of its kind's
  // steps, the step chosen so the largest weight of the kind is 47 steps.
  char* t = &out.table[size_t(phase) * kPer];
  for (int k = 0; k < kKinds; k++) {
    const int32_t lo = e07::KIND_OFFSET[k], hi = k + 1 < kKinds ? e07::KIND_OFFSET[k + 1] : kPer;
    double largest = 0;
    for (int32_t j = lo; j < hi; j++) largest = std::max(largest, std::fabs(w[fold[j]] * e07::DISC));
    const int step = std::max(1, int(std::ceil(largest / 47)));
    out.step[phase][k] = int16_t(std::min(step, 32767));
    for (int32_t j = lo; j < hi; j++) {
      const long q = std::lround(w[fold[j]] * e07::DISC / step);
      t[j] = char('O' + std::max(-47L, std::min(47L, q)));
    }
  }
  for (int i = 0; i < 3; i++)
    out.scalar[phase][i] = int16_t(std::max(-32767L, std::min(32767L, std::lround(w[kPer + i] * e07::DISC))));
  // The error of the rounded weights, as the step computes its score.
  const e07::Weights view = out.view();
  double mean = 0;
  for (double y : tr.y) mean += y;
  mean = tr.y.empty() ? 0 : mean / double(tr.y.size());
  for (const Record& rec : recs) {
    if (e07::PHASE_OF[rec.empties] != phase) continue;
    const double e = std::fabs(e07::patternScore(view, rec.own, rec.opp, rec.mobility) / double(e07::DISC) - rec.label);
    if (rec.game % 10 == 9) r.maeTest += e, r.maeMean += std::fabs(mean - rec.label);
    else r.maeTrain += e;
  }
  if (r.train) r.maeTrain /= double(r.train);
  if (r.test) r.maeTest /= double(r.test), r.maeMean /= double(r.test);
  return r;
}

// Every phase fitted (two at a time), the table printed; returns the JSON of the
// errors per phase ({"phase": ..., "error_held_out": ...}, ...).
std::string fitAll(const std::vector<Record>& recs, double lambda, int iters, WeightSet& w) {
  const double t0 = cpuSeconds();
  static const std::vector<int32_t> fold = buildFold();
  std::vector<PhaseFit> fits(kPhases);
  inParallel(2, kPhases, [&](size_t p) { fits[p] = fitPhase(recs, int(p), fold, lambda, iters, w); });
  printf("fit: %zu positions (data %016llx), lambda %g, %d iterations\n", recs.size(), (unsigned long long)dataChecksum(recs),
         lambda, iters);
  printf("phase  empties  train  held out  error train  error held out  error of the mean  labels\n");
  std::string rows;
  for (int p = 0; p < kPhases; p++) {
    const PhaseFit& f = fits[p];
    const int lo = 5 * p, hi = p == kPhases - 1 ? 60 : 5 * p + 4;
    const int total = f.sources[0] + f.sources[1] + f.sources[2];
    std::string labels;
    for (int src : {kExact, kSearch, kGame})
      if (f.sources[src])
        labels += (labels.empty() ? "" : ", ") + std::to_string((200 * f.sources[src] + total) / (2 * total)) + " % " +
                  kSourceName[src];
    printf("%5d  %2d-%2d  %7zu  %8zu  %11.2f  %14.2f  %17.2f  %s\n", p, lo, hi, f.train, f.test, f.maeTrain, f.maeTest, f.maeMean,
           labels.c_str());
    char row[512];
    snprintf(row, sizeof row,
             "%s{\"phase\": %d, \"empties\": [%d, %d], \"train\": %zu, \"held_out\": %zu, \"error_train\": %.3f, "
             "\"error_held_out\": %.3f, \"error_mean\": %.3f, \"exact\": %d, \"search\": %d, \"game\": %d}",
             p ? ",\n    " : "", p, lo, hi, f.train, f.test, f.maeTrain, f.maeTest, f.maeMean, f.sources[kExact],
             f.sources[kSearch], f.sources[kGame]);
    rows += row;
  }
  printf("fit: weights %016llx; %.1f s CPU\n", (unsigned long long)w.checksum(), cpuSeconds() - t0);
  return "[\n    " + rows + "]";
}

int cmdFit(int argc, char** argv) {
  const Options o(argc, argv, "fit", {"data", "out", "lambda", "iters", "json"});
  const std::string dataPath = o.text("data"), out = o.text("out"), json = o.text("json", "");
  const double lambda = o.real("lambda", "10", 0, 1e6);
  const int iters = int(o.number("iters", "200", 1, 100000));
  requireWritable("fit", "out", out);
  if (!json.empty()) requireWritable("fit", "json", json);
  const std::vector<Record> recs = readData(dataPath);
  WeightSet w;
  const std::string phases = fitAll(recs, lambda, iters, w);
  w.save(out);
  printf("fit: weights %s, checksum FNV-1a-64 %016llx\n", out.c_str(), (unsigned long long)w.checksum());
  if (!json.empty()) {
    const std::string text = "{\"weights\": \"" + hex(w.checksum()) + "\", \"phases\": " + phases + "}\n";
    writeFile(json, text.data(), text.size());
  }
  return 0;
}

// ---------------------------------------------------------------- relabel

// Positions with from..to empties (not solved exactly) labelled by step 07's search with
// weights w, `leaf` empties deep at most maxDepth plies. Prints a summary.
void relabel(std::vector<Record>& recs, const WeightSet& w, int from, int to, int leaf, int maxDepth, int jobs) {
  const e07::Weights view = w.view();
  using Searcher = e07::Search<Fast>;
  Searcher::weights = &view;
  std::vector<size_t> todo;
  for (size_t i = 0; i < recs.size(); i++)
    if (recs[i].empties >= from && recs[i].empties <= to && recs[i].source != kExact) todo.push_back(i);
  const double t0 = cpuSeconds();
  std::vector<std::unique_ptr<Searcher>> searchers(jobs);
  std::vector<TablePool<Searcher::Slot>> pools(jobs);
  for (int j = 0; j < jobs; j++) {
    searchers[j] = std::make_unique<Searcher>();
    pools[j].resize(uint32_t(1) << 16);
    searchers[j]->useTable(pools[j].data(), uint32_t(pools[j].size()));
  }
  std::vector<float> labels(todo.size());
  std::vector<uint64_t> nodes(todo.size());
  inParallel(jobs, todo.size(), [&](size_t i) {  // each search empties its table first
    const Record& r = recs[todo[i]];
    const int depth = std::min(maxDepth, std::max(1, r.empties - leaf));
    const e07::Result res = searchers[i % size_t(jobs)]->search(load<Fast>(toPosition(r.own, r.opp, BLACK)), BLACK, depth);
    labels[i] = float(double(res.score) / e07::DISC);
    nodes[i] = res.nodes;
  });
  Searcher::weights = &e07::LEARNED;
  double moved = 0;
  uint64_t total = 0;
  for (size_t i = 0; i < todo.size(); i++) {
    Record& r = recs[todo[i]];
    moved += std::fabs(labels[i] - r.label);
    r.label = labels[i];
    r.source = kSearch;
    total += nodes[i];
  }
  printf(
      "relabel: %zu positions with %d-%d empties searched with weights %016llx (leaves at %d empties, at most %d "
      "plies): %llu nodes, %.1f s CPU; labels moved %.2f discs on average\n",
      todo.size(), from, to, (unsigned long long)w.checksum(), leaf, maxDepth, (unsigned long long)total, cpuSeconds() - t0,
      todo.empty() ? 0.0 : moved / double(todo.size()));
}

int cmdRelabel(int argc, char** argv) {
  const Options o(argc, argv, "relabel", {"data", "weights", "from", "to", "leaf", "max-depth", "jobs", "out"});
  std::vector<Record> recs = readData(o.text("data"));
  const WeightSet w = WeightSet::load(o.text("weights"));
  const int from = int(o.number("from", nullptr, 0, 60)), to = int(o.number("to", nullptr, from, 60));
  const int leaf = int(o.number("leaf", "14", 0, 60)), maxDepth = int(o.number("max-depth", "6", 1, 20));
  const int jobs = int(o.number("jobs", "1", 1, 64));
  const std::string out = o.text("out");
  requireWritable("relabel", "out", out);
  relabel(recs, w, from, to, leaf, maxDepth, jobs);
  writeData(out, recs);
  printf("relabel: data %s, checksum FNV-1a-64 %016llx\n", out.c_str(), (unsigned long long)dataChecksum(recs));
  return 0;
}

// ---------------------------------------------------------------- header

// The steps whose weights this program makes: step 07's, and step 12's (the same chain on
// more games). Each compiles in a header of its own, in its own namespace.
struct WeightsStep {
  std::string ns;       // its namespace, e.g. "e07"
  int number;           // its number, e.g. 7
  uint64_t compiledIn;  // the checksum of the weights compiled in
};

WeightsStep weightsStep(const Options& o, const char* command) {
  const std::string ns = o.text("step", "e07");
  if (ns == "e07") return {ns, 7, e07::TRAINED_CHECKSUM};
  if (ns == "e12") return {ns, 12, e12::TRAINED_CHECKSUM};
  throw BadInput(std::string(command) + ": --step must be e07 or e12 (the steps with trained weights), not '" + ns + "'");
}

void writeHeader(const WeightSet& w, const std::string& path, const std::string& note, const WeightsStep& step) {
  std::string h;
  char line[512];
  std::string guard = "REVERSI_LAB_" + step.ns + "_WEIGHTS_H";
  std::transform(guard.begin(), guard.end(), guard.begin(), [](unsigned char c) { return char(std::toupper(c)); });
  snprintf(line, sizeof line, "// Step %02d's trained weights: generated by bench/e07_train.cpp%s, not edited.\n", step.number,
           step.number == 7 ? " (`./lab train`)" : "");
  h += line;
  if (!note.empty()) h += "// " + note + "\n";
  h += "// Each pattern weight is one character c, worth (c - 'O') steps of TRAINED_STEP[phase][kind]\n"
       "// (in 1/256 of a disc); see e07_evaluation.h. The tests recompute TRAINED_CHECKSUM.\n"
       "#ifndef " +
       guard + "\n#define " + guard + "\n\n#include <stdint.h>\n\nnamespace " + step.ns + " {\n\n";
  snprintf(line, sizeof line,
           "/// FNV-1a-64 of the table's characters, then the steps and scalars (16-bit, low byte first).\n"
           "const uint64_t TRAINED_CHECKSUM = 0x%016llxULL;\n\n",
           (unsigned long long)w.checksum());
  h += line;
  h += "/// [phase][kind]: one step of the kind's weights, in 1/256 of a disc.\nconst int16_t TRAINED_STEP[12][11] = {\n";
  for (int p = 0; p < kPhases; p++) {
    h += "    {";
    for (int k = 0; k < kKinds; k++) h += std::to_string(w.step[p][k]) + (k + 1 < kKinds ? ", " : "");
    h += p + 1 < kPhases ? "},\n" : "}};\n\n";
  }
  h += "/// [phase]: per move of mobility, for an odd number of empty squares, a constant (1/256 disc).\n"
       "const int16_t TRAINED_SCALAR[12][3] = {\n";
  for (int p = 0; p < kPhases; p++) {
    snprintf(line, sizeof line, "    {%d, %d, %d}%s\n", w.scalar[p][0], w.scalar[p][1], w.scalar[p][2],
             p + 1 < kPhases ? "," : "};\n");
    h += line;
  }
  h += "/// The pattern weights: 12 phases of 167,265 characters (and the string's zero).\n"
       "const char TRAINED_TABLE[" +
       std::to_string(w.table.size() + 1) + "] =\n";
  const size_t kLine = 120;
  for (size_t at = 0; at < w.table.size(); at += kLine) {
    h += "    \"";
    for (size_t i = at; i < std::min(w.table.size(), at + kLine); i++) {
      const char c = w.table[i];
      if (c == '"' || c == '\\' || c == '?') h += '\\';  // ? too: no trigraph can form
      h += c;
    }
    h += "\"\n";
  }
  h += "    ;\n\n}  // namespace " + step.ns + "\n\n#endif  // " + guard + "\n";
  writeFile(path, h.data(), h.size());
  printf("header: %s, %zu bytes, weights %016llx\n", path.c_str(), h.size(), (unsigned long long)w.checksum());
}

int cmdHeader(int argc, char** argv) {
  const Options o(argc, argv, "header", {"weights", "out", "note", "step"});
  const WeightsStep step = weightsStep(o, "header");
  requireWritable("header", "out", o.text("out"));
  writeHeader(WeightSet::load(o.text("weights")), o.text("out"), o.text("note", ""), step);
  return 0;
}

// ---------------------------------------------------------------- train

// The whole chain from a seed. Round 0 fits on the self-play data; each later round
// labels one range of empties again by searches whose leaves fall in ranges already
// fitted, then fits again. The last weights are the step's.
struct Round {
  int from, to, leaf, maxDepth;
};
const Round kRounds[] = {{17, 24, 14, 6}, {25, 29, 19, 6}, {30, 34, 24, 6}, {35, 39, 29, 6},
                         {40, 44, 34, 6}, {45, 49, 39, 6}, {50, 60, 44, 6}};

int cmdTrain(int argc, char** argv) {
  const Options o(argc, argv, "train", {"seed", "games", "exact", "jobs", "dir", "header", "json", "data", "step"});
  const WeightsStep step = weightsStep(o, "train");
  const uint64_t seed = uint64_t(o.number("seed", nullptr, 0, INT64_MAX));
  const int games = int(o.number("games", nullptr, 1, 10000000));
  const int exactFrom = int(o.number("exact", "16", 0, 20));
  const int jobs = int(o.number("jobs", "2", 1, 64));
  const std::string dir = o.text("dir"), header = o.text("header", ""), json = o.text("json", "");
  requireFolder("train: --dir=" + dir, dir);  // each round's data and weights go there
  if (!header.empty()) requireWritable("train", "header", header);
  if (!json.empty()) requireWritable("train", "json", json);
  const double t0 = cpuSeconds();
  const auto wall0 = std::chrono::steady_clock::now();
  // --data: gen's output for this seed and size, made before (the rounds start from it).
  std::vector<Record> recs = o.text("data", "").empty() ? generate(seed, games, exactFrom, jobs) : readData(o.text("data"));
  writeData(dir + "/data-0.bin", recs);
  printf("train: data %016llx\n", (unsigned long long)dataChecksum(recs));
  WeightSet w;
  std::string rounds = "[\n  {\"round\": 0, \"relabelled\": null, \"phases\": " + fitAll(recs, 10, 200, w) + "}";
  w.save(dir + "/weights-0.e07");
  int r = 1;
  for (const Round& round : kRounds) {
    relabel(recs, w, round.from, round.to, round.leaf, round.maxDepth, jobs);
    char head[160];
    snprintf(head, sizeof head, ",\n  {\"round\": %d, \"relabelled\": [%d, %d], \"leaf\": %d, \"max_depth\": %d, \"phases\": ", r,
             round.from, round.to, round.leaf, round.maxDepth);
    WeightSet next;
    rounds += head + fitAll(recs, 10, 200, next) + "}";
    w = next;
    w.save(dir + "/weights-" + std::to_string(r) + ".e07");
    r++;
  }
  writeData(dir + "/data.bin", recs);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  const bool same = w.checksum() == step.compiledIn;
  printf(
      "train: seed %llu, %d games: weights %016llx, %s the compiled-in weights (%016llx); %.0f s CPU, %.0f s on %d "
      "threads\n",
      (unsigned long long)seed, games, (unsigned long long)w.checksum(), same ? "the same as" : "NOT the same as",
      (unsigned long long)step.compiledIn, cpuSeconds() - t0, wall, jobs);
  if (!header.empty()) {
    char note[200];
    snprintf(note, sizeof note, "Seed %llu, %d games, exact labels from %d empties (e07_train train).", (unsigned long long)seed,
             games, exactFrom);
    writeHeader(w, header, note, step);
  }
  if (!json.empty()) {
    char head[400];
    snprintf(head, sizeof head,
             "{\"seed\": %llu, \"games\": %d, \"exact_from\": %d, \"positions\": %zu, \"data\": \"%s\", \"weights\": "
             "\"%s\", \"cpu_seconds\": %.0f, \"wall_seconds\": %.0f, \"threads\": %d,\n \"rounds\": ",
             (unsigned long long)seed, games, exactFrom, recs.size(), hex(dataChecksum(recs)).c_str(), hex(w.checksum()).c_str(),
             cpuSeconds() - t0, wall, jobs);
    const std::string text = head + rounds + "\n]}\n";
    writeFile(json, text.data(), text.size());
  }
  return same ? 0 : 1;
}

// ---------------------------------------------------------------- compare

struct Solved {
  int score;
  uint64_t nodes;
  double seconds;
};

template <class Searcher>
Solved solveWith(const FfoPosition& f) {
  static TablePool<typename Searcher::Slot> pool;
  pool.resize(tableSlotsFor(f.position, -1));
  auto searcher = std::make_unique<Searcher>();
  searcher->useTable(pool.data(), uint32_t(pool.size()));
  const Fast::Board b = load<Fast>(f.position);
  const double t0 = cpuSeconds();
  const auto r = searcher->solve(b, f.position.toMove);
  return {r.score / 256, r.nodes, cpuSeconds() - t0};
}

int cmdCompare(int argc, char** argv) {
  const Options o(argc, argv, "compare", {"weights", "ffo", "rounds", "json"});
  const std::string weightsPath = o.text("weights", ""), json = o.text("json", "");
  if (!json.empty()) requireWritable("compare", "json", json);
  std::optional<WeightSet> w;  // none: the weights compiled into the step
  e07::Weights view = e07::LEARNED;
  uint64_t checksum = e07::TRAINED_CHECKSUM;
  if (!weightsPath.empty()) {
    w = WeightSet::load(weightsPath);
    view = w->view();
    checksum = w->checksum();
  }
  e07::Search<Fast>::weights = &view;
  std::vector<int> nums;
  try {
    nums = parseFfoRange(o.text("ffo", "40-44"), "compare");
  } catch (const UsageError& e) { throw BadInput(e.message); }
  const int rounds = int(o.number("rounds", "2", 1, 100));
  constexpr int kV = 2;  // step 06, step 07
  Solved (*const solvers[kV])(const FfoPosition&) = {&solveWith<e06::Search<Fast>>, &solveWith<e07::Search<Fast>>};
  // [position][step]: the score and nodes (the same every round) and each round's CPU seconds.
  std::vector<std::array<Solved, kV>> first(nums.size());
  std::vector<std::array<std::vector<double>, kV>> secs(nums.size());
  bool right = true;
  for (int round = 0; round < rounds; round++)
    for (size_t i = 0; i < nums.size(); i++) {
      const FfoPosition* f = findFfo(nums[i]);
      for (int k = 0; k < kV; k++) {
        const int v = (round + int(i)) % 2 ? kV - 1 - k : k;  // interleaved, the order alternating
        const Solved s = solvers[v](*f);
        right = right && s.score == f->score;
        printf("round %d #%d e0%d score %+d nodes %llu %.3f s\n", round + 1, f->number, 6 + v, s.score,
               (unsigned long long)s.nodes, s.seconds);
        fflush(stdout);
        if (round == 0) first[i][v] = s;
        secs[i][v].push_back(s.seconds);
      }
    }
  uint64_t nodes[kV] = {0, 0};
  for (const auto& row : first)
    for (int v = 0; v < kV; v++) nodes[v] += row[v].nodes;
  printf("compare: e06 %llu nodes; e07 (weights %016llx) %llu nodes; scores %s\n", (unsigned long long)nodes[0],
         (unsigned long long)checksum, (unsigned long long)nodes[1], right ? "all right" : "WRONG");
  if (!json.empty()) {
    std::string text = "{\"weights\": \"" + hex(checksum) + "\", \"rounds\": " + std::to_string(rounds) + ", \"positions\": [";
    for (size_t i = 0; i < nums.size(); i++) {
      text += std::string(i ? ", " : "") + "{\"ffo\": " + std::to_string(nums[i]) +
              ", \"published\": " + std::to_string(findFfo(nums[i])->score);
      for (int v = 0; v < kV; v++) {
        text += ", \"e0" + std::to_string(6 + v) + "\": {\"score\": " + std::to_string(first[i][v].score) +
                ", \"nodes\": " + std::to_string(first[i][v].nodes) + ", \"cpu_seconds\": [";
        for (size_t r = 0; r < secs[i][v].size(); r++) {
          char buf[32];
          snprintf(buf, sizeof buf, "%s%.4f", r ? ", " : "", secs[i][v][r]);
          text += buf;
        }
        text += "]}";
      }
      text += "}";
    }
    text += "]}\n";
    writeFile(json, text.data(), text.size());
  }
  return right ? 0 : 1;
}

// ---------------------------------------------------------------- mpc

// Step 08's ProbCut regression, fitted on our own positions (see the file comment).
int cmdMpc(int argc, char** argv) {
  const Options o(argc, argv, "mpc", {"data", "per", "solve", "solve-to", "jobs", "header"});
  const std::vector<Record> recs = readData(o.text("data"));
  const size_t per = size_t(o.number("per", "1000", 10, 1000000)), solveMax = size_t(o.number("solve", "200", 0, 1000000));
  const int solveTo = int(o.number("solve-to", "20", 0, 60)), jobs = int(o.number("jobs", "1", 1, 64));
  const std::string header = o.text("header", "");
  if (!header.empty()) requireWritable("mpc", "header", header);
  using Searcher = e07::Search<Fast>;
  std::vector<std::unique_ptr<Searcher>> searchers(jobs);
  std::vector<TablePool<Searcher::Slot>> pools(jobs);
  for (int j = 0; j < jobs; j++) {
    searchers[j] = std::make_unique<Searcher>();
    pools[j].resize(uint32_t(1) << 20);
    searchers[j]->useTable(pools[j].data(), uint32_t(pools[j].size()));
  }
  constexpr int kRows = e08::PROBCUT_LAST - e08::PROBCUT_MIN + 1;
  e08::ProbCut rows[kRows];
  bool fitted = false;
  const double t0 = cpuSeconds();
  printf("empties depth     n      a      b  sigma   (discs; exact = a * v + b)\n");
  for (int k = 0; k < kRows; k++) {
    const int e = e08::PROBCUT_MIN + k, depth = e08::PROBCUT[k].depth;
    std::vector<const Record*> sample;  // held-out games, in the data's order
    for (const Record& r : recs)
      if (r.empties == e && r.game % 10 == 9 && sample.size() < (r.source == kExact ? per : std::min(per, solveMax)) &&
          (r.source == kExact || e <= solveTo))
        sample.push_back(&r);
    if (sample.size() < 10) {  // too few: the row before (the first row must be fitted)
      if (!fitted) throw BadInput("mpc: fewer than 10 positions with " + std::to_string(e) + " empties");
      rows[k] = rows[k - 1];
      rows[k].depth = int8_t(depth);
      printf("%7d %5d %5zu   (the row before)\n", e, depth, sample.size());
      continue;
    }
    std::vector<double> xs(sample.size()), ys(sample.size());
    inParallel(jobs, sample.size(), [&](size_t i) {  // each search empties its table first
      const Record& r = *sample[i];
      Searcher& s = *searchers[i % size_t(jobs)];
      const Fast::Board b = load<Fast>(toPosition(r.own, r.opp, BLACK));
      xs[i] = double(s.search(b, BLACK, depth).score) / e07::DISC;
      ys[i] = r.source == kExact ? double(r.label) : double(s.solve(b, BLACK).score) / e07::DISC;
    });
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (size_t i = 0; i < xs.size(); i++) sx += xs[i], sy += ys[i], sxx += xs[i] * xs[i], sxy += xs[i] * ys[i];
    const double n = double(xs.size()), a = (n * sxy - sx * sy) / (n * sxx - sx * sx), b = (sy - a * sx) / n;
    double ss = 0;
    for (size_t i = 0; i < xs.size(); i++) ss += (ys[i] - a * xs[i] - b) * (ys[i] - a * xs[i] - b);
    const double sigma = std::sqrt(ss / (n - 2));
    printf("%7d %5d %5zu %6.3f %6.2f %6.2f\n", e, depth, xs.size(), a, b, sigma);
    fflush(stdout);
    rows[k] = {int8_t(depth), int16_t(std::lround(256 / a)), int16_t(std::lround(b * e08::DISC)),
               int16_t(std::lround(sigma * e08::DISC))};
    fitted = true;
  }
  std::string block = "    // FIT-BEGIN\n";
  for (int k = 0; k < kRows; k++) {
    char cell[64];
    snprintf(cell, sizeof cell, "{%d, %d, %d, %d},", rows[k].depth, rows[k].invA, rows[k].b, rows[k].sigma);
    block += std::string(k % 5 ? " " : "    ") + cell + (k % 5 == 4 || k == kRows - 1 ? "\n" : "");
  }
  block += "    // FIT-END\n";
  printf("mpc: %.0f s CPU; the rows ({depth, 256 / a, b * DISC, sigma * DISC}):\n%s", cpuSeconds() - t0, block.c_str());
  if (!header.empty()) {
    const std::vector<uint8_t> d = readFile(header);
    std::string text(d.begin(), d.end());
    const size_t from = text.find("    // FIT-BEGIN\n"), to = text.find("    // FIT-END\n");
    if (from == std::string::npos || to == std::string::npos || to < from)
      throw BadInput("mpc: " + header + " has no FIT-BEGIN ... FIT-END block");
    text = text.substr(0, from) + block + text.substr(to + strlen("    // FIT-END\n"));
    writeFile(header, text.data(), text.size());
    printf("mpc: written %s\n", header.c_str());
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string usage =
      "usage: e07_train train | gen | fit | relabel | header | compare | mpc --name=value ... (see bench/e07_train.cpp)";
  try {
    const std::string cmd = argc > 1 ? argv[1] : "";
    if (cmd == "gen") return cmdGen(argc, argv);
    if (cmd == "fit") return cmdFit(argc, argv);
    if (cmd == "relabel") return cmdRelabel(argc, argv);
    if (cmd == "header") return cmdHeader(argc, argv);
    if (cmd == "compare") return cmdCompare(argc, argv);
    if (cmd == "mpc") return cmdMpc(argc, argv);
    if (cmd == "train") return cmdTrain(argc, argv);
    fprintf(stderr, "e07_train: %s\n", usage.c_str());
    return 2;
  } catch (const BadInput& e) {
    fprintf(stderr, "e07_train: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    fprintf(stderr, "e07_train: %s\n", e.what());
    return 1;
  }
}
