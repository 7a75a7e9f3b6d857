// Challenges to accounts that are away (store/challenge_store.h, lobby_stored_challenges.cpp),
// over real connections against an in-process server: a correspondence challenge to an account
// connected nowhere is stored (any other is still player_offline), outlives a restart and its
// sender's connection, is shown to the challenged account when it comes, and is answered once:
// accepted (a game with both accounts' seats, the sender told by a notice wherever it is),
// declined (told by a notice), or cancelled. No timed assertions.
#include "account_helpers.h"
#include "lobby_helpers.h"

using namespace yinsh;
using namespace yinsh::test;

namespace {

using Headers = std::vector<std::pair<std::string, std::string>>;

const json kDays2 = {{"days", 2}};

json challenge(const std::string& to, const json& clock = kDays2) {
  return {{"type", "challenge"}, {"to", to}, {"clock", clock}, {"rated", false}};
}

// The stored challenges of a lobby view.
std::vector<json> stored_in(const json& view) {
  std::vector<json> out;
  for (const json& c : view["challenges"])
    if (c.value("stored", false)) out.push_back(c);
  return out;
}

}  // namespace

TEST_F(LobbyTest, AChallengeToAnAccountAwayWaitsAcrossARestartAndIsAcceptedOnce) {
  start();
  const std::string alice_session = account(port_, "alice"), bob_session = account(port_, "Bob");
  std::string id;
  {
    Lobbyist alice(port_, "", cookie(alice_session));
    const json blitz = {{"base_ms", 300000}, {"increment_ms", 3000}};
    EXPECT_EQ(alice.error_for(challenge("bob", blitz))["code"], "player_offline") << "only correspondence waits";
    alice.ws.send(challenge("bob"));
    auto info = alice.recv("info");
    ASSERT_TRUE(info);
    EXPECT_EQ((*info)["code"], "challenge_stored");
    EXPECT_EQ((*info)["params"]["name"], "Bob") << "the account's spelling";
    const json view = alice.view_where([](const json& v) { return stored_in(v).size() == 1; });
    id = stored_in(view)[0]["id"];
    EXPECT_EQ(stored_in(view)[0]["outgoing"], true);
    EXPECT_EQ(alice.error_for(challenge("BOB"))["code"], "challenge_waiting") << "one per pair";
  }  // alice leaves: her stored challenge stays

  start();  // a restart: the challenge is in the store, not in memory
  Lobbyist bob(port_, "", cookie(bob_session));
  const json view = bob.view_where([](const json& v) { return stored_in(v).size() == 1; });
  const json shown = stored_in(view)[0];
  EXPECT_EQ(shown["id"], id);
  EXPECT_EQ(shown["from"], "alice");
  EXPECT_EQ(shown["outgoing"], false);
  EXPECT_EQ(shown["clock"], kDays2);
  bob.ws.send({{"type", "challenge_accept"}, {"challenge", id}});
  auto matched = bob.recv("matched");
  ASSERT_TRUE(matched) << "made with alice connected nowhere";
  const std::string game = (*matched)["game"];
  const auto g = http_request(port_, http::verb::get, "/api/games/" + game);
  EXPECT_EQ(g.body["state"]["status"], "active") << g.text;
  EXPECT_EQ(g.body["state"]["seats"][(*matched)["seat"] == "white" ? "black" : "white"]["name"], "alice");
  // Alice's account holds its seat: her games list it.
  const auto mine = http_request(port_, http::verb::get, "/api/account/games", "", cookie(alice_session));
  bool listed = false;
  for (const json& x : mine.body["games"]) listed = listed || x["id"] == game;
  EXPECT_TRUE(listed) << mine.text;
  EXPECT_EQ(bob.error_for({{"type", "challenge_accept"}, {"challenge", id}})["code"], "no_challenge");
  bob.view_where([](const json& v) { return stored_in(v).empty(); });
}

TEST_F(LobbyTest, AStoredChallengeDeclinedIsToldToItsSenderAndOneCancelledToTheChallenged) {
  start();
  const std::string alice_session = account(port_, "alice"), bob_session = account(port_, "bob");
  const std::string carol_session = account(port_, "carol");
  Lobbyist alice(port_, "", cookie(alice_session));
  alice.ws.send(challenge("bob"));
  ASSERT_TRUE(alice.recv("info"));
  alice.ws.send(challenge("carol"));
  ASSERT_TRUE(alice.recv("info"));
  const json mine = alice.view_where([](const json& v) { return stored_in(v).size() == 2; });
  std::string to_carol;
  for (const json& c : stored_in(mine))
    if (c["to"] == "carol") to_carol = c["id"];
  {
    // Bob, on a page that does not follow the lobby, is told by a `challenged` message.
    WsClient page(port_, 0, cookie(bob_session));
    auto told = page.recv_type("challenged");
    ASSERT_TRUE(told);
    EXPECT_EQ((*told)["challenge"]["from"], "alice");
    EXPECT_EQ((*told)["challenge"]["stored"], true);
    page.send({{"type", "challenge_decline"}, {"challenge", (*told)["challenge"]["id"]}});
    auto notice = alice.recv("notice");
    ASSERT_TRUE(notice);
    EXPECT_EQ((*notice)["kind"], "challenge_declined");
    EXPECT_EQ((*notice)["opponent"], "bob");
    EXPECT_EQ((*notice)["game"], "");
  }
  // Bob cannot cancel alice's challenge to carol; alice can.
  Lobbyist bob(port_, "", cookie(bob_session));
  EXPECT_EQ(bob.error_for({{"type", "challenge_cancel"}, {"challenge", to_carol}})["code"], "no_challenge");
  alice.ws.send({{"type", "challenge_cancel"}, {"challenge", to_carol}});
  alice.view_where([](const json& v) { return stored_in(v).empty(); });
  Lobbyist carol(port_, "", cookie(carol_session));
  EXPECT_EQ(carol.error_for({{"type", "challenge_accept"}, {"challenge", to_carol}})["code"], "no_challenge");
}

TEST_F(LobbyTest, AStoredChallengeWhoseGameCannotBeMadeWaitsOn) {
  seeks.max_correspondence = 1;
  start();
  const std::string alice_session = account(port_, "alice"), bob_session = account(port_, "bob");
  std::string id;
  {
    Lobbyist alice(port_, "", cookie(alice_session));
    alice.ws.send(challenge("bob"));
    ASSERT_TRUE(alice.recv("info"));
    id = stored_in(alice.view_where([](const json& v) { return stored_in(v).size() == 1; }))[0]["id"];
  }
  // Bob holds a correspondence game already: the one he accepts cannot be made.
  const auto held = http_request(port_, http::verb::post, "/api/games", json{{"clock", kDays2}}.dump(), cookie(bob_session));
  ASSERT_EQ(held.status, 201) << held.text;
  Lobbyist bob(port_, "", cookie(bob_session));
  bob.view_where([](const json& v) { return stored_in(v).size() == 1; });
  bob.ws.send({{"type", "challenge_accept"}, {"challenge", id}});
  auto refused = bob.recv("error");
  ASSERT_TRUE(refused);
  EXPECT_NE((*refused)["message"].get<std::string>().find("could not be made"), std::string::npos) << *refused;
  EXPECT_EQ((*refused)["code"], "too_many_games");
  // Not lost: it is shown again, and is still there to cancel.
  const json again = bob.view_where([](const json& v) { return stored_in(v).size() == 1; });
  EXPECT_EQ(stored_in(again)[0]["id"], id);
  Lobbyist alice(port_, "", cookie(alice_session));
  alice.view_where([](const json& v) { return stored_in(v).size() == 1; });
  alice.ws.send({{"type", "challenge_cancel"}, {"challenge", id}});
  alice.view_where([](const json& v) { return stored_in(v).empty(); });
}
