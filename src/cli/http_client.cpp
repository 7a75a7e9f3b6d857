#include "http_client.h"

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>

namespace yinsh::cli {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

HttpResult http_call(const std::string& host, const std::string& port, const std::string& method,
                     const std::string& target, const std::string& body, const std::string& cookie, int timeout_s) {
  net::io_context ioc;
  tcp::resolver resolver(ioc);
  beast::tcp_stream stream(ioc);
  stream.expires_after(std::chrono::seconds(timeout_s));
  stream.connect(resolver.resolve(host, port));
  http::request<http::string_body> req{http::string_to_verb(method), target, 11};
  req.set(http::field::host, host);
  if (!body.empty()) req.set(http::field::content_type, "application/json");
  if (!cookie.empty()) req.set(http::field::cookie, cookie);
  req.body() = body;
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buf;
  http::response<http::string_body> res;
  http::read(stream, buf, res);
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  return {int(res.result_int()), std::move(res.body()), std::string(res[http::field::set_cookie])};
}

}  // namespace yinsh::cli
