// Who is online now: the accounts with at least one open WebSocket connection to this
// process (a guest is not listed). Thread-safe; the WebSocket sessions add and remove
// themselves, GET /api/online reads it. With several processes each knows its own.
#pragma once

#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace yinsh::server {

class OnlinePlayers {
 public:
  void add(const std::string& name) {
    std::lock_guard lock(mutex_);
    ++count_[name];
  }
  void remove(const std::string& name) {
    std::lock_guard lock(mutex_);
    if (auto it = count_.find(name); it != count_.end() && --it->second <= 0) count_.erase(it);
  }
  // Sorted by name.
  std::vector<std::string> names() const {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    for (const auto& [name, n] : count_) out.push_back(name);
    return out;
  }

 private:
  mutable std::mutex mutex_;
  std::map<std::string, int> count_;
};

}  // namespace yinsh::server
