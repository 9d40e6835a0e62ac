/// \file sidebars.h
/// \brief The two sidebars' host side: the `go` and `gray` commands of `reversi-lab`,
/// the published data of the Go article, and the checkers of the sidebars' sketches.
#pragma once
#include <iosfwd>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "sketch_output.h"

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

/// `reversi-lab go --method recursive|sweep|stack|bitboard [--at ROW,COL] FILE`:
/// `args` starts with "go"; FILE `-` reads `in`. Returns the exit status (2: bad input).
int runGo(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);
/// runGo reading standard input.
int runGo(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// `reversi-lab gray [--black P] [--white P] [--auto] [--seed N]`, P human|random|greedy:
/// plays a game of the gray-stone variant, human moves read from `in`, one per line.
int runGray(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);
/// runGray reading standard input.
int runGray(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// What the go sketch must print: "" when `serial` is right, else the reason.
std::string checkGoSketch(const std::string& serial);
/// What the gray sketch must print (its game replayed move by move): "" or the reason.
std::string checkGraySketch(const std::string& serial);

}  // namespace reversi
