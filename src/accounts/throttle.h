// Login throttling: after failed logins, a key (a client address, or an account) must wait
// before its next attempt, the wait doubling with each failure: 0 for the first
// kFreeFailures failures, then 1 s, 2 s, 4 s, ... up to kMaxDelay. A success clears the key;
// failures are forgotten kForgetAfter after the last one. The caller checks both the address
// and the account, so neither many accounts from one address nor many addresses against one
// account get more tries. Not thread-safe: one owner (the server's accounts strand) calls it.
// Standard library only; time is passed in, so tests need no clock.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <unordered_map>

namespace yinsh::accounts {

class LoginThrottle {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr int kFreeFailures = 3;
  static constexpr std::chrono::seconds kMaxDelay{300};
  static constexpr std::chrono::minutes kForgetAfter{60};
  static constexpr size_t kMaxKeys = 100'000;  // beyond it, the oldest entries are dropped

  // How long `key` must still wait before an attempt is heard (zero: now).
  Clock::duration wait(const std::string& key, Clock::time_point now) const;
  void failed(const std::string& key, Clock::time_point now);
  void succeeded(const std::string& key) { entries_.erase(key); }
  size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    int failures = 0;
    Clock::time_point last;
  };
  void prune(Clock::time_point now);
  std::unordered_map<std::string, Entry> entries_;
};

}  // namespace yinsh::accounts
