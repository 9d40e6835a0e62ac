/**
 * @file e04_pvs.h
 * @brief Search step 04 — principal variation search (PVS) and iterative deepening.
 *
 * Two ideas that work together (this step needs both, and says so):
 *
 * PVS: once the moves are well ordered, the first move is usually the best. So the
 * first move is searched with the full window (alpha, beta), and every other move only
 * with a null window (alpha, alpha + 1), which answers one question cheaply: "is this
 * move better than alpha?" Almost always the answer is no and the move is done with.
 * When it is yes, the move is searched again with the full window to get its value.
 *
 * Iterative deepening: search(depth) searches depth 1, 2, ... up to depth, and each
 * iteration tries first the best move of the one before, at the root: the shallow
 * searches are cheap and make the deep one's first move usually right, which is what
 * PVS needs. An iteration that met no horizon (every line reached the end of the
 * game) is already exact and ends the loop. An exact solve therefore runs the
 * shallow iterations first too (see SOLVE_FROM for where the exact search starts).
 *
 * Aspiration windows (searching an iteration first with a narrow window around the
 * previous score) are here as an option, off by default: measured, they do not pay
 * (see the step's page).
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
 * page) names PVS (principal variation search) among its search techniques;
 * iterative deepening is the textbook companion. Our own code.
 *
 * Changed from step 03: alphaBeta became pvs (null windows after the first move, a
 * re-search when one fails high); search() and solve() go through deepen(), which
 * runs the iterations and puts the previous best move first at the root.
 *
 * Exercise 10 (follow the previous principal variation): the previous iteration left
 * more than a best move: a whole line, its best guess of both sides' play. The next
 * iteration tries that line's move first not only at the root but at every ply along
 * the line, for as long as it stays on it (a node is on the line when every move
 * above it was the line's). The deep iteration's first path is then the shallow one's
 * best line, and PVS's null windows hold more often. Only the order changes, so the
 * score stays negamax's.
 *
 * Preconditions: `me` is WHITE or BLACK; depth >= 0. Checked at the host boundary.
 */
#ifndef REVERSI_LAB_E04_PVS_H
#define REVERSI_LAB_E04_PVS_H

#include <stdint.h>

/// Search step 04: PVS with iterative deepening.
namespace e04 {

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

const int W_MOBILITY = 12;  ///< Per legal move more than the opponent.
const int W_CORNER = 80;    ///< Per corner more than the opponent.
const int W_XSQUARE = 30;   ///< Per X-square next to an empty corner (a penalty).
const int W_FRONTIER = 4;   ///< Per frontier disc (a penalty).
const int W_CSQUARE = 12;   ///< Per C-square next to an empty corner (a penalty).

const uint8_t CORNERS[4] = {0, 7, 56, 63};    ///< a1, h1, a8, h8.
const uint8_t XSQUARES[4] = {9, 14, 49, 54};  ///< b2, g2, b7, g7: each corner's diagonal neighbour.
const uint8_t CSQUARES[8] = {1, 8, 6, 15, 48, 57, 55, 62};  ///< b1 a2, g1 h2, a7 b8, h7 g8: each corner's edge neighbours.

const int ORDER_MIN = 3;  ///< Sort the moves only with this many plies and empty squares left.
const int SOLVE_FROM = 10;  ///< An exact solve deepens to empties - SOLVE_FROM, then solves.

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

  /// Aspiration window: when > 0, each iteration after the first is searched first
  /// with the window previous score +- aspiration (and again with the full window if
  /// the score falls outside). Off (0) by default: measured on the page, it does not pay.
  int aspiration;

  Search() : idle(0), aspiration(0) {}

  /**
   * @brief Searches `depth` plies ahead.
   * @param b the position
   * @param me the side to move, WHITE or BLACK
   * @param depth plies to look ahead (a pass counts as one); EXACT_DEPTH solves
   * @return the score, the best move, the principal variation and the node count
   */
  Result search(const Board& b, uint8_t me, int depth) { return deepen(b, me, depth, depth); }

  /**
   * @brief The exact result: every line followed to the end of the game.
   * @param b the position
   * @param me the side to move, WHITE or BLACK
   * @return score = final disc difference * DISC, with the best move and the PV
   */
  Result solve(const Board& b, uint8_t me) {
    const int empties = countEmpties(b);
    return deepen(b, me, empties > SOLVE_FROM ? empties - SOLVE_FROM : 0, EXACT_DEPTH);
  }

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
  // Iterative deepening: depths 1, 2, ... up to `last`, then `final` (if deeper); the
  // root tries the previous iteration's best move first.
  Result deepen(const Board& b, uint8_t me, int last, int final) {
    nodes_ = 0;
    rootBest_ = NO_MOVE;
    prevLength_ = 0;
    const int empties = countEmpties(b);
    Result r;
    for (int d = 1;; d++) {
      const int depth = d <= last ? d : final;
      horizon_ = false;
      int alpha = -INF, beta = INF;
      if (aspiration > 0 && d > 1) alpha = r.score - aspiration, beta = r.score + aspiration;
      followPv_ = true;  // the root is on the previous line
      r.score = pvs(b, me, depth, 0, alpha, beta, empties);
      if (r.score <= alpha || r.score >= beta) {  // missed
        followPv_ = true;
        r.score = pvs(b, me, depth, 0, -INF, INF, empties);
      }
      r.pvLength = pvLength_[0];
      for (int i = 0; i < r.pvLength; i++) r.pv[i] = pv_[0][i];
      r.best = r.pvLength > 0 ? r.pv[0] : NO_MOVE;
      rootBest_ = r.best;
      prevLength_ = r.pvLength;  // the line the next iteration tries first
      for (int i = 0; i < r.pvLength; i++) prevPv_[i] = r.pv[i];
      if (depth >= final || !horizon_) break;  // done, or already exact
    }
    r.nodes = nodes_;
    return r;
  }

  static int countEmpties(const Board& b) {
    int empties = 0;
    for (int sq = 0; sq < 64; sq++) empties += G::cell(b, sq & 7, sq >> 3) == EMPTY;
    return empties;
  }

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
  int pvs(const Board& b, uint8_t me, int depth, int ply, int alpha, int beta, int empties) {
    if ((++nodes_ & 4095) == 0 && idle) idle();
    setPvLength(ply, 0);
    if (depth == 0) {
      horizon_ = true;  // (a finished game at the horizon is exact, but rare: no matter)
      return evaluate(b, me);
    }
    uint8_t moves[64];
    const int n = G::legalMoves(b, me, moves);
    const uint8_t opp = 3 - me;
    // On the previous iteration's line: its move at this ply, if any, goes first.
    const uint8_t lineMove = followPv_ && ply < prevLength_ ? prevPv_[ply] : NO_MOVE;
    followPv_ = false;  // set again only for the child that stays on the line
    if (n == 0) {
      if (G::legalMoves(b, opp, moves) == 0) return finalScore(b, me);  // game over
      followPv_ = lineMove == PASS;
      const int score = -pvs(b, opp, depth - 1, ply + 1, -beta, -alpha, empties);  // a pass is a move
      followPv_ = false;
      updatePv(ply, PASS);
      return score;
    }
    if (depth >= ORDER_MIN && empties >= ORDER_MIN) orderMoves(b, me, moves, n);
    tryFirst(moves, n, ply == 0 ? rootBest_ : lineMove);
    int best = -INF;
    for (int i = 0; i < n; i++) {
      Board child = b;
      G::play(child, moves[i] & 7, moves[i] >> 3, me);
      int score;
      if (i == 0) {
        followPv_ = lineMove != NO_MOVE && moves[0] == lineMove;
        score = -pvs(child, opp, depth - 1, ply + 1, -beta, -alpha, empties - 1);
        followPv_ = false;
      } else {  // is it better than alpha? A null window answers that cheaply...
        score = -pvs(child, opp, depth - 1, ply + 1, -alpha - 1, -alpha, empties - 1);
        if (score > alpha && score < beta)  // ...and if so, search again for its value
          score = -pvs(child, opp, depth - 1, ply + 1, -beta, -alpha, empties - 1);
      }
      if (score > best) best = score;
      if (score > alpha) {  // strictly better: the first of equal moves stays
        alpha = score;
        updatePv(ply, moves[i]);
        if (alpha >= beta) break;  // refuted: the opponent will not allow this position
      }
    }
    return best;
  }

  // Sorts moves[0..n) (ascending squares) into search order: corners first, then by the
  // opponent's number of replies, fewest first. The sort is stable, so ties keep
  // square order.
  static void orderMoves(const Board& b, uint8_t me, uint8_t* moves, int n) {
    int8_t key[64];
    uint8_t replies[64];
    for (int i = 0; i < n; i++) {
      Board child = b;
      G::play(child, moves[i] & 7, moves[i] >> 3, me);
      key[i] = int8_t(G::legalMoves(child, 3 - me, replies) - (isCorner(moves[i]) ? 64 : 0));
    }
    for (int i = 1; i < n; i++) {  // insertion sort: n is small, and it is stable
      const uint8_t m = moves[i];
      const int8_t k = key[i];
      int j = i;
      for (; j > 0 && key[j - 1] > k; j--) {
        key[j] = key[j - 1];
        moves[j] = moves[j - 1];
      }
      key[j] = k;
      moves[j] = m;
    }
  }

  // Moves `first` (if among the moves) to the front, keeping the others' order.
  static void tryFirst(uint8_t* moves, int n, uint8_t first) {
    for (int i = 0; i < n; i++)
      if (moves[i] == first) {
        for (; i > 0; i--) moves[i] = moves[i - 1];
        moves[0] = first;
        return;
      }
  }

  static bool isCorner(uint8_t sq) { return sq == 0 || sq == 7 || sq == 56 || sq == 63; }

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
  uint8_t rootBest_;  // the previous iteration's best move
  uint8_t prevPv_[PV_PLIES];  // the previous iteration's principal variation...
  uint8_t prevLength_;        // ...and its length
  bool followPv_;             // is the node about to be searched on that line?
  bool horizon_;      // did this iteration evaluate any position at its horizon?
  uint8_t pv_[PV_PLIES][PV_PLIES];
  uint8_t pvLength_[PV_PLIES];
};

}  // namespace e04

#endif  // REVERSI_LAB_E04_PVS_H
