// Who is behind a request or a WebSocket connection: an account (from the session cookie),
// or a guest (an empty account id). Plain data, filled by the accounts API (accounts_api.h)
// and passed by the network layer to the hub.
#pragma once

#include <string>

namespace yinsh::server {

struct Identity {
  std::string account;  // the account's id; empty: a guest
  std::string name;     // the account's name as registered
  std::string role;     // "player" or "admin"
  bool muted = false;   // may not chat
  std::string session;  // the digest of its session token (accounts/password.h); "" for a guest
  bool guest() const { return account.empty(); }
};

}  // namespace yinsh::server
