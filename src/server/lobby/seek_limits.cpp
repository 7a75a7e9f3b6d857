#include "server/lobby/seek_limits.h"

#include <algorithm>
#include <cmath>

namespace yinsh::server {

bool CreationLimiter::take(const std::string& address, int64_t now_ms, int64_t* retry_after_ms) {
  if (per_minute_ <= 0) return true;  // no limit
  const double per_ms = per_minute_ / 60000.0;
  if (buckets_.size() > 4096)  // forget the addresses whose bucket has refilled
    std::erase_if(buckets_, [&](const auto& kv) { return kv.second.tokens + (now_ms - kv.second.at) * per_ms >= burst_; });
  auto [it, fresh] = buckets_.try_emplace(address, Bucket{burst_, now_ms});
  Bucket& b = it->second;
  b.tokens = std::min(burst_, b.tokens + double(std::max<int64_t>(0, now_ms - b.at)) * per_ms);
  b.at = now_ms;
  if (b.tokens >= 1) {
    b.tokens -= 1;
    return true;
  }
  if (retry_after_ms) *retry_after_ms = int64_t(std::ceil((1 - b.tokens) / per_ms));
  return false;
}

void OpenGames::add(const std::string& owner, const std::string& game) { games_[owner].push_back(game); }

int OpenGames::count(const std::string& owner, const IsOpen& is_open) {
  auto it = games_.find(owner);
  if (it == games_.end()) return 0;
  std::erase_if(it->second, [&](const std::string& g) { return !is_open(g); });
  const int n = int(it->second.size());
  if (n == 0) games_.erase(it);
  return n;
}

void OpenGames::prune(const IsOpen& is_open) {
  for (auto it = games_.begin(); it != games_.end();) {
    std::erase_if(it->second, [&](const std::string& g) { return !is_open(g); });
    it = it->second.empty() ? games_.erase(it) : std::next(it);
  }
}

std::string retry_text(int64_t retry_after_ms) {
  return "try again in " + std::to_string(std::max<int64_t>(1, (retry_after_ms + 999) / 1000)) + " s";
}

}  // namespace yinsh::server
