// The outgoing side of `yinsh bot --challenge NAME`: while the bridge has a free game slot and
// no challenge of its own waiting, it challenges the next name in turn (bots playing each
// other, or a bot keeping a load test busy).
#pragma once

#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <vector>

#include "bot_game.h"
#include "bot_http.h"

namespace yinsh::cli {

class Challenger {
 public:
  // `body`: the JSON of POST /api/challenge/<name> (docs/api.md 2.5).
  Challenger(const BotHttp& http, BotLog& log, std::vector<std::string> names, std::string body, int max_games)
      : http_(http), log_(log), names_(std::move(names)), body_(std::move(body)), max_games_(max_games) {}

  // Challenges until `stop`; `running` is the bridge's count of games in progress. Blocks.
  void run(const std::atomic<bool>& stop, const std::atomic<int>& running);
  // The event stream's news: a game started, or a challenge was declined or canceled.
  void settled(const std::string& challenge_id);
  void game_started();

 private:
  const BotHttp& http_;
  BotLog& log_;
  const std::vector<std::string> names_;
  const std::string body_;
  const int max_games_;
  std::mutex mutex_;
  std::string waiting_;  // the id of our challenge not yet answered ("" when none)
  std::chrono::steady_clock::time_point sent_at_;
  size_t next_ = 0;
};

}  // namespace yinsh::cli
