// Quick pairing across the site's servers (lobby.h; docs/server.md "One site"). Each server
// puts its players' pairing requests as rows of the site and pairs over the whole pool (its
// own requests and the others'), each pair that has one of its own players. A pair is made by
// taking both rows at once (SiteBus::claim_all: both or neither): when two servers pair a
// player at the same moment, with the same or different opponents, the database gives the
// player to one of them and the other claim takes nothing (its own player waits on). The
// server that made the game tells the other player's server (SiteTopic::Matched).
#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include "server/common/ids.h"
#include "server/lobby/lobby.h"

namespace yinsh::server {

namespace {
constexpr std::string_view kPairPrefix = "p/";
}

// A request's row: "p/<server>/<seeker's key>" (an account pairing on two servers has two).
static std::string pair_row_key(const std::string& server, const std::string& seeker) {
  return std::string(kPairPrefix) + server + "/" + seeker;
}

std::string Lobby::pair_key(const PairRequest& r) const {
  return pair_row_key(r.who.server.empty() ? hub_.site().server_id() : r.who.server, r.who.key);
}

std::optional<std::string> pair_row_seeker(const std::string& row_key) {
  if (row_key.rfind(kPairPrefix, 0) != 0) return std::nullopt;
  const size_t slash = row_key.find('/', kPairPrefix.size());
  if (slash == std::string::npos) return std::nullopt;
  return row_key.substr(slash + 1);
}

void Lobby::join_site_pairing() {
  pair_watch_ = hub_.site().watch_rows(RowKind::Pair, [this](const std::vector<SiteRow>& rows) {
    std::map<std::string, PairRequest> pairs;
    for (const auto& r : rows)
      if (auto p = pair_from_row(r.body, r.server)) pairs.emplace(r.key, std::move(*p));
    boost::asio::post(hub_.io(), [this, pairs = std::move(pairs)]() mutable {
      std::lock_guard lock(mutex_);
      if (stopped_) return;
      remote_pairs_ = std::move(pairs);
      pair_now(hub_.now());
    });
  });
}

void Lobby::pair_put(const PairRequest& r) {
  if (shared()) hub_.site().put(RowKind::Pair, pair_key(r), pair_row(r));
}

void Lobby::pairs_gone(const std::vector<std::string>& seekers) {
  if (!shared()) return;
  for (const auto& key : seekers) hub_.site().remove(RowKind::Pair, pair_row_key(hub_.site().server_id(), key));
}

void Lobby::pair_shared(int64_t now) {
  std::vector<PairRequest> all;  // the site's pool but for the requests being claimed
  for (const auto& r : pairing_.requests())
    if (!claiming_.count(pair_key(r))) all.push_back(r);
  for (const auto& [key, r] : remote_pairs_)
    if (!claiming_.count(key)) all.push_back(r);
  std::stable_sort(all.begin(), all.end(), [](const auto& x, const auto& y) { return x.since < y.since; });
  PairingPool pool;
  for (auto& r : all) pool.add(std::move(r));
  for (auto& m : pool.match(now)) {
    PairRequest a = std::move(m.first), b = std::move(m.second);
    if (!a.who.server.empty() && !b.who.server.empty()) continue;  // their own servers pair them
    if (a.who.server.empty()) std::swap(a, b);  // the other server's player first: make_game tells it
    const std::string ka = pair_key(a), kb = pair_key(b);
    claiming_.insert(ka);
    claiming_.insert(kb);
    hub_.site().claim_all(RowKind::Pair, {ka, kb}, [this, a, b, ka, kb](std::vector<SiteRow> rows, const std::string* error) {
      const bool both = !error && rows.size() == 2;
      boost::asio::post(hub_.io(), [this, a, b, ka, kb, both] {
        std::lock_guard lock(mutex_);
        claiming_.erase(ka);
        claiming_.erase(kb);
        if (!both) return;  // one was paired elsewhere (or the site failed): the other waits on
        for (const auto* r : {&a, &b}) {
          if (r->who.server.empty()) pairing_.remove(r->who.key);
          else remote_pairs_.erase(pair_key(*r));
        }
        make_game(a.who, b.who, a.kind, a.rated, "pair", ka);
        publish();
      });
    });
  }
}

}  // namespace yinsh::server
