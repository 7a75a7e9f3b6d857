// Zobrist keys, generated at compile time by SplitMix64 from a fixed seed, so every build
// and every run hashes a position to the same 64 bits.
#pragma once

#include <array>
#include <cstdint>

#include "types.h"

namespace yinsh {

struct ZobristKeys {
  std::array<std::array<uint64_t, GRID_CELLS>, 2> ring{}, marker{};
  std::array<uint64_t, GRID_CELLS> flip{};  // marker[WHITE][p] ^ marker[BLACK][p]
  std::array<uint64_t, 2> side{};
  std::array<uint64_t, NUM_STEPS> step{};
  std::array<std::array<uint64_t, 4>, 2> removed{};
  std::array<uint64_t, 2> variant{};
};

constexpr uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

constexpr ZobristKeys build_zobrist() {
  ZobristKeys z;
  uint64_t s = 0x59494E5348ull;  // "YINSH"
  for (int c = 0; c < 2; ++c)
    for (int p = 0; p < GRID_CELLS; ++p) z.ring[c][p] = splitmix64(s), z.marker[c][p] = splitmix64(s);
  for (int p = 0; p < GRID_CELLS; ++p) z.flip[p] = z.marker[0][p] ^ z.marker[1][p];
  for (auto& k : z.side) k = splitmix64(s);
  for (auto& k : z.step) k = splitmix64(s);
  for (auto& row : z.removed)
    for (auto& k : row) k = splitmix64(s);
  for (auto& k : z.variant) k = splitmix64(s);
  return z;
}

inline constexpr ZobristKeys ZOBRIST = build_zobrist();

}  // namespace yinsh
