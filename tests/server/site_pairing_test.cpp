// Quick pairing across one site's servers (docs/server.md "One site"): one pool, a player on
// one server paired with a player on the other, each player in one pair however many servers
// pair at once; a killed server's requests go with it; a database restart pairs nobody twice.
// Skipped without the PostgreSQL server binaries.
#include <set>

#include "site_helpers.h"

namespace yinsh::test {
namespace {

const json kPairNormal = {{"type", "pair"}, {"variant", "normal"}};
const json kPairBlitz = {{"type", "pair"}, {"variant", "normal"}, {"clock", {{"base_ms", 300000}, {"increment_ms", 3000}}}};

size_t active_games(uint16_t port) {
  return http_request(port, verb::get, "/api/games?status=active").body["games"].size();
}

TEST_F(SiteTest, TwoPlayersOnTwoServersArePaired) {
  Lobbyist alice(a->port(), "alice"), bob(b->port(), "bob");
  alice.ws.send(kPairNormal);
  bob.ws.send(kPairNormal);
  const json ma = outcome(alice), mb = outcome(bob);
  ASSERT_EQ(ma["type"], "matched") << ma.dump();
  ASSERT_EQ(mb["type"], "matched") << mb.dump();
  EXPECT_EQ(ma["game"], mb["game"]);
  EXPECT_NE(ma["seat"], mb["seat"]);
  EXPECT_EQ(ma["via"], "pair");
  EXPECT_EQ(ma["opponent"], "bob");
  EXPECT_EQ(mb["opponent"], "alice");
  for (uint16_t port : {a->port(), b->port()}) EXPECT_EQ(active_games(port), 1u);
  alice.view_where([](const json& v) { return v["pairing"].is_null(); });
  bob.view_where([](const json& v) { return v["pairing"].is_null(); });
}

// Four players, two on each server, ask at once, three times over, for two kinds of game, one
// player of each kind on each server (so every pair is across the servers, and both servers
// try to make it): every player is in one pair, and each game has two of them.
TEST_F(SiteTest, PlayersAskingAtOnceOnBothServersAreEachPairedOnce) {
  std::vector<std::unique_ptr<Lobbyist>> players;
  for (int i = 0; i < 4; ++i) players.push_back(std::make_unique<Lobbyist>(i % 2 ? b->port() : a->port(), "p" + std::to_string(i)));
  for (int round = 0; round < 3; ++round) {
    for (size_t i = 0; i < players.size(); ++i) players[i]->ws.send(i < 2 ? kPairNormal : kPairBlitz);
    std::map<std::string, int> seats;  // game -> players told
    for (auto& p : players) {
      const json m = outcome(*p);
      ASSERT_EQ(m["type"], "matched") << "round " << round << ": " << m.dump();
      ++seats[m["game"]];
    }
    EXPECT_EQ(seats.size(), 2u) << "round " << round;
    for (const auto& [game, n] : seats) EXPECT_EQ(n, 2) << game;
  }
  // No pair made twice: six games on both servers, and nobody told of another.
  EXPECT_EQ(active_games(a->port()), 6u);
  EXPECT_EQ(active_games(b->port()), 6u);
  for (auto& p : players) {
    auto extra = p->ws.recv_type("matched", 1000);  // one wait: a timed-out client reads no more
    EXPECT_FALSE(extra) << extra->dump();
  }
}

// A server killed with a player waiting for a pairing: once its rows went (its seek shows
// when), the survivors' players are paired with each other, not with the dead server's.
TEST_F(SiteTest, TheRequestsOfAKilledServerAreNotPaired) {
  std::vector<std::string> flags = kFastServerFlags;
  for (const char* f : {"--site-heartbeat-ms", "200", "--site-lease-ms", "1500"}) flags.push_back(f);
  ServerProcess killed(db, flags);
  ASSERT_NE(killed.port(), 0);
  Lobbyist dora(killed.port(), "dora"), bob(b->port(), "bob"), carol(a->port(), "carol");
  dora.ws.send(kPairBlitz);
  dora.view_where([](const json& v) { return !v["pairing"].is_null(); });
  dora.ws.send({{"type", "seek"}, {"variant", "normal"}});
  bob.view_where([](const json& v) { return seeks_in(v) == 1; });
  killed.kill9();
  bob.view_where([](const json& v) { return seeks_in(v) == 0; });  // the dead server's rows went
  bob.ws.send(kPairBlitz);
  carol.ws.send(kPairBlitz);
  const json mb = outcome(bob), mc = outcome(carol);
  ASSERT_EQ(mb["type"], "matched") << mb.dump();
  EXPECT_EQ(mb["opponent"], "carol");
  EXPECT_EQ(mc["game"], mb["game"]);
}

// PostgreSQL restarts (a crash) while Alice waits on A; Bob asks on B during the outage: once
// the database is back they are paired, once.
TEST_F(SiteTest, AfterTheDatabaseRestartsAWaitingPlayerIsPairedOnce) {
  auto& pg = PgCluster::instance();
  Lobbyist alice(a->port(), "alice"), bob(b->port(), "bob"), carol(b->port(), "carol");
  alice.ws.send(kPairBlitz);
  alice.view_where([](const json& v) { return !v["pairing"].is_null(); });
  // B has seen Alice's request (its own pool): carol's seek on A shows the listener caught up.
  carol.ws.send({{"type", "seek"}, {"variant", "normal"}});
  alice.view_where([](const json& v) { return seeks_in(v) == 1; });
  ASSERT_TRUE(pg.stop(true));
  bob.ws.send(kPairBlitz);
  ASSERT_TRUE(pg.start());
  const json ma = outcome(alice), mb = outcome(bob);
  ASSERT_EQ(ma["type"], "matched") << ma.dump();
  ASSERT_EQ(mb["type"], "matched") << mb.dump();
  EXPECT_EQ(ma["game"], mb["game"]);
  EXPECT_EQ(active_games(a->port()), 1u);
  // And pairing works as before.
  alice.ws.send(kPairNormal);
  bob.ws.send(kPairNormal);
  EXPECT_EQ(outcome(alice)["type"], "matched");
  EXPECT_EQ(outcome(bob)["type"], "matched");
  EXPECT_EQ(active_games(b->port()), 2u);
}

}  // namespace
}  // namespace yinsh::test
