// One site, several servers (docs/server.md "One site"): two servers on one PostgreSQL database
// share the lobby's seeks, who is online, and account changes; the failure cases (a server
// killed, the database restarted). Skipped without the PostgreSQL server binaries. And the one
// process site of SQLite: an account change closes the account's connections there too.
#include <iostream>

#include "site_helpers.h"

namespace yinsh::test {
namespace {

TEST_F(SiteTest, ASeekOnOneServerIsSeenOnTheOtherAndTakenOnce) {
  Lobbyist alice(a->port(), "alice"), bob(b->port(), "bob"), carol(a->port(), "carol");
  alice.ws.send({{"type", "seek"}, {"variant", "normal"}});
  const auto sent = Clock::now();
  const json seen = bob.view_where([](const json& v) { return seeks_in(v) == 1; });
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - sent).count();
  EXPECT_LT(ms, 1000) << "the seek reached the other server's lobby in " << ms << " ms";
  RecordProperty("seek_seen_ms", int(ms));
  std::cout << "[   info   ] the seek reached the other server's lobby in " << ms << " ms\n";
  const json seek = seen["seeks"][0];
  EXPECT_EQ(seek["name"], "alice");
  EXPECT_FALSE(seek["mine"].get<bool>());
  const std::string id = seek["id"];
  carol.view_where([](const json& v) { return seeks_in(v) == 1; });

  // Bob (server B) and Carol (server A, the seek's own) take it at once: one of them plays.
  bob.ws.send({{"type", "seek_accept"}, {"seek", id}});
  carol.ws.send({{"type", "seek_accept"}, {"seek", id}});
  const json for_bob = outcome(bob), for_carol = outcome(carol);
  ASSERT_FALSE(for_bob.is_null());
  ASSERT_FALSE(for_carol.is_null());
  EXPECT_EQ(int(for_bob["type"] == "matched") + int(for_carol["type"] == "matched"), 1)
      << for_bob.dump() << "\n" << for_carol.dump();
  const json& taker = for_bob["type"] == "matched" ? for_bob : for_carol;
  const json& loser = for_bob["type"] == "matched" ? for_carol : for_bob;
  EXPECT_EQ(loser["code"], "no_seek");
  auto m = alice.recv("matched");
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["game"], taker["game"]);
  EXPECT_NE((*m)["seat"], taker["seat"]);
  EXPECT_EQ((*m)["via"], "seek");

  // One game, started, with both, on either server; the seek is gone everywhere.
  const std::string game = taker["game"];
  for (uint16_t port : {a->port(), b->port()}) {
    auto g = http_request(port, verb::get, "/api/games/" + game);
    EXPECT_EQ(g.status, 200);
    EXPECT_EQ(g.body["state"]["status"], "active") << g.text;
    EXPECT_EQ(http_request(port, verb::get, "/api/games?status=active").body["games"].size(), 1u);
  }
  EXPECT_EQ(seeks_in(bob.view_where([](const json& v) { return seeks_in(v) == 0; })), 0u);
  EXPECT_EQ(seeks_in(alice.view_where([](const json& v) { return seeks_in(v) == 0; })), 0u);
}

TEST_F(SiteTest, PresenceAndOnlineAreTheSameOnBothServers) {
  const std::string alice = account(a->port(), "alice"), bob = account(b->port(), "bob");
  auto both = [&](const json& names) { return online(a->port()) == names && online(b->port()) == names; };
  {
    WsClient on_a(a->port(), 0, cookie(alice));
    {
      WsClient on_b(b->port(), 0, cookie(bob));
      EXPECT_TRUE(eventually([&] { return both(json{"alice", "bob"}); }))
          << online(a->port()).dump() << " " << online(b->port()).dump();
    }
    EXPECT_TRUE(eventually([&] { return both(json{"alice"}); }))
        << online(a->port()).dump() << " " << online(b->port()).dump();
  }
  EXPECT_TRUE(eventually([&] { return both(json::array()); }));
}

TEST_F(SiteTest, LogoutEverywhereOnOneServerClosesTheSocketOnTheOther) {
  const std::string alice = account(a->port(), "alice");
  WsClient alice_on_b(b->port(), 0, cookie(alice));
  Lobbyist guest(b->port(), "guest");
  ASSERT_TRUE(eventually([&] { return online(b->port()) == json{"alice"}; }));
  const auto asked = Clock::now();
  auto r = http_request(a->port(), verb::post, "/api/account/logout-all", "{}", cookie(alice));
  ASSERT_EQ(r.status, 200) << r.text;
  // Within a second of the logout (the site's message; the periodic check is the fallback).
  EXPECT_FALSE(alice_on_b.recv(1000)) << "the account's socket on the other server got a message";
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - asked).count();
  EXPECT_TRUE(alice_on_b.closed()) << "the account's socket on the other server is still open after " << ms << " ms";
  EXPECT_LT(ms, 1000 + 100);
  RecordProperty("closed_after_ms", int(ms));
  EXPECT_EQ(alice_on_b.close_reason().code, 1008);
  EXPECT_EQ(std::string(alice_on_b.close_reason().reason.c_str()), "session ended");
  // The session is gone on every server; another connection on B is served as before.
  EXPECT_TRUE(http_request(b->port(), verb::get, "/api/account/me", "", cookie(alice)).body["account"].is_null());
  guest.ws.send({{"type", "lobby"}});
  EXPECT_TRUE(guest.recv("lobby"));
  EXPECT_TRUE(eventually([&] { return online(a->port()).empty() && online(b->port()).empty(); }));
}

// A server killed with its players' seeks open: they go from the other server's lobby once
// its lease runs out (1.5 s here), and a new seek there is taken as usual.
TEST_F(SiteTest, TheSeeksOfAKilledServerGoWithinItsLease) {
  std::vector<std::string> flags = kFastServerFlags;
  for (const char* f : {"--site-heartbeat-ms", "200", "--site-lease-ms", "1500"}) flags.push_back(f);
  ServerProcess killed(db, flags);
  ASSERT_NE(killed.port(), 0);
  Lobbyist alice(killed.port(), "alice"), dora(killed.port(), "dora"), bob(b->port(), "bob");
  alice.ws.send({{"type", "seek"}, {"variant", "normal"}});
  dora.ws.send({{"type", "seek"}, {"variant", "blitz"}});
  bob.view_where([](const json& v) { return seeks_in(v) == 2; });
  killed.kill9();
  const auto killed_at = Clock::now();
  bob.view_where([](const json& v) { return seeks_in(v) == 0; });
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - killed_at).count();
  EXPECT_LT(ms, 5000) << "the killed server's seeks stayed " << ms << " ms";
  RecordProperty("seeks_gone_ms", int(ms));
  std::cout << "[   info   ] the killed server's seeks went after " << ms << " ms\n";
  Lobbyist carol(a->port(), "carol");
  carol.ws.send({{"type", "seek"}, {"variant", "normal"}});
  const json v = bob.view_where([](const json& v) { return seeks_in(v) == 1; });
  bob.ws.send({{"type", "seek_accept"}, {"seek", v["seeks"][0]["id"]}});
  EXPECT_EQ(outcome(bob)["type"], "matched");
  EXPECT_TRUE(carol.recv("matched"));
}

// PostgreSQL restarts (a crash: immediate stop) while a seek is open: a seek cancelled during
// the outage goes from the other server once the database is back, and the lobby works again
// with each seek taken once.
TEST_F(SiteTest, AfterTheDatabaseRestartsBothServersResyncAndPairOnce) {
  auto& pg = PgCluster::instance();
  Lobbyist alice(a->port(), "alice"), bob(b->port(), "bob"), carol(a->port(), "carol");
  alice.ws.send({{"type", "seek"}, {"variant", "normal"}});
  const json v = bob.view_where([](const json& v) { return seeks_in(v) == 1; });
  ASSERT_TRUE(pg.stop(true));
  alice.ws.send({{"type", "seek_cancel"}, {"seek", v["seeks"][0]["id"]}});
  alice.view_where([](const json& v) { return seeks_in(v) == 0; });
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  ASSERT_TRUE(pg.start());
  bob.view_where([](const json& v) { return seeks_in(v) == 0; });
  for (int round = 0; round < 3; ++round) {
    alice.ws.send({{"type", "seek"}, {"variant", "normal"}});
    const json seen = bob.view_where([](const json& v) { return seeks_in(v) == 1; });
    carol.view_where([](const json& v) { return seeks_in(v) == 1; });
    bob.ws.send({{"type", "seek_accept"}, {"seek", seen["seeks"][0]["id"]}});
    carol.ws.send({{"type", "seek_accept"}, {"seek", seen["seeks"][0]["id"]}});
    const json x = outcome(bob), y = outcome(carol);
    EXPECT_EQ(int(x["type"] == "matched") + int(y["type"] == "matched"), 1) << x.dump() << "\n" << y.dump();
    EXPECT_TRUE(alice.recv("matched"));
    bob.view_where([](const json& v) { return seeks_in(v) == 0; });
    carol.view_where([](const json& v) { return seeks_in(v) == 0; });
  }
  EXPECT_EQ(http_request(b->port(), verb::get, "/api/games?status=active").body["games"].size(), 3u);
}

// With SQLite the process is the site: log out everywhere closes the account's sockets here.
TEST(SiteLocal, LogoutEverywhereClosesThisServersSockets) {
  ScratchDir dir("yinsh-site-local");
  auto srv = start_test_server(test_server_options(dir.path()));
  ASSERT_TRUE(srv);
  const std::string alice = account(srv->port(), "alice");
  WsClient ws(srv->port(), 0, cookie(alice));
  Lobbyist guest(srv->port(), "guest");
  ASSERT_TRUE(eventually([&] { return online(srv->port()) == json{"alice"}; }));
  ASSERT_EQ(http_request(srv->port(), verb::post, "/api/account/logout-all", "{}", cookie(alice)).status, 200);
  EXPECT_FALSE(ws.recv(5000));
  EXPECT_EQ(ws.close_reason().code, 1008);
  guest.ws.send({{"type", "lobby"}});
  EXPECT_TRUE(guest.recv("lobby"));
}

}  // namespace
}  // namespace yinsh::test
