// The WebSocket session: reads text frames for the hub, writes what the hub delivers.
//
// The send queue is bounded in bytes (NetLimits::send_queue_bytes, counting every frame not
// yet completely written): a client that does not read and lets it grow past the limit is
// dropped with close code 1008 and a reason that says so, and its queue is freed at once. A
// snapshot replaces a snapshot still waiting in the queue, so a client that asks for many
// before reading gets one, the newest.
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <chrono>
#include <deque>

#include "server/net/sessions.h"

namespace yinsh::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

constexpr size_t kMaxFrame = 16 * 1024;
constexpr auto kCloseGrace = std::chrono::seconds(5);  // for the close handshake, then the socket goes

// The value of the first "type" key of a JSON text frame, for the access log (no full parse;
// "other" when there is none that looks like a message type).
std::string frame_type(std::string_view text) {
  const auto key = text.find("\"type\"");
  if (key == std::string_view::npos) return "other";
  size_t i = key + 6;
  while (i < text.size() && (text[i] == ' ' || text[i] == ':')) ++i;
  if (i >= text.size() || text[i] != '"') return "other";
  const auto end = text.find('"', i + 1);
  if (end == std::string_view::npos || end - i - 1 > 20 || end == i + 1) return "other";
  std::string t(text.substr(i + 1, end - i - 1));
  for (char c : t)
    if (!((c >= 'a' && c <= 'z') || c == '_')) return "other";
  return t;
}

template <class Stream>
class WsSession : public Subscriber, public Drainable, public std::enable_shared_from_this<WsSession<Stream>> {
  using std::enable_shared_from_this<WsSession<Stream>>::shared_from_this;
  using std::enable_shared_from_this<WsSession<Stream>>::weak_from_this;

 public:
  WsSession(Stream&& stream, Context& ctx, std::shared_ptr<ConnectionTicket> ticket, Identity who)
      : ws_(std::move(stream)), ctx_(ctx), ticket_(std::move(ticket)), who_(std::move(who)), close_timer_(ws_.get_executor()) {
    ticket_->count_as(&ctx_.metrics.ws_connections);
    log_.address = ticket_->address();
  }

  ~WsSession() override {
    ctx_.sessions.remove(this);
    if (accepted_ && !who_.guest()) ctx_.online.remove(who_.name);
    ctx_.metrics.send_queue_bytes.fetch_sub(int64_t(queued_bytes_));
    log_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    if (accepted_) ctx_.logs->ws_session(log_);
  }

  void run(http::request<http::string_body> req) {
    auto xff = req.find("X-Forwarded-For");
    address_ = client_address(ticket_->address(),
                              xff == req.end() ? std::string_view() : std::string_view(xff->value().data(), xff->value().size()),
                              ctx_.trusted);
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& res) {
      res.set(http::field::server, "yinsh");
    }));
    ws_.read_message_max(kMaxFrame);
    ws_.async_accept(req, [self = shared_from_this()](beast::error_code ec) { self->on_accept(ec); });
  }

  void deliver(std::shared_ptr<const std::string> frame) override { enqueue(std::move(frame), false); }
  void deliver_snapshot(std::shared_ptr<const std::string> frame) override { enqueue(std::move(frame), true); }

  // Its session ended (Hub::account_changed): closed at once (code 1008), what waits dropped.
  void end(const std::string& reason) override {
    net::post(ws_.get_executor(), [self = shared_from_this(), reason] {
      self->close_with(websocket::close_code::policy_error, reason);
    });
  }

  void close_going_away(const std::string& reason) override {
    net::post(ws_.get_executor(), [self = shared_from_this(), reason] {
      self->close_with(websocket::close_code::going_away, reason);
    });
  }

 private:
  struct Queued {
    std::shared_ptr<const std::string> frame;
    bool snapshot;
  };

  void enqueue(std::shared_ptr<const std::string> frame, bool snapshot) {
    net::post(ws_.get_executor(), [self = shared_from_this(), frame = std::move(frame), snapshot] {
      if (self->closing_) return;
      auto& q = self->queue_;
      if (snapshot) {  // the front is being written; any other queued snapshot is superseded
        for (auto it = q.begin() + (self->writing_ ? 1 : 0); it != q.end();) {
          if (it->snapshot) {
            self->account(-int64_t(it->frame->size()));
            it = q.erase(it);
            self->ctx_.metrics.snapshots_coalesced.fetch_add(1);
          } else {
            ++it;
          }
        }
      }
      q.push_back({frame, snapshot});
      self->account(int64_t(frame->size()));
      if (self->queued_bytes_ > self->ctx_.limits.send_queue_bytes) {
        self->ctx_.metrics.slow_clients_dropped.fetch_add(1);
        return self->close_with(websocket::close_code::policy_error,
                                "send queue over " + std::to_string(self->ctx_.limits.send_queue_bytes) +
                                    " bytes: the client does not read");
      }
      if (!self->writing_) self->do_write();
    });
  }

  void account(int64_t delta) {
    queued_bytes_ = size_t(int64_t(queued_bytes_) + delta);
    ctx_.metrics.send_queue_bytes.fetch_add(delta);
  }

  // On the strand: frees what waits (the frame being written stays until its write ends),
  // sends a close frame once that write is done, and closes the socket if the client has not
  // completed the handshake within kCloseGrace.
  void close_with(websocket::close_code code, const std::string& reason) {
    if (closing_) return;
    closing_ = true;
    log_.close_code = int(code);
    log_.close_reason = reason;
    while (queue_.size() > (writing_ ? 1u : 0u)) {
      account(-int64_t(queue_.back().frame->size()));
      queue_.pop_back();
    }
    if (!accepted_) return beast::get_lowest_layer(ws_).close();
    ws_.async_close(websocket::close_reason(code, reason), [self = shared_from_this()](beast::error_code) {
      self->close_timer_.cancel();
    });
    close_timer_.expires_after(kCloseGrace);
    close_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec) beast::get_lowest_layer(self->ws_).close();
    });
  }

  void on_accept(beast::error_code ec) {
    if (ec) return;
    accepted_ = true;
    ctx_.logs->debug("websocket opened from " + address_ + (who_.guest() ? "" : " (" + who_.name + ")"));
    ctx_.sessions.add(shared_from_this());
    client_ = ctx_.hub->open(weak_from_this(), who_, address_);
    if (!who_.guest()) ctx_.online.add(who_.name);  // removed by the destructor
    if (ctx_.draining) return close_with(websocket::close_code::going_away, "server restarting");
    do_read();
  }

  void do_read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    if (ec) {  // closed, timed out, or a frame over the limit (Beast closes with 1009)
      if (log_.close_code == 0) {
        log_.close_code = ec == websocket::error::closed ? int(ws_.reason().code) : 1006;
        log_.close_reason = ec == websocket::error::closed ? std::string(ws_.reason().reason.data(), ws_.reason().reason.size()) : ec.message();
      }
      closing_ = true;
      ctx_.hub->close(client_);
      return;
    }
    ++log_.messages_in;
    if (!ws_.got_text()) {
      deliver(std::make_shared<const std::string>(
          R"({"type":"error","version":0,"code":"bad_json","message":"binary frames are not accepted"})"));
    } else {
      const std::string text = beast::buffers_to_string(buffer_.data());
      std::string type = frame_type(text);
      if (log_.types.size() >= 16 && !log_.types.count(type)) type = "other";
      ++log_.types[type];
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
    writing_ = true;
    ws_.text(true);
    ws_.async_write(net::buffer(*queue_.front().frame), [self = shared_from_this()](beast::error_code ec, size_t) {
      self->writing_ = false;
      self->account(-int64_t(self->queue_.front().frame->size()));
      self->queue_.pop_front();
      if (ec) {
        self->closing_ = true;
        while (!self->queue_.empty()) {
          self->account(-int64_t(self->queue_.back().frame->size()));
          self->queue_.pop_back();
        }
        return;
      }
      ++self->log_.messages_out;
      if (!self->queue_.empty()) self->do_write();
    });
  }

  websocket::stream<Stream> ws_;
  Context& ctx_;
  std::shared_ptr<ConnectionTicket> ticket_;
  Identity who_;  // from the session cookie at the upgrade
  net::steady_timer close_timer_;
  beast::flat_buffer buffer_;
  std::deque<Queued> queue_;
  size_t queued_bytes_ = 0;
  bool writing_ = false;
  bool closing_ = false;  // no more frames are queued
  bool accepted_ = false;
  std::shared_ptr<Hub::Client> client_;
  std::string address_;  // the client's (X-Forwarded-For of a trusted proxy believed)
  Logs::WsSession log_;
  const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

}  // namespace

template <class Stream>
void run_ws_session(Stream&& stream, Context& ctx, std::shared_ptr<ConnectionTicket> ticket,
                    http::request<http::string_body> req, Identity who) {
  std::make_shared<WsSession<Stream>>(std::move(stream), ctx, std::move(ticket), std::move(who))->run(std::move(req));
}
template void run_ws_session(PlainStream&&, Context&, std::shared_ptr<ConnectionTicket>,
                             http::request<http::string_body>, Identity);
template void run_ws_session(TlsStream&&, Context&, std::shared_ptr<ConnectionTicket>,
                             http::request<http::string_body>, Identity);

}  // namespace yinsh::server
