// The network layer under abuse and at shutdown (issue 11 D1, D3, D4, operators' view): bounded
// send queues and coalesced snapshots, connection caps, the HTTP rate limit, the Origin check,
// the SQLite lock, the drain, /metrics and /healthz. In-process server, real sockets.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "game_driver.h"
#include "run_command.h"
#include "server_process.h"
#include "server/common/ids.h"
#include "server/server.h"
#include "server/store/store.h"
#include "test_server.h"

using namespace yinsh;
using namespace yinsh::test;
namespace http = boost::beast::http;
namespace websocket = boost::beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

class EdgeTest : public ::testing::Test {
 protected:
  void start() {
    server_ = start_test_server(options_);
    ASSERT_TRUE(server_);
    port_ = server_->port();
  }
  void TearDown() override { server_.reset(); }
  std::string metrics() { return http_request(port_, http::verb::get, "/metrics").text; }
  // /metrics once it holds `line` (the stored games are counted on the store pool after a
  // scrape asks: the first scrapes may not show them), or after 20 s, the last text.
  std::string metrics_with(const std::string& line) {
    std::string text;
    for (int i = 0; i < 400 && (text = metrics()).find(line) == std::string::npos; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    return text;
  }
  // The value of an unlabelled metric line "name value".
  double metric(const std::string& name) {
    const std::string text = metrics();
    const auto at = text.find("\n" + name + " ");
    return at == std::string::npos ? -1 : std::stod(text.substr(at + name.size() + 2));
  }

  ScratchDir scratch_{"yinsh-edge"};
  const std::filesystem::path& dir_ = scratch_.path();
  server::ServerOptions options_ = test_server_options(dir_);
  std::unique_ptr<server::Server> server_;
  uint16_t port_ = 0;
};

// A WebSocket upgrade with the given Origin header (none if empty): the HTTP status answered.
int upgrade_status(uint16_t port, const std::string& host, const std::string& origin) {
  net::io_context ioc;
  websocket::stream<beast::tcp_stream> ws(ioc);
  beast::get_lowest_layer(ws).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  ws.set_option(websocket::stream_base::decorator([origin](websocket::request_type& req) {
    if (!origin.empty()) req.set(http::field::origin, origin);
  }));
  websocket::response_type res;
  beast::error_code ec;
  ws.handshake(res, host, "/ws", ec);
  return res.result_int();
}

std::string reason_text(const WsClient& c) {
  const auto r = c.close_reason();
  return std::string(r.reason.data(), r.reason.size());
}

std::string chat_text(int i) { return "line " + std::to_string(i) + " " + std::string(480, 'x'); }

}  // namespace

TEST_F(EdgeTest, ASnapshotAskedForAgainBeforeTheLastLeftReplacesIt) {
  start();
  const auto seats = create_two_seat_game(port_);
  Follower w(port_, seats.id, seats.white);
  for (int i = 0; i < 100; ++i) w.ws.send({{"type", "chat"}, {"text", chat_text(i)}});
  ASSERT_TRUE(w.sync_to(w.version + 100));  // a snapshot is now about 50 KB
  // A client with a small receive buffer asks for 200 snapshots without reading.
  WsClient slow(port_, 4096);
  slow.send({{"type", "hello"}, {"game", seats.id}});
  for (int i = 1; i <= 200; ++i) slow.send({{"type", "snapshot"}, {"id", i}});
  slow.send({{"type", "ping"}, {"id", "end"}});
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // all queued
  std::vector<int> ids;
  for (;;) {
    auto m = slow.recv();
    ASSERT_TRUE(m);
    if ((*m)["type"] == "pong") break;
    if ((*m)["type"] == "snapshot" && m->contains("id")) ids.push_back((*m)["id"].get<int>());
  }
  ASSERT_FALSE(ids.empty());
  EXPECT_EQ(ids.back(), 200);  // the newest is never dropped
  EXPECT_LT(ids.size(), 60u) << "snapshots were not coalesced";
  EXPECT_TRUE(std::is_sorted(ids.begin(), ids.end()));
  EXPECT_GT(metric("yinsh_snapshots_coalesced_total"), 100);
}

TEST_F(EdgeTest, AClientThatDoesNotReadIsDroppedOverTheSendQueueLimitWithAReason) {
  options_.net.send_queue_bytes = 64 * 1024;
  start();
  const auto seats = create_two_seat_game(port_);
  Follower w(port_, seats.id, seats.white);
  WsClient slow(port_, 4096);
  slow.send({{"type", "hello"}, {"game", seats.id}});
  // Every chat line (about 600 bytes) goes to the slow client too: far more than its kernel
  // buffers and its 64 KiB queue hold.
  // (In batches that the writer reads back, so that its own queue stays small.)
  for (int batch = 0; batch < 60; ++batch) {
    for (int i = 0; i < 50; ++i) w.ws.send({{"type", "chat"}, {"text", chat_text(i)}});
    ASSERT_TRUE(w.sync_to(w.version + 50));
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (metric("yinsh_slow_clients_dropped_total") < 1 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(metric("yinsh_slow_clients_dropped_total"), 1);
  EXPECT_LE(metric("yinsh_send_queue_bytes"), 64 * 1024 + 16 * 1024);
  // Reading now, the client gets what was in flight, then the close frame that says why.
  while (slow.recv(5000)) {
  }
  EXPECT_EQ(slow.close_reason().code, websocket::close_code::policy_error);
  EXPECT_NE(reason_text(slow).find("send queue over 65536 bytes"), std::string::npos) << reason_text(slow);
  // The reader that keeps up is still served.
  w.ws.send({{"type", "ping"}, {"id", 7}});
  EXPECT_TRUE(w.ws.recv_type("pong"));
}

TEST_F(EdgeTest, ConnectionsOverTheCapPerAddressAreRefusedWithAReason) {
  options_.net.max_per_address = 3;
  start();
  std::vector<std::unique_ptr<WsClient>> held;
  for (int i = 0; i < 3; ++i) held.push_back(std::make_unique<WsClient>(port_));
  auto r = http_request(port_, http::verb::get, "/api/health");
  EXPECT_EQ(r.status, 503);
  EXPECT_EQ(r.body["error"]["code"], "too_many_connections");
  EXPECT_EQ(std::string(r.headers[http::field::retry_after]), "5");
  EXPECT_NE(r.body["error"]["message"].get<std::string>().find("too many connections from 127.0.0.1 (limit 3)"),
            std::string::npos);
  held.pop_back();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // the server sees the close
  EXPECT_EQ(http_request(port_, http::verb::get, "/api/health").status, 200);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // and that one's close
  EXPECT_EQ(metric("yinsh_connections_refused_total"), 1);
}

TEST_F(EdgeTest, ConnectionsOverTheTotalCapAreRefused) {
  options_.net.max_connections = 2;
  start();
  WsClient a(port_), b(port_);
  auto r = http_request(port_, http::verb::get, "/healthz");
  EXPECT_EQ(r.status, 503);
  EXPECT_NE(r.text.find("2 connections open, its limit"), std::string::npos) << r.text;
}

TEST_F(EdgeTest, HttpRequestsAreRateLimitedPerAddress) {
  options_.net.http_rate = 1;
  options_.net.http_burst = 5;
  start();
  for (int i = 0; i < 5; ++i) EXPECT_EQ(http_request(port_, http::verb::get, "/api/levels").status, 200) << i;
  auto r = http_request(port_, http::verb::get, "/api/levels");
  EXPECT_EQ(r.status, 429);
  EXPECT_EQ(r.body["error"]["code"], "rate_limited");
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // one token back
  EXPECT_EQ(http_request(port_, http::verb::get, "/api/levels").status, 200);
}

TEST_F(EdgeTest, TheWebSocketOriginMustBeTheServersOwnOrListed) {
  options_.net.allow_origins = {"https://yinsh.example"};
  start();
  const std::string host = "127.0.0.1:" + std::to_string(port_);
  EXPECT_EQ(upgrade_status(port_, host, ""), 101);  // not a browser
  EXPECT_EQ(upgrade_status(port_, host, "http://" + host), 101);
  EXPECT_EQ(upgrade_status(port_, host, "https://" + host), 101);
  EXPECT_EQ(upgrade_status(port_, host, "https://yinsh.example"), 101);
  EXPECT_EQ(upgrade_status(port_, host, "https://evil.example"), 403);
  EXPECT_EQ(upgrade_status(port_, host, "http://127.0.0.1:1"), 403);
  EXPECT_EQ(upgrade_status(port_, host, "null"), 403);
}

TEST_F(EdgeTest, ASecondServerOnTheSameSqliteFileIsRefusedNamingTheLockAndPid) {
  start();
  server::Server second(options_);
  std::string error;
  EXPECT_FALSE(second.start(&error));
  EXPECT_NE(error.find(options_.db + ".lock"), std::string::npos) << error;
  EXPECT_NE(error.find("pid " + std::to_string(getpid())), std::string::npos) << error;
  // The binary says the same and exits non-zero.
  const std::string cmd = std::string(YINSH_BIN) + " serve --port 0 --web-root /nonexistent --db " + options_.db + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_TRUE(p);
  std::string out;
  char buf[512];
  while (fgets(buf, sizeof buf, p)) out += buf;
  const int status = pclose(p);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << status;
  EXPECT_NE(out.find("pid " + std::to_string(getpid())), std::string::npos) << out;
  // Once the first has stopped, the file is free.
  server_.reset();
  server::Server third(options_);
  EXPECT_TRUE(third.start(&error)) << error;
}

TEST_F(EdgeTest, StoppingClosesEverySessionWithServerRestarting) {
  start();
  const auto seats = create_two_seat_game(port_);
  Follower w(port_, seats.id, seats.white), b(port_, seats.id, seats.black);
  start_game(w, b, {&w, &b});
  ASSERT_EQ(server_->websocket_sessions(), 2u);
  std::thread stopper([&] { server_->stop(); });
  EXPECT_FALSE(w.ws.recv_type("never", 5000));
  EXPECT_FALSE(b.ws.recv_type("never", 5000));
  stopper.join();
  for (auto* c : {&w.ws, &b.ws}) {
    EXPECT_EQ(c->close_reason().code, websocket::close_code::going_away);
    EXPECT_EQ(reason_text(*c), "server restarting");
  }
}

TEST_F(EdgeTest, MetricsAndHealthzSayWhatTheServerHolds) {
  start();
  EXPECT_EQ(http_request(port_, http::verb::get, "/healthz").text, "ok\n");
  const auto seats = create_two_seat_game(port_);
  Follower w(port_, seats.id, seats.white), b(port_, seats.id, seats.black);
  start_game(w, b, {&w, &b});
  std::mt19937 rng(7);
  play_random(w, b, {&w, &b}, rng, 12);
  const std::string m = metrics_with("yinsh_games{status=\"active\"} 1\n");
  EXPECT_NE(m.find("# TYPE yinsh_websocket_connections gauge\nyinsh_websocket_connections 2\n"), std::string::npos) << m;
  EXPECT_NE(m.find("yinsh_games{status=\"active\"} 1\n"), std::string::npos) << m;
  EXPECT_NE(m.find("yinsh_decisions_total 12\n"), std::string::npos) << m;
  EXPECT_NE(m.find("yinsh_store_commit_seconds_bucket{le=\"+Inf\"}"), std::string::npos);
  EXPECT_GT(metric("yinsh_store_commit_seconds_count"), 10);
  EXPECT_GT(metric("yinsh_resident_memory_bytes"), 1e6);
  EXPECT_EQ(http_request(port_, http::verb::post, "/metrics").status, 405);
}

// /metrics carries the process's own figures and the build, and answers only the addresses of
// --metrics-from (this machine by default; through a trusted proxy, the forwarded client's).
TEST_F(EdgeTest, MetricsShowTheProcessAndAnswerOnlyTheirAddresses) {
  options_.net.trusted_proxies = {"127.0.0.1"};
  start();
  const std::string m = metrics();
  for (const char* line : {"# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total ",
                           "\nprocess_open_fds ", "\nprocess_max_fds ", "\nprocess_virtual_memory_bytes ",
                           "\nyinsh_build_info{version=\""})
    EXPECT_NE(m.find(line), std::string::npos) << line << "\n" << m;
  EXPECT_GT(metric("process_resident_memory_bytes"), 1e6);
  EXPECT_GT(metric("process_open_fds"), 2);
  const double started = metric("process_start_time_seconds");
  EXPECT_NEAR(started, double(server::now_ms()) / 1000, 600) << "when the process started";
  // A client forwarded by the trusted proxy from elsewhere is not this machine.
  const auto outside = http_request(port_, http::verb::get, "/metrics", "", {{"X-Forwarded-For", "203.0.113.9"}});
  EXPECT_EQ(outside.status, 403);
  EXPECT_EQ(outside.text.find("yinsh_"), std::string::npos) << "nothing of the metrics";
  server_.reset();

  options_.net.metrics_from = {"10.0.0.0/8", "203.0.113.0/24"};
  start();
  EXPECT_EQ(http_request(port_, http::verb::get, "/metrics").status, 403) << "loopback is not listed";
  EXPECT_EQ(http_request(port_, http::verb::get, "/metrics", "", {{"X-Forwarded-For", "203.0.113.9"}}).status, 200);
  EXPECT_EQ(http_request(port_, http::verb::get, "/healthz").status, 200) << "health stays open";
  // Every answer names its request: an id made here, or a trusted proxy's.
  const auto own = http_request(port_, http::verb::get, "/healthz");
  const std::string id(own.headers["X-Request-Id"]);
  EXPECT_EQ(id.size(), 16u) << id;
  EXPECT_NE(id, std::string(http_request(port_, http::verb::get, "/healthz").headers["X-Request-Id"]));
  EXPECT_EQ(http_request(port_, http::verb::get, "/healthz", "", {{"X-Request-Id", "abc-123"}}).headers["X-Request-Id"],
            "abc-123") << "from the trusted proxy (loopback here)";
  EXPECT_EQ(http_request(port_, http::verb::get, "/healthz", "", {{"X-Request-Id", "a b"}}).headers["X-Request-Id"].size(),
            16u) << "an id that is not one is replaced";
  server_.reset();

  options_.net.metrics_from = {"10.0.0.0/33"};
  server::Server refused(options_);
  std::string why;
  EXPECT_FALSE(refused.start(&why));
  EXPECT_NE(why.find("--metrics-from 10.0.0.0/33"), std::string::npos) << why;
}

// Games by status count every stored game, not only those in memory (they once did): after a
// restart, a game that is over is in no room, and still counts.
TEST_F(EdgeTest, MetricsCountEveryStoredGameByStatus) {
  start();
  EXPECT_EQ(http_request(port_, http::verb::post, "/api/games", R"({"color":"white","name":"w"})").status, 201);
  for (int i = 0; i < 2; ++i) {  // two games resigned at once
    const auto seats = create_two_seat_game(port_);
    Follower w(port_, seats.id, seats.white), b(port_, seats.id, seats.black);
    start_game(w, b, {&w, &b});
    w.ws.send({{"type", "resign"}});
    EXPECT_TRUE(b.wait_event("game_over"));
  }
  const auto active = create_two_seat_game(port_);
  {
    Follower w(port_, active.id, active.white), b(port_, active.id, active.black);
    start_game(w, b, {&w, &b});
  }
  server_.reset();
  start();
  const std::string m = metrics_with("yinsh_games{status=\"over\"} 2\n");
  EXPECT_NE(m.find("yinsh_games{status=\"over\"} 2\n"), std::string::npos) << m;
  EXPECT_NE(m.find("yinsh_games{status=\"waiting\"} 1\n"), std::string::npos) << m;
  EXPECT_NE(m.find("yinsh_games{status=\"active\"} 1\n"), std::string::npos) << m;
  EXPECT_NE(m.find("yinsh_games{status=\"aborted\"} 0\n"), std::string::npos) << m;
  EXPECT_LE(metric("yinsh_games_loaded"), 2);  // the games that are over are not in memory
}

TEST(EdgeProcess, OutOfFileDescriptorsTheAcceptLoopBacksOffThenServesAgain) {
  const auto dir = std::filesystem::temp_directory_path() / ("yinsh-emfile-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  ServerProcess srv((dir / "games.db").string(),
                    {"--web-root", "/nonexistent", "--max-per-address", "100000", "--log-level", "warn"}, 64);
  ASSERT_GT(srv.port(), 0);
  // Connections that send nothing hold their descriptors (the HTTP read waits 30 s); the
  // kernel's backlog takes the rest, which the server cannot accept.
  std::vector<int> held;
  for (int i = 0; i < 150; ++i) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(srv.port());
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
    held.push_back(fd);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const double cpu0 = srv.cpu_seconds();
  std::this_thread::sleep_for(std::chrono::seconds(2));
  const double spent = srv.cpu_seconds() - cpu0;
  EXPECT_LT(spent, 0.3) << "the accept loop spins while out of descriptors";
  for (int fd : held) close(fd);
  // Descriptors come back; the backlog is served and new requests are answered.
  bool ok = false;
  for (int i = 0; i < 50 && !ok; ++i) {
    try {
      ok = http_request(srv.port(), http::verb::get, "/healthz").status == 200;
    } catch (const std::exception&) {
    }
    if (!ok) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_TRUE(ok);
  EXPECT_EQ(srv.terminate(), 0);  // SIGTERM drains and exits 0
  std::filesystem::remove_all(dir);
}

namespace {


}  // namespace

TEST(EdgeConfig, OptionsComeFromFlagsEnvironmentAndAConfigFile) {
  const auto dir = std::filesystem::temp_directory_path() / ("yinsh-config-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "yinsh.toml").string();
  {
    std::ofstream f(file);
    f << "port = 9001\nthreads = 3\nhttp-rate = 7.5\nallow-origin = [\"https://a.example\", \"https://b.example\"]\n"
         "db = \"/from/file.db\"\n";
  }
  const std::string bin = YINSH_BIN;
  // The file's values, the environment over the file, a flag over both.
  auto [out, status] = run_command("YINSH_DB=/from/env.db YINSH_MAX_PER_ADDRESS=5 " + bin + " serve --config " + file +
                           " --threads 4 --print-config");
  EXPECT_EQ(status, 0) << out;
  EXPECT_NE(out.find("\nport = 9001\n"), std::string::npos) << out;
  EXPECT_NE(out.find("\nthreads = 4\n"), std::string::npos) << out;
  EXPECT_NE(out.find("\nhttp-rate = 7.5\n"), std::string::npos) << out;
  EXPECT_NE(out.find("\ndb = \"/from/env.db\"\n"), std::string::npos) << out;
  EXPECT_NE(out.find("\nmax-per-address = 5\n"), std::string::npos) << out;
  EXPECT_NE(out.find("\nallow-origin = [\"https://a.example\", \"https://b.example\"]\n"), std::string::npos) << out;
  EXPECT_NE(out.find("\ntrusted-proxy = []\n"), std::string::npos) << out;
  // What --print-config prints is a config file that says the same.
  const std::string printed = (dir / "printed.toml").string();
  { std::ofstream(printed) << out; }
  auto [again, status2] = run_command(bin + " serve --config " + printed + " --print-config");
  EXPECT_EQ(status2, 0) << again;
  EXPECT_EQ(again, out);
  // An unknown key is an error that names it; so is a bad value.
  { std::ofstream(file, std::ios::app) << "max-conections = 5\n"; }
  std::tie(out, status) = run_command(bin + " serve --config " + file + " --print-config");
  EXPECT_EQ(status, 2);
  EXPECT_NE(out.find("unknown key 'max-conections'"), std::string::npos) << out;
  std::tie(out, status) = run_command("YINSH_PORT=notaport " + bin + " serve --print-config");
  EXPECT_NE(status, 0);
  EXPECT_NE(out.find("port"), std::string::npos) << out;
  std::filesystem::remove_all(dir);
}

TEST_F(EdgeTest, ASymbolicLinkToAServedDatabaseFindsItsLock) {
  start();
  std::filesystem::create_symlink(options_.db, dir_ / "link.db");
  std::filesystem::create_directory_symlink(dir_, dir_ / "same-dir");
  for (const auto& other : {dir_ / "link.db", dir_ / "same-dir" / "games.db"}) {
    server::ServerOptions o = options_;
    o.db = other.string();
    server::Server second(o);
    std::string error;
    EXPECT_FALSE(second.start(&error)) << other;
    EXPECT_NE(error.find("in use by another server (pid " + std::to_string(getpid())), std::string::npos) << error;
  }
}

TEST(EdgeProcess, ATrustedProxyThatIsNoAddressIsRefusedAtStart) {
  ScratchDir dir("yinsh-proxy-flag");
  for (const std::string bad : {"not-an-ip", "10.0.0.0/33"}) {
    const auto [out, status] = run_command(std::string(YINSH_BIN) + " serve --port 0 --web-root /nonexistent --db " +
                                           (dir.path() / "games.db").string() +
                                           " --trusted-proxy 127.0.0.1 --trusted-proxy " + bad);
    EXPECT_EQ(status, 1) << out;
    EXPECT_NE(out.find("error: --trusted-proxy " + bad + ": not an IP address or a CIDR range"), std::string::npos) << out;
    EXPECT_EQ(out.find("listening"), std::string::npos) << out;
  }
}

// The WAL is cut back after a burst: SQLite keeps the file at its largest size unless
// journal_size_limit truncates it when a checkpoint lets a commit start it over.
TEST(SqliteWal, TheWalFileIsCutBackAfterABurst) {
  ScratchDir dir("yinsh-wal");
  const auto db = dir.path() / "games.db";
  std::string error;
  auto store = server::open_store(db.string(), &error);
  ASSERT_TRUE(store) << error;
  server::GameMeta meta{"walwalwalwal", Variant::Normal, std::nullopt, 1};
  ASSERT_TRUE(store->create_game(meta, &error)) << error;
  server::GameSummary summary;
  summary.id = meta.id;
  int64_t version = 0;
  const std::string body(64 * 1024, 'x');
  for (int batch = 0; batch < 8; ++batch) {  // 24 MB in about no time: the checkpointer is behind
    std::vector<server::StoredEvent> events;
    for (int i = 0; i < 48; ++i) events.push_back({++version, body});
    ASSERT_EQ(store->append(meta.id, events, summary, &error), server::AppendStatus::Ok) << error;
  }
  const auto wal = db.string() + "-wal";
  const auto peak = std::filesystem::file_size(wal);
  EXPECT_GT(peak, 16u << 20);
  uintmax_t size = peak;
  for (int i = 0; i < 100 && size > (4u << 20); ++i) {  // small commits while the checkpointer catches up
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    ASSERT_EQ(store->append(meta.id, {{++version, "{}"}}, summary, &error), server::AppendStatus::Ok) << error;
    size = std::filesystem::file_size(wal);
  }
  EXPECT_LE(size, 4u << 20) << "the WAL stayed at " << size << " bytes (peak " << peak << ")";
}

TEST(EdgeProcess, LogLevelDebugAddsLinesThatInfoLeavesOut) {
  ScratchDir dir("yinsh-debug-log");
  auto log_of = [&](const std::string& level) {  // the server's output over 2 s, then SIGTERM
    return run_command("timeout -s TERM 2 " + std::string(YINSH_BIN) + " serve --port 0 --web-root /nonexistent --db " +
                       (dir.path() / (level + ".db")).string() + " --log-level " + level)
        .first;
  };
  const std::string debug = log_of("debug"), info = log_of("info");
  EXPECT_NE(debug.find(R"("level":"debug","message":"store sqlite, 2 I/O threads, 0 trusted proxies, TLS off)"),
            std::string::npos)
      << debug;
  EXPECT_NE(info.find("listening on"), std::string::npos) << info;
  EXPECT_EQ(info.find(R"("level":"debug")"), std::string::npos) << info;
}
