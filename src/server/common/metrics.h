// Metrics: the server's counters, gauges and histograms, written in the Prometheus text
// format for GET /metrics. Lock-free (atomics), so any thread may count. Owned by the Server;
// the hub and the network layer get a pointer. No Beast or Asio here.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <string>

namespace yinsh::server {

// Seconds in fixed buckets (1 ms .. 10 s), Prometheus-style cumulative when written.
class Histogram {
 public:
  static constexpr std::array<double, 12> kBounds = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
                                                     0.1,   0.25,   0.5,   1,    2.5,   10};
  void observe(double seconds);
  void write(std::string& out, const char* name, const char* help) const;
  uint64_t count() const { return count_.load(std::memory_order_relaxed); }

 private:
  std::array<std::atomic<uint64_t>, kBounds.size() + 1> buckets_{};  // last: +Inf
  std::atomic<uint64_t> count_{0};
  std::atomic<uint64_t> sum_us_{0};
};

struct Metrics {
  // Network layer
  std::atomic<int64_t> http_connections{0};  // open connections not upgraded
  std::atomic<int64_t> ws_connections{0};
  std::atomic<uint64_t> http_requests{0};
  std::atomic<uint64_t> http_rate_limited{0};
  std::atomic<uint64_t> connections_refused{0};  // over a connection cap
  std::atomic<uint64_t> origins_refused{0};
  std::atomic<uint64_t> accept_errors{0};  // EMFILE, ENFILE, ...
  std::atomic<int64_t> send_queue_bytes{0};  // all WebSocket send queues together
  std::atomic<uint64_t> slow_clients_dropped{0};
  std::atomic<uint64_t> snapshots_coalesced{0};
  // Games (the hub)
  std::atomic<uint64_t> decisions{0};  // decisions stored (players and AI)
  std::atomic<int64_t> ai_queue{0};    // AI searches waiting for a thread
  Histogram ai_think_seconds;
  Histogram store_commit_seconds;  // one group commit of the store writer
  std::atomic<uint64_t> store_errors{0};  // store calls (reads and writes) that failed

  // The Prometheus text: everything above, then `games` (lines already in the format, from
  // the hub), then the process's resident memory.
  std::string render(const std::string& games) const;
};

// The resident set size of this process in bytes (from /proc/self/statm), 0 if unknown.
int64_t resident_bytes();

}  // namespace yinsh::server
