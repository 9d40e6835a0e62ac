/// \file sketch_output.h
/// \brief Judging what a sketch prints over Serial, wherever it ran (the host shim, simavr).
#pragma once
#include <string>
#include <vector>

namespace reversi {

/// Splits text into lines, dropping the "\r" of "\r\n" endings (Arduino's println).
std::vector<std::string> splitLines(const std::string& text);

/// The body of a sketch checker `checker COMMAND [ARGS...]`: runs COMMAND, reads what it
/// prints and judges it with `check` ("" when right, else the reason). Returns 0 when
/// right, 1 with the reason and the output on stderr when not, 2 on a usage error.
int runSketchChecker(int argc, char** argv, std::string (*check)(const std::string&));

}  // namespace reversi
