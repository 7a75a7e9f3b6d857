// The bot and board API's NDJSON streams (docs/api.md 2.5) on the wire: a 200 response with a
// chunked body that stays open, one JSON object per line. The hub delivers the lines (as a
// Subscriber, from any thread); each is written as one chunk, in order. With nothing to send
// for kKeepAlive, an empty line goes out, so that proxies and clients see the stream is alive.
// The stream ends when the hub ends it (the game is over, the token was revoked), when the
// client closes its side, or when a write fails; then the hub forgets it (Hub::close_stream).
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <chrono>
#include <deque>
#include <type_traits>

#include "server/net/retry_after.h"
#include "server/net/security_headers.h"
#include "server/net/sessions.h"

namespace yinsh::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

namespace {

constexpr auto kKeepAlive = std::chrono::seconds(7);

template <class Stream>
class NdjsonStream : public Subscriber, public std::enable_shared_from_this<NdjsonStream<Stream>> {
  static constexpr bool kTls = std::is_same_v<Stream, TlsStream>;

 public:
  NdjsonStream(Stream&& stream, Context& ctx, std::shared_ptr<ConnectionTicket> ticket, unsigned version, bool over_tls,
               std::function<void(int)> log, std::string online_as)
      : stream_(std::move(stream)), ctx_(ctx), ticket_(std::move(ticket)), version_(version), over_tls_(over_tls),
        log_(std::move(log)), online_as_(std::move(online_as)), timer_(stream_.get_executor()) {}
  ~NdjsonStream() override { offline(); }

  void open(const StreamOpener& opener) {
    beast::get_lowest_layer(stream_).expires_never();
    opener(this->weak_from_this(), [self = this->shared_from_this()](std::shared_ptr<Hub::Client> c,
                                                                      std::optional<HttpReply> refused) {
      net::post(self->stream_.get_executor(), [self, c = std::move(c), refused = std::move(refused)] {
        if (refused) return self->refuse(*refused);
        self->client_ = c;
        self->start();
      });
    });
  }

  // Subscriber: any thread.
  void deliver(std::shared_ptr<const std::string> frame) override {
    net::post(stream_.get_executor(), [self = this->shared_from_this(), frame = std::move(frame)] {
      if (self->finished_) return;
      self->queue_.push_back(*frame + "\n");
      self->write_next();
    });
  }
  void end(const std::string&) override {
    net::post(stream_.get_executor(), [self = this->shared_from_this()] {
      self->ending_ = true;
      self->write_next();
    });
  }

 private:
  void refuse(const HttpReply& r) {
    auto res = std::make_shared<http::response<http::string_body>>(http::status(r.status), version_);
    res->set(http::field::server, "yinsh");
    headers(*res);
    res->set(http::field::content_type, "application/json");
    res->set(http::field::cache_control, "no-store");
    if (const auto after = retry_after(r)) res->set(http::field::retry_after, *after);
    res->body() = r.body.dump();
    res->keep_alive(false);
    res->prepare_payload();
    log_(r.status);
    finished_ = true;
    http::async_write(stream_, *res, [self = this->shared_from_this(), res](beast::error_code, size_t) { self->shut(); });
  }

  void start() {
    header_ = std::make_unique<http::response<http::empty_body>>(http::status::ok, version_);
    header_->set(http::field::server, "yinsh");
    headers(*header_);
    header_->set(http::field::content_type, "application/x-ndjson");
    header_->set(http::field::cache_control, "no-store");
    header_->set("X-Accel-Buffering", "no");  // nginx: pass each line at once
    header_->chunked(true);
    header_->keep_alive(false);
    serializer_ = std::make_unique<http::response_serializer<http::empty_body>>(*header_);
    log_(200);
    writing_ = true;
    http::async_write_header(stream_, *serializer_, [self = this->shared_from_this()](beast::error_code ec, size_t) {
      self->writing_ = false;
      if (ec) return self->finish();
      self->started_ = true;
      if (!self->online_as_.empty() && !self->counted_) {  // online while the stream is open
        self->ctx_.online.add(self->online_as_);
        self->counted_ = true;
      }
      self->watch_client();
      self->arm_keep_alive();
      self->write_next();
    });
  }

  template <class Response>
  void headers(Response& res) const {
    for (const auto& h : kSecurityHeaders) res.set(h.name, h.value);
    if (over_tls_) res.set(kStrictTransportSecurity.name, kStrictTransportSecurity.value);
  }

  void write_next() {
    if (!started_ || writing_ || finished_) return;
    if (queue_.empty()) {
      if (ending_) return write_last();
      return;
    }
    current_ = std::move(queue_.front());
    queue_.pop_front();
    writing_ = true;
    last_write_ = std::chrono::steady_clock::now();
    net::async_write(stream_, http::make_chunk(net::buffer(current_)),
                     [self = this->shared_from_this()](beast::error_code ec, size_t) {
                       self->writing_ = false;
                       if (ec) return self->finish();
                       self->write_next();
                     });
  }

  void write_last() {
    writing_ = true;
    net::async_write(stream_, http::make_chunk_last(), [self = this->shared_from_this()](beast::error_code, size_t) {
      self->writing_ = false;
      self->finish();
    });
  }

  // A client closes its side to stop the stream: reads only to see that (and drops what it sends).
  void watch_client() {
    stream_.async_read_some(net::buffer(sink_), [self = this->shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return self->finish();
      self->watch_client();
    });
  }

  void arm_keep_alive() {
    timer_.expires_at(last_write_ + kKeepAlive);
    timer_.async_wait([self = this->shared_from_this()](beast::error_code ec) {
      if (ec || self->finished_) return;
      if (std::chrono::steady_clock::now() - self->last_write_ >= kKeepAlive && self->queue_.empty()) {
        self->queue_.push_back("\n");
        self->write_next();
      }
      self->arm_keep_alive();
    });
  }

  void finish() {
    if (finished_) return;
    finished_ = true;
    timer_.cancel();
    offline();
    if (client_) ctx_.hub->close_stream(client_);
    client_.reset();
    shut();
  }

  void offline() {
    if (counted_) ctx_.online.remove(online_as_);
    counted_ = false;
  }

  void shut() {
    if constexpr (kTls) {
      beast::get_lowest_layer(stream_).expires_after(std::chrono::seconds(5));
      stream_.async_shutdown([self = this->shared_from_this()](beast::error_code) {});
    } else {
      beast::error_code ec;
      stream_.socket().shutdown(net::ip::tcp::socket::shutdown_both, ec);
      stream_.socket().close(ec);
    }
  }

  Stream stream_;
  Context& ctx_;
  std::shared_ptr<ConnectionTicket> ticket_;  // counts the connection against its address's cap
  unsigned version_;
  bool over_tls_;
  std::function<void(int)> log_;
  std::string online_as_;
  bool counted_ = false;  // online_as_ is in ctx_.online
  net::steady_timer timer_;
  std::shared_ptr<Hub::Client> client_;
  std::unique_ptr<http::response<http::empty_body>> header_;
  std::unique_ptr<http::response_serializer<http::empty_body>> serializer_;
  std::deque<std::string> queue_;
  std::string current_;
  std::chrono::steady_clock::time_point last_write_ = std::chrono::steady_clock::now();
  bool started_ = false, writing_ = false, ending_ = false, finished_ = false;
  char sink_[512];
};

}  // namespace

template <class Stream>
void run_ndjson_stream(Stream&& stream, Context& ctx, std::shared_ptr<ConnectionTicket> ticket, unsigned version,
                       bool over_tls, std::function<void(int)> log, const StreamOpener& opener, std::string online_as) {
  std::make_shared<NdjsonStream<Stream>>(std::move(stream), ctx, std::move(ticket), version, over_tls, std::move(log),
                                         std::move(online_as))
      ->open(opener);
}
template void run_ndjson_stream(PlainStream&&, Context&, std::shared_ptr<ConnectionTicket>, unsigned, bool,
                                std::function<void(int)>, const StreamOpener&, std::string);
template void run_ndjson_stream(TlsStream&&, Context&, std::shared_ptr<ConnectionTicket>, unsigned, bool,
                                std::function<void(int)>, const StreamOpener&, std::string);

}  // namespace yinsh::server
