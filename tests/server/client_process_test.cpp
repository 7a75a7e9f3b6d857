// Processes around the server: `yinsh play --connect` (the terminal client) playing against a
// WebSocket player on a live server, and scripts/cluster (PostgreSQL, two servers, nginx)
// keeping a game going when the server of one player is killed and running one arena.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <thread>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "account_helpers.h"
#include "game_driver.h"
#include "run_command.h"
#include "site_helpers.h"
#include "server/server.h"
#include "test_server.h"

using namespace yinsh;
using namespace yinsh::test;
namespace http = boost::beast::http;
namespace fs = std::filesystem;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

// A child process with a pipe to its stdin and its stdout+stderr collected by a thread.
class Child {
 public:
  explicit Child(const std::vector<std::string>& argv) {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      dup2(out[1], 2);
      close(in[1]);
      close(out[0]);
      std::vector<char*> args;
      for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      execv(args[0], args.data());
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    in_ = in[1];
    reader_ = std::thread([this, fd = out[0]] {
      char buf[4096];
      ssize_t n;
      while ((n = read(fd, buf, sizeof buf)) > 0) {
        std::lock_guard lock(mutex_);
        out_.append(buf, size_t(n));
      }
      close(fd);
    });
  }
  ~Child() {
    if (in_ >= 0) close(in_);
    if (pid_ > 0 && !exited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (reader_.joinable()) reader_.join();
  }
  void type(const std::string& line) { (void)!write(in_, (line + "\n").data(), line.size() + 1); }
  std::string output() {
    std::lock_guard lock(mutex_);
    return out_;
  }
  bool wait_output(const std::string& part, int ms = 10000) {
    for (int t = 0; t < ms; t += 20) {
      if (output().find(part) != std::string::npos) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
  }
  int wait_exit() {
    int status = 0;
    for (int t = 0; t < 10000; t += 20) {
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exited_ = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return -2;
  }

 private:
  pid_t pid_ = -1;
  int in_ = -1;
  bool exited_ = false;
  std::thread reader_;
  std::mutex mutex_;
  std::string out_;
};

}  // namespace

TEST(TerminalClient, PlaysAnOnlineGameWithClocksAndChat) {
  const fs::path dir = fs::temp_directory_path() / ("yinsh-term-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  server::ServerOptions o;
  o.port = 0;
  o.db = (dir / "games.db").string();
  o.web_root = "/nonexistent";
  o.hub.rate_per_second = o.hub.rate_burst = 100000;
    o.hub.seeks.create_per_minute = 0;  // nor the lobby's game-creation limits
    o.hub.seeks.max_open = 0;
  o.net.http_rate = o.net.http_burst = 100000;  // the tests play far faster than people
  o.log_level = "warn";
  server::Server srv(o);
  std::string error;
  ASSERT_TRUE(srv.start(&error)) << error;
  const uint16_t port = srv.port();
  auto c = http_request(port, http::verb::post, "/api/games",
                        R"({"color":"white","name":"alice","clock":{"base_ms":300000,"increment_ms":2000}})");
  ASSERT_EQ(c.status, 201) << c.text;
  const std::string id = c.body["game"];
  Follower w(port, id, c.body["token"]), watcher(port, id);

  Child term({YINSH_BIN, "play", "--connect", "http://127.0.0.1:" + std::to_string(port) + "/game/" + id, "--name",
              "bob", "--no-color"});
  ASSERT_TRUE(term.wait_output("You are black in game " + id)) << term.output();
  EXPECT_NE(term.output().find("You took the black seat"), std::string::npos);
  ASSERT_TRUE(watcher.wait_event("joined"));
  w.ws.send({{"type", "start"}});
  term.type("start");
  ASSERT_TRUE(watcher.wait_event("started"));

  std::mt19937 rng(5);
  for (int ply = 0; ply < 12; ++ply) {
    const int64_t v = watcher.version;
    if (watcher.state["to_move"] == "white") {
      w.sync_to(v);
      w.ws.send({{"type", "move"}, {"decision", w.random_legal(rng)}, {"ply", w.state["ply"]}});
    } else {  // once the client has seen the last decision (it sends its ply along)
      ASSERT_TRUE(term.wait_output("  ply " + std::to_string(watcher.decisions.size()) + ", last ")) << term.output();
      term.type(watcher.random_legal(rng));
    }
    ASSERT_TRUE(watcher.sync_to(v + 1)) << term.output();
  }
  EXPECT_EQ(watcher.decisions.size(), 12u);
  EXPECT_TRUE(term.wait_output("white plays " + watcher.decisions[10])) << term.output();
  // Board in the rulebook's orientation, clocks, whose turn.
  const std::string out = term.output();
  EXPECT_NE(out.find("white alice 5:"), std::string::npos) << out;
  EXPECT_NE(out.find("black bob 5:"), std::string::npos) << out;
  EXPECT_NE(out.find("your turn"), std::string::npos) << out;
  // Chat both ways; an illegal decision is refused and changes nothing.
  w.ws.send({{"type", "chat"}, {"text", "hi bob"}});
  EXPECT_TRUE(term.wait_output("[white] alice: hi bob")) << term.output();
  term.type("say hello alice");
  std::optional<json> said;  // the watcher sees alice's line first, then bob's
  do said = watcher.wait_event("chat");
  while (said && (*said)["line"]["from"] != "bob");
  ASSERT_TRUE(said);
  const int64_t before = watcher.version;
  term.type("zz9");
  EXPECT_TRUE(term.wait_output("error: ")) << term.output();
  term.type("resign");
  ASSERT_TRUE(watcher.wait_event("game_over"));
  EXPECT_EQ(watcher.version, before + 1);  // the refused decision made no event
  EXPECT_EQ(watcher.state["result"]["score"], "1-0");
  EXPECT_TRUE(term.wait_output("Result: 1-0 (resign)")) << term.output();
  term.type("quit");
  EXPECT_EQ(term.wait_exit(), 0);
  fs::remove_all(dir);
}

// With the account's API token the terminal lists the account's games (correspondence ones
// with their time left), plays one from the account's seat, and `next` goes on to the next game
// where it is the account's turn. A refused token and a site URL without a token are clear errors.
TEST(TerminalClient, ListsTheAccountsCorrespondenceGamesAndGoesOnToTheNext) {
  ScratchDir dir("yinsh-term-corr");
  auto srv = start_test_server(test_server_options(dir.path()));
  ASSERT_TRUE(srv);
  const uint16_t port = srv->port();
  const std::string alice = account(port, "alice"), bob = account(port, "bob");
  auto t = http_request(port, http::verb::post, "/api/account/tokens",
                        json{{"description", "terminal"}, {"scopes", {"board:play"}}}.dump(), cookie(bob));
  ASSERT_EQ(t.status, 201) << t.text;
  const std::string secret = t.body["token"]["secret"];

  // Two correspondence games (2 and 3 days per move) where Alice has placed a ring: Bob to move.
  std::mt19937 rng(3);
  std::vector<std::string> ids;
  std::vector<std::unique_ptr<Follower>> whites;
  for (int days : {2, 3}) {
    auto c = http_request(port, http::verb::post, "/api/games",
                          json{{"clock", {{"days", days}}}, {"color", "white"}}.dump(), cookie(alice));
    ASSERT_EQ(c.status, 201) << c.text;
    const std::string id = c.body["game"];
    auto j = http_request(port, http::verb::post, "/api/games/" + id + "/join", "{}", cookie(bob));
    ASSERT_EQ(j.status, 200) << j.text;
    auto w = std::make_unique<Follower>(port, id, c.body["token"].get<std::string>());
    {
      Follower b(port, id, j.body["token"].get<std::string>());
      start_game(*w, b, {w.get(), &b});
    }
    w->ws.send({{"type", "move"}, {"decision", w->random_legal(rng)}, {"ply", 0}});
    ASSERT_TRUE(w->sync_to(w->version + 1));
    ids.push_back(id);
    whites.push_back(std::move(w));
  }
  const std::string site = "http://127.0.0.1:" + std::to_string(port);
  Child term({YINSH_BIN, "play", "--connect", site, "--api-token", secret, "--no-color"});
  ASSERT_TRUE(term.wait_output("Type a game's number")) << term.output();
  std::string out = term.output();
  EXPECT_NE(out.find("Your games (2 where it is your turn)"), std::string::npos) << out;
  EXPECT_NE(out.find("1. your turn against alice (1500) | black | 2 days per move | 1 day 23 h left | game " + ids[0]),
            std::string::npos) << out;
  EXPECT_NE(out.find("2. your turn against alice (1500) | black | 3 days per move | 2 days 23 h left | game " + ids[1]),
            std::string::npos) << out;
  term.type("7");  // not a number on the list: asked again
  ASSERT_TRUE(term.wait_output("error: type a number from 1 to 2")) << term.output();
  term.type("1");
  ASSERT_TRUE(term.wait_output("You are black in game " + ids[0])) << term.output();
  EXPECT_NE(term.output().find("black bob 1 day 23 h left"), std::string::npos) << term.output();
  const std::string decision = whites[0]->state["legal"][0];
  term.type(decision);
  ASSERT_TRUE(whites[0]->sync_to(whites[0]->version + 1)) << term.output();
  EXPECT_EQ(whites[0]->decisions.back(), decision);
  term.type("next");
  ASSERT_TRUE(term.wait_output("You are black in game " + ids[1])) << term.output();
  term.type("games");
  ASSERT_TRUE(term.wait_output("Your games (1 where it is your turn)")) << term.output();
  term.type("next");  // the only game where it is Bob's turn is this one
  ASSERT_TRUE(term.wait_output("No other game waits for your decision.")) << term.output();
  term.type("quit");
  EXPECT_EQ(term.wait_exit(), 0);

  Child refused({YINSH_BIN, "play", "--connect", site, "--api-token", "yinsh_" + std::string(43, 'x'), "--no-color"});
  EXPECT_EQ(refused.wait_exit(), 1);  // its output may still be in the pipe: waited for, not read at once
  EXPECT_TRUE(refused.wait_output("the server refused the API token")) << refused.output();
  Child no_game({YINSH_BIN, "play", "--connect", site, "--no-color"});
  EXPECT_EQ(no_game.wait_exit(), 2);
  EXPECT_TRUE(no_game.wait_output("expected http://HOST:PORT/game/ID")) << no_game.output();
}

namespace {

// scripts/cluster up in a temporary directory (skipped without nginx or PostgreSQL's server
// binaries), its ports and pids from cluster.env; down when it goes.
class Cluster {
 public:
  Cluster() : dir_(fs::temp_directory_path() / ("yinsh-cluster-" + std::to_string(getpid()))) {
    if (!fs::exists("/usr/sbin/nginx")) {
      skip_ = "nginx is not installed (apt-get install nginx-light)";
      return;
    }
    bool pg = false;
    for (const auto& d : fs::directory_iterator("/usr/lib/postgresql", fs::directory_options::skip_permission_denied))
      pg = pg || fs::exists(d.path() / "bin" / "initdb");
    if (!pg) {
      skip_ = "PostgreSQL server binaries are not installed";
      return;
    }
    fs::remove_all(dir_);
    const std::string up = "YINSH=" + std::string(YINSH_BIN) + " " + script_ + " up " + dir_.string() + " >" +
                           dir_.string() + ".log 2>&1";
    if (std::system(up.c_str()) != 0) return;
    std::ifstream in(dir_ / "cluster.env");
    std::string line;
    while (std::getline(in, line))
      if (const auto eq = line.find('='); eq != std::string::npos) env_[line.substr(0, eq)] = line.substr(eq + 1);
    lb = uint16_t(std::stoi(env_["BALANCER"]));
    a = uint16_t(std::stoi(env_["SERVER_A"]));
    b = uint16_t(std::stoi(env_["SERVER_B"]));
  }
  ~Cluster() {
    if (!skip_.empty()) return;
    if (lb) down();
    fs::remove_all(dir_);
    fs::remove(dir_.string() + ".log");
  }
  const std::string& skip_reason() const { return skip_; }
  std::string log() const {
    std::ifstream in(dir_.string() + ".log");
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  pid_t pid(const std::string& server) { return pid_t(std::stoi(env_["PID_" + server])); }
  // Stops everything; true when scripts/cluster down says so.
  bool down() {
    const std::string cmd = script_ + " down " + dir_.string() + " >>" + dir_.string() + ".log 2>&1";
    const bool ok = std::system(cmd.c_str()) == 0 && !fs::exists(dir_ / "cluster.env");
    lb = 0;
    return ok;
  }
  uint16_t lb = 0, a = 0, b = 0;  // the balancer and the two servers; 0 when it did not come up

 private:
  fs::path dir_;
  std::string script_ = std::string(YINSH_SOURCE_DIR) + "/scripts/cluster", skip_;
  std::map<std::string, std::string> env_;
};

}  // namespace

TEST(Cluster, AGameGoesOnThroughTheOtherServerWhenOneIsKilled) {
  Cluster c;
  if (!c.skip_reason().empty()) GTEST_SKIP() << c.skip_reason();
  ASSERT_NE(c.lb, 0) << c.log();
  const uint16_t lb = c.lb, a = c.a, b = c.b;
  {
    // Created and joined through the balancer; White plays on server A, Black on server B.
    const auto seats = create_two_seat_game(lb);
    auto white = std::make_unique<Follower>(a, seats.id, seats.white);
    Follower black(b, seats.id, seats.black);
    start_game(*white, black, {white.get(), &black});
    std::mt19937 rng(9);
    play_random(*white, black, {white.get(), &black}, rng, 20);
    ASSERT_EQ(black.decisions.size(), 20u);
    // Server A dies; White comes back through the balancer, which skips the dead server.
    kill(c.pid("A"), SIGKILL);
    white = std::make_unique<Follower>(lb, seats.id, seats.white);
    ASSERT_EQ(white->role, "white");
    EXPECT_EQ(white->decisions, black.decisions);
    play_random(*white, black, {white.get(), &black}, rng);
    EXPECT_EQ(black.state["status"], "over");
    EXPECT_EQ(black.state["result"]["score"], core_score(black.decisions));
    const auto record = http_request(lb, http::verb::get, "/api/games/" + seats.id + "/record.json");
    ASSERT_EQ(record.status, 200);
    EXPECT_EQ(record.body["decisions"].size(), black.decisions.size());
  }
  {
    // 80 players behind the balancer, each from its own address (the header nginx extends):
    // the servers trust nginx (--trusted-proxy), so nginx is not one client over the cap of
    // 32 connections per address; every WebSocket is accepted (without it, 16 were refused).
    net::io_context ioc;
    std::vector<std::unique_ptr<beast::websocket::stream<beast::tcp_stream>>> players;
    int refused = 0;
    for (int i = 0; i < 80; ++i) {
      auto ws = std::make_unique<beast::websocket::stream<beast::tcp_stream>>(ioc);
      beast::get_lowest_layer(*ws).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), lb));
      ws->set_option(beast::websocket::stream_base::decorator([i](beast::websocket::request_type& req) {
        req.set("X-Forwarded-For", "203.0.113." + std::to_string(i + 1));
      }));
      beast::error_code ec;
      ws->handshake("127.0.0.1", "/ws", ec);
      if (ec) ++refused;
      players.push_back(std::move(ws));
    }
    EXPECT_EQ(refused, 0);
  }
  EXPECT_TRUE(c.down()) << c.log();
}

// `yinsh loadtest --pair quick` through the balancer: its bots' connections land on both
// servers, so players are paired across them (the site's one pool) and their games are played
// from server to server; every game it reports begun is finished, with no error.
TEST(Cluster, TheLoadToolPairsPlayersThroughTheBalancer) {
  Cluster c;
  if (!c.skip_reason().empty()) GTEST_SKIP() << c.skip_reason();
  ASSERT_NE(c.lb, 0) << c.log();
  // --think-ms: the servers keep their default message rate (20 a second per connection).
  const auto [report, status] = run_command(std::string(YINSH_BIN) + " loadtest --port " + std::to_string(c.lb) +
                                            " --pair quick --games 3 --pair-seconds 2 --think-ms 40 --timeout 90");
  EXPECT_EQ(status, 0) << report;
  EXPECT_NE(report.find("(6 connections)"), std::string::npos) << report;
  EXPECT_NE(report.find("errors 0, connection failures 0"), std::string::npos) << report;
  EXPECT_NE(report.find("pairing (quick): 6 bots"), std::string::npos) << report;
  const auto over = http_request(c.lb, http::verb::get, "/api/games?status=over&limit=200").body["games"];
  EXPECT_GE(over.size(), 3u) << report;
  EXPECT_NE(report.find("games " + std::to_string(over.size()) + " "), std::string::npos) << report;
  EXPECT_TRUE(c.down()) << c.log();
}

// One arena on a site of two servers behind nginx (docs/server.md "One site"): accounts made,
// the arena created and joined, and its games resigned, all through the balancer; both
// servers and the balancer show one standings; each player is paired once a wave.
TEST(Cluster, AnArenaBehindTheBalancerHasOneStandings) {
  Cluster c;
  if (!c.skip_reason().empty()) GTEST_SKIP() << c.skip_reason();
  ASSERT_NE(c.lb, 0) << c.log();
  std::map<std::string, std::string> sessions;
  for (const char* name : {"ann", "ben", "cid", "dot"}) sessions[name] = account(c.lb, name);
  const json body = {{"name", "Site arena"}, {"clock", {{"base_ms", 180000}, {"increment_ms", 2000}}},
                     {"minutes", 30}, {"starts_in_s", 0}};
  const auto made = http_request(c.lb, http::verb::post, "/api/tournaments", body.dump(), cookie(sessions["ann"]));
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string path = "/api/tournaments/" + made.body["id"].get<std::string>();
  for (const auto& [name, session] : sessions)
    EXPECT_EQ(http_request(c.lb, http::verb::post, path + "/join", "{}", cookie(session)).status, 200) << name;
  auto standings = [&](uint16_t at) { return http_request(at, http::verb::get, path).body; };
  auto all_playing = [&](size_t games) {
    const json s = standings(c.lb);
    for (const json& r : s["standings"])
      if (r["playing"].is_null()) return false;
    return s["pairings"].size() == games;
  };
  ASSERT_TRUE(eventually([&] { return all_playing(2); })) << standings(c.lb).dump();
  const json first = standings(c.a);
  EXPECT_EQ(first["standings"], standings(c.b)["standings"]);
  EXPECT_EQ(first["pairings"], standings(c.b)["pairings"]);

  // Black resigns both games through the balancer; the next wave pairs everyone once more.
  for (const json& p : first["pairings"]) {
    const std::string black = p["black"];
    const json mine = http_request(c.lb, http::verb::get, "/api/account/games", "", cookie(sessions[black])).body;
    std::string token;
    for (const json& g : mine["games"])
      if (g["id"] == p["game"]) token = g["seat_token"];
    ASSERT_FALSE(token.empty()) << mine.dump();
    Follower f(c.lb, p["game"], token);
    f.ws.send({{"type", "resign"}});
    ASSERT_TRUE(f.wait_event("game_over"));
  }
  ASSERT_TRUE(eventually([&] { return all_playing(4); }, 30000)) << standings(c.lb).dump();
  const json second = standings(c.b);
  EXPECT_EQ(second["standings"], standings(c.a)["standings"]);
  EXPECT_EQ(second["standings"], standings(c.lb)["standings"]);
  std::map<std::string, int> games_of;
  for (const json& p : second["pairings"]) ++games_of[p["white"]], ++games_of[p["black"]];
  for (const auto& [name, session] : sessions) EXPECT_EQ(games_of[name], 2) << name;
  std::map<std::string, int> points;  // White won each game of the first wave
  for (const json& p : first["pairings"]) points[p["white"]] = 2, points[p["black"]] = 0;
  for (const json& r : second["standings"]) EXPECT_EQ(r["points"], points[r["name"]]) << r.dump();
  EXPECT_TRUE(c.down()) << c.log();
}
