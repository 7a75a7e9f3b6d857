// The lobby's limits as plain data: how long waiting games and seeks live, how many a player
// may hold open, how fast an address may create games, and when an absent player's game may be
// claimed or an idle untimed game ends. Set from `yinsh serve`'s options (src/cli/serve.cpp);
// 0 turns a cap or a rate limit off (load runs, tests).
#pragma once

#include <cstdint>

namespace yinsh::server {

struct SeekOptions {
  int64_t expiry_ms = 30 * 60 * 1000;  // a waiting game or a seek nobody took ends after this
  int max_open = 5;                    // open seeks + waiting games per player key and per address
  double create_per_minute = 12;       // games created per address (token bucket refill)
  double create_burst = 12;            // ... and at once
  int64_t claim_grace_ms = 60 * 1000;  // a timed game's absent player may be claimed against after this
  int64_t untimed_idle_ms = 7LL * 24 * 3600 * 1000;  // an untimed game with no event for this long ends
  int max_correspondence = 50;  // ongoing correspondence games (waiting or in play) per account
};

}  // namespace yinsh::server
