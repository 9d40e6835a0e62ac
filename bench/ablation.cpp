// A step's ablation: the step with each of its ideas switched off alone (step::Idea, the
// Search template's last parameter), on one workload -- FFO positions solved one by one
// on the default (fastest) stage, each with the table the CLI lends it -- in rounds, the
// variants in a new shuffled order each round so that a slow spell of the machine falls
// on all of them alike. Per variant: nodes (exact, the same every round; in all and per
// position) and the CPU seconds of each round. docs/ablation.py turns the JSON into the
// step page's table.
// Built once per step that has ideas to switch (eNN_ablation, ABLATION_STEP=NN: the
// rows below are that step's).
//
//   eNN_ablation [--ffo=40-44] [--rounds=3] [--only=name,name] [--json=FILE]
//
// A wrong score is a defect: the program stops with exit code 1. Not a test (minutes of
// CPU); `cmake --build build --target ablation` runs step 06's and writes
// build/ablation.json, `--target ablation-e04` step 04's on FFO #1-#19
// (build/ablation-e04.json: it keeps no table, and #40-#44 would take hours),
// `--target ablation-e08` step 08's (build/ablation-e08.json) and
// `--target ablation-e09` step 09's (build/ablation-e09.json), `--target ablation-e10` step
// 10's (build/ablation-e10.json), `--target ablation-e10-deeper` two of step 10's ideas on
// FFO #45-#49 (build/ablation-e10-deeper.json), and `--target ablation-e12` step 12's weights
// against step 07's (build/ablation-e12.json).
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "this_step.h"  // first: the step
#if ABLATION_STEP == 9
#include "e08_selective/e08_selective.h"  // the generic solver step 09 is measured against
#elif ABLATION_STEP == 10
#include "e09_bitsolve/e09_bitsolve.h"  // step 09, which step 10 is measured against
#endif
#include "stage_list.h"
#include "ffo.h"
#include "run_json.h"  // the machine's fields and how the JSON is written
#include "search_registry.h"
#include "stage.h"
#include "table_pool.h"

using namespace reversi;
using reversi::bench::quoted;

namespace {

/// The program's name, for its messages: e06_ablation, e08_ablation, ..., e10_ablation.
const std::string kName = std::string(ThisStep::id).substr(0, 4) + "ablation";

/// The stage the step's own numbers are measured on: the fastest, DefaultStage.
using Fast = DefaultStage;

struct Solved {
  int score;       // final disc difference for the side to move
  uint64_t nodes;  // the search's own count
  double seconds;  // CPU time of the solve alone
};

double cpuSeconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

// One table for every variant of a slot type (step 09's table also holds step 08's, a
// type of its own): lent afresh to each searcher, which empties it before it searches.
// Sized per position as `reversi-lab solve` sizes it.
template <class S>
TablePool<S>& pool() {
  static TablePool<S> p;
  return p;
}

template <class Searcher>
Solved solveOne(const FfoPosition& f) {
  auto searcher = std::make_unique<Searcher>();
  if constexpr (requires { typename Searcher::Slot; }) {  // step 04 keeps no table
    auto& slots = pool<typename Searcher::Slot>();
    slots.resize(tableSlotsFor(f.position, -1));
    searcher->useTable(slots.data(), uint32_t(slots.size()));
  }
  const typename Fast::Board b = load<Fast>(f.position);
  const double t0 = cpuSeconds();
  const auto r = searcher->solve(b, f.position.toMove);
  const double t = cpuSeconds() - t0;
  return {r.score / step::DISC, r.nodes, t};
}

struct Variant {
  const char* name;  // short, for --only and the JSON
  const char* idea;  // the idea switched off ("" for the default)
  const char* off;   // what the search does instead
  Solved (*solve)(const FfoPosition&);
};

#if ABLATION_STEP == 4  // step 04: no table, no Make parameter
template <unsigned Off>
constexpr Solved (*without())(const FfoPosition&) {
  return &solveOne<step::Search<Fast, Off>>;
}
#elif ABLATION_STEP == 12  // step 12's one idea is its weights: its rows name their searchers
#elif ABLATION_STEP >= 9   // from step 09 the searcher has no Make parameter: its solver plays on masks
template <unsigned Off>
constexpr Solved (*without())(const FfoPosition&) {
  return &solveOne<step::Search<Fast, step::BucketTable, Off>>;
}
#else
template <unsigned Off, template <class> class Make = step::CopyMake>
constexpr Solved (*without())(const FfoPosition&) {
  return &solveOne<step::Search<Fast, step::BucketTable, Make, Off>>;
}
#endif

// The rows of the table, in the order of the step's file comment. The words here are the
// page's: docs/ablation.py prints them as they are.
#if ABLATION_STEP == 12
// Step 12: its one idea, the weights trained on more games; without it, step 11 (on one
// thread step 10, node for node), which evaluates with step 07's. One thread each.
constexpr bool kSameNodes = false;
const Variant kVariants[] = {
    {"default", "", "every idea on (the step as it ships)", &solveOne<step::Search<Fast>>},
    {"weights", "the weights trained on 25,000 games",
     "step 07's, trained on 10,000 (step 11 on one thread: step 10, node for node)", &solveOne<e11::Search<Fast>>},
};
#elif ABLATION_STEP == 10
// Step 10: the stability bound off alone (what is left: its move list from 6 empties, its
// table from 6, its move order and pre-search), the midgame searches on the stage's board, bits counted without POPCNT,
// moves, flips and stable discs found without AVX2, flips without AVX-512's count of
// leading zeros (those four: the same nodes), one table
// for every position, the bound worked out wherever it could cut, the move order without
// stable discs, the pre-search as deep as step 09's, Zobrist's keys, the order far from
// the end without the replies, then step 09 itself (none of the changes).
constexpr bool kSameNodes = false;
const Variant kVariants[] = {
    {"default", "", "every idea on (the step as it ships)", without<0>()},
    {"stable", "the bound from the opponent's stable discs",
     "no bound: the search of step 09, its table and move list from 6 empties, this step's move order, pre-search and keys",
     without<step::IDEA_STABLE>()},
    {"masks", "the solver's midgame searches on masks", "on the stage's board, written cell by cell (step 09's way)",
     without<step::IDEA_MASK_SEARCH>()},
    {"popcount", "bits counted by POPCNT (the solver's x86-64-v3 and v4 copies)",
     "by shifts and adds, as on the boards (bitCount)", without<step::IDEA_POPCOUNT>()},
    {"lanes", "moves, flips and stable discs found four directions at a time (AVX2)",
     "moves by stage 09's fills, flips ray by ray, stable discs line by line", without<step::IDEA_LANES>()},
    {"lzcnt", "flips down the board by a count of leading zeros a lane (AVX-512: the solver's x86-64-v4 copy)",
     "by three spreads a lane, as with AVX2 (rayFlipsInLanes)", without<step::IDEA_LZCNT>()},
    {"shallow-table", "a table apart for 9 empty squares or fewer, 1 MiB", "one table for every position",
     without<step::IDEA_SHALLOW_TABLE>()},
    {"stable-margin", "the bound worked out only where it is likely to cut, its rounds stopped once it cuts",
     "wherever it could cut, every round to the end", without<step::IDEA_STABLE_MARGIN>()},
    {"stable-order", "the moves ordered by the stable discs they make too (corners, C-squares beside one's corner)",
     "step 09's fastest-first key", without<step::IDEA_STABLE_ORDER>()},
    {"short-presearch", "the root's pre-search at most 8 plies deep", "up to 14 plies, as in step 09",
     without<step::IDEA_SHORT_PRESEARCH>()},
    {"multiply-key", "the key from the masks (positionKey)", "Zobrist's, from the parent's (keyAfter)",
     without<step::IDEA_MULTIPLY_KEY>()},
    {"sort-mobility", "the opponent's replies counted in the order from 16 empty squares", "the one-ply search's score alone",
     without<step::IDEA_SORT_MOBILITY>()},
    {"step09", "all of the above, and the table and move list from 6 empty squares",
     "step 09 (the table from 8, the move list from 7, its midgame searches on the board)", &solveOne<e09::Search<Fast>>},
};
#elif ABLATION_STEP == 9
// Step 09: its ideas change the work a node costs, never the nodes (the run checks that
// every row visits the same nodes); the last row is step 08's generic solver itself.
constexpr bool kSameNodes = true;
const Variant kVariants[] = {
    {"default", "", "every idea on (the step as it ships)", without<0>()},
    {"rays", "a move's flips found along its rays", "stage 09's fills from the move's square", without<step::IDEA_RAYS>()},
    {"flip-list", "each move's flips kept with the move list",
     "the search loop finds each child's flips again (step 08 played each child twice)", without<step::IDEA_FLIP_LIST>()},
    {"neighbours", "a square with no opponent disc next to it skipped at once", "the flips of every empty square worked out",
     without<step::IDEA_NEIGHBOURS>()},
    {"last-four", "a solver of its own for the last four empty squares",
     "the shallow solver down to two empty squares, as step 08", without<step::IDEA_LAST_FOUR>()},
    {"masks-only", "all four", "the solver on masks alone, flips by stage 09's fills",
     without<step::IDEA_RAYS | step::IDEA_FLIP_LIST | step::IDEA_NEIGHBOURS | step::IDEA_LAST_FOUR>()},
    {"step08", "the solver on masks", "step 08's generic solver on the stage's board", &solveOne<e08::Search<Fast>>},
};
#elif ABLATION_STEP == 8
// Step 08: its own ideas, then the step 07 (06) ideas whose work it changes.
constexpr bool kSameNodes = false;
const Variant kVariants[] = {
    {"default", "", "every idea on (the step as it ships)", without<0>()},
    {"passes", "selective passes (ProbCut at t = 1.1, then 2.0) before the exact one",
     "the exact pass alone, this step's other ideas kept", without<step::IDEA_PASSES>()},
    {"aspiration", "the root's window around the previous pass's score", "every pass with the full window at the root",
     without<step::IDEA_ASPIRATION>()},
    {"isolated", "isolated empty squares first (shallow solver)", "parity order alone", without<step::IDEA_ISOLATED>()},
    {"merge", "bounds merged when a position is stored again", "the new bounds replace the old", without<step::IDEA_MERGE>()},
    {"etc-store", "an ETC cutoff stored", "an ETC cutoff returned only", without<step::IDEA_ETC_STORE>()},
    {"etc", "enhanced transposition cutoff", "no child looked up before the first is searched", without<step::IDEA_ETC>()},
    {"parity", "parity (odd quadrants first)", "empty squares in the fixed preference order only", without<step::IDEA_PARITY>()},
    {"sort-search", "a shallow search orders the moves from 16 empties", "fastest-first at every depth",
     without<step::IDEA_SORT_SEARCH>()},
    {"root-search", "the root ordered by a midgame search", "the passes straight from the root",
     without<step::IDEA_ROOT_SEARCH>()},
    {"step07", "every idea of step 08", "step 07's solver (the same nodes as e07)",
     without<step::IDEA_PASSES | step::IDEA_ASPIRATION | step::IDEA_ISOLATED | step::IDEA_MERGE | step::IDEA_ETC_STORE>()},
};
#elif ABLATION_STEP == 4
// Step 04: its two ideas, each off alone, then both (step 03's search, which orders the
// moves as step 04 does).
constexpr bool kSameNodes = false;
const Variant kVariants[] = {
    {"default", "", "every idea on (the step as it ships)", without<0>()},
    {"pvs", "principal variation search (null windows after the first move)",
     "every move searched with the full window, as in step 03", without<step::IDEA_PVS>()},
    {"deepening", "iterative deepening (the previous iteration's best move first at the root)",
     "one search straight to the end (a solve) or to the depth asked", without<step::IDEA_DEEPENING>()},
    {"both", "both", "step 03 itself: alpha-beta with its move ordering (the same nodes as e03_ordering)",
     without<step::IDEA_PVS | step::IDEA_DEEPENING>()},
};
#else
constexpr bool kSameNodes = false;
const Variant kVariants[] = {
    {"default", "", "every idea on (the step as it ships)", without<0>()},
    {"empty-list", "the empty squares as a linked list", "each node looks at all 64 squares for the empty ones",
     without<step::IDEA_EMPTY_LIST>()},
    {"parity", "parity (odd quadrants first)", "empty squares in the fixed preference order only", without<step::IDEA_PARITY>()},
    {"shallow", "the shallow solver (6 empties or fewer)", "the deep solver (move list, sorting) down to the last empty square",
     without<step::IDEA_SHALLOW>()},
    {"last-empty", "the last empty square counted, not played", "the last move played and scored like any other",
     without<step::IDEA_LAST_EMPTY>()},
    {"fastest-first", "fastest-first ordering", "below 16 empties, the moves in square order (the table's move first)",
     without<step::IDEA_FASTEST_FIRST>()},
    {"sort-search", "a shallow search orders the moves from 16 empties", "fastest-first at every depth",
     without<step::IDEA_SORT_SEARCH>()},
    {"etc", "enhanced transposition cutoff (from 9 empties)", "no child looked up before the first is searched",
     without<step::IDEA_ETC>()},
    {"table-from", "the table only from 8 empties", "the table at every node of the deep solver (7 empties too)",
     without<step::IDEA_TABLE_FROM>()},
    {"prefetch", "prefetch of the children's buckets", "no bucket fetched ahead of its probe", without<step::IDEA_PREFETCH>()},
    {"key-after", "each child's key from its parent's", "each child's key read from its 64 squares",
     without<step::IDEA_KEY_AFTER>()},
    {"root-search", "the root ordered by a midgame search", "the exact search straight from the root",
     without<step::IDEA_ROOT_SEARCH>()},
    {"mask-eval", "the evaluation on two 64-bit masks", "step 05's evaluation, cell by cell (the same scores)",
     without<step::IDEA_MASK_EVAL>()},
    {"undo", "copy-make", "the article's undo stack (UndoMove)", without<0, step::UndoMove>()},
};
#endif

/// Does the step keep a transposition table (lent as `reversi-lab solve` lends it)?
constexpr bool kKeepsTable = !std::is_same_v<SlotOf<step::Search<Fast>>::type, char>;

// The report: written after every round, so that a run stopped early keeps the rounds it
// finished ("rounds" counts those).
bool writeJson(const std::string& path, int first, int last, int rounds, const std::string& command,
               const std::vector<const Variant*>& variants, const std::vector<uint64_t>& nodes,
               const std::vector<std::vector<uint64_t>>& perPosition, const std::vector<std::vector<double>>& seconds) {
  std::ostringstream o;
  o << "{\n \"step\": " << quoted(std::string(ThisStep::id)) << ",\n \"stage\": " << quoted(std::string(Fast::id))
    << ",\n \"ffo\": [" << first << ", " << last << "],\n \"table\": " << (kKeepsTable ? "true" : "false")
    << ",\n \"rounds\": " << rounds << ",\n \"command\": " << quoted(command) << ",\n " << bench::machineFields()
    << ",\n \"variants\": [";
  for (size_t k = 0; k < variants.size(); ++k) {
    o << (k ? ",\n" : "\n") << "  {\"name\": " << quoted(variants[k]->name) << ", \"idea\": " << quoted(variants[k]->idea)
      << ", \"off\": " << quoted(variants[k]->off) << ", \"nodes\": " << nodes[k] << ", \"nodes_each\": [";
    for (size_t i = 0; i < perPosition[k].size(); ++i) o << (i ? ", " : "") << perPosition[k][i];
    o << "], \"seconds\": [";
    for (size_t r = 0; r < seconds[k].size(); ++r) o << (r ? ", " : "") << seconds[k][r];
    o << "]}";
  }
  o << "\n ]\n}\n";
  if (!bench::writeText(path, o.str(), kName.c_str())) return false;
  std::printf("written: %s (%d round%s)\n", path.c_str(), rounds, rounds == 1 ? "" : "s");
  return true;
}

int usage(const char* message) {
  std::fprintf(stderr, "%s: %s\nusage: %s [--ffo=40-44] [--rounds=N] [--only=a,b] [--json=FILE]\n", kName.c_str(), message,
               kName.c_str());
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  int first = 40, last = 44, rounds = 3;
  std::string only, json, command = kName;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.rfind("--json=", 0) != 0) command += " " + a;  // the page shows the command, not where it wrote
    if (a.rfind("--ffo=", 0) == 0) {
      if (std::sscanf(a.c_str() + 6, "%d-%d", &first, &last) < 2) last = first;
    } else if (a.rfind("--rounds=", 0) == 0) {
      rounds = std::atoi(a.c_str() + 9);
    } else if (a.rfind("--only=", 0) == 0) {
      only = "," + a.substr(7) + ",";
    } else if (a.rfind("--json=", 0) == 0) {
      json = a.substr(7);
    } else {
      return usage(("unknown argument " + a).c_str());
    }
  }
  std::vector<const FfoPosition*> positions;
  for (int n = first; n <= last; ++n)
    if (const FfoPosition* f = findFfo(n)) positions.push_back(f);
  if (positions.empty() || rounds < 1) return usage("no FFO position in that range, or no round");
  std::vector<const Variant*> variants;
  for (const Variant& v : kVariants)
    if (only.empty() || only.find("," + std::string(v.name) + ",") != std::string::npos) variants.push_back(&v);
  if (variants.empty()) return usage("--only names no variant");

  std::vector<uint64_t> nodes(variants.size(), 0);
  std::vector<std::vector<uint64_t>> perPosition(variants.size());
  std::vector<std::vector<double>> seconds(variants.size());
  std::vector<size_t> order(variants.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::mt19937 shuffle(2311);  // a fixed seed: the same order for the same arguments
  for (int round = 0; round < rounds; ++round) {
    std::shuffle(order.begin(), order.end(), shuffle);
    for (size_t k : order) {
      const Variant& v = *variants[k];
      uint64_t n = 0;
      double t = 0;
      std::string each;  // nodes per position
      perPosition[k].clear();
      for (const FfoPosition* f : positions) {
        const Solved s = v.solve(*f);
        if (s.score != f->score) {
          std::fprintf(stderr, "%s: %s solves FFO #%d to %+d, not %+d\n", kName.c_str(), v.name, f->number, s.score, f->score);
          return 1;
        }
        n += s.nodes;
        t += s.seconds;
        perPosition[k].push_back(s.nodes);
        each += "  #" + std::to_string(f->number) + " " + std::to_string(s.nodes);
      }
      if (round > 0 && n != nodes[k]) {
        std::fprintf(stderr, "%s: %s visited %llu nodes, %llu the round before\n", kName.c_str(), v.name, (unsigned long long)n,
                     (unsigned long long)nodes[k]);
        return 1;
      }
      nodes[k] = n;
      seconds[k].push_back(t);
      std::printf("round %d  %-14s %13llu nodes  %8.3f s %s\n", round + 1, v.name, (unsigned long long)n, t, each.c_str());
      std::fflush(stdout);
    }
    for (size_t k = 1; kSameNodes && k < variants.size(); ++k)  // ideas that must not change a node
      if (perPosition[k] != perPosition[0]) {
        std::fprintf(stderr, "%s: %s visited other nodes than %s: %llu against %llu\n", kName.c_str(), variants[k]->name,
                     variants[0]->name, (unsigned long long)nodes[k], (unsigned long long)nodes[0]);
        return 1;
      }
    if (!json.empty() && !writeJson(json, first, last, round + 1, command, variants, nodes, perPosition, seconds)) return 1;
  }

  return 0;
}
