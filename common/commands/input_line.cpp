#include "input_line.h"

#include <cerrno>
#include <istream>
#include <streambuf>

#include "cli_args.h"

namespace reversi {

bool readLine(std::istream& in, InputLine& line, size_t limit) {
  line.text.clear();
  line.tooLong = false;
  line.error = 0;
  std::streambuf* buf = in.rdbuf();
  if (!in.good() || !buf) return false;
  errno = 0;  // a read error (EISDIR) shows only here: the stream sees an end
  bool any = false;
  for (;;) {
    const int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      line.error = errno;
      break;
    }
    any = true;
    if (c == '\n') break;
    // One byte more than the limit is kept: it may be the '\r' of a CR LF end.
    if (line.text.size() <= limit) line.text.push_back(char(c));
    else line.tooLong = true;
  }
  if (!line.tooLong && !line.text.empty() && line.text.back() == '\r') line.text.pop_back();
  if (line.text.size() > limit) {
    line.tooLong = true;
    line.text.resize(limit);
  }
  return any;
}

std::string endOfGameInput(const InputLine& line) {
  return line.error ? "cannot read the input: " + systemReason(line.error) : "the input ended before the game did";
}

}  // namespace reversi
