/// \file sidebars.h
/// \brief The two sidebars' host side: the `go` and `gray` commands of `reversi-lab`
/// and the checkers of the sidebars' sketches (the Go article's data: go_article.h).
#pragma once
#include <iosfwd>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "go_article.h"
#include "sketch_output.h"

namespace reversi {

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
