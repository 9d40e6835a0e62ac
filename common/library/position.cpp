#include "position.h"

namespace reversi {

Position startPosition() {
  Position p;
  p.set(3, 3, WHITE);
  p.set(4, 3, BLACK);
  p.set(3, 4, BLACK);
  p.set(4, 4, WHITE);
  p.toMove = BLACK;
  return p;
}

std::string squareName(int square) { return {char('a' + square % 8), char('1' + square / 8)}; }

std::string quoteInput(std::string_view text, size_t limit) {
  static const char hex[] = "0123456789abcdef";
  std::string shown;  // at most `limit` characters: an escape counts as its four
  size_t i = 0;
  for (; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const bool printable = c >= 0x20 && c <= 0x7e;
    if (shown.size() + (printable ? 1 : 4) > limit) break;
    if (printable) {
      shown += char(c);
    } else {
      shown += "\\x";
      shown += hex[c >> 4];
      shown += hex[c & 15];
    }
  }
  return "'" + shown + (i < text.size() ? "...'" : "'");
}

namespace {

// An offending character, quoted as all echoed input is.
std::string shown(char c) { return quoteInput(std::string_view(&c, 1)); }

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

}  // namespace

Position parsePosition(std::string_view text) {
  while (!text.empty() && isSpace(text.front())) text.remove_prefix(1);
  while (!text.empty() && isSpace(text.back())) text.remove_suffix(1);
  if (text.empty()) throw ParseError("position is empty: expected 64 board characters, a space, X or O");

  Position p;
  size_t board = 0;
  while (board < text.size() && !isSpace(text[board])) ++board;
  if (board != 64)
    throw ParseError("position board has " + std::to_string(board) + " characters; expected 64 (a1..h8 row by row)");
  for (int i = 0; i < 64; ++i) {
    switch (text[i]) {
      case 'X':
      case 'x':
      case '*': p.cells[i] = BLACK; break;
      case 'O':
      case 'o': p.cells[i] = WHITE; break;
      case '-':
      case '.': p.cells[i] = EMPTY; break;
      default:
        throw ParseError("position has bad character " + shown(text[i]) + " at " + squareName(i) + " (character " +
                         std::to_string(i + 1) + "); use X, O or -");
    }
  }
  std::string_view rest = text.substr(64);
  while (!rest.empty() && isSpace(rest.front())) rest.remove_prefix(1);
  if (rest.empty()) throw ParseError("position has no side to move: add a space and X or O");
  if (rest.size() > 1) throw ParseError("position side to move must be one character X or O, got " + quoteInput(rest));
  switch (rest[0]) {
    case 'X':
    case 'x':
    case '*': p.toMove = BLACK; break;
    case 'O':
    case 'o': p.toMove = WHITE; break;
    default: throw ParseError("position side to move must be X or O, got " + shown(rest[0]));
  }
  return p;
}

std::string formatPosition(const Position& p) {
  std::string s(66, ' ');
  for (int i = 0; i < 64; ++i) s[i] = p.cells[i] == BLACK ? 'X' : p.cells[i] == WHITE ? 'O' : '-';
  s[65] = p.toMove == BLACK ? 'X' : 'O';
  return s;
}

}  // namespace reversi
