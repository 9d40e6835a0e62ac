/**
 * @file e05_table.h
 * @brief Search step 05 — a transposition table: remember what was found about a
 * position, because the same position is met again by another order of moves.
 *
 * Technique: d3 c5 f6 and f6 c5 d3 reach the same position; so do most pairs of
 * moves that do not touch each other. Each position searched at a node with enough
 * work below it (TABLE_MIN plies and empty squares) leaves a slot in a table: its
 * key, the depth searched, what is known of its score (a lower and an upper bound:
 * alpha-beta gives exact scores only inside its window) and its best move. A later
 * visit at the same depth whose window the bounds already settle returns at once; any
 * visit tries the stored best move first, which is what makes iterative deepening
 * pay: the shallow iterations leave their best moves in the table for the deep one.
 *
 * The key is a Zobrist hash: a random 64-bit number for each (colour, square) and for
 * "white to move", XORed together; equal positions have equal keys, and a slot keeps
 * the whole key, so a different position in the same place is never mistaken for it.
 * A slot is used only for the depth it was searched to (or for an exact result at any
 * depth), so a search to depth d still returns the minimax value to depth d.
 *
 * The memory is a fixed pool of slots that the caller lends (useTable): a static
 * array on a microcontroller, a vector on the host; nothing is allocated per node. Two
 * ways to use the pool, measured against each other on the step's page:
 * - ChainedTable, the article's: the first half of the pool are chain heads, one per
 *   hash value; a position whose head is taken is appended to that chain in the next
 *   free slot of the second half. When that half is used up, nothing more is stored.
 * - BucketTable: the pool is cut into buckets of BUCKET = 2 slots, two tiers (see
 *   e05_transposition.h).
 *
 * The step's own files: this one (the search with its keys) and e05_transposition.h
 * (the slot, the chained table and the buckets). It includes step 01's rules and
 * evaluation, step 03's ordering and step 04's tryFirst, unchanged.
 *
 * Generic over the move generator: the step is a class template over G, any type with
 * `G::Board` (copyable) and the stage interface as static functions: `G::legalMoves`,
 * `G::play`, `G::cell`. On the host that is every stage s01..s11 through the stage
 * adapter (calls resolved at compile time, no virtual call); in the sketch a tiny
 * struct forwards to one stage's namespace.
 *
 * Source: the Reversi/shogi AI blog "羊の人工知能研究" (article 003 of the sources
 * page): a transposition table kept as a chained hash, collisions appended to a list;
 * Zobrist hashing (A. Zobrist, 1970) is the textbook key. Our own code.
 *
 * Changed from step 04: Slot, ChainedTable and BucketTable; the searcher holds a
 * table (memory lent by useTable) and its Zobrist numbers; pvs probes the table
 * before the moves and stores its result after them.
 *
 * Preconditions: `me` is WHITE or BLACK; depth >= 0. Checked at the host boundary.
 */
#ifndef REVERSI_LAB_E05_TABLE_H
#define REVERSI_LAB_E05_TABLE_H

#include "../e01_minimax/e01_evaluation.h"
#include "../e01_minimax/e01_rules.h"
#include "../e03_ordering/e03_order.h"
#include "../e04_pvs/e04_pvs.h"
#include "e05_transposition.h"

/// Search step 05: PVS with a transposition table.
namespace e05 {

using e01::BLACK;
using e01::EMPTY;
using e01::WHITE;
using e01::PASS;
using e01::NO_MOVE;  // step 01's rules...
using e01::DISC;
using e01::EVAL_LIMIT;
using e01::EXACT_DEPTH;
using e01::INF;
using e01::PV_PLIES;
using e01::Result;  // ...and what a search returns
using e03::ORDER_MIN;
using e03::orderMoves;
using e04::SOLVE_FROM;
using e04::tryFirst;  // steps 03 and 04's

const int TABLE_MIN = 4;  ///< Use the table only with this many plies and empty squares left.

/**
 * @brief PVS with a transposition table over the move generator G.
 * @tparam G the move generator (see the file comment)
 * @tparam Table BucketTable (the default) or ChainedTable (the article's); the page compares them
 */
template <class G, class Table = BucketTable>
class Search : private e01::PvTable {
 public:
  typedef typename G::Board Board;  ///< The move generator's board.
  typedef e05::Slot Slot;           ///< A table slot: the caller lends the pool.

  /// Called every 4096 nodes when set: a sketch passes yield() so that a long search
  /// on an ESP32 or ESP8266 lets the system run and the watchdog never fires.
  void (*idle)();

  /// Aspiration window: when > 0, each iteration after the first is searched first
  /// with the window previous score +- aspiration (and again with the full window if
  /// the score falls outside). Off (0) by default: measured on the pages, it changes
  /// the node count by a few per cent, in either direction.
  int aspiration;

  Search() : idle(0), aspiration(0) {
    uint64_t x = 0x5eed5eed5eed5eedULL;  // Zobrist numbers from a fixed seed (SplitMix64)
    for (int c = 0; c < 2; c++)
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
   * @brief The exact result: every line followed to the end of the game.
   * @param b the position
   * @param me the side to move, WHITE or BLACK
   * @return score = final disc difference * DISC, with the best move and the PV
   */
  Result solve(const Board& b, uint8_t me) {
    const int empties = e01::countEmpties<G>(b);
    return deepen(b, me, empties > SOLVE_FROM ? empties - SOLVE_FROM : 0, EXACT_DEPTH);
  }

  /// @brief Step 01's evaluation. @param b the position @param me the side to move @return its score
  static int evaluate(const Board& b, uint8_t me) { return e01::evaluate<G>(b, me); }
  /// @brief A finished game's score (step 01's rules). @param b the position @param me the side @return discs * DISC
  static int finalScore(const Board& b, uint8_t me) { return e01::finalScore<G>(b, me); }

 private:
  // Iterative deepening: depths 1, 2, ... up to `last`, then `final` (if deeper); the
  // root tries the previous iteration's best move first.
  Result deepen(const Board& b, uint8_t me, int last, int final) {
    nodes_ = 0;
    table_.clear();  // every search starts afresh, so its node count depends on nothing before
    rootBest_ = NO_MOVE;
    const int empties = e01::countEmpties<G>(b);
    Result r;
    for (int d = 1;; d++) {
      const int depth = d <= last ? d : final;
      horizon_ = false;
      int alpha = -INF, beta = INF;
      if (aspiration > 0 && d > 1) alpha = r.score - aspiration, beta = r.score + aspiration;
      r.score = pvs(b, me, depth, 0, alpha, beta, empties);
      if (r.score <= alpha || r.score >= beta) r.score = pvs(b, me, depth, 0, -INF, INF, empties);  // missed
      copyPv(r);
      rootBest_ = r.best;
      if (depth >= final || !horizon_) break;  // done, or already exact
    }
    r.nodes = nodes_;
    return r;
  }

  static uint64_t splitMix(uint64_t& x) {
    uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  // The Zobrist key of the position with `me` to move, from the cells.
  uint64_t hashKey(const Board& b, uint8_t me) const {
    uint64_t k = me == WHITE ? whiteToMove_ : 0;
    for (int sq = 0; sq < 64; sq++) {
      const uint8_t c = G::cell(b, sq & 7, sq >> 3);
      if (c != EMPTY) k ^= zobrist_[c - 1][sq];
    }
    return k;
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
    if (n == 0) {
      if (G::legalMoves(b, opp, moves) == 0) return finalScore(b, me);             // game over
      const int score = -pvs(b, opp, depth - 1, ply + 1, -beta, -alpha, empties);  // a pass is a move
      updatePv(ply, PASS);
      return score;
    }
    // The table: a stored result of the same depth may settle this position at once
    // (never at the root, which must name its best move); a stored move goes first.
    const int8_t stored = depth > 2 * empties ? int8_t(EXACT_DEPTH) : int8_t(depth);  // deeper than any game: exact
    const bool useTable = depth >= TABLE_MIN && empties >= TABLE_MIN;
    const uint64_t key = useTable ? hashKey(b, me) : 0;
    uint8_t tableMove = NO_MOVE;
    int settled;
    if (useTable && settles(table_.find(key), stored, ply, alpha, beta, tableMove, settled)) return settled;
    if (depth >= ORDER_MIN && empties >= ORDER_MIN) orderMoves<G>(b, me, moves, n);
    tryFirst(moves, n, ply == 0 ? rootBest_ : tableMove);
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
    if (useTable) remember(table_.store(key, stored), stored, best, alphaIn, beta, bestMove);  // what it proved
    return best;
  }

  uint64_t nodes_;
  Table table_;
  uint64_t zobrist_[2][64];  // [colour - 1][square]
  uint64_t whiteToMove_;
  uint8_t rootBest_;  // the previous iteration's best move
  bool horizon_;      // did this iteration evaluate any position at its horizon?
};

}  // namespace e05

#endif  // REVERSI_LAB_E05_TABLE_H
