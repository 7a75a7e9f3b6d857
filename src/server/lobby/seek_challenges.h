// Direct challenges as plain data (no threads, no network, times passed in): one player asks
// another, named, for a game; the named player accepts or declines. Names are compared
// case-insensitively (ASCII). A challenge to an account online names its key (`to_key`,
// "a:<id>"): only that account is told (on every connection it has open) and may answer.
// Guests' names are not reserved: a challenge to a guest (`to_key` empty) is seen by every
// guest following the lobby under that name, and the first to accept plays.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "server/lobby/seek_book.h"

namespace yinsh::server {

struct Challenge {
  std::string id;
  Seeker from;
  std::string to;  // the name as typed
  GameKind kind;
  bool rated = false;
  int64_t created_at = 0;
  std::string to_key;  // the challenged account's key ("a:<id>"); empty: a guest's name
  std::optional<Color> color;  // the challenger's seat; nullopt: drawn when the game is made
  bool stored = false;  // waits in the store for an account that was offline (challenge_store.h)
  // Whether `who` (a seeker of the key `key` and name `name`) is the challenged player.
  bool is_for(const std::string& key, std::string_view name) const;
};
// The challenge as its sender (`outgoing`) or the challenged player sees it; `color` is the
// challenger's (white, black or random).
json to_json(const Challenge& c, bool outgoing);
// The challenge as another server of the site needs it (site_bus.h), and back (nullopt: not
// one); `server`: the challenger's server ("" when it is this one).
json challenge_row(const Challenge& c);
std::optional<Challenge> challenge_from_row(const json& row, const std::string& server);
// The key of a name for comparisons: ASCII letters in lower case.
std::string name_key(std::string_view name);

class ChallengeBook {
 public:
  // Refused when it challenges oneself (same key or same name), when it is rated and either
  // side is a guest, or the sender has `max_open` challenges out already (0: no cap).
  std::optional<ApiError> add(Challenge c, int max_open);
  const Challenge* find(const std::string& id) const;
  bool remove(const std::string& id);
  // Removes the challenges a connection sent (it left), or those older than `expiry_ms`; how
  // many (their ids into `removed`).
  int remove_connection(const std::string& conn, std::vector<std::string>* removed = nullptr);
  int expire(int64_t now, int64_t expiry_ms, std::vector<std::string>* removed = nullptr);
  // Those sent by `key`, and those for the player of `key` and `name` (is_for).
  std::vector<const Challenge*> sent_by(const std::string& key) const;
  std::vector<const Challenge*> sent_to(const std::string& key, std::string_view name) const;
  bool empty() const { return challenges_.empty(); }

 private:
  std::map<std::string, Challenge> challenges_;
};

}  // namespace yinsh::server
