// The network layer, shaped like Beast's advanced_server / chat-multi examples: a listener,
// one HTTP session per connection (http_session.cpp), upgraded to a WebSocket session on /ws
// (ws_session.cpp). Everything about games is the Hub's business. This file: the listener
// (connection caps, back-off when file descriptors run out), the server's start (with the
// SQLite lock) and its drain at shutdown.
#include "server.h"

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <condition_variable>
#include <future>
#include <iostream>
#include <mutex>
#include <thread>

#include "accounts_api.h"
#include "db_lock.h"
#include "game_pages.h"
#include "sessions.h"
#include "store.h"

namespace yinsh::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;
using error_code = boost::system::error_code;

namespace {

bool out_of_descriptors(const error_code& ec) {
  return ec == net::error::no_descriptors || ec == boost::system::errc::too_many_files_open_in_system ||
         ec == net::error::no_buffer_space || ec == net::error::no_memory;
}

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(net::io_context& ioc, std::shared_ptr<Context> ctx)
      : ioc_(ioc), acceptor_(net::make_strand(ioc)), backoff_timer_(acceptor_.get_executor()), shared_(std::move(ctx)),
        ctx_(*shared_) {}

  bool open(const tcp::endpoint& ep, std::string* error) {
    error_code ec;
    acceptor_.open(ep.protocol(), ec);
    if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor_.bind(ep, ec);
    if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
    if (ec) {
      *error = "cannot listen on " + ep.address().to_string() + ":" + std::to_string(ep.port()) + ": " + ec.message();
      return false;
    }
    return true;
  }
  uint16_t port() const { return acceptor_.local_endpoint().port(); }
  void run() { do_accept(); }
  // Thread-safe; returns once the acceptor is closed.
  void stop() {
    std::promise<void> closed;
    net::post(acceptor_.get_executor(), [self = shared_from_this(), &closed] {
      error_code ec;
      self->acceptor_.close(ec);
      self->backoff_timer_.cancel();
      closed.set_value();
    });
    closed.get_future().wait();
  }

 private:
  void do_accept() {
    acceptor_.async_accept(net::make_strand(ioc_), [self = shared_from_this()](error_code ec, tcp::socket s) {
      self->on_accept(ec, std::move(s));
    });
  }

  void on_accept(error_code ec, tcp::socket s) {
    if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;
    if (out_of_descriptors(ec)) {
      // The pending connection stays in the backlog; retrying at once would spin. Wait,
      // doubling from 10 ms to 1 s, while sessions close and free descriptors.
      ctx_.metrics.accept_errors.fetch_add(1);
      if (backoff_ms_ == 0) ctx_.logs->warn("accept failed (" + ec.message() + "): backing off");
      backoff_ms_ = backoff_ms_ == 0 ? 10 : std::min(1000, backoff_ms_ * 2);
      backoff_timer_.expires_after(std::chrono::milliseconds(backoff_ms_));
      backoff_timer_.async_wait([self = shared_from_this()](error_code e) {
        if (!e && self->acceptor_.is_open()) self->do_accept();
      });
      return;
    }
    if (backoff_ms_ != 0 && !ec) {
      ctx_.logs->info("accepting again");
      backoff_ms_ = 0;
    }
    if (!ec) admit(std::move(s));
    do_accept();
  }

  void admit(tcp::socket s) {
    error_code ec;
    const auto peer = s.remote_endpoint(ec);
    if (ec) return;  // already gone
    s.set_option(tcp::no_delay(true), ec);
    const std::string address = peer.address().to_string();
    if (auto refused = ctx_.addresses.admit(address)) {
      ctx_.metrics.connections_refused.fetch_add(1);
      ctx_.logs->http(address, "-", "-", 503, 0, 0);
      return refuse_connection(std::move(s), *refused);
    }
    auto ticket = std::make_shared<ConnectionTicket>(shared_, address, &ctx_.metrics.http_connections);
    if (ctx_.tls) {
      auto tls = ctx_.tls_context.current();
      ticket->keep(tls);
      return run_http_session(TlsStream(std::move(s), *tls), ctx_, std::move(ticket));
    }
    run_http_session(PlainStream(std::move(s)), ctx_, std::move(ticket));
  }

  net::io_context& ioc_;
  tcp::acceptor acceptor_;
  net::steady_timer backoff_timer_;
  std::shared_ptr<Context> shared_;
  Context& ctx_;
  int backoff_ms_ = 0;
};

}  // namespace

// ---------------------------------------------------------------------------- Server

struct Server::Impl {
  ServerOptions options;
  net::io_context ioc;
  std::unique_ptr<DbLock> db_lock;
  std::unique_ptr<Store> store;
  std::unique_ptr<Hub> hub;
  std::unique_ptr<AccountsApi> accounts;
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
  s.accounts = std::make_unique<AccountsApi>(*s.store, &s.ctx->online);
  s.ctx->accounts = s.accounts.get();
  s.ctx->web_root = std::filesystem::absolute(s.options.web_root);
  error_code ec;
  const auto address = net::ip::make_address(s.options.host, ec);
  if (ec) {
    *error = "bad host address " + s.options.host;
    return false;
  }
  s.listener = std::make_shared<Listener>(s.ioc, s.ctx);
  if (!s.listener->open({address, s.options.port}, error)) return false;
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
