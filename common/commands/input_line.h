/// \file input_line.h
/// \brief Reading one line of interactive input (play, gtp) with a bound, so that a
/// huge line or an endless stream without a newline cannot exhaust memory.
#pragma once
#include <cstddef>
#include <iosfwd>
#include <string>

namespace reversi {

/// One line of input as read by readLine().
struct InputLine {
  std::string text;      ///< The line without its end ('\n', or "\r\n"); at most the limit's bytes.
  bool tooLong = false;  ///< The line had more bytes than the limit: text holds only the first ones.
  int error = 0;         ///< errno when the input failed rather than ended (a directory as stdin).
};

/// Why a game's input stopped, for its one line on stderr: "cannot read the input: is a
/// directory" when reading failed, else "the input ended before the game did".
std::string endOfGameInput(const InputLine& line);

/// Reads up to the next '\n' (or the end of the input) into `line`: a '\r' just before
/// the end is dropped (CR LF ends a line too), the first `limit` bytes are kept and the
/// rest of a longer line is read and thrown away. NUL and other bytes are kept as they
/// are (the caller decides what they mean). Returns false only when the input has
/// ended (or failed: `line.error`) before a single byte of a new line.
bool readLine(std::istream& in, InputLine& line, size_t limit);

}  // namespace reversi
