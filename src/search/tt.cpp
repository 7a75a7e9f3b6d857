#include "tt.h"

#include <cstdlib>
#include <new>
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace yinsh {

namespace {

// data: move (bits 0-31) | score + 32768 (32-47) | depth (48-55) | bound (56-57)
uint64_t pack(uint32_t m, int score, int depth, Bound b) {
  return uint64_t(m) | uint64_t(uint16_t(score + 32768)) << 32 |
         uint64_t(uint8_t(depth)) << 48 | uint64_t(b) << 56;
}

}  // namespace

void TranspositionTable::Free::operator()(Entry* p) const { std::free(p); }

void TranspositionTable::resize(int mb) {
  if (mb < 1) mb = 1;
  if (mb == mb_ && entries_) return clear();
  uint64_t n = 1;
  while (n * 2 * sizeof(Entry) <= uint64_t(mb) << 20) n *= 2;
  const size_t bytes = n * sizeof(Entry);
  constexpr size_t HUGE_PAGE = size_t(2) << 20;
  void* mem = std::aligned_alloc(bytes >= HUGE_PAGE ? HUGE_PAGE : alignof(Entry), bytes);
  if (!mem) throw std::bad_alloc();  // as make_unique would: the old table stays
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (bytes >= HUGE_PAGE) madvise(mem, bytes, MADV_HUGEPAGE);  // a hint: ignored where unsupported
#endif
  Entry* e = static_cast<Entry*>(mem);
  for (uint64_t i = 0; i < n; ++i) new (&e[i]) Entry();
  entries_.reset(e);
  mask_ = n - 1;
  mb_ = mb;
}

void TranspositionTable::clear() {
  for (uint64_t i = 0; i <= mask_ && entries_; ++i) {
    entries_[i].check.store(0, std::memory_order_relaxed);
    entries_[i].data.store(0, std::memory_order_relaxed);
  }
}

bool TranspositionTable::probe(uint64_t key, TTData& out) const {
  if (!entries_) return false;
  const Entry& e = entries_[key & mask_];
  const uint64_t data = e.data.load(std::memory_order_relaxed);
  if ((e.check.load(std::memory_order_relaxed) ^ data) != key || data == 0) return false;
  out.move = uint32_t(data);
  out.score = int((data >> 32) & 0xffff) - 32768;
  out.depth = int((data >> 48) & 0xff);
  out.bound = Bound((data >> 56) & 3);
  return true;
}

void TranspositionTable::store(uint64_t key, Move move, int score, int depth, Bound bound) {
  if (!entries_) return;
  Entry& e = entries_[key & mask_];
  uint32_t move_raw = move.raw();
  const uint64_t old = e.data.load(std::memory_order_relaxed);
  const bool same = (e.check.load(std::memory_order_relaxed) ^ old) == key;
  // Keep the old move when the new search has none; prefer deeper entries of the same key.
  if (same && bound != BOUND_EXACT && int((old >> 48) & 0xff) > depth + 2) return;
  if (same && move.is_none()) move_raw = uint32_t(old);
  const uint64_t data = pack(move_raw, score, depth < 0 ? 0 : depth, bound);
  e.data.store(data, std::memory_order_relaxed);
  e.check.store(key ^ data, std::memory_order_relaxed);
}

}  // namespace yinsh
