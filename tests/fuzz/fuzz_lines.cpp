// libFuzzer harness: the interactive commands' input lines. Byte 0 chooses the
// command (bit 0: 0 gtp, 1 play; bit 1: play's human is white), the rest is the input.
// gtp: every line goes to one GtpSession (level 1) in turn; each answer must be nothing
// (a blank or comment line) or "=[id] text" / "?[id] message" ending in one empty line,
// with no empty line inside, and a "?" message one printable line. play: the whole input
// through runPlay (level 1); it must end with status 0 or 1, stderr empty or one
// printable line, and every reply to a bad line on stdout printable.
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "commands/cli.h"
#include "commands/input_line.h"
#include "engine.h"
#include "fuzz_check.h"

using namespace reversi;

namespace {

// GTP's set_level can ask for minutes a move: only levels 1-2 run here.
bool deepLevel(std::string_view input) {
  for (size_t at = input.find("set_level"); at != std::string_view::npos; at = input.find("set_level", at + 1)) {
    const size_t digit = input.find_first_not_of(" \t", at + 9);
    if (digit != std::string_view::npos && input[digit] > '2' && input[digit] <= '9') return true;
  }
  return false;
}

void checkGtpAnswer(const std::string& answer) {
  if (answer.empty()) return;
  FUZZ_CHECK(answer[0] == '=' || answer[0] == '?', "a GTP answer starts with neither '=' nor '?'");
  FUZZ_CHECK(answer.size() >= 3 && answer.compare(answer.size() - 2, 2, "\n\n") == 0,
             "a GTP answer does not end in an empty line");
  FUZZ_CHECK(answer.find("\n\n") == answer.size() - 2, "an empty line inside a GTP answer");
  if (answer[0] == '?') fuzz::checkMessageLine(std::string_view(answer).substr(0, answer.size() - 2));
}

void gtp(std::string_view input) {
  Engine engine;
  engine.level = 1;
  GtpSession session(engine);
  std::istringstream in{std::string(input)};
  InputLine line;
  while (!session.finished() && readLine(in, line, 1024)) checkGtpAnswer(session.respond(line.text, line.tooLong));
}

void play(std::string_view input, bool white) {
  std::istringstream in{std::string(input)};
  std::ostringstream out, err;
  const int status = runPlay(white ? std::vector<std::string>{"play", "--level", "1", "--color", "white"}
                                   : std::vector<std::string>{"play", "--level", "1"},
                             in, out, err);
  FUZZ_CHECK(status == 0 || status == 1, "play ended with a status other than 0 or 1");
  if (!err.str().empty()) fuzz::checkMessageLine(err.str(), true);
  // The replies echo what was typed: escaped, so stdout stays printable lines.
  for (char c : out.str()) FUZZ_CHECK(c == '\n' || (c >= 0x20 && c <= 0x7e), "play printed a control or non-ASCII byte");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string_view input(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (data[0] & 1) play(input, data[0] & 2);
  else if (!deepLevel(input)) gtp(input);
  return 0;
}
