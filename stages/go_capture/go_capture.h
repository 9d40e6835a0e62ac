/**
 * @file go_capture.h
 * @brief Sidebar — Go capture: which opponent stones have no liberty left? Four ways.
 *
 * Technique: after a move in Go, every opponent group that touches no empty point is
 * captured. Four ways to find those stones on an N x N array (0 empty, 1 the player
 * who just moved, 2 the opponent):
 *  - captureRecursive: the article's recursive four-direction flood fill, started
 *    from the four neighbours of the stone just played; it marks the stones it visits
 *    with 9 and gives a group up at the first empty point it sees;
 *  - sweepEmpties / captureSweep: the article's second idea, seen from the other side:
 *    scan the whole board again and again, alternating the direction, turning every
 *    2 that touches a 0 into 0, until a scan changes nothing; the 2s left are captured;
 *  - captureStack: the same flood fill with an explicit stack instead of recursion, so
 *    its depth is a known array size (the recursion can go as deep as a group is big);
 *  - captureBitboard: all points at once, as bits (N + 1 bits a row, the extra one an
 *    always-empty guard), growing the "has a liberty" set until it stops growing.
 *
 * Source: 「囲碁で相手の石を囲んで取るアルゴリズム」 on the blog
 * 「ExcelマクロVBAとエクセル関数についての私的雑感」 (article 001 in docs/sources.md), which gives the
 * recursive fill and the sweep in Excel VBA, its 9x9 board and both outputs.
 *
 * Not a stage: no Reversi here. It is the lesson the Reversi stages keep meeting
 * (walls, recursion, bit sets) on another game. The board size N is a template
 * parameter: the article's 9 and Go's 19 compile from the same code.
 *
 * Preconditions: every cell holds EMPTY, MINE or THEIRS (no marks left over);
 * captureRecursive's (row, col) is on the board.
 */
#ifndef REVERSI_LAB_GO_CAPTURE_H
#define REVERSI_LAB_GO_CAPTURE_H

#include <stdint.h>
#include <string.h>

/// Sidebar: capturing surrounded stones in Go.
namespace go_capture {

const uint8_t EMPTY = 0;     ///< An empty point (the article's 0).
const uint8_t MINE = 1;      ///< A stone of the player who just moved (the article's 1).
const uint8_t THEIRS = 2;    ///< An opponent stone, the kind that can be captured (2).
const uint8_t SEEN = 8;      ///< captureStack's temporary mark: visited, not known dead.
const uint8_t CAPTURED = 9;  ///< A captured stone (the article marks them 9).

const int SIZE = 9;  ///< The article's board is 9 x 9.

/// The four neighbours, in the article's order: up, down, left, right.
const int8_t DR[4] = {-1, 1, 0, 0};
const int8_t DC[4] = {0, 0, -1, 1};  ///< Column steps matching DR.

/// An N x N board, row by row: cell[row][col], row 0 at the top.
template <int N>
struct Board {
  uint8_t cell[N][N];  ///< EMPTY, MINE or THEIRS (CAPTURED after a capture).
};

/**
 * @brief Whether (r, c) is on an N x N board (the array has no walls, as the article's).
 * @param r row
 * @param c column
 * @return true for 0 <= r, c < N
 */
template <int N>
inline bool onBoard(int r, int c) {
  return r >= 0 && r < N && c >= 0 && c < N;
}

/// What the recursive search counts while it runs.
struct Search {
  int stones;    ///< stones marked so far
  int depth;     ///< current recursion depth (1 = a neighbour of the stone played)
  int maxDepth;  ///< deepest recursion reached
};

/**
 * @brief The article's recursion: marks the opponent stone (r, c) CAPTURED, then looks
 *        at its four neighbours, recursing into opponent stones.
 * @param b the board; visited stones are left as CAPTURED (the caller restores them
 *          when the group turns out to have a liberty)
 * @param r row of an opponent stone
 * @param c column of that stone
 * @param s counters, updated
 * @return true when no empty point was found: the group (as far as reached, which
 *         is then all of it) is surrounded; false at the first empty point
 */
template <int N>
inline bool surrounded(Board<N>& b, int r, int c, Search& s) {
  b.cell[r][c] = CAPTURED;
  s.stones++;
  if (s.depth > s.maxDepth) s.maxDepth = s.depth;
  for (int d = 0; d < 4; d++) {
    const int nr = r + DR[d], nc = c + DC[d];
    if (!onBoard<N>(nr, nc)) continue;
    if (b.cell[nr][nc] == EMPTY) return false;  // one liberty is enough: stop here
    if (b.cell[nr][nc] == THEIRS) {
      s.depth++;
      const bool dead = surrounded(b, nr, nc, s);
      s.depth--;
      if (!dead) return false;
    }
  }
  return true;
}

/**
 * @brief Turns the CAPTURED marks of one group back into THEIRS (recursively).
 * @param b the board
 * @param r row of a marked stone of the group
 * @param c its column
 */
template <int N>
inline void unmark(Board<N>& b, int r, int c) {
  b.cell[r][c] = THEIRS;
  for (int d = 0; d < 4; d++) {
    const int nr = r + DR[d], nc = c + DC[d];
    if (onBoard<N>(nr, nc) && b.cell[nr][nc] == CAPTURED) unmark(b, nr, nc);
  }
}

/**
 * @brief The article's recursive capture: from each neighbour of the stone just
 *        played, flood the opponent group; a group without a liberty stays marked.
 *
 * Only groups touching (row, col) are looked at: in a real game no other group can
 * have lost its last liberty. Unlike the article's code, a group that turns out to
 * have a liberty gets its marks back, so the board reads the same for every method.
 *
 * @param b the board; captured stones become CAPTURED, everything else is unchanged
 * @param row row of the stone just played
 * @param col its column
 * @param maxDepth if not null, receives the deepest recursion reached (1 = a neighbour)
 * @return the number of captured stones
 */
template <int N>
inline int captureRecursive(Board<N>& b, int row, int col, int* maxDepth = 0) {
  Search s = {0, 1, 0};
  int captured = 0;
  for (int d = 0; d < 4; d++) {
    const int nr = row + DR[d], nc = col + DC[d];
    if (!onBoard<N>(nr, nc) || b.cell[nr][nc] != THEIRS) continue;
    const int before = s.stones;
    if (surrounded(b, nr, nc, s)) {
      captured += s.stones - before;
    } else {
      unmark(b, nr, nc);
      s.stones = before;
    }
  }
  if (maxDepth) *maxDepth = s.maxDepth;
  return captured;
}

/**
 * @brief Whether an opponent stone at (r, c) touches an empty point.
 * @param b the board
 * @param r row
 * @param c column
 * @return true if one of the four neighbours is EMPTY
 */
template <int N>
inline bool touchesEmpty(const Board<N>& b, int r, int c) {
  for (int d = 0; d < 4; d++) {
    const int nr = r + DR[d], nc = c + DC[d];
    if (onBoard<N>(nr, nc) && b.cell[nr][nc] == EMPTY) return true;
  }
  return false;
}

/**
 * @brief The article's sweep from the empties, in place: scan the board, turning every
 *        THEIRS stone that touches an EMPTY point into EMPTY, first top-left to
 *        bottom-right, then back, and so on, until a scan changes nothing.
 * @param b the board; afterwards the THEIRS stones left are exactly the captured
 *          ones and every other opponent stone is EMPTY (the article's output)
 * @return the number of scans made, the last one (which changed nothing) included
 */
template <int N>
inline int sweepEmpties(Board<N>& b) {
  bool forward = true;
  for (int scans = 1;; scans++) {
    bool changed = false;
    for (int i = 0; i < N; i++) {
      const int r = forward ? i : N - 1 - i;
      for (int j = 0; j < N; j++) {
        const int c = forward ? j : N - 1 - j;
        // An emptied stone helps its neighbours later in this same scan: that is
        // why one scan carries an empty point far along the scan direction.
        if (b.cell[r][c] == THEIRS && touchesEmpty(b, r, c)) {
          b.cell[r][c] = EMPTY;
          changed = true;
        }
      }
    }
    if (!changed) return scans;
    forward = !forward;
  }
}

/**
 * @brief The sweep, reporting like the others: captured stones become CAPTURED.
 * @param b the board; captured stones become CAPTURED, everything else is unchanged
 * @param scans if not null, receives the number of scans (see sweepEmpties)
 * @return the number of captured stones
 */
template <int N>
inline int captureSweep(Board<N>& b, int* scans = 0) {
  Board<N> work = b;  // the sweep destroys what it looks at
  const int n = sweepEmpties(work);
  if (scans) *scans = n;
  int captured = 0;
  for (int r = 0; r < N; r++)
    for (int c = 0; c < N; c++)
      if (work.cell[r][c] == THEIRS) {
        b.cell[r][c] = CAPTURED;
        captured++;
      }
  return captured;
}

/**
 * @brief Floods one group with an explicit stack, relabelling `from` to `to`.
 * @param b the board
 * @param r row of a stone holding `from`
 * @param c its column
 * @param from the value that belongs to the group
 * @param to the value the group gets (must differ from `from`)
 * @param stones receives how many stones were relabelled
 * @return true if some stone of the group touches an EMPTY point
 */
template <int N>
inline bool floodStack(Board<N>& b, int r, int c, uint8_t from, uint8_t to, int& stones) {
  uint16_t stack[N * N];  // each stone is pushed once (it is relabelled when pushed)
  int top = 0;
  bool liberty = false;
  b.cell[r][c] = to;
  stack[top++] = static_cast<uint16_t>(r << 8 | c);
  stones = 0;
  while (top > 0) {
    const uint16_t p = stack[--top];
    const int pr = p >> 8, pc = p & 0xFF;
    stones++;
    for (int d = 0; d < 4; d++) {
      const int nr = pr + DR[d], nc = pc + DC[d];
      if (!onBoard<N>(nr, nc)) continue;
      if (b.cell[nr][nc] == EMPTY) liberty = true;  // keep going: the group must be all marked
      if (b.cell[nr][nc] == from) {
        b.cell[nr][nc] = to;
        stack[top++] = static_cast<uint16_t>(nr << 8 | nc);
      }
    }
  }
  return liberty;
}

/**
 * @brief Iterative flood fill over the whole board: every opponent group without a
 *        liberty is captured. No recursion: the stack is an array of N * N entries.
 * @param b the board; captured stones become CAPTURED, everything else is unchanged
 * @return the number of captured stones
 */
template <int N>
inline int captureStack(Board<N>& b) {
  int captured = 0, stones = 0;
  for (int r = 0; r < N; r++)
    for (int c = 0; c < N; c++)
      if (b.cell[r][c] == THEIRS && !floodStack(b, r, c, THEIRS, SEEN, stones)) {
        floodStack(b, r, c, SEEN, CAPTURED, stones);  // dead: relabel the group again
        captured += stones;
      }
  for (int r = 0; r < N; r++)
    for (int c = 0; c < N; c++)
      if (b.cell[r][c] == SEEN) b.cell[r][c] = THEIRS;
  return captured;
}

/// A set of points as bits: point (r, c) is bit r * (N + 1) + c. Column N of each
/// row is a guard that is never set, so a step left or right off a row lands on it.
template <int N>
struct Bits {
  enum { STRIDE = N + 1, WORDS = (N * (N + 1) + 63) / 64 };
  uint64_t w[WORDS];  ///< bit i is w[i >> 6] >> (i & 63); 9x9 needs 2 words, 19x19 6
};

/**
 * @brief The points next to a set: the set shifted one step in each of the four
 *        directions (guard bits and bits past the board may be set; callers mask).
 * @param a the set
 * @param out receives the neighbours of `a`
 */
template <int N>
inline void grow(const Bits<N>& a, Bits<N>& out) {
  const int W = Bits<N>::WORDS, S = Bits<N>::STRIDE;
  for (int i = 0; i < W; i++) {
    uint64_t up = a.w[i] >> S, down = a.w[i] << S;  // a row is S bits
    uint64_t left = a.w[i] >> 1, right = a.w[i] << 1;
    if (i + 1 < W) {  // bits that cross into this word from the next one...
      up |= a.w[i + 1] << (64 - S);
      left |= a.w[i + 1] << 63;
    }
    if (i > 0) {  // ...and from the previous one
      down |= a.w[i - 1] >> (64 - S);
      right |= a.w[i - 1] >> 63;
    }
    out.w[i] = up | down | left | right;
  }
}

/**
 * @brief Bitboard capture: the opponent stones next to an empty point have a liberty;
 *        so do opponent stones next to those, and so on; the rest are captured.
 * @param b the board; captured stones become CAPTURED, everything else is unchanged
 * @return the number of captured stones
 */
template <int N>
inline int captureBitboard(Board<N>& b) {
  const int W = Bits<N>::WORDS, S = Bits<N>::STRIDE;
  Bits<N> theirs, live, next;
  memset(&theirs, 0, sizeof theirs);
  memset(&live, 0, sizeof live);  // starts as the empty points
  for (int r = 0; r < N; r++)
    for (int c = 0; c < N; c++) {
      const int i = r * S + c;
      const uint64_t bit = (uint64_t)1 << (i & 63);
      if (b.cell[r][c] == THEIRS) theirs.w[i >> 6] |= bit;
      if (b.cell[r][c] == EMPTY) live.w[i >> 6] |= bit;
    }
  grow(live, next);  // opponent stones next to an empty point...
  for (int i = 0; i < W; i++) live.w[i] = next.w[i] & theirs.w[i];
  for (bool changed = true; changed;) {  // ...and every opponent stone they reach
    changed = false;
    grow(live, next);
    for (int i = 0; i < W; i++) {
      const uint64_t more = live.w[i] | (next.w[i] & theirs.w[i]);
      changed = changed || more != live.w[i];
      live.w[i] = more;
    }
  }
  int captured = 0;
  for (int r = 0; r < N; r++)
    for (int c = 0; c < N; c++) {
      const int i = r * S + c;
      if (((theirs.w[i >> 6] & ~live.w[i >> 6]) >> (i & 63)) & 1) {
        b.cell[r][c] = CAPTURED;
        captured++;
      }
    }
  return captured;
}

}  // namespace go_capture

#endif  // REVERSI_LAB_GO_CAPTURE_H
