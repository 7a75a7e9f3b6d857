// The server's wall clock as an object, so that time can be injected: the hub, its rooms and
// the lobby read the time of game events, clocks and deadlines through a Clock.
// SystemClock is the real one. ManualClock is the system's time plus an offset that only moves
// forward when told to (advance): tests, and `yinsh serve --test-clock` (docs/server.md: for
// browser tests only), jump days ahead without sleeping.
#pragma once

#include <atomic>
#include <cstdint>

#include "server/common/ids.h"

namespace yinsh::server {

class Clock {
 public:
  virtual ~Clock() = default;
  virtual int64_t now() const = 0;  // ms since the epoch; any thread
};

class SystemClock final : public Clock {
 public:
  int64_t now() const override { return now_ms(); }
};

class ManualClock final : public Clock {
 public:
  int64_t now() const override { return now_ms() + offset_.load(); }
  // Moves the clock `ms` forward (negative values are ignored); returns the new offset.
  int64_t advance(int64_t ms) { return ms > 0 ? offset_ += ms : offset_.load(); }
  int64_t offset() const { return offset_.load(); }

 private:
  std::atomic<int64_t> offset_{0};
};

// The system clock, for whoever is given no other (a constant object, no state).
inline const Clock& system_clock() {
  static const SystemClock clock;
  return clock;
}

}  // namespace yinsh::server
