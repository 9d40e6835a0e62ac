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
 *   below).
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
 * page): a transposition table kept as a chained hash, collisions appended to a list;
 * Zobrist hashing (A. Zobrist, 1970) is the textbook key. Our own code.
 *
 * Changed from step 04: Slot, ChainedTable and BucketTable; the searcher holds a
 * table (memory lent by useTable) and its Zobrist numbers; pvs probes the table
 * before the moves and stores its result after them.
 *
 * Exercise 09 (two-tier replacement): the step's buckets kept 4 slots and let every
 * new position replace the shallowest of them, so the deeper results stayed however old
 * they were and every recent shallow one shared the one slot left: close to a table that
 * keeps only the deepest, which fills with old deep results and stops learning. Two tiers keep both
 * kinds: each bucket has a depth-preferred slot, replaced only by a result at least as
 * deep (the one it displaces moves down to the second slot), and an always-replace
 * slot, which takes every other new result, so that the recent shallow work is
 * remembered too. store() now takes the depth to choose the tier.
 *
 * Preconditions: `me` is WHITE or BLACK; depth >= 0. Checked at the host boundary.
 */
#ifndef REVERSI_LAB_E05_TABLE_H
#define REVERSI_LAB_E05_TABLE_H

#include <stdint.h>

/// Search step 05: PVS with a transposition table.
namespace e05 {

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
const int TABLE_MIN = 4;    ///< Use the table only with this many plies and empty squares left.
const int BUCKET = 2;       ///< Slots per bucket in BucketTable: depth-preferred, then always-replace.

/// What the table remembers of one position.
struct Slot {
  uint64_t key;    ///< The position's whole Zobrist key.
  int16_t lower;   ///< The score is at least this...
  int16_t upper;   ///< ...and at most this (equal: exact).
  int8_t depth;    ///< Plies searched below it (EXACT_DEPTH: to the end); 0: the slot is free.
  uint8_t best;    ///< The best move found, or NO_MOVE.
  uint32_t next;   ///< ChainedTable: the next slot of this chain (0: none).
};

/**
 * @brief The article's table: a chained hash in a fixed pool, nothing replaced.
 */
class ChainedTable {
 public:
  ChainedTable() : slots_(0), heads_(0), count_(0), free_(0) {}

  /**
   * @brief Takes a pool of slots and empties it.
   * @param slots the pool
   * @param count slots in the pool (at least 2)
   */
  void init(Slot* slots, uint32_t count) {
    slots_ = slots;
    heads_ = 1;
    while (heads_ * 2 <= count / 2) heads_ *= 2;  // a power of two: the head is key & (heads - 1)
    count_ = count;
    clear();
  }
  /// Empties every slot.
  void clear() {
    for (uint32_t i = 0; i < count_; i++) slots_[i].depth = 0;
    free_ = heads_;
  }
  /**
   * @brief Looks a position up.
   * @param key the position's Zobrist key
   * @return its slot, or 0 if it is not stored
   */
  Slot* find(uint64_t key) {
    if (!slots_) return 0;
    Slot* s = &slots_[key & (heads_ - 1)];
    if (s->depth == 0) return 0;
    for (;;) {
      if (s->key == key) return s;
      if (s->next == 0) return 0;
      s = &slots_[s->next];
    }
  }
  /**
   * @brief A slot to store a position in.
   * @param key the position's Zobrist key
   * @param depth the depth of the result to store (unused: nothing is replaced here)
   * @return its own slot if stored, else a new one at the end of its chain; 0 when the
   *         pool is used up
   */
  Slot* store(uint64_t key, int8_t depth) {
    (void)depth;
    if (!slots_) return 0;
    Slot* s = &slots_[key & (heads_ - 1)];
    if (s->depth != 0) {
      for (;;) {
        if (s->key == key) return s;
        if (s->next == 0) break;
        s = &slots_[s->next];
      }
      if (free_ >= count_) return 0;  // the pool is used up
      s->next = free_;
      s = &slots_[free_++];
    }
    s->key = key;
    s->next = 0;
    return s;
  }

 private:
  Slot* slots_;
  uint32_t heads_, count_, free_;
};

/**
 * @brief Buckets of two tiers: a depth-preferred slot and an always-replace slot.
 */
class BucketTable {
 public:
  BucketTable() : slots_(0), buckets_(0) {}

  /**
   * @brief Takes a pool of slots and empties it.
   * @param slots the pool
   * @param count slots in the pool (at least BUCKET)
   */
  void init(Slot* slots, uint32_t count) {
    slots_ = slots;
    buckets_ = 1;
    while (buckets_ * 2 * BUCKET <= count) buckets_ *= 2;  // a power of two
    clear();
  }
  /// Empties every slot.
  void clear() {
    for (uint32_t i = 0; i < buckets_ * BUCKET; i++) slots_[i].depth = 0;
  }
  /**
   * @brief Looks a position up.
   * @param key the position's Zobrist key
   * @return its slot, or 0 if it is not stored
   */
  Slot* find(uint64_t key) {
    if (!slots_) return 0;
    Slot* s = &slots_[(key & (buckets_ - 1)) * BUCKET];
    for (int i = 0; i < BUCKET; i++)
      if (s[i].depth != 0 && s[i].key == key) return &s[i];
    return 0;
  }
  /**
   * @brief A slot to store a position in.
   * @param key the position's Zobrist key
   * @param depth the depth of the result to store
   * @return its own slot if stored; else the depth-preferred slot if `depth` is at least
   *         its depth (its old content moving down to the always-replace slot), else
   *         the always-replace slot (its old content lost); 0 without a pool
   */
  Slot* store(uint64_t key, int8_t depth) {
    if (!slots_) return 0;
    Slot* deep = &slots_[(key & (buckets_ - 1)) * BUCKET];
    Slot* recent = deep + 1;
    if (deep->depth != 0 && deep->key == key) return deep;
    if (recent->depth != 0 && recent->key == key) return recent;
    if (depth >= deep->depth) {  // a free slot has depth 0
      if (deep->depth != 0) *recent = *deep;  // the displaced deep result is kept a while
      deep->key = key;
      return deep;
    }
    recent->key = key;
    return recent;
  }

 private:
  Slot* slots_;
  uint32_t buckets_;
};

/// What a search found.
struct Result {
  int score;             ///< For the side to move, in 1/DISC discs (exact: difference * DISC).
  uint8_t best;          ///< Best move: square 0..63, PASS, or NO_MOVE if the game is over.
  uint8_t pv[PV_PLIES];  ///< Principal variation: best, then the expected replies.
  uint8_t pvLength;      ///< Moves in pv.
  uint64_t nodes;        ///< Positions visited (each call of the search, leaves too).
};

/**
 * @brief PVS with a transposition table over the move generator G.
 * @tparam G the move generator (see the file comment)
 * @tparam Table BucketTable (the default) or ChainedTable (the article's); the page compares them
 */
template <class G, class Table = BucketTable>
class Search {
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
    table_.clear();  // every search starts afresh, so its node count depends on nothing before
    rootBest_ = NO_MOVE;
    const int empties = countEmpties(b);
    Result r;
    for (int d = 1;; d++) {
      const int depth = d <= last ? d : final;
      horizon_ = false;
      int alpha = -INF, beta = INF;
      if (aspiration > 0 && d > 1) alpha = r.score - aspiration, beta = r.score + aspiration;
      r.score = pvs(b, me, depth, 0, alpha, beta, empties);
      if (r.score <= alpha || r.score >= beta) r.score = pvs(b, me, depth, 0, -INF, INF, empties);  // missed
      r.pvLength = pvLength_[0];
      for (int i = 0; i < r.pvLength; i++) r.pv[i] = pv_[0][i];
      r.best = r.pvLength > 0 ? r.pv[0] : NO_MOVE;
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
    if (n == 0) {
      if (G::legalMoves(b, opp, moves) == 0) return finalScore(b, me);  // game over
      const int score = -pvs(b, opp, depth - 1, ply + 1, -beta, -alpha, empties);  // a pass is a move
      updatePv(ply, PASS);
      return score;
    }
    // The table: a stored result of the same depth may settle this position at once
    // (never at the root, which must name its best move); a stored move goes first.
    const int8_t stored = depth > 2 * empties ? int8_t(EXACT_DEPTH) : int8_t(depth);  // deeper than any game: exact
    const bool useTable = depth >= TABLE_MIN && empties >= TABLE_MIN;
    uint64_t key = 0;
    uint8_t tableMove = NO_MOVE;
    if (useTable) {
      key = hashKey(b, me);
      if (const Slot* s = table_.find(key)) {
        if (ply > 0 && s->depth == stored) {
          if (s->lower >= beta) return s->lower;
          if (s->upper <= alpha || s->lower == s->upper) return s->upper;
        }
        tableMove = s->best;
      }
    }
    if (depth >= ORDER_MIN && empties >= ORDER_MIN) orderMoves(b, me, moves, n);
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
    if (useTable) {
      if (Slot* s = table_.store(key, stored)) {  // what this search proved: a bound or the value
        s->depth = stored;
        s->lower = int16_t(best >= beta ? best : best > alphaIn ? best : -INF);
        s->upper = int16_t(best <= alphaIn ? best : best < beta ? best : INF);
        s->best = bestMove;
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
  Table table_;
  uint64_t zobrist_[2][64];  // [colour - 1][square]
  uint64_t whiteToMove_;
  uint8_t rootBest_;  // the previous iteration's best move
  bool horizon_;      // did this iteration evaluate any position at its horizon?
  uint8_t pv_[PV_PLIES][PV_PLIES];
  uint8_t pvLength_[PV_PLIES];
};

}  // namespace e05

#endif  // REVERSI_LAB_E05_TABLE_H
