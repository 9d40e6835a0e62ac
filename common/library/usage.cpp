#include "usage.h"

#include <charconv>

namespace reversi {

bool isWholeNumber(std::string_view text) {
  if (text.empty() || (text.size() > 1 && text[0] == '0')) return false;
  for (char c : text)
    if (c < '0' || c > '9') return false;
  return true;
}

std::optional<unsigned long long> wholeNumber(std::string_view text, unsigned long long max) {
  unsigned long long n = 0;
  if (!isWholeNumber(text)) return std::nullopt;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || n > max) return std::nullopt;
  return n;
}

}  // namespace reversi
