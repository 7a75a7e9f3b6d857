#include "tt.h"

namespace yinsh {

namespace {
// data: move (bits 0-31) | score + 32768 (32-47) | depth (48-55) | bound (56-57) |
// generation (58-63)
uint64_t pack(uint32_t m, int score, int depth, Bound b, uint8_t generation) {
  return uint64_t(m) | uint64_t(uint16_t(score + 32768)) << 32 | uint64_t(uint8_t(depth)) << 48 |
         uint64_t(b) << 56 | uint64_t(generation & 63) << 58;
}
int depth_of(uint64_t data) { return int((data >> 48) & 0xff); }
}  // namespace

void TranspositionTable::resize(int mb) {
  if (mb < 1) mb = 1;
  if (mb == mb_ && buckets_) return clear();
  uint64_t n = 1;
  while (n * 2 * sizeof(Bucket) <= uint64_t(mb) << 20) n *= 2;
  buckets_ = std::make_unique<Bucket[]>(n);
  mask_ = n - 1;
  mb_ = mb;
  generation_ = 0;
}

void TranspositionTable::clear() {
  for (uint64_t i = 0; i <= mask_ && buckets_; ++i)
    for (Entry& e : buckets_[i].e) {
      e.check.store(0, std::memory_order_relaxed);
      e.data.store(0, std::memory_order_relaxed);
    }
  generation_ = 0;
}

bool TranspositionTable::probe(uint64_t key, TTData& out) const {
  if (!buckets_) return false;
  for (const Entry& e : buckets_[key & mask_].e) {
    const uint64_t data = e.data.load(std::memory_order_relaxed);
    if ((e.check.load(std::memory_order_relaxed) ^ data) != key || data == 0) continue;
    out.move = uint32_t(data);
    out.score = int((data >> 32) & 0xffff) - 32768;
    out.depth = depth_of(data);
    out.bound = Bound((data >> 56) & 3);
    return true;
  }
  return false;
}

void TranspositionTable::store(uint64_t key, Move move, int score, int depth, Bound bound) {
  if (!buckets_) return;
  Entry* bucket = buckets_[key & mask_].e;
  // The key's own entry if it has one, else the entry worth least: empty, or the lowest
  // depth with four plies off per search generation of age.
  Entry* slot = nullptr;
  int worth = 1 << 30;
  uint64_t old = 0;
  bool same = false;
  for (int i = 0; i < BUCKET; ++i) {
    Entry& e = bucket[i];
    const uint64_t data = e.data.load(std::memory_order_relaxed);
    if ((e.check.load(std::memory_order_relaxed) ^ data) == key && data != 0) {
      slot = &e, old = data, same = true;
      break;
    }
    const int age = (generation_ - int(data >> 58)) & 63;
    const int w = data == 0 ? -(1 << 20) : depth_of(data) - 4 * age;
    if (w < worth) slot = &e, worth = w;
  }
  uint32_t move_raw = move.raw();
  // Keep the old move when the new search has none; prefer deeper entries of the same key.
  if (same && bound != BOUND_EXACT && depth_of(old) > depth + 2) return;
  if (same && move.is_none()) move_raw = uint32_t(old);
  const uint64_t data = pack(move_raw, score, depth < 0 ? 0 : depth, bound, generation_);
  slot->data.store(data, std::memory_order_relaxed);
  slot->check.store(key ^ data, std::memory_order_relaxed);
}

}  // namespace yinsh
