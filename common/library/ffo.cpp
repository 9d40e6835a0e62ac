#include "ffo.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "ffo_data.h"      // written by CMake from common/library/ffo.txt (data): kFfoText
#include "search_types.h"  // parseMove
#include "usage.h"

namespace reversi {

const std::vector<FfoPosition>& ffoPositions() {
  static const std::vector<FfoPosition> all = [] {
    std::vector<FfoPosition> out;
    std::istringstream in{std::string(kFfoText)};
    std::string line;
    for (int lineNo = 1; std::getline(in, line); ++lineNo) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream f(line);
      FfoPosition e;
      std::string board, side, score, moves;
      if (!(f >> e.number >> board >> side >> score >> moves))
        throw std::logic_error("common/library/ffo.txt line " + std::to_string(lineNo) + ": expected 5 fields");
      e.position = parsePosition(board + " " + side);
      e.score = std::stoi(score);
      std::istringstream m(moves);
      for (std::string mv; std::getline(m, mv, ',');) {
        const int sq = parseMove(mv);
        if (sq < 0 || sq > 63)
          throw std::logic_error("common/library/ffo.txt line " + std::to_string(lineNo) + ": bad move " + mv);
        e.best.push_back(sq);
      }
      e.empties = 0;
      for (uint8_t c : e.position.cells) e.empties += c == EMPTY;
      out.push_back(e);
    }
    return out;
  }();
  return all;
}

const FfoPosition* findFfo(int number) {
  for (const FfoPosition& e : ffoPositions())
    if (e.number == number) return &e;
  return nullptr;
}

namespace {

// "1-19, 40-59": the FFO numbers there are, runs collapsed.
std::string ffoNumbers() {
  std::string s;
  const std::vector<FfoPosition>& all = ffoPositions();
  for (size_t i = 0; i < all.size();) {
    size_t j = i;
    while (j + 1 < all.size() && all[j + 1].number == all[j].number + 1) ++j;
    s += (s.empty() ? "" : ", ") + std::to_string(all[i].number) + (j > i ? "-" + std::to_string(all[j].number) : std::string());
    i = j + 1;
  }
  return s;
}

}  // namespace

std::vector<int> parseFfoRange(std::string_view text, const std::string& command) {
  const std::string example = " (e.g. 1-19, 40-44, 3 or 1,3,40-44; the positions are " + ffoNumbers() + ")";
  if (text.empty()) throw UsageError{command + ": --ffo is empty" + example};
  // A number of the range: decimal digits naming an FFO position.
  auto number = [&](std::string_view item, std::string_view digits) {
    if (!isWholeNumber(digits))
      throw UsageError{command + ": --ffo " + quoteInput(item) + " is not a number or a span A-B (digits only: no sign, " +
                       "space or leading zero)" + example};
    const std::optional<unsigned long long> n = wholeNumber(digits, 1000);
    if (!n || !findFfo(int(*n))) throw UsageError{command + ": --ffo: there is no FFO position " + quoteInput(digits) + example};
    return int(*n);
  };
  std::vector<int> numbers;
  for (size_t at = 0;;) {
    const size_t comma = std::min(text.find(',', at), text.size());
    const std::string_view item = text.substr(at, comma - at);
    if (item.empty()) throw UsageError{command + ": --ffo " + quoteInput(text) + " has an empty item" + example};
    const size_t dash = item.find('-', 1);  // a leading '-' is a sign, refused as not a number
    const int lo = number(item, item.substr(0, dash));
    const int hi = dash == std::string_view::npos ? lo : number(item, item.substr(dash + 1));
    if (hi < lo) throw UsageError{command + ": --ffo " + quoteInput(item) + " runs backwards" + example};
    for (const FfoPosition& f : ffoPositions()) {
      if (f.number < lo || f.number > hi) continue;
      if (std::find(numbers.begin(), numbers.end(), f.number) != numbers.end())
        throw UsageError{command + ": --ffo names position " + std::to_string(f.number) + " twice"};
      numbers.push_back(f.number);
    }
    if (comma == text.size()) return numbers;
    at = comma + 1;
  }
}

}  // namespace reversi
