#include "server/common/key_rate.h"

#include <algorithm>
#include <vector>

namespace yinsh::server {

double KeyRate::level(const Bucket& b, Clock::time_point now) const {
  const double elapsed = std::chrono::duration<double>(now - b.at).count();
  return std::min(burst_, b.tokens + std::max(0.0, elapsed) * per_second_);
}

double KeyRate::take(const std::string& key, Clock::time_point now) {
  if (per_second_ <= 0) return 0;
  std::lock_guard lock(mutex_);
  auto it = buckets_.find(key);
  if (it == buckets_.end()) {
    if (buckets_.size() >= max_keys_) prune(now);
    it = buckets_.emplace(key, Bucket{burst_, now}).first;
  }
  Bucket& b = it->second;
  b.tokens = level(b, now);
  b.at = now;
  if (b.tokens >= 1) {
    b.tokens -= 1;
    return 0;
  }
  return (1 - b.tokens) / per_second_;
}

void KeyRate::prune(Clock::time_point now) {
  std::erase_if(buckets_, [&](const auto& kv) { return level(kv.second, now) >= burst_; });
  if (buckets_.size() < max_keys_) return;
  std::vector<Clock::time_point> times;
  times.reserve(buckets_.size());
  for (const auto& kv : buckets_) times.push_back(kv.second.at);
  auto mid = times.begin() + long(times.size() / 2);
  std::nth_element(times.begin(), mid, times.end());
  const auto cut = *mid;
  std::erase_if(buckets_, [&](const auto& kv) { return kv.second.at <= cut; });
}

}  // namespace yinsh::server
