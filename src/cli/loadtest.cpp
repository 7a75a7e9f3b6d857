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
// --pair quick|seek: the bots ask the lobby for their games instead, or --challenge NAME: each bot
// challenges the account NAME, a bot that `yinsh bot` plays (loadtest_lobby.h); the bots
// themselves are in loadtest_bot.h.
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <algorithm>
#include <chrono>
#include <iostream>
#include <optional>
#include <thread>

#include <nlohmann/json.hpp>

#include "bot_policy.h"
#include "commands.h"
#include "http_client.h"
#include "loadtest_bot.h"
#include "loadtest_lobby.h"
#include "login_storm.h"

namespace yinsh::cli {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using json = nlohmann::json;

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
    double ramp_s = 0;
    StormOptions storm;
    PairOptions pair;
    std::string challenge_clock = "180+2";
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("loadtest", "Play N concurrent bot games against a running `yinsh serve` and report throughput and latency");
  cmd->add_option("--host", args->host, "Server address")->capture_default_str();
  cmd->add_option("--port", args->port, "Server port")->capture_default_str();
  cmd->add_option("--games", args->games, "Concurrent games (two WebSocket connections each; one with --challenge)")
      ->check(CLI::Range(1, 20000))->capture_default_str();
  cmd->add_option("--timeout", args->timeout_s, "Give up after this many seconds")->capture_default_str();
  cmd->add_option("--think-ms", args->think_ms, "Mean pause of a bot before each decision (0: answer at once)")
      ->check(CLI::Range(0, 60000))->capture_default_str();
  cmd->add_option("--seed", args->seed, "Seed of the bots' random choices")->capture_default_str();
  cmd->add_option("--ramp-seconds", args->ramp_s, "Start the bots one after another over this many seconds")
      ->check(CLI::Range(0.0, 3600.0))->capture_default_str();
  auto* pair = cmd->add_option("--pair", args->pair.mode,
                               "Bots ask the lobby for their games instead of taking seats of games made up front: "
                               "quick (quick pairing) or seek (half the bots publish seeks, half take them from the "
                               "lobby); 2 bots per --games, each asking again after its game for --pair-seconds")
                   ->check(CLI::IsMember({"quick", "seek"}));
  auto* challenge = cmd->add_option("--challenge", args->pair.challenge_to,
                                    "Each of --games bots challenges this account (a bot account that `yinsh bot` "
                                    "plays) to a casual game as a guest, plays it, and challenges again after it for "
                                    "--pair-seconds; a declined challenge is made again 1 s later")
                        ->excludes(pair);
  cmd->add_option("--challenge-clock", args->challenge_clock, "With --challenge: the games' clock, SECONDS+INCREMENT or none")
      ->capture_default_str()->needs(challenge);
  cmd->add_option("--pair-seconds", args->pair.seconds,
                  "With --pair or --challenge: how long the bots ask for new games (the games under way are then "
                  "played out)")
      ->check(CLI::Range(0.0, 86400.0))->capture_default_str();
  cmd->add_option("--slow-readers", args->slow_readers,
                  "Spectators that ask for a snapshot every 50 ms and never read their socket")
      ->check(CLI::Range(0, 10000))->capture_default_str()->excludes(pair)->excludes(challenge);
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
  cmd->callback([args, cmd] {
    if (cmd->count("--pair-seconds") && args->pair.mode.empty() && args->pair.challenge_to.empty()) {
      std::cerr << "error: --pair-seconds needs --pair or --challenge\n";
      std::exit(2);
    }
    if (!args->pair.challenge_to.empty()) {
      const auto clock = clock_of(args->challenge_clock);
      if (!clock) {
        std::cerr << "error: --challenge-clock takes SECONDS+INCREMENT (180+2) or none, not '" << args->challenge_clock
                  << "'\n";
        std::exit(2);
      }
      args->pair.mode = "challenge";
      // The lobby's <Clock> (docs/api.md 3.5) names the initial time base_ms.
      args->pair.clock = clock->is_null() ? json(nullptr)
                                          : json{{"base_ms", (*clock)["initial_ms"]}, {"increment_ms", (*clock)["increment_ms"]}};
    }
    const tcp::endpoint ep(net::ip::make_address(args->host), args->port);
    args->storm.host = args->host;
    args->storm.port = args->port;
    args->storm.timeout_s = args->timeout_s;
    std::vector<std::string> sessions;
    struct Seat {
      std::string game, token;
    };
    std::vector<Seat> seats;
    const bool pairing = !args->pair.mode.empty();
    try {
      for (int i = 0; i < args->games && !pairing; ++i) {
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
    const auto t0 = stats.t0 = LoadClock::now();
    std::optional<StormReport> storm;
    std::thread storm_thread;
    if (args->storm.rate > 0)
      storm_thread = std::thread([&] { storm = run_login_storm(args->storm, sessions, t0, stop_storm); });
    auto& po = args->pair;
    po.bots = (po.mode == "challenge" ? 1 : 2) * args->games, po.think_ms = args->think_ms, po.seed = args->seed, po.ramp_s = args->ramp_s;
    const size_t bots = pairing ? size_t(po.bots) : seats.size();
    if (pairing) start_pairing_bots(ioc, ep, po, stats);
    for (size_t i = 0; i < seats.size(); ++i)
      std::make_shared<Bot>(ioc, stats, args->seed * 1000003 + i, args->think_ms)
          ->play(ep, seats[i].game, seats[i].token,
                 std::chrono::milliseconds(int64_t(args->ramp_s * 1000 * double(i) / double(seats.size()))));
    for (int i = 0; i < args->slow_readers; ++i)
      std::make_shared<SlowReader>(ioc, seats[size_t(i * 2) % seats.size()].game)->start(ep);
    // The slow readers never finish: stop once every bot is done.
    net::steady_timer poll(ioc);
    auto over = [&] { return pairing ? pairing_over(po, stats, LoadClock::now()) : stats.bots_done >= long(bots); };
    std::function<void()> check = [&] {
      if (over()) return ioc.stop();
      poll.expires_after(std::chrono::milliseconds(50));
      poll.async_wait([&](beast::error_code ec) {
        if (!ec) check();
      });
    };
    check();
    ioc.run_for(std::chrono::seconds(args->timeout_s));
    const double secs = std::chrono::duration<double>(LoadClock::now() - t0).count();
    if (storm_thread.joinable()) {
      if (!over()) stop_storm = true;  // timed out: the storm stops too
      storm_thread.join();
    }
    running = false;
    sampler.join();
    const double rss_after = server_metric(ep, "yinsh_resident_memory_bytes");
    const double dropped = server_metric(ep, "yinsh_slow_clients_dropped_total");
    const double coalesced = server_metric(ep, "yinsh_snapshots_coalesced_total");
    auto& l = stats.latencies_ms;
    const size_t n = l.size();
    const long games = pairing ? stats.games : args->games;
    std::cout << "games " << games << " (" << bots << " connections), finished " << stats.finished
              << ", decisions " << n << " in " << secs << " s: " << double(n) / secs << " decisions/s\n"
              << "round trip ms: p50 " << percentile(l, 50) << "  p90 " << percentile(l, 90) << "  p99 "
              << percentile(l, 99) << "  max " << percentile(l, 100) << "\n"
              << "errors " << stats.errors << ", connection failures " << stats.connect_failures << "\n"
              << "server RSS MB: before " << rss_before / 1e6 << "  peak " << rss_peak / 1e6 << "  after "
              << rss_after / 1e6 << "\n";
    if (args->slow_readers > 0)
      std::cout << "slow readers " << args->slow_readers << ": dropped by the server " << dropped
                << ", snapshots coalesced " << coalesced << " (server totals)\n";
    const bool pairing_failed = pairing && !print_pairing(std::cout, po, stats);
    for (const auto& e : stats.first_errors) std::cout << "  " << e << "\n";
    bool storm_failed = false;
    if (storm) storm_failed = !print_storm(std::cout, args->storm, *storm, stats);
    if (stats.errors || stats.connect_failures || stats.finished != games || storm_failed || pairing_failed)
      std::exit(1);
  });
}

}  // namespace yinsh::cli
