// Step 07's learned evaluation against a plain reading of its own definition: every
// instance of every kind read square by square (the kinds' squares under the 8
// symmetries, a square set already seen skipped), each square a base-3 digit. The step
// gathers bits from 8 images of the board instead; both must give the same score, with
// the trained weights and with random ones (random weights leave no entry at zero, so a
// misread pattern cannot hide there).
#include <cctype>
#include <cstring>
#include <optional>
#include <string>
#include <random>
#include <vector>

#include "catch.h"
#include "test_support.h"
#include "this_step.h"
#include "weights_checksum.h"

namespace {

struct Instance {
  int kind, size, squares[10];
};

std::vector<Instance> plainInstances() {
  std::vector<Instance> v;
  for (int k = 0; k < e07::KINDS; k++) {
    std::vector<uint64_t> seen;
    for (int s = 0; s < 8; s++) {
      Instance in{k, 0, {}};
      uint64_t set = 0;
      for (int j = 0; e07::KIND_SQUARES[k][j] >= 0; j++) {
        int x = e07::KIND_SQUARES[k][j] & 7, y = e07::KIND_SQUARES[k][j] >> 3;
        if (s & 1) x = 7 - x;
        if (s & 2) y = 7 - y;
        if (s & 4) std::swap(x, y);
        in.squares[in.size++] = y * 8 + x;
        set |= uint64_t(1) << (y * 8 + x);
      }
      bool again = false;
      for (uint64_t t : seen) again = again || t == set;
      if (again) continue;
      seen.push_back(set);
      v.push_back(in);
    }
  }
  return v;
}

int plainScore(const e07::Weights& w, uint64_t own, uint64_t opp, int mobility) {
  static const std::vector<Instance> inst = plainInstances();
  const int empties = 64 - __builtin_popcountll(own | opp);
  const int phase = e07::PHASE_OF[empties];
  int s = w.scalar[phase][0] * mobility + (empties % 2 ? w.scalar[phase][1] : 0) + w.scalar[phase][2];
  for (const Instance& in : inst) {
    int index = 0, power = 1;
    for (int j = 0; j < in.size; j++, power *= 3)
      index += power * int(((own >> in.squares[j]) & 1) + 2 * ((opp >> in.squares[j]) & 1));
    const char c = w.table[phase * e07::PHASE_WEIGHTS + e07::KIND_OFFSET[in.kind] + index];
    s += (c - 'O') * w.step[phase][in.kind];
  }
  return s;
}

// Random positions of every density: each square empty, own or the opponent's.
void randomMasks(std::mt19937_64& rng, uint64_t& own, uint64_t& opp) {
  const int fill = int(rng() % 4);  // a quarter, half, three quarters or all filled
  own = opp = 0;
  for (int sq = 0; sq < 64; sq++) {
    const unsigned r = unsigned(rng() % 8);
    if (r > unsigned(2 * fill + 1)) continue;  // empty
    (rng() & 1 ? own : opp) |= uint64_t(1) << sq;
  }
}

}  // namespace

TEST_CASE("46 instances of 11 kinds, and the images the step reads hold exactly them") {
  const std::vector<Instance> inst = plainInstances();
  CHECK(inst.size() == 46);
  // For each instance: the first symmetry that gives its squares in its order is the
  // image the step reads it on; the step's IMAGE_KINDS must list exactly those.
  int kinds[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  size_t i = 0;
  for (int k = 0; k < e07::KINDS; k++)
    for (int s = 0; s < 8 && i < inst.size() && inst[i].kind == k; s++) {
      bool same = true;
      for (int j = 0; j < inst[i].size; j++) same = same && inst[i].squares[j] == e07::symmetry(s, e07::KIND_SQUARES[k][j]);
      if (same) kinds[s] |= 1 << k, i++;
    }
  CHECK(i == inst.size());
  for (int s = 0; s < 8; s++) CHECK(e07::IMAGE_KINDS[s] == kinds[s]);
  // The tables end to end: each kind's offset is the sum of the 3^squares before it.
  int32_t offset = 0;
  for (int k = 0; k < e07::KINDS; k++) {
    CHECK(e07::KIND_OFFSET[k] == offset);
    int size = 1;
    for (int j = 0; e07::KIND_SQUARES[k][j] >= 0; j++) size *= 3;
    offset += size;
  }
  CHECK(e07::PHASE_WEIGHTS == offset);
}

TEST_CASE("the step's fast reading gives the plain reading's score") {
  std::mt19937_64 rng(20261126);
  // Random weights: every character from ' ' to '~', random steps and scalars.
  std::vector<char> table(size_t(e07::PHASES) * e07::PHASE_WEIGHTS);
  for (char& c : table) c = char(' ' + rng() % 95);
  int16_t step[e07::PHASES][e07::KINDS], scalar[e07::PHASES][3];
  for (auto& row : step)
    for (int16_t& v : row) v = int16_t(1 + rng() % 200);
  for (auto& row : scalar)
    for (int16_t& v : row) v = int16_t(int(rng() % 2001) - 1000);
  const e07::Weights random = {table.data(), step, scalar};
  for (const e07::Weights* w : {&e07::LEARNED, &random}) {
    int differ = 0;
    for (int n = 0; n < 20000; n++) {
      uint64_t own, opp;
      randomMasks(rng, own, opp);
      const int mobility = int(rng() % 61) - 30;
      differ += e07::patternScore(*w, own, opp, mobility) != plainScore(*w, own, opp, mobility);
    }
    INFO((w == &random ? "random" : "trained") << " weights");
    CHECK(differ == 0);
  }
}

TEST_CASE("the compiled-in weights are the ones their checksum names") {
  // The same bytes bench/e07_train.cpp summed when it wrote them, and `./lab train` compares.
  const size_t n = sizeof(e07::TRAINED_TABLE) - 1;
  REQUIRE(n == size_t(e07::PHASES) * e07::PHASE_WEIGHTS);
  const auto sum = reversi::testing::weightsSum(e07::TRAINED_TABLE, n, e07::TRAINED_STEP, e07::TRAINED_SCALAR);
  CHECK(sum.unprintable == 0);
  CHECK(sum.checksum == e07::TRAINED_CHECKSUM);
}

TEST_CASE("the page gives the weights' sizes the header has") {
  const std::optional<std::string> text = reversi::testing::fileText(REVERSI_SOURCE_DIR "/stages/e07_patterns/README.md");
  REQUIRE(text);
  std::string page;  // the page's words with single spaces: a figure may sit across a line break
  for (char c : *text)
    if (!std::isspace(static_cast<unsigned char>(c))) page += c;
    else if (!page.empty() && page.back() != ' ') page += ' ';
  auto grouped = [](long long n) {  // 2007181 -> "2,007,181", as the page writes it
    std::string s = std::to_string(n);
    for (int i = int(s.size()) - 3; i > 0; i -= 3) s.insert(size_t(i), ",");
    return s;
  };
  CHECK(page.find("the " + grouped(int64_t(e07::PHASES) * e07::PHASE_WEIGHTS) + " weights") != std::string::npos);
  CHECK(page.find("`TRAINED_TABLE`: " + grouped(int64_t(sizeof(e07::TRAINED_TABLE))) + " bytes (" + std::to_string(e07::PHASES) +
                  " phases of " + grouped(e07::PHASE_WEIGHTS)) != std::string::npos);
}
