// For step 11 (step 10's solver on several threads), the step as it ships: on one thread
// it is step 10, node for node; on two and three threads every FFO #1-#19 score is the
// published one, the helpers do search (their nodes are counted), and the first thread's
// best move is a published one; a solve given up by the time control on two threads
// returns, and the next one is right; and the shared table takes a slot half written by
// another thread for a miss. ThreadSanitizer runs the same solves (tsan:e11 in
// tests/tests.cmake).
#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <vector>

#include "catch.h"
#include "ffo.h"
#include "ffo_solve_check.h"
#include "stage_list.h"
#include "table_pool.h"
#include "this_step.h"

using namespace reversi;
using namespace reversi::testing;

namespace {

using Fast = DefaultStage;

// FFO #number solved by step 11 on `threads` threads; the searcher kept for its counts.
struct Solved {
  e01::Result result;
  std::vector<uint64_t> nodes;  // each thread's
};
Solved solveOn(int number, int threads, void (*idle)() = nullptr) {
  const FfoPosition* f = findFfo(number);
  Solved s;
  auto searcher = std::make_unique<step::Search<Fast>>();
  searcher->threads = threads;
  searcher->idle = idle;
  TablePool<step::Search<Fast>::Slot> pool;
  pool.resize(tableSlotsFor(f->position, -1));
  searcher->useTable(pool.data(), uint32_t(pool.size()));
  s.result = searcher->solve(load<Fast>(f->position), f->position.toMove);
  for (int i = 0; i < threads; i++) s.nodes.push_back(searcher->nodesOf(i));
  return s;
}

struct GivenUp {};
std::atomic<int> idleCalls{0};
// The time control's hook, in short: gives the search up at its 20th call.
void giveUpSoon() {
  if (idleCalls.fetch_add(1) + 1 >= 20) throw GivenUp();
}

}  // namespace

TEST_CASE("on one thread step 11 is step 10: the same score, move, line and nodes") {
  for (int number = 1; number <= 19; number++) {
    const FfoPosition* f = findFfo(number);
    REQUIRE(f != nullptr);
    const e01::Result one = solveOn(number, 1).result;
    const auto ten = solveOnOwnTable<e10::Search<Fast>, Fast>(f->position, [](auto&) {});
    INFO("FFO #" << number);
    CHECK(one.score == ten.score);
    CHECK(one.best == ten.best);
    CHECK(one.nodes == ten.nodes);
    CHECK(std::vector<uint8_t>(one.pv, one.pv + one.pvLength) == std::vector<uint8_t>(ten.pv, ten.pv + ten.pvLength));
  }
}

TEST_CASE("on two and three threads the scores are the published ones, and every thread searches") {
  for (int threads = 2; threads <= 3; threads++) {
    uint64_t helped = 0;
    for (int number = 1; number <= 19; number++) {
      const FfoPosition* f = findFfo(number);
      const Solved s = solveOn(number, threads);
      INFO(threads << " threads, FFO #" << number);
      CHECK(s.result.score == f->score * step::DISC);
      CHECK(std::find(f->best.begin(), f->best.end(), int(s.result.best)) != f->best.end());
      uint64_t sum = 0;
      for (uint64_t n : s.nodes) sum += n;
      CHECK(s.result.nodes == sum);  // every thread's nodes, and only those
      for (int i = 1; i < threads; i++) helped += s.nodes[size_t(i)];
    }
    INFO(threads << " threads");
    CHECK(helped > 0);  // the helpers took nodes: the positions have enough empties to share
  }
}

TEST_CASE("a solve on two threads given up through the idle hook returns; the next is right") {
  idleCalls = 0;
  CHECK_THROWS_AS(solveOn(41, 2, giveUpSoon), GivenUp);  // (22 empties: far more than 20 calls' nodes)
  CHECK(idleCalls >= 20);
  const Solved after = solveOn(19, 2);
  CHECK(after.result.score == findFfo(19)->score * step::DISC);
}

TEST_CASE("the shared table: a slot half written by another thread is a miss, never a wrong bound") {
  std::vector<step::Slot> pool(64);
  step::SharedTable table;
  table.init(pool.data(), uint32_t(pool.size()));
  table.clear();
  const uint64_t key = 0x9e3779b97f4a7c15ull;
  step::Slot* s = table.store(key);
  REQUIRE(s != nullptr);
  s->depth = 20, s->level = 0, s->lower = -4, s->upper = 8, s->best = 19;
  table.flush();
  const step::Slot* found = table.find(key);
  REQUIRE(found != nullptr);
  CHECK(found->lower == -4);
  CHECK(found->upper == 8);
  CHECK(found->best == 19);
  // Another thread's store of another position into the same slot, caught half way: its
  // data word written, the key word not yet. (The pool is two words a slot.)
  uint64_t words[2 * 64];
  std::memcpy(words, pool.data(), sizeof words);
  int slot = -1;
  for (int i = 0; i < 64; i++)
    if (words[2 * i] != 0) slot = i;
  REQUIRE(slot >= 0);
  words[2 * slot + 1] ^= 0x0000000100010001ull;  // other bounds and depth in the data word
  std::memcpy(pool.data(), words, sizeof words);
  CHECK(table.find(key) == nullptr);
}
