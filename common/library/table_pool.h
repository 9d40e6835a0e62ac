/// \file table_pool.h
/// \brief The memory a search step's transposition table is lent on the host: one
/// block, aligned to 2 MiB and, on Linux, backed by huge pages where the kernel allows.
///
/// A probe reads a slot at a random place in tens of megabytes. With 4 KiB pages that
/// place is rarely in the TLB (the processor's cache of page addresses), so a probe
/// often waits for a page-table walk before the data itself; a 2 MiB page covers 512
/// times as much. On other systems, or when the kernel refuses, it is ordinary memory.
#pragma once
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace reversi {

/// An array of `Slot`, zeroed when it is new, which only grows: a smaller size lends the
/// beginning of the block it has (the steps empty their table at each search's start), so
/// that a game's moves, whose tables differ in size, allocate once.
template <class Slot>
class TablePool {
  static_assert(std::is_trivial<Slot>::value, "a pool is zeroed with memset: an all-zero Slot must be an empty one");

 public:
  TablePool() = default;
  TablePool(const TablePool&) = delete;
  TablePool& operator=(const TablePool&) = delete;
  ~TablePool() { std::free(slots_); }

  /// Makes the pool `count` slots (zeroed when the block is new); throws std::bad_alloc.
  void resize(size_t count) {
    if (count <= capacity_) {
      count_ = count;
      return;
    }
    std::free(slots_);
    slots_ = nullptr;
    count_ = capacity_ = 0;
    const size_t bytes = (count * sizeof(Slot) + kAlign - 1) / kAlign * kAlign;  // aligned_alloc's rule
    void* p = std::aligned_alloc(kAlign, bytes);
    if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    madvise(p, bytes, MADV_HUGEPAGE);  // a request: refused (e.g. huge pages off), it changes nothing
#endif
    std::memset(p, 0, bytes);  // every slot empty; also touches the pages once, here, not in the search
    slots_ = static_cast<Slot*>(p);
    count_ = capacity_ = count;
  }
  Slot* data() { return count_ ? slots_ : nullptr; }  // none for no slots, as a step expects
  size_t size() const { return count_; }

 private:
  static constexpr size_t kAlign = size_t(2) << 20;  // a huge page
  Slot* slots_ = nullptr;
  size_t count_ = 0, capacity_ = 0;
};

}  // namespace reversi
