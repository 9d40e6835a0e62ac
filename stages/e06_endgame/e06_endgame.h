/**
 * @file e06_endgame.h
 * @brief Search step 06 — an exact endgame solver: the last plies, where nearly all
 * the nodes are, get code of their own.
 *
 * An exact solve spends almost all its nodes within a few plies of the end, where a
 * position has few moves and a general search's bookkeeping (move lists, sorting,
 * the table, the evaluation's scale) costs more than the search itself. solve() now
 * runs its own search in whole discs (this step needs several ideas, and says so):
 * - the empty squares are kept in a linked list, in a fixed order of preference
 *   (corners first, the squares next to corners last), so a node near the end looks
 *   only at the few empty squares instead of all 64, and the disc difference is
 *   carried along (a move flipping n changes it by 2n + 1), never counted;
 * - parity: the board's four 4x4 quadrants; in a quadrant with an odd number of
 *   empty squares the side that moves there first usually also moves there last, so
 *   those squares are tried first (ENDGAME_SHALLOW empties or fewer);
 * - at ENDGAME_SHALLOW empties or fewer: no move list, no table, no sorting: each empty
 *   square is simply tried (play answers 0 for an illegal move);
 * - the last empty square: no move at all, just how many the side to move would flip
 *   there (or else the opponent), and the final score follows;
 * - above that: the move list sorted fastest-first (the opponent's replies, corners
 *   counted twice, an odd quadrant breaking ties), the table's move first, PVS with
 *   null windows, all in exact whole-disc bounds; from SORT_SEARCH empties a shallow
 *   search (SORT_DEPTH plies, the midgame evaluation) orders the moves instead, as a
 *   wrong first move costs most there;
 * - the table from ENDGAME_TABLE empties (below that a probe, a cache miss, costs more
 *   than the few nodes it saves); each child's key is worked out from its parent's
 *   (keyAfter: only the new stone and the flipped ones change it), and its bucket is
 *   fetched from memory while the others are played (prefetch); with ETC_MIN empties
 *   or more, each child is looked up before any is searched (enhanced transposition
 *   cutoff: one child already known to be bad enough for the opponent settles the
 *   position at once);
 * - the root's order comes from a midgame search to the depth empties - SOLVE_FROM
 *   (at most PRESEARCH_MAX),
 *   whose table moves also order the first plies of the exact search.
 * How a move is made and taken back is a template parameter, measured on the page:
 * CopyMake (each child a copy of the parent) or UndoMove (the article's undo stack:
 * the move is played on the one board, and the squares it flipped are remembered in
 * the recursion's frames to be turned back).
 * Each of these ideas can be switched off alone (enum Idea, the last template parameter;
 * every one is on by default), for the page's ablation table: a switch is a constant, so
 * the default compiles to the code it would be without the switches.
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
 * page): the undo stack. Parity, fastest-first and special code for the last empty
 * squares are the well-known public techniques of Othello endgame solvers. Our own code.
 *
 * Changed from step 05: solve() runs the new exact search (solveDeep, solveShallow,
 * solveLast) after a shallow midgame search that orders the root; CopyMake and
 * UndoMove make the moves; the empty squares are a linked list with their parity.
 * The midgame search (search()) is step 05's, except that an exact result's slot
 * records its empty squares (EXACT_SLOT + empties), so that a full bucket gives up
 * the cheapest result rather than the first. Three changes for speed only, with the
 * same results: a slot is 16 bytes (the chained table's link moved to its own
 * ChainSlot), a third less memory to miss in; the tables can prefetch; and the
 * evaluation reads the 64 cells once into two 64-bit masks (own and the opponent's
 * stones) and finds corners, X- and C-squares and frontier discs with mask operations,
 * instead of looking at cells one by one (it was most of the midgame search's time).
 *
 * Preconditions: `me` is WHITE or BLACK; depth >= 0. Checked at the host boundary.
 */
#ifndef REVERSI_LAB_E06_ENDGAME_H
#define REVERSI_LAB_E06_ENDGAME_H

#include <stdint.h>

/// Search step 06: an exact endgame solver.
namespace e06 {

const uint8_t EMPTY = 0;  ///< No stone (the articles' 0).
const uint8_t WHITE = 1;  ///< White stone (the articles' 1).
const uint8_t BLACK = 2;  ///< Black stone (the articles' 2); the opponent of c is 3 - c.

const uint8_t PASS = 64;      ///< The move "pass" (squares are 0..63, y * 8 + x).
const uint8_t NO_MOVE = 255;  ///< No move at all: the game is over.

const int DISC = 256;                 ///< One disc of a finished game's difference.
const int EVAL_LIMIT = 2 * DISC - 1;  ///< |evaluation| stays below a 2-disc win.
const int INF = 32000;                ///< Above every score (fits a 16-bit int).
const int EXACT_DEPTH = 127;          ///< A depth no game outlasts: solve to the end.
const int EXACT_SLOT = 64;            ///< A slot's depth for an exact result: EXACT_SLOT + empties.
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
/// ...but no deeper than this: at 34 empty squares (FFO #59) a 24-ply search would take
/// hours, far longer than the solve it orders. (Up to 24 empties, the cap changes nothing.)
const int PRESEARCH_MAX = 14;
const int TABLE_MIN = 4;    ///< Use the table only with this many plies and empty squares left.
const int BUCKET = 4;       ///< Slots per bucket in BucketTable.
const int ENDGAME_SHALLOW = 6;  ///< Empties at or below which solve() tries squares, not a move list.
const int ENDGAME_TABLE = 8;    ///< Empties at or above which solve() keeps positions in the table.
const int ETC_MIN = 9;          ///< Empties at or above which solve() looks its children up first (ETC).
const int SORT_SEARCH = 16;     ///< Empties at or above which a shallow search orders solve()'s moves.
const int SORT_DEPTH = 1;       ///< The depth of that search, in plies.

/// Every square in the order the endgame tries them (a static preference: corners,
/// then the edges and the centre, then the C-squares, the X-squares last).
const uint8_t SQUARE_ORDER[64] = {
    0,  7,  56, 63,                                                  // corners
    2,  5,  16, 23, 40, 47, 58, 61,                                  // A-squares
    3,  4,  24, 31, 32, 39, 59, 60,                                  // B-squares
    18, 21, 42, 45,                                                  // inner corners
    19, 20, 26, 29, 34, 37, 43, 44, 27, 28, 35, 36,                  // the centre
    10, 11, 12, 13, 17, 22, 25, 30, 33, 38, 41, 46, 50, 51, 52, 53,  // the inner ring
    1,  6,  8,  15, 48, 55, 57, 62,                                  // C-squares
    9,  14, 49, 54};                                                 // X-squares

/// Where each square stands in SQUARE_ORDER (used only with IDEA_EMPTY_LIST off).
const uint8_t SQUARE_RANK[64] = {
     0, 52,  4, 12, 13,  5, 53,  1, 54, 60, 36, 37, 38, 39, 61, 55,
     6, 40, 20, 24, 25, 21, 41,  7, 14, 42, 26, 32, 33, 27, 43, 15,
    16, 44, 28, 34, 35, 29, 45, 17,  8, 46, 22, 30, 31, 23, 47,  9,
    56, 62, 48, 49, 50, 51, 63, 57,  2, 58, 10, 18, 19, 11, 59,  3};

/// The ideas of this step, each of which can be switched off alone: Search's last
/// template parameter is the sum of those switched off (0, the default: all on). The
/// solve stays exact whichever is off; only its nodes and its time change (the page's
/// ablation table measures each).
enum Idea {
  IDEA_EMPTY_LIST = 1,     ///< Off: each node looks at all 64 squares for the empty ones.
  IDEA_PARITY = 2,         ///< Off: no odd quadrant first; empty squares in SQUARE_ORDER.
  IDEA_SHALLOW = 4,        ///< Off: the deep solver (move list, sorting) down to the last empty.
  IDEA_LAST_EMPTY = 8,     ///< Off: the last empty square is played and scored like any move.
  IDEA_FASTEST_FIRST = 16, ///< Off: below SORT_SEARCH, the moves in square order.
  IDEA_SORT_SEARCH = 32,   ///< Off: fastest-first at every depth, no shallow search to order.
  IDEA_ETC = 64,           ///< Off: no child is looked up before the first is searched.
  IDEA_TABLE_FROM = 128,   ///< Off: the table at every node of the deep solver, not only from ENDGAME_TABLE.
  IDEA_PREFETCH = 256,     ///< Off: no table bucket is fetched ahead of its probe.
  IDEA_KEY_AFTER = 512,    ///< Off: each child's key is read from its 64 squares (hashKey).
  IDEA_ROOT_SEARCH = 1024, ///< Off: solve straight from the root, no midgame search first.
  IDEA_MASK_EVAL = 2048    ///< Off: step 05's evaluation, which reads the cells one by one.
};

/**
 * @brief The quadrant of a square: bit 0 for the right half, bit 1 for the bottom.
 * @param sq the square, y * 8 + x
 * @return 0..3
 */
inline uint8_t quadrant(uint8_t sq) { return uint8_t(((sq >> 2) & 1) | ((sq >> 4) & 2)); }

/// What the table remembers of one position (16 bytes: a bucket of BUCKET slots is 64,
/// one cache line when the pool is aligned to 64 bytes).
struct Slot {
  uint64_t key;    ///< The position's whole Zobrist key.
  int16_t lower;   ///< The score is at least this...
  int16_t upper;   ///< ...and at most this (equal: exact).
  int8_t depth;    ///< Plies searched below it; exact: EXACT_SLOT + empties; 0: the slot is free.
  uint8_t best;    ///< The best move found, or NO_MOVE.
};

/// A slot of the chained table: a Slot and the index of the next slot of its chain.
struct ChainSlot : Slot {
  uint32_t next;  ///< The next slot of this chain (0: none).
};

/**
 * @brief The article's table: a chained hash in a fixed pool, nothing replaced.
 */
class ChainedTable {
 public:
  typedef ChainSlot Entry;  ///< The slot type of its pool.

  ChainedTable() : slots_(0), heads_(0), count_(0), free_(0) {}

  /**
   * @brief Takes a pool of slots and empties it.
   * @param slots the pool
   * @param count slots in the pool (at least 2)
   */
  void init(ChainSlot* slots, uint32_t count) {
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
    ChainSlot* s = &slots_[key & (heads_ - 1)];
    if (s->depth == 0) return 0;
    for (;;) {
      if (s->key == key) return s;
      if (s->next == 0) return 0;
      s = &slots_[s->next];
    }
  }
  /// @brief Asks the memory for a position's chain head ahead of a find. @param key its key
  void prefetch(uint64_t key) const {
#if defined(__GNUC__)
    if (slots_) __builtin_prefetch(&slots_[key & (heads_ - 1)]);
#else
    (void)key;
#endif
  }
  /**
   * @brief A slot to store a position in.
   * @param key the position's Zobrist key
   * @return its own slot if stored, else a new one at the end of its chain; 0 when the
   *         pool is used up
   */
  Slot* store(uint64_t key) {
    if (!slots_) return 0;
    ChainSlot* s = &slots_[key & (heads_ - 1)];
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
  ChainSlot* slots_;
  uint32_t heads_, count_, free_;
};

/**
 * @brief Buckets of BUCKET slots; a new position replaces the shallowest.
 */
class BucketTable {
 public:
  typedef e06::Slot Entry;  ///< The slot type of its pool.

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
  /// @brief Asks the memory for a position's bucket ahead of a find. @param key its key
  void prefetch(uint64_t key) const {
#if defined(__GNUC__)
    if (slots_) __builtin_prefetch(&slots_[(key & (buckets_ - 1)) * BUCKET]);
#else
    (void)key;
#endif
  }
  /**
   * @brief A slot to store a position in.
   * @param key the position's Zobrist key
   * @return its own slot if stored, else the bucket's shallowest (its old content lost);
   *         0 without a pool
   */
  Slot* store(uint64_t key) {
    if (!slots_) return 0;
    Slot* s = &slots_[(key & (buckets_ - 1)) * BUCKET];
    Slot* victim = s;
    for (int i = 0; i < BUCKET; i++) {
      if (s[i].depth != 0 && s[i].key == key) return &s[i];
      if (s[i].depth < victim->depth) victim = &s[i];  // a free slot has depth 0
    }
    victim->key = key;
    return victim;
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
 * @brief Copy-make: a move is played on a copy of the board.
 * @tparam G the move generator
 */
template <class G>
struct CopyMake {
  typename G::Board board;  ///< The child position.

  /**
   * @brief Plays a move on a copy of the board.
   * @param parent the board, left as it is
   * @param sq the square, y * 8 + x
   * @param me the side to move
   * @return the number of discs flipped (0: illegal)
   */
  int play(typename G::Board& parent, uint8_t sq, uint8_t me) {
    board = parent;
    return G::play(board, sq & 7, sq >> 3, me);
  }
  /// @brief The board after the move: the copy. @return the copy
  typename G::Board& child(typename G::Board&) { return board; }
  /// @brief Takes the move back: nothing to do, the parent was never touched.
  void undo(typename G::Board&, uint8_t, uint8_t) {}
};

/**
 * @brief The article's undo stack: a move is played on the board itself; the squares
 * it flips are kept (one record per recursion frame: together they are the stack) and
 * turned back by undo().
 * @tparam G the move generator
 */
template <class G>
struct UndoMove {
  uint8_t flipped[24];  ///< Squares the move flipped (a move flips at most 19).
  uint8_t count;        ///< How many.

  UndoMove() : count(0) {}

  /**
   * @brief Plays a move on the board itself, remembering what it flips.
   * @param b the board
   * @param sq the square, y * 8 + x
   * @param me the side to move
   * @return the number of discs flipped (0: illegal, the board unchanged)
   */
  int play(typename G::Board& b, uint8_t sq, uint8_t me) {
    count = 0;
    const int x = sq & 7, y = sq >> 3;
    for (int dy = -1; dy <= 1; dy++)  // find the flips first: the board is about to change
      for (int dx = -1; dx <= 1; dx++) {
        if (!dx && !dy) continue;
        int cx = x + dx, cy = y + dy, run = 0;
        while (cx >= 0 && cx < 8 && cy >= 0 && cy < 8 && G::cell(b, cx, cy) == 3 - me) cx += dx, cy += dy, run++;
        if (run == 0 || cx < 0 || cx > 7 || cy < 0 || cy > 7 || G::cell(b, cx, cy) != me) continue;
        for (int i = 1; i <= run; i++) flipped[count++] = uint8_t((y + i * dy) * 8 + x + i * dx);
      }
    return count ? G::play(b, x, y, me) : 0;
  }
  /**
   * @brief The board after the move: the same board.
   * @param b the board
   * @return b
   */
  typename G::Board& child(typename G::Board& b) { return b; }
  /**
   * @brief Takes the move back: the square empty again, the flipped discs the opponent's.
   * @param b the board the move was played on
   * @param sq the move's square
   * @param me the side that moved
   */
  void undo(typename G::Board& b, uint8_t sq, uint8_t me) {
    G::setCell(b, sq & 7, sq >> 3, EMPTY);
    for (int i = 0; i < count; i++) G::setCell(b, flipped[i] & 7, flipped[i] >> 3, 3 - me);
  }
};

/**
 * @brief PVS with a transposition table, and an exact endgame solver, over the move
 * generator G.
 * @tparam G the move generator (see the file comment)
 * @tparam Table BucketTable (the default) or ChainedTable (the article's); the page compares them
 * @tparam Make CopyMake or UndoMove (see the page for which is faster where)
 * @tparam Off the ideas switched off, a sum of Idea values (0: every idea on)
 */
template <class G, class Table = BucketTable, template <class> class Make = CopyMake, unsigned Off = 0>
class Search {
 public:
  typedef typename G::Board Board;  ///< The move generator's board.
  typedef typename Table::Entry Slot;  ///< A table slot: the caller lends the pool.

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
   * @brief The exact result: every line followed to the end of the game.
   * @param b the position
   * @param me the side to move, WHITE or BLACK
   * @return score = final disc difference * DISC, with the best move and the PV
   */
  Result solve(const Board& b, uint8_t me) {
    const int empties = countEmpties(b);
    // A shallow midgame search first, for the root's move order (and the table's)...
    const int ahead = empties - SOLVE_FROM > PRESEARCH_MAX ? PRESEARCH_MAX : empties - SOLVE_FROM;
    Result r = deepen(b, me, on(IDEA_ROOT_SEARCH) && ahead > 0 ? ahead : 0, -1);
    const uint64_t shallowNodes = r.nodes;
    // ...then the exact search, in whole discs.
    Board root = b;
    int discs = 0;
    // the list of empty squares: next_/prev_ links, 64 is the list's ends
    next_[64] = prev_[64] = 64;
    parity_ = 0;
    for (int i = 0; i < 64; i++) {
      const uint8_t sq = SQUARE_ORDER[i];
      const uint8_t c = G::cell(b, sq & 7, sq >> 3);
      if (c == EMPTY) {
        prev_[sq] = prev_[64];
        next_[sq] = 64;
        next_[prev_[64]] = sq;
        prev_[64] = sq;
        parity_ ^= uint8_t(1 << quadrant(sq));
      } else {
        discs += c == me ? 1 : -1;
      }
    }
    nodes_ = 0;
    rootBest_ = r.best;
    r.score = DISC * solveNext(root, me, -65, 65, discs, empties, 0, hashKey(root, me));  // wider than any score: every move raises alpha
    r.pvLength = pvLength_[0];
    for (int i = 0; i < r.pvLength; i++) r.pv[i] = pv_[0][i];
    r.best = r.pvLength > 0 ? r.pv[0] : NO_MOVE;
    r.nodes = nodes_ + shallowNodes;
    return r;
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
    if (!on(IDEA_MASK_EVAL)) return cellEvaluation(b, me, mine - theirs);
    // The cells, read once, as two 64-bit masks (bit y * 8 + x): own and the opponent's.
    uint64_t own = 0, opp = 0, bit = 1;
    for (int sq = 0; sq < 64; sq++, bit <<= 1) {  // a one-bit shift: cheap on an 8-bit AVR too
      const uint8_t c = G::cell(b, sq & 7, sq >> 3);
      if (c == me) own |= bit;
      else if (c != EMPTY) opp |= bit;
    }
    int s = W_MOBILITY * (mine - theirs);
    for (int k = 0; k < 4; k++) {  // corners, and the X- and C-squares next to each
      s += W_CORNER * ownerOf(own, opp, CORNERS[k]);
      if (!(((own | opp) >> CORNERS[k]) & 1))  // the corner is empty
        s -= W_XSQUARE * ownerOf(own, opp, XSQUARES[k]) +
             W_CSQUARE * (ownerOf(own, opp, CSQUARES[2 * k]) + ownerOf(own, opp, CSQUARES[2 * k + 1]));
    }
    // Frontier discs: next to at least one empty square. The empty squares spread one
    // step in all eight directions mark every square next to one (the column masks stop
    // a sideways step from wrapping into the next row).
    const uint64_t empty = ~(own | opp);
    const uint64_t left = (empty >> 1) & 0x7F7F7F7F7F7F7F7FULL, right = (empty << 1) & 0xFEFEFEFEFEFEFEFEULL;
    const uint64_t row = empty | left | right;
    const uint64_t near = left | right | row << 8 | row >> 8;
    s -= W_FRONTIER * (bitCount(own & near) - bitCount(opp & near));
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

 private:
  // Is this idea on in this instantiation? (A constant: the compiler drops the dead branch.)
  static bool on(unsigned idea) { return (Off & idea) == 0; }

  // Iterative deepening: depths 1, 2, ... up to `last`, then `final` (if deeper); the
  // root tries the previous iteration's best move first.
  Result deepen(const Board& b, uint8_t me, int last, int final) {
    nodes_ = 0;
    table_.clear();  // every search starts afresh, so its node count depends on nothing before
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
      if (r.score <= alpha || r.score >= beta) r.score = pvs(b, me, depth, 0, -INF, INF, empties);  // missed
      r.pvLength = pvLength_[0];
      for (int i = 0; i < r.pvLength; i++) r.pv[i] = pv_[0][i];
      r.best = r.pvLength > 0 ? r.pv[0] : NO_MOVE;
      rootBest_ = r.best;
      if ((d >= last && depth >= final) || !horizon_) break;  // done, or already exact
    }
    r.nodes = nodes_;
    return r;
  }

  // ---- The exact endgame: scores in whole discs, `discs` = own minus opponent's ----

  // The final score when neither side can move: the winner takes the empty squares.
  static int finalDiscs(int discs, int empties) {
    return discs > 0 ? discs + empties : discs < 0 ? discs - empties : 0;
  }

  void removeEmpty(uint8_t sq) {
    if (on(IDEA_EMPTY_LIST)) {
      next_[prev_[sq]] = next_[sq];
      prev_[next_[sq]] = prev_[sq];
    }
    if (on(IDEA_PARITY)) parity_ ^= uint8_t(1 << quadrant(sq));
  }
  void restoreEmpty(uint8_t sq) {  // the links of sq itself were left as they were
    if (on(IDEA_EMPTY_LIST)) {
      next_[prev_[sq]] = sq;
      prev_[next_[sq]] = sq;
    }
    if (on(IDEA_PARITY)) parity_ ^= uint8_t(1 << quadrant(sq));
  }

  // The empty square after sq in SQUARE_ORDER (sq = 64: the first); 64 when none is left.
  uint8_t nextEmpty(const Board& b, uint8_t sq) const {
    if (on(IDEA_EMPTY_LIST)) return next_[sq];
    for (int i = sq == 64 ? 0 : SQUARE_RANK[sq] + 1; i < 64; i++)  // no list: look at each square
      if (G::cell(b, SQUARE_ORDER[i] & 7, SQUARE_ORDER[i] >> 3) == EMPTY) return SQUARE_ORDER[i];
    return 64;
  }

  // Can `me` move anywhere? (Only asked when the other side cannot.)
  bool canMove(const Board& b, uint8_t me) const {
    for (uint8_t sq = nextEmpty(b, 64); sq != 64; sq = nextEmpty(b, sq))
      if (G::countFlips(b, sq & 7, sq >> 3, me) > 0) return true;
    return false;
  }

  // One empty square left: the side to move plays it if it can, else the opponent.
  int solveLast(const Board& b, uint8_t me, int discs, int ply, bool pvNode) {
    nodes_++;
    const uint8_t sq = nextEmpty(b, 64);
    int n = G::countFlips(b, sq & 7, sq >> 3, me);
    if (n > 0) {
      if (pvNode) setPv(ply, sq, NO_MOVE);
      return discs + 2 * n + 1;
    }
    n = G::countFlips(b, sq & 7, sq >> 3, 3 - me);
    if (n > 0) {
      if (pvNode) setPv(ply, PASS, sq);
      return discs - 2 * n - 1;
    }
    if (pvNode) setPv(ply, NO_MOVE, NO_MOVE);
    return finalDiscs(discs, 1);
  }

  // A few empties left: try each empty square, odd quadrants first; no list, no table.
  int solveShallow(Board& b, uint8_t me, int alpha, int beta, int discs, int empties, int ply) {
    if ((++nodes_ & 4095) == 0 && idle) idle();
    const bool pvNode = beta - alpha > 1;
    if (pvNode) setPvLength(ply, 0);
    int best = -INF;
    for (int round = 0; round < (on(IDEA_PARITY) ? 2 : 1); round++) {  // round 0: odd quadrants, round 1: even
      for (uint8_t sq = nextEmpty(b, 64); sq != 64; sq = nextEmpty(b, sq)) {
        if (on(IDEA_PARITY) && ((parity_ >> quadrant(sq)) & 1) != (round == 0 ? 1 : 0)) continue;
        Make<G> move;
        const int n = move.play(b, sq, me);
        if (n == 0) continue;
        removeEmpty(sq);
        const int childDiscs = -(discs + 2 * n + 1);
        const int score = empties == 2 && on(IDEA_LAST_EMPTY) ? -solveLast(move.child(b), 3 - me, childDiscs, ply + 1, pvNode)
                                       : -solveShallow(move.child(b), 3 - me, -beta, -alpha, childDiscs, empties - 1, ply + 1);
        restoreEmpty(sq);
        move.undo(b, sq, me);
        if (score > best) best = score;
        if (score > alpha) {
          alpha = score;
          if (pvNode) updatePv(ply, sq);
          if (alpha >= beta) return best;
        }
      }
    }
    if (best > -INF) return best;
    if (!canMove(b, 3 - me)) return finalDiscs(discs, empties);  // neither side can move
    const int score = -solveShallow(b, 3 - me, -beta, -alpha, -discs, empties, ply + 1);  // a pass
    if (pvNode) updatePv(ply, PASS);
    return score;
  }

  // Many empties left: the move list sorted fastest-first, the table, PVS. `key` is
  // the position's Zobrist key (its parent worked it out; unused below ENDGAME_TABLE).
  int solveDeep(Board& b, uint8_t me, int alpha, int beta, int discs, int empties, int ply, uint64_t key) {
    if ((++nodes_ & 4095) == 0 && idle) idle();
    // No score passes 64 discs: a window wholly beyond that is settled at once (else, after
    // a wipeout, proving that no other move does better walks a whole subtree).
    if (alpha >= 64) return 64;
    if (beta <= -64) return -64;
    const bool pvNode = beta - alpha > 1;
    if (pvNode) setPvLength(ply, 0);
    uint8_t moves[64];
    const int n = G::legalMoves(b, me, moves);
    if (n == 0) {
      if (!canMove(b, 3 - me)) return finalDiscs(discs, empties);  // neither side can move
      const int score = -solveDeep(b, 3 - me, -beta, -alpha, -discs, empties, ply + 1, key ^ whiteToMove_);  // a pass
      if (pvNode) updatePv(ply, PASS);
      return score;
    }
    const bool useTable = empties >= tableFrom();
    uint8_t tableMove = NO_MOVE;
    if (const e06::Slot* s = useTable ? table_.find(key) : 0) {  // table scores are in 1/DISC, as in pvs
      if (ply > 0 && s->depth == EXACT_SLOT + empties) {
        if (s->lower >= beta * DISC) return s->lower / DISC;
        if (s->upper <= alpha * DISC || s->lower == s->upper) return s->upper / DISC;
      }
      tableMove = s->best;
    }
    // One pass over the children, each played once on a copy: its key (for its own
    // table probe), the enhanced transposition cutoff (a child already in the table may
    // refute this position before any of it is searched), and its fastest-first key.
    uint64_t childKey[64];  // by square
    int sortKey[64];
    uint8_t replies[64];
    const bool childTable = empties - 1 >= tableFrom(), etc = on(IDEA_ETC) && ply > 0 && empties >= ETC_MIN;
    for (int i = 0; i < n; i++) {
      const uint8_t sq = moves[i];
      Board child = b;
      const int flips = G::play(child, sq & 7, sq >> 3, me);
      childKey[sq] = 0;  // (unused by a child below ENDGAME_TABLE)
      if (childTable) {
        childKey[sq] = on(IDEA_KEY_AFTER) ? keyAfter(b, child, key, sq, me, flips) : hashKey(child, 3 - me);
        if (on(IDEA_PREFETCH)) table_.prefetch(childKey[sq]);  // the probes below (and the child's own) will wait less
      }
      if (on(IDEA_SORT_SEARCH) && empties >= SORT_SEARCH) {  // a shallow search: the opponent's score, lowest first
        sortKey[i] = pvs(child, 3 - me, SORT_DEPTH, ply + 1, -INF, INF, empties - 1);
        continue;
      }
      if (!on(IDEA_FASTEST_FIRST)) {  // all keys equal: the stable sort keeps square order
        sortKey[i] = 0;
        continue;
      }
      // fastest-first: the opponent's replies, each corner among them counted twice
      // (measured: 13 % fewer nodes on FFO #40-#41), an odd quadrant first among equals
      const int r = G::legalMoves(child, 3 - me, replies);
      int k = r - (isCorner(sq) ? 64 : 0);
      for (int j = 0; j < r; j++) k += isCorner(replies[j]);
      sortKey[i] = 2 * k - (on(IDEA_PARITY) ? (parity_ >> quadrant(sq)) & 1 : 0);
    }
    if (etc)
      for (int i = 0; i < n; i++) {
        const e06::Slot* c = table_.find(childKey[moves[i]]);
        if (c && c->depth == EXACT_SLOT + empties - 1 && -c->upper >= beta * DISC) return -c->upper / DISC;
      }
    sortByKey(moves, sortKey, n);
    tryFirst(moves, n, ply == 0 ? rootBest_ : tableMove);
    const int alphaIn = alpha;
    int best = -INF;
    uint8_t bestMove = NO_MOVE;
    for (int i = 0; i < n; i++) {
      const uint8_t sq = moves[i];
      Make<G> move;
      const int flips = move.play(b, sq, me);
      removeEmpty(sq);
      const int childDiscs = -(discs + 2 * flips + 1);
      Board& child = move.child(b);
      int score;
      if (i == 0) {
        score = -solveNext(child, 3 - me, -beta, -alpha, childDiscs, empties - 1, ply + 1, childKey[sq]);
      } else {  // null window first, as in pvs
        score = -solveNext(child, 3 - me, -alpha - 1, -alpha, childDiscs, empties - 1, ply + 1, childKey[sq]);
        if (score > alpha && score < beta) score = -solveNext(child, 3 - me, -beta, -alpha, childDiscs, empties - 1, ply + 1, childKey[sq]);
      }
      restoreEmpty(sq);
      move.undo(b, sq, me);
      if (score > best) {
        best = score;
        bestMove = sq;
      }
      if (score > alpha) {
        alpha = score;
        if (pvNode) updatePv(ply, sq);
        if (alpha >= beta) break;
      }
    }
    if (e06::Slot* s = useTable ? table_.store(key) : 0) {
      s->depth = int8_t(EXACT_SLOT + empties);
      s->lower = int16_t(best >= beta || best > alphaIn ? best * DISC : -INF);
      s->upper = int16_t(best <= alphaIn || best < beta ? best * DISC : INF);
      s->best = bestMove;
    }
    return best;
  }

  int solveNext(Board& b, uint8_t me, int alpha, int beta, int discs, int empties, int ply, uint64_t key) {
    if (on(IDEA_SHALLOW))
      return empties > ENDGAME_SHALLOW ? solveDeep(b, me, alpha, beta, discs, empties, ply, key)
                                       : solveShallow(b, me, alpha, beta, discs, empties, ply);
    if (on(IDEA_LAST_EMPTY) && empties == 1) return solveLast(b, me, discs, ply, beta - alpha > 1);
    return solveDeep(b, me, alpha, beta, discs, empties, ply, key);  // no shallow solver
  }

  // The fewest empties at which solveDeep keeps positions in the table (IDEA_TABLE_FROM
  // off: every node of the deep solver, which starts above ENDGAME_SHALLOW).
  static int tableFrom() { return on(IDEA_TABLE_FROM) ? ENDGAME_TABLE : ENDGAME_SHALLOW + 1; }

  static uint64_t splitMix(uint64_t& x) {
    uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  static int countEmpties(const Board& b) {
    int empties = 0;
    for (int sq = 0; sq < 64; sq++) empties += G::cell(b, sq & 7, sq >> 3) == EMPTY;
    return empties;
  }

  // +1 for an own stone, -1 for the opponent's, 0 for an empty square.
  static int owner(uint8_t stone, uint8_t me) { return stone == EMPTY ? 0 : stone == me ? 1 : -1; }

  // +1 if `sq` is in `own`, -1 if in `opp`, else 0.
  static int ownerOf(uint64_t own, uint64_t opp, uint8_t sq) {
    return (int)((own >> sq) & 1) - (int)((opp >> sq) & 1);
  }

  // The number of set bits (SWAR: neighbouring bit fields added in parallel; no
  // multiply, which the lx106 and the AVR do slowly).
  static int bitCount(uint64_t m) {
    m -= (m >> 1) & 0x5555555555555555ULL;
    m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    m += m >> 8;
    m += m >> 16;
    m += m >> 32;
    return (int)(m & 0x7F);
  }

  // IDEA_MASK_EVAL off: step 05's evaluation, unchanged (the same scores as evaluate()),
  // which reads the cells into an array and tests them one by one.
  static int cellEvaluation(const Board& b, uint8_t me, int mobility) {
    uint8_t c[64];
    for (int sq = 0; sq < 64; sq++) c[sq] = G::cell(b, sq & 7, sq >> 3);
    int s = W_MOBILITY * mobility;
    for (int k = 0; k < 4; k++) {
      const uint8_t corner = CORNERS[k];
      s += W_CORNER * owner(c[corner], me);
      if (c[corner] == EMPTY)
        s -= W_XSQUARE * owner(c[XSQUARES[k]], me) +
             W_CSQUARE * (owner(c[CSQUARES[2 * k]], me) + owner(c[CSQUARES[2 * k + 1]], me));
    }
    for (int sq = 0; sq < 64; sq++)
      if (c[sq] != EMPTY && touchesEmpty(c, sq)) s -= W_FRONTIER * owner(c[sq], me);
    return s > EVAL_LIMIT ? EVAL_LIMIT : s < -EVAL_LIMIT ? -EVAL_LIMIT : s;
  }
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
    // Deeper than any game (passes included) is exact; an exact slot records the empty
    // squares, so that the table keeps the results that took the most work.
    const int8_t stored = int8_t(depth > 2 * empties ? EXACT_SLOT + empties : depth);
    const bool useTable = depth >= TABLE_MIN && empties >= TABLE_MIN;
    uint64_t key = 0;
    uint8_t tableMove = NO_MOVE;
    if (useTable) {
      key = hashKey(b, me);
      if (const e06::Slot* s = table_.find(key)) {
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
      if (e06::Slot* s = table_.store(key)) {  // what this search proved: a bound or the value
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
    sortByKey(moves, key, n);
  }

  // Sorts moves[0..n) by ascending key; stable, so ties keep their order.
  template <class K>
  static void sortByKey(uint8_t* moves, K* key, int n) {
    for (int i = 1; i < n; i++) {  // insertion sort: n is small, and it is stable
      const uint8_t m = moves[i];
      const K k = key[i];
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

  // Row `ply` of the PV: the moves a and b (NO_MOVE ends it).
  void setPv(int ply, uint8_t a, uint8_t b) {
    if (ply >= PV_PLIES) return;
    uint8_t n = 0;
    if (a != NO_MOVE) pv_[ply][n++] = a;
    if (b != NO_MOVE && n < PV_PLIES - ply) pv_[ply][n++] = b;
    pvLength_[ply] = n;
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
  Table table_;
  uint64_t zobrist_[3][64];  // [EMPTY, WHITE or BLACK][square]
  uint64_t whiteToMove_;
  uint8_t next_[65], prev_[65];  // the empty squares as a linked list; 64 is both ends
  uint8_t parity_;  // bit q set: quadrant q has an odd number of empty squares
  uint8_t rootBest_;  // the previous iteration's best move
  bool horizon_;      // did this iteration evaluate any position at its horizon?
  uint8_t pv_[PV_PLIES][PV_PLIES];
  uint8_t pvLength_[PV_PLIES];
};

}  // namespace e06

#endif  // REVERSI_LAB_E06_ENDGAME_H
