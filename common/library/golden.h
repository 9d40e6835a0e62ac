/// \file golden.h
/// \brief The golden data of article 000: a position (black to move) and the grid the
/// article printed for it. Every stage must reproduce the grid exactly.
#pragma once
#include <string_view>

namespace reversi::golden {

/// The article's position in the text format (rows top to bottom), black to move.
inline constexpr std::string_view position =
    "--------"
    "--------"
    "----O-O-"
    "---OXX--"
    "---XO-O-"
    "----O---"
    "--------"
    "-------- X";

/// The published grid for black (digits: stones flipped; W/B: stones).
inline constexpr std::string_view grid =
    "0 0 0 0 0 0 0 0\n"
    "0 0 0 1 1 0 0 1\n"
    "0 0 0 1 W 0 W 0\n"
    "0 0 1 W B B 0 0\n"
    "0 0 0 B W 1 W 0\n"
    "0 0 0 1 W 0 0 1\n"
    "0 0 0 0 2 1 0 0\n"
    "0 0 0 0 0 0 0 0\n";

}  // namespace reversi::golden
