/// \file position.h
/// \brief A Reversi position in the text format of Edax/FFO files, with parsing that
/// names what is wrong.
#pragma once
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace reversi {

/// Cell values at every stage boundary: the articles' encoding.
inline constexpr uint8_t EMPTY = 0, WHITE = 1, BLACK = 2;

/// The opponent of WHITE or BLACK.
constexpr uint8_t opponent(uint8_t colour) { return uint8_t(3 - colour); }

/// A board plus the side to move. Square index y*8 + x; a1 is x=0, y=0 (top-left).
struct Position {
  std::array<uint8_t, 64> cells{};  ///< EMPTY, WHITE or BLACK, index y*8 + x
  uint8_t toMove = BLACK;           ///< WHITE or BLACK

  uint8_t at(int x, int y) const { return cells[y * 8 + x]; }
  void set(int x, int y, uint8_t stone) { cells[y * 8 + x] = stone; }
  bool operator==(const Position&) const = default;
};

/// Thrown by parsePosition with a one-line message naming the problem.
class ParseError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The standard start: d4 O, e4 X, d5 X, e5 O, black to move.
Position startPosition();

/// Parses "64 characters a1..h8 row by row (X black, O white, - empty), a space, X or O".
/// Surrounding white space is ignored. Throws ParseError.
Position parsePosition(std::string_view text);

/// The inverse of parsePosition.
std::string formatPosition(const Position& p);

/// "a1".."h8" for a square index 0..63.
std::string squareName(int square);

/// `text` in single quotes, safe to echo in a one-line error message: printable ASCII
/// is kept, every other byte (control characters, newlines, UTF-8) is shown as \xNN,
/// and what does not fit in `limit` characters (an escape counts four) is cut and
/// replaced by "...".
std::string quoteInput(std::string_view text, size_t limit = 40);

}  // namespace reversi
