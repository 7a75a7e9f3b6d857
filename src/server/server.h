// Server: `yinsh serve` as an object. Owns the io_context and its threads, the store and the
// hub; listens on host:port for HTTP (static UI, JSON API) and WebSocket (/ws). No Beast or
// Asio in this header, so the CLI and tests can include it cheaply.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "server/accounts/accounts_api.h"
#include "server/hub/hub.h"
#include "server/mail/mailer.h"
#include "server/net/net_limits.h"
#include "server/site/pg_site.h"
#include "server/tournaments/arena_director.h"

namespace boost::asio {
class io_context;
}

namespace yinsh::server {

// Whether the threads running `ioc` run a handler posted now within `within` (the watchdog's
// probe: false while every one of them is stuck). Blocks the caller for up to `within`.
bool io_answers(boost::asio::io_context& ioc, std::chrono::milliseconds within);

struct ServerOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 8080;  // 0: any free port (see Server::port())
  std::string db = "yinsh.db";  // SQLite file, or a PostgreSQL connection string
  std::string web_root = "web/dist";
  int threads = 2;  // I/O threads
  std::string log_level = "info";  // trace, debug, info (with the access log), warn, error, off
  std::string log_format = "json";  // json or text: the lines other than the access log's
  NetLimits net;
  std::string tls_cert, tls_key;  // both set: HTTPS and WSS only (PEM files)
  // Where people reach the server ("https://yinsh.example.org"): the absolute URLs of link
  // previews. Empty: http(s)://HOST:PORT of the listening socket (localhost for 0.0.0.0 / ::).
  std::string public_origin;
  HubOptions hub;
  PgSiteOptions site;  // with PostgreSQL: the site's heartbeat and lease (docs/server.md "One site")
  AccountLimits accounts;
  // The site's mail (server/mail/mailer.h): no relay (mail.relay.url empty), no mail. Its
  // site_url defaults to the public origin.
  MailOptions mail;
  ArenaDirectorOptions arenas;  // how often arenas are paired, the pairing lease
  // Scheduled arenas (server/tournaments/arena_schedule.h), read into arenas.schedules at start.
  std::vector<std::string> arena_schedule;
  // For tests only: the games' clock is a ManualClock that POST /api/test/clock moves forward.
  bool test_clock = false;
};

class Server {
 public:
  explicit Server(ServerOptions options);
  ~Server();  // stops
  // Opens the store, resumes the unfinished games, binds and starts the I/O threads.
  bool start(std::string* error);
  uint16_t port() const;
  // Thread-safe; drains (stops accepting, closes every WebSocket session with code 1001 and
  // reason "server restarting", commits what the store writer holds) and returns when the
  // threads are joined.
  void stop();
  size_t websocket_sessions() const;  // open now
  // Loads the TLS certificate and key again (SIGHUP); new connections use them, open ones go
  // on with the old. False (the old ones stay) if they cannot be loaded.
  bool reload_tls(std::string* error);
  // A warning in the server's log (its format): for the front end's own remarks once started.
  void warn(const std::string& text);
  // io_answers() of the I/O threads: what `yinsh serve` asks before each watchdog ping.
  bool responsive(std::chrono::milliseconds within);
  void wait();  // blocks until stop() (e.g. from a signal handler thread)

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace yinsh::server
