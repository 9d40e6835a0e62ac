// The cross-stage test: every stage of the registry (stage_list.h) against each other and
// against the reference, on the golden position and on seeded random positions.
#include <tuple>

#include "stage_list.h"
#include "catch.h"
#include "golden.h"
#include "random_positions.h"
#include "test_support.h"

using namespace reversi;

namespace {

template <class... S>
std::vector<std::string> ids(std::tuple<S...>*) {
  return {std::string(S::id)...};
}

template <class... S>
std::vector<testing::Answers> allAnswers(const Position& p, std::tuple<S...>*) {
  return {testing::answers<S>(p)...};
}

template <class... S>
std::vector<std::string> allGrids(const Position& p, std::tuple<S...>*) {
  return {flipGrid<S>(p)...};
}

constexpr AllStages* kAll = nullptr;

}  // namespace

TEST_CASE("every stage is registered in stage order", "[cross]") {
  const std::vector<std::string> names = ids(kAll);
  REQUIRE(names.size() >= 5);
  CHECK(names.front() == "s01_naive");
  for (size_t i = 1; i < names.size(); ++i) CHECK(names[i - 1] < names[i]);
}

TEST_CASE("all stages print the article's grid", "[cross]") {
  for (const std::string& g : allGrids(parsePosition(golden::position), kAll)) CHECK(g == golden::grid);
}

TEST_CASE("all stages agree with each other and the reference", "[cross]") {
  const std::vector<std::string> names = ids(kAll);
  int mismatches = 0;
  for (const Position& p : randomPositions(5150, 3000)) {
    const testing::Answers want = testing::referenceAnswers(p);
    const std::vector<testing::Answers> got = allAnswers(p, kAll);
    for (size_t i = 0; i < got.size(); ++i) {
      const std::string vsRef = testing::firstDifference(got[i], want);
      const std::string vsFirst = testing::firstDifference(got[i], got[0]);
      if ((!vsRef.empty() || !vsFirst.empty()) && ++mismatches <= 5)
        FAIL_CHECK(names[i] << " on " << formatPosition(p) << ": " << (vsRef.empty() ? vsFirst : vsRef));
    }
  }
  CHECK(mismatches == 0);
}
