// AccountsApi (accounts_api.h): register, log in and out, change the password, delete the
// account, who am I, claim guest seats, the puzzle rating (puzzle_api.h). Password work runs
// on its own pool, with a cap on the jobs it holds; the rest (and session lookups) on another;
// the throttle under a mutex.
#include "server/accounts/accounts_api.h"

#include "server/accounts/account_games.h"

#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <cmath>
#include <mutex>
#include <variant>
#include <algorithm>
#include <atomic>

#include "accounts/password.h"
#include "accounts/throttle.h"
#include "server/accounts/accounts_store.h"
#include "server/accounts/api_tokens.h"
#include "server/accounts/email_api.h"
#include "server/accounts/password_queue.h"
#include "server/common/client_slots.h"
#include "server/common/key_rate.h"
#include "server/accounts/players_api.h"
#include "server/puzzles/puzzle_api.h"
#include "server/common/shapes.h"
#include "server/store/store.h"
#include "server/store/store_reply.h"

namespace yinsh::server {
namespace {

int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

json account_json(const Account& a) {
  return {{"name", a.name}, {"role", a.role}, {"muted", a.muted}, {"created_at", a.created_at}, {"bot", a.bot}};
}

const char* kBadCredentials = "unknown user or wrong password";

HttpReply reply(int status, json body, std::string set_cookie = {}) {
  HttpReply r;
  r.status = status;
  r.body = std::move(body);
  r.set_cookie = std::move(set_cookie);
  return r;
}

}  // namespace

std::string session_cookie(const std::string& token, bool secure) {
  return std::string(kSessionCookie) + "=" + token + "; Path=/; Max-Age=" + std::to_string(kSessionCookieMaxAgeS) +
         "; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "");
}

std::string clear_session_cookie(bool secure) {
  return std::string(kSessionCookie) + "=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "");
}

struct AccountsApi::Impl {
  Store& store;
  AccountStore accounts;
  ApiTokens tokens;
  KeyRate token_rate;  // requests per API token (by its digest)
  boost::asio::thread_pool pool;           // store reads and writes without a password
  // Record downloads (players_api.h), read and written chunk by chunk on a thread of their own,
  // so that a player's thousands of games never hold up the sessions' lookups on `pool`; at most
  // 8 sent at once, 2 to one address.
  boost::asio::thread_pool downloads{1};
  std::shared_ptr<ClientSlots> download_slots = std::make_shared<ClientSlots>(8, 2);
  void download_records(AccountRequest req, HttpDone done);
  PasswordQueue password_queue;  // Argon2id: register, login, password, delete
  KeyRate registrations;         // per client address
  std::mutex throttle_mutex;
  // Failed logins of one account from one address, of any account from one address, of one
  // account from anywhere (AccountLimits: the last two with much higher free budgets).
  accounts::LoginThrottle pair_throttle, address_throttle, account_throttle;
  std::once_flag dummy_once;
  std::string dummy_hash;  // verified against for unknown names, so that they take as long

  EmailApi email;  // after `accounts`, which it uses
  const OnlinePlayers* online;
  SiteBus* site = nullptr;
  // Every server (this one too) hears of it through the site and checks or closes the
  // account's open connections (server.cpp).
  void changed(const std::string& account, AccountChange change) {
    if (site) site->send(SiteTopic::AccountChanged, "", AccountChanged{account, change}.to_json());
  }

  Impl(Store& s, const OnlinePlayers* o, const AccountLimits& l)
      : store(s), accounts(s), tokens(s), token_rate(l.token_requests_per_second, l.token_burst), pool(2),
        password_queue(l.password_threads, l.password_jobs_per_address, l.max_password_jobs),
        registrations(l.registrations_per_hour / 3600, l.registration_burst),
        pair_throttle(l.free_failures_account_address), address_throttle(l.free_failures_address),
        account_throttle(l.free_failures_account), email(s, accounts), online(o) {}

  HttpReply serve(const AccountRequest& req);
  HttpReply serve_tokens(const AccountRequest& req, const Account& me, const std::string& what);
  // The live token behind an Authorization: Bearer value and its account, or the refusal
  // (malformed, unknown or revoked: 401; past the token's rate: 429). Spends one of its rate.
  std::variant<ApiTokens::Found, HttpReply> authenticate(const std::string& bearer) {
    if (!looks_like_api_token(bearer))
      return http_error(401, "bad_api_token", "Authorization must be \"Bearer <token>\" with a token made on the account page");
    const std::string digest = accounts::token_digest(bearer);
    if (const double wait_s = token_rate.take(digest); wait_s > 0)
      return http_limited("token_rate_limited", "too many requests with this token", wait_s);
    auto found = tokens.by_digest(digest, wall_ms());
    if (!found) return http_error(401, "bad_api_token", "this token is unknown or revoked");
    return std::move(*found);
  }
  std::optional<Account> current(const AccountRequest& req) {
    if (req.session.empty()) return std::nullopt;
    return accounts.by_session(accounts::token_digest(req.session), wall_ms());
  }
  // How long the address or the account must still wait (zero: go ahead).
  std::chrono::seconds wait(const std::string& address, const std::string& key) {
    std::lock_guard lock(throttle_mutex);
    const auto now = accounts::LoginThrottle::Clock::now();
    const auto w = std::max({pair_throttle.wait(key + "\n" + address, now), address_throttle.wait(address, now),
                             account_throttle.wait(key, now)});
    return std::chrono::ceil<std::chrono::seconds>(w);
  }
  void failed(const std::string& address, const std::string& key) {
    std::lock_guard lock(throttle_mutex);
    const auto now = accounts::LoginThrottle::Clock::now();
    pair_throttle.failed(key + "\n" + address, now);
    address_throttle.failed(address, now);
    account_throttle.failed(key, now);
  }
  // A success clears the failures of the account from this address only: not the address's
  // (logging into one's own account must not buy more guesses at others'), nor the account's
  // from elsewhere (the owner's login must not reset an attacker's budget).
  void succeeded(const std::string& address, const std::string& key) {
    std::lock_guard lock(throttle_mutex);
    pair_throttle.succeeded(key + "\n" + address);
  }
  // Checks `password` of the account named `key` (throttled); the account, or the reply.
  std::variant<Account, HttpReply> check(const std::string& address, const std::string& key,
                                         const std::string& password) {
    if (const auto w = wait(address, key); w.count() > 0)
      return http_limited("login_throttled", "too many failed attempts", double(w.count()));
    const auto a = accounts.by_key(key);
    bool ok = false;
    if (a && a->active()) ok = accounts::verify_password(a->password, password);
    else {
      std::call_once(dummy_once, [&] { dummy_hash = accounts::hash_password("no account has this password").value_or(""); });
      accounts::verify_password(dummy_hash, password);
    }
    if (!ok) {
      failed(address, key);
      return http_error(401, "bad_credentials", kBadCredentials);
    }
    succeeded(address, key);
    return *a;
  }
  // A new session for `a`: the reply with its cookie.
  HttpReply open_session(const Account& a, int status, bool secure, int claimed) {
    const std::string token = accounts::new_session_token();
    accounts.add_session(accounts::token_digest(token), a.id, wall_ms());
    return reply(status, {{"account", account_json(a)}, {"claimed", claimed}}, session_cookie(token, secure));
  }
};

// The seats a guest's browser sends: [{"game": id, "token": t}, ...] (at most 200).
static std::vector<SeatClaim> read_seats(const json& j) {
  std::vector<SeatClaim> out;
  const auto it = j.find("seats");
  if (it == j.end() || it->is_null()) return out;
  if (!it->is_array() || it->size() > 200) throw SchemaError("seats: must be an array of at most 200 {game, token}");
  for (const json& s : *it) {
    const Fields f(s, "seats[].");
    out.push_back({f.str("game", 12), f.str("token", 64)});
  }
  return out;
}

HttpReply AccountsApi::Impl::serve(const AccountRequest& req) {
  std::optional<ApiTokens::Found> bearer;
  if (!req.bearer.empty()) {
    auto found = authenticate(req.bearer);
    if (auto* r = std::get_if<HttpReply>(&found)) return *r;
    bearer = std::move(std::get<ApiTokens::Found>(found));
  }
  if (req.path.rfind("/api/account/", 0) != 0) {
    if (req.method != "GET") return http_error(405, "method_not_allowed", req.method + " is not allowed here");
    if (req.path == "/api/online") return reply(200, {{"players", online ? online->names() : std::vector<std::string>{}}});
    return serve_players(store, req.path, req.query);
  }
  const std::string what = req.path.substr(std::string_view("/api/account/").size());
  if (what == "me") {
    if (req.method != "GET") return http_error(405, "method_not_allowed", req.method + " is not allowed here");
    if (bearer)
      return reply(200, {{"account", account_json(bearer->account)},
                         {"token", {{"id", bearer->token.id}, {"scopes", bearer->token.scopes}}}});
    const auto a = current(req);
    return reply(200, {{"account", a ? account_json(*a) : json(nullptr)}});
  }
  if (what == "games") {  // the account's ongoing games: the cookie, or any of its API tokens
    if (req.method != "GET") return http_error(405, "method_not_allowed", req.method + " is not allowed here");
    if (bearer) return serve_account_games(store, bearer->account.id);
    const auto me = current(req);
    if (!me) return http_error(401, "not_logged_in", "log in first");
    return serve_account_games(store, me->id);
  }
  // A token acts in games, never on the account that made it: no new tokens, passwords, ...
  if (bearer)
    return http_error(403, "token_not_allowed", "this endpoint takes the session cookie, not an API token");
  if (is_email_endpoint(what))
    return email.serve(req, what, current(req), wall_ms(),
                       [this](const std::string& id) { changed(id, AccountChange::SessionsEnded); });
  if (what == "tokens" || what.rfind("tokens/", 0) == 0) {
    const auto me = current(req);
    if (!me) return http_error(401, "not_logged_in", "log in first");
    return serve_tokens(req, *me, what);
  }
  if (is_puzzle_endpoint(what)) {
    const auto me = current(req);
    return serve_puzzles(store, what, req.method, me ? std::optional(me->id) : std::nullopt, req.body, wall_ms());
  }
  static const char* kPosts[] = {"register", "login", "logout", "logout-all", "password", "delete", "seats"};
  if (std::find(std::begin(kPosts), std::end(kPosts), what) == std::end(kPosts))
    return http_error(404, "not_found", "no endpoint " + req.path.substr(0, 100));
  if (req.method != "POST") return http_error(405, "method_not_allowed", req.method + " is not allowed here");
  json body = req.body.empty() ? json::object() : json::parse(req.body, nullptr, false);
  if (body.is_discarded() || !body.is_object()) return http_error(400, "bad_json", "the body must be a JSON object");
  try {
    const Fields f(body);
    if (what == "register") {
      std::string error;
      const auto name = accounts::parse_username(f.str("name", 100), &error);
      if (!name) return http_error(400, "bad_name", error);
      const std::string password = f.str("password", 1000);
      if (auto p = accounts::password_problem(password); !p.empty()) return http_error(400, "bad_password", p);
      const auto seats = read_seats(body);
      if (const double wait_s = registrations.take(req.address); wait_s > 0)
        return http_limited("registration_limited", "too many new accounts from your address", wait_s);
      const auto hash = accounts::hash_password(password);
      if (!hash) return http_error(503, "busy", "the server cannot hash a password now; try again");
      std::string id;
      switch (accounts.create(*name, *hash, wall_ms(), &id)) {
        case AccountStore::Created::Taken:
          return http_error(409, "name_taken", "the name " + name->display + " is taken");
        case AccountStore::Created::LookAlike:
          return http_error(409, "name_look_alike", "the name " + name->display + " looks too much like an existing one");
        case AccountStore::Created::Ok:
          break;
      }
      const int claimed = accounts.claim_seats(id, seats);
      return open_session(*accounts.by_id(id), 201, req.secure, claimed);
    }
    if (what == "login") {
      const std::string typed = f.str("name", 100);
      const std::string password = f.str("password", 1000);
      const auto seats = read_seats(body);
      std::string error;
      const auto name = accounts::parse_username(typed, &error);
      auto checked = check(req.address, name ? name->key : typed, password);
      if (auto* r = std::get_if<HttpReply>(&checked)) return *r;
      const Account& a = std::get<Account>(checked);
      return open_session(a, 200, req.secure, accounts.claim_seats(a.id, seats));
    }
    if (what == "logout") {
      if (!req.session.empty()) {
        const auto me = current(req);
        accounts.end_session(accounts::token_digest(req.session));
        if (me) changed(me->id, AccountChange::Checked);
      }
      return reply(200, {{"ok", true}}, clear_session_cookie(req.secure));
    }
    const auto me = current(req);
    if (!me) return http_error(401, "not_logged_in", "log in first");
    if (what == "logout-all") {
      const int ended = accounts.end_sessions(me->id);
      changed(me->id, AccountChange::SessionsEnded);
      return reply(200, {{"ok", true}, {"sessions_ended", ended}}, clear_session_cookie(req.secure));
    }
    if (what == "seats") return reply(200, {{"claimed", accounts.claim_seats(me->id, read_seats(body))}});
    // password and delete: the current password first (throttled like a login).
    auto checked = check(req.address, me->key, f.str(what == "password" ? "current" : "password", 1000));
    if (auto* r = std::get_if<HttpReply>(&checked)) return *r;
    if (what == "password") {
      const std::string fresh = f.str("new", 1000);
      if (auto p = accounts::password_problem(fresh); !p.empty()) return http_error(400, "bad_password", p);
      const auto hash = accounts::hash_password(fresh);
      if (!hash) return http_error(503, "busy", "the server cannot hash a password now; try again");
      accounts.set_password(me->id, *hash, accounts::token_digest(req.session));
      changed(me->id, AccountChange::Checked);  // its other sessions ended
      return reply(200, {{"ok", true}});
    }
    accounts.remove(me->id, wall_ms());  // delete
    changed(me->id, AccountChange::Deleted);
    return reply(200, {{"ok", true}}, clear_session_cookie(req.secure));
  } catch (const SchemaError& e) {
    return http_error(400, "bad_request", e.what());
  }
}

namespace {

json token_json(const ApiToken& t) {
  return {{"id", t.id},          {"description", t.description}, {"scopes", t.scopes},
          {"created_at", t.created_at}, {"last_used", t.last_used},   {"revoked_at", t.revoked_at}};
}

}  // namespace

// GET tokens: the list; POST tokens {description, scopes}: a new one, its secret shown once;
// DELETE tokens/ID: revoked, and every server re-checks the account's open connections.
HttpReply AccountsApi::Impl::serve_tokens(const AccountRequest& req, const Account& me, const std::string& what) {
  if (what != "tokens") {
    const std::string id = what.substr(std::string_view("tokens/").size());
    if (req.method != "DELETE") return http_error(405, "method_not_allowed", req.method + " is not allowed here");
    if (!tokens.revoke(me.id, id, wall_ms()))
      return http_error(404, "no_such_token", "you have no live token " + id.substr(0, 40));
    changed(me.id, AccountChange::Checked);
    return reply(200, {{"ok", true}});
  }
  if (req.method == "GET") {
    json list = json::array();
    for (const ApiToken& t : tokens.list(me.id)) list.push_back(token_json(t));
    return reply(200, {{"tokens", list}, {"scopes", kTokenScopes}});
  }
  if (req.method != "POST") return http_error(405, "method_not_allowed", req.method + " is not allowed here");
  const json body = json::parse(req.body.empty() ? "{}" : req.body, nullptr, false);
  if (body.is_discarded() || !body.is_object()) return http_error(400, "bad_json", "the body must be a JSON object");
  std::vector<std::string> given;
  try {
    const Fields f(body);
    const std::string description = f.str("description", kMaxTokenDescription);
    if (description.empty()) return http_error(400, "bad_request", "description: say what the token is for");
    const auto it = body.find("scopes");
    if (it == body.end() || !it->is_array() || it->size() > 10)
      return http_error(400, "bad_scopes", "scopes: an array of scope names");
    for (const json& s : *it) {
      if (!s.is_string()) return http_error(400, "bad_scopes", "scopes: an array of scope names");
      given.push_back(s.get<std::string>());
    }
    std::string error;
    const auto scopes = parse_scopes(given, &error);
    if (!scopes) return http_error(400, "bad_scopes", error);
    std::string secret;
    ApiToken made;
    if (tokens.create(me.id, description, *scopes, wall_ms(), &secret, &made) == ApiTokens::Made::TooMany)
      return http_error(409, "too_many_tokens",
                        "an account has at most " + std::to_string(kMaxTokensPerAccount) + " live tokens; revoke one");
    json t = token_json(made);
    t["secret"] = secret;
    return reply(201, {{"token", t}});
  } catch (const SchemaError& e) {
    return http_error(400, "bad_request", e.what());
  }
}

AccountsApi::AccountsApi(Store& store, const OnlinePlayers* online, AccountLimits limits)
    : impl_(std::make_unique<Impl>(store, online, limits)) {}
AccountsApi::~AccountsApi() { stop(); }

void AccountsApi::set_site(SiteBus* site) { impl_->site = site; }

void AccountsApi::set_mailer(Mailer* mailer) { impl_->email.set_mailer(mailer); }

void AccountsApi::stop() {
  impl_->password_queue.stop();
  impl_->pool.join();
  impl_->downloads.join();  // a download still being sent is cut off: its next chunk never comes
}

void AccountsApi::Impl::download_records(AccountRequest req, HttpDone done) {
  switch (download_slots->take(req.address)) {
    case ClientSlots::Take::Full:
      return done(http_error(503, "busy", "too many record downloads are being sent; try again in a moment"));
    case ClientSlots::Take::ClientFull:
      return done(http_limited("rate_limited", "two record downloads to " + req.address + " are being sent", 1));
    case ClientSlots::Take::Taken:
      break;
  }
  struct Hold {  // the slot, given back when the download's body is dropped
    std::shared_ptr<ClientSlots> slots;
    std::string client;
    ~Hold() { slots->give_back(client); }
  };
  auto hold = std::shared_ptr<Hold>(new Hold{download_slots, req.address});  // no copy to give back twice
  boost::asio::post(downloads, [this, req = std::move(req), done = std::move(done), hold = std::move(hold)]() mutable {
    RunOff run = [this](std::function<void()> job) { boost::asio::post(downloads, std::move(job)); };
    done(reply_from_store([&] { return records_download(store, req.path, run, std::move(hold)); }));
  });
}

// Whether a request verifies or hashes a password (Argon2id): it goes to the password pool.
static bool password_work(const AccountRequest& req) {
  static const std::string kPaths[] = {"/api/account/register", "/api/account/login", "/api/account/password",
                                       "/api/account/delete", "/api/account/password-reset/confirm"};
  return req.method == "POST" && std::find(std::begin(kPaths), std::end(kPaths), req.path) != std::end(kPaths);
}

bool AccountsApi::route(const ApiRequest& req, const HttpDone& done) {
  if (!handles(req.path)) return false;
  handle(req, done);
  return true;
}

void AccountsApi::handle(AccountRequest req, HttpDone done) {
  // One function for both: a job that serves the request and hands the reply to `done`.
  auto job = [impl = impl_.get()](const AccountRequest& req, const HttpDone& done) {
    done(reply_from_store([&] { return impl->serve(req); }));
  };
  if (is_records_download(req.method, req.path)) return impl_->download_records(std::move(req), std::move(done));
  if (!password_work(req)) {
    boost::asio::post(impl_->pool, [job, req = std::move(req), done = std::move(done)] { job(req, done); });
    return;
  }
  const std::string address = req.address;
  auto shared = std::make_shared<std::pair<AccountRequest, HttpDone>>(std::move(req), done);
  // The reply goes out after the job's slot is free: a client with its answer may ask again.
  const auto refused = impl_->password_queue.submit(address, [job, shared]() -> PasswordQueue::Deliver {
    HttpReply r;
    job(shared->first, [&r](HttpReply reply) { r = std::move(reply); });
    return [shared, r = std::move(r)]() mutable { shared->second(std::move(r)); };
  });
  if (refused == PasswordQueue::Refused::No) return;
  HttpReply r = http_error(503, "busy",
                           refused == PasswordQueue::Refused::Address
                               ? "your address has " + std::to_string(impl_->password_queue.per_address()) +
                                     " password requests under way; try again in a second"
                               : "the server is checking too many passwords now; try again in a second");
  r.body["retry_after_s"] = 1;
  done(std::move(r));
}

void AccountsApi::resolve(std::string session, std::function<void(Identity)> done) {
  boost::asio::post(impl_->pool, [impl = impl_.get(), session = std::move(session), done = std::move(done)] {
    Identity who;
    if (!session.empty()) {
      try {
        const std::string digest = accounts::token_digest(session);
        if (auto a = impl->accounts.by_session(digest, wall_ms())) who = Identity{a->id, a->name, a->role, a->muted, digest, {}, {}, a->bot};
      } catch (const std::exception&) {  // the store is down: a guest for now
      }
    }
    done(std::move(who));
  });
}

void AccountsApi::resolve_token(std::string token, std::string scope,
                                std::function<void(Identity, std::optional<HttpReply>)> done) {
  boost::asio::post(impl_->pool, [impl = impl_.get(), token = std::move(token), scope = std::move(scope),
                                  done = std::move(done)] {
    std::variant<ApiTokens::Found, HttpReply> found = HttpReply{};
    try {
      found = impl->authenticate(token);
    } catch (const std::exception&) {
      found = http_error(503, "store_unavailable", "storage is unavailable; nothing changed, try again in a moment");
    }
    if (auto* r = std::get_if<HttpReply>(&found)) return done(Identity{}, std::move(*r));
    const auto& f = std::get<ApiTokens::Found>(found);
    bool allowed = false;  // `scope` may name alternatives: "bot:play|board:play"
    for (size_t from = 0; from <= scope.size() && !allowed;) {
      const size_t bar = std::min(scope.find('|', from), scope.size());
      allowed = f.token.has(std::string_view(scope).substr(from, bar - from));
      from = bar + 1;
    }
    if (!allowed) return done(Identity{}, http_error(403, "missing_scope", "this token lacks the scope " + scope));
    const Account& a = f.account;
    done(Identity{a.id, a.name, a.role, a.muted, accounts::token_digest(token), f.token.id, f.token.scopes, a.bot},
         std::nullopt);
  });
}

void AccountsApi::recheck(std::vector<Identity> held, std::function<void(std::vector<Identity>)> done) {
  boost::asio::post(impl_->pool, [impl = impl_.get(), held = std::move(held), done = std::move(done)] {
    std::vector<Identity> now;
    now.reserve(held.size());
    for (const Identity& h : held) {
      Identity who;
      try {
        if (!h.token.empty()) {  // an API token: live while not revoked
          if (auto f = impl->tokens.by_digest(h.session, wall_ms()))
            who = Identity{f->account.id, f->account.name, f->account.role, f->account.muted, h.session, f->token.id,
                           f->token.scopes, f->account.bot};
        } else if (!h.session.empty()) {
          if (auto a = impl->accounts.by_session(h.session, wall_ms()))
            who = Identity{a->id, a->name, a->role, a->muted, h.session, {}, {}, a->bot};
        }
      } catch (const std::exception&) {  // the store is down: nothing is known, nothing changes
        who = h;
      }
      now.push_back(std::move(who));
    }
    done(std::move(now));
  });
}


}  // namespace yinsh::server
