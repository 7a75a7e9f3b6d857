// KeyRate: a token bucket per key (a client address, an account), for the limits that count
// requests per client: registrations per address, game reports and uploads per client, the
// player records per address. `take` spends one token of a key's bucket (full at first, refilled
// at `per_second`), or says how long until one is there. Thread-safe; standard library only.
// At most `max_keys` buckets are kept: beyond, the full ones (nothing to remember) are dropped,
// and if none is full the oldest half.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

namespace yinsh::server {

class KeyRate {
 public:
  using Clock = std::chrono::steady_clock;
  // per_second <= 0: no limit (take always succeeds).
  KeyRate(double per_second, double burst, size_t max_keys = 100'000)
      : per_second_(per_second), burst_(burst < 1 ? 1 : burst), max_keys_(max_keys) {}

  // 0 when a token was taken; else the seconds until the key has one (nothing taken).
  double take(const std::string& key, Clock::time_point now = Clock::now());
  bool limited() const { return per_second_ > 0; }

 private:
  struct Bucket {
    double tokens;
    Clock::time_point at;
  };
  double level(const Bucket& b, Clock::time_point now) const;
  void prune(Clock::time_point now);

  const double per_second_, burst_;
  const size_t max_keys_;
  std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;
};

}  // namespace yinsh::server
