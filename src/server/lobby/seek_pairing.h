// Quick pairing as plain data (no threads, no network, times passed in): players wait for a
// game of one kind (variant and clock); two waiting for the same kind are paired when their
// ratings are close enough, the allowed gap widening with the wait:
//
//   allowed gap = 100 + 50 per full 5 s waited, and any gap after 60 s waited,
//
// taken from whichever of the two has waited longer. Each player is paired with the
// closest-rated compatible one (ties: the one waiting longest). A player without a rating (a
// guest) counts as 1500. Rated requests (accounts only) meet rated requests only, casual ones
// casual ones.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "server/lobby/seek_book.h"

namespace yinsh::server {

struct PairRequest {
  Seeker who;
  GameKind kind;
  int64_t since = 0;
  bool rated = false;
};
// The request as another server of the site needs it (site_bus.h), and back (nullopt: not one).
json pair_row(const PairRequest& r);
std::optional<PairRequest> pair_from_row(const json& row, const std::string& server);

class PairingPool {
 public:
  // The rating gap allowed after waiting `waited_ms` (nullopt: any).
  static std::optional<int> allowed_gap(int64_t waited_ms);
  // Waits for a game of `r.kind` (replacing what the same key waited for).
  void add(PairRequest r);
  bool remove(const std::string& key);
  // Removes the request a connection made (it left); whether there was one (its key into
  // `removed`).
  bool remove_connection(const std::string& conn, std::vector<std::string>* removed = nullptr);
  const PairRequest* find(const std::string& key) const;
  // Removes the pairs that can be made at `now` and returns them (longest waiting first).
  std::vector<std::pair<PairRequest, PairRequest>> match(int64_t now);
  // Removes the requests older than `expiry_ms`; how many (their keys into `removed`).
  int expire(int64_t now, int64_t expiry_ms, std::vector<std::string>* removed = nullptr);
  size_t size() const { return waiting_.size(); }
  const std::vector<PairRequest>& requests() const { return waiting_; }  // oldest first

 private:
  std::vector<PairRequest> waiting_;  // oldest first
};

}  // namespace yinsh::server
