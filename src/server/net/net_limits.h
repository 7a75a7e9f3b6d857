// The network layer's limits as plain data and the table that enforces the per-address ones:
// connections per client address and in total, and the HTTP request rate per address (a
// token bucket, like the WebSocket message limit). Also the WebSocket Origin check and the
// trusted-proxy rule for X-Forwarded-For. No Beast or Asio here: unit-testable on its own.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/net/address_ranges.h"

namespace yinsh::server {

struct NetLimits {
  size_t send_queue_bytes = 1 << 20;  // per WebSocket connection; beyond it the client is dropped
  int max_per_address = 32;           // open connections (HTTP and WebSocket) per client address
  int max_connections = 10000;        // open connections in total
  double http_rate = 50;              // HTTP requests per second per address (token bucket)
  double http_burst = 100;
  std::vector<std::string> allow_origins;    // besides the server's own (http(s)://Host)
  // Addresses and CIDR ranges of reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are
  // believed (address_ranges.h; checked at start).
  std::vector<std::string> trusted_proxies;
  // Client addresses and CIDR ranges GET /metrics answers (others get 403); empty: this machine
  // only (127.0.0.0/8 and ::1). The client's address is the one the access log shows
  // (X-Forwarded-For from a trusted proxy).
  std::vector<std::string> metrics_from;
  std::vector<std::string> metrics_allowed() const {
    return metrics_from.empty() ? std::vector<std::string>{"127.0.0.0/8", "::1"} : metrics_from;
  }
};

class AddressTable {
 public:
  using Clock = std::chrono::steady_clock;
  explicit AddressTable(const NetLimits& limits)
      : limits_(limits), trusted_(AddressRanges::lenient(limits.trusted_proxies)) {}

  // Counts a new connection from `address`; nullopt if admitted (release() it when it
  // closes), else why it is refused.
  std::optional<std::string> admit(const std::string& address);
  void release(const std::string& address);
  // Takes one HTTP request token of `address`; false when it is over the rate.
  bool take_http_token(const std::string& address, Clock::time_point now = Clock::now());
  size_t connections() const;

 private:
  struct Entry {
    int connections = 0;
    double tokens = -1;  // < 0: full bucket not yet touched
    Clock::time_point refill{};
  };
  void forget_if_idle(std::map<std::string, Entry>::iterator it, Clock::time_point now);

  NetLimits limits_;
  AddressRanges trusted_;
  mutable std::mutex mutex_;
  std::map<std::string, Entry> entries_;
  size_t total_ = 0;
};

// Whether a WebSocket upgrade with this Origin header may proceed: no Origin (not a browser),
// the server's own origin (scheme http or https with the request's Host), or one listed.
bool origin_allowed(std::string_view origin, std::string_view host, const std::vector<std::string>& allowed);

// The client's address: the peer, or, when the peer is a trusted proxy, the last address of
// X-Forwarded-For that is not itself a trusted proxy.
std::string client_address(const std::string& peer, std::string_view forwarded_for, const AddressRanges& trusted);

}  // namespace yinsh::server
