// Test clients: a blocking WebSocket client with timeouts and a one-shot HTTP client (test
// code only). On Beast in ws_client.cpp, compiled once: a test that uses them parses only the
// few Beast types below and instantiates none of Beast's streams.
#pragma once

#include <boost/beast/http/field.hpp>
#include <boost/beast/http/fields.hpp>
#include <boost/beast/http/verb.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace yinsh::test {

namespace beast = boost::beast;
using json = nlohmann::json;

struct HttpResult {
  int status = 0;
  json body;
  std::string text;
  std::string content_type;
  beast::http::fields headers;
};

// One request to 127.0.0.1:`port` on a new connection; blocks until the whole answer is read.
HttpResult http_request(uint16_t port, beast::http::verb verb, const std::string& target, const std::string& body = "",
                        const std::vector<std::pair<std::string, std::string>>& headers = {});

class WsClient {
 public:
  // `receive_buffer` > 0: the socket's SO_RCVBUF, set before connecting (a client that reads
  // slowly, with little room in the kernel).
  // `headers`: sent with the upgrade request (a Cookie, an Origin).
  explicit WsClient(uint16_t port, int receive_buffer = 0,
                    std::vector<std::pair<std::string, std::string>> headers = {});
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  void send(const json& j) { send_raw(j.dump()); }
  void send_raw(const std::string& s);
  // The next message, or nullopt after `ms` milliseconds (the client is then unusable).
  std::optional<json> recv(int ms = 10000);
  // Reads until a message of `type` arrives; the messages before it are appended to `skipped`.
  std::optional<json> recv_type(const std::string& type, int ms = 10000, std::vector<json>* skipped = nullptr) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (true) {
      const int left = int(std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now()).count());
      if (left <= 0) return std::nullopt;
      auto m = recv(left);
      if (!m) return std::nullopt;
      if ((*m)["type"] == type) return m;
      if (skipped) skipped->push_back(*m);
    }
  }
  bool closed() const { return closed_; }
  // The close frame the server sent (code 0 if none arrived).
  beast::websocket::close_reason close_reason() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  bool closed_ = false;
};

}  // namespace yinsh::test
