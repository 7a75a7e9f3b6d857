// Personal API tokens (docs/api.md, "Bots and API tokens"): an account makes a token for a
// program that acts for it, with `Authorization: Bearer <token>`. A token is
// "yinsh_" + 43 characters of base64url (32 random bytes, accounts/password.h); the server keeps
// only its BLAKE2b digest, so the token is shown once, at creation. Each token has scopes that
// bound what it may do; revoking one takes effect on its next use (rows stay, marked revoked,
// so that the account page can list them). Tables of migration 5 (store_migrations.h); written
// once against sql.h for both stores; blocking, called on the accounts pool.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/accounts/accounts_store.h"

namespace yinsh::server {

// The scopes a token may carry: play as a bot, make and answer challenges, play one's own
// board games through the API.
inline constexpr std::string_view kTokenScopes[] = {"bot:play", "challenge:write", "board:play"};
constexpr size_t kMaxTokensPerAccount = 20;     // live ones
constexpr size_t kMaxTokenDescription = 100;    // bytes

// Whether `token` has the shape of an API token (the prefix and 43 base64url characters).
bool looks_like_api_token(std::string_view token);
// `given` sorted and without repeats, or nullopt with `error` set when a scope is unknown or
// none is given.
std::optional<std::vector<std::string>> parse_scopes(const std::vector<std::string>& given, std::string* error);

struct ApiToken {
  std::string id, account, description;
  std::vector<std::string> scopes;
  int64_t created_at = 0, last_used = 0, revoked_at = 0;
  bool has(std::string_view scope) const;
};

class ApiTokens {
 public:
  explicit ApiTokens(Store& store) : store_(store) {}

  enum class Made { Ok, TooMany };
  // A new token of `account`: its secret in `*secret` (to show once) and its row in `*made`.
  Made create(const std::string& account, const std::string& description, const std::vector<std::string>& scopes,
              int64_t now, std::string* secret, ApiToken* made);
  // The account's tokens, newest first, revoked ones included.
  std::vector<ApiToken> list(const std::string& account);
  // Revokes the account's token `id`; false when it has no such live token.
  bool revoke(const std::string& account, const std::string& id, int64_t now);
  // The token and its account behind a secret's digest, when the token is live and the account
  // active; records the first use, then at most one a minute.
  struct Found {
    ApiToken token;
    Account account;
  };
  std::optional<Found> by_digest(const std::string& digest, int64_t now);

 private:
  Store& store_;
};

}  // namespace yinsh::server
