// AccountStore: accounts, their sessions and moderation, in the game store's database (tables
// of migration 2, store_migrations.h). Written once against sql.h, so SQLite and PostgreSQL
// share it. Blocking: the server calls it on the accounts pool (accounts_api.h), never on an
// I/O thread. Failures of the database throw StoreUnavailable.
//
// Names: unique by key (lower case) and by look-alike skeleton (accounts/username.h); the
// database's UNIQUE constraints decide, so two look-alikes registering at once cannot both
// win. Deleting an account keeps its row (the name stays taken, as on lichess) without
// password, sessions or ratings, and renames it "deleted" in its games (list rows and the
// Joined events of its seats).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "accounts/username.h"
#include "server/common/shapes.h"
#include "server/db/sql.h"

namespace yinsh::server {

class Store;

struct Account {
  std::string id, name, key;
  std::string role = "player";  // "player" or "admin"
  bool muted = false, closed = false, deleted = false;
  bool bot = false;  // upgraded to a bot account (server/bots/bot_store.h), for good
  std::string password;  // the Argon2id string
  int64_t created_at = 0;
  bool active() const { return !closed && !deleted; }
};

// A seat a guest held, claimed for an account: the game and the seat's token.
struct SeatClaim {
  std::string game, token;
};

class AccountStore {
 public:
  explicit AccountStore(Store& store) : store_(store) {}

  enum class Created { Ok, Taken, LookAlike };
  // A new account; `id` is set when Ok.
  Created create(const accounts::Username& name, const std::string& password_hash, int64_t now, std::string* id);
  std::optional<Account> by_key(const std::string& key);
  // Whether an account (live, closed or deleted) has this name or a look-alike of it: a guest
  // may not name itself so.
  // `typed` as a guest gave it; false for a name no account could have.
  bool name_in_use(const std::string& typed);
  std::optional<Account> by_id(const std::string& id);

  // Sessions are kept by the digest of their token. by_session: the account of a live
  // session (nullopt when unknown, idle longer than kSessionIdleMs, or the account is closed
  // or deleted); it records the use at most once an hour.
  static constexpr int64_t kSessionIdleMs = 30LL * 24 * 3600 * 1000;
  void add_session(const std::string& digest, const std::string& account, int64_t now);
  std::optional<Account> by_session(const std::string& digest, int64_t now);
  void end_session(const std::string& digest);
  // Ends every session of the account but `keep` (empty: all); how many ended.
  int end_sessions(const std::string& account, const std::string& keep = {});
  // A new password; every other session ends.
  void set_password(const std::string& account, const std::string& hash, const std::string& keep_session);
  // Deletes as the header says; false when there is no such live account.
  bool remove(const std::string& account, int64_t now);

  // Seats of guest games whose token matches and whose seat has no account yet are given to
  // `account` (games.white_account/black_account); the number claimed. Others are skipped.
  int claim_seats(const std::string& account, const std::vector<SeatClaim>& seats);

  // Moderation by name key, each logged in moderation_log with `actor` in the same
  // transaction; false when there is no such account.
  bool set_role(const std::string& key, const std::string& role, const std::string& actor, int64_t now);
  bool set_closed(const std::string& key, bool closed, const std::string& actor, int64_t now);
  bool set_muted(const std::string& key, bool muted, const std::string& actor, int64_t now);
  void log(const std::string& actor, const std::string& action, const std::string& target,
           const std::string& detail, int64_t now);
  struct LogLine {
    int64_t at;
    std::string actor, action, target, detail;
  };
  std::vector<LogLine> moderation_log(int limit);

 private:
  bool set_flag(const std::string& key, const std::string& column, const std::string& value,
                const std::string& actor, const std::string& action, int64_t now);
  Store& store_;
};

// Why a guest may not be shown under `name`: the computer's name (name_reserved), or an
// account's name or a look-alike of one, live, closed or deleted (name_taken); nullopt when
// it may (also when the store cannot be read: the seat is still marked a guest's). Blocking:
// on the store pool. Every way a guest names itself (creating or joining a game over HTTP, a
// WebSocket's hello and join, the lobby) asks it.
std::optional<ApiError> guest_name_refusal(Store& store, const std::string& name);

}  // namespace yinsh::server
