#include "input_line.h"

#include <istream>
#include <streambuf>

namespace reversi {

bool readLine(std::istream& in, InputLine& line, size_t limit) {
  line.text.clear();
  line.tooLong = false;
  std::streambuf* buf = in.rdbuf();
  if (!in.good() || !buf) return false;
  bool any = false;
  for (;;) {
    const int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
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

}  // namespace reversi
