// Listener: accepts connections on host:port and runs an HTTP session for each (the
// network layer's entry; sessions reach the rest of the server through the Context). No Beast
// or Asio in this header beyond the io_context's name.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace boost::asio {
class io_context;
}

namespace yinsh::server {

struct Context;

class Listener {
 public:
  Listener(boost::asio::io_context& ioc, std::shared_ptr<Context> ctx);
  ~Listener();
  // Binds and listens; false with `error` when the address is bad or taken.
  bool open(const std::string& host, uint16_t port, std::string* error);
  uint16_t port() const;
  void run();   // starts accepting (on the io_context's threads)
  void stop();  // thread-safe; returns once the acceptor is closed

  struct Impl;

 private:
  std::shared_ptr<Impl> impl_;
};

}  // namespace yinsh::server
