#include "server/accounts/password_queue.h"

#include <algorithm>

namespace yinsh::server {

PasswordQueue::PasswordQueue(int threads, int per_address, int total)
    : per_address_(std::max(1, per_address)), total_(std::max(1, total)) {
  for (int i = 0; i < std::max(1, threads); ++i) threads_.emplace_back([this] { run(); });
}

PasswordQueue::~PasswordQueue() { stop(); }

PasswordQueue::Refused PasswordQueue::submit(const std::string& address, Job job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || count_ >= total_) return Refused::Full;
    int& held = held_[address];
    if (held >= per_address_) return Refused::Address;
    ++held;
    ++count_;
    auto& q = queued_[address];
    if (q.empty()) turn_.push_back(address);
    q.push_back(std::move(job));
  }
  cv_.notify_one();
  return Refused::No;
}

void PasswordQueue::run() {
  for (;;) {
    Job job;
    std::string address;
    {
      std::unique_lock lock(mutex_);
      cv_.wait(lock, [&] { return !turn_.empty() || stopping_; });
      if (turn_.empty()) return;  // stopping, and nothing left
      address = std::move(turn_.front());
      turn_.pop_front();
      auto it = queued_.find(address);
      job = std::move(it->second.front());
      it->second.pop_front();
      if (it->second.empty()) queued_.erase(it);
      else turn_.push_back(address);  // its next job after every other address's
    }
    Deliver deliver = job();
    {
      std::lock_guard lock(mutex_);
      --count_;
      if (--held_[address] == 0) held_.erase(address);
    }
    if (deliver) deliver();
  }
}

void PasswordQueue::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  cv_.notify_all();
  for (auto& t : threads_)
    if (t.joinable() && t.get_id() != std::this_thread::get_id()) t.join();
  threads_.clear();
}

}  // namespace yinsh::server
