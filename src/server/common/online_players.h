// Who is online now: the accounts with at least one open WebSocket connection to this
// process (a guest is not listed), and those the other servers of the site report
// (site_bus.h: the server tells the site when a name comes or goes here, and sets the names of
// the others). Thread-safe; the WebSocket sessions add and remove themselves, GET /api/online
// reads it.
#pragma once

#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace yinsh::server {

class OnlinePlayers {
 public:
  // Called under the lock, so in order, when a name comes online here (true) or goes (false).
  using Observer = std::function<void(const std::string& name, bool online)>;
  void observe(Observer o) {
    std::lock_guard lock(mutex_);
    observer_ = std::move(o);
  }
  void add(const std::string& name) {
    std::lock_guard lock(mutex_);
    if (++count_[name] == 1 && observer_) observer_(name, true);
  }
  void remove(const std::string& name) {
    std::lock_guard lock(mutex_);
    if (auto it = count_.find(name); it != count_.end() && --it->second <= 0) {
      count_.erase(it);
      if (observer_) observer_(name, false);
    }
  }
  // The names online on the other servers of the site, replacing the last ones.
  void set_elsewhere(std::vector<std::string> names) {
    std::lock_guard lock(mutex_);
    elsewhere_ = std::set<std::string>(names.begin(), names.end());
  }
  // Here and elsewhere, sorted by name, each once.
  std::vector<std::string> names() const {
    std::lock_guard lock(mutex_);
    std::set<std::string> all = elsewhere_;
    for (const auto& [name, n] : count_) all.insert(name);
    return {all.begin(), all.end()};
  }

 private:
  mutable std::mutex mutex_;
  std::map<std::string, int> count_;
  std::set<std::string> elsewhere_;
  Observer observer_;
};

}  // namespace yinsh::server
