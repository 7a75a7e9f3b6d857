// The lobby with accounts, over real connections against an in-process server: a rated seek
// is refused to a guest (making or taking it); a rating range refuses a player outside it; a
// game from a rated seek is rated (its result moves both ratings, shown in the next seek); an
// account's open seeks are capped across its connections and addresses; a challenge reaches
// the account on a connection that does not follow the lobby. No timed assertions.
#include "account_helpers.h"
#include "lobby_helpers.h"

using namespace yinsh;
using namespace yinsh::test;

namespace {

using Headers = std::vector<std::pair<std::string, std::string>>;

Headers as(const std::string& session, const std::string& address = "") {
  Headers h = cookie(session);
  if (!address.empty()) h.emplace_back("X-Forwarded-For", address);
  return h;
}

const json kBlitz = {{"base_ms", 300000}, {"increment_ms", 3000}};

// The one seek of the last view, once there is one.
json only_seek(Lobbyist& l) { return l.view_where([](const json& v) { return v["seeks"].size() == 1; })["seeks"][0]; }

}  // namespace

TEST_F(LobbyTest, ARatedSeekIsRefusedToAGuest) {
  start();
  Lobbyist guest(port_, "gus"), alice(port_, "ignored", as(account(port_, "alice")));
  const json e = guest.error_for({{"type", "seek"}, {"rated", true}, {"clock", kBlitz}});
  EXPECT_EQ(e["code"], "not_allowed");
  EXPECT_NE(e["message"].get<std::string>().find("account"), std::string::npos) << e;
  EXPECT_EQ(guest.error_for({{"type", "pair"}, {"rated", true}})["code"], "not_allowed");
  alice.ws.send({{"type", "seek"}, {"rated", true}, {"clock", kBlitz}});
  const json seek = only_seek(guest);
  EXPECT_EQ(seek["account"], true) << "an account's seek says so";
  EXPECT_EQ(seek["name"], "alice") << "an account's name, not the one its lobby message gave";
  EXPECT_EQ(seek["rating"], 1500);
  EXPECT_EQ(seek["provisional"], true);
  EXPECT_EQ(seek["rated"], true);
  const json taken = guest.error_for({{"type", "seek_accept"}, {"seek", seek["id"]}});
  EXPECT_EQ(taken["code"], "not_allowed");
  EXPECT_NE(taken["message"].get<std::string>().find("log in"), std::string::npos) << taken;
  EXPECT_EQ(only_seek(alice)["id"], seek["id"]) << "the seek is still open";
}

TEST_F(LobbyTest, ARatingRangeRefusesAPlayerOutsideIt) {
  start();
  Lobbyist alice(port_, "", as(account(port_, "alice"))), bob(port_, "", as(account(port_, "bob")));
  Lobbyist guest(port_, "gus");
  alice.ws.send({{"type", "seek"}, {"rated", false}, {"clock", kBlitz}, {"range", {{"min", 1600}, {"max", 2000}}}});
  const json seek = only_seek(bob);
  EXPECT_EQ(seek["range"]["min"], 1600);
  EXPECT_EQ(seek["account"], true) << "an account's seek says so";
  for (Lobbyist* l : {&bob, &guest}) {
    const json e = l->error_for({{"type", "seek_accept"}, {"seek", seek["id"]}});
    EXPECT_EQ(e["code"], "out_of_range");
    EXPECT_NE(e["message"].get<std::string>().find("1500 is outside this seek's range 1600-2000"), std::string::npos) << e;
  }
  EXPECT_EQ(only_seek(alice)["id"], seek["id"]);
  alice.ws.send({{"type", "seek_cancel"}, {"seek", seek["id"]}});
  alice.ws.send({{"type", "seek"}, {"clock", kBlitz}, {"range", {{"min", 1400}, {"max", 1600}}}});
  const json inside = bob.view_where([&](const json& v) { return v["seeks"].size() == 1 && v["seeks"][0]["id"] != seek["id"]; });
  bob.ws.send({{"type", "seek_accept"}, {"seek", inside["seeks"][0]["id"]}});
  EXPECT_TRUE(bob.recv("matched"));
}

TEST_F(LobbyTest, AGameFromARatedSeekIsRatedAndMovesTheShownRating) {
  start();
  const std::string alice_session = account(port_, "alice");
  Lobbyist alice(port_, "", as(alice_session)), bob(port_, "", as(account(port_, "bob")));
  alice.ws.send({{"type", "seek"}, {"rated", true}, {"clock", kBlitz}});
  bob.ws.send({{"type", "seek_accept"}, {"seek", only_seek(bob)["id"]}});
  auto ma = alice.recv("matched"), mb = bob.recv("matched");
  ASSERT_TRUE(ma && mb);
  EXPECT_EQ((*mb)["opponent"], "alice");
  const std::string id = (*ma)["game"];
  auto g = http_request(port_, http::verb::get, "/api/games/" + id);
  EXPECT_TRUE(g.body["rated"].get<bool>()) << g.text;
  Follower fa(port_, id, (*ma)["token"]), fb(port_, id, (*mb)["token"]);
  fa.ws.send({{"type", "resign"}});
  ASSERT_TRUE(fb.wait_event("game_over"));
  auto changes = fb.ws.recv_type("ratings");
  ASSERT_TRUE(changes) << "no ratings message: the game was not rated";
  const Color alice_seat = (*ma)["seat"] == "white" ? WHITE : BLACK;
  const json& mine = (*changes)[alice_seat == WHITE ? "white" : "black"];
  EXPECT_LT(mine["diff"].get<int>(), 0) << *changes;
  auto page = http_request(port_, http::verb::get, "/api/players/alice");
  ASSERT_EQ(page.body["ratings"].size(), 1u) << page.text;
  EXPECT_EQ(page.body["ratings"][0]["category"], "blitz");
  EXPECT_EQ(page.body["ratings"][0]["rating"], mine["after"]);
  // Alice's next seek shows her new blitz rating (still provisional); an untimed one 1500?.
  alice.ws.send({{"type", "seek"}, {"rated", true}, {"clock", kBlitz}});
  const json again = only_seek(bob);
  EXPECT_EQ(again["rating"], mine["after"]);
  EXPECT_EQ(again["provisional"], true);
  alice.ws.send({{"type", "seek"}, {"rated", true}});
  const json untimed = bob.view_where([](const json& v) { return v["seeks"].size() == 2; });
  for (const json& s : untimed["seeks"]) {
    if (s["clock"].is_null()) {
      EXPECT_EQ(s["rating"], 1500);
    }
  }
  // A new connection of alice's reads her rating from the store: its first command, sent at
  // once, waits for it.
  WsClient tab(port_, 0, as(alice_session));
  tab.send({{"type", "seek"}, {"clock", {{"base_ms", 240000}, {"increment_ms", 0}}}});  // blitz too
  tab.send({{"type", "pair"}, {"clock", kBlitz}, {"rated", true}});
  tab.send({{"type", "lobby"}});
  std::optional<json> view;
  for (int i = 0; i < 20 && (!view || (*view)["seeks"].size() < 3); ++i) view = tab.recv_type("lobby");
  ASSERT_TRUE(view && (*view)["seeks"].size() == 3) << (view ? view->dump() : "no view");
  int found = 0;
  for (const json& s : (*view)["seeks"])
    if (s["clock"].is_object() && s["clock"]["base_ms"] == 240000) {
      ++found;
      EXPECT_EQ(s["rating"], mine["after"]) << s;
      EXPECT_EQ(s["mine"], true) << "the account's seek, on any of its connections";
    }
  EXPECT_EQ(found, 1);
  EXPECT_EQ((*view)["pairing"]["rated"], true);
}

TEST_F(LobbyTest, AnAccountsOpenSeeksAreCappedAcrossItsConnectionsAndAddresses) {
  seeks.max_open = 2;
  trusted_proxies = {"127.0.0.1"};
  start();
  const std::string session = account(port_, "alice");
  Lobbyist home(port_, "", as(session, "10.0.0.1")), work(port_, "", as(session, "10.0.0.2"));
  home.ws.send({{"type", "seek"}});
  work.ws.send({{"type", "seek"}, {"variant", "blitz"}});
  home.view_where([](const json& v) { return v["seeks"].size() == 2; });
  const json e = work.error_for({{"type", "seek"}, {"clock", kBlitz}});
  EXPECT_EQ(e["code"], "too_many_open") << "per account, though each address holds one";
  // Another player at one of those addresses may still post (the address holds one of two).
  Lobbyist guest(port_, "gus", {{"X-Forwarded-For", "10.0.0.2"}});
  guest.ws.send({{"type", "seek"}});
  const json three = guest.view_where([](const json& v) { return v["seeks"].size() == 3; });
  for (const json& s : three["seeks"])  // the guest's seek is marked as a guest's
    EXPECT_EQ(s["account"], s["name"] != "gus") << s;
  // A waiting game the account creates over HTTP counts with its seeks.
  home.ws.send({{"type", "seek_cancel"}, {"seek", home.view_where([](const json& v) {
                                                      return v["seeks"].size() == 3;
                                                    })["seeks"][0]["id"]}});
  home.view_where([](const json& v) { return v["seeks"].size() == 2; });
  Headers h = as(session, "10.0.0.3");
  auto created = http_request(port_, http::verb::post, "/api/games", "{}", h);
  ASSERT_EQ(created.status, 201) << created.text;
  auto refused = http_request(port_, http::verb::post, "/api/games", "{}", h);
  EXPECT_EQ(refused.status, 429) << refused.text;
  EXPECT_EQ(refused.body["error"]["code"], "too_many_open");
}

TEST_F(LobbyTest, AChallengeReachesTheAccountOnAnyConnection) {
  start();
  const std::string bob_session = account(port_, "Bob");
  account(port_, "carol");
  Lobbyist alice(port_, "", as(account(port_, "alice")));
  EXPECT_EQ(alice.error_for({{"type", "challenge"}, {"to", "BOB"}})["code"], "player_offline");
  EXPECT_EQ(alice.error_for({{"type", "challenge"}, {"to", "nobody"}})["code"], "unknown_player");
  // A guest in the lobby under an account's name is not challenged in its stead.
  Lobbyist fake(port_, "bob");
  EXPECT_EQ(alice.error_for({{"type", "challenge"}, {"to", "Bob"}})["code"], "player_offline");
  // Bob is on a game page (no lobby): the challenge reaches that connection.
  WsClient page(port_, 0, as(bob_session));
  page.send({{"type", "ping"}});
  ASSERT_TRUE(page.recv_type("error"));  // a ping outside a game: the connection is up
  alice.ws.send({{"type", "challenge"}, {"to", "bob"}, {"rated", true}, {"clock", kBlitz}});
  auto notice = page.recv_type("challenged");
  ASSERT_TRUE(notice);
  const json& ch = (*notice)["challenge"];
  EXPECT_EQ(ch["from"], "alice");
  EXPECT_EQ(ch["to"], "Bob") << "the account's spelling";
  EXPECT_EQ(ch["rated"], true);
  EXPECT_EQ(ch["rating"], 1500);
  EXPECT_EQ(fake.error_for({{"type", "challenge_accept"}, {"challenge", ch["id"]}})["code"], "no_challenge");
  EXPECT_TRUE(fake.last["challenges"].empty()) << fake.last;
  page.send({{"type", "challenge_accept"}, {"challenge", ch["id"]}});
  auto mb = page.recv_type("matched");
  auto ma = alice.recv("matched");
  ASSERT_TRUE(ma && mb);
  EXPECT_EQ((*ma)["game"], (*mb)["game"]);
  EXPECT_TRUE(http_request(port_, http::verb::get, "/api/games/" + (*ma)["game"].get<std::string>()).body["rated"].get<bool>());
}
