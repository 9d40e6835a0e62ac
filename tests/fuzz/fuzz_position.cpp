// libFuzzer harness: parsePosition on any bytes. It must either return a valid
// position that survives formatPosition -> parsePosition unchanged, or throw
// ParseError with a one-line, printable, bounded message. Anything else (another
// exception, a sanitizer report, a failed check) is a finding.
#include <cstdint>
#include <string_view>

#include "fuzz_check.h"
#include "position.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace reversi;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const Position p = parsePosition(text);
    for (uint8_t c : p.cells) FUZZ_CHECK(c == EMPTY || c == WHITE || c == BLACK, "cell value out of range");
    FUZZ_CHECK(p.toMove == WHITE || p.toMove == BLACK, "side to move out of range");
    FUZZ_CHECK(parsePosition(formatPosition(p)) == p, "format/parse round trip changed the position");
  } catch (const ParseError& e) { fuzz::checkMessageLine(e.what()); }
  return 0;
}
