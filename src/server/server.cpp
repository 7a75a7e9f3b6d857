// The server as one object: where the modules are wired together. It opens the store (with
// the SQLite lock), makes the hub, the accounts API and the game pages, hands them to the
// network layer (net/: the listener and its sessions) and runs the I/O threads; and it drains
// at shutdown. Everything about games is the hub's business.
#include "server/server.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <thread>

#include "server/accounts/accounts_api.h"
#include "server/bots/bots_api.h"
#include "server/hub/test_clock_routes.h"
#include "server/db/db_lock.h"
#include "server/pages/game_pages.h"
#include "server/net/listener.h"
#include "server/net/net_context.h"
#include "server/store/store.h"
#include "server/store/store_postgres.h"
#include "server/tournaments/arena_director.h"
#include "server/tournaments/tournament_host.h"
#include "server/tournaments/tournaments_api.h"

namespace yinsh::server {

namespace net = boost::asio;


// ---------------------------------------------------------------------------- Server

namespace {

// The arenas' host (tournaments/tournament_host.h) over the hub.
class HubTournamentHost : public TournamentHost {
 public:
  explicit HubTournamentHost(Hub& hub) : hub_(hub) {}
  int64_t now() const override { return hub_.now(); }
  std::string server_id() const override { return hub_.server_id(); }
  void start_paired_game(GameMeta meta, PairedSeat white, PairedSeat black, Created done) override {
    hub_.start_paired_game(std::move(meta), white.account, white.name, black.account, black.name, std::move(done));
  }
  void notify(const std::string& account, const out::Notice& notice) override { hub_.notify(account, notice); }
  void berserk(const std::string& game, const Identity& who, HttpDone done) override {
    hub_.play(game, who, "berserk", "", std::nullopt, "", std::move(done));
  }

 private:
  Hub& hub_;
};

// The configured public origin, or the listening socket's own.
std::string public_origin(const ServerOptions& o, uint16_t port) {
  if (!o.public_origin.empty()) return o.public_origin;
  const bool any = o.host.empty() || o.host == "0.0.0.0" || o.host == "::";
  const std::string host = any ? "localhost" : o.host.find(':') != std::string::npos ? "[" + o.host + "]" : o.host;
  return std::string(o.tls_cert.empty() ? "http" : "https") + "://" + host + ":" + std::to_string(port);
}

}  // namespace

struct Server::Impl {
  ServerOptions options;
  net::io_context ioc;
  std::unique_ptr<DbLock> db_lock;
  std::unique_ptr<Store> store;
  std::unique_ptr<SiteBus> site;  // outlives the hub and the accounts API, which use it
  std::vector<SiteBus::Handle> site_handles;
  std::unique_ptr<Hub> hub;
  std::unique_ptr<AccountsApi> accounts;
  std::unique_ptr<BotsApi> bots;  // after accounts: its token lookups run on the accounts' pool
  std::unique_ptr<GamePages> pages;
  std::unique_ptr<HubTournamentHost> tournament_host;  // after the hub, which it stands on
  std::unique_ptr<ArenaDirector> arenas;
  std::unique_ptr<TournamentsApi> tournaments;
  std::unique_ptr<Mailer> mailer;  // after the accounts API, which queues its mails
  std::unique_ptr<ManualClock> test_clock;  // --test-clock only
  std::unique_ptr<TestClockRoutes> test_clock_routes;
  // Shared with every session (through its ConnectionTicket): sessions still pending when the
  // io_context is destroyed, last, may touch it.
  std::shared_ptr<Context> ctx;
  std::shared_ptr<Listener> listener;
  std::vector<std::thread> threads;
  std::mutex mutex;
  std::condition_variable cv;
  bool running = false;
};

// What the site (site_bus.h) carries between this server's modules and the other servers:
// an account whose session ended or state changed has its connections checked on every server; with a shared site,
// the names online here are rows of the site, and the others' names are shown beside ours.
static void join_site(Server::Impl& s) {
  s.accounts->set_site(s.site.get());
  std::shared_ptr<Context> ctx = s.ctx;
  // Each server checks the account's connections against the accounts as they are now
  // (hub/revocation.cpp): those whose session ended close with 1008.
  s.site_handles.push_back(s.site->subscribe(SiteTopic::AccountChanged, [hub = s.hub.get()](const json& body) {
    if (const auto c = AccountChanged::read(body)) hub->account_changed(c->account);
  }));
  if (!s.site->shared()) return;
  SiteBus* site = s.site.get();
  ctx->online.observe([site, self = site->server_id()](const std::string& name, bool online) {
    const std::string key = name + "@" + self;
    if (online) site->put(RowKind::Presence, key, {{"name", name}});
    else site->remove(RowKind::Presence, key);
  });
  s.site_handles.push_back(site->watch_rows(RowKind::Presence, [ctx](const std::vector<SiteRow>& rows) {
    std::vector<std::string> names;
    for (const auto& r : rows)
      if (r.body.is_object() && r.body.contains("name") && r.body["name"].is_string()) names.push_back(r.body["name"]);
    ctx->online.set_elsewhere(std::move(names));
  }));
}

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->options = std::move(options);
}

Server::~Server() { stop(); }

bool Server::start(std::string* error) {
  Impl& s = *impl_;
  if (!Logs::valid_level(s.options.log_level)) {
    *error = "unknown log level " + s.options.log_level;
    return false;
  }
  if (!AddressRanges::parse(s.options.net.trusted_proxies, error)) return false;
  if (!AddressRanges::parse(s.options.net.metrics_from, error, "--metrics-from")) return false;
  s.options.arenas.schedules.clear();
  for (const auto& text : s.options.arena_schedule) {
    auto schedule = parse_arena_schedule(text, error);
    if (!schedule) return false;
    s.options.arenas.schedules.push_back(*schedule);
  }
  if (!Logs::valid_format(s.options.log_format)) {
    *error = "unknown log format " + s.options.log_format + " (json or text)";
    return false;
  }
  s.ctx = std::make_shared<Context>(s.options.net, s.options.log_level, s.options.log_format);
  if (s.options.tls_cert.empty() != s.options.tls_key.empty()) {
    *error = "TLS needs both a certificate (--tls-cert) and its key (--tls-key)";
    return false;
  }
  s.ctx->tls = !s.options.tls_cert.empty();
  if (s.ctx->tls && !s.ctx->tls_context.load(s.options.tls_cert, s.options.tls_key, error)) return false;
  if (!is_postgres_spec(s.options.db)) {
    s.db_lock = DbLock::acquire(s.options.db, error);
    if (!s.db_lock) return false;
  }
  s.store = open_store(s.options.db, error);
  if (!s.store) return false;
  if (is_postgres_spec(s.options.db)) {  // the servers on one database are one site
    const std::string conninfo =
        std::getenv("PGCONNECT_TIMEOUT") ? s.options.db : store_detail::with_connect_timeout(s.options.db, 2);
    s.site = open_postgres_site(conninfo, error, s.options.site);
    if (!s.site) return false;
  } else {
    s.site = std::make_unique<LocalSiteBus>();
  }
  s.options.hub.site = s.site.get();
  s.options.hub.metrics = &s.ctx->metrics;
  s.options.hub.warn = [ctx = s.ctx](const std::string& text) { ctx->logs->warn(text); };
  s.options.hub.info = [ctx = s.ctx](const std::string& text) { ctx->logs->info(text); };
  s.options.hub.debug = [ctx = s.ctx](const std::string& text) { ctx->logs->debug(text); };
  if (s.options.test_clock) {  // tests only: a clock POST /api/test/clock moves forward
    s.test_clock = std::make_unique<ManualClock>();
    s.test_clock_routes = std::make_unique<TestClockRoutes>(*s.test_clock);
    s.options.hub.clock = s.test_clock.get();
    s.ctx->test_clock = s.test_clock_routes.get();
  }
  s.hub = std::make_unique<Hub>(s.ioc, *s.store, s.options.hub);
  s.ctx->hub = s.hub.get();
  s.accounts = std::make_unique<AccountsApi>(*s.store, &s.ctx->online, s.options.accounts);
  s.ctx->accounts = s.accounts.get();
  s.ctx->resolver = s.accounts.get();
  s.bots = std::make_unique<BotsApi>(*s.store, *s.accounts, &s.ctx->online);
  s.ctx->bots = s.bots.get();
  s.tournament_host = std::make_unique<HubTournamentHost>(*s.hub);
  s.options.arenas.warn = [ctx = s.ctx](const std::string& text) { ctx->logs->warn(text); };
  s.arenas = std::make_unique<ArenaDirector>(*s.store, *s.tournament_host, s.options.arenas);
  s.tournaments = std::make_unique<TournamentsApi>(*s.store, *s.accounts, *s.tournament_host, *s.arenas);
  s.ctx->tournaments = s.tournaments.get();
  // Revocation: the accounts API's logouts, password changes and deletions reach the open
  // connections of the account at once through the site (join_site; the hub also checks every
  // second for changes made elsewhere, such as the admin command on the database).
  s.hub->set_session_resolver(s.accounts.get());
  s.ctx->web_root = std::filesystem::absolute(s.options.web_root);
  while (!s.options.public_origin.empty() && s.options.public_origin.back() == '/') s.options.public_origin.pop_back();
  if (!s.options.public_origin.empty() && !valid_public_origin(s.options.public_origin)) {
    *error = "--public-origin must be http(s)://HOST[:PORT] with no path: " + s.options.public_origin;
    return false;
  }
  s.listener = std::make_shared<Listener>(s.ioc, s.ctx);
  if (!s.listener->open(s.options.host, s.options.port, error)) return false;
  s.pages = std::make_unique<GamePages>(*s.hub, s.ctx->web_root, public_origin(s.options, s.listener->port()));
  if (s.options.mail.site_url.empty()) s.options.mail.site_url = public_origin(s.options, s.listener->port());
  s.options.mail.warn = [ctx = s.ctx](const std::string& text) { ctx->logs->warn(text); };
  s.mailer = std::make_unique<Mailer>([store = s.store.get()](const std::function<void(Sql&)>& work) { store->transact(work); },
                                      s.options.hub.clock ? *s.options.hub.clock : system_clock(), s.options.mail);
  s.accounts->set_mailer(s.mailer.get());
  s.ctx->pages = s.pages.get();
  try {
    s.hub->start();
  } catch (const std::exception& e) {
    *error = std::string("cannot resume the stored games: ") + e.what();
    return false;
  }
  join_site(s);
  s.mailer->start();
  s.arenas->start();
  s.listener->run();
  s.running = true;
  s.ctx->logs->debug("store " + s.store->kind() + ", " + std::to_string(std::max(1, s.options.threads)) +
                     " I/O threads, " + std::to_string(s.options.net.trusted_proxies.size()) + " trusted proxies, TLS " +
                     (s.ctx->tls ? "on" : "off") + ", web root " + s.ctx->web_root.string());
  for (int i = 0; i < std::max(1, s.options.threads); ++i)
    s.threads.emplace_back([&s] {
      for (;;) {
        try {
          s.ioc.run();
          break;
        } catch (const std::exception& e) {
          s.ctx->logs->warn(std::string("error in a handler: ") + e.what());  // keep serving
        }
      }
    });
  return true;
}

uint16_t Server::port() const { return impl_->listener ? impl_->listener->port() : 0; }

size_t Server::websocket_sessions() const { return impl_->ctx ? impl_->ctx->sessions.size() : 0; }

bool io_answers(net::io_context& ioc, std::chrono::milliseconds within) {
  struct Answer {
    std::mutex mutex;
    std::condition_variable cv;
    bool ran = false;
  };
  auto answer = std::make_shared<Answer>();  // the handler may run after the caller gave up
  net::post(ioc, [answer] {
    std::lock_guard lock(answer->mutex);
    answer->ran = true;
    answer->cv.notify_all();
  });
  std::unique_lock lock(answer->mutex);
  return answer->cv.wait_for(lock, within, [&] { return answer->ran; });
}

bool Server::responsive(std::chrono::milliseconds within) { return io_answers(impl_->ioc, within); }

void Server::warn(const std::string& text) {
  if (impl_ && impl_->ctx) impl_->ctx->logs->warn(text);
}

bool Server::reload_tls(std::string* error) {
  Impl& s = *impl_;
  if (!s.ctx || !s.ctx->tls) {
    *error = "the server does not use TLS";
    return false;
  }
  if (!s.ctx->tls_context.load(s.options.tls_cert, s.options.tls_key, error)) return false;
  s.ctx->logs->info("TLS certificate reloaded from " + s.options.tls_cert);
  return true;
}

void Server::stop() {
  Impl& s = *impl_;
  {
    std::lock_guard lock(s.mutex);
    if (!s.running) return;
    s.running = false;
  }
  // The drain: no new connections or upgrades; every session is told the server restarts;
  // what the store writer holds is committed; the sessions get a moment to close cleanly.
  s.listener->stop();
  s.ctx->draining = true;
  s.ctx->sessions.close_all("server restarting");
  s.site_handles.clear();  // no message of the site reaches the hub or the sessions from here on
  s.arenas->stop();  // no new arena game from here on
  s.tournaments->stop();
  s.hub->stop();
  s.accounts->stop();
  s.bots->stop();  // after the accounts' pool, which hands it resolved tokens
  s.mailer->stop();  // after the accounts' pool, which queues mails
  s.ctx->online.observe(nullptr);  // the site's rows of this server go with it (its goodbye)
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  while (s.ctx->sessions.size() > 0 && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  s.ioc.stop();
  for (auto& t : s.threads)
    if (t.joinable()) t.join();
  s.threads.clear();
  if (s.pages) s.pages->wait_for_pictures();  // they post their replies to the io_context
  s.cv.notify_all();
}

void Server::wait() {
  std::unique_lock lock(impl_->mutex);
  impl_->cv.wait(lock, [&] { return !impl_->running; });
}

}  // namespace yinsh::server
