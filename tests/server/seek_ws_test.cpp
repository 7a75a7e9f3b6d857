// The lobby over real connections against an in-process server: waiting games expire (also
// across a restart) and leave the lobby; caps and the creation rate limit answer with clear
// errors; seeks, quick pairing and direct challenges make started games with both seats
// taken; abandoned games can be claimed, and idle untimed games end. No timed assertions: the
// short expiries are waited for by polling with generous limits.
#include "lobby_helpers.h"

using namespace yinsh;
using namespace yinsh::test;

TEST_F(LobbyTest, AWaitingGameExpiresAndLeavesTheLobby) {
  seeks.expiry_ms = 300;
  start();
  auto c = create();
  ASSERT_EQ(c.status, 201) << c.text;
  ASSERT_TRUE(eventually([&] { return waiting_listed() == 0; }));
  auto g = http_request(port_, http::verb::get, "/api/games/" + c.body["game"].get<std::string>());
  EXPECT_EQ(g.body["state"]["status"], "aborted");
  EXPECT_EQ(g.body["state"]["result"]["reason"], "expired");
  auto rec = http_request(port_, http::verb::get, "/api/games/" + c.body["game"].get<std::string>() + "/record");
  EXPECT_NE(rec.text.find("[Termination \"expired\"]"), std::string::npos) << rec.text;
}

TEST_F(LobbyTest, ExpiredWaitingGamesAreNotBackAfterARestart) {
  start();
  ASSERT_EQ(create().status, 201);
  ASSERT_EQ(create().status, 201);
  EXPECT_EQ(waiting_listed(), 2u);
  seeks.expiry_ms = 1;  // the next server finds them expired
  start();
  ASSERT_TRUE(eventually([&] { return waiting_listed() == 0; }));
  EXPECT_EQ(http_request(port_, http::verb::get, "/api/games?status=over").body["games"].size(), 2u);
}

TEST_F(LobbyTest, WaitingGamesPerAddressAreCapped) {
  seeks.max_open = 2;
  start();
  auto first = create();
  ASSERT_EQ(first.status, 201);
  ASSERT_EQ(create().status, 201);
  auto third = create();
  EXPECT_EQ(third.status, 429);
  EXPECT_EQ(third.body["error"]["code"], "too_many_open");
  EXPECT_NE(third.body["error"]["message"].get<std::string>().find("at most 2"), std::string::npos) << third.text;
  EXPECT_EQ(waiting_listed(), 2u);
  // Games against the computer do not wait: not capped.
  EXPECT_EQ(create({{"opponent", {{"type", "ai"}, {"level", 1}}}}).status, 201);
  // Open seeks count with the waiting games.
  Lobbyist a(port_, "alice");
  EXPECT_EQ(a.error_for({{"type", "seek"}, {"variant", "normal"}})["code"], "too_many_open");
  // A game that starts frees a place.
  const std::string id = first.body["game"];
  auto joined = http_request(port_, http::verb::post, "/api/games/" + id + "/join", "{}");
  ASSERT_EQ(joined.status, 200);
  {
    Follower w(port_, id, first.body["token"]), b(port_, id, joined.body["token"]);
    start_game(w, b, {&w, &b});
  }
  ASSERT_TRUE(eventually([&] { return create().status == 201; }));
}

TEST_F(LobbyTest, CreatingGamesIsRateLimitedPerAddress) {
  seeks.create_per_minute = 1;
  seeks.create_burst = 3;
  seeks.max_open = 0;
  start();
  for (int i = 0; i < 3; ++i) ASSERT_EQ(create().status, 201) << i;
  auto r = create();
  EXPECT_EQ(r.status, 429);
  EXPECT_EQ(r.body["error"]["code"], "rate_limited");
  EXPECT_NE(r.body["error"]["message"].get<std::string>().find("try again in"), std::string::npos) << r.text;
  EXPECT_EQ(http_request(port_, http::verb::get, "/api/games").body["games"].size(), 3u);
}

TEST_F(LobbyTest, ASeekIsShownLiveAndAcceptedWithOneMessage) {
  start();
  Lobbyist a(port_, "alice"), b(port_, "bob");
  a.ws.send({{"type", "seek"}, {"variant", "blitz"}, {"clock", {{"base_ms", 300000}, {"increment_ms", 2000}}}});
  const json seen = b.view_where([](const json& v) { return v["seeks"].size() == 1; });
  const json seek = seen["seeks"][0];
  EXPECT_EQ(seek["name"], "alice");
  EXPECT_EQ(seek["variant"], "blitz");
  EXPECT_EQ(seek["mine"], false);
  EXPECT_EQ(a.view_where([](const json& v) { return v["seeks"].size() == 1; })["seeks"][0]["mine"], true);
  EXPECT_EQ(a.error_for({{"type", "seek_accept"}, {"seek", seek["id"]}})["code"], "not_allowed");
  EXPECT_EQ(b.error_for({{"type", "seek_cancel"}, {"seek", seek["id"]}})["code"], "no_seek");
  b.ws.send({{"type", "seek_accept"}, {"seek", seek["id"]}});
  auto ma = a.recv("matched"), mb = b.recv("matched");
  ASSERT_TRUE(ma && mb);
  EXPECT_EQ((*ma)["game"], (*mb)["game"]);
  EXPECT_NE((*ma)["seat"], (*mb)["seat"]);
  EXPECT_EQ((*ma)["via"], "seek");
  EXPECT_EQ((*ma)["opponent"], "bob");
  EXPECT_EQ(b.view_where([](const json& v) { return v["seeks"].empty(); })["seeks"].size(), 0u);
  Follower fa(port_, (*ma)["game"], (*ma)["token"]);
  EXPECT_EQ(fa.role, (*ma)["seat"]);
  EXPECT_EQ(fa.state["status"], "active");
  auto g = http_request(port_, http::verb::get, "/api/games/" + (*ma)["game"].get<std::string>());
  EXPECT_EQ(g.body["variant"], "blitz");
  EXPECT_EQ(g.body["clock"]["base_ms"], 300000);
  EXPECT_EQ(b.error_for({{"type", "seek_accept"}, {"seek", seek["id"]}})["code"], "no_seek");
}

// A burst of changes (one connection posting many seeks at once) reaches the other followers as
// a few views, the last showing them all, while the connection that made each change sees it at
// once: one view per command, in order.
TEST_F(LobbyTest, ABurstOfChangesReachesTheOtherFollowersAsFewViews) {
  seeks.max_open = 0;
  start();
  Lobbyist watcher(port_, "watcher"), seeker(port_, "seeker");
  constexpr size_t kSeeks = 30;  // within a connection's burst of messages (net_limits.h)
  for (size_t i = 0; i < kSeeks; ++i) seeker.ws.send({{"type", "seek"}, {"id", i}});
  for (size_t i = 1; i <= kSeeks; ++i) {
    auto v = seeker.ws.recv_type("lobby");
    ASSERT_TRUE(v) << "the seeker's view after its seek " << i;
    EXPECT_EQ((*v)["seeks"].size(), i);
  }
  int views = 0;
  while (watcher.last["seeks"].size() < kSeeks) {
    ASSERT_TRUE(watcher.recv("lobby")) << "the watcher saw " << watcher.last["seeks"].size() << " seeks";
    ++views;
  }
  EXPECT_EQ(watcher.last["players"], 2);
  EXPECT_LE(views, int(kSeeks / 4)) << "one view per change would be " << kSeeks;
  EXPECT_GE(views, 1);
}

TEST_F(LobbyTest, SeeksAreCappedAndLeaveWithTheirConnection) {
  seeks.max_open = 2;
  start();
  Lobbyist b(port_, "bob");
  {
    Lobbyist a(port_, "alice");
    a.ws.send({{"type", "seek"}});
    a.ws.send({{"type", "seek"}, {"variant", "blitz"}});
    EXPECT_EQ(a.error_for({{"type", "seek"}})["code"], "too_many_open");
    EXPECT_EQ(a.error_for({{"type", "seek"}, {"rated", true}})["code"], "not_allowed") << "a guest's rated seek";
    b.view_where([](const json& v) { return v["seeks"].size() == 2; });
  }
  b.view_where([](const json& v) { return v["seeks"].empty(); });
}

TEST_F(LobbyTest, QuickPairingMatchesTwoPlayersAskingForTheSameGame) {
  start();
  Lobbyist a(port_, "alice"), b(port_, "bob"), c(port_, "carol");
  const json blitz = {{"base_ms", 180000}, {"increment_ms", 2000}};
  a.ws.send({{"type", "pair"}, {"clock", blitz}});
  a.view_where([](const json& v) { return !v["pairing"].is_null(); });
  c.ws.send({{"type", "pair"}});  // untimed: no match for alice
  c.view_where([](const json& v) { return !v["pairing"].is_null(); });
  b.ws.send({{"type", "pair"}, {"clock", blitz}});
  auto ma = a.recv("matched"), mb = b.recv("matched");
  ASSERT_TRUE(ma && mb);
  EXPECT_EQ((*ma)["game"], (*mb)["game"]);
  EXPECT_EQ((*mb)["via"], "pair");
  EXPECT_EQ((*mb)["opponent"], "alice");
  EXPECT_FALSE(c.view_where([](const json&) { return true; })["pairing"].is_null()) << "carol still waits";
  c.ws.send({{"type", "pair_cancel"}});
  c.view_where([](const json& v) { return v["pairing"].is_null(); });
  EXPECT_EQ(c.error_for({{"type", "pair_cancel"}})["code"], "not_allowed");
}

TEST_F(LobbyTest, ADirectChallengeIsDeclinedThenAccepted) {
  start();
  Lobbyist a(port_, "alice");
  EXPECT_EQ(a.error_for({{"type", "challenge"}, {"to", "Bob"}})["code"], "unknown_player") << "no account bob";
  Lobbyist b(port_, "bob");
  a.ws.send({{"type", "challenge"}, {"to", "Bob"}, {"clock", {{"base_ms", 600000}}}});
  json incoming = b.view_where([](const json& v) { return v["challenges"].size() == 1; })["challenges"][0];
  EXPECT_EQ(incoming["from"], "alice");
  EXPECT_EQ(incoming["outgoing"], false);
  EXPECT_EQ(a.error_for({{"type", "challenge_accept"}, {"challenge", incoming["id"]}})["code"], "no_challenge");
  b.ws.send({{"type", "challenge_decline"}, {"challenge", incoming["id"]}});
  auto info = a.recv("info");
  ASSERT_TRUE(info);
  EXPECT_EQ((*info)["text"], "bob declined your challenge");
  a.ws.send({{"type", "challenge"}, {"to", "bob"}});
  const json declined = incoming["id"];
  incoming = b.view_where([&](const json& v) {
    return v["challenges"].size() == 1 && v["challenges"][0]["id"] != declined;
  })["challenges"][0];
  b.ws.send({{"type", "challenge_accept"}, {"challenge", incoming["id"]}});
  auto ma = a.recv("matched"), mb = b.recv("matched");
  ASSERT_TRUE(ma && mb);
  EXPECT_EQ((*ma)["via"], "challenge");
  EXPECT_EQ((*ma)["game"], (*mb)["game"]);
}

TEST_F(LobbyTest, AnAbsentOpponentCanBeClaimedAgainstOnlyAfterTheGrace) {
  seeks.claim_grace_ms = 3600000;  // this server: never within the test
  start();
  Lobbyist a(port_, "alice"), b(port_, "bob");
  a.ws.send({{"type", "seek"}, {"clock", {{"base_ms", 600000}}}});
  const json seek = b.view_where([](const json& v) { return v["seeks"].size() == 1; })["seeks"][0];
  b.ws.send({{"type", "seek_accept"}, {"seek", seek["id"]}});
  auto ma = a.recv("matched"), mb = b.recv("matched");
  ASSERT_TRUE(ma && mb);
  Follower fa(port_, (*ma)["game"], (*ma)["token"]);
  auto e = fa.expect_error({{"type", "claim"}, {"result", "win"}});
  ASSERT_TRUE(e);
  EXPECT_NE((*e)["message"].get<std::string>().find("may come back"), std::string::npos) << *e;
  {
    Follower fb(port_, (*mb)["game"], (*mb)["token"]);
    e = fa.expect_error({{"type", "claim"}, {"result", "draw"}});
    ASSERT_TRUE(e);
    EXPECT_EQ((*e)["message"], "your opponent is connected");
  }
}

TEST_F(LobbyTest, AnAbsentOpponentIsClaimedAsAWinOrADraw) {
  seeks.claim_grace_ms = 0;
  start();
  for (const std::string result : {"win", "draw"}) {
    Lobbyist a(port_, "alice"), b(port_, "bob");
    a.ws.send({{"type", "pair"}, {"clock", {{"base_ms", 600000}}}});
    b.ws.send({{"type", "pair"}, {"clock", {{"base_ms", 600000}}}});
    auto ma = a.recv("matched");
    ASSERT_TRUE(ma);
    Follower fa(port_, (*ma)["game"], (*ma)["token"]);
    fa.ws.send({{"type", "claim"}, {"result", result}});
    auto over = fa.wait_event("game_over");
    ASSERT_TRUE(over) << (fa.errors.empty() ? "" : fa.errors.back().dump());
    EXPECT_EQ((*over)["result"]["reason"], "abandoned");
    if (result == "win") EXPECT_EQ((*over)["result"]["winner"], (*ma)["seat"]);
    else EXPECT_EQ((*over)["result"]["score"], "1/2-1/2");
  }
}

TEST_F(LobbyTest, AnIdleUntimedGameEndsAsAbandoned) {
  start();
  const auto seats = create_two_seat_game(port_);
  {
    Follower w(port_, seats.id, seats.white), b(port_, seats.id, seats.black);
    start_game(w, b, {&w, &b});
  }
  seeks.untimed_idle_ms = 1;  // the next server finds it idle
  start();
  auto g = http_request(port_, http::verb::get, "/api/games/" + seats.id);
  ASSERT_TRUE(eventually([&] {
    g = http_request(port_, http::verb::get, "/api/games/" + seats.id);
    return g.body["state"]["status"] == "over";
  })) << g.text;
  EXPECT_EQ(g.body["state"]["result"]["reason"], "abandoned");
  EXPECT_EQ(g.body["state"]["result"]["winner"], "black") << "white was to move";
}
