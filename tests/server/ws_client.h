// Test clients: a blocking WebSocket client with timeouts and a one-shot HTTP client, both on
// Beast (test code only).
#pragma once

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace yinsh::test {

namespace beast = boost::beast;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using json = nlohmann::json;

struct HttpResult {
  int status = 0;
  json body;
  std::string text;
  std::string content_type;
  beast::http::fields headers;
};

inline HttpResult http_request(uint16_t port, beast::http::verb verb, const std::string& target,
                               const std::string& body = "",
                               const std::vector<std::pair<std::string, std::string>>& headers = {}) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  beast::http::request<beast::http::string_body> req{verb, target, 11};
  req.set(beast::http::field::host, "127.0.0.1");
  for (const auto& [k, v] : headers) req.set(k, v);
  req.body() = body;
  req.prepare_payload();
  beast::http::write(stream, req);
  beast::flat_buffer buf;
  beast::http::response_parser<beast::http::string_body> parser;
  parser.skip(verb == beast::http::verb::head);  // a HEAD answer has no body after its length
  beast::http::read(stream, buf, parser);
  const auto& res = parser.get();
  HttpResult r;
  r.status = res.result_int();
  r.text = res.body();
  r.headers = res.base();
  r.body = json::parse(r.text, nullptr, false);
  r.content_type = std::string(res[beast::http::field::content_type]);
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  return r;
}

class WsClient {
 public:
  // `receive_buffer` > 0: the socket's SO_RCVBUF, set before connecting (a client that reads
  // slowly, with little room in the kernel).
  // `headers`: sent with the upgrade request (a Cookie, an Origin).
  explicit WsClient(uint16_t port, int receive_buffer = 0,
                    std::vector<std::pair<std::string, std::string>> headers = {})
      : ws_(ioc_) {
    auto& sock = beast::get_lowest_layer(ws_).socket();
    sock.open(tcp::v4());
    if (receive_buffer > 0) sock.set_option(net::socket_base::receive_buffer_size(receive_buffer));
    sock.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    if (!headers.empty())
      ws_.set_option(beast::websocket::stream_base::decorator([headers](beast::websocket::request_type& req) {
        for (const auto& [k, v] : headers) req.set(k, v);
      }));
    ws_.handshake("127.0.0.1", "/ws");
  }
  void send(const json& j) { send_raw(j.dump()); }
  void send_raw(const std::string& s) {
    ws_.text(true);
    ws_.write(net::buffer(s));
  }
  // The next message, or nullopt after `ms` milliseconds (the client is then unusable).
  std::optional<json> recv(int ms = 10000) {
    bool done = false;
    beast::error_code ec;
    ws_.async_read(buf_, [&](beast::error_code e, size_t) {
      done = true;
      ec = e;
    });
    ioc_.restart();
    ioc_.run_for(std::chrono::milliseconds(ms));
    if (!done || ec) {
      closed_ = true;
      return std::nullopt;
    }
    json j = json::parse(beast::buffers_to_string(buf_.data()), nullptr, false);
    buf_.consume(buf_.size());
    ++received_;
    return j;
  }
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
  beast::websocket::close_reason close_reason() const { return ws_.reason(); }

 private:
  net::io_context ioc_;
  beast::websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buf_;
  bool closed_ = false;
  int received_ = 0;
};

}  // namespace yinsh::test
