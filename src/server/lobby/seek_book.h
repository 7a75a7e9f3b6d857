// Seeks: open challenges in the lobby, as plain data (no threads, no network, times passed in).
//
// A seeker is identified by an abstract key: a guest's connection ("c:<random>") or an
// account ("a:<id>", the same for every connection of the account: its seeks, caps and
// challenges are the account's). A seeker carries its rating in the category of the game asked
// for: guests have none (they are shown without one) and count as 1500 provisional for rating
// ranges and pairing. Rated seeks need an account (a rating) on both sides.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/types.h"
#include "server/common/shapes.h"

namespace yinsh::server {

struct Seeker {
  std::string key;      // who: "c:<connection>" (guest) or "a:<account>"
  std::string address;  // the client's address (caps per address)
  std::string name;     // shown to others
  std::optional<int> rating;  // in the category of the game asked for; nullopt: a guest
  bool provisional = false;   // the rating is provisional (shown with a "?")
  std::string conn;           // the connection that asked ("": the key's): told of the match
  std::string server{};       // the site's server it is connected to ("": this one; site_bus.h)
  bool bot = false;           // a bot account (marked BOT wherever its name is shown)
  static constexpr int kGuestRating = 1500;
  int rating_or_guest() const { return rating.value_or(kGuestRating); }
  const std::string& connection() const { return conn.empty() ? key : conn; }
  // The account's id ("" for a guest).
  std::string account() const { return key.rfind("a:", 0) == 0 ? key.substr(2) : std::string(); }
};

struct Seek {
  std::string id;
  Seeker by;
  GameKind kind;
  bool rated = false;
  std::optional<RatingRange> range;
  int64_t created_at = 0;
};
// The seek as the lobby shows it; `mine` when the recipient made it.
json to_json(const Seek& s, bool mine);
// The seek as another server of the site needs it (site_bus.h), and back (nullopt: not one).
json seek_row(const Seek& s);
std::optional<Seek> seek_from_row(const json& row, const std::string& server);

// Removes the entries of `m` for which `gone` holds; how many (their ids into `removed`).
template <class T, class P>
int remove_ids_if(std::map<std::string, T>& m, P gone, std::vector<std::string>* removed) {
  return int(std::erase_if(m, [&](const auto& kv) {
    if (!gone(kv.second)) return false;
    if (removed) removed->push_back(kv.first);
    return true;
  }));
}

class SeekBook {
 public:
  // Adds a seek (its id is given); refused when it is ill-formed (a rated seek of a guest, an
  // empty range) or the seeker would hold more than `max_open` open seeks and waiting games,
  // counting `waiting_games` it holds already (0: no cap).
  std::optional<ApiError> add(Seek s, int max_open, int waiting_games);
  // Whether `taker` may accept the seek: not its own, rated only with a rating, within range
  // (a guest's rating counts as 1500).
  std::optional<ApiError> acceptable(const Seek& s, const Seeker& taker) const;
  const Seek* find(const std::string& id) const;
  // Removes a seek (accepted, cancelled); false when there is none.
  bool remove(const std::string& id);
  // Removes the seeks a connection made (it left); how many (their ids into `removed`).
  int remove_connection(const std::string& conn, std::vector<std::string>* removed = nullptr);
  // Removes the seeks older than `expiry_ms` at `now`; how many (their ids into `removed`).
  int expire(int64_t now, int64_t expiry_ms, std::vector<std::string>* removed = nullptr);
  int count_key(const std::string& key) const;
  int count_address(const std::string& address) const;
  const std::map<std::string, Seek>& seeks() const { return seeks_; }

 private:
  std::map<std::string, Seek> seeks_;
};

}  // namespace yinsh::server
