// The listener, shaped like Beast's advanced_server example: connection caps per address, back-off
// when file descriptors run out, TLS or plain (plain HTTP on the TLS port is redirected to
// https: https_redirect.cpp), one HTTP session per connection
// (http_session.cpp), upgraded to a WebSocket session on /ws (ws_session.cpp).
#include "server/net/listener.h"

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <future>

#include "server/net/sessions.h"

namespace yinsh::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;
using error_code = boost::system::error_code;


static bool out_of_descriptors(const error_code& ec) {
  return ec == net::error::no_descriptors || ec == boost::system::errc::too_many_files_open_in_system ||
         ec == net::error::no_buffer_space || ec == net::error::no_memory;
}

class Listener::Impl : public std::enable_shared_from_this<Listener::Impl> {
 public:
  Impl(net::io_context& ioc, std::shared_ptr<Context> ctx)
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
    if (ctx_.tls) return run_tls_or_redirect(std::move(s), ctx_, std::move(ticket));
    run_http_session(PlainStream(std::move(s)), ctx_, std::move(ticket));
  }

  net::io_context& ioc_;
  tcp::acceptor acceptor_;
  net::steady_timer backoff_timer_;
  std::shared_ptr<Context> shared_;
  Context& ctx_;
  int backoff_ms_ = 0;
};


Listener::Listener(net::io_context& ioc, std::shared_ptr<Context> ctx)
    : impl_(std::make_shared<Impl>(ioc, std::move(ctx))) {}

Listener::~Listener() = default;

bool Listener::open(const std::string& host, uint16_t port, std::string* error) {
  error_code ec;
  const auto address = net::ip::make_address(host, ec);
  if (ec) {
    *error = "bad host address " + host;
    return false;
  }
  return impl_->open({address, port}, error);
}

uint16_t Listener::port() const { return impl_->port(); }
void Listener::run() { impl_->run(); }
void Listener::stop() { impl_->stop(); }

}  // namespace yinsh::server
