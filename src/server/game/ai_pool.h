// AiPool: the threads that run the AI seats' searches, scheduled by deadline: the search whose
// game has the least time left on the AI's clock runs first (untimed games after every timed
// one, oldest first). A search's time budget is computed when it starts (ai_movetime), so
// time spent waiting in the queue is not spent twice. No Asio, no network.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <queue>
#include <string>
#include <thread>
#include <vector>

namespace yinsh::server {

// The time for one AI decision: the level's time (or `override_ms` when > 0), and in a timed
// game at most 1/20 of the clock left (at least 1 ms). `remaining_ms` < 0: untimed.
int64_t ai_movetime(int64_t level_ms, int64_t override_ms, int64_t remaining_ms);

class AiPool {
 public:
  // `threads` <= 0: one per core. `max_games` <= 0: kGamesPerThread per thread.
  explicit AiPool(int threads, int max_games = 0);
  // Games against the AI one thread holds at 10 s + 0 with no loss on time, with a margin
  // (docs/server.md: 32 on 2 threads, 48 lost 42 games).
  static constexpr int kGamesPerThread = 12;
  ~AiPool();  // stop()
  AiPool(const AiPool&) = delete;
  AiPool& operator=(const AiPool&) = delete;

  // Queues a search. `deadline_ms`: when the AI's clock runs out (epoch ms), or INT64_MAX for
  // an untimed game. Thread-safe; ignored after stop().
  // `game`: whose search it is (counted as in play, see saturated()).
  void submit(const std::string& game, int64_t deadline_ms, std::function<void()> job);
  // A game with an AI seat is in play (created, or its AI searched) now.
  void touch(const std::string& game);
  size_t games_in_play() const;  // touched in the last kInPlay
  int threads() const { return int(workers_.size()); }
  size_t waiting() const;  // searches queued, not started
  // A search runs or waits: the analysis pool (analysis_pool.h) steps aside meanwhile.
  bool busy() const;
  // New AI games are refused meanwhile: every thread is busy and as many searches wait, or
  // max_games games are in play.
  bool saturated() const;
  int max_games() const { return max_games_; }
  static constexpr std::chrono::seconds kInPlay{30};
  // Lets the running searches finish, drops the queued ones, joins the threads. Idempotent.
  void stop();

 private:
  struct Job {
    int64_t deadline;
    uint64_t seq;  // submission order breaks ties
    std::function<void()> run;
    bool operator<(const Job& o) const {  // std::priority_queue pops the largest: invert
      return deadline != o.deadline ? deadline > o.deadline : seq > o.seq;
    }
  };
  void loop();
  void touch_locked(const std::string& game);

  mutable std::mutex mutex_;
  int max_games_;
  std::map<std::string, std::chrono::steady_clock::time_point> in_play_;
  std::condition_variable wake_;
  std::priority_queue<Job> queue_;
  uint64_t seq_ = 0;
  int running_ = 0;  // searches being run now
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace yinsh::server
