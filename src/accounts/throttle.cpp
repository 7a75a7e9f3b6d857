#include "accounts/throttle.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace yinsh::accounts {

LoginThrottle::Clock::duration LoginThrottle::wait(const std::string& key, Clock::time_point now) const {
  const auto it = entries_.find(key);
  if (it == entries_.end() || now - it->second.last >= kForgetAfter) return Clock::duration::zero();
  const int over = it->second.failures - free_failures_;
  if (over < 0) return Clock::duration::zero();
  const Clock::duration delay = std::min<Clock::duration>(std::chrono::seconds(int64_t{1} << std::min(over, 20)), kMaxDelay);
  const Clock::time_point until = it->second.last + delay;
  return until > now ? until - now : Clock::duration::zero();
}

void LoginThrottle::failed(const std::string& key, Clock::time_point now) {
  if (entries_.size() >= kMaxKeys) prune(now);
  Entry& e = entries_[key];
  if (e.failures > 0 && now - e.last >= kForgetAfter) e.failures = 0;
  ++e.failures;
  e.last = now;
}

void LoginThrottle::prune(Clock::time_point now) {
  std::erase_if(entries_, [&](const auto& kv) { return now - kv.second.last >= kForgetAfter; });
  if (entries_.size() < kMaxKeys) return;
  // Still full: drop the older half.
  std::vector<Clock::time_point> times;
  times.reserve(entries_.size());
  for (const auto& kv : entries_) times.push_back(kv.second.last);
  auto mid = times.begin() + times.size() / 2;
  std::nth_element(times.begin(), mid, times.end());
  const Clock::time_point cut = *mid;
  std::erase_if(entries_, [&](const auto& kv) { return kv.second.last < cut; });
}

}  // namespace yinsh::accounts
