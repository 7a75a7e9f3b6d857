// The test clients of ws_client.h, on Beast.
#include "ws_client.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

namespace yinsh::test {

namespace net = boost::asio;
using tcp = net::ip::tcp;

HttpResult http_request(uint16_t port, beast::http::verb verb, const std::string& target, const std::string& body,
                        const std::vector<std::pair<std::string, std::string>>& headers) {
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

struct WsClient::Impl {
  Impl() : ws(ioc) {}
  net::io_context ioc;
  beast::websocket::stream<beast::tcp_stream> ws;
  beast::flat_buffer buf;
};

WsClient::WsClient(uint16_t port, int receive_buffer, std::vector<std::pair<std::string, std::string>> headers)
    : impl_(std::make_unique<Impl>()) {
  auto& ws = impl_->ws;
  auto& sock = beast::get_lowest_layer(ws).socket();
  sock.open(tcp::v4());
  if (receive_buffer > 0) sock.set_option(net::socket_base::receive_buffer_size(receive_buffer));
  sock.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  if (!headers.empty())
    ws.set_option(beast::websocket::stream_base::decorator([headers](beast::websocket::request_type& req) {
      for (const auto& [k, v] : headers) req.set(k, v);
    }));
  ws.handshake("127.0.0.1", "/ws");
}

WsClient::~WsClient() = default;

void WsClient::send_raw(const std::string& s) {
  impl_->ws.text(true);
  impl_->ws.write(net::buffer(s));
}

std::optional<json> WsClient::recv(int ms) {
  bool done = false;
  beast::error_code ec;
  impl_->ws.async_read(impl_->buf, [&](beast::error_code e, size_t) {
    done = true;
    ec = e;
  });
  impl_->ioc.restart();
  impl_->ioc.run_for(std::chrono::milliseconds(ms));
  if (!done || ec) {
    closed_ = true;
    return std::nullopt;
  }
  json j = json::parse(beast::buffers_to_string(impl_->buf.data()), nullptr, false);
  impl_->buf.consume(impl_->buf.size());
  return j;
}

beast::websocket::close_reason WsClient::close_reason() const { return impl_->ws.reason(); }

}  // namespace yinsh::test
