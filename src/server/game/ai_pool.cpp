#include "server/game/ai_pool.h"

#include <algorithm>

namespace yinsh::server {

int64_t ai_movetime(int64_t level_ms, int64_t override_ms, int64_t remaining_ms) {
  int64_t t = override_ms > 0 ? override_ms : level_ms;
  if (remaining_ms >= 0) t = std::max<int64_t>(1, std::min(t, remaining_ms / 20));
  return t;
}

AiPool::AiPool(int threads, int max_games) {
  if (threads <= 0) threads = int(std::max(1u, std::thread::hardware_concurrency()));
  max_games_ = max_games > 0 ? max_games : kGamesPerThread * threads;
  for (int i = 0; i < threads; ++i) workers_.emplace_back([this] { loop(); });
}

AiPool::~AiPool() { stop(); }

void AiPool::touch_locked(const std::string& game) {
  const auto now = std::chrono::steady_clock::now();
  in_play_[game] = now;
  std::erase_if(in_play_, [&](const auto& kv) { return now - kv.second > kInPlay; });
}

void AiPool::touch(const std::string& game) {
  std::lock_guard lock(mutex_);
  touch_locked(game);
}

size_t AiPool::games_in_play() const {
  std::lock_guard lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  return size_t(std::count_if(in_play_.begin(), in_play_.end(), [&](const auto& kv) { return now - kv.second <= kInPlay; }));
}

bool AiPool::saturated() const { return waiting() >= workers_.size() || games_in_play() >= size_t(max_games_); }

void AiPool::submit(const std::string& game, int64_t deadline_ms, std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    touch_locked(game);
    queue_.push({deadline_ms, seq_++, std::move(job)});
  }
  wake_.notify_one();
}

size_t AiPool::waiting() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

void AiPool::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && workers_.empty()) return;
    stopping_ = true;
    queue_ = {};
  }
  wake_.notify_all();
  for (auto& w : workers_)
    if (w.joinable()) w.join();
}

bool AiPool::busy() const {
  std::lock_guard lock(mutex_);
  return running_ > 0 || !queue_.empty();
}

void AiPool::loop() {
  while (true) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = std::move(const_cast<Job&>(queue_.top()).run);
      queue_.pop();
      ++running_;
    }
    job();
    std::lock_guard lock(mutex_);
    --running_;
  }
}

}  // namespace yinsh::server
