// Challenges across one site's servers (docs/server.md "One site"): a challenge from an account
// on one server reaches the account connected only to the other, is answered there (accepted,
// declined) or cancelled by its sender, and of the answers racing for it exactly one happens,
// with at most one game. A challenge expires, and goes with its server when that one is killed.
// Skipped without the PostgreSQL server binaries.
#include "site_helpers.h"

namespace yinsh::test {
namespace {

size_t challenges_in(const json& view) { return view["challenges"].size(); }
size_t active_games(uint16_t port) {
  return http_request(port, verb::get, "/api/games?status=active").body["games"].size();
}
// Registers `name` on `port`; the headers of its session.
Headers as_account(uint16_t port, const std::string& name) { return cookie(account(port, name)); }

// Alice on A, Bob on B only, each following the lobby; Bob's game page on B (not following)
// is told of challenges by a `challenged` message.
class SiteChallengeTest : public SiteTest {
 protected:
  void SetUp() override {
    SiteTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    alice_h = as_account(a->port(), "alice");
    bob_h = as_account(b->port(), "bob");
    alice.emplace(a->port(), "", alice_h);
    bob.emplace(b->port(), "", bob_h);
    ASSERT_TRUE(eventually([&] { return online(a->port()) == json{"alice", "bob"}; })) << online(a->port()).dump();
  }
  // Alice challenges Bob, asking to play Black; the challenge's id as Bob's lobby on B shows it.
  std::string challenge_bob() {
    alice->ws.send({{"type", "challenge"}, {"to", "bob"}, {"color", "black"}});
    const json v = bob->view_where([](const json& v) { return challenges_in(v) == 1; });
    if (challenges_in(v) != 1) return "";
    EXPECT_EQ(v["challenges"][0]["from"], "alice");
    EXPECT_FALSE(v["challenges"][0]["outgoing"].get<bool>());
    EXPECT_EQ(v["challenges"][0]["color"], "black") << "the colour travels with the challenge's row";
    return v["challenges"][0]["id"];
  }
  Headers alice_h, bob_h;
  std::optional<Lobbyist> alice, bob;
};

TEST_F(SiteChallengeTest, AChallengeReachesTheOtherServerAndIsAcceptedOnce) {
  WsClient page(b->port(), 0, bob_h);  // Bob's game page: no lobby view, a notice
  page.send({{"type", "ping"}});
  ASSERT_TRUE(page.recv_type("error"));  // the connection is up
  const std::string id = challenge_bob();
  ASSERT_FALSE(id.empty());
  auto notice = page.recv_type("challenged");
  ASSERT_TRUE(notice);
  EXPECT_EQ((*notice)["challenge"]["id"], id);
  EXPECT_EQ((*notice)["challenge"]["to"], "bob");
  // Bob accepts on both of his connections at once: one game.
  page.send({{"type", "challenge_accept"}, {"challenge", id}});
  bob->ws.send({{"type", "challenge_accept"}, {"challenge", id}});
  json on_page;
  for (auto m = page.recv(10000); m; m = page.recv(10000))
    if ((*m)["type"] == "matched" || (*m)["type"] == "error") {
      on_page = *m;
      break;
    }
  const json in_lobby = outcome(*bob);
  ASSERT_FALSE(on_page.is_null());
  ASSERT_FALSE(in_lobby.is_null());
  // The connection whose answer took the challenge plays; the other is refused.
  const int made = int(on_page["type"] == "matched") + int(in_lobby["type"] == "matched");
  EXPECT_EQ(made, 1) << on_page.dump() << "\n" << in_lobby.dump();
  const json& refused = on_page["type"] == "error" ? on_page : in_lobby;
  EXPECT_EQ(refused["code"], "no_challenge") << refused.dump();
  auto m = alice->recv("matched");
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["via"], "challenge");
  EXPECT_EQ((*m)["opponent"], "bob");
  EXPECT_EQ((*m)["seat"], "black") << "the challenger plays the colour it asked, whichever server made the game";
  const std::string game = (*m)["game"];
  for (uint16_t port : {a->port(), b->port()}) {
    EXPECT_EQ(http_request(port, verb::get, "/api/games/" + game).body["state"]["status"], "active");
    EXPECT_EQ(active_games(port), 1u) << "one game, however many answers";
  }
  alice->view_where([](const json& v) { return challenges_in(v) == 0; });
  bob->view_where([](const json& v) { return challenges_in(v) == 0; });
}

TEST_F(SiteChallengeTest, DeclinedOnTheOtherServerOrCancelledByItsSender) {
  std::string id = challenge_bob();
  ASSERT_FALSE(id.empty());
  bob->ws.send({{"type", "challenge_decline"}, {"challenge", id}});
  auto info = alice->recv("info");
  ASSERT_TRUE(info);
  EXPECT_NE((*info)["text"].get<std::string>().find("bob declined"), std::string::npos) << info->dump();
  alice->view_where([](const json& v) { return challenges_in(v) == 0; });
  bob->view_where([](const json& v) { return challenges_in(v) == 0; });
  EXPECT_EQ(bob->error_for({{"type", "challenge_accept"}, {"challenge", id}})["code"], "no_challenge");

  id = challenge_bob();
  ASSERT_FALSE(id.empty());
  alice->ws.send({{"type", "challenge_cancel"}, {"challenge", id}});
  bob->view_where([](const json& v) { return challenges_in(v) == 0; });
  EXPECT_EQ(bob->error_for({{"type", "challenge_accept"}, {"challenge", id}})["code"], "no_challenge");
  EXPECT_EQ(alice->error_for({{"type", "challenge_cancel"}, {"challenge", id}})["code"], "no_challenge");
  EXPECT_EQ(active_games(a->port()), 0u);

  // The sender cancels while Bob accepts: one of the two happens.
  for (int round = 0; round < 3; ++round) {
    id = challenge_bob();
    ASSERT_FALSE(id.empty());
    alice->ws.send({{"type", "challenge_cancel"}, {"challenge", id}});
    bob->ws.send({{"type", "challenge_accept"}, {"challenge", id}});
    const json answer = outcome(*bob);
    if (answer["type"] == "matched") {
      EXPECT_TRUE(alice->recv("matched")) << "the game was made: its sender is told";
    } else {
      EXPECT_EQ(answer["code"], "no_challenge") << answer.dump();
    }
    alice->view_where([](const json& v) { return challenges_in(v) == 0; });
    bob->view_where([](const json& v) { return challenges_in(v) == 0; });
  }
  EXPECT_LE(active_games(b->port()), 3u);
  // An account online nowhere is still offline.
  account(a->port(), "carol");
  EXPECT_EQ(alice->error_for({{"type", "challenge"}, {"to", "carol"}})["code"], "player_offline");
}

class SiteChallengeExpiryTest : public SiteChallengeTest {
 protected:
  SiteChallengeExpiryTest() { expiry_ms = 1500; }
};

TEST_F(SiteChallengeExpiryTest, AnUnansweredChallengeExpiresOnBothServers) {
  const auto sent = Clock::now();  // it is made after this, and expires 1.5 s after it is made
  const std::string id = challenge_bob();
  ASSERT_FALSE(id.empty());
  bob->view_where([](const json& v) { return challenges_in(v) == 0; });
  EXPECT_GE(Clock::now() - sent, std::chrono::milliseconds(1400)) << "gone before it expired";
  alice->view_where([](const json& v) { return challenges_in(v) == 0; });
  EXPECT_EQ(bob->error_for({{"type", "challenge_accept"}, {"challenge", id}})["code"], "no_challenge");
}

// The challenger's server is killed: its challenge goes from the other server within the lease.
TEST_F(SiteTest, TheChallengesOfAKilledServerGoWithinItsLease) {
  std::vector<std::string> flags = kFastServerFlags;
  for (const char* f : {"--site-heartbeat-ms", "200", "--site-lease-ms", "1500"}) flags.push_back(f);
  ServerProcess killed(db, flags);
  ASSERT_NE(killed.port(), 0);
  Lobbyist dora(killed.port(), "", as_account(killed.port(), "dora"));
  Lobbyist bob(b->port(), "", as_account(b->port(), "bob"));
  ASSERT_TRUE(eventually([&] { return online(killed.port()) == json{"bob", "dora"}; })) << online(killed.port()).dump();
  dora.ws.send({{"type", "challenge"}, {"to", "bob"}});
  const json v = bob.view_where([](const json& v) { return challenges_in(v) == 1; });
  killed.kill9();
  const auto killed_at = Clock::now();
  bob.view_where([](const json& v) { return challenges_in(v) == 0; });
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - killed_at).count();
  EXPECT_LT(ms, 5000) << "the killed server's challenge stayed " << ms << " ms";
  EXPECT_EQ(bob.error_for({{"type", "challenge_accept"}, {"challenge", v["challenges"][0]["id"]}})["code"], "no_challenge");
  EXPECT_EQ(active_games(b->port()), 0u);
}

// PostgreSQL restarts (a crash) with a challenge open: once it is back the challenge is still
// shown on the other server, is accepted once, and a new one works as before.
TEST_F(SiteChallengeTest, AChallengeOutlivesADatabaseRestartAndIsAcceptedOnce) {
  auto& pg = PgCluster::instance();
  const std::string id = challenge_bob();
  ASSERT_FALSE(id.empty());
  ASSERT_TRUE(pg.stop(true));
  ASSERT_TRUE(pg.start());
  // Each server reconnects (its writer's claim fails meanwhile: store_unavailable, nothing taken).
  json answer;
  ASSERT_TRUE(eventually([&] {
    bob->ws.send({{"type", "challenge_accept"}, {"challenge", id}});
    answer = outcome(*bob);
    return answer["type"] != "error" || answer["code"] != "store_unavailable";
  })) << answer.dump();
  EXPECT_EQ(answer["type"], "matched") << answer.dump();
  EXPECT_TRUE(alice->recv("matched"));
  EXPECT_EQ(bob->error_for({{"type", "challenge_accept"}, {"challenge", id}})["code"], "no_challenge");
  const std::string again = challenge_bob();
  ASSERT_FALSE(again.empty());
  bob->ws.send({{"type", "challenge_accept"}, {"challenge", again}});
  EXPECT_EQ(outcome(*bob)["type"], "matched");
  EXPECT_TRUE(alice->recv("matched"));
  EXPECT_EQ(active_games(a->port()), 2u);
}

}  // namespace
}  // namespace yinsh::test
