// AccountsApi: the account endpoints of the HTTP API (docs/api.md section 2.1), the
// session cookie and the personal API tokens (api_tokens.h: made, listed and revoked here with
// the session cookie; looked up for `Authorization: Bearer`, each with a rate of its own). No Beast or Asio in this header: the network layer hands it requests as
// plain data and sends back the HttpReply (with its Set-Cookie).
//
// Everything that touches the database or a password runs on the API's own threads, never on
// an I/O thread. Argon2id (~64 MiB and 50-250 ms of a core per hash) has threads of its own
// (register, login, password change, delete: password_queue.h), shared fairly among client
// addresses, so that session lookups (every request and WebSocket upgrade of a logged-in
// player) never wait behind hashes, and one address's storm of logins never makes another
// address's login wait more than one hash per busy address. An address holds at most
// `password_jobs_per_address` jobs and the queue `max_password_jobs`: beyond, 503 `busy` at once.
// Login failures have one answer for an unknown name and a wrong password, and are throttled
// per (account, address), per address and per account with a much higher budget
// (accounts/throttle.h); registrations are limited per address. docs/accounts.md has the table
// of every limit with its figure.
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
class Mailer;

constexpr int64_t kSessionCookieMaxAgeS = 30LL * 24 * 3600;

// The accounts API's limits (docs/accounts.md, "Limits", says why each figure).
struct AccountLimits {
  int password_threads = 2;           // Argon2id threads
  int password_jobs_per_address = 4;  // queued or running for one client address
  int max_password_jobs = 64;         // queued or running in all
  double registrations_per_hour = 5;  // per client address (0: no limit)
  double registration_burst = 3;      // registrations one address may make at once
  // Failed logins before the waits begin (then 1 s, 2 s, ... up to 5 min; forgotten after an hour):
  int free_failures_account_address = 5;  // one account from one address
  int free_failures_address = 30;         // any accounts from one address
  int free_failures_account = 200;        // one account from anywhere
  // Requests with one API token (Authorization: Bearer), whatever the address (0: no limit):
  double token_requests_per_second = 8;
  double token_burst = 40;
};

using AccountRequest = ApiRequest;  // common/http_api.h

// The Set-Cookie value of a new session, and of its removal.
std::string session_cookie(const std::string& token, bool secure);
std::string clear_session_cookie(bool secure);
// The value of cookie `name` in a Cookie header ("" when absent).

class AccountsApi : public HttpRoutes, public SessionResolver {
 public:
  // `online` (may be null): who is connected now, for GET /api/online; it must outlive the API.
  // The store's other work has 2 threads besides `limits.password_threads`.
  explicit AccountsApi(Store& store, const OnlinePlayers* online = nullptr, AccountLimits limits = {});
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
  void resolve_token(std::string token, std::string scope,
                     std::function<void(Identity, std::optional<HttpReply>)> done) override;
  void recheck(std::vector<Identity> held, std::function<void(std::vector<Identity>)> done) override;
  // The site (site_bus.h) told of every account change that touches open connections (a
  // logout, logging out everywhere, a password change, a deletion), so that every server acts
  // on its own (server.cpp: Hub::account_changed). Set before
  // serving; it must outlive the API. Without one nobody is told.
  void set_site(SiteBus* site);
  // The site's mail (server/mail/mailer.h): address verification, password reset. Without one
  // those endpoints answer 503 mail_disabled. Set before serving; it must outlive the API.
  void set_mailer(Mailer* mailer);
  // Finishes the pool's work. Idempotent.
  void stop();

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace yinsh::server
