// A connection to the TLS port (--tls-cert) may speak plain HTTP: a browser given
// http://host:port of an HTTPS-only server. The first byte says which: a TLS client starts
// with a handshake record (0x16, RFC 8446 5.1); anything else is answered as HTTP with a
// redirect to the same host, port and path over https (308: the method and body are kept),
// then closed. The byte is peeked (MSG_PEEK), so the TLS session reads it again.
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cctype>
#include <chrono>

#include "server/net/security_headers.h"
#include "server/net/sessions.h"

namespace yinsh::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

constexpr unsigned char kTlsHandshakeRecord = 0x16;

// Host (and port) of the request, when it can be put into an https URL as it is.
bool usable_host(std::string_view host) {
  if (host.empty() || host.size() > 255) return false;
  for (char c : host)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == ':' || c == '[' || c == ']'))
      return false;
  return true;
}

// Reads one request header and answers it with a redirect (400 without a usable Host).
class HttpsRedirect : public std::enable_shared_from_this<HttpsRedirect> {
 public:
  HttpsRedirect(tcp::socket&& socket, Context& ctx, std::shared_ptr<ConnectionTicket> ticket)
      : stream_(std::move(socket)), ctx_(ctx), ticket_(std::move(ticket)),
        started_(std::chrono::steady_clock::now()) {}

  void run() {
    parser_.header_limit(16 * 1024);
    stream_.expires_after(std::chrono::seconds(30));
    http::async_read_header(stream_, buffer_, parser_,
                            [self = shared_from_this()](beast::error_code ec, size_t) { self->on_header(ec); });
  }

 private:
  void on_header(beast::error_code ec) {
    if (ec) return;  // not HTTP either, or gone: the socket closes with the session
    const auto& req = parser_.get();
    const std::string host(req[http::field::host]);
    std::string target(req.target());
    if (target.empty() || target[0] != '/') target = "/";
    res_.version(req.version());
    res_.set(http::field::server, "yinsh");
    res_.set(http::field::content_type, "text/plain; charset=utf-8");
    for (const auto& h : kSecurityHeaders) res_.set(h.name, h.value);
    if (usable_host(host)) {
      const std::string location = "https://" + host + target;
      res_.result(http::status::permanent_redirect);
      res_.set(http::field::location, location);
      res_.body() = "This server speaks HTTPS only: " + location + "\n";
    } else {
      res_.result(http::status::bad_request);
      res_.body() = "This server speaks HTTPS only; the request has no usable Host header.\n";
    }
    res_.keep_alive(false);
    res_.prepare_payload();
    ctx_.logs->http(ticket_->address(), std::string(req.method_string()), target, res_.result_int(),
                    std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started_).count(),
                    res_.body().size());
    http::async_write(stream_, res_, [self = shared_from_this()](beast::error_code e, size_t) {
      if (e) return;
      // What the client still sends (a body) is read and dropped for 2 s at most, so that
      // closing with unread data does not reset the connection before the answer is read.
      self->stream_.socket().shutdown(tcp::socket::shutdown_send, e);
      self->stream_.expires_after(std::chrono::seconds(2));
      self->drain();
    });
  }

  void drain() {
    stream_.async_read_some(net::buffer(sink_), [self = shared_from_this()](beast::error_code ec, size_t) {
      if (!ec) self->drain();  // the destructor closes the socket
    });
  }

  beast::tcp_stream stream_;
  Context& ctx_;
  std::shared_ptr<ConnectionTicket> ticket_;
  std::chrono::steady_clock::time_point started_;
  beast::flat_buffer buffer_;
  http::request_parser<http::empty_body> parser_;
  http::response<http::string_body> res_;
  char sink_[512];
};

// Waits (30 s at most) for the connection's first byte, then starts the TLS session or the
// redirect.
class FirstByte : public std::enable_shared_from_this<FirstByte> {
 public:
  FirstByte(tcp::socket&& socket, Context& ctx, std::shared_ptr<ConnectionTicket> ticket)
      : socket_(std::move(socket)), timer_(socket_.get_executor()), ctx_(ctx), ticket_(std::move(ticket)) {}

  void run() {
    timer_.expires_after(std::chrono::seconds(30));
    timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->socket_.close(ec);  // silent: the wait below ends with an error
    });
    socket_.async_wait(tcp::socket::wait_read,
                       [self = shared_from_this()](beast::error_code ec) { self->on_readable(ec); });
  }

 private:
  void on_readable(beast::error_code ec) {
    timer_.cancel();
    if (ec) return;
    unsigned char first = 0;
    if (socket_.receive(net::buffer(&first, 1), tcp::socket::message_peek, ec) != 1 || ec) return;
    if (first != kTlsHandshakeRecord)
      return std::make_shared<HttpsRedirect>(std::move(socket_), ctx_, std::move(ticket_))->run();
    auto tls = ctx_.tls_context.current();
    ticket_->keep(tls);
    run_http_session(TlsStream(std::move(socket_), *tls), ctx_, std::move(ticket_));
  }

  tcp::socket socket_;
  net::steady_timer timer_;
  Context& ctx_;
  std::shared_ptr<ConnectionTicket> ticket_;
};

}  // namespace

void run_tls_or_redirect(tcp::socket&& socket, Context& ctx, std::shared_ptr<ConnectionTicket> ticket) {
  std::make_shared<FirstByte>(std::move(socket), ctx, std::move(ticket))->run();
}

}  // namespace yinsh::server
