// The login storm (login_storm.h): one connection per login, as a browser logging in would
// open, each from its account's own loopback address (127.0.0.2, .3, ...) so that the
// server's per-address limits see many clients, as a real storm would be; or all from one
// address (--login-source), while bystander addresses log in beside it. One I/O thread runs
// every login and the probe; a timer offers the logins that are due every 5 ms.
#include "login_storm.h"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <functional>
#include <memory>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "http_client.h"

namespace yinsh::cli {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using json = nlohmann::json;

const char* kPassword = "storm-password-1";

std::string account_name(const StormOptions& o, int i) { return o.prefix + std::to_string(i); }
std::string bystander_name(const StormOptions& o, int i) { return o.prefix + "b" + std::to_string(i); }

bool loopback_v4(const StormOptions& o) {
  const auto a = net::ip::make_address(o.host);
  return a.is_loopback() && a.is_v4();
}

// The address storm login `i` comes from (none: the system's choice).
std::optional<net::ip::address> storm_source(const StormOptions& o, long i) {
  if (!loopback_v4(o)) return std::nullopt;
  if (!o.source.empty()) return net::ip::make_address(o.source);
  if (o.sources <= 0) return std::nullopt;
  return net::ip::make_address_v4(0x7f000002u + uint32_t(i % o.accounts % o.sources));
}

// Bystander `i`'s address: the ones after --login-source (127.0.0.3, .4, ... after 127.0.0.2).
std::optional<net::ip::address> bystander_source(const StormOptions& o, int i) {
  if (!loopback_v4(o) || o.source.empty()) return std::nullopt;
  return net::ip::make_address_v4(net::ip::make_address_v4(o.source).to_uint() + 1 + uint32_t(i));
}

double since(StormClock::time_point t0, StormClock::time_point t) { return std::chrono::duration<double>(t - t0).count(); }

void note_error(StormReport& r, const std::string& what) {
  if (r.first_errors.size() < 5) r.first_errors.push_back(what.substr(0, 300));
}

// One HTTP exchange on a fresh connection (bound to `source` when it is set); `done` gets the
// status (0: a network error or the timeout) and the body.
class Exchange : public std::enable_shared_from_this<Exchange> {
 public:
  using Done = std::function<void(int status, const std::string& body)>;
  Exchange(net::io_context& ioc, http::request<http::string_body> req, int timeout_s, Done done)
      : stream_(ioc), req_(std::move(req)), timeout_s_(timeout_s), done_(std::move(done)) {}

  void start(const tcp::endpoint& server, const std::optional<net::ip::address>& source) {
    auto& sock = stream_.socket();
    beast::error_code ec;
    sock.open(server.protocol(), ec);
    if (!ec && source) sock.bind({*source, 0}, ec);
    if (ec) return finish(0, "bind: " + ec.message());
    stream_.expires_after(std::chrono::seconds(timeout_s_));
    stream_.async_connect(server, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return self->finish(0, "connect: " + ec.message());
      http::async_write(self->stream_, self->req_, [self](beast::error_code ec, size_t) {
        if (ec) return self->finish(0, "write: " + ec.message());
        http::async_read(self->stream_, self->buf_, self->res_, [self](beast::error_code ec, size_t) {
          if (ec) return self->finish(0, "read: " + ec.message());
          beast::error_code ignored;
          self->stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
          self->set_cookie_ = std::string(self->res_[http::field::set_cookie]);
          self->finish(int(self->res_.result_int()), self->res_.body());
        });
      });
    });
  }
  const std::string& set_cookie() const { return set_cookie_; }

 private:
  void finish(int status, const std::string& body) {
    if (done_) std::exchange(done_, nullptr)(status, body);
  }
  beast::tcp_stream stream_;
  http::request<http::string_body> req_;
  beast::flat_buffer buf_;
  http::response<http::string_body> res_;
  int timeout_s_;
  Done done_;
  std::string set_cookie_;
};

http::request<http::string_body> request(http::verb verb, const std::string& target, const std::string& host,
                                         const std::string& body, const std::string& cookie = {}) {
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, host);
  if (!cookie.empty()) req.set(http::field::cookie, cookie);
  if (!body.empty()) req.set(http::field::content_type, "application/json");
  req.body() = body;
  req.prepare_payload();
  return req;
}

std::string cookie_of(const std::string& set_cookie) { return set_cookie.substr(0, set_cookie.find(';')); }

// One blocking exchange from `source`: the status, the body and the Set-Cookie header.
struct Answer {
  int status = 0;
  std::string body, set_cookie;
};
Answer call_from(const StormOptions& o, const std::optional<net::ip::address>& source, const std::string& target,
                 const std::string& body) {
  net::io_context ioc;
  Answer a;
  auto x = std::make_shared<Exchange>(ioc, request(http::verb::post, target, o.host, body), o.timeout_s,
                                      [&](int status, const std::string& text) { a.status = status, a.body = text; });
  x->start(tcp::endpoint(net::ip::make_address(o.host), o.port), source);
  ioc.run();
  a.set_cookie = x->set_cookie();
  return a;
}

// Registers `name` from `source`, or logs into it when a previous run made it: its session cookie.
std::string ensure_account(const StormOptions& o, const std::string& name, const std::optional<net::ip::address>& source) {
  const std::string body = json{{"name", name}, {"password", kPassword}}.dump();
  Answer r = call_from(o, source, "/api/account/register", body);
  if (r.status == 409) r = call_from(o, source, "/api/account/login", body);
  if (r.status != 200 && r.status != 201)
    throw std::runtime_error("account " + name + ": HTTP " + std::to_string(r.status) + " " + r.body.substr(0, 200));
  return cookie_of(r.set_cookie);
}

}  // namespace

std::vector<std::string> prepare_storm_accounts(const StormOptions& o) {
  std::vector<std::string> sessions;
  for (int i = 0; i < o.accounts; ++i) sessions.push_back(ensure_account(o, account_name(o, i), storm_source(o, i)));
  for (int i = 0; i < o.bystanders; ++i) ensure_account(o, bystander_name(o, i), bystander_source(o, i));
  return sessions;
}

StormReport run_login_storm(const StormOptions& o, const std::vector<std::string>& sessions,
                            StormClock::time_point t0, const std::atomic<bool>& stop) {
  StormReport rep;
  net::io_context ioc;
  const tcp::endpoint server(net::ip::make_address(o.host), o.port);
  const long total = long(o.rate * o.seconds);
  long pending = 0;
  auto login = [&](long i) {
    const int a = int(i % o.accounts);
    const std::string body = json{{"name", account_name(o, a)}, {"password", kPassword}}.dump();
    const auto sent = StormClock::now();
    ++pending;
    ++rep.offered;
    auto x = std::make_shared<Exchange>(
        ioc, request(http::verb::post, "/api/account/login", o.host, body), o.timeout_s,
        [&, sent](int status, const std::string& text) {
          --pending;
          const auto now = StormClock::now();
          rep.ended_s = since(t0, now);
          if (status == 200) {
            ++rep.ok;
            rep.login_ms.push_back(std::chrono::duration<double, std::milli>(now - sent).count());
            return;
          }
          (status == 429 ? rep.throttled : status == 503 ? rep.busy : status == 0 ? rep.network : rep.other)++;
          note_error(rep, "login: " + (status ? "HTTP " + std::to_string(status) + " " : std::string()) + text);
        });
    x->start(server, storm_source(o, i));
  };
  // A bystander's login: from its own address, into its own account; one at a time, the next
  // 500 ms after the answer (a person retrying, never a storm of its own).
  std::vector<bool> bystander_busy(size_t(std::max(0, o.bystanders)), false);
  std::vector<StormClock::time_point> bystander_next(bystander_busy.size(), StormClock::time_point{});
  auto bystander_login = [&](int b) {
    const std::string body = json{{"name", bystander_name(o, b)}, {"password", kPassword}}.dump();
    const auto sent = StormClock::now();
    ++pending;
    bystander_busy[size_t(b)] = true;
    auto x = std::make_shared<Exchange>(ioc, request(http::verb::post, "/api/account/login", o.host, body), o.timeout_s,
                                        [&, sent, b](int status, const std::string& text) {
                                          --pending;
                                          const auto now = StormClock::now();
                                          bystander_busy[size_t(b)] = false;
                                          bystander_next[size_t(b)] = now + std::chrono::milliseconds(500);
                                          if (status != 200) {
                                            ++rep.bystander_failed;
                                            return note_error(rep, "bystander: HTTP " + std::to_string(status) + " " + text);
                                          }
                                          ++rep.bystander_ok;
                                          rep.bystander_ms.push_back(
                                              std::chrono::duration<double, std::milli>(now - sent).count());
                                        });
    x->start(server, bystander_source(o, b));
  };
  // The storm: every 5 ms, the logins due by then.
  net::steady_timer tick(ioc), probe_timer(ioc);
  const auto begin = t0 + std::chrono::duration_cast<StormClock::duration>(std::chrono::duration<double>(o.start_s));
  long offered = 0;
  std::function<void()> on_tick = [&] {
    const auto now = StormClock::now();
    if (stop) return ioc.stop();
    if (now >= begin) {
      if (offered == 0) rep.began_s = since(t0, now);
      const long due = std::min(total, long(since(begin, now) * o.rate) + 1);
      while (offered < due) login(offered++);
      if (offered < total)
        for (int b = 0; b < o.bystanders; ++b)
          if (!bystander_busy[size_t(b)] && now >= bystander_next[size_t(b)]) bystander_login(b);
    }
    if (offered >= total) {
      if (pending == 0) return ioc.stop();
    }
    tick.expires_after(std::chrono::milliseconds(5));
    tick.async_wait([&](beast::error_code ec) {
      if (!ec) on_tick();
    });
  };
  // The probe: what a logged-in player's request waits for on the accounts pool.
  std::function<void()> on_probe = [&] {
    if (!sessions.empty()) {
      const auto sent = StormClock::now();
      auto x = std::make_shared<Exchange>(ioc, request(http::verb::get, "/api/account/me", o.host, {}, sessions[0]),
                                          o.timeout_s, [&, sent](int status, const std::string& text) {
                                            const auto now = StormClock::now();
                                            if (status != 200) return note_error(rep, "probe: " + text);
                                            rep.probe_at_s.push_back(since(t0, sent));
                                            rep.probe_ms.push_back(
                                                std::chrono::duration<double, std::milli>(now - sent).count());
                                          });
      x->start(server, std::nullopt);
    }
    probe_timer.expires_after(std::chrono::milliseconds(100));
    probe_timer.async_wait([&](beast::error_code ec) {
      if (!ec) on_probe();
    });
  };
  on_tick();
  on_probe();
  ioc.run();
  return rep;
}

}  // namespace yinsh::cli
