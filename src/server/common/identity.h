// Who is behind a request or a WebSocket connection: an account (from the session cookie),
// or a guest (an empty account id). Plain data, filled by the accounts API (accounts_api.h)
// and passed by the network layer to the hub.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace yinsh::server {

struct Identity {
  std::string account;  // the account's id; empty: a guest
  std::string name;     // the account's name as registered
  std::string role;     // "player" or "admin"
  bool muted = false;   // may not chat
  std::string session;  // the digest of its session or API token (accounts/password.h); "" for a guest
  // Set when an API token (Authorization: Bearer) stands for the account: the token's id and
  // its scopes (server/accounts/api_tokens.h); empty for the session cookie, which may do all.
  std::string token;
  std::vector<std::string> scopes;
  bool bot = false;  // the account is a bot (its session cookie's identity and its tokens')
  bool guest() const { return account.empty(); }
  // Whether the requester may act with `scope`: a session cookie may do everything, an API
  // token what its scopes say.
  bool may(std::string_view scope) const {
    return token.empty() || std::find(scopes.begin(), scopes.end(), scope) != scopes.end();
  }
};

}  // namespace yinsh::server
