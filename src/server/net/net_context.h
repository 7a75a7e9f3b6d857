// What the network layer's sessions share (server.cpp, http_session.cpp, ws_session.cpp):
// the hub, the limits and their table, metrics, logs, and the set of open WebSocket sessions
// (for the drain at shutdown). No Beast or Asio here.
#pragma once

#include <atomic>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/net/access_log.h"
#include "server/hub/hub.h"
#include "server/common/key_rate.h"
#include "server/common/metrics.h"
#include "server/net/net_limits.h"
#include "server/common/online_players.h"
#include "server/net/tls.h"

namespace yinsh::server {

struct Context;

// One admitted connection: counted in the AddressTable and in a metrics gauge until the last
// owner (the HTTP session, then the WebSocket session it became) lets go. It holds the
// Context, so that whatever a session touches lives as long as the session (sessions may be
// destroyed with the io_context, after the Server's other members).
class ConnectionTicket {
 public:
  ConnectionTicket(std::shared_ptr<Context> ctx, std::string address, std::atomic<int64_t>* gauge);
  ~ConnectionTicket();
  ConnectionTicket(const ConnectionTicket&) = delete;
  ConnectionTicket& operator=(const ConnectionTicket&) = delete;
  // Moves the connection from one gauge to another (HTTP -> WebSocket).
  void count_as(std::atomic<int64_t>* gauge) {
    gauge_->fetch_sub(1);
    gauge_ = gauge;
    gauge_->fetch_add(1);
  }
  const std::string& address() const { return address_; }
  void keep(std::shared_ptr<void> tls) { tls_ = std::move(tls); }
  Context& context() const { return *ctx_; }

 private:
  std::shared_ptr<Context> ctx_;
  std::shared_ptr<void> tls_;  // the TLS context the connection was made with
  std::string address_;
  std::atomic<int64_t>* gauge_;
};

// A WebSocket session as the drain sees it.
class Drainable {
 public:
  virtual ~Drainable() = default;
  // Thread-safe: closes the connection with the given reason (WebSocket close code 1001).
  virtual void close_going_away(const std::string& reason) = 0;
};

class SessionSet {
 public:
  void add(const std::shared_ptr<Drainable>& s) {
    std::lock_guard lock(mutex_);
    sessions_[s.get()] = s;
  }
  void remove(Drainable* s) {
    std::lock_guard lock(mutex_);
    sessions_.erase(s);
  }
  void close_all(const std::string& reason) {
    std::map<Drainable*, std::weak_ptr<Drainable>> copy;
    {
      std::lock_guard lock(mutex_);
      copy = sessions_;
    }
    for (auto& [p, w] : copy)
      if (auto s = w.lock()) s->close_going_away(reason);
  }
  size_t size() const {
    std::lock_guard lock(mutex_);
    return sessions_.size();
  }

 private:
  mutable std::mutex mutex_;
  std::map<Drainable*, std::weak_ptr<Drainable>> sessions_;
};

struct Context {
  Context(const NetLimits& l, const std::string& log_level, const std::string& log_format = "json")
      : limits(l), trusted(AddressRanges::lenient(l.trusted_proxies)),
        metrics_from(AddressRanges::lenient(l.metrics_allowed())), addresses(l),
        logs(std::make_unique<Logs>(log_level, log_format)) {}
  Hub* hub = nullptr;  // set once the hub exists; sessions use it while the server runs
  // The routes answered by other modules than the hub, set with it by the server (server.cpp):
  HttpRoutes* accounts = nullptr;     // /api/account/..., player pages, leaderboard, online
  SessionResolver* resolver = nullptr;  // the session cookie's account
  HttpRoutes* pages = nullptr;        // pictures and link previews of games (GET only)
  HttpRoutes* bots = nullptr;         // /api/bot/..., /api/bots
  HttpRoutes* tournaments = nullptr;  // /api/tournaments...
  HttpRoutes* test_clock = nullptr;   // /api/test/clock: only with --test-clock
  std::filesystem::path web_root;
  NetLimits limits;
  AddressRanges trusted;  // --trusted-proxy: whose X-Forwarded-For and X-Forwarded-Proto are believed
  AddressRanges metrics_from;  // --metrics-from: who may read /metrics
  AddressTable addresses;
  Metrics metrics;
  std::unique_ptr<Logs> logs;
  // Requests whose answer costs far more than a request (docs/server.md, "Abuse limits"),
  // limited per client address besides the global limits of the work they start:
  // POST /api/reports: a game report of an uploaded record. Its burst is below the global
  // one (HubOptions::upload_burst, 5), so one address never spends every client's uploads.
  KeyRate uploads{1.0 / 60, 2};
  KeyRate animations{0.2, 4};     // GET /game/ID.gif: tens of pictures drawn
  KeyRate records{0.5, 10};       // GET /api/players/NAME/records: every game of a player
  SessionSet sessions;
  OnlinePlayers online;  // accounts with an open WebSocket connection (GET /api/online)
  bool tls = false;  // every connection is TLS (HTTPS, WSS), with tls_context's current one
  TlsContext tls_context;
  std::atomic<bool> draining = false;  // SIGTERM: new upgrades refused, sessions closing
};

inline ConnectionTicket::ConnectionTicket(std::shared_ptr<Context> ctx, std::string address,
                                          std::atomic<int64_t>* gauge)
    : ctx_(std::move(ctx)), address_(std::move(address)), gauge_(gauge) {
  gauge_->fetch_add(1);
}

inline ConnectionTicket::~ConnectionTicket() {
  gauge_->fetch_sub(1);
  ctx_->addresses.release(address_);
}

}  // namespace yinsh::server
