// Playing levels: from a random mover to full strength. Each level caps the search (depth,
// nodes) and may add noise to the root scores, which gives human-like mistakes: a weak level
// picks among moves that look about as good, and sometimes misses a threat.
#pragma once

#include <cstdint>

namespace yinsh {

struct LevelParams {
  bool random = false;   // the uniformly random baseline player
  int max_depth = 0;     // 0: no cap
  uint64_t max_nodes = 0;
  int noise = 0;         // root scores get uniform noise in [-noise, noise] (eval units)
  const char* name = "";
};

inline constexpr int MAX_LEVEL = 8;  // full strength; the protocol's default

// Levels 0..MAX_LEVEL; values outside are clamped.
const LevelParams& level_params(int level);

}  // namespace yinsh
