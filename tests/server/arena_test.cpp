// Arenas on the server (docs/api.md 2.7, docs/tournaments.md "On the server"): accounts join,
// are paired at once and again as soon as their game ends (never straight back against the
// same opponent when another is free), berserk halves a clock, withdrawn players are not paired
// again, nothing is paired after the end; the standings come from the stored games (checked
// against a recomputation written here from the games' results), survive a restart, and two
// servers on one PostgreSQL database pair each player exactly once and show one standings.
// The servers run in this process on a ManualClock.
#include <map>
#include <set>

#include "server/store/store.h"
#include "server/tournaments/arena_schedule.h"
#include "server/tournaments/arena_standings.h"
#include "tournament_helpers.h"

namespace yinsh::test {
namespace {

TEST_F(ArenaTest, PlayersArePairedAtOnceAndAgainWhenTheirGameEnds) {
  const std::string id = create(port, sessions["alice"]);
  ASSERT_FALSE(id.empty());
  for (const auto& [name, session] : sessions) EXPECT_EQ(post(port, "/api/tournaments/" + id + "/join", session), 200);
  auto round1 = wait_paired(port, id, {"alice", "bob", "carol", "dave"});
  ASSERT_EQ(round1.size(), 4u);
  std::set<std::string> games;
  for (const auto& [name, game] : round1) games.insert(game);
  ASSERT_EQ(games.size(), 2u) << "two games of two";

  // Each game is the arena's, rated, on its clock, with both seats the paired accounts.
  std::map<std::string, std::pair<std::string, std::string>> seats;  // game -> white, black
  for (const auto& g : games) {
    const json view = http_request(port, verb::get, "/api/games/" + g).body;
    EXPECT_EQ(view["tournament"], id);
    EXPECT_EQ(view["state"]["tournament"], id);
    EXPECT_TRUE(view["rated"].get<bool>());
    EXPECT_EQ(view["clock"], (json{{"base_ms", 180000}, {"increment_ms", 2000}}));
    EXPECT_EQ(view["state"]["status"], "active");
    seats[g] = {view["state"]["seats"]["white"]["name"], view["state"]["seats"]["black"]["name"]};
  }

  // Berserk: the first game's White halves its clock, once, and only in its own arena game.
  const std::string g1 = *games.begin(), g2 = *games.rbegin();
  const std::string w1 = seats[g1].first, b2 = seats[g2].second;
  EXPECT_EQ(post(port, "/api/tournaments/" + id + "/berserk", sessions[w1], {{"game", g1}}), 200);
  const json after = http_request(port, verb::get, "/api/games/" + g1).body["state"]["clocks"];
  EXPECT_LE(after["white_ms"].get<int64_t>(), 90000);
  EXPECT_GT(after["white_ms"].get<int64_t>(), 89000);
  EXPECT_EQ(after["berserk"], (json{{"white", true}, {"black", false}}));
  EXPECT_EQ(post(port, "/api/tournaments/" + id + "/berserk", sessions[w1], {{"game", g1}}), 409) << "only once";
  EXPECT_EQ(post(port, "/api/tournaments/" + id + "/berserk", sessions[b2], {{"game", g1}}), 403) << "not b2's game";
  EXPECT_EQ(post(port, "/api/tournaments/" + id + "/berserk", sessions[w1], {{"game", "nosuchgame12"}}), 409);

  // Both Blacks resign: both Whites have 2 points (berserk's point needs 14 own decisions).
  for (const auto& [g, s] : seats) resign(port, s.second, g);
  auto round2 = wait_paired(port, id, {"alice", "bob", "carol", "dave"}, round1);
  json a = arena(port, id);
  EXPECT_EQ(reported(a), recompute(port, a));
  for (const auto& [g, s] : seats) {
    EXPECT_EQ(reported(a)[s.first], 2) << a.dump();
    EXPECT_EQ(reported(a)[s.second], 0);
    // Paired near in the standings: the two winners together, never straight back against
    // the opponent just played.
    EXPECT_NE(round2[s.first], round2[s.second]);
  }
  const auto winners = std::vector{seats[g1].first, seats[g2].first};
  EXPECT_EQ(round2[winners[0]], round2[winners[1]]) << "the two leaders meet";
  EXPECT_EQ(a["standings"][0]["sheet"][0]["flag"], "normal");
  EXPECT_TRUE(a["standings"][0]["sheet"][0]["berserk"].get<bool>() || a["standings"][1]["sheet"][0]["berserk"].get<bool>());

  // Dave withdraws: his game goes on and counts, but he is not paired again.
  EXPECT_EQ(post(port, "/api/tournaments/" + id + "/withdraw", sessions["dave"]), 200);
  EXPECT_EQ(arena(port, id, sessions["dave"])["me"], (json{{"joined", true}, {"active", false}, {"game", round2["dave"]}}));

  // The server restarts: the standings are the same (nothing was held in memory).
  const json before = arena(port, id);
  srv.reset();
  srv = start_test_server(arena_options((dir.path() / "games.db").string()));
  ASSERT_TRUE(srv);
  port = srv->port();
  json again = arena(port, id);
  EXPECT_EQ(again["standings"], before["standings"]);
  EXPECT_EQ(again["pairings"], before["pairings"]);

  // Round 2 ends: in the leaders' game White wins again, a second win in a row (streak).
  std::set<std::string> games2;
  for (const auto& [n, g] : round2) games2.insert(g);
  std::string streaker;
  for (const auto& g : games2) {
    const json view = http_request(port, verb::get, "/api/games/" + g).body["state"]["seats"];
    resign(port, view["black"]["name"], g);
    if (view["white"]["name"] == winners[0] || view["white"]["name"] == winners[1]) streaker = view["white"]["name"];
  }
  ASSERT_FALSE(streaker.empty());
  EXPECT_TRUE(eventually([&] {
    const auto p = playing(arena(port, id));
    return p.size() == 2 && !p.count("dave");
  })) << arena(port, id).dump();
  a = arena(port, id);
  EXPECT_EQ(reported(a), recompute(port, a));
  EXPECT_EQ(a["standings"][0]["name"], streaker);
  EXPECT_EQ(a["standings"][0]["points"], 4);
  EXPECT_TRUE(a["standings"][0]["on_fire"].get<bool>());
  EXPECT_EQ(a["standings"][0]["sheet"][1]["flag"], "streak");
  EXPECT_EQ(playing(a).count("dave"), 0u) << "withdrawn";

  // The player's page lists the arena with the player's place in it.
  const json mine = http_request(port, verb::get, "/api/tournaments?player=" + streaker).body;
  ASSERT_EQ(mine["tournaments"].size(), 1u) << mine.dump();
  EXPECT_EQ(mine["tournaments"][0]["id"], id);
  EXPECT_EQ(mine["tournaments"][0]["result"], (json{{"rank", 1}, {"points", 4}, {"games", 2}}));
  EXPECT_EQ(http_request(port, verb::get, "/api/tournaments?player=nobody").status, 404);
}

// The players who joined an upcoming arena are told once, on every connection, when it begins
// (notice tournament_starting, no game), then of their first game; not again after a restart.
TEST_F(ArenaTest, ThePlayersOfAnArenaAreToldOnceWhenItBegins) {
  const json body = {{"name", "Evening arena"}, {"clock", {{"base_ms", 180000}, {"increment_ms", 2000}}},
                     {"minutes", 30}, {"starts_in_s", 60}};
  auto c = http_request(port, verb::post, "/api/tournaments", body.dump(), cookie(sessions["alice"]));
  ASSERT_EQ(c.status, 201) << c.text;
  EXPECT_EQ(c.body["status"], "upcoming");
  const std::string id = c.body["id"];
  for (const char* name : {"alice", "bob"}) EXPECT_EQ(post(port, "/api/tournaments/" + id + "/join", sessions[name]), 200);
  WsClient alice_bell(port, 0, cookie(sessions["alice"]));
  alice_bell.send({{"type", "ping"}});  // the connection is the account's once answered
  ASSERT_TRUE(alice_bell.recv());
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_TRUE(playing(arena(port, id)).empty()) << "nobody is paired before the start";
  clock.advance(61000);
  auto told = alice_bell.recv_type("notice");
  ASSERT_TRUE(told);
  EXPECT_EQ((*told)["kind"], "tournament_starting");
  EXPECT_EQ((*told)["tournament"], id);
  EXPECT_EQ((*told)["game"], "");
  auto paired = alice_bell.recv_type("notice");
  ASSERT_TRUE(paired);
  EXPECT_EQ((*paired)["kind"], "tournament_game");
  EXPECT_EQ((*paired)["opponent"], "bob");

  srv.reset();
  srv = start_test_server(arena_options((dir.path() / "games.db").string()));
  ASSERT_TRUE(srv);
  port = srv->port();
  WsClient again(port, 0, cookie(sessions["alice"]));
  std::this_thread::sleep_for(std::chrono::milliseconds(2000));  // the lease, given back, is taken anew
  again.send({{"type", "ping"}});
  auto first = again.recv();
  ASSERT_TRUE(first);
  EXPECT_EQ((*first)["type"], "error") << "told again: " << first->dump();
}

// An arena game played through the board API on a clock that runs ahead of the system's (the
// tests' manual clock; `yinsh bot` in scripts/bench-arena): the decision is timed by the games'
// clock, not the wall clock, so the mover's clock keeps its time plus the increment.
TEST_F(ArenaTest, ABoardApiDecisionIsTimedByTheGamesClock) {
  clock.advance(3600000);
  const std::string id = create(port, sessions["alice"]);
  for (const char* name : {"alice", "bob"}) EXPECT_EQ(post(port, "/api/tournaments/" + id + "/join", sessions[name]), 200);
  const auto paired = wait_paired(port, id, {"alice", "bob"});
  const std::string game = paired.at("alice");
  const json seats = http_request(port, verb::get, "/api/games/" + game).body["state"]["seats"];
  const std::string white = seats["white"]["name"];
  auto t = http_request(port, verb::post, "/api/account/tokens", json{{"description", "bench"}, {"scopes", {"board:play"}}}.dump(),
                        cookie(sessions[white]));
  ASSERT_EQ(t.status, 201) << t.text;
  const std::string first = legal_first();
  auto moved = http_request(port, verb::post, "/api/board/game/" + game + "/move/" + first + "?ply=0", "",
                            {{"Authorization", "Bearer " + t.body["token"]["secret"].get<std::string>()}});
  ASSERT_EQ(moved.status, 200) << moved.text;
  const json state = http_request(port, verb::get, "/api/games/" + game).body["state"];
  EXPECT_EQ(state["ply"], 1);
  EXPECT_EQ(state["status"], "active");
  EXPECT_GT(state["clocks"]["white_ms"].get<int64_t>(), 180000) << "the increment, and nothing taken or given by the wall clock";
  EXPECT_LE(state["clocks"]["white_ms"].get<int64_t>(), 182000);
}

TEST_F(ArenaTest, NothingIsPairedAfterTheEndAndBadRequestsChangeNothing) {
  EXPECT_EQ(http_request(port, verb::post, "/api/tournaments", "{}").status, 401);
  const std::string base = R"({"name":"x","clock":{"base_ms":180000,"increment_ms":0},"minutes":30,"starts_in_s":0})";
  for (const std::string& body : {std::string("not json"), base, std::string(R"({"name":"Good","clock":{"days":2},"minutes":30,"starts_in_s":0})"),
                                 std::string(R"({"name":"Good","clock":{"base_ms":180000,"increment_ms":0},"minutes":5,"starts_in_s":0})")})
    EXPECT_EQ(http_request(port, verb::post, "/api/tournaments", body, cookie(sessions["bob"])).status, 400) << body;
  EXPECT_EQ(http_request(port, verb::get, "/api/tournaments").body["tournaments"].size(), 0u);
  EXPECT_EQ(http_request(port, verb::get, "/api/tournaments/nosuchthing1").status, 404);
  EXPECT_EQ(http_request(port, verb::post, "/api/tournaments/nosuchthing1/join", "{}", cookie(sessions["bob"])).status, 404);

  // Three open arenas per account, then 429.
  std::string id;
  for (int i = 0; i < 3; ++i) id = create(port, sessions["carol"], 20);
  EXPECT_EQ(http_request(port, verb::post, "/api/tournaments",
                         R"({"name":"Fourth","clock":{"base_ms":180000,"increment_ms":0},"minutes":30,"starts_in_s":0})",
                         cookie(sessions["carol"]))
                .status,
            429);

  EXPECT_EQ(post(port, "/api/tournaments/" + id + "/join", sessions["alice"]), 200);
  EXPECT_EQ(post(port, "/api/tournaments/" + id + "/join", sessions["bob"]), 200);
  auto paired = wait_paired(port, id, {"alice", "bob"});
  clock.advance(21 * 60 * 1000);  // past the end
  json a = arena(port, id);
  EXPECT_EQ(a["status"], "finished");
  EXPECT_EQ(post(port, "/api/tournaments/" + id + "/join", sessions["carol"]), 409);
  resign(port, "bob", paired["bob"]);  // (or its clock ran out meanwhile)
  EXPECT_TRUE(eventually([&] { return playing(arena(port, id)).empty(); })) << arena(port, id).dump();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // ten ticks of the director
  a = arena(port, id);
  EXPECT_TRUE(playing(a).empty()) << "nobody is paired after the end";
  EXPECT_EQ(a["pairings"].size(), 1u);
  EXPECT_EQ(reported(a), recompute(port, a));
}

// A tournament's chat: lines of logged-in players, oldest first, at most 5 in 10 s each;
// removed by their writer (or a moderator), never by someone else; bad lines change nothing.
TEST_F(ArenaTest, TheChatKeepsItsLinesAndLetsOnlyTheirWriterRemoveThem) {
  const std::string id = create(port, sessions["alice"]);
  const std::string chat = "/api/tournaments/" + id + "/chat";
  auto lines = [&] { return http_request(port, verb::get, chat).body["lines"]; };
  EXPECT_EQ(lines(), json::array());
  EXPECT_EQ(http_request(port, verb::post, chat, R"({"text":"hi"})").status, 401) << "a guest";
  auto said = http_request(port, verb::post, chat, R"({"text":"  good luck  "})", cookie(sessions["alice"]));
  ASSERT_EQ(said.status, 201) << said.text;
  EXPECT_EQ(said.body["text"], "good luck");
  EXPECT_EQ(said.body["name"], "alice");
  clock.advance(1);
  EXPECT_EQ(http_request(port, verb::post, chat, R"({"text":"<b>thanks</b>"})", cookie(sessions["bob"])).status, 201);
  for (const std::string& bad : {std::string("{}"), std::string(R"({"text":"   "})"), std::string(R"({"text":7})"),
                                 std::string("text"), json{{"text", std::string(501, 'x')}}.dump()})
    EXPECT_EQ(http_request(port, verb::post, chat, bad, cookie(sessions["bob"])).status, 400) << bad;
  EXPECT_EQ(http_request(port, verb::post, "/api/tournaments/nosuchthing1/chat", R"({"text":"x"})", cookie(sessions["bob"])).status,
            404);
  json now = lines();
  ASSERT_EQ(now.size(), 2u);
  EXPECT_EQ(now[0]["text"], "good luck");
  EXPECT_EQ(now[1]["text"], "<b>thanks</b>") << "kept as written: the page shows it as text";

  // Five lines in ten seconds, then 429 until the window has passed.
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(http_request(port, verb::post, chat, R"({"text":"spam"})", cookie(sessions["bob"])).status, 201);
  EXPECT_EQ(http_request(port, verb::post, chat, R"({"text":"spam"})", cookie(sessions["bob"])).status, 429);
  clock.advance(10001);
  EXPECT_EQ(http_request(port, verb::post, chat, R"({"text":"later"})", cookie(sessions["bob"])).status, 201);

  const std::string line = now[0]["id"];
  EXPECT_EQ(http_request(port, verb::post, chat + "/" + line + "/delete", "", cookie(sessions["bob"])).status, 403);
  EXPECT_EQ(http_request(port, verb::post, chat + "/" + line + "/delete", "", cookie(sessions["alice"])).status, 200);
  EXPECT_EQ(http_request(port, verb::post, chat + "/" + line + "/delete", "", cookie(sessions["alice"])).status, 404);
  EXPECT_EQ(http_request(port, verb::post, chat + "/x/y/delete", "", cookie(sessions["alice"])).status, 404);
  now = lines();
  ASSERT_EQ(now.size(), 6u);
  EXPECT_EQ(now[0]["text"], "<b>thanks</b>");
  EXPECT_EQ(now[5]["text"], "later");
}

// Scheduled arenas: every server of the site makes the schedule's arenas (the one under way and
// the next), each slot's exactly once, also after a restart (the slot's key is unique).
TEST_F(ArenaTest, ScheduledArenasAreMadeOncePerSlotWhicheverServerMakesThem) {
  auto scheduled = [&](uint16_t at) {
    int n = 0;
    const json list = http_request(at, verb::get, "/api/tournaments").body["tournaments"];
    for (const json& t : list) {
      if (t["name"] != "Hourly 3+2 arena") continue;
      EXPECT_EQ(t["created_by"], "");
      EXPECT_EQ(t["clock"], (json{{"base_ms", 180000}, {"increment_ms", 2000}}));
      EXPECT_EQ(t["ends_at"].get<int64_t>() - t["starts_at"].get<int64_t>(), 55 * 60000);
      EXPECT_EQ(t["starts_at"].get<int64_t>() % 3600000, 0) << "at the top of the hour";
      ++n;
    }
    return n;
  };
  std::string why;
  const auto hourly = *server::parse_arena_schedule("60/3+2/55", &why);
  auto with_schedule = [&](const std::string& db) {
    auto o = arena_options(db);
    o.arena_schedule = {"60/3+2/55"};
    return o;
  };
  srv.reset();
  srv = start_test_server(with_schedule((dir.path() / "games.db").string()));
  ASSERT_TRUE(srv);
  const int expected = int(server::arena_slots(hourly, clock.now()).size());
  EXPECT_TRUE(eventually([&] { return scheduled(srv->port()) == expected; }))
      << http_request(srv->port(), verb::get, "/api/tournaments").text;
  srv.reset();
  srv = start_test_server(with_schedule((dir.path() / "games.db").string()));
  ASSERT_TRUE(srv);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(scheduled(srv->port()), expected) << "not made again after a restart";
  clock.advance(3600000);  // an hour later: the next slot is under way, the one after it is made
  EXPECT_TRUE(eventually([&] { return scheduled(srv->port()) == expected + 1; }));

  // A Swiss schedule: the week's event, a Swiss of 7 rounds, made once too.
  auto swiss = arena_options((dir.path() / "games.db").string());
  swiss.arena_schedule = {"10080/10+5/swiss7"};
  srv.reset();
  srv = start_test_server(swiss);
  ASSERT_TRUE(srv);
  auto weekly = [&] {
    int n = 0;
    const json list = http_request(srv->port(), verb::get, "/api/tournaments").body["tournaments"];
    for (const json& t : list)
      if (t["name"] == "Weekly 10+5 Swiss (7 rounds)" && t["kind"] == "swiss" && t["rounds"] == 7) ++n;
    return n;
  };
  EXPECT_TRUE(eventually([&] { return weekly() >= 1; })) << http_request(srv->port(), verb::get, "/api/tournaments").text;
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const int weeks = weekly();
  EXPECT_EQ(weeks, int(server::arena_slots(*server::parse_arena_schedule("10080/10+5/swiss7", &why), clock.now()).size()));

  // A bad schedule stops the server from starting, with the reason.
  auto bad = arena_options((dir.path() / "other.db").string());
  bad.arena_schedule = {"60/3+2"};
  server::Server refused(bad);
  EXPECT_FALSE(refused.start(&why));
  EXPECT_NE(why.find("EVERY/BASE+INC/MINUTES"), std::string::npos) << why;

  // Two servers on one PostgreSQL database, both with the schedule: each slot once.
  std::string db;
  new_pg_database(db);
  if (IsSkipped() || HasFatalFailure()) return;
  auto a = start_test_server(with_schedule(db));
  auto b = start_test_server(with_schedule(db));
  ASSERT_TRUE(a && b);
  const int now_expected = int(server::arena_slots(hourly, clock.now()).size());
  EXPECT_TRUE(eventually([&] { return scheduled(a->port()) == now_expected; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(scheduled(b->port()), now_expected);
}

// A wave stored as paired, whose games its server never made (it stopped, or stalled past its
// lease), is made with the stored ids by whoever holds the lease next, and its players are not
// paired in other games meanwhile: the wave is stored in the lease's transaction.
TEST_F(ArenaTest, AWaveStoredButNotMadeIsMadeWithItsIdsAndItsPlayersAreNotPairedAgain) {
  const json body = {{"name", "Later arena"}, {"variant", "normal"}, {"clock", {{"base_ms", 180000}, {"increment_ms", 2000}}},
                     {"minutes", 60}, {"starts_in_s", 3600}, {"rated", true}};
  auto made = http_request(port, verb::post, "/api/tournaments", body.dump(), cookie(sessions["alice"]));
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string id = made.body["id"];
  for (const char* name : {"alice", "bob", "carol", "dave"})
    EXPECT_EQ(post(port, "/api/tournaments/" + id + "/join", sessions[name]), 200);
  srv.reset();
  {  // the first wave's game of alice and dave, as a server would have stored it before stopping
    std::string error;
    auto store = server::open_store((dir.path() / "games.db").string(), &error);
    ASSERT_TRUE(store) << error;
    store->transact([&](server::Sql& q) {
      auto acc = [&](const char* n) { return server::sql_text(q.run("SELECT id FROM accounts WHERE name = ?", {std::string(n)})[0][0]); };
      q.run("INSERT INTO swiss_pairings VALUES (?, 0, 0, ?, ?, 'storedarena1', 0)", {id, acc("alice"), acc("dave")});
    });
  }
  srv = start_test_server(arena_options((dir.path() / "games.db").string()));
  ASSERT_TRUE(srv);
  port = srv->port();
  clock.advance(3600000);
  const auto games = wait_paired(port, id, {"alice", "bob", "carol", "dave"});
  EXPECT_EQ(games.at("alice"), "storedarena1");
  EXPECT_EQ(games.at("dave"), "storedarena1");
  EXPECT_EQ(games.at("bob"), games.at("carol"));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // the director ticks on
  const json a = arena(port, id);
  EXPECT_EQ(a["pairings"].size(), 2u) << "each player paired once: " << a["pairings"].dump();
  const json view = http_request(port, verb::get, "/api/games/storedarena1").body;
  EXPECT_EQ(view["state"]["seats"]["white"]["name"], "alice");
  EXPECT_EQ(view["tournament"], id);
}

TEST_F(ArenaTest, TwoServersOnOnePostgresPairEachPlayerOnceAndShowOneStandings) {
  std::unique_ptr<server::Server> a, b;
  if (!two_pg_servers(a, b)) return;
  const std::vector<std::string> names = {"ann", "ben", "cid", "dot", "eve", "fay", "gus", "hal"};
  for (int i = 0; i < 8; ++i) sessions[names[i]] = account(i % 2 ? b->port() : a->port(), names[i]);
  const std::string id = create(a->port(), sessions["ann"]);
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(post(i % 2 ? b->port() : a->port(), "/api/tournaments/" + id + "/join", sessions[names[i]]), 200);
  auto first = wait_paired(b->port(), id, {names.begin(), names.end()});
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // both servers' directors tick on
  const json on_a = arena(a->port(), id), on_b = arena(b->port(), id);
  EXPECT_EQ(on_a["pairings"].size(), 4u) << "each player paired once: " << on_a["pairings"].dump();
  EXPECT_EQ(on_a["standings"], on_b["standings"]);
  std::map<std::string, int> games_of;
  for (const json& p : on_a["pairings"]) ++games_of[p["white"]], ++games_of[p["black"]];
  for (const auto& n : names) EXPECT_EQ(games_of[n], 1) << n;

  // The server that holds the lease goes: the other pairs the next games (the last two to
  // finish, who may only meet again, once they have waited for someone else to be free).
  for (const json& p : on_a["pairings"]) resign(b->port(), p["black"], p["game"]);
  a.reset();
  clock.advance(server::kArenaRematchWaitMs);
  auto second = wait_paired(b->port(), id, {names.begin(), names.end()}, first);
  const json last = arena(b->port(), id);
  EXPECT_EQ(last["pairings"].size(), 8u);
  EXPECT_EQ(reported(last), recompute(b->port(), last));
}

}  // namespace
}  // namespace yinsh::test
