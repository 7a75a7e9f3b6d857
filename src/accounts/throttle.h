// Login throttling: after failed logins, a key (an account from one address, an address, an
// account from anywhere) must wait before its next attempt, the wait doubling with each
// failure: 0 for the first `free_failures` failures (kFreeFailures unless told), then 1 s,
// 2 s, 4 s, ... up to kMaxDelay. A success clears the key; failures are forgotten kForgetAfter
// after the last one. The server keeps three (docs/accounts.md, "Limits"): one per (account,
// address) that bites soon, and one per address and one per account with much higher free
// budgets, so that guesses from anywhere do not lock the owner out of their own account while
// neither many accounts from one address nor many addresses against one account get unlimited
// tries. Not thread-safe: its owner locks.
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

  explicit LoginThrottle(int free_failures = kFreeFailures) : free_failures_(free_failures) {}

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
  int free_failures_;
  std::unordered_map<std::string, Entry> entries_;
};

}  // namespace yinsh::accounts
