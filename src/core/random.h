// A small, fast, seedable PRNG (xoshiro256**, seeded through SplitMix64). Value type: every
// owner keeps its own, so runs are reproducible and nothing is global.
#pragma once

#include <cstdint>

#include "zobrist.h"

namespace yinsh {

class Rng {
 public:
  explicit Rng(uint64_t seed = 1) {
    for (auto& w : s_) w = splitmix64(seed);
  }
  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9, t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  // Uniform in [0, n), n > 0 (Lemire's multiply-shift; bias below 2^-32 for n < 2^32).
  uint32_t below(uint32_t n) { return uint32_t((uint64_t(uint32_t(next() >> 32)) * n) >> 32); }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

}  // namespace yinsh
