#include "perft_hash.h"

#include <sys/mman.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <memory>
#include <new>

namespace reversi {
namespace {

// The data word: count << 8, then the plies left and the side to move (the tag, never
// 0 for a stored entry since depth >= kHashMinDepth >= 1), so an empty slot matches nothing.
constexpr int kCountShift = 8;
uint64_t tagOf(uint8_t me, int depth) { return uint64_t(depth) << 1 | (me == BLACK ? 1 : 0); }

uint64_t mirrorLeftRight(uint64_t b) {  // x -> 7 - x: reverse the bits of every row (byte)
  b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
  b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
  return ((b >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((b & 0x0F0F0F0F0F0F0F0FULL) << 4);
}

uint64_t flipUpDown(uint64_t b) { return __builtin_bswap64(b); }  // y -> 7 - y: the rows reversed

// (x, y) -> (y, x) by three swaps of bit groups: 4x4 blocks, then 2x2, then single bits
// (each `t` marks the bits that differ from their partner, and the XORs exchange them).
uint64_t transpose(uint64_t b) {
  uint64_t t = 0x0F0F0F0F00000000ULL & (b ^ (b << 28));
  b ^= t ^ (t >> 28);
  t = 0x3333000033330000ULL & (b ^ (b << 14));
  b ^= t ^ (t >> 14);
  t = 0x5500550055005500ULL & (b ^ (b << 7));
  return b ^ t ^ (t >> 7);
}

}  // namespace

uint64_t symmetryImage(uint64_t bits, int symmetry) {
  if (symmetry & 1) bits = mirrorLeftRight(bits);
  if (symmetry & 2) bits = flipUpDown(bits);
  if (symmetry & 4) bits = transpose(bits);
  return bits;
}

int canonicalSymmetry(uint64_t black, uint64_t white) {
  uint64_t b[8], w[8];
  b[0] = black, w[0] = white;
  b[1] = mirrorLeftRight(black), w[1] = mirrorLeftRight(white);
  for (int s = 2; s < 4; ++s) b[s] = flipUpDown(b[s - 2]), w[s] = flipUpDown(w[s - 2]);
  for (int s = 4; s < 8; ++s) b[s] = transpose(b[s - 4]), w[s] = transpose(w[s - 4]);
  int best = 0;
  for (int s = 1; s < 8; ++s)
    if (b[s] < b[best] || (b[s] == b[best] && w[s] < w[best])) best = s;
  return best;
}

PerftTable::PerftTable(size_t bytes, bool symmetric) : symmetric_(symmetric) {
  const size_t buckets = std::bit_floor(std::max<size_t>(bytes / sizeof(Bucket), 1));
  // Every look-up lands on a random line of the table: with 4 KiB pages nearly each one
  // also misses the TLB, so a large table asks for 2 MiB pages (Linux's transparent huge
  // pages, where enabled), which makes the look-ups measurably faster.
  constexpr size_t kHugePage = size_t(1) << 21;
  const size_t size = buckets * sizeof(Bucket), align = size >= kHugePage ? kHugePage : alignof(Bucket);
  void* memory = std::aligned_alloc(align, (size + align - 1) / align * align);
  if (!memory) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
  if (align == kHugePage) madvise(memory, size, MADV_HUGEPAGE);  // only a hint: ignored where unsupported
#endif
  buckets_.reset(static_cast<Bucket*>(memory));
  std::uninitialized_value_construct_n(buckets_.get(), buckets);  // every slot empty (all zero)
  mask_ = buckets - 1;
}

void PerftTable::Free::operator()(Bucket* b) const { std::free(b); }  // Bucket is trivially destructible

PerftTable::Bucket& PerftTable::bucket(uint64_t black, uint64_t white, uint8_t me, int depth) {
  // The hash only picks the bucket; find() compares the whole key.
  uint64_t h = black * 0x9E3779B97F4A7C15ULL ^ std::rotl(white * 0xC2B2AE3D27D4EB4FULL, 31) ^ tagOf(me, depth);
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ULL;
  h ^= h >> 32;
  return buckets_[h & mask_];
}

int64_t PerftTable::read(Slot& s, uint64_t black, uint64_t white, uint64_t tag) {
  const uint64_t version = s.version.load(std::memory_order_acquire);
  if (version & 1) return -1;  // being written
  const uint64_t b = s.black.load(std::memory_order_relaxed), w = s.white.load(std::memory_order_relaxed),
                 d = s.data.load(std::memory_order_relaxed);
  std::atomic_thread_fence(std::memory_order_acquire);
  if (s.version.load(std::memory_order_relaxed) != version) return -1;  // written meanwhile
  if (b != black || w != white || (d & 0xFF) != tag) return -1;
  return int64_t(d >> kCountShift);
}

void PerftTable::write(Slot& s, uint64_t black, uint64_t white, uint64_t data) {
  uint64_t version = s.version.load(std::memory_order_relaxed);
  if ((version & 1) || !s.version.compare_exchange_strong(version, version + 1, std::memory_order_acquire))
    return;  // another thread is writing it: keep theirs
  std::atomic_thread_fence(std::memory_order_release);
  s.black.store(black, std::memory_order_relaxed);
  s.white.store(white, std::memory_order_relaxed);
  s.data.store(data, std::memory_order_relaxed);
  s.version.store(version + 2, std::memory_order_release);
}

int64_t PerftTable::find(uint64_t black, uint64_t white, uint8_t me, int depth) {
  Bucket& b = bucket(black, white, me, depth);
  const uint64_t tag = tagOf(me, depth);
  const int64_t deep = read(b.deep, black, white, tag);
  return deep >= 0 ? deep : read(b.recent, black, white, tag);
}

void PerftTable::store(uint64_t black, uint64_t white, uint8_t me, int depth, uint64_t count) {
  if (count >> (64 - kCountShift)) return;  // too large for the data word: not kept
  Bucket& b = bucket(black, white, me, depth);
  // The deep slot keeps the largest subtree seen (the most work saved), the other the last one.
  const int deepDepth = int((b.deep.data.load(std::memory_order_relaxed) & 0xFF) >> 1);
  write(depth >= deepDepth ? b.deep : b.recent, black, white, count << kCountShift | tagOf(me, depth));
}

void PerftTable::describe(HashedPerftStats& stats) const {
  stats.slots = 2 * (mask_ + 1);
  stats.tableBytes = size_t(mask_ + 1) * sizeof(Bucket);
  stats.used = 0;
  for (uint64_t i = 0; i <= mask_; ++i)
    stats.used += (buckets_[i].deep.data.load(std::memory_order_relaxed) != 0) +
                  (buckets_[i].recent.data.load(std::memory_order_relaxed) != 0);
}

}  // namespace reversi
