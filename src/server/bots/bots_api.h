// BotsApi: the bot routes of the HTTP API (docs/api.md section 2.4), version 1.
//   POST /api/bot/account/upgrade  an API token with bot:play makes its account a bot
//   GET  /api/bots                 the bot accounts and which of them are online
// No Beast or Asio in this header: the network layer hands it requests as plain data. The
// token is checked by the SessionResolver (its scope, its rate); the database is read and
// written on this API's own thread.
#pragma once

#include <memory>
#include <string_view>

#include "server/common/http_api.h"
#include "server/common/online_players.h"

namespace yinsh::server {

class Store;

class BotsApi : public HttpRoutes {
 public:
  // `resolver` checks API tokens, `online` (may be null) says who is online; both must outlive
  // the API.
  BotsApi(Store& store, SessionResolver& resolver, const OnlinePlayers* online);
  ~BotsApi();
  BotsApi(const BotsApi&) = delete;
  BotsApi& operator=(const BotsApi&) = delete;

  static bool handles(std::string_view path) { return path == "/api/bots" || path.rfind("/api/bot/", 0) == 0; }
  bool route(const ApiRequest& req, const HttpDone& done) override;
  // Finishes the work in hand. Idempotent.
  void stop();

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace yinsh::server
