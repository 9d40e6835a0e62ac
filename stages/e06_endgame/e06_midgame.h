/**
 * @file e06_midgame.h
 * @brief Step 05's midgame search as the base the endgame solver stands on: PVS with
 * iterative deepening and the table, in the step's units (1/DISC disc).
 *
 * Changed from step 05: an exact result's slot records its empty squares (EXACT_SLOT +
 * empties), so that a full bucket gives up the cheapest result; a slot is 16 bytes and
 * the table can prefetch (e06_transposition.h); the Zobrist numbers have a row of zeros
 * for an empty square, so a key is read without a branch; keyAfter works a child's key
 * out from its parent's; solve() may ask deepen() for the shallow iterations alone.
 *
 * Midgame is a base class (CRTP: D is the final Search): it calls D::evaluate, so each
 * step gives it its evaluation, and D's storeMidgame, so that a later step can change
 * what a slot records. The parts a later step may replace are public: they are the
 * search's pieces, not an interface for callers.
 */
#ifndef REVERSI_LAB_E06_MIDGAME_H
#define REVERSI_LAB_E06_MIDGAME_H

#include <stdint.h>

#include "../e01_minimax/e01_rules.h"
#include "../e03_ordering/e03_order.h"
#include "../e04_pvs/e04_pvs.h"
#include "../e05_table/e05_table.h"
#include "e06_transposition.h"

namespace e06 {

using e01::BLACK;
using e01::EMPTY;
using e01::WHITE;
using e01::PASS;
using e01::NO_MOVE;  // step 01's rules...
using e01::DISC;
using e01::EXACT_DEPTH;
using e01::INF;
using e01::PV_PLIES;
using e01::Result;  // ...and what a search returns
using e03::ORDER_MIN;
using e04::SOLVE_FROM;
using e05::TABLE_MIN;

/**
 * @brief PVS with iterative deepening and a transposition table over G (the base of
 * step 06's Search, and of steps 07 to 09's).
 * @tparam D the final Search (it provides `static int evaluate(const Board&, uint8_t)`)
 * @tparam G the move generator
 * @tparam Table BucketTable or ChainedTable (of this step's slots or a later step's)
 */
template <class D, class G, class Table>
class Midgame : protected e01::PvTable {
 public:
  typedef typename G::Board Board;     ///< The move generator's board.
  typedef typename Table::Entry Slot;  ///< A table slot: the caller lends the pool.

  /// Called every 4096 nodes when set: a sketch passes yield() so that a long search
  /// on an ESP32 or ESP8266 lets the system run and the watchdog never fires.
  void (*idle)();

  /// Aspiration window: when > 0, each iteration after the first is searched first
  /// with the window previous score +- aspiration (and again with the full window if
  /// the score falls outside). Off (0) by default: measured on the pages, it changes
  /// the node count by a few per cent, in either direction.
  int aspiration;

  Midgame() : idle(0), aspiration(0) {
    uint64_t x = 0x5eed5eed5eed5eedULL;                       // Zobrist numbers from a fixed seed (SplitMix64)
    for (int sq = 0; sq < 64; sq++) zobrist_[EMPTY][sq] = 0;  // an empty square adds nothing
    for (int c = WHITE; c <= BLACK; c++)
      for (int sq = 0; sq < 64; sq++) zobrist_[c][sq] = splitMix(x);
    whiteToMove_ = splitMix(x);
  }

  /**
   * @brief Lends the table its memory; without it the search keeps no table.
   * @param slots a pool of `count` slots, which the searcher owns until it is destroyed
   * @param count slots in the pool (at least BUCKET)
   */
  void useTable(Slot* slots, uint32_t count) { table_.init(slots, count); }

  /**
   * @brief Searches `depth` plies ahead.
   * @param b the position
   * @param me the side to move, WHITE or BLACK
   * @param depth plies to look ahead (a pass counts as one); EXACT_DEPTH solves
   * @return the score, the best move, the principal variation and the node count
   */
  Result search(const Board& b, uint8_t me, int depth) { return deepen(b, me, depth, depth); }

  /**
   * @brief The Zobrist key of a position: one random number per (colour, square) of
   * each stone, XORed, and one more when white is to move.
   * @param b the position
   * @param me the side to move
   * @return the key
   */
  uint64_t hashKey(const Board& b, uint8_t me) const {
    uint64_t k = me == WHITE ? whiteToMove_ : 0;
    for (int sq = 0; sq < 64; sq++) k ^= zobrist_[G::cell(b, sq & 7, sq >> 3)][sq];  // no branch
    return k;
  }

  /**
   * @brief The key after a move, from the key before it: the side to move changes, a
   * stone appears on sq, and the flipped stones (found along the eight lines from sq:
   * the opponent's before the move, `me`'s after it) change colour. solve() uses it
   * instead of hashKey (a look at 64 squares); the tests check that both agree.
   * @param parent the position before the move
   * @param child the position after it
   * @param key hashKey(parent, me)
   * @param sq the move's square
   * @param me the side that moved
   * @param flips how many stones the move flipped
   * @return hashKey(child, 3 - me)
   */
  uint64_t keyAfter(const Board& parent, const Board& child, uint64_t key, uint8_t sq, uint8_t me, int flips) const {
    key ^= whiteToMove_ ^ zobrist_[me][sq];
    const int x0 = sq & 7, y0 = sq >> 3;
    for (int dy = -1; dy <= 1 && flips > 0; dy++)
      for (int dx = -1; dx <= 1 && flips > 0; dx++)
        for (int x = x0 + dx, y = y0 + dy; (dx || dy) && x >= 0 && x < 8 && y >= 0 && y < 8; x += dx, y += dy) {
          if (G::cell(child, x, y) != me || G::cell(parent, x, y) == me) break;  // the run of flips ends
          key ^= zobrist_[WHITE][y * 8 + x] ^ zobrist_[BLACK][y * 8 + x];
          flips--;
        }
    return key;
  }

  // ---- The search's parts --------------------------------------------------------

  /**
   * @brief Iterative deepening: depths 1, 2, ... up to `last`, then `final` (if deeper);
   * the root tries the previous iteration's best move first.
   * @param b the position @param me the side to move
   * @param last the last shallow iteration's depth
   * @param final the depth of the search asked for; < 0: the shallow iterations alone (solve())
   * @return the last iteration's result, with every iteration's nodes
   */
  Result deepen(const Board& b, uint8_t me, int last, int final) {
    nodes_ = 0;
    table_.clear();  // every search starts afresh, so its node count depends on nothing before
    rootBest_ = NO_MOVE;
    const int empties = e01::countEmpties<G>(b);
    Result r;
    r.score = 0;
    r.best = NO_MOVE;
    r.pvLength = 0;
    for (int d = 1;; d++) {
      if (d > last && final < 0) break;  // solve(): only the shallow iterations
      const int depth = d <= last ? d : final;
      horizon_ = false;
      int alpha = -INF, beta = INF;
      if (aspiration > 0 && d > 1) alpha = r.score - aspiration, beta = r.score + aspiration;
      r.score = pvs(b, me, depth, 0, alpha, beta, empties);
      if (r.score <= alpha || r.score >= beta) r.score = pvs(b, me, depth, 0, -INF, INF, empties);  // missed
      copyPv(r);
      rootBest_ = r.best;
      if ((d >= last && depth >= final) || !horizon_) break;  // done, or already exact
    }
    r.nodes = nodes_;
    return r;
  }

  /**
   * @brief The score of b for `me`, `depth` plies ahead, if it lies inside (alpha,
   * beta); else a bound on the wrong side of the window. Fills the PV for exact scores.
   * @param b the position @param me the side to move @param depth plies left
   * @param ply plies from the root
   * @param alpha,beta the window
   * @param empties b's empty squares
   * @return the score, in 1/DISC disc
   */
  int pvs(const Board& b, uint8_t me, int depth, int ply, int alpha, int beta, int empties) {
    if ((++nodes_ & 4095) == 0 && idle) idle();
    setPvLength(ply, 0);
    if (depth == 0) {
      horizon_ = true;  // (a finished game at the horizon is exact, but rare: no matter)
      return D::evaluate(b, me);
    }
    uint8_t moves[64];
    const int n = G::legalMoves(b, me, moves);
    const uint8_t opp = 3 - me;
    if (n == 0) {
      if (G::legalMoves(b, opp, moves) == 0) return e01::finalScore<G>(b, me);     // game over
      const int score = -pvs(b, opp, depth - 1, ply + 1, -beta, -alpha, empties);  // a pass is a move
      updatePv(ply, PASS);
      return score;
    }
    // Deeper than any game (passes included) is exact; an exact slot records the empty
    // squares, so that the table keeps the results that took the most work.
    const int8_t stored = int8_t(depth > 2 * empties ? EXACT_SLOT + empties : depth);
    const bool useTable = depth >= TABLE_MIN && empties >= TABLE_MIN;
    const uint64_t key = useTable ? hashKey(b, me) : 0;
    uint8_t tableMove = NO_MOVE;
    int settled;
    if (useTable && e05::settles(table_.find(key), stored, ply, alpha, beta, tableMove, settled)) return settled;
    if (depth >= ORDER_MIN && empties >= ORDER_MIN) e03::orderMoves<G>(b, me, moves, n);
    e04::tryFirst(moves, n, ply == 0 ? rootBest_ : tableMove);
    const int alphaIn = alpha;
    uint8_t bestMove = NO_MOVE;
    int best = -INF;
    for (int i = 0; i < n; i++) {
      Board child = b;
      G::play(child, moves[i] & 7, moves[i] >> 3, me);
      int score;
      if (i == 0) {
        score = -pvs(child, opp, depth - 1, ply + 1, -beta, -alpha, empties - 1);
      } else {  // is it better than alpha? A null window answers that cheaply...
        score = -pvs(child, opp, depth - 1, ply + 1, -alpha - 1, -alpha, empties - 1);
        if (score > alpha && score < beta)  // ...and if so, search again for its value
          score = -pvs(child, opp, depth - 1, ply + 1, -beta, -alpha, empties - 1);
      }
      if (score > best) {
        best = score;
        bestMove = moves[i];
      }
      if (score > alpha) {  // strictly better: the first of equal moves stays
        alpha = score;
        updatePv(ply, moves[i]);
        if (alpha >= beta) break;  // refuted: the opponent will not allow this position
      }
    }
    if (useTable) self().storeMidgame(key, stored, best, alphaIn, beta, bestMove);
    return best;
  }

  /**
   * @brief Stores what a midgame search proved: a bound or the value, and its best move.
   * @param key the position's key @param stored the depth searched (EXACT_SLOT + empties: exact)
   * @param best the score found
   * @param alphaIn,beta the window it was searched with
   * @param bestMove the move that scored it
   */
  void storeMidgame(uint64_t key, int8_t stored, int best, int alphaIn, int beta, uint8_t bestMove) {
    e05::remember(table_.store(key), stored, best, alphaIn, beta, bestMove);
  }

 protected:
  /// @brief The final Search, whose parts replace this one's. @return *this as D
  D& self() { return static_cast<D&>(*this); }

  /// @brief SplitMix64: the Zobrist numbers from a seed. @param x the state, advanced @return the next number
  static uint64_t splitMix(uint64_t& x) {
    uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  uint64_t nodes_;           ///< Positions visited by this search.
  Table table_;              ///< The transposition table.
  uint64_t zobrist_[3][64];  ///< [EMPTY, WHITE or BLACK][square]
  uint64_t whiteToMove_;     ///< XORed in when white is to move.
  uint8_t rootBest_;         ///< The previous iteration's best move.
  bool horizon_;             ///< Did this iteration evaluate any position at its horizon?
};

}  // namespace e06

#endif  // REVERSI_LAB_E06_MIDGAME_H
