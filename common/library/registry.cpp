#include "registry.h"

#include <algorithm>
#include <chrono>
#include <tuple>

#include "perft_hash.h"
#include "stage_list.h"  // AllStages

namespace reversi {
namespace {

template <Stage S>
double flipScanNs(const std::vector<Position>& positions, int rounds) {
  std::vector<typename S::Board> boards;
  for (const Position& p : positions) boards.push_back(load<S>(p));
  volatile int sink = 0;
  std::vector<double> times;
  for (int r = 0; r < rounds; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    int sum = 0;
    for (size_t i = 0; i < boards.size(); ++i)
      for (int sq = 0; sq < 64; ++sq) sum += S::countFlips(boards[i], sq & 7, sq >> 3, positions[i].toMove);
    const auto t1 = std::chrono::steady_clock::now();
    sink = sink + sum;
    times.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count() / double(boards.size()));
  }
  std::nth_element(times.begin(), times.begin() + times.size() / 2, times.end());
  return times[times.size() / 2];
}

template <Stage S>
StageEntry entry() {
  return {S::number,
          S::id,
          S::shortName,
          S::technique,
          &flipGrid<S>,
          [](const Position& p, int depth, bool bulk) { return perft<S>(p, depth, bulk); },
          [](const Position& p, int depth, bool bulk, int threads) { return perft<S>(p, depth, bulk, threads); },
          &hashedPerft<S>,
          &flipScanNs<S>};
}

template <class... S>
std::vector<StageEntry> entries(std::tuple<S...>*) {
  return {entry<S>()...};
}

}  // namespace

const std::vector<StageEntry>& stages() {
  static const std::vector<StageEntry> all = entries(static_cast<AllStages*>(nullptr));
  return all;
}

bool namesEntry(std::string_view name, int number, std::string_view id, std::string_view shortName) {
  const std::string n = std::to_string(number);
  return name == id || name == shortName || name == id.substr(0, 3) || name == n ||
         (name.size() == 2 && name[0] == '0' && name.substr(1) == n);
}

const StageEntry* findStage(std::string_view name) {
  for (const StageEntry& s : stages())
    if (namesEntry(name, s.number, s.id, s.shortName)) return &s;
  return nullptr;
}

}  // namespace reversi
