// yinsh loadtest: N concurrent games of random bots over WebSocket against a running server.
// Each game is created and joined over HTTP, then both seats connect, agree to start and play
// random legal decisions (taken from the server's `legal` list) as fast as the server answers.
// Reports decisions per second and the round trip of each decision (sent -> its broadcast
// received by the sender), as percentiles, and the server's resident memory (from /metrics)
// before, at its peak during, and after the run.
// --slow-readers N adds N spectators that ask for a snapshot every 50 ms (with an 8 KiB id,
// which the reply echoes) and never read their socket (the server must keep its memory
// bounded and drop them, issue 11 D1).
// --logins-per-s R adds a login storm (login_storm.h, issue 13): real logins at R a second
// while the games run, and the decisions' round trips with and without it.
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <algorithm>
#include <chrono>
#include <deque>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "commands.h"
#include "http_client.h"
#include "login_storm.h"

namespace yinsh::cli {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

struct Stats {
  Clock::time_point t0;              // when the bots started
  std::vector<double> latencies_ms;  // each decision's round trip
  std::vector<double> sent_s;        // and when it was sent (seconds from t0)
  long errors = 0, connect_failures = 0, finished = 0, bots_done = 0;
  std::vector<std::string> first_errors;
};

// What a bot reads of a frame. Filled by a SAX pass (no JSON tree): with 1,000 bots in one
// process, parsing every frame into a tree would cost as much CPU as the server spends. An
// event frame ends with its state, whose legal list comes after status, ply and to_move: the
// pass stops at that list when it is the other bot's turn, and after it otherwise. (The
// server's tests check that every frame is complete, valid JSON; the bots do not.)
struct Frame {
  std::string type, by, role, status, to_move;
  int ply = -1;
  bool has_state = false;
  bool complete = false;  // the reader stopped early: the rest of the frame is not needed
  std::vector<std::string> legal;
};

class FrameReader final : public nlohmann::json_sax<json> {
 public:
  FrameReader(Frame& f, const std::string& role) : f_(f), role_(role) {}
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t v) override { return number(v); }
  bool number_unsigned(number_unsigned_t v) override { return number(int64_t(v)); }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool string(string_t& v) override {
    if (path_.size() == 1) {
      if (path_[0] == "type") f_.type = v;
      else if (path_[0] == "by") f_.by = v;
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
  Frame& f_;
  const std::string& role_;
  std::vector<std::string> path_;
};

json http_json(const tcp::endpoint& ep, const std::string& method, const std::string& target, const std::string& body) {
  return json::parse(http_call(ep.address().to_string(), std::to_string(ep.port()), method, target, body).body, nullptr,
                     false);
}

// An unlabelled value of the server's /metrics, -1 if missing or unreachable.
double server_metric(const tcp::endpoint& ep, const std::string& name) {
  try {
    const std::string text = http_call(ep.address().to_string(), std::to_string(ep.port()), "GET", "/metrics").body;
    const auto at = text.find("\n" + name + " ");
    return at == std::string::npos ? -1 : std::stod(text.substr(at + name.size() + 2));
  } catch (const std::exception&) {
    return -1;
  }
}

// A spectator that asks for a snapshot every 50 ms and never reads (a small receive buffer,
// so the kernel holds little for it): the server must not queue for it without bound.
class SlowReader : public std::enable_shared_from_this<SlowReader> {
 public:
  SlowReader(net::io_context& ioc, std::string game) : ws_(ioc), timer_(ioc), game_(std::move(game)) {}
  void start(const tcp::endpoint& ep) {
    auto& sock = beast::get_lowest_layer(ws_).socket();
    beast::error_code ec;
    sock.open(tcp::v4(), ec);
    sock.set_option(net::socket_base::receive_buffer_size(4096), ec);
    beast::get_lowest_layer(ws_).async_connect(ep, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return;
      self->ws_.async_handshake("localhost", "/ws", [self](beast::error_code ec) {
        if (ec) return;
        self->text_ = json({{"type", "hello"}, {"game", self->game_}}).dump();
        self->write();
      });
    });
  }

 private:
  void write() {
    ws_.text(true);
    ws_.async_write(net::buffer(text_), [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return;  // dropped by the server: that is the point
      // Each reply echoes the id: 8 KiB more per snapshot, as in the attack of issue 11 D1.
      self->text_ = json({{"type", "snapshot"}, {"id", std::string(8192, 'x')}}).dump();
      self->timer_.expires_after(std::chrono::milliseconds(50));
      self->timer_.async_wait([self](beast::error_code ec) {
        if (!ec) self->write();
      });
    });
  }

  websocket::stream<beast::tcp_stream> ws_;
  net::steady_timer timer_;
  std::string game_, text_;
};

class Bot : public std::enable_shared_from_this<Bot> {
 public:
  Bot(net::io_context& ioc, Stats& stats, std::string game, std::string token, uint64_t seed, int think_ms)
      : ws_(ioc), timer_(ioc), stats_(stats), game_(std::move(game)), token_(std::move(token)), rng_(seed),
        think_ms_(think_ms) {}

  void start(const tcp::endpoint& ep) {
    beast::get_lowest_layer(ws_).async_connect(ep, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return self->fail("connect: " + ec.message(), true);
      beast::get_lowest_layer(self->ws_).socket().set_option(tcp::no_delay(true));
      self->ws_.async_handshake("localhost", "/ws", [self](beast::error_code ec) {
        if (ec) return self->fail("handshake: " + ec.message(), true);
        self->send({{"type", "hello"}, {"game", self->game_}, {"token", self->token_}});
        self->send({{"type", "start"}});
        self->read();
      });
    });
  }

 private:
  void fail(const std::string& what, bool connect) {
    if (done_) return;
    done_ = true;
    (connect ? stats_.connect_failures : stats_.errors)++;
    if (stats_.first_errors.size() < 5) stats_.first_errors.push_back(what);
    stats_.bots_done++;
  }

  void finish() {
    if (done_) return;
    done_ = true;
    stats_.bots_done++;
    ws_.async_close(websocket::close_code::normal, [self = shared_from_this()](beast::error_code) {});
  }

  void send(const json& j) {
    queue_.push_back(j.dump());
    if (queue_.size() == 1) write();
  }
  void write() {
    ws_.text(true);
    ws_.async_write(net::buffer(queue_.front()), [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return self->fail("write: " + ec.message(), false);
      self->queue_.pop_front();
      if (!self->queue_.empty()) self->write();
    });
  }

  void read() {
    ws_.async_read(buf_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) {
        if (!self->done_) self->fail("read: " + ec.message(), false);
        return;
      }
      const auto data = self->buf_.cdata();
      const std::string_view text(static_cast<const char*>(data.data()), data.size());
      Frame f;
      FrameReader reader(f, self->role_);
      if (!json::sax_parse(text.begin(), text.end(), &reader) && !f.complete) f.type = "unreadable";
      self->on_message(f, text);
      self->buf_.consume(self->buf_.size());
      if (!self->done_) self->read();
    });
  }

  void on_message(const Frame& m, std::string_view text) {
    if (m.type == "error" || m.type == "unreadable") {
      stats_.errors++;
      if (stats_.first_errors.size() < 5) stats_.first_errors.emplace_back(text.substr(0, 300));
      waiting_for_ = -1;
    }
    if (m.type == "snapshot") role_ = m.role;
    if (!m.has_state) return;
    const int ply = m.ply;
    if (m.type == "decision" && ply == waiting_for_ && m.by == role_) {
      stats_.latencies_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - sent_at_).count());
      stats_.sent_s.push_back(std::chrono::duration<double>(sent_at_ - stats_.t0).count());
      waiting_for_ = -1;
    }
    if (m.status == "over") {
      if (role_ == "white") stats_.finished++;
      return finish();
    }
    if (m.status != "active" || m.to_move != role_ || waiting_for_ != -1) return;
    const auto& legal = m.legal;
    if (legal.empty()) return;
    const std::string d = legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng_)];
    waiting_for_ = ply + 1;
    if (think_ms_ <= 0) {
      sent_at_ = Clock::now();
      return send({{"type", "move"}, {"decision", d}, {"ply", ply}});
    }
    // Think like a person: a uniform pause in [think/2, 3*think/2], then send.
    timer_.expires_after(std::chrono::milliseconds(
        std::uniform_int_distribution<int>(think_ms_ / 2, think_ms_ * 3 / 2)(rng_)));
    timer_.async_wait([self = shared_from_this(), d, ply](beast::error_code ec) {
      if (ec || self->done_) return;
      self->sent_at_ = Clock::now();
      self->send({{"type", "move"}, {"decision", d}, {"ply", ply}});
    });
  }

  websocket::stream<beast::tcp_stream> ws_;
  net::steady_timer timer_;
  beast::flat_buffer buf_;
  std::deque<std::string> queue_;
  Stats& stats_;
  std::string game_, token_, role_;
  std::mt19937_64 rng_;
  int waiting_for_ = -1;
  Clock::time_point sent_at_;
  int think_ms_ = 0;
  bool done_ = false;
};

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

// The values of `v` whose time in `at` is inside [from, to) (inside = true) or outside it.
std::vector<double> within(const std::vector<double>& v, const std::vector<double>& at, double from, double to,
                           bool inside) {
  std::vector<double> out;
  for (size_t i = 0; i < v.size() && i < at.size(); ++i)
    if ((at[i] >= from && at[i] < to) == inside) out.push_back(v[i]);
  return out;
}

// The storm's report, and the decisions' round trips split by whether the logins were under
// way (from the first login sent to the last answered). False when a login failed for another
// reason than the server's refusals (429 throttled, 503 busy), or none succeeded.
bool print_storm(std::ostream& out, const StormOptions& o, const StormReport& r, const Stats& s) {
  const double span = std::max(1e-9, r.ended_s - r.began_s);
  out << "logins: offered " << r.offered << " (" << o.rate << "/s for " << o.seconds << " s over " << o.accounts
      << " accounts), ok " << r.ok << ", throttled (429) " << r.throttled << ", busy (503) " << r.busy
      << ", other errors " << r.other << ", network errors " << r.network << "\n"
      << "logins from t=" << r.began_s << " s to the last answer at t=" << r.ended_s << " s: " << double(r.ok) / span
      << " ok/s\n"
      << "login round trip: " << spread(r.login_ms) << "\n"
      << "decisions without logins: " << spread(within(s.latencies_ms, s.sent_s, r.began_s, r.ended_s, false)) << "\n"
      << "decisions during logins: " << spread(within(s.latencies_ms, s.sent_s, r.began_s, r.ended_s, true)) << "\n"
      << "GET /api/account/me without logins: " << spread(within(r.probe_ms, r.probe_at_s, r.began_s, r.ended_s, false))
      << "\n"
      << "GET /api/account/me during logins: " << spread(within(r.probe_ms, r.probe_at_s, r.began_s, r.ended_s, true))
      << "\n";
  if (o.bystanders > 0)
    out << "bystanders (" << o.bystanders << " other addresses, each one login at a time, 500 ms apart): ok " << r.bystander_ok
        << ", failed " << r.bystander_failed << "; round trip " << spread(r.bystander_ms) << "\n";
  for (const auto& e : r.first_errors) out << "  " << e << "\n";
  return r.ok > 0 && r.other == 0 && r.network == 0 && r.bystander_failed == 0;
}

}  // namespace

void add_loadtest_command(CLI::App& app) {
  struct Args {
    std::string host = "127.0.0.1";
    uint16_t port = 8080;
    int games = 500;
    int timeout_s = 600;
    uint64_t seed = 1;
    int think_ms = 0;
    int slow_readers = 0;
    StormOptions storm;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("loadtest", "Play N concurrent bot games against a running `yinsh serve` and report throughput and latency");
  cmd->add_option("--host", args->host, "Server address")->capture_default_str();
  cmd->add_option("--port", args->port, "Server port")->capture_default_str();
  cmd->add_option("--games", args->games, "Concurrent games (two WebSocket connections each)")
      ->check(CLI::Range(1, 20000))->capture_default_str();
  cmd->add_option("--timeout", args->timeout_s, "Give up after this many seconds")->capture_default_str();
  cmd->add_option("--think-ms", args->think_ms, "Mean pause of a bot before each decision (0: answer at once)")
      ->check(CLI::Range(0, 60000))->capture_default_str();
  cmd->add_option("--seed", args->seed, "Seed of the bots' random choices")->capture_default_str();
  cmd->add_option("--slow-readers", args->slow_readers,
                  "Spectators that ask for a snapshot every 50 ms and never read their socket")
      ->check(CLI::Range(0, 10000))->capture_default_str();
  auto& st = args->storm;
  st.rate = 0;
  cmd->add_option("--logins-per-s", st.rate,
                  "Also log in this many times a second (real POST /api/account/login), from --storm-after for "
                  "--storm-seconds; 0: no logins")
      ->check(CLI::Range(0.0, 100000.0))->capture_default_str();
  cmd->add_option("--login-accounts", st.accounts, "Accounts registered first; the logins go round-robin over them")
      ->check(CLI::Range(1, 10000))->capture_default_str();
  cmd->add_option("--login-prefix", st.prefix, "Their names: PREFIX0, PREFIX1, ... (an existing one is logged into)")
      ->capture_default_str();
  cmd->add_option("--login-sources", st.sources,
                  "On loopback, the logins come from this many addresses 127.0.0.2, .3, ... (0: the default one)")
      ->check(CLI::Range(0, 250))->capture_default_str();
  cmd->add_option("--login-source", st.source,
                  "On loopback, every storm login from this one address (127.0.0.2) instead of --login-sources")
      ->check(CLI::ValidIPV4);
  cmd->add_option("--bystanders", st.bystanders,
                  "With --login-source: this many other addresses after it (127.0.0.3, ...) each log into an account "
                  "of their own during the storm, one login at a time, 500 ms apart; any refused fails the run")
      ->check(CLI::Range(0, 200))->capture_default_str();
  cmd->add_option("--storm-after", st.start_s, "Seconds of games before the logins begin")
      ->check(CLI::Range(0.0, 3600.0))->capture_default_str();
  cmd->add_option("--storm-seconds", st.seconds, "Seconds of logins")->check(CLI::Range(0.0, 3600.0))->capture_default_str();
  cmd->callback([args] {
    const tcp::endpoint ep(net::ip::make_address(args->host), args->port);
    args->storm.host = args->host;
    args->storm.port = args->port;
    args->storm.timeout_s = args->timeout_s;
    std::vector<std::string> sessions;
    struct Seat {
      std::string game, token;
    };
    std::vector<Seat> seats;
    try {
      for (int i = 0; i < args->games; ++i) {
        const json c = http_json(ep, "POST", "/api/games", R"({"color":"white","name":"bot"})");
        const std::string id = c.value("game", "");
        if (id.empty()) throw std::runtime_error("create failed: " + c.dump());
        const json j = http_json(ep, "POST", "/api/games/" + id + "/join", R"({"name":"bot"})");
        if (!j.contains("token")) throw std::runtime_error("join failed: " + j.dump());
        seats.push_back({id, c["token"]});
        seats.push_back({id, j["token"]});
      }
      if (args->storm.rate > 0) sessions = prepare_storm_accounts(args->storm);
    } catch (const std::exception& e) {
      std::cerr << "error: " << e.what() << "\n";
      std::exit(1);
    }
    const double rss_before = server_metric(ep, "yinsh_resident_memory_bytes");
    std::atomic<double> rss_peak = rss_before;
    std::atomic<bool> running = true, stop_storm = false;
    std::thread sampler([&] {  // the server's memory once a second while the games run
      while (running) {
        for (int i = 0; i < 10 && running; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
        rss_peak = std::max(rss_peak.load(), server_metric(ep, "yinsh_resident_memory_bytes"));
      }
    });
    net::io_context ioc;
    Stats stats;
    const auto t0 = stats.t0 = Clock::now();
    std::optional<StormReport> storm;
    std::thread storm_thread;
    if (args->storm.rate > 0)
      storm_thread = std::thread([&] { storm = run_login_storm(args->storm, sessions, t0, stop_storm); });
    for (size_t i = 0; i < seats.size(); ++i)
      std::make_shared<Bot>(ioc, stats, seats[i].game, seats[i].token, args->seed * 1000003 + i, args->think_ms)->start(ep);
    for (int i = 0; i < args->slow_readers; ++i)
      std::make_shared<SlowReader>(ioc, seats[size_t(i * 2) % seats.size()].game)->start(ep);
    // The slow readers never finish: stop once every bot is done.
    net::steady_timer poll(ioc);
    std::function<void()> check = [&] {
      if (stats.bots_done >= long(seats.size())) return ioc.stop();
      poll.expires_after(std::chrono::milliseconds(50));
      poll.async_wait([&](beast::error_code ec) {
        if (!ec) check();
      });
    };
    check();
    ioc.run_for(std::chrono::seconds(args->timeout_s));
    const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
    if (storm_thread.joinable()) {
      if (stats.bots_done < long(seats.size())) stop_storm = true;  // timed out: the storm stops too
      storm_thread.join();
    }
    running = false;
    sampler.join();
    const double rss_after = server_metric(ep, "yinsh_resident_memory_bytes");
    const double dropped = server_metric(ep, "yinsh_slow_clients_dropped_total");
    const double coalesced = server_metric(ep, "yinsh_snapshots_coalesced_total");
    auto& l = stats.latencies_ms;
    const size_t n = l.size();
    std::cout << "games " << args->games << " (" << seats.size() << " connections), finished " << stats.finished
              << ", decisions " << n << " in " << secs << " s: " << double(n) / secs << " decisions/s\n"
              << "round trip ms: p50 " << percentile(l, 50) << "  p90 " << percentile(l, 90) << "  p99 "
              << percentile(l, 99) << "  max " << percentile(l, 100) << "\n"
              << "errors " << stats.errors << ", connection failures " << stats.connect_failures << "\n"
              << "server RSS MB: before " << rss_before / 1e6 << "  peak " << rss_peak / 1e6 << "  after "
              << rss_after / 1e6 << "\n";
    if (args->slow_readers > 0)
      std::cout << "slow readers " << args->slow_readers << ": dropped by the server " << dropped
                << ", snapshots coalesced " << coalesced << " (server totals)\n";
    for (const auto& e : stats.first_errors) std::cout << "  " << e << "\n";
    bool storm_failed = false;
    if (storm) storm_failed = !print_storm(std::cout, args->storm, *storm, stats);
    if (stats.errors || stats.connect_failures || stats.finished != args->games || storm_failed) std::exit(1);
  });
}

}  // namespace yinsh::cli
