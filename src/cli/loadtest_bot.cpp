// The bots of `yinsh loadtest` (loadtest_bot.h).
#include "loadtest_bot.h"

#include <algorithm>
#include <sstream>

namespace yinsh::cli {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using json = nlohmann::json;

// What a bot reads of a frame. Filled by a SAX pass (no JSON tree): with 1,000 bots in one
// process, parsing every frame into a tree would cost as much CPU as the server spends. An
// event frame ends with its state, whose legal list comes after status, ply and to_move: the
// pass stops at that list when it is the other bot's turn, and after it otherwise. (The
// server's tests check that every frame is complete, valid JSON; the bots do not.)
struct BotFrame {
  std::string type, by, role, status, to_move;
  std::string game, token, seat;  // of a `matched` (and `game` of an event)
  std::string code;               // of an `error`
  std::vector<std::string> seeks;  // of a `lobby`: the ids of the seeks that are not the bot's own
  int ply = -1;
  bool has_state = false;
  bool complete = false;  // the reader stopped early: the rest of the frame is not needed
  std::vector<std::string> legal;
};

namespace {

class FrameReader final : public nlohmann::json_sax<json> {
 public:
  FrameReader(BotFrame& f, const std::string& role) : f_(f), role_(role) {}
  bool null() override { return true; }
  bool boolean(bool v) override {  // a lobby's own seek ("mine", written after its id) is not taken
    if (v && path_.size() == 3 && path_[0] == "seeks" && path_[2] == "mine" && !f_.seeks.empty()) f_.seeks.pop_back();
    return true;
  }
  bool number_integer(number_integer_t v) override { return number(v); }
  bool number_unsigned(number_unsigned_t v) override { return number(int64_t(v)); }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool string(string_t& v) override {
    if (path_.size() == 1) {
      if (path_[0] == "type") f_.type = v;
      else if (path_[0] == "by") f_.by = v;
      else if (path_[0] == "game") f_.game = v;
      else if (path_[0] == "token") f_.token = v;
      else if (path_[0] == "seat") f_.seat = v;
      else if (path_[0] == "code") f_.code = v;
    } else if (path_.size() == 3 && path_[0] == "seeks" && path_[2] == "id") {
      f_.seeks.push_back(v);
    } else if (path_.size() == 2 && path_[0] == "you" && path_[1] == "role") {
      f_.role = v;
    } else if (const size_t k = state_depth(); k) {
      if (path_.size() == k + 1 && path_[k] == "status") f_.status = v;
      else if (path_.size() == k + 1 && path_[k] == "to_move") f_.to_move = v;
      else if (path_.size() == k + 2 && path_[k] == "legal") f_.legal.push_back(v);
    }
    return true;
  }
  bool start_object(std::size_t) override {
    if (const size_t k = state_depth(); k && path_.size() == k) f_.has_state = true;
    path_.emplace_back();
    return true;
  }
  bool end_object() override { return pop(); }
  bool start_array(std::size_t) override {
    if (at_event_legal() && read_the_rest() && f_.to_move != role_) return stop();  // not our turn
    path_.emplace_back("[]");
    return true;
  }
  bool end_array() override {
    pop();
    if (at_event_legal() && read_the_rest()) return stop();  // our legal decisions were the last need
    return true;
  }
  bool key(string_t& k) override {
    path_.back() = k;
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

 private:
  // Members of the state sit at depth 2 in an event ({"state": {...}}) and at depth 3 in a
  // snapshot ({"game": {"state": {...}}}); 0 when the path is not inside a state.
  size_t state_depth() const {
    if (!path_.empty() && path_[0] == "state") return 1;
    if (path_.size() >= 2 && path_[0] == "game" && path_[1] == "state") return 2;
    return 0;
  }
  bool number(int64_t v) {
    if (const size_t k = state_depth(); k && path_.size() == k + 1 && path_[k] == "ply") f_.ply = int(v);
    return true;
  }
  bool pop() {
    path_.pop_back();
    return true;
  }
  // At the legal list of an event's state (not a snapshot's: its "you" comes after the game).
  bool at_event_legal() const { return path_.size() == 2 && path_[0] == "state" && path_[1] == "legal"; }
  // Everything but the legal list is known (the server writes it first; if it did not, the
  // pass would simply read on to the end).
  bool read_the_rest() const {
    return !f_.type.empty() && (f_.type != "decision" || !f_.by.empty()) && !f_.status.empty() && f_.ply >= 0 &&
           !f_.to_move.empty();
  }
  bool stop() {
    f_.complete = true;
    return false;  // ends sax_parse
  }
  BotFrame& f_;
  const std::string& role_;
  std::vector<std::string> path_;
};

}  // namespace

double percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  const size_t k = std::min(v.size() - 1, size_t(p / 100.0 * double(v.size())));
  std::nth_element(v.begin(), v.begin() + long(k), v.end());
  return v[k];
}

std::string spread(std::vector<double> v) {
  std::ostringstream o;
  o << v.size() << ", ms p50 " << percentile(v, 50) << "  p90 " << percentile(v, 90) << "  p99 " << percentile(v, 99)
    << "  max " << percentile(v, 100);
  return o.str();
}

Bot::Bot(net::io_context& ioc, Stats& stats, uint64_t seed, int think_ms)
    : ws_(ioc), timer_(ioc), stats_(stats), rng_(seed), think_ms_(think_ms) {}

void Bot::play(const tcp::endpoint& ep, std::string game, std::string token, std::chrono::milliseconds delay) {
  game_ = std::move(game);
  token_ = std::move(token);
  in_game_ = true;
  connect(ep, delay);
}

void Bot::pair(const tcp::endpoint& ep, json request, std::function<bool()> again, std::chrono::milliseconds delay,
               bool taker) {
  pairing_ = true;
  taker_ = taker;
  challenger_ = request.value("type", "") == "challenge";
  request_ = std::move(request);
  again_ = std::move(again);
  connect(ep, delay);
}

void Bot::connect(const tcp::endpoint& ep, std::chrono::milliseconds delay) {
  auto go = [self = shared_from_this(), ep] {
    beast::get_lowest_layer(self->ws_).async_connect(ep, [self](beast::error_code ec) {
      if (ec) return self->fail("connect: " + ec.message(), true);
      beast::get_lowest_layer(self->ws_).socket().set_option(tcp::no_delay(true));
      self->ws_.async_handshake("localhost", "/ws", [self](beast::error_code ec) {
        if (ec) return self->fail("handshake: " + ec.message(), true);
        self->opened();
      });
    });
  };
  if (delay.count() <= 0) return go();
  timer_.expires_after(delay);
  timer_.async_wait([go](beast::error_code ec) {
    if (!ec) go();
  });
}

void Bot::opened() {
  if (pairing_) {
    ask();
  } else {
    send({{"type", "hello"}, {"game", game_}, {"token", token_}});
    send({{"type", "start"}});
  }
  read();
}

void Bot::ask() {
  stats_.waiting++;
  asked_at_ = LoadClock::now();
  send(request_);  // a taker's is `lobby`: the lobby as it is now, then after every change
}

// A taker that is asking and has no `seek_accept` in flight takes one of the seeks it was
// shown, at random (many takers reading one lobby would all take its first seek).
void Bot::take(const std::vector<std::string>& seeks) {
  if (!taker_ || in_game_ || taking_ || done_ || seeks.empty()) return;
  taking_ = true;
  send({{"type", "seek_accept"}, {"seek", seeks[std::uniform_int_distribution<size_t>(0, seeks.size() - 1)(rng_)]}});
}

// A challenge declined (its player holds all the games it will), or refused while its player
// is not connected yet: asked again in 1 s while the run lasts.
void Bot::ask_again_later() {
  stats_.refused++;
  stats_.waiting--;
  timer_.expires_after(std::chrono::seconds(1));
  timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || self->done_) return;
    if (self->again_()) return self->ask();
    self->finish();
  });
}

void Bot::fail(const std::string& what, bool connect) {
  if (done_) return;
  done_ = true;
  (connect ? stats_.connect_failures : stats_.errors)++;
  stats_.error(what);
  stats_.bots_done++;
}

void Bot::finish() {
  if (done_) return;
  done_ = true;
  stats_.bots_done++;
  ws_.async_close(websocket::close_code::normal, [self = shared_from_this()](beast::error_code) {});
}

void Bot::send(const json& j) {
  queue_.push_back(j.dump());
  if (queue_.size() == 1) write();
}

void Bot::write() {
  ws_.text(true);
  ws_.async_write(net::buffer(queue_.front()), [self = shared_from_this()](beast::error_code ec, size_t) {
    if (ec) return self->fail("write: " + ec.message(), false);
    self->queue_.pop_front();
    if (!self->queue_.empty()) self->write();
  });
}

void Bot::read() {
  ws_.async_read(buf_, [self = shared_from_this()](beast::error_code ec, size_t) {
    if (ec) {
      if (!self->done_) self->fail("read: " + ec.message(), false);
      return;
    }
    const auto data = self->buf_.cdata();
    const std::string_view text(static_cast<const char*>(data.data()), data.size());
    BotFrame f;
    FrameReader reader(f, self->role_);
    if (!json::sax_parse(text.begin(), text.end(), &reader) && !f.complete) f.type = "unreadable";
    self->on_message(f, text);
    self->buf_.consume(self->buf_.size());
    if (!self->done_) self->read();
  });
}

void Bot::on_message(const BotFrame& m, std::string_view text) {
  if (m.type == "error" && taking_ && m.code == "no_seek") {  // another taker was first: the next lobby
    taking_ = false;
    stats_.seeks_missed++;
    return;
  }
  if (m.type == "lobby") return take(m.seeks);
  if (challenger_ && !in_game_ &&
      ((m.type == "info" && m.code == "challenge_declined") ||
       (m.type == "error" && (m.code == "player_offline" || m.code == "unknown_player"))))
    return ask_again_later();
  if (challenger_ && !in_game_ && m.type == "error")  // a challenge refused for good: this bot is done
    return fail("challenge refused: " + std::string(text.substr(0, 300)), false);
  if (m.type == "error" || m.type == "unreadable") {
    stats_.errors++;
    stats_.error(std::string(text.substr(0, 300)));
    waiting_for_ = -1;
  }
  if (m.type == "matched") {
    const auto now = LoadClock::now();
    if (!pairing_ || in_game_) {
      stats_.errors++;
      return stats_.error("matched while not asking: " + std::string(text.substr(0, 300)));
    }
    stats_.pair_ms.push_back(std::chrono::duration<double, std::milli>(now - asked_at_).count());
    stats_.waiting--;
    stats_.in_game++;
    stats_.last_matched = now;
    if (m.seat == "white" || challenger_) stats_.games++;  // each game once
    in_game_ = true;
    taking_ = false;
    game_ = m.game;
    role_.clear();
    waiting_for_ = -1;
    return send({{"type", "hello"}, {"game", game_}, {"token", m.token}});
  }
  if (m.type == "snapshot") role_ = m.role;
  if (!m.has_state || !in_game_ || (!m.game.empty() && m.game != game_)) return;
  const int ply = m.ply;
  if (m.type == "decision" && ply == waiting_for_ && m.by == role_) {
    stats_.latencies_ms.push_back(std::chrono::duration<double, std::milli>(LoadClock::now() - sent_at_).count());
    stats_.sent_s.push_back(std::chrono::duration<double>(sent_at_ - stats_.t0).count());
    waiting_for_ = -1;
  }
  if (m.status == "over") {
    if (role_ == "white" || challenger_) stats_.finished++;
    in_game_ = false;
    if (pairing_) {
      stats_.in_game--;
      if (again_()) return ask();
    }
    return finish();
  }
  if (m.status != "active" || m.to_move != role_ || waiting_for_ != -1 || m.legal.empty()) return;
  decide(m.legal, ply);
}

void Bot::decide(const std::vector<std::string>& legal, int ply) {
  const std::string d = legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng_)];
  waiting_for_ = ply + 1;
  if (think_ms_ <= 0) {
    sent_at_ = LoadClock::now();
    return send({{"type", "move"}, {"decision", d}, {"ply", ply}});
  }
  // Think like a person: a uniform pause in [think/2, 3*think/2], then send.
  timer_.expires_after(
      std::chrono::milliseconds(std::uniform_int_distribution<int>(think_ms_ / 2, think_ms_ * 3 / 2)(rng_)));
  timer_.async_wait([self = shared_from_this(), d, ply](beast::error_code ec) {
    if (ec || self->done_) return;
    self->sent_at_ = LoadClock::now();
    self->send({{"type", "move"}, {"decision", d}, {"ply", ply}});
  });
}

}  // namespace yinsh::cli
