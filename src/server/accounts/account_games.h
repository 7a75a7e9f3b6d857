// GET /api/account/games (docs/api.md 2.1): the account's ongoing games, those where it is the
// account's turn first, each group by the time left (the deadline; none last). Answered on
// the accounts pool with the session cookie or any API token of the account. Blocking; uses
// Store::transact only.
#pragma once

#include <string>

#include "server/common/http_api.h"

namespace yinsh::server {

class Store;

constexpr int kMaxOngoingListed = 500;

HttpReply serve_account_games(Store& store, const std::string& account);

}  // namespace yinsh::server
