// The lobby's per-player limits as plain data (no threads, no network, times passed in):
// - CreationLimiter: games created per address, a token bucket (SeekOptions::create_*).
// - OpenGames: the waiting games each owner (a player key or an address) created, so that
//   open seeks + waiting games can be capped per owner (SeekOptions::max_open).
// Neither locks: the hub calls them under its lobby mutex.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "server/lobby/seek_options.h"

namespace yinsh::server {

class CreationLimiter {
 public:
  explicit CreationLimiter(const SeekOptions& o) : per_minute_(o.create_per_minute), burst_(o.create_burst) {}
  // Takes one game creation of `address` at `now_ms` (a steady clock); false when the address
  // is over the rate, with the milliseconds until the next one is allowed.
  bool take(const std::string& address, int64_t now_ms, int64_t* retry_after_ms = nullptr);
  size_t addresses() const { return buckets_.size(); }

 private:
  struct Bucket {
    double tokens;
    int64_t at;
  };
  double per_minute_, burst_;
  std::map<std::string, Bucket> buckets_;
};

class OpenGames {
 public:
  using IsOpen = std::function<bool(const std::string& game)>;
  void add(const std::string& owner, const std::string& game);
  // The games of `owner` still open (per `is_open`); the others are forgotten.
  int count(const std::string& owner, const IsOpen& is_open);
  // Forgets every closed game of every owner (run now and then: owners that never create
  // again would otherwise keep their entries).
  void prune(const IsOpen& is_open);
  size_t owners() const { return games_.size(); }

 private:
  std::map<std::string, std::vector<std::string>> games_;
};

// "try again in N s" for a refusal's message.
std::string retry_text(int64_t retry_after_ms);

}  // namespace yinsh::server
