// Tests that drive the built `yinsh serve` binary: SIGKILL mid-game and restart, and two
// server processes sharing one PostgreSQL database.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <functional>

#include "core/game.h"
#include "core/notation.h"
#include "game_driver.h"
#include "pg_cluster.h"
#include "server_process.h"

using namespace yinsh;
using namespace yinsh::test;

namespace {

// A game created (White's seat) through server A and joined (Black's) through server B.
TwoSeats create_across(const ServerProcess& a, const ServerProcess& b) {
  auto c = http_request(a.port(), beast::http::verb::post, "/api/games", R"({"color":"white","name":"alice"})");
  EXPECT_EQ(c.status, 201) << c.text;
  const std::string id = c.body.value("game", "");
  auto j = http_request(b.port(), beast::http::verb::post, "/api/games/" + id + "/join", R"({"name":"bob"})");
  EXPECT_EQ(j.status, 200) << j.text;
  return {id, c.body.value("token", ""), j.body.value("token", "")};
}

}  // namespace

TEST(ServerProcess, KilledMidGameRestartsWithNoAcknowledgedDecisionLost) {
  const auto dir = std::filesystem::temp_directory_path() / ("yinsh-kill-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string db = (dir / "games.db").string();
  auto first = std::make_unique<ServerProcess>(db);
  ASSERT_NE(first->port(), 0) << "the server did not start";
  const auto seats = create_two_seat_game(first->port(), {{"clock", {{"base_ms", 600000}, {"increment_ms", 1000}}}});
  std::vector<std::string> acknowledged;
  int64_t white_ms = 0;
  {
    Follower w(first->port(), seats.id, seats.white), b(first->port(), seats.id, seats.black);
    start_game(w, b, {&w, &b});
    std::mt19937 rng(99);
    play_random(w, b, {&w, &b}, rng, 25);
    // One more decision is sent and the server killed at once: it may or may not be stored,
    // but everything acknowledged before must survive.
    acknowledged = w.decisions;
    white_ms = w.state["clocks"]["white_ms"];
    Follower& mover = w.state["to_move"] == "white" ? w : b;
    mover.ws.send({{"type", "move"}, {"decision", mover.random_legal(rng)}});
    first->kill9();
  }
  first.reset();
  ServerProcess second(db);
  ASSERT_NE(second.port(), 0);
  Follower w(second.port(), seats.id, seats.white), b(second.port(), seats.id, seats.black);
  EXPECT_EQ(w.role, "white");
  EXPECT_EQ(b.role, "black");
  ASSERT_GE(w.decisions.size(), acknowledged.size());
  EXPECT_LE(w.decisions.size(), acknowledged.size() + 1);
  EXPECT_TRUE(std::equal(acknowledged.begin(), acknowledged.end(), w.decisions.begin()));
  EXPECT_EQ(w.state["status"], "active");
  EXPECT_LE(w.state["clocks"]["white_ms"].get<int64_t>(), 600000 + 1000 * 13);
  EXPECT_GE(w.state["clocks"]["white_ms"].get<int64_t>(), white_ms - 5000);  // paused while down
  std::mt19937 rng(100);
  play_random(w, b, {&w, &b}, rng);
  EXPECT_EQ(w.state["status"], "over");
  EXPECT_EQ(w.state["result"]["score"], core_score(w.decisions));
  std::filesystem::remove_all(dir);
}

TEST(ServerProcess, TwoProcessesServeOneGameThroughPostgres) {
  auto& pg = PgCluster::instance();
  if (!pg.available()) GTEST_SKIP() << "PostgreSQL tests skipped: " << pg.why_not();
  const std::string db = pg.new_database();
  ASSERT_FALSE(db.empty());
  ServerProcess a(db), b(db);
  ASSERT_NE(a.port(), 0);
  ASSERT_NE(b.port(), 0);
  const TwoSeats g = create_across(a, b);
  const std::string& id = g.id;
  Follower w(a.port(), id, g.white), bl(b.port(), id, g.black);
  Follower spec_a(a.port(), id), spec_b(b.port(), id);
  EXPECT_EQ(w.role, "white");
  EXPECT_EQ(bl.role, "black");
  start_game(w, bl, {&w, &bl, &spec_a, &spec_b});
  std::mt19937 rng(2024);
  play_random(w, bl, {&w, &bl, &spec_a, &spec_b}, rng);
  ASSERT_EQ(w.state["status"], "over");
  EXPECT_EQ(spec_a.decisions, spec_b.decisions);
  EXPECT_EQ(w.decisions, bl.decisions);
  EXPECT_EQ(spec_b.decisions, w.decisions);
  EXPECT_EQ(spec_a.events, spec_b.events);
  EXPECT_EQ(w.state["result"]["score"], core_score(w.decisions));
  auto rec = http_request(b.port(), beast::http::verb::get, "/api/games/" + id + "/record.json");
  EXPECT_EQ(rec.body["decisions"].size(), w.decisions.size());
}

// Two processes on PostgreSQL; both lose their LISTEN session and cannot reconnect for a while
// (the database refuses new connections), and meanwhile Black moves through B. A was never
// notified: once its listener is back, the store's resync must make A's room catch up and
// broadcast the move to A's spectator. Afterwards notifications flow both ways again.
TEST(ServerProcess, AMoveMadeWhileTheOtherProcessWasNotListeningReachesItsClients) {
  auto& pg = PgCluster::instance();
  if (!pg.available()) GTEST_SKIP() << "PostgreSQL tests skipped: " << pg.why_not();
  const std::string db = pg.new_database();
  ASSERT_FALSE(db.empty());
  const std::string name = db.substr(db.find("dbname=") + 7);
  const std::string admin = db.substr(0, db.find("dbname=")) + "dbname=postgres";
  ServerProcess a(db), b(db);
  ASSERT_NE(a.port(), 0);
  ASSERT_NE(b.port(), 0);
  const TwoSeats g = create_across(a, b);
  const std::string& id = g.id;
  Follower w(a.port(), id, g.white), bl(b.port(), id, g.black), spec_a(a.port(), id);
  Follower quiet(a.port(), id);  // waits out the outage (a client that times out is unusable)
  start_game(w, bl, {&w, &bl, &spec_a, &quiet});
  std::mt19937 rng(7);
  auto move = [&](Follower& mover, std::vector<Follower*> sync) {
    mover.ws.send({{"type", "move"}, {"decision", mover.random_legal(rng)}, {"ply", mover.state["ply"]}});
    const int64_t target = mover.version + 1;
    for (Follower* f : sync) ASSERT_TRUE(f->sync_to(target)) << f->role;
  };
  if (w.state["to_move"] == "white") move(w, {&w, &bl, &spec_a, &quiet});
  ASSERT_EQ(bl.state["to_move"], "black");

  struct Allow {
    std::string admin, name;
    ~Allow() { PgCluster::instance().sql(admin, "ALTER DATABASE " + name + " ALLOW_CONNECTIONS true"); }
  } allow{admin, name};
  std::string out;
  ASSERT_TRUE(pg.sql(admin, "ALTER DATABASE " + name + " ALLOW_CONNECTIONS false", &out)) << out;
  ASSERT_TRUE(pg.sql(admin,
                     "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                     "WHERE datname = '" + name + "' AND query LIKE 'LISTEN%') t",
                     &out))
      << out;
  EXPECT_EQ(out, "2\n") << "expected to kill both processes' listening sessions";
  const int64_t before = spec_a.version;
  move(bl, {&bl});
  while (auto m = quiet.ws.recv(700)) quiet.absorb(*m);
  ASSERT_EQ(quiet.version, before) << "A heard of the move although nobody was listening";

  ASSERT_TRUE(pg.sql(admin, "ALTER DATABASE " + name + " ALLOW_CONNECTIONS true", &out)) << out;
  ASSERT_TRUE(spec_a.sync_to(before + 1)) << "A's spectator never got the move made through B";
  ASSERT_TRUE(w.sync_to(before + 1));
  move(w, {&w, &bl, &spec_a});  // and notifications flow again, A to B
  EXPECT_EQ(spec_a.decisions, bl.decisions);
}

// `yinsh loadtest ARGS` against a fresh `yinsh serve` (its own database): the tool's exit
// status, and its report in `out`; `after(port)` runs while the server still does.
static int run_load_tool(const std::string& args, std::string* out, const std::function<void(uint16_t)>& after) {
  const auto dir = std::filesystem::temp_directory_path() / ("yinsh-load-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  int status = -1;
  {
    ServerProcess srv((dir / "games.db").string());
    if (srv.port() == 0) return -1;
    const std::string cmd = std::string(YINSH_BIN) + " loadtest --port " + std::to_string(srv.port()) + " " + args + " 2>&1";
    if (FILE* p = popen(cmd.c_str(), "r")) {
      char buf[512];
      while (fgets(buf, sizeof buf, p)) *out += buf;
      status = pclose(p);
    }
    after(srv.port());
  }
  std::filesystem::remove_all(dir);
  return status;
}

// The load tool itself: 20 bot games (40 connections) against a real `yinsh serve`, each
// played to its end with no error; its report names the figures the docs quote.
TEST(ServerProcess, TheLoadToolPlaysEveryGameToItsEnd) {
  std::string report;
  const int status = run_load_tool("--games 20 --timeout 120 --seed 3", &report, [](uint16_t port) {
    // Every game is in the store, finished.
    auto over = http_request(port, boost::beast::http::verb::get, "/api/games?status=over&limit=200");
    EXPECT_EQ(over.body["games"].size(), 20u);
  });
  EXPECT_EQ(status, 0) << report;
  EXPECT_NE(report.find("games 20 (40 connections), finished 20,"), std::string::npos) << report;
  EXPECT_NE(report.find("errors 0, connection failures 0"), std::string::npos) << report;
  EXPECT_NE(report.find("p99"), std::string::npos) << report;
}

// The load tool's lobby mode `mode`, briefly: 8 bots ask for games for a second, play each
// game to its end and ask again; every game they report is in the store, finished, and the
// report names no error. Its report.
static std::string run_lobby_mode(const std::string& mode, int seed) {
  std::string report;
  const int status = run_load_tool("--pair " + mode + " --games 4 --pair-seconds 1 --think-ms 10 --timeout 60 --seed " +
                                       std::to_string(seed),
                                   &report, [&](uint16_t port) {
                                     const std::string at = "games ";
                                     const size_t games = std::stoul(report.substr(report.find(at) + at.size()));
                                     EXPECT_GE(games, 4u) << report;
                                     auto over = http_request(port, boost::beast::http::verb::get,
                                                              "/api/games?status=over&limit=200");
                                     EXPECT_EQ(over.body["games"].size(), games) << report;
                                   });
  EXPECT_EQ(status, 0) << report;
  EXPECT_NE(report.find("(8 connections)"), std::string::npos) << report;
  EXPECT_NE(report.find("errors 0, connection failures 0"), std::string::npos) << report;
  EXPECT_NE(report.find("pairing (" + mode + "): 8 bots asking again for 1 s"), std::string::npos) << report;
  EXPECT_NE(report.find("pairing wait: "), std::string::npos) << report;
  return report;
}

// Quick pairing: the bots ask with `pair`.
TEST(ServerProcess, TheLoadToolPairsItsBotsThroughTheLobby) { run_lobby_mode("quick", 5); }

// Seeks: 4 bots publish seeks, 4 follow the lobby and take them (a seek another taker took
// first is no error, and is counted).
TEST(ServerProcess, TheLoadToolPlaysThroughSeeksTakenFromTheLobby) {
  const std::string report = run_lobby_mode("seek", 7);
  EXPECT_NE(report.find("seeks taken by another taker first: "), std::string::npos) << report;
}

// The load tool's login storm, tiny: it registers its accounts, logs in (real Argon2id
// verifications) while bot games are played, and reports both; the accounts exist after.
TEST(ServerProcess, TheLoadToolLogsInWhileGamesArePlayed) {
  std::string report;
  const int status = run_load_tool(
      "--games 2 --think-ms 20 --timeout 120 --logins-per-s 6 --login-accounts 2 --storm-after 0.2 --storm-seconds 1",
      &report, [](uint16_t port) {
        EXPECT_EQ(http_request(port, boost::beast::http::verb::get, "/api/players/storm1").status, 200);
        EXPECT_EQ(http_request(port, boost::beast::http::verb::get, "/api/players/storm2").status, 404);
      });
  EXPECT_EQ(status, 0) << report;
  EXPECT_NE(report.find("logins: offered 6 (6/s for 1 s over 2 accounts), ok 6, throttled (429) 0, busy (503) 0, "
                        "other errors 0, network errors 0"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("decisions during logins: "), std::string::npos) << report;
  EXPECT_NE(report.find("GET /api/account/me during logins: "), std::string::npos) << report;
}
