/**
 * @file gray_variant.h
 * @brief Sidebar — a three-colour Reversi variant: black, gray and white stones.
 *
 * Technique: the board code of the article, in C++. One `traverse` walks from a square
 * in one direction and hands every stone it meets to a callback, until it reaches a
 * wall or an empty square. Direction vectors plus a callback replace eight copies of
 * the same loop (and one copy per thing to do on the way); the WALL ring around the
 * board replaces every bound test. Legality and the move are both a few lines on top.
 *
 * The variant: stones are BLACK 1, GRAY 2, WHITE 3. A move brackets, as in Reversi,
 * between the new stone and the first own stone in a direction, anything that is
 * not the mover's colour; each bracketed stone moves one step towards the mover:
 * black moving subtracts 1 (gray becomes black, white becomes gray), white moving
 * adds 1 (gray becomes white, black becomes gray). Instead of placing on an empty
 * square a player may convert a gray stone into their own colour, as a move on that
 * square; the token keeps the conversions within one of each other, and (our rule,
 * so that every game ends) a conversion may not answer a conversion.
 *
 * Source: 「変種オセロを考えてみた。(その3)」 on the blog いものやま。 (article 002
 * in docs/sources.md): traverse_to, has_color_from_to?, put_piece, move count, turn and
 * token (Ruby). The game rules come from the author's other posts (the rules post linked
 * from docs/sources.md); where they leave a choice open, the choice made here is stated at the
 * function that makes it and on the page.
 *
 * Not a stage: a different game, so none of the stage interface; it shows the same
 * ideas as stages s02 (direction vectors) and s03 (walls) in another setting.
 *
 * Preconditions for every function: row and col in 1..SIZE (rows and columns 0 and
 * SIZE + 1 are the wall), and a Game set up by newGame and changed only through these
 * functions. They are checked at the host boundary (`reversi-lab gray` refuses a move
 * off the board), not here, so the code stays as small as the idea.
 */
#ifndef REVERSI_LAB_GRAY_VARIANT_H
#define REVERSI_LAB_GRAY_VARIANT_H

#include <stdint.h>

/// Sidebar: the gray-stone variant.
namespace gray_variant {

const uint8_t EMPTY = 0;  ///< No stone.
const uint8_t BLACK = 1;  ///< Black stone (the article's 1); moves first.
const uint8_t GRAY = 2;   ///< Gray stone (2): one step from black and from white.
const uint8_t WHITE = 3;  ///< White stone (3).
const uint8_t WALL = 4;   ///< The ring around the board: stops every walk.

const int SIZE = 9;                 ///< 9 x 9 squares.
const int EDGE = SIZE + 2;          ///< Rows and columns of the array, walls included.
const int MAX_MOVES = SIZE * SIZE;  ///< More than the legal moves of any position.

/// The eight directions as (row step, column step), clockwise from up.
const int8_t DIR[8][2] = {{-1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}};

/// The whole state of a game.
struct Game {
  uint8_t cell[EDGE][EDGE];  ///< Squares are rows and columns 1..SIZE; row/column 0 and EDGE-1 are WALL.
  int move;                  ///< Moves played (placements and conversions; passes are not moves).
  uint8_t turn;              ///< The side to move, BLACK or WHITE.
  int8_t token;              ///< Black's conversions minus white's.
  bool justConverted;        ///< The last move was a conversion (see mayConvert).
};

/**
 * @brief The other player.
 * @param side BLACK or WHITE
 * @return WHITE for BLACK and BLACK for WHITE
 */
inline uint8_t opponent(uint8_t side) { return side == BLACK ? WHITE : BLACK; }

/**
 * @brief Sets up the documented start: walls, empty squares, and around the centre
 *        (row, col 1-based; B black, W white, G gray):
 *
 *            col 4 5 6
 *        row 4   W B .
 *        row 5   B G W
 *        row 6   . W B
 *
 * Turning the board half a turn and swapping black and white gives the same layout,
 * so neither colour has a better shape; black moves first, token 0.
 * @param g the game to reset
 */
inline void newGame(Game& g) {
  for (int r = 0; r < EDGE; r++)
    for (int c = 0; c < EDGE; c++) g.cell[r][c] = (r == 0 || c == 0 || r == EDGE - 1 || c == EDGE - 1) ? WALL : EMPTY;
  g.cell[4][4] = WHITE, g.cell[4][5] = BLACK;
  g.cell[5][4] = BLACK, g.cell[5][5] = GRAY, g.cell[5][6] = WHITE;
  g.cell[6][5] = WHITE, g.cell[6][6] = BLACK;
  g.move = 0;
  g.turn = BLACK;
  g.token = 0;
  g.justConverted = false;
}

/**
 * @brief Walks from (row, col) in direction (dr, dc) and calls visit(step, r, c,
 *        colour) for every stone met, step 1 being the neighbour, until a WALL or an
 *        EMPTY square (the article's traverse_to).
 *
 * The colour is read again at every step, so the callback may change stones behind it.
 *
 * @param g the game (the callback may change g's stones through another reference)
 * @param row start row (not visited itself)
 * @param col start column
 * @param dr row step, -1..1
 * @param dc column step, -1..1
 * @param visit callable (int step, int r, int c, uint8_t colour) -> bool; returning
 *        false stops the walk
 */
template <class Visit>
inline void traverse(const Game& g, int row, int col, int dr, int dc, Visit visit) {
  int r = row + dr, c = col + dc;
  for (int step = 1; g.cell[r][c] != WALL && g.cell[r][c] != EMPTY; step++, r += dr, c += dc)
    if (!visit(step, r, c, g.cell[r][c])) return;
}

/**
 * @brief Whether `me` brackets something from (row, col) in one direction (the
 *        article's has_color_from_to?): the first own stone comes at step 2 or later.
 * @param g the game
 * @param row row of the move
 * @param col column of the move
 * @param dr row step
 * @param dc column step
 * @param me BLACK or WHITE
 * @return true if an own stone ends a run of at least one other stone
 */
inline bool brackets(const Game& g, int row, int col, int dr, int dc, uint8_t me) {
  bool found = false;
  traverse(g, row, col, dr, dc, [&](int step, int, int, uint8_t colour) {
    if (colour != me) return true;  // gray or the opponent's: keep walking
    found = step >= 2;              // an own stone right beside the move brackets nothing
    return false;
  });
  return found;
}

/**
 * @brief Whether `me` brackets something from (row, col) in any direction (the
 *        article's has_color_from?).
 * @param g the game
 * @param row row of the move
 * @param col column of the move
 * @param me BLACK or WHITE
 * @return true if some direction brackets
 */
inline bool bracketsAny(const Game& g, int row, int col, uint8_t me) {
  for (int d = 0; d < 8; d++)
    if (brackets(g, row, col, DIR[d][0], DIR[d][1], me)) return true;
  return false;
}

/**
 * @brief Whether the side to move may convert a gray stone now. The token rule: no
 *        player may convert more than once more than the opponent has. Our rule on
 *        top: a conversion may not answer a conversion. Without it two players can
 *        convert back and forth for ever, since a conversion fills no square (test
 *        "without the answer rule greedy players convert for ever").
 * @param g the game
 * @return true if a conversion would keep |token| <= 1 and the last move was a placement
 */
inline bool mayConvert(const Game& g) {
  if (g.justConverted) return false;
  return g.turn == BLACK ? g.token <= 0 : g.token >= 0;
}

/**
 * @brief Whether the side to move may play at (row, col): an EMPTY square, or a GRAY
 *        one when the token allows a conversion, from which something is bracketed.
 *
 * Our choice where the rules leave it open: a conversion must bracket like a
 * placement (it is the same move as far as the article's code is concerned).
 *
 * @param g the game
 * @param row row 1..SIZE
 * @param col column 1..SIZE
 * @return true if the move is legal
 */
inline bool isLegal(const Game& g, int row, int col) {
  const uint8_t here = g.cell[row][col];
  if (here != EMPTY && !(here == GRAY && mayConvert(g))) return false;
  return bracketsAny(g, row, col, g.turn);
}

/**
 * @brief Plays a legal move for the side to move (the article's put_piece): puts the
 *        mover's colour on (row, col) and, in each direction that brackets, shifts
 *        every stone up to the first own stone by -1 (black) or +1 (white).
 * @param g the game; only stones change (not the turn, token or move count)
 * @param row row 1..SIZE of a legal move
 * @param col column 1..SIZE
 */
inline void putPiece(Game& g, int row, int col) {
  const uint8_t me = g.turn;
  const int8_t shift = me == BLACK ? -1 : +1;  // gray->black, white->gray; or the mirror
  g.cell[row][col] = me;
  for (int d = 0; d < 8; d++) {
    const int dr = DIR[d][0], dc = DIR[d][1];
    if (!brackets(g, row, col, dr, dc, me)) continue;
    traverse(g, row, col, dr, dc, [&](int, int r, int c, uint8_t colour) {
      if (colour == me) return false;
      g.cell[r][c] = static_cast<uint8_t>(colour + shift);
      return true;
    });
  }
}

/**
 * @brief Plays (row, col) for the side to move if legal: the stones, the token (on a
 *        conversion), the move count and the turn.
 * @param g the game, unchanged when the move is illegal
 * @param row row 1..SIZE
 * @param col column 1..SIZE
 * @return true if the move was legal and played
 */
inline bool play(Game& g, int row, int col) {
  if (!isLegal(g, row, col)) return false;
  g.justConverted = g.cell[row][col] == GRAY;
  if (g.justConverted) g.token = static_cast<int8_t>(g.token + (g.turn == BLACK ? 1 : -1));
  putPiece(g, row, col);
  g.move++;
  g.turn = opponent(g.turn);
  return true;
}

/**
 * @brief Passes: the turn changes (and the pass, not a conversion, is the last move).
 *        Allowed only when the side to move has no legal move; see legalMoves.
 * @param g the game
 */
inline void pass(Game& g) {
  g.turn = opponent(g.turn);
  g.justConverted = false;
}

/**
 * @brief A move as one byte: row in the high nibble, column in the low one.
 * @param row row 1..SIZE
 * @param col column 1..SIZE
 * @return (row << 4) | col
 */
inline uint8_t packMove(int row, int col) { return static_cast<uint8_t>(row << 4 | col); }

/**
 * @brief Lists the legal moves of the side to move, row by row.
 * @param g the game
 * @param out receives the moves as packMove(row, col)
 * @return how many moves were written (0: the side to move must pass)
 */
inline int legalMoves(const Game& g, uint8_t out[MAX_MOVES]) {
  int n = 0;
  for (int r = 1; r <= SIZE; r++)
    for (int c = 1; c <= SIZE; c++)
      if (isLegal(g, r, c)) out[n++] = packMove(r, c);
  return n;
}

/**
 * @brief Whether `side` could place a stone on some empty square (conversions aside).
 * @param g the game
 * @param side BLACK or WHITE
 * @return true if some EMPTY square brackets for `side`
 */
inline bool canPlace(const Game& g, uint8_t side) {
  for (int r = 1; r <= SIZE; r++)
    for (int c = 1; c <= SIZE; c++)
      if (g.cell[r][c] == EMPTY && bracketsAny(g, r, c, side)) return true;
  return false;
}

/**
 * @brief Whether the game is over: neither player can place a stone. (Both players
 *        passing in a row implies this, since a pass needs no placement possible.)
 * @param g the game
 * @return true when the game has ended
 */
inline bool isOver(const Game& g) { return !canPlace(g, BLACK) && !canPlace(g, WHITE); }

/**
 * @brief Counts the stones of one colour.
 * @param g the game
 * @param colour BLACK, GRAY, WHITE or EMPTY
 * @return how many squares hold it
 */
inline int count(const Game& g, uint8_t colour) {
  int n = 0;
  for (int r = 1; r <= SIZE; r++)
    for (int c = 1; c <= SIZE; c++) n += g.cell[r][c] == colour;
  return n;
}

/**
 * @brief The winner: more stones wins; on equal stones, fewer conversions (the token
 *        says who converted less); otherwise a draw.
 * @param g a finished game
 * @return BLACK, WHITE, or EMPTY for a draw
 */
inline uint8_t winner(const Game& g) {
  const int black = count(g, BLACK), white = count(g, WHITE);
  if (black != white) return black > white ? BLACK : WHITE;
  if (g.token != 0) return g.token < 0 ? BLACK : WHITE;
  return EMPTY;
}

/**
 * @brief A greedy player: the move that leaves the mover the most stones over the
 *        opponent; the first such move in board order on a tie.
 * @param g the game (the side to move has at least one move)
 * @param moves the legal moves, from legalMoves
 * @param n how many (at least 1)
 * @return one of `moves`
 */
inline uint8_t pickGreedy(const Game& g, const uint8_t* moves, int n) {
  uint8_t best = moves[0];
  int bestMargin = -1000;
  for (int i = 0; i < n; i++) {
    Game after = g;
    play(after, moves[i] >> 4, moves[i] & 15);
    const int margin = count(after, g.turn) - count(after, opponent(g.turn));
    if (margin > bestMargin) bestMargin = margin, best = moves[i];
  }
  return best;
}

/**
 * @brief The random player's first state for a seed (xorshift32 must not start at 0).
 * @param seed any number
 * @return a non-zero state
 */
inline uint32_t randomState(uint32_t seed) {
  const uint32_t s = seed ^ 0x9E3779B9u;
  return s != 0 ? s : 1;
}

/**
 * @brief A random player: xorshift32, then a multiply-and-shift instead of `%`
 *        (no divide instruction needed on small chips).
 * @param state the generator's state, not 0; advanced
 * @param moves the legal moves
 * @param n how many (1..MAX_MOVES)
 * @return one of `moves`
 */
inline uint8_t pickRandom(uint32_t& state, const uint8_t* moves, int n) {
  state ^= state << 13;
  state ^= state >> 17;
  state ^= state << 5;
  return moves[((state >> 16) * static_cast<uint32_t>(n)) >> 16];
}

/**
 * @brief One board row as text: "B", "G", "W" or "." per square, one space apart.
 * @param g the game
 * @param row row 1..SIZE
 * @param out receives 2 * SIZE characters, the last one the terminating NUL
 */
inline void rowText(const Game& g, int row, char out[2 * SIZE]) {
  for (int c = 1; c <= SIZE; c++) {
    const uint8_t v = g.cell[row][c];
    out[2 * (c - 1)] = v == BLACK ? 'B' : v == GRAY ? 'G' : v == WHITE ? 'W' : '.';
    out[2 * c - 1] = c < SIZE ? ' ' : '\0';
  }
}

}  // namespace gray_variant

#endif  // REVERSI_LAB_GRAY_VARIANT_H
