// One game of `yinsh bot`: its game stream followed, the engine asked on each of the account's
// turns, its decisions sent back; a dropped stream resumed, a crashed or hung engine restarted.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>

#include "bot_http.h"

namespace yinsh::cli {

// The bridge's log: one line at a time on stderr, with the time, from any thread.
class BotLog {
 public:
  void line(const std::string& text);

 private:
  std::mutex mutex_;
};

// Sleeps `seconds`, waking early when `stop` is set (the bridge's backoffs and pauses).
void pause_unless_stopped(int seconds, const std::atomic<bool>& stop);

struct BotGameConfig {
  std::string engine;            // a match player spec (match/player.h): "cmd:<command>" or built-in options
  std::string route = "bot";     // the API's family: "bot" (a bot account) or "board" (a person's account)
  int64_t grace_ms = 3000;       // an engine's overrun before it counts as hung
  int64_t overhead_ms = 300;     // kept back from the clock for the network
  int64_t movetime_ms = 2000;    // per decision in games without a clock, or with an hour or more left
  int max_engine_failures = 5;   // crashes or hangs in one game before it is resigned (an illegal
                                 // decision resigns it at once)
  uint64_t seed = 1;
};

// Plays the game `id`, in which the account has `color` ("white" or "black"), until it is over,
// or `stop` is set, or the server refuses the stream (401, 403, 404). Blocks.
void play_bot_game(const BotHttp& http, const BotGameConfig& config, const std::string& id,
                   const std::string& color, BotLog& log, const std::atomic<bool>& stop);

}  // namespace yinsh::cli
