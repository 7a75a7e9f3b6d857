// AiPool: the threads that run the AI seats' searches, scheduled by deadline: the search whose
// game has the least time left on the AI's clock runs first (untimed games after every timed
// one, oldest first). A search's time budget is computed when it starts (ai_movetime), so
// time spent waiting in the queue is not spent twice. No Asio, no network.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <queue>
#include <thread>
#include <vector>

namespace yinsh::server {

// The time for one AI decision: the level's time (or `override_ms` when > 0), and in a timed
// game at most 1/20 of the clock left (at least 1 ms). `remaining_ms` < 0: untimed.
int64_t ai_movetime(int64_t level_ms, int64_t override_ms, int64_t remaining_ms);

class AiPool {
 public:
  // `threads` <= 0: one per core.
  explicit AiPool(int threads);
  ~AiPool();  // stop()
  AiPool(const AiPool&) = delete;
  AiPool& operator=(const AiPool&) = delete;

  // Queues a search. `deadline_ms`: when the AI's clock runs out (epoch ms), or INT64_MAX for
  // an untimed game. Thread-safe; ignored after stop().
  void submit(int64_t deadline_ms, std::function<void()> job);
  int threads() const { return int(workers_.size()); }
  size_t waiting() const;  // searches queued, not started
  // Every thread is busy and as many searches wait: new AI games are refused meanwhile.
  bool saturated() const { return waiting() >= workers_.size(); }
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

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::priority_queue<Job> queue_;
  uint64_t seq_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace yinsh::server
