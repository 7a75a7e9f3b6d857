// Quick pairing across one site's servers (docs/server.md "One site"): one pool, a player on
// one server paired with a player on the other, each player in one pair however many servers
// pair at once; a killed server's requests go with it; a database restart pairs nobody twice.
// Skipped without the PostgreSQL server binaries.
#include <future>
#include <set>

#include "server/site/pg_site.h"
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

// The rows of the site, two servers' buses on one database: a pairing request's row taken
// by one server is never put back by the server that put it. A busy server whose heartbeat
// was late is reaped by the others (its rows deleted) and, once it beats again, registers
// anew and puts back the rows it holds; a row another server had claimed before must not be
// among them (the player was matched: a second claim would match it twice, as a 4-server
// load test once did).
class SiteRows : public ::testing::Test {
 protected:
  void SetUp() override {
    new_pg_database(db);
    if (IsSkipped() || HasFatalFailure()) return;
    server::PgSiteOptions o;
    o.heartbeat_ms = 50;
    o.lease_ms = 60000;  // nobody reaps on its own: the test does, when it wants
    std::string error;
    a = server::open_postgres_site(db, &error, o);
    b = server::open_postgres_site(db, &error, o);
    ASSERT_TRUE(a && b) << error;
  }
  // Claims `keys` through `bus`; the keys of the rows taken (empty: none).
  static std::vector<std::string> claim(server::SiteBus& bus, std::vector<std::string> keys) {
    std::promise<std::vector<std::string>> taken;
    bus.claim_all(server::RowKind::Pair, std::move(keys), [&](std::vector<server::SiteRow> rows, const std::string* error) {
      std::vector<std::string> out;
      if (error) out.push_back("error: " + *error);
      for (const auto& r : rows) out.push_back(r.key);
      taken.set_value(out);
    });
    return taken.get_future().get();
  }
  std::string query(const std::string& sql) {
    std::string out;
    EXPECT_TRUE(PgCluster::instance().sql(db, sql, &out)) << sql;
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    return out;
  }
  std::string count_pairs(const std::string& key) {
    return query("SELECT count(*) FROM site_rows WHERE kind='pair' AND key='" + key + "'");
  }
  std::string db;
  std::unique_ptr<server::SiteBus> a, b;
};

TEST_F(SiteRows, APairingRowClaimedElsewhereIsNotPutBackWhenItsServerRegistersAgain) {
  const std::string x = "p/" + a->server_id() + "/c:x", y = "p/" + a->server_id() + "/c:y";
  a->put(server::RowKind::Pair, x, {{"since", 1}});
  a->put(server::RowKind::Pair, y, {{"since", 2}});
  ASSERT_TRUE(eventually([&] { return count_pairs(y) == "1"; }));
  ASSERT_EQ(claim(*b, {x}), std::vector<std::string>{x});  // B pairs x: the row is gone
  // A's heartbeat was late: a reaper deletes its entry and its rows, as PgSite::beat does.
  query("DELETE FROM site_servers WHERE id='" + a->server_id() + "'; DELETE FROM site_rows WHERE server='" +
        a->server_id() + "'");
  ASSERT_TRUE(eventually([&] { return count_pairs(y) == "1"; }))  // A registered again, y put back
      << "A did not put its waiting request back";
  EXPECT_EQ(count_pairs(x), "0") << "the request B claimed was put back";
  EXPECT_EQ(claim(*b, {x}), std::vector<std::string>{}) << "x was claimed twice";
  EXPECT_EQ(claim(*b, {y}), std::vector<std::string>{y});
  // Once A forgets x (its lobby heard of the match) and x asks again, the new request is
  // claimed as any other.
  a->remove(server::RowKind::Pair, x);
  a->put(server::RowKind::Pair, x, {{"since", 3}});
  ASSERT_TRUE(eventually([&] { return count_pairs(x) == "1"; }));
  EXPECT_EQ(claim(*b, {x}), std::vector<std::string>{x});
}

// A server with a long queue of rows to write still beats: its heartbeat is not held back
// until the queue is empty (else the others reap the busy server, which then puts its rows
// back: the path above).
TEST_F(SiteRows, AServerBusyWritingStillBeats) {
  const std::string id = a->server_id();
  const std::string t0 = query("SELECT seen_at FROM site_servers WHERE id='" + id + "'");
  constexpr int kRows = 3000;
  for (int i = 0; i < kRows; ++i) a->put(server::RowKind::Seek, "s" + std::to_string(i), {{"n", i}});
  // Beaten well after the queue began (50 ms beats), while the rows are still being written.
  const std::string sql = "SELECT (SELECT count(*) FROM site_rows WHERE server='" + id +
                          "') || ' ' || (SELECT seen_at > timestamptz '" + t0 +
                          "' + interval '500 milliseconds' FROM site_servers WHERE id='" + id + "')";
  bool beaten_while_busy = false;
  std::string last;
  ASSERT_TRUE(eventually(
      [&] {
        last = query(sql);
        const int written = std::stoi(last);
        beaten_while_busy = beaten_while_busy || (written < kRows && last.ends_with(" true"));
        return beaten_while_busy || written == kRows;
      },
      60000))
      << last;
  EXPECT_TRUE(beaten_while_busy) << "the heartbeat waited for the queue to empty: " << last;
}

// A server whose listener was away longer than keep_events_ms finds the events after its last
// one pruned and reads the rows again (a resync). A message addressed to it in the gap (the
// `matched` of its player, paired on another server) must still reach it: messages to one
// server are kept longer than the other events, and the resync delivers them.
TEST_F(SiteRows, AMessageToAServerMissedOverAGapIsDeliveredByTheResync) {
  std::promise<json> got;
  std::atomic<bool> once = false;
  auto sub = b->subscribe(server::SiteTopic::Matched, [&](const json& body) {
    if (!once.exchange(true)) got.set_value(body);
  });
  std::atomic<bool> seen = false;  // B has applied A's row: B's last event is the newest
  auto watch = b->watch_rows(server::RowKind::Seek, [&](const std::vector<server::SiteRow>& rows) {
    for (const auto& r : rows) seen = seen || r.key == "s1";
  });
  a->put(server::RowKind::Seek, "s1", {{"n", 1}});
  ASSERT_TRUE(eventually([&] { return seen.load(); }));
  // The event after B's last one is gone (pruned while B was away); the one after it is A's
  // message to B.
  query("WITH s AS (UPDATE site_seq SET n = n + 2 RETURNING n) INSERT INTO site_events(seq, origin, target, op, "
        "kind, key, body) SELECT n, '" + a->server_id() + "', '" + b->server_id() +
        "', 'msg', 'matched', '', '{\"conn\":\"c:1\",\"game\":\"g1\"}' FROM s; NOTIFY yinsh_site");
  auto fut = got.get_future();
  ASSERT_EQ(fut.wait_for(std::chrono::seconds(10)), std::future_status::ready) << "the message in the gap was lost";
  EXPECT_EQ(fut.get()["game"], "g1");
  EXPECT_EQ(query("SELECT count(*) FROM site_rows WHERE key='s1'"), "1") << "the rows were read again";
}

// Pruning: events older than keep_events_ms go, a message to one server lasts kMessageKeep
// times longer (then goes too).
TEST_F(SiteRows, MessagesToOneServerOutliveTheOtherEvents) {
  server::PgSiteOptions o;
  o.heartbeat_ms = 50;
  o.lease_ms = 60000;
  o.keep_events_ms = 300;
  std::string error;
  auto c = server::open_postgres_site(db, &error, o);
  ASSERT_TRUE(c) << error;
  c->put(server::RowKind::Seek, "s-pruned", {{"n", 1}});
  c->send(server::SiteTopic::Matched, "server-away", {{"conn", "c:2"}});
  const std::string events = "SELECT (SELECT count(*) FROM site_events WHERE key='s-pruned') || ' ' || "
                             "(SELECT count(*) FROM site_events WHERE target='server-away')";
  ASSERT_TRUE(eventually([&] { return query(events) == "1 1"; })) << query(events);
  ASSERT_TRUE(eventually([&] { return query(events) == "0 1"; }, 5000)) << "the row's event was not pruned";
  ASSERT_TRUE(eventually([&] { return query(events) == "0 0"; }, 15000)) << "the message was never pruned";
}

}  // namespace
}  // namespace yinsh::test
