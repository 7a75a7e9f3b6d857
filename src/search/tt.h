// Transposition table shared by all search threads. Each entry is two 64-bit words, stored
// as (key ^ data, data) with relaxed atomics: a torn write from another thread fails the key
// check instead of returning a wrong entry (the "lockless hashing" trick). The move read back
// is only a hint: the search uses it only if it is in the generated move list.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "core/types.h"

namespace yinsh {

enum Bound : uint8_t { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

struct TTData {
  uint32_t move = 0;  // Move::raw() of the best move found, 0 when none
  int score = 0;
  int depth = 0;
  Bound bound = BOUND_NONE;
};

class TranspositionTable {
 public:
  // Allocates (and clears) 2^k entries fitting in `mb` MiB. Not in the search's hot path.
  void resize(int mb);
  void clear();
  bool probe(uint64_t key, TTData& out) const;
  // Starts loading the entry of `key` into the cache (a hint; no effect on results). The
  // search calls it right after do_move, so the child's probe finds the line in cache.
  void prefetch(uint64_t key) const {
    if (entries_) __builtin_prefetch(&entries_[key & mask_]);
  }
  void store(uint64_t key, Move move, int score, int depth, Bound bound);

 private:
  struct Entry {
    std::atomic<uint64_t> check{0};  // key ^ data
    std::atomic<uint64_t> data{0};
  };
  struct Free {
    void operator()(Entry* p) const;
  };
  // Aligned to 2 MiB and, on Linux, advised to use transparent huge pages: the probes land
  // anywhere in the table, and with 4 KiB pages most of them also miss the TLB.
  std::unique_ptr<Entry[], Free> entries_;
  uint64_t mask_ = 0;
  int mb_ = 0;
};

}  // namespace yinsh
