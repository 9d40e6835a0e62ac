// Hashed perft (common/library/perft_hash.h): the board symmetries it folds, its counts against
// the published ones and the plain perft on every stage, with both keyings, on several
// threads, with a table so small that nearly every store replaces another entry, and
// `perft --hash` on the command line.
#include <string>
#include <vector>

#include "catch.h"
#include "cli_run.h"
#include "perft_counts.h"
#include "perft_hash.h"
#include "random_positions.h"
#include "registry.h"
#include "search_registry.h"
#include "search_support.h"

using namespace reversi;
using reversi::testing::maskOf;

#ifndef REVERSI_PERFT_MAX_DEPTH  // the sanitizer build makes it smaller (CMakePresets.json)
#define REVERSI_PERFT_MAX_DEPTH 9
#endif

namespace {

// The fastest stage counts two plies deeper than the stage suites: the table makes it cheap.
constexpr int kHashedDepth = REVERSI_PERFT_MAX_DEPTH + 2;

Position fromMasks(uint64_t black, uint64_t white, uint8_t toMove) {
  Position p;
  for (int sq = 0; sq < 64; ++sq) p.cells[sq] = (black >> sq & 1) ? BLACK : (white >> sq & 1) ? WHITE : EMPTY;
  p.toMove = toMove;
  return p;
}

// The square (x, y) maps to under symmetry s, by coordinates: the definition the bit
// tricks must meet.
int imageSquare(int x, int y, int s) {
  if (s & 1) x = 7 - x;
  if (s & 2) y = 7 - y;
  return s & 4 ? x * 8 + y : y * 8 + x;
}

uint64_t hashed(const StageEntry& s, const Position& p, int depth, bool bulk, size_t bytes, bool symmetric, int threads) {
  return s.hashedPerft(p, depth, bulk, bytes, symmetric, threads).count;
}

constexpr size_t kTestTable = size_t(4) << 20, kSmallTable = size_t(64) << 10;

}  // namespace

TEST_CASE("the eight symmetries move every square where its coordinates say", "[hash][symmetry]") {
  for (int s = 0; s < 8; ++s)
    for (int sq = 0; sq < 64; ++sq) {
      INFO("symmetry " << s << " square " << squareName(sq));
      CHECK(symmetryImage(uint64_t(1) << sq, s) == uint64_t(1) << imageSquare(sq & 7, sq >> 3, s));
    }
  // A whole mask is the union of its squares' images.
  for (const Position& p : randomPositions(7, 50)) {
    const uint64_t black = maskOf(p, BLACK);
    for (int s = 0; s < 8; ++s) {
      uint64_t expected = 0;
      for (int sq = 0; sq < 64; ++sq)
        if (black >> sq & 1) expected |= uint64_t(1) << imageSquare(sq & 7, sq >> 3, s);
      CHECK(symmetryImage(black, s) == expected);
    }
  }
}

TEST_CASE("every image of a position has the same canonical form and the same perft", "[hash][symmetry]") {
  const StageEntry& fast = defaultStage();
  for (const Position& p : randomPositions(11, 40)) {
    const uint64_t black = maskOf(p, BLACK), white = maskOf(p, WHITE);
    const int c = canonicalSymmetry(black, white);
    const uint64_t cb = symmetryImage(black, c), cw = symmetryImage(white, c);
    const uint64_t count = fast.perft(p, 4, false);
    for (int s = 0; s < 8; ++s) {
      const uint64_t b = symmetryImage(black, s), w = symmetryImage(white, s);
      INFO(formatPosition(p) << " symmetry " << s);
      const int ci = canonicalSymmetry(b, w);
      CHECK(symmetryImage(b, ci) == cb);
      CHECK(symmetryImage(w, ci) == cw);
      CHECK((cb < b || (cb == b && cw <= w)));  // the smallest pair of all the images
      // What the symmetric table relies on: the rules, hence the count, do not see the symmetry.
      CHECK(fast.perft(fromMasks(b, w, p.toMove), 4, false) == count);
    }
  }
}

TEST_CASE("hashed perft gives the published counts on every stage", "[hash]") {
  for (const StageEntry& s : stages()) {
    INFO(s.id);
    const int deepest = &s == &defaultStage() ? kHashedDepth : 6;  // the generic stages are slow
    for (int depth = 0; depth <= deepest; ++depth)
      for (bool symmetric : {false, true}) {
        INFO("depth " << depth << (symmetric ? " symmetric" : ""));
        CHECK(hashed(s, startPosition(), depth, true, kTestTable, symmetric, 1) == testing::kPublishedPerft[depth]);
      }
    CHECK(hashed(s, startPosition(), 6, false, kTestTable, true, 1) == testing::kPublishedPerft[6]);
  }
}

TEST_CASE("hashed perft equals the plain perft from other positions, on several threads", "[hash][threads]") {
  for (const StageEntry& s : stages())
    for (const Position& p : randomPositions(2024, 8)) {
      const int depth = &s == &defaultStage() ? 6 : 5;  // the table is used from 4 plies left (kHashMinDepth)
      const uint64_t plain = s.perft(p, depth, false);
      for (int threads : {1, 3})
        for (bool symmetric : {false, true}) {
          INFO(s.id << " " << formatPosition(p) << " " << threads << " threads" << (symmetric ? " symmetric" : ""));
          CHECK(hashed(s, p, depth, threads == 1, kSmallTable, symmetric, threads) == plain);
        }
    }
  const StageEntry& fast = defaultStage();
  for (int threads : {2, 3, 8})
    for (bool symmetric : {false, true}) {
      INFO(threads << " threads" << (symmetric ? " symmetric" : ""));
      CHECK(hashed(fast, startPosition(), kHashedDepth - 1, true, kTestTable, symmetric, threads) ==
            testing::kPublishedPerft[kHashedDepth - 1]);
    }
}

TEST_CASE("a table of one bucket replaces nearly every entry and still counts exactly", "[hash]") {
  // 64 bytes: one bucket, two slots, shared by every position (and by every thread).
  const StageEntry& fast = defaultStage();
  for (int threads : {1, 2})
    for (bool symmetric : {false, true}) {
      INFO(threads << " threads" << (symmetric ? " symmetric" : ""));
      CHECK(hashed(fast, startPosition(), REVERSI_PERFT_MAX_DEPTH, true, 64, symmetric, threads) ==
            testing::kPublishedPerft[REVERSI_PERFT_MAX_DEPTH]);
      for (const Position& p : randomPositions(5, 10))
        CHECK(hashed(fast, p, 6, true, 64, symmetric, threads) == fast.perft(p, 6, false));
    }
  const HashedPerftStats stats = fast.hashedPerft(startPosition(), 8, true, 64, false, 1);
  CHECK(stats.tableBytes == 64);
  CHECK(stats.slots == 2);
  CHECK(stats.used == 2);
}

TEST_CASE("cli perft --hash prints the count, the time and the table", "[hash][cli]") {
  const testing::Run r = testing::run({"perft", "--stage", "simd", "--depth", "9", "--bulk", "--hash"});
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  CHECK(r.out.rfind("perft(9) = 3005288\ns10_simd: ", 0) == 0);
  CHECK(r.out.find(" s, ") != std::string::npos);
  CHECK(r.out.find("\ntable 64 MiB (2097152 slots, ") != std::string::npos);
  CHECK(r.out.find("up to the 8 symmetries; peak memory ") != std::string::npos);
  const testing::Run small =
      testing::run({"perft", "--stage", "1", "--depth", "5", "--hash", "--hash-mb=1", "--threads", "2", "--no-symmetry"});
  CHECK(small.status == 0);
  CHECK(small.out.rfind("perft(5) = 1396\n", 0) == 0);
  CHECK(small.out.find("\ntable 1 MiB (32768 slots, ") != std::string::npos);
  CHECK(small.out.find("keyed by the exact position; peak memory ") != std::string::npos);
}

TEST_CASE("cli perft --hash rejects bad table options with one line", "[hash][cli]") {
  using testing::checkRejected;
  const std::vector<std::string> base = {"perft", "--stage", "10", "--depth", "3"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> a = base;
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
  };
  checkRejected(with({"--hash-mb", "8"}), "perft: --hash-mb needs --hash");
  checkRejected(with({"--no-symmetry"}), "perft: --no-symmetry needs --hash");
  checkRejected(with({"--hash", "--hash-mb", "0"}), "--hash-mb must be at least 1, got '0'");
  checkRejected(with({"--hash", "--hash-mb", "lots"}), "--hash-mb must be a whole number, got 'lots'");
  checkRejected(with({"--hash", "--hash-mb"}), "--hash-mb needs a value");
  checkRejected(with({"--hash", "--hash-mb", "99999999999"}), "too large");
  checkRejected(with({"--hash", "--hash-mb", "1048576"}), "is more than half of this machine's memory");
  checkRejected(with({"--hash=yes"}), "--hash takes no value");
  checkRejected(with({"--hash", "--hash"}), "--hash given twice");
}

TEST_CASE("hashed perft 11 to 14 match the published counts", "[.long]") {
  // About a minute on 2 threads (perft 14 alone: 1.8e11 leaves), with a 1 GiB table.
  for (int depth = 11; depth <= 14; ++depth) {
    INFO("depth " << depth);
    CHECK(hashed(defaultStage(), startPosition(), depth, true, size_t(1) << 30, true, 2) == testing::kPublishedPerft[depth]);
  }
}
