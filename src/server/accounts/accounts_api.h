// AccountsApi: the account endpoints of the HTTP API (docs/api.md section 2.1) and the
// session cookie. No Beast or Asio in this header: the network layer hands it requests as
// plain data and sends back the HttpReply (with its Set-Cookie).
//
// Everything that touches the database or a password runs on the API's own thread pools, never
// on an I/O thread. Argon2id (~64 MiB and 50-250 ms of a core per hash) has a pool of its own
// (register, login, password change, delete), so that session lookups (every request and
// WebSocket upgrade of a logged-in player) never wait behind a queue of hashes; and that pool
// holds at most `max_password_jobs` requests (queued or running): beyond, a request gets 503
// `busy` at once instead of waiting in a queue that a storm of logins makes minutes long.
// Login failures have one answer for an unknown name and a wrong password, and are throttled
// per client address and per account (accounts/throttle.h): after 3 failures each key waits
// 1 s, 2 s, 4 s, ... up to 5 min, during which its attempts are refused (429) unheard.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "server/common/http_api.h"
#include "server/common/identity.h"
#include "server/common/online_players.h"
#include "server/common/site_bus.h"

namespace yinsh::server {

class Store;

constexpr int64_t kSessionCookieMaxAgeS = 30LL * 24 * 3600;
// Password requests held at once (queued or running): 16 on 2 threads is at most ~8 hashes'
// wait, 0.5-2 s (docs/benchmarks.md, the login storm).
constexpr int kMaxPasswordJobs = 16;

using AccountRequest = ApiRequest;  // common/http_api.h

// The Set-Cookie value of a new session, and of its removal.
std::string session_cookie(const std::string& token, bool secure);
std::string clear_session_cookie(bool secure);
// The value of cookie `name` in a Cookie header ("" when absent).

class AccountsApi : public HttpRoutes, public SessionResolver {
 public:
  // `threads`: the pool that hashes passwords (the store's other work has 2 more).
  // `online` (may be null): who is connected now, for GET /api/online; it must outlive the API.
  AccountsApi(Store& store, const OnlinePlayers* online = nullptr, int threads = 2,
              int max_password_jobs = kMaxPasswordJobs);
  ~AccountsApi();
  AccountsApi(const AccountsApi&) = delete;
  AccountsApi& operator=(const AccountsApi&) = delete;

  static bool handles(std::string_view path) {
    return path.rfind("/api/account/", 0) == 0 || path.rfind("/api/players/", 0) == 0 || path == "/api/leaderboard" ||
           path == "/api/online";
  }
  // Answers one request of /api/account/... or of the player pages (players_api.h); `done`
  // runs once, on a pool thread (or at once, on the caller's, for a password request refused
  // as `busy`).
  void handle(AccountRequest req, HttpDone done);
  // handle() when handles(req.path); false otherwise (HttpRoutes).
  bool route(const ApiRequest& req, const HttpDone& done) override;
  // The identity of a session token (a guest when it is empty, unknown or expired), on the
  // pool: for the WebSocket upgrade and the game endpoints.
  void resolve(std::string session, std::function<void(Identity)> done) override;
  // The site (site_bus.h) told of every account change that invalidates connections (log out
  // everywhere, deletion), so that every server acts on its own. Set before serving; it must
  // outlive the API. Without one nobody is told.
  void set_site(SiteBus* site);
  // Finishes the pool's work. Idempotent.
  void stop();

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace yinsh::server
