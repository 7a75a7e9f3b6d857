#include "ai_pool.h"

#include <algorithm>

namespace yinsh::server {

int64_t ai_movetime(int64_t level_ms, int64_t override_ms, int64_t remaining_ms) {
  int64_t t = override_ms > 0 ? override_ms : level_ms;
  if (remaining_ms >= 0) t = std::max<int64_t>(1, std::min(t, remaining_ms / 20));
  return t;
}

AiPool::AiPool(int threads) {
  if (threads <= 0) threads = int(std::max(1u, std::thread::hardware_concurrency()));
  for (int i = 0; i < threads; ++i) workers_.emplace_back([this] { loop(); });
}

AiPool::~AiPool() { stop(); }

void AiPool::submit(int64_t deadline_ms, std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
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

void AiPool::loop() {
  while (true) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = std::move(const_cast<Job&>(queue_.top()).run);
      queue_.pop();
    }
    job();
  }
}

}  // namespace yinsh::server
