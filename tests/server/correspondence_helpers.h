// What the correspondence tests share: a server in this process on a ManualClock (the tests
// move time forward days at once), its options (also for more servers on one PostgreSQL
// database), and two accounts, alice and bob.
#pragma once

#include "server/common/clock.h"
#include "site_helpers.h"

namespace yinsh::test {

// One account's side of a game: its seat token and its connection.
struct Played {
  std::string id;
  std::unique_ptr<Follower> white, black;
  json created;  // the reply to POST /api/games
};

class CorrespondenceServerTest : public ::testing::Test {
 protected:
  server::ServerOptions options(const std::string& db = "") {
    auto o = test_server_options(dir.path());
    if (!db.empty()) o.db = db;
    o.hub.clock = &clock;
    o.hub.deadline_check_ms = 20;
    o.site.heartbeat_ms = 200;
    o.site.lease_ms = 1500;
    return o;
  }
  void SetUp() override {
    srv = start_test_server(options());
    ASSERT_TRUE(srv);
    port = srv->port();
    alice = account(port, "alice");
    bob = account(port, "bob");
  }
  // Alice makes a game (`request`: the body of POST /api/games, her seat White), Bob joins,
  // both connect with their seats and start; `id` is empty when the game was not made.
  // `white`, `black`: other accounts' sessions instead of Alice's and Bob's.
  Played seat_both(uint16_t at, json request, const std::string& white = "", const std::string& black = "") {
    Played p;
    request["color"] = "white";
    auto c = http_request(at, verb::post, "/api/games", request.dump(), cookie(white.empty() ? alice : white));
    EXPECT_EQ(c.status, 201) << c.text;
    if (c.status != 201) return p;
    p.id = c.body["game"];
    p.created = c.body;
    auto j = http_request(at, verb::post, "/api/games/" + p.id + "/join", "{}", cookie(black.empty() ? bob : black));
    EXPECT_EQ(j.status, 200) << j.text;
    p.white = std::make_unique<Follower>(at, p.id, c.body["token"].get<std::string>());
    p.black = std::make_unique<Follower>(at, p.id, j.body["token"].get<std::string>());
    start_game(*p.white, *p.black, {p.white.get(), p.black.get()});
    return p;
  }
  // Replaces the server by two on a new PostgreSQL database, alice registered on `a` and bob
  // on `b` (`port` is a's). Skips the test when PostgreSQL is not available: callers return
  // when IsSkipped() or HasFatalFailure().
  void two_servers(std::unique_ptr<server::Server>& a, std::unique_ptr<server::Server>& b, std::string& db) {
    new_pg_database(db);
    if (IsSkipped() || HasFatalFailure()) return;
    srv.reset();
    a = start_test_server(options(db));
    b = start_test_server(options(db));
    ASSERT_TRUE(a && b);
    port = a->port();
    alice = account(port, "alice");
    bob = account(b->port(), "bob");
  }

  server::ManualClock clock;
  ScratchDir dir{"yinsh-corr"};
  std::unique_ptr<server::Server> srv;
  uint16_t port = 0;
  std::string alice, bob;
};

}  // namespace yinsh::test
