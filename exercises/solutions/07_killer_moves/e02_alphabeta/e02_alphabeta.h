/**
 * @file e02_alphabeta.h
 * @brief Search step 02 — alpha-beta: the same answer as negamax, without the lines
 * that cannot change it.
 *
 * Technique: the search carries a window (alpha, beta). alpha is what the side to
 * move is already sure of elsewhere in the tree, beta what the opponent is sure of:
 * the opponent will never let the game reach a position worth beta or more to us,
 * because it already has a better way out. So as soon as one move scores beta or more
 * the remaining moves need not be looked at (a cut-off: that position is already
 * refuted). A move that cannot beat alpha changes nothing either. The root's score
 * and best move are exactly those of negamax (step 01); only the node count falls,
 * and how far it falls depends on meeting good moves first (step 03).
 *
 * The window is fail-soft: a position whose moves all stay at or below alpha returns
 * the best value it saw (an upper bound), one that is cut off the value that caused it
 * (a lower bound); only values strictly inside the window are exact.
 *
 * The rules the search follows (the same in every later step):
 * - a pass is a move: a side with no legal move passes, and that costs one ply;
 * - the game ends when neither side can move; a finished game is scored by discs:
 *   own discs minus the opponent's, and the winner takes the empty squares;
 * - moves are tried in square order (a1, b1, ..., h8) and the first best move wins a
 *   tie, so the search is deterministic: every move generator visits the same nodes.
 *
 * Scores are in 1/256 of a disc (DISC): a finished game is worth its disc difference
 * times DISC, and the evaluation is kept inside +-(2 * DISC - 1), so a game won by
 * the smallest margin (2 discs) beats any position that is only judged. An exact solve
 * (solve) is a search deep enough that every line reaches the end of the game.
 *
 * The evaluation (ours, hand-made, no learned weights): mobility (each legal move of
 * the side to move minus each of the opponent's), corners held, X-squares (b2, g2, b7,
 * g7) held next to an empty corner (they give the corner away), and frontier discs
 * (discs next to an empty square give the opponent moves later). Weights below.
 *
 * Generic over the move generator: the step is a class template over G, any type with
 * `G::Board` (copyable) and the stage interface as static functions: `G::legalMoves`,
 * `G::play`, `G::cell`. On the host that is every stage s01..s10 through the stage
 * adapter (calls resolved at compile time, no virtual call); in the sketch a tiny
 * struct forwards to one stage's namespace.
 *
 * Source: the Reversi/shogi AI blog "羊の人工知能研究" (article 003 of the sources
 * page) lists alpha-beta's refinement PVS among its search techniques; alpha-beta
 * itself is the textbook algorithm (Knuth and Moore's analysis, 1975). Our own code.
 *
 * Changed from step 01: negamax became alphaBeta with the window (alpha, beta); a
 * move's score only updates the PV when it raises alpha, and a score of beta or more
 * ends the loop.
 *
 * Exercise 07 (killer moves): a move that cut off at one ply is likely to cut off in
 * the sibling positions at the same ply too (the opponent's threat is often the same
 * square). The searcher remembers, per ply, the last KILLERS distinct moves that caused
 * a cut-off and tries them first where they are legal; the other moves keep square
 * order. Only the order changes, so the score stays negamax's.
 *
 * Preconditions: `me` is WHITE or BLACK; depth >= 0. Checked at the host boundary.
 */
#ifndef REVERSI_LAB_E02_ALPHABETA_H
#define REVERSI_LAB_E02_ALPHABETA_H

#include <stdint.h>

/// Search step 02: alpha-beta.
namespace e02 {

const uint8_t EMPTY = 0;  ///< No stone (the articles' 0).
const uint8_t WHITE = 1;  ///< White stone (the articles' 1).
const uint8_t BLACK = 2;  ///< Black stone (the articles' 2); the opponent of c is 3 - c.

const uint8_t PASS = 64;      ///< The move "pass" (squares are 0..63, y * 8 + x).
const uint8_t NO_MOVE = 255;  ///< No move at all: the game is over.

const int DISC = 256;                 ///< One disc of a finished game's difference.
const int EVAL_LIMIT = 2 * DISC - 1;  ///< |evaluation| stays below a 2-disc win.
const int INF = 32000;                ///< Above every score (fits a 16-bit int).
const int EXACT_DEPTH = 127;          ///< A depth no game outlasts: solve to the end.
const int PV_PLIES = 32;              ///< Longest principal variation kept.
const int KILLER_PLIES = 64;          ///< Plies that keep killer moves (deeper plies keep none).
const int KILLERS = 2;                ///< Killer moves kept per ply, the latest first.

const int W_MOBILITY = 12;  ///< Per legal move more than the opponent.
const int W_CORNER = 80;    ///< Per corner more than the opponent.
const int W_XSQUARE = 30;   ///< Per X-square next to an empty corner (a penalty).
const int W_FRONTIER = 4;   ///< Per frontier disc (a penalty).
const int W_CSQUARE = 12;   ///< Per C-square next to an empty corner (a penalty).

const uint8_t CORNERS[4] = {0, 7, 56, 63};    ///< a1, h1, a8, h8.
const uint8_t XSQUARES[4] = {9, 14, 49, 54};  ///< b2, g2, b7, g7: each corner's diagonal neighbour.
const uint8_t CSQUARES[8] = {1, 8, 6, 15, 48, 57, 55, 62};  ///< b1 a2, g1 h2, a7 b8, h7 g8: each corner's edge neighbours.

/// What a search found.
struct Result {
  int score;             ///< For the side to move, in 1/DISC discs (exact: difference * DISC).
  uint8_t best;          ///< Best move: square 0..63, PASS, or NO_MOVE if the game is over.
  uint8_t pv[PV_PLIES];  ///< Principal variation: best, then the expected replies.
  uint8_t pvLength;      ///< Moves in pv.
  uint64_t nodes;        ///< Positions visited (each call of the search, leaves too).
};

/**
 * @brief Negamax over the move generator G.
 * @tparam G the move generator (see the file comment)
 */
template <class G>
class Search {
 public:
  typedef typename G::Board Board;  ///< The move generator's board.

  /// Called every 4096 nodes when set: a sketch passes yield() so that a long search
  /// on an ESP32 or ESP8266 lets the system run and the watchdog never fires.
  void (*idle)();

  Search() : idle(0) {}

  /**
   * @brief Searches `depth` plies ahead.
   * @param b the position
   * @param me the side to move, WHITE or BLACK
   * @param depth plies to look ahead (a pass counts as one); EXACT_DEPTH solves
   * @return the score, the best move, the principal variation and the node count
   */
  Result search(const Board& b, uint8_t me, int depth) {
    nodes_ = 0;
    for (int p = 0; p < KILLER_PLIES; p++)  // a fresh start: the node count depends on nothing before
      for (int k = 0; k < KILLERS; k++) killers_[p][k] = NO_MOVE;
    Result r;
    r.score = alphaBeta(b, me, depth, 0, -INF, INF);
    r.pvLength = pvLength_[0];
    for (int i = 0; i < r.pvLength; i++) r.pv[i] = pv_[0][i];
    r.best = r.pvLength > 0 ? r.pv[0] : NO_MOVE;
    r.nodes = nodes_;
    return r;
  }

  /**
   * @brief The exact result: every line followed to the end of the game.
   * @param b the position
   * @param me the side to move, WHITE or BLACK
   * @return score = final disc difference * DISC, with the best move and the PV
   */
  Result solve(const Board& b, uint8_t me) { return search(b, me, EXACT_DEPTH); }

  /**
   * @brief The evaluation of a position for the side to move (see the file comment).
   * @param b the position
   * @param me the side to move
   * @return a score within +-EVAL_LIMIT, or the exact score if the game is over
   */
  static int evaluate(const Board& b, uint8_t me) {
    uint8_t moves[64];
    const int mine = G::legalMoves(b, me, moves);
    const int theirs = G::legalMoves(b, 3 - me, moves);
    if (mine == 0 && theirs == 0) return finalScore(b, me);
    uint8_t c[64];  // the 64 cells, read once
    for (int sq = 0; sq < 64; sq++) c[sq] = G::cell(b, sq & 7, sq >> 3);
    int s = W_MOBILITY * (mine - theirs);
    for (int k = 0; k < 4; k++) {  // corners, and the X- and C-squares next to each
      const uint8_t corner = CORNERS[k];
      s += W_CORNER * owner(c[corner], me);
      if (c[corner] == EMPTY)
        s -= W_XSQUARE * owner(c[XSQUARES[k]], me) +
             W_CSQUARE * (owner(c[CSQUARES[2 * k]], me) + owner(c[CSQUARES[2 * k + 1]], me));
    }
    for (int sq = 0; sq < 64; sq++)  // frontier discs: next to at least one empty square
      if (c[sq] != EMPTY && touchesEmpty(c, sq)) s -= W_FRONTIER * owner(c[sq], me);
    return s > EVAL_LIMIT ? EVAL_LIMIT : s < -EVAL_LIMIT ? -EVAL_LIMIT : s;
  }

  /**
   * @brief The score of a finished game: own discs minus the opponent's, the winner
   *        taking the empty squares, times DISC.
   * @param b the position
   * @param me the side whose score it is
   * @return the final disc difference times DISC
   */
  static int finalScore(const Board& b, uint8_t me) {
    int diff = 0, empty = 0;
    for (int sq = 0; sq < 64; sq++) {
      const uint8_t s = G::cell(b, sq & 7, sq >> 3);
      if (s == EMPTY) empty++;
      else diff += owner(s, me);
    }
    if (diff > 0) diff += empty;
    else if (diff < 0) diff -= empty;
    return diff * DISC;
  }

 private:
  // +1 for an own stone, -1 for the opponent's, 0 for an empty square.
  static int owner(uint8_t stone, uint8_t me) { return stone == EMPTY ? 0 : stone == me ? 1 : -1; }

  static bool touchesEmpty(const uint8_t c[64], int sq) {
    const int x = sq & 7, y = sq >> 3;
    for (int dy = -1; dy <= 1; dy++)
      for (int dx = -1; dx <= 1; dx++) {
        const int nx = x + dx, ny = y + dy;
        if ((dx || dy) && nx >= 0 && nx < 8 && ny >= 0 && ny < 8 && c[ny * 8 + nx] == EMPTY) return true;
      }
    return false;
  }

  // The score of b for `me`, `depth` plies ahead, if it lies inside (alpha, beta);
  // else a bound on the wrong side of the window. Fills pv_[ply] for exact scores.
  int alphaBeta(const Board& b, uint8_t me, int depth, int ply, int alpha, int beta) {
    if ((++nodes_ & 4095) == 0 && idle) idle();
    setPvLength(ply, 0);
    if (depth == 0) return evaluate(b, me);
    uint8_t moves[64];
    const int n = G::legalMoves(b, me, moves);
    const uint8_t opp = 3 - me;
    if (n == 0) {
      if (G::legalMoves(b, opp, moves) == 0) return finalScore(b, me);  // game over
      const int score = -alphaBeta(b, opp, depth - 1, ply + 1, -beta, -alpha);  // a pass is a move
      updatePv(ply, PASS);
      return score;
    }
    if (ply < KILLER_PLIES) killersFirst(moves, n, killers_[ply]);
    int best = -INF;
    for (int i = 0; i < n; i++) {
      Board child = b;
      G::play(child, moves[i] & 7, moves[i] >> 3, me);
      const int score = -alphaBeta(child, opp, depth - 1, ply + 1, -beta, -alpha);
      if (score > best) best = score;
      if (score > alpha) {  // strictly better: the first of equal moves stays
        alpha = score;
        updatePv(ply, moves[i]);
        if (alpha >= beta) {  // refuted: the opponent will not allow this position
          if (ply < KILLER_PLIES) rememberKiller(killers_[ply], moves[i]);
          break;
        }
      }
    }
    return best;
  }

  // Moves the killers (latest first) that are among moves[0..n) to the front; the
  // other moves keep their order.
  static void killersFirst(uint8_t* moves, int n, const uint8_t* killers) {
    int front = 0;
    for (int k = 0; k < KILLERS; k++)
      for (int i = front; i < n; i++)
        if (moves[i] == killers[k]) {
          const uint8_t m = moves[i];
          for (int j = i; j > front; j--) moves[j] = moves[j - 1];
          moves[front++] = m;
          break;
        }
  }

  // Puts `move` first among the killers of a ply (once: a move already there moves up).
  static void rememberKiller(uint8_t* killers, uint8_t move) {
    int k = 0;
    while (k < KILLERS - 1 && killers[k] != move) k++;
    for (; k > 0; k--) killers[k] = killers[k - 1];
    killers[0] = move;
  }

  // The triangular PV table: row `ply` holds the line from that ply down.
  void setPvLength(int ply, uint8_t n) {
    if (ply < PV_PLIES) pvLength_[ply] = n;
  }
  void updatePv(int ply, uint8_t move) {
    if (ply >= PV_PLIES) return;
    pv_[ply][0] = move;
    uint8_t n = 1;
    if (ply + 1 < PV_PLIES)
      for (int i = 0; i < pvLength_[ply + 1] && n < PV_PLIES - ply; i++) pv_[ply][n++] = pv_[ply + 1][i];
    pvLength_[ply] = n;
  }

  uint64_t nodes_;
  uint8_t pv_[PV_PLIES][PV_PLIES];
  uint8_t pvLength_[PV_PLIES];
  uint8_t killers_[KILLER_PLIES][KILLERS];  // per ply: moves that cut off there, latest first
};

}  // namespace e02

#endif  // REVERSI_LAB_E02_ALPHABETA_H
