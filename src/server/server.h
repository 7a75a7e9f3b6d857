// Server: `yinsh serve` as an object. Owns the io_context and its threads, the store and the
// hub; listens on host:port for HTTP (static UI, JSON API) and WebSocket (/ws). No Beast or
// Asio in this header, so the CLI and tests can include it cheaply.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "hub.h"

namespace yinsh::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 8080;  // 0: any free port (see Server::port())
  std::string db = "yinsh.db";  // SQLite file, or a PostgreSQL connection string
  std::string web_root = "web/dist";
  int threads = 2;  // I/O threads
  HubOptions hub;
};

class Server {
 public:
  explicit Server(ServerOptions options);
  ~Server();  // stops
  // Opens the store, resumes the unfinished games, binds and starts the I/O threads.
  bool start(std::string* error);
  uint16_t port() const;
  void stop();  // thread-safe; returns when the threads are joined
  void wait();  // blocks until stop() (e.g. from a signal handler thread)

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace yinsh::server
