// Challenges stored for an account that is not online (migration 13, table stored_challenges).
// A correspondence challenge from one account to another that is connected to no server of
// the site waits here, in no server's memory, until the challenged account answers it, the
// challenger cancels it, or it expires (kStoredChallengeMs after it was made, by the games'
// clock). Any server of the site may show it and answer it: an answer deletes the row in its
// transaction (take_stored_challenge), so of an accept, a decline and a cancel made at once on
// several servers exactly one wins. The mailer (server/mail, notifications.cpp) reads the rows
// for the "challenge" mails.
//
// Row: id ("s" and 64 random bits in hex), from_account, to_account, from_name (as shown),
// variant (the notation's name), days (per move), rated (0/1), body (the challenge as the lobby
// carries it across servers: JSON, lobby_site.cpp challenge_row), created_at, expires_at (ms
// since the epoch). One row per challenger and challenged account (a unique index).
//
// Blocking, through Store::transact, like every store call (on the store pool).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/store/store.h"

namespace yinsh::server {

inline constexpr int64_t kStoredChallengeMs = 14LL * 24 * 3600 * 1000;
inline constexpr int kMaxStoredChallenges = 20;  // waiting per challenger

struct StoredChallenge {
  std::string id, from_account, to_account, from_name, variant, body;
  int64_t days = 0;
  bool rated = false;
  int64_t created_at = 0, expires_at = 0;
};

enum class StoreChallenge { Stored, TooMany, AlreadyWaiting };

// Stores `c` unless its challenger has kMaxStoredChallenges waiting (TooMany) or one to the
// same account already (AlreadyWaiting). Expired rows are deleted first.
StoreChallenge store_challenge(Store& store, const StoredChallenge& c, int64_t now);

// The rows sent or received by any of `accounts`, not expired at `now`, between two accounts
// that are neither closed nor deleted.
std::vector<StoredChallenge> load_stored_challenges(Store& store, const std::vector<std::string>& accounts,
                                                    int64_t now);

// Deletes the row `id` for an answer by `account`: the challenged one (accept, decline) or, with
// `as_challenger`, the one who sent it (cancel). The row as it was; nullopt when it is not there
// (answered, cancelled or expired) or not `account`'s to answer.
std::optional<StoredChallenge> take_stored_challenge(Store& store, const std::string& id, const std::string& account,
                                                     bool as_challenger, int64_t now);

}  // namespace yinsh::server
