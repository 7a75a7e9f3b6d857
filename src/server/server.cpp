// The network layer, shaped like Beast's advanced_server / chat-multi examples: a listener,
// one HTTP session per connection (static files and the JSON API), upgraded to a WebSocket
// session on /ws, each session on its own strand with its own write queue. Everything about
// games is the Hub's business; this file only moves bytes and enforces size limits.
#include "server.h"

#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/version.hpp>
#include <boost/beast/websocket.hpp>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <thread>

#include "store.h"

namespace yinsh::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

constexpr size_t kMaxFrame = 16 * 1024;
constexpr size_t kMaxBody = 64 * 1024;
constexpr size_t kMaxQueue = 4096;  // frames waiting for a slow client before it is dropped

struct Context {
  Hub* hub;
  std::filesystem::path web_root;
};

namespace {

std::string_view mime_type(std::string_view path) {
  const auto dot = path.rfind('.');
  const std::string_view ext = dot == std::string_view::npos ? "" : path.substr(dot);
  if (ext == ".html" || ext == ".htm") return "text/html; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".json" || ext == ".map") return "application/json";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".jpg" || ext == ".jpeg") return "image/jpeg";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".woff2") return "font/woff2";
  if (ext == ".txt") return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

// Percent-decodes a URL path; nullopt when malformed.
std::optional<std::string> url_decode(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') {
      out += s[i];
      continue;
    }
    if (i + 2 >= s.size()) return std::nullopt;
    auto hex = [](char c) -> int {
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      if (c >= 'A' && c <= 'F') return c - 'A' + 10;
      return -1;
    };
    const int a = hex(s[i + 1]), b = hex(s[i + 2]);
    if (a < 0 || b < 0) return std::nullopt;
    out += char(a * 16 + b);
    i += 2;
  }
  return out;
}

std::string query_param(std::string_view query, std::string_view key) {
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view part = query.substr(0, amp);
    const auto eq = part.find('=');
    if (part.substr(0, eq) == key && eq != std::string_view::npos)
      return url_decode(part.substr(eq + 1)).value_or("");
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return "";
}

// ---------------------------------------------------------------------------- WebSocket

class WsSession : public Subscriber, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket&& socket, Context& ctx) : ws_(std::move(socket)), ctx_(ctx) {}

  void run(http::request<http::string_body> req) {
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& res) {
      res.set(http::field::server, "yinsh");
    }));
    ws_.read_message_max(kMaxFrame);
    ws_.async_accept(req, [self = shared_from_this()](beast::error_code ec) { self->on_accept(ec); });
  }

  void deliver(std::shared_ptr<const std::string> frame) override {
    net::post(ws_.get_executor(), [self = shared_from_this(), frame = std::move(frame)] {
      if (self->closed_) return;
      if (self->queue_.size() >= kMaxQueue) {
        self->closed_ = true;  // a client that does not read: drop it
        beast::get_lowest_layer(self->ws_).close();
        return;
      }
      self->queue_.push_back(frame);
      if (self->queue_.size() == 1) self->do_write();
    });
  }

 private:
  void on_accept(beast::error_code ec) {
    if (ec) return;
    client_ = ctx_.hub->open(weak_from_this());
    do_read();
  }

  void do_read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    if (ec) {  // closed, timed out, or a frame over the limit (Beast closes with 1009)
      closed_ = true;
      ctx_.hub->close(client_);
      return;
    }
    if (!ws_.got_text()) {
      deliver(std::make_shared<const std::string>(
          R"({"type":"error","version":0,"code":"bad_json","message":"binary frames are not accepted"})"));
    } else {
      const std::string text = beast::buffers_to_string(buffer_.data());
      try {
        ctx_.hub->on_message(client_, text);
      } catch (const std::exception& e) {
        deliver(std::make_shared<const std::string>(
            json({{"type", "error"}, {"version", 0}, {"code", "internal"}, {"message", e.what()}}).dump()));
      }
    }
    buffer_.consume(buffer_.size());
    do_read();
  }

  void do_write() {
    ws_.text(true);
    ws_.async_write(net::buffer(*queue_.front()), [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) {
        self->closed_ = true;
        self->queue_.clear();
        return;
      }
      self->queue_.pop_front();
      if (!self->queue_.empty()) self->do_write();
    });
  }

  websocket::stream<beast::tcp_stream> ws_;
  Context& ctx_;
  beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  std::shared_ptr<Hub::Client> client_;
  bool closed_ = false;
};

// ---------------------------------------------------------------------------- HTTP

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, Context& ctx) : stream_(std::move(socket)), ctx_(ctx) {}

  void run() {
    net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->do_read(); });
  }

 private:
  void do_read() {
    parser_.emplace();
    parser_->header_limit(16 * 1024);
    parser_->body_limit(kMaxBody);
    stream_.expires_after(std::chrono::seconds(30));
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    if (ec == http::error::end_of_stream) return close();
    if (ec == http::error::body_limit || ec == http::error::header_limit) {
      keep_alive_ = false;
      return send_reply(http_error(413, "too_large", ec == http::error::header_limit
                                                         ? "the request's header is larger than 16 KiB"
                                                         : "the request's body is larger than 64 KiB"), 11);
    }
    if (ec) return close();
    req_ = parser_->release();
    keep_alive_ = req_.keep_alive();
    const std::string_view target(req_.target().data(), req_.target().size());
    const std::string_view path = target.substr(0, target.find('?'));
    if (websocket::is_upgrade(req_)) {
      if (path != "/ws") return send_reply(http_error(404, "not_found", "WebSocket endpoint is /ws"), req_.version());
      stream_.expires_never();
      std::make_shared<WsSession>(stream_.release_socket(), ctx_)->run(std::move(req_));
      return;
    }
    try {
      route(target);
    } catch (const std::exception& e) {
      send_reply(http_error(500, "internal", e.what()), req_.version());
    }
  }

  void route(std::string_view target) {
    const auto q = target.find('?');
    const std::string_view path = target.substr(0, q);
    const std::string_view query = q == std::string_view::npos ? "" : target.substr(q + 1);
    const auto method = req_.method();
    const unsigned version = req_.version();
    if (path.rfind("/api/", 0) != 0 && path != "/readyz") return serve_static(path);

    auto self = shared_from_this();
    auto done = [self, version](HttpReply r) {
      net::post(self->stream_.get_executor(), [self, r = std::move(r), version] { self->send_reply(r, version); });
    };
    auto only = [&](http::verb v) {
      if (method == v) return true;
      send_reply(http_error(405, "method_not_allowed", std::string(req_.method_string()) + " is not allowed here"), version);
      return false;
    };
    if (path == "/api/health") {
      if (only(http::verb::get))
        send_reply({200, {{"ok", true}, {"server", "yinsh"}, {"version", "0.1"}, {"store", ctx_.hub->store_kind()},
                    {"games_loaded", ctx_.hub->games_loaded()}}, {}}, version);
      return;
    }
    if (path == "/readyz") {  // the hub's answer: whether the store answers
      if (only(http::verb::get)) ctx_.hub->readiness(done);
      return;
    }
    if (path == "/api/levels") {
      if (!only(http::verb::get)) return;
      json levels = json::array();
      for (const AiLevel* l = ai_levels_begin(); l != ai_levels_end(); ++l)
        levels.push_back({{"level", l->level}, {"name", l->name}, {"movetime_ms", l->movetime_ms}});
      return send_reply({200, {{"levels", levels}}, {}}, version);
    }
    if (path == "/api/games") {
      if (method == http::verb::get)
        return ctx_.hub->list_games(query_param(query, "status"), query_param(query, "limit"), done);
      if (only(http::verb::post)) ctx_.hub->create_game(req_.body(), done);
      return;
    }
    constexpr std::string_view prefix = "/api/games/";
    if (path.rfind(prefix, 0) == 0) {
      std::string_view rest = path.substr(prefix.size());
      const auto slash = rest.find('/');
      const std::string id(rest.substr(0, slash));
      const std::string_view sub = slash == std::string_view::npos ? "" : rest.substr(slash);
      if (sub.empty()) {
        if (only(http::verb::get)) ctx_.hub->get_game(id, done);
        return;
      }
      if (sub == "/join") {
        if (only(http::verb::post)) ctx_.hub->join_game(id, req_.body(), done);
        return;
      }
      if (sub == "/record" || sub == "/record.json") {
        if (only(http::verb::get)) ctx_.hub->get_record(id, sub == "/record.json", done);
        return;
      }
    }
    send_reply(http_error(404, "not_found", "no endpoint " + std::string(path.substr(0, 100))), version);
  }

  void serve_static(std::string_view raw_path) {
    const unsigned version = req_.version();
    if (req_.method() != http::verb::get && req_.method() != http::verb::head)
      return send_reply(http_error(405, "method_not_allowed", "static files are GET only"), version);
    const auto decoded = url_decode(raw_path);
    if (!decoded || decoded->empty() || (*decoded)[0] != '/' || decoded->find("..") != std::string::npos ||
        decoded->find('\\') != std::string::npos || decoded->find('\0') != std::string::npos)
      return send_reply(http_error(400, "bad_path", "the path escapes the web root"), version);
    std::string rel = decoded->substr(1);
    if (rel.empty() || rel.rfind("game/", 0) == 0 || rel.rfind("replay/", 0) == 0) rel = "index.html";
    if (rel.back() == '/') rel += "index.html";
    const std::filesystem::path full = ctx_.web_root / rel;
    std::error_code fec;
    const auto canon = std::filesystem::weakly_canonical(full, fec);
    const auto root = std::filesystem::weakly_canonical(ctx_.web_root, fec);
    const auto rs = root.native(), cs = canon.native();
    if (fec || cs.compare(0, rs.size(), rs) != 0)
      return send_reply(http_error(400, "bad_path", "the path escapes the web root"), version);
    beast::error_code ec;
    http::file_body::value_type body;
    body.open(canon.c_str(), beast::file_mode::scan, ec);
    if (ec || std::filesystem::is_directory(canon, fec))
      return send_reply(http_error(404, "not_found", "no file " + std::string(raw_path.substr(0, 100))), version);
    const auto size = body.size();
    if (req_.method() == http::verb::head) {
      http::response<http::empty_body> res{http::status::ok, version};
      res.set(http::field::content_type, mime_type(rel));
      res.content_length(size);
      res.keep_alive(keep_alive_);
      return write(http::message_generator(std::move(res)));
    }
    http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                        std::make_tuple(http::status::ok, version)};
    res.set(http::field::content_type, mime_type(rel));
    res.content_length(size);
    res.keep_alive(keep_alive_);
    write(http::message_generator(std::move(res)));
  }

  void send_reply(const HttpReply& r, unsigned version) {
    http::response<http::string_body> res{http::status(r.status), version};
    res.set(http::field::server, "yinsh");
    if (r.text) {
      res.set(http::field::content_type, "text/plain; charset=utf-8");
      res.body() = *r.text;
    } else {
      res.set(http::field::content_type, "application/json");
      res.body() = r.body.dump(-1, ' ', false, json::error_handler_t::replace);
    }
    res.set(http::field::cache_control, "no-store");
    res.keep_alive(keep_alive_);
    res.prepare_payload();
    write(http::message_generator(std::move(res)));
  }

  void write(http::message_generator msg) {
    beast::async_write(stream_, std::move(msg), [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return;
      if (!self->keep_alive_) return self->close();
      self->do_read();
    });
  }

  void close() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
  }

  beast::tcp_stream stream_;
  Context& ctx_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  http::request<http::string_body> req_;
  bool keep_alive_ = false;
};

// ---------------------------------------------------------------------------- listener

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(net::io_context& ioc, Context& ctx) : ioc_(ioc), acceptor_(net::make_strand(ioc)), ctx_(ctx) {}

  bool open(const tcp::endpoint& ep, std::string* error) {
    beast::error_code ec;
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
  void stop() {
    net::post(acceptor_.get_executor(), [self = shared_from_this()] {
      beast::error_code ec;
      self->acceptor_.close(ec);
    });
  }

 private:
  void do_accept() {
    acceptor_.async_accept(net::make_strand(ioc_), [self = shared_from_this()](beast::error_code ec, tcp::socket s) {
      if (ec == net::error::operation_aborted) return;
      if (!ec) {
        s.set_option(tcp::no_delay(true), ec);
        std::make_shared<HttpSession>(std::move(s), self->ctx_)->run();
      }
      if (self->acceptor_.is_open()) self->do_accept();
    });
  }

  net::io_context& ioc_;
  tcp::acceptor acceptor_;
  Context& ctx_;
};

}  // namespace

// ---------------------------------------------------------------------------- Server

struct Server::Impl {
  ServerOptions options;
  net::io_context ioc;
  std::unique_ptr<Store> store;
  std::unique_ptr<Hub> hub;
  Context ctx;
  std::shared_ptr<Listener> listener;
  std::vector<std::thread> threads;
  std::mutex mutex;
  std::condition_variable cv;
  bool running = false;
};

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->options = std::move(options);
}

Server::~Server() { stop(); }

bool Server::start(std::string* error) {
  Impl& s = *impl_;
  s.store = open_store(s.options.db, error);
  if (!s.store) return false;
  s.hub = std::make_unique<Hub>(s.ioc, *s.store, s.options.hub);
  s.ctx = Context{s.hub.get(), std::filesystem::absolute(s.options.web_root)};
  beast::error_code ec;
  const auto address = net::ip::make_address(s.options.host, ec);
  if (ec) {
    *error = "bad host address " + s.options.host;
    return false;
  }
  s.listener = std::make_shared<Listener>(s.ioc, s.ctx);
  if (!s.listener->open({address, s.options.port}, error)) return false;
  try {
    s.hub->start();
  } catch (const std::exception& e) {
    *error = std::string("cannot resume the stored games: ") + e.what();
    return false;
  }
  s.listener->run();
  s.running = true;
  for (int i = 0; i < std::max(1, s.options.threads); ++i)
    s.threads.emplace_back([&s] {
      for (;;) {
        try {
          s.ioc.run();
          break;
        } catch (const std::exception& e) {
          std::cerr << "yinsh serve: error in a handler: " << e.what() << "\n";  // keep serving
        }
      }
    });
  return true;
}

uint16_t Server::port() const { return impl_->listener ? impl_->listener->port() : 0; }

void Server::stop() {
  Impl& s = *impl_;
  {
    std::lock_guard lock(s.mutex);
    if (!s.running) return;
    s.running = false;
  }
  s.listener->stop();
  s.hub->stop();
  s.ioc.stop();
  for (auto& t : s.threads)
    if (t.joinable()) t.join();
  s.threads.clear();
  s.cv.notify_all();
}

void Server::wait() {
  std::unique_lock lock(impl_->mutex);
  impl_->cv.wait(lock, [&] { return !impl_->running; });
}

}  // namespace yinsh::server
