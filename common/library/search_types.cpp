#include "search_types.h"

#include "position.h"  // squareName

namespace reversi {

std::string moveName(int move) {
  if (move == kPass) return "pass";
  if (move < 0 || move > 63) return "none";
  return squareName(move);
}

int parseMove(std::string_view text) {
  if (text == "pass" || text == "PASS" || text == "Pass") return kPass;
  if (text.size() != 2) return -1;
  const char c = char(text[0] | 0x20), r = text[1];
  if (c < 'a' || c > 'h' || r < '1' || r > '8') return -1;
  return (r - '1') * 8 + (c - 'a');
}

}  // namespace reversi
