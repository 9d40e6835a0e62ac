/// \file go_article.h
/// \brief The Go sidebar's published data (article 001): its board, the stone just
/// played and both published outputs. In the library: the `go` command, its tests, the
/// sketch's checker and the Go benchmark all read it.
#pragma once
#include <string_view>

namespace reversi {

/// Article 001 (Go capture): its board, the stone just played and both published outputs.
namespace go_article {
/// The board before the capture: 1 the player who just moved, 2 the opponent.
inline constexpr std::string_view board =
    "0 0 0 1 2 1 0 1 0\n"
    "0 1 1 1 2 2 1 2 1\n"
    "1 2 2 1 2 2 1 2 1\n"
    "2 2 1 1 2 2 1 2 1\n"
    "1 2 1 1 2 2 2 2 2\n"
    "1 2 2 2 2 1 1 2 2\n"
    "1 1 1 1 1 2 1 1 1\n"
    "0 1 2 2 2 2 1 0 0\n"
    "1 2 0 2 0 2 2 1 1\n";
inline constexpr int playedRow = 0;  ///< The stone just played: row 0 (the article's i = 1)...
inline constexpr int playedCol = 7;  ///< ...column 7 (j = 8).
/// The recursive fill's published output: the captured stones are 9.
inline constexpr std::string_view recursiveOutput =
    "0 0 0 1 9 1 0 1 0\n"
    "0 1 1 1 9 9 1 9 1\n"
    "1 9 9 1 9 9 1 9 1\n"
    "9 9 1 1 9 9 1 9 1\n"
    "1 9 1 1 9 9 9 9 9\n"
    "1 9 9 9 9 1 1 9 9\n"
    "1 1 1 1 1 2 1 1 1\n"
    "0 1 2 2 2 2 1 0 0\n"
    "1 2 0 2 0 2 2 1 1\n";
/// The sweep's published output: only the captured stones are still 2.
inline constexpr std::string_view sweepOutput =
    "0 0 0 1 2 1 0 1 0\n"
    "0 1 1 1 2 2 1 2 1\n"
    "1 2 2 1 2 2 1 2 1\n"
    "2 2 1 1 2 2 1 2 1\n"
    "1 2 1 1 2 2 2 2 2\n"
    "1 2 2 2 2 1 1 2 2\n"
    "1 1 1 1 1 0 1 1 1\n"
    "0 1 0 0 0 0 1 0 0\n"
    "1 0 0 0 0 0 0 1 1\n";
}  // namespace go_article

}  // namespace reversi
