/// \file compare_args.h
/// \brief The two names a compare executable is given (bench/compare.cpp: two stages,
/// bench/step_compare.cpp: two steps), looked up in the program's registry.
#pragma once
#include <cstdio>
#include <string_view>

#include "position.h"  // quoteInput

namespace reversi {

/// Looks up argv[1] and argv[2] with `find` (findStage, findStep) into `picked`. For a
/// name it does not know, prints "reversi-lab: <tool>: unknown <what> <name> (<hint>)"
/// on stderr and returns false.
template <class Entry>
bool pickTwo(char** argv, const Entry* (*find)(std::string_view), const char* tool, const char* what, const char* hint,
             const Entry* (&picked)[2]) {
  for (int i = 0; i < 2; ++i) {
    picked[i] = find(argv[i + 1]);
    if (!picked[i]) {
      std::fprintf(stderr, "reversi-lab: %s: unknown %s %s (%s)\n", tool, what, quoteInput(argv[i + 1]).c_str(), hint);
      return false;
    }
  }
  return true;
}

}  // namespace reversi
