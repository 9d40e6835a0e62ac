/**
 * @file e10_midgame.h
 * @brief Step 08's midgame search made a template over the position: on G's board
 * (search()) or on two masks (the midgame searches solve() asks: its root's pre-search,
 * ProbCut's, the ordering's). On G's board, each of those wrote the 64 cells of a board
 * and read them back at every leaf (a branch per cell, its way a coin toss); on masks the
 * same moves come in the same order (square order), with the same evaluation and the
 * same keys, so the same nodes. Also here: the tables this step keeps (a small one apart
 * for the solver's positions near the end), the keys (positionKey, or Zobrist's four
 * squares at a time), and a search given up when idle throws (GiveUp, e10_kernels.h).
 *
 * MaskMidgame is the base of step 10's Search (CRTP, as step 06's Midgame: D is the final
 * Search); e10_solver.h and e10_deep.h stand on it.
 */
#ifndef REVERSI_LAB_E10_MIDGAME_H
#define REVERSI_LAB_E10_MIDGAME_H

#include <stdint.h>

#include "../e01_minimax/e01_rules.h"
#include "../e03_ordering/e03_order.h"
#include "../e04_pvs/e04_pvs.h"
#include "../e05_table/e05_table.h"
#include "../e06_endgame/e06_evaluation.h"
#include "../e06_endgame/e06_transposition.h"
#include "../e07_patterns/e07_evaluation.h"
#include "../e08_selective/e08_probcut.h"
#include "e10_ideas.h"
#include "e10_isa.h"
#include "e10_kernels.h"
#include "e10_table.h"

namespace e10 {

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
using e05::TABLE_MIN;
using e06::EXACT_SLOT;
using e06::bitCount;
using e07::EVAL_LIMIT;
using e07::LEARNED;
using e07::Weights;
using e07::patternScore;  // step 07's evaluation
using e08::EXACT_LEVEL;

/// A position as two masks, for the midgame searches solve() asks (see Search::pvs).
struct Masks {
  uint64_t stones[3];  ///< The discs of each colour: [WHITE], [BLACK] ([EMPTY] unused, 0).
};

/**
 * @brief The masks of a position.
 * @param own the side to move's discs
 * @param opp the opponent's discs
 * @param me the colour of `own`, WHITE or BLACK
 * @return the masks, by colour
 */
inline Masks masks(uint64_t own, uint64_t opp, uint8_t me) {
  Masks m;
  m.stones[EMPTY] = 0;
  m.stones[me] = own;
  m.stones[3 - me] = opp;
  return m;
}

/**
 * @brief PVS with iterative deepening and the tables, on G's board or on masks (the base
 * of step 10's Search).
 * @tparam D the final Search
 * @tparam G the move generator
 * @tparam Table BucketTable (this step's) or ChainedTable (step 08's)
 * @tparam Off the ideas switched off, a sum of Idea values (0: every idea on)
 */
template <class D, class G, class Table, unsigned Off>
class MaskMidgame : protected e01::PvTable {
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

  MaskMidgame() : idle(0), aspiration(0), shallow_(&table_) {
    uint64_t x = 0x5eed5eed5eed5eedULL;                       // Zobrist numbers from a fixed seed (SplitMix64)
    for (int sq = 0; sq < 64; sq++) zobrist_[EMPTY][sq] = 0;  // an empty square adds nothing
    for (int c = WHITE; c <= BLACK; c++)
      for (int sq = 0; sq < 64; sq++) zobrist_[c][sq] = splitMix(x);
    whiteToMove_ = splitMix(x);
    // a disc flipped on sq: both colours' numbers XORed; four squares at a time, each
    // set of them the number of its lowest square XOR the rest's
    for (int q = 0; q < 16; q++) {
      flipNibble_[q][0] = 0;
      for (int bits = 1; bits < 16; bits++) {
        const int sq = q * 4 + __builtin_ctz(unsigned(bits));
        flipNibble_[q][bits] = flipNibble_[q][bits & (bits - 1)] ^ zobrist_[WHITE][sq] ^ zobrist_[BLACK][sq];
      }
    }
  }
  /// Not copyable: a copy's table would point into the searcher it was copied from.
  MaskMidgame(const MaskMidgame&) = delete;
  /// Not copyable either.
  MaskMidgame& operator=(const MaskMidgame&) = delete;

  /**
   * @brief Lends the table its memory; without it the search keeps no table.
   *
   * The solver's positions with SHALLOW_TABLE_MAX empties or fewer (most of those it
   * keeps) get a table of their own at the pool's start: a sixteenth of the pool, at most
   * SHALLOW_TABLE_SLOTS, the size of the core's L2 cache, so that their probes
   * (a node's own, and its parent's look-ups of its children) seldom wait for main
   * memory. The rest of the pool is the table of everything else. (Off, or a pool too
   * small to share: one table.)
   * @param slots a pool of `count` slots, which the searcher owns until it is destroyed
   * @param count slots in the pool (at least BUCKET)
   */
  void useTable(Slot* slots, uint32_t count) {
    uint32_t shallow = count / SHALLOW_TABLE_SHARE;
    if (shallow > SHALLOW_TABLE_SLOTS) shallow = SHALLOW_TABLE_SLOTS;
    shallow -= shallow % BUCKET;
    if (!on(IDEA_SHALLOW_TABLE) || shallow == 0) {  // one table for all
      table_.init(slots, count);
      shallow_ = &table_;
      return;
    }
    ownShallow_.init(slots, shallow);
    table_.init(slots + shallow, count - shallow);
    shallow_ = &ownShallow_;
  }

  /**
   * @brief Searches `depth` plies ahead.
   * @param b the position
   * @param me the side to move, WHITE or BLACK
   * @param depth plies to look ahead (a pass counts as one); EXACT_DEPTH solves
   * @return the score, the best move, the principal variation and the node count
   */
  Result search(const Board& b, uint8_t me, int depth) {
    const Result r = deepen(b, me, depth, depth);
    rethrowIfGivenUp();
    return r;
  }

  /**
   * @brief The same search on two masks, as solve() runs its midgame searches: the same
   * moves in the same order, so the same result and nodes as on G's board.
   * @param own the side to move's discs (bit y * 8 + x)
   * @param opp the opponent's discs
   * @param me the side to move, WHITE or BLACK (the colour of `own`)
   * @param depth plies to look ahead (a pass counts as one); EXACT_DEPTH solves
   * @return the score, the best move, the principal variation and the node count
   */
  Result search(uint64_t own, uint64_t opp, uint8_t me, int depth) {
    const Result r = deepen(masks(own, opp, me), me, depth, depth);
    rethrowIfGivenUp();
    return r;
  }

  /**
   * @brief The evaluation of a position for the side to move (see the file comment).
   * @param b the position
   * @param me the side to move
   * @return the learned prediction within +-EVAL_LIMIT, or the exact score if the game is over
   */
  static int evaluate(const Board& b, uint8_t me) {
    uint8_t moves[64];
    const int mine = G::legalMoves(b, me, moves);
    const int theirs = G::legalMoves(b, 3 - me, moves);
    if (mine == 0 && theirs == 0) return e01::finalScore<G>(b, me);
    uint64_t own, opp;
    e06::readMasks<G>(b, me, own, opp);  // the cells, read once
    return predict(own, opp, mine - theirs);
  }

  /// The weights a search starts with: step 07's. A later step names its own in the
  /// class that derives from this one (D), as step 12 does: it hides this function.
  /// @return step 07's weights
  static constexpr const Weights* learned() { return &LEARNED; }
  /// The weights evaluate() reads: D::learned(), unless the trainer lends a set it is fitting.
  static const Weights* weights;

  /// @brief A finished game's score (step 01's rules). @param b the position @param me the side @return discs * DISC
  static int finalScore(const Board& b, uint8_t me) { return e01::finalScore<G>(b, me); }

  /**
   * @brief The table's key of a position (positionKey; with IDEA_MULTIPLY_KEY off, the
   * Zobrist key: one random number per (colour, square) of each stone, XORed, and one
   * more when white is to move).
   * @param b the position
   * @param me the side to move
   * @return the key
   */
  uint64_t hashKey(const Board& b, uint8_t me) const {
    if (on(IDEA_MULTIPLY_KEY)) {
      uint64_t own = 0, opp = 0;
      for (int sq = 0; sq < 64; sq++) {
        const uint8_t c = G::cell(b, sq & 7, sq >> 3);
        own |= uint64_t(c == me) << sq;
        opp |= uint64_t(c == 3 - me) << sq;
      }
      return e10::positionKey(own, opp);
    }
    uint64_t k = me == WHITE ? whiteToMove_ : 0;
    for (int sq = 0; sq < 64; sq++) k ^= zobrist_[G::cell(b, sq & 7, sq >> 3)][sq];  // no branch
    return k;
  }

  /// @brief The table's key of a position from its two masks (e10_table.h).
  /// @param own the side to move's discs
  /// @param opp the opponent's discs
  /// @return the key
  E10_INLINE static uint64_t positionKey(uint64_t own, uint64_t opp) { return e10::positionKey(own, opp); }

  /**
   * @brief The key after the move at sq that flips `f`: the side to move changes, a
   * stone appears on sq, each flipped stone changes colour (one number per square, both
   * colours' XORed). Read four squares at a time (flipNibble_): sixteen loads, and no
   * loop whose end, after 1 to 18 flips, no predictor can guess.
   * @param key the key before the move @param sq the move @param me the side moving
   * @param f the discs it flips
   * @return the key of the position after it
   */
  uint64_t keyAfter(uint64_t key, uint8_t sq, uint8_t me, uint64_t f) const {
    key ^= whiteToMove_ ^ zobrist_[me][sq];
    for (int q = 0; q < 16; q++) key ^= flipNibble_[q][(f >> 4 * q) & 0xF];
    return key;
  }

  // ---- The search's parts (public: a later layer uses them by name) ----------------

  /// @brief Iterative deepening: depths 1, 2, ... up to `last`, then `final` (if deeper);
  /// the root tries the previous iteration's best move first.
  /// @tparam P G's board, or Masks
  /// @param b the root @param me the side to move
  /// @param last the last depth of the plain iterations @param final the depth searched last
  /// @return the score, best move, line and nodes
  template <class P>  // P: G's board, or Masks
  Result deepen(const P& b, uint8_t me, int last, int final) {
    nodes_ = 0;
    table_.clear();  // every search starts afresh, so its node count depends on nothing before
    if (shallow_ != &table_) shallow_->clear();
    rootBest_ = NO_MOVE;
    const int empties = countEmpties(b);
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
      if (!stopped() && (r.score <= alpha || r.score >= beta)) r.score = pvs(b, me, depth, 0, -INF, INF, empties);  // missed
      if (stopped()) return r;
      copyPv(r);
      rootBest_ = r.best;
      if ((d >= last && depth >= final) || !horizon_) break;  // done, or already exact
    }
    r.nodes = nodes_;
    return r;
  }

  /**
   * @brief The score of b for `me`, `depth` plies ahead, if it lies inside (alpha, beta);
   * else a bound on the wrong side of the window. Fills the PV for exact scores. Step 06's
   * pvs on G's board or on the masks (P), given up when idle throws (stopped()).
   * @param b the position
   * @param me the side to move
   * @param depth plies to search
   * @param ply plies from the root
   * @param alpha the window's lower bound
   * @param beta the window's upper bound
   * @param empties the number of empty squares
   * @return the score, in 1/DISC (0 when the search is given up: never used)
   */
  template <class P>  // P: G's board, or Masks
  E10_CLONES int pvs(const P& b, uint8_t me, int depth, int ply, int alpha, int beta, int empties) {
    if (tick()) return 0;  // (given up: the value is never used)
    setPvLength(ply, 0);
    if (depth == 0) {
      horizon_ = true;  // (a finished game at the horizon is exact, but rare: no matter)
      return evaluate(b, me);
    }
    uint8_t moves[64];
    const int n = listMoves(b, me, moves);
    const uint8_t opp = 3 - me;
    if (n == 0) {
      if (listMoves(b, opp, moves) == 0) return finalScore(b, me);                 // game over
      const int score = -pvs(b, opp, depth - 1, ply + 1, -beta, -alpha, empties);  // a pass is a move
      if (stopped()) return 0;
      updatePv(ply, PASS);
      return score;
    }
    // The table: a stored result of the same depth may settle this position at once
    // (never at the root, which must name its best move); a stored move goes first.
    // Deeper than any game (passes included) is exact; an exact slot records the empty
    // squares, so that the table keeps the results that took the most work.
    const int8_t stored = int8_t(depth > 2 * empties ? EXACT_SLOT + empties : depth);
    const bool useTable = depth >= TABLE_MIN && empties >= TABLE_MIN;
    const uint64_t key = useTable ? hashKey(b, me) : 0;
    uint8_t tableMove = NO_MOVE;
    int settled;
    if (useTable && e05::settles(table_.find(key), stored, ply, alpha, beta, tableMove, settled)) return settled;
    if (depth >= ORDER_MIN && empties >= ORDER_MIN) orderMoves(b, me, moves, n);
    e04::tryFirst(moves, n, ply == 0 ? rootBest_ : tableMove);
    const int alphaIn = alpha;
    uint8_t bestMove = NO_MOVE;
    int best = -INF;
    for (int i = 0; i < n; i++) {
      P child = b;
      playMove(child, moves[i], me);
      int score;
      if (i == 0) {
        score = -pvs(child, opp, depth - 1, ply + 1, -beta, -alpha, empties - 1);
      } else {  // is it better than alpha? A null window answers that cheaply...
        score = -pvs(child, opp, depth - 1, ply + 1, -alpha - 1, -alpha, empties - 1);
        if (score > alpha && score < beta)  // ...and if so, search again for its value
          score = -pvs(child, opp, depth - 1, ply + 1, -beta, -alpha, empties - 1);
      }
      if (stopped()) return 0;
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
    if (useTable) storeMidgame(key, stored, best, alphaIn, beta, bestMove);
    return best;
  }

  /// @brief What a midgame search proved (step 08's: exact in every pass, level EXACT_LEVEL).
  /// @param key the position's key
  /// @param stored the depth the node would record
  /// @param best the score found
  /// @param alphaIn alpha as the search began
  /// @param beta the window's upper bound
  /// @param bestMove the best move found (NO_MOVE: none)
  E10_INLINE void storeMidgame(uint64_t key, int8_t stored, int best, int alphaIn, int beta, uint8_t bestMove) {
    Slot* s = table_.store(key);
    if (s) s->level = EXACT_LEVEL;  // a midgame search's result is what it is in every pass
    e05::remember(s, stored, best, alphaIn, beta, bestMove);
  }

 protected:
  /// The kernels this build compiles (e10_kernels.h), for the ideas switched off.
  typedef Kernels<Off> K;

  /// @brief Is this idea on in this instantiation? (A constant: the compiler drops the dead branch.)
  /// @param idea an Idea value
  /// @return true when it is not switched off
  static bool on(unsigned idea) { return (Off & idea) == 0; }

  /// @brief The final Search, whose parts the layers above add. @return *this as D
  D& self() { return static_cast<D&>(*this); }

  /// @brief Counts a node and, every 4096 nodes, calls idle. @return true once the search is given up
  E10_INLINE bool tick() { return giveUp_.tick(nodes_, idle); }
  /// @brief Has the search been given up (e10_kernels.h)? @return true once it has
  E10_INLINE bool stopped() const { return giveUp_.stopped(); }
  /// @brief At a public entry, after the search: the exception idle threw, if any, thrown again.
  void rethrowIfGivenUp() { giveUp_.rethrow(); }

  /// @brief The pattern evaluation of the masks, within +-EVAL_LIMIT.
  /// @param own the side to move's discs
  /// @param opp the opponent's discs
  /// @param mobility the side to move's moves minus the opponent's
  /// @return the prediction, in 1/DISC
  E10_INLINE static int predict(uint64_t own, uint64_t opp, int mobility) {
    const int s = patternScore(*weights, own, opp, mobility);
    return s > EVAL_LIMIT ? EVAL_LIMIT : s < -EVAL_LIMIT ? -EVAL_LIMIT : s;
  }

  // ---- The solver's midgame searches on masks ------------------------------------
  //
  // solve() asks pvs for midgame searches: its root's pre-search, ProbCut's, the
  // ordering's. On G's board, each one wrote the 64 cells of a board and read them back
  // at every leaf (a branch per cell, its way a coin toss). pvs is a template over the
  // position: G's board (search()) or Masks (solve()), with the same moves in the
  // same order (square order), the same evaluation and the same keys, so the same nodes.
  /// @brief The legal moves on G's board. @param b the position @param me the side to move
  /// @param out filled with the moves, in square order @return how many
  static int listMoves(const Board& b, uint8_t me, uint8_t* out) { return G::legalMoves(b, me, out); }
  /// @brief The legal moves on masks, the same list. @param m the position @param me the side to move
  /// @param out filled with the moves, in square order @return how many
  E10_INLINE static int listMoves(const Masks& m, uint8_t me, uint8_t* out) {
    int n = 0;
    for (uint64_t l = K::movesOf(m.stones[me], m.stones[3 - me]); l; l &= l - 1) out[n++] = uint8_t(__builtin_ctzll(l));
    return n;
  }
  /// @brief Plays a legal move on G's board. @param b the position @param sq the move @param me the side to move
  static void playMove(Board& b, uint8_t sq, uint8_t me) { G::play(b, sq & 7, sq >> 3, me); }
  /// @brief Plays a legal move on masks. @param m the position @param sq the move @param me the side to move
  E10_INLINE static void playMove(Masks& m, uint8_t sq, uint8_t me) {
    const uint64_t f = K::flips(sq, m.stones[me], m.stones[3 - me]);
    m.stones[me] ^= f | (uint64_t(1) << sq);
    m.stones[3 - me] ^= f;
  }
  /// @brief Step 07's evaluation of a position on masks (the same value as on G's board).
  /// @param m the position @param me the side to move
  /// @return the prediction, or the exact score if the game is over, in 1/DISC
  E10_INLINE static int evaluate(const Masks& m, uint8_t me) {
    const uint64_t own = m.stones[me], opp = m.stones[3 - me];
    const int mine = K::countBits(K::movesOf(own, opp)), theirs = K::countBits(K::movesOf(opp, own));
    if (mine == 0 && theirs == 0) return finalScore(m, me);
    return predict(own, opp, mine - theirs);
  }
  /// @brief A finished game's score on masks, the winner taking the empty squares.
  /// @param m the position @param me the side to move @return the disc difference, in 1/DISC
  E10_INLINE static int finalScore(const Masks& m, uint8_t me) {
    const int own = K::countBits(m.stones[me]), opp = K::countBits(m.stones[3 - me]);
    const int discs = own - opp, empties = 64 - own - opp;
    return DISC * (discs > 0 ? discs + empties : discs < 0 ? discs - empties : 0);
  }
  /// @brief The table's key of a position on masks: positionKey, or (IDEA_MULTIPLY_KEY off)
  /// the Zobrist key read from its stones. @param m the position @param me the side to move
  /// @return the key
  E10_INLINE uint64_t hashKey(const Masks& m, uint8_t me) const {
    if (on(IDEA_MULTIPLY_KEY)) return positionKey(m.stones[me], m.stones[3 - me]);
    uint64_t k = me == WHITE ? whiteToMove_ : 0;
    for (int c = WHITE; c <= BLACK; c++)
      for (uint64_t s = m.stones[c]; s; s &= s - 1) k ^= zobrist_[c][__builtin_ctzll(s)];
    return k;
  }

  /// @brief Sorts moves[0..n) (ascending squares) into search order: corners first, then by
  /// the opponent's number of replies, fewest first. The sort is stable, so ties keep
  /// square order.
  /// @tparam P G's board, or Masks
  /// @param b the position @param me the side to move
  /// @param moves the moves, sorted in place @param n how many
  template <class P>
  E10_INLINE static void orderMoves(const P& b, uint8_t me, uint8_t* moves, int n) {
    int8_t key[64];
    uint8_t replies[64];
    for (int i = 0; i < n; i++) {
      P child = b;
      playMove(child, moves[i], me);
      key[i] = int8_t(listMoves(child, 3 - me, replies) - (e03::isCorner(moves[i]) ? 64 : 0));
    }
    e03::sortByKey(moves, key, n);
  }

  /// @brief The empty squares of a position on masks. @param m the position @return how many
  static int countEmpties(const Masks& m) { return 64 - bitCount(m.stones[WHITE] | m.stones[BLACK]); }
  /// @brief The empty squares of a position on G's board.
  /// @param b the position
  /// @return how many
  static int countEmpties(const Board& b) { return e01::countEmpties<G>(b); }

  /// @brief SplitMix64: the Zobrist numbers from a seed. @param x the state, advanced @return the next number
  static uint64_t splitMix(uint64_t& x) {
    uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  /// @brief The table the solver keeps a position with `empties` empty squares in (a pointer picked: no branch).
  /// @param empties the number of empty squares
  /// @return the shallow table or the big one
  Table& tableFor(int empties) { return *(empties <= SHALLOW_TABLE_MAX ? shallow_ : &table_); }

  uint64_t nodes_;               ///< Positions visited by this search.
  Table table_;                  ///< The table: the midgame searches' positions and the solver's deeper ones.
  Table ownShallow_;             ///< The solver's positions with SHALLOW_TABLE_MAX empties or fewer...
  Table* shallow_;               ///< ...when the pool has room for it (useTable), else table_ itself.
  uint64_t zobrist_[3][64];      ///< [EMPTY, WHITE or BLACK][square]
  uint64_t whiteToMove_;         ///< XORed in when white is to move.
  uint64_t flipNibble_[16][16];  ///< [q][bits]: the squares 4q + 0..3 set in bits flipped (see keyAfter).
  uint8_t rootBest_;             ///< The previous iteration's best move.
  bool horizon_;                 ///< Did this iteration evaluate any position at its horizon?
  GiveUp giveUp_;                ///< Whether idle threw (e10_kernels.h).
};

template <class D, class G, class Table, unsigned Off>
const Weights* MaskMidgame<D, G, Table, Off>::weights = D::learned();  // (a constant: set before any code runs)

}  // namespace e10

#endif  // REVERSI_LAB_E10_MIDGAME_H
