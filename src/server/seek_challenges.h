// Direct challenges as plain data (no threads, no network, times passed in): one player asks
// another, named, for a game; the named player accepts or declines. Names are compared
// case-insensitively (ASCII). Guests' names are not reserved: every guest online under the
// challenged name is told, and the first to accept plays. Once accounts are wired in, the
// lead resolves `to` to the account's key (Challenge::to_key) and only that account is told.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "seek_book.h"

namespace yinsh::server {

struct Challenge {
  std::string id;
  Seeker from;
  std::string to;  // the name as typed
  GameKind kind;
  bool rated = false;
  int64_t created_at = 0;
};
// The challenge as its sender (`outgoing`) or the challenged player sees it.
json to_json(const Challenge& c, bool outgoing);
// The key of a name for comparisons: ASCII letters in lower case.
std::string name_key(std::string_view name);

class ChallengeBook {
 public:
  // Refused when it challenges oneself (same key or same name), or the sender has `max_open`
  // challenges out already (0: no cap).
  std::optional<ApiError> add(Challenge c, int max_open);
  const Challenge* find(const std::string& id) const;
  bool remove(const std::string& id);
  // Removes the challenges sent by `key` (its connection left); how many.
  int remove_key(const std::string& key);
  int expire(int64_t now, int64_t expiry_ms);
  // Those sent by `key`, and those to `name`.
  std::vector<const Challenge*> sent_by(const std::string& key) const;
  std::vector<const Challenge*> sent_to(std::string_view name) const;
  bool empty() const { return challenges_.empty(); }

 private:
  std::map<std::string, Challenge> challenges_;
};

}  // namespace yinsh::server
