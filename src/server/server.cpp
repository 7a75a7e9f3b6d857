// The server as one object: where the modules are wired together. It opens the store (with
// the SQLite lock), makes the hub, the accounts API and the game pages, hands them to the
// network layer (net/: the listener and its sessions) and runs the I/O threads; and it drains
// at shutdown. Everything about games is the hub's business.
#include "server/server.h"

#include <boost/asio/io_context.hpp>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <thread>

#include "server/accounts/accounts_api.h"
#include "server/db/db_lock.h"
#include "server/pages/game_pages.h"
#include "server/net/listener.h"
#include "server/net/net_context.h"
#include "server/store/store.h"

namespace yinsh::server {

namespace net = boost::asio;


// ---------------------------------------------------------------------------- Server

namespace {

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
  std::unique_ptr<Hub> hub;
  std::unique_ptr<AccountsApi> accounts;
  std::unique_ptr<GamePages> pages;
  // Shared with every session (through its ConnectionTicket): sessions still pending when the
  // io_context is destroyed, last, may touch it.
  std::shared_ptr<Context> ctx;
  std::shared_ptr<Listener> listener;
  std::vector<std::thread> threads;
  std::mutex mutex;
  std::condition_variable cv;
  bool running = false;
};

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
  s.ctx = std::make_shared<Context>(s.options.net, s.options.log_level);
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
  s.options.hub.metrics = &s.ctx->metrics;
  s.hub = std::make_unique<Hub>(s.ioc, *s.store, s.options.hub);
  s.ctx->hub = s.hub.get();
  s.accounts = std::make_unique<AccountsApi>(*s.store, &s.ctx->online, s.options.accounts);
  s.ctx->accounts = s.accounts.get();
  s.ctx->resolver = s.accounts.get();
  // Revocation: the accounts API's logouts, password changes and deletions reach the open
  // connections of the account at once (Hub::account_changed; the hub also checks every
  // second for changes made elsewhere).
  s.hub->set_session_resolver(s.accounts.get());
  s.accounts->on_account_changed([hub = s.hub.get()](const std::string& account) { hub->account_changed(account); });
  s.ctx->web_root = std::filesystem::absolute(s.options.web_root);
  while (!s.options.public_origin.empty() && s.options.public_origin.back() == '/') s.options.public_origin.pop_back();
  if (!s.options.public_origin.empty() && !valid_public_origin(s.options.public_origin)) {
    *error = "--public-origin must be http(s)://HOST[:PORT] with no path: " + s.options.public_origin;
    return false;
  }
  s.listener = std::make_shared<Listener>(s.ioc, s.ctx);
  if (!s.listener->open(s.options.host, s.options.port, error)) return false;
  s.pages = std::make_unique<GamePages>(*s.hub, s.ctx->web_root, public_origin(s.options, s.listener->port()));
  s.ctx->pages = s.pages.get();
  try {
    s.hub->start();
  } catch (const std::exception& e) {
    *error = std::string("cannot resume the stored games: ") + e.what();
    return false;
  }
  s.listener->run();
  s.running = true;
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
  s.hub->stop();
  s.accounts->stop();
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  while (s.ctx->sessions.size() > 0 && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  s.ioc.stop();
  for (auto& t : s.threads)
    if (t.joinable()) t.join();
  s.threads.clear();
  wait_for_pictures();  // they post their replies to the io_context
  s.cv.notify_all();
}

void Server::wait() {
  std::unique_lock lock(impl_->mutex);
  impl_->cv.wait(lock, [&] { return !impl_->running; });
}

}  // namespace yinsh::server
