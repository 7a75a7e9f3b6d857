// Correspondence games (docs/api.md "Correspondence", docs/server.md "The deadline sweep"):
// days per move, a deadline reset by every decision and kept in the store, the sweep that ends
// games on time with no connection open, after a restart and on two servers sharing one
// PostgreSQL database (each game exactly once), the cap per account, and the list of an
// account's games. Time is a ManualClock the test moves forward: nothing sleeps for days.
#include <chrono>
#include <iostream>
#include <random>

#include "correspondence_helpers.h"

namespace yinsh::test {
namespace {

constexpr int64_t kDay = 24LL * 3600 * 1000;

class CorrespondenceTest : public CorrespondenceServerTest {
 protected:
  // Alice (White) makes a rated game of `days` per move, Bob joins, both start; with `moves`,
  // each side then makes one decision (so that a timeout is a loss, not an abort).
  // `clock`: another clock instead (days are then ignored).
  Played play(uint16_t at, int days, bool moves, std::mt19937& rng, json clock = nullptr) {
    if (clock.is_null()) clock = {{"days", days}};
    Played p = seat_both(at, {{"clock", clock}, {"rated", true}});
    if (p.id.empty()) return p;
    EXPECT_EQ(p.created["snapshot"]["clock"], clock);
    if (moves) play_random(*p.white, *p.black, {p.white.get(), p.black.get()}, rng, 2);
    return p;
  }
  json games_of(const std::string& session, uint16_t at = 0) {
    auto r = http_request(at ? at : port, verb::get, "/api/account/games", "", cookie(session));
    EXPECT_EQ(r.status, 200) << r.text;
    return r.body;
  }
  // The game's row in the store's list (read from the store: it loads no game into memory).
  json stored(const std::string& id, uint16_t at = 0) {
    const json list = http_request(at ? at : port, verb::get, "/api/games?limit=200").body;
    for (const json& g : list["games"])
      if (g["id"] == id) return g;
    return nullptr;
  }
};

TEST_F(CorrespondenceTest, DaysPerMoveAreADeadlineThatEachDecisionResets) {
  std::mt19937 rng(1);
  Played p = play(port, 2, false, rng);
  EXPECT_GT(p.white->state["clocks"]["white_ms"].get<int64_t>(), 2 * kDay - 60000);
  json mine = games_of(alice)["games"];
  ASSERT_EQ(mine.size(), 1u);
  EXPECT_TRUE(mine[0]["your_turn"].get<bool>());
  EXPECT_EQ(mine[0]["time_control"], (json{{"days", 2}}));
  EXPECT_EQ(mine[0]["opponent"]["name"], "bob");
  EXPECT_EQ(mine[0]["opponent"]["rating"], 1500);
  EXPECT_FALSE(mine[0]["seat_token"].get<std::string>().empty());
  const int64_t first = mine[0]["deadline"];
  EXPECT_LE(first, clock.now() + 2 * kDay);
  EXPECT_GT(first, clock.now() + 2 * kDay - 60000);

  clock.advance(kDay + 1000);  // White thinks a day, then decides: Black has 2 days from now
  play_random(*p.white, *p.black, {p.white.get(), p.black.get()}, rng, 1);
  json theirs = games_of(bob)["games"];
  ASSERT_EQ(theirs.size(), 1u);
  EXPECT_TRUE(theirs[0]["your_turn"].get<bool>());
  EXPECT_FALSE(games_of(alice)["games"][0]["your_turn"].get<bool>());
  const int64_t second = theirs[0]["deadline"];
  EXPECT_GE(second, first + kDay) << "the deadline is reset by the decision, not carried over";
  EXPECT_LE(second, clock.now() + 2 * kDay);
  EXPECT_EQ(stored(p.id)["status"], "active");
}

TEST_F(CorrespondenceTest, TheSweepEndsTheGameOnTimeWithNoConnectionOpen) {
  std::mt19937 rng(2);
  Played p = play(port, 1, true, rng);  // White, then Black decided: White is to move
  p.white.reset();
  p.black.reset();
  clock.advance(kDay - 60000);
  EXPECT_EQ(stored(p.id)["status"], "active") << "a minute before the deadline";
  clock.advance(61000);
  ASSERT_TRUE(eventually([&] { return stored(p.id)["status"] == "over"; })) << stored(p.id).dump();
  const json g = stored(p.id);
  EXPECT_EQ(g["result"]["reason"], "timeout");
  EXPECT_EQ(g["result"]["winner"], "black");
  auto profile = http_request(port, verb::get, "/api/players/bob").body;
  ASSERT_EQ(profile["ratings"].size(), 1u) << profile.dump();
  EXPECT_EQ(profile["ratings"][0]["category"], "correspondence");
  EXPECT_EQ(profile["ratings"][0]["wins"], 1);
  EXPECT_TRUE(games_of(alice)["games"].empty());
}

TEST_F(CorrespondenceTest, AGameItsPlayerToMoveNeverPlayedIsAborted) {
  std::mt19937 rng(3);
  Played p = play(port, 1, false, rng);
  p.white.reset();
  p.black.reset();
  clock.advance(kDay + 1);
  ASSERT_TRUE(eventually([&] { return stored(p.id)["status"] == "aborted"; })) << stored(p.id).dump();
  EXPECT_EQ(stored(p.id)["result"]["reason"], "expired");
  EXPECT_TRUE(http_request(port, verb::get, "/api/players/alice").body["ratings"].empty()) << "no rating moves";
}

TEST_F(CorrespondenceTest, AfterARestartOnTheSameDatabaseTheSweepStillDecides) {
  std::mt19937 rng(4);
  const std::string id = play(port, 3, true, rng).id;
  srv.reset();  // the connections close with it
  clock.advance(3 * kDay + 1);
  srv = start_test_server(options());
  ASSERT_TRUE(srv);
  port = srv->port();
  ASSERT_TRUE(eventually([&] { return stored(id)["status"] == "over"; })) << stored(id).dump();
  EXPECT_EQ(stored(id)["result"]["reason"], "timeout");
}

TEST_F(CorrespondenceTest, AnAccountHoldsAtMost50OngoingCorrespondenceGames) {
  const std::string body = json{{"clock", {{"days", 3}}}}.dump();
  for (int i = 0; i < 50; ++i) ASSERT_EQ(http_request(port, verb::post, "/api/games", body, cookie(alice)).status, 201) << i;
  auto r = http_request(port, verb::post, "/api/games", body, cookie(alice));
  EXPECT_EQ(r.status, 429) << r.text;
  EXPECT_EQ(r.body["error"]["code"], "too_many_games");
  EXPECT_EQ(r.body["error"]["params"]["max"], 50);
  auto bobs = http_request(port, verb::post, "/api/games", body, cookie(bob));
  ASSERT_EQ(bobs.status, 201) << bobs.text;
  auto join = http_request(port, verb::post, "/api/games/" + bobs.body["game"].get<std::string>() + "/join", "{}",
                           cookie(alice));
  EXPECT_EQ(join.status, 429) << "joining counts too: " << join.text;
  EXPECT_EQ(join.body["error"]["code"], "too_many_games");
  EXPECT_EQ(http_request(port, verb::post, "/api/games", json{{"clock", {{"days", 4}}}}.dump(), cookie(alice)).status, 400)
      << "4 days is no time control";
  EXPECT_EQ(http_request(port, verb::post, "/api/games", "{}", cookie(alice)).status, 201) << "real-time games are not capped";
  EXPECT_EQ(http_request(port, verb::post, "/api/games", body, cookie(bob)).status, 201) << "the cap is per account";
}

TEST_F(CorrespondenceTest, TheAccountsGamesListTheirTurnFirstByTimeLeft) {
  std::mt19937 rng(5);
  Played slow = play(port, 14, false, rng);  // Alice to move, 14 days
  Played fast = play(port, 1, false, rng);   // Alice to move, 1 day
  Played waits = play(port, 1, false, rng);  // Alice moves: Bob to move
  play_random(*waits.white, *waits.black, {waits.white.get(), waits.black.get()}, rng, 1);
  const json list = games_of(alice);
  EXPECT_EQ(list["your_turn"], 2);
  std::vector<std::string> order;
  for (const json& g : list["games"]) order.push_back(g["id"]);
  EXPECT_EQ(order, (std::vector<std::string>{fast.id, slow.id, waits.id}));
  EXPECT_EQ(list["games"][2]["color"], "white");
  EXPECT_FALSE(list["games"][2]["your_turn"].get<bool>());
  EXPECT_EQ(games_of(bob)["games"][0]["id"], waits.id);
  // An API token of the account reads the same list; without a session it is refused.
  auto t = http_request(port, verb::post, "/api/account/tokens",
                        json{{"description", "phone"}, {"scopes", {"board:play"}}}.dump(), cookie(alice));
  ASSERT_EQ(t.status, 201) << t.text;
  auto by_token = http_request(port, verb::get, "/api/account/games", "",
                               {{"Authorization", "Bearer " + t.body["token"].value("secret", "")}});
  EXPECT_EQ(by_token.status, 200) << by_token.text;
  EXPECT_EQ(by_token.body["games"].size(), 3u);
  EXPECT_EQ(http_request(port, verb::get, "/api/account/games").status, 401);
}

// Two servers on one PostgreSQL database, one clock: 50 games pass their deadline at once and
// both servers sweep; each game ends once, and its ratings move once.
TEST_F(CorrespondenceTest, TwoServersOnOnePostgresDecideEachOf50ExpiredGamesOnce) {
  std::unique_ptr<server::Server> a, b;
  std::string db;
  two_servers(a, b, db);
  if (IsSkipped() || HasFatalFailure()) return;
  std::mt19937 rng(6);
  std::vector<std::string> ids;
  for (int i = 0; i < 50; ++i) ids.push_back(play(i % 2 ? a->port() : b->port(), 1, true, rng).id);
  clock.advance(kDay + 1);
  auto all_over = [&](uint16_t at) {
    const json list = http_request(at, verb::get, "/api/games?status=active&limit=200").body;
    if (!list.contains("games")) return false;
    for (const json& g : list["games"])
      if (std::find(ids.begin(), ids.end(), g["id"]) != ids.end()) return false;
    return true;
  };
  ASSERT_TRUE(eventually([&] { return all_over(a->port()) && all_over(b->port()); }, 30000));
  std::string out;
  ASSERT_TRUE(PgCluster::instance().sql(db, "SELECT COUNT(*) FROM events WHERE body LIKE '%\"game_over\"%'", &out));
  EXPECT_EQ(std::stoi(out), 50) << "one game_over per game";
  ASSERT_TRUE(PgCluster::instance().sql(db, "SELECT COUNT(*) FROM rating_history WHERE category='correspondence'", &out));
  EXPECT_EQ(std::stoi(out), 100) << "one rating row per game and account";
  const json profile = http_request(b->port(), verb::get, "/api/players/alice").body;
  ASSERT_EQ(profile["ratings"].size(), 1u) << profile.dump();
  EXPECT_EQ(profile["ratings"][0]["games"], 50);
  EXPECT_EQ(profile["ratings"][0]["losses"], 50);
}

// Notices (docs/api.md 3.2, `notice`): the account whose turn it became is told on its open
// connections, not the one that decided; at the end both are, also of a timeout found by the
// sweep with no game open. With two servers on one PostgreSQL database the notice reaches a
// connection on the other server than the move's, once.
// A connection is the account's once the server answered a message of it (here `ping` with no
// game: an error).
void open_surely(WsClient& ws) {
  ws.send({{"type", "ping"}});
  EXPECT_TRUE(ws.recv());
}

TEST_F(CorrespondenceTest, TheAccountToMoveIsToldAndBothAreToldOfTheEnd) {
  std::mt19937 rng(7);
  Played p = play(port, 1, false, rng);
  WsClient alice_bell(port, 0, cookie(alice)), bob_bell(port, 0, cookie(bob));
  for (WsClient* bell : {&alice_bell, &bob_bell}) open_surely(*bell);
  play_random(*p.white, *p.black, {p.white.get(), p.black.get()}, rng, 1);
  auto n = bob_bell.recv_type("notice");
  ASSERT_TRUE(n);
  EXPECT_EQ((*n)["kind"], "your_turn");
  EXPECT_EQ((*n)["game"], p.id);
  EXPECT_EQ((*n)["color"], "black");
  EXPECT_EQ((*n)["opponent"], "alice");
  alice_bell.send({{"type", "ping"}});  // the answer comes after any notice already sent to her
  auto first = alice_bell.recv();
  ASSERT_TRUE(first);
  EXPECT_EQ((*first)["type"], "error") << "no notice to the one who decided: " << first->dump();
  play_random(*p.white, *p.black, {p.white.get(), p.black.get()}, rng, 1);
  ASSERT_TRUE(alice_bell.recv_type("notice"));
  p.white.reset();
  p.black.reset();
  clock.advance(kDay + 1000);  // Alice (White) to move runs out
  auto a = alice_bell.recv_type("notice"), b = bob_bell.recv_type("notice");
  ASSERT_TRUE(a && b);
  EXPECT_EQ((*a)["kind"], "game_over");
  EXPECT_EQ((*a)["outcome"], "lost");
  EXPECT_EQ((*a)["reason"], "timeout");
  EXPECT_EQ((*b)["outcome"], "won");
  EXPECT_EQ((*b)["opponent"], "alice");
}

TEST_F(CorrespondenceTest, InAGameOnTheClockOnlyTheEndIsTold) {
  std::mt19937 rng(9);
  Played p = play(port, 0, false, rng, {{"base_ms", 300000}, {"increment_ms", 0}});
  WsClient bob_bell(port, 0, cookie(bob));
  open_surely(bob_bell);
  play_random(*p.white, *p.black, {p.white.get(), p.black.get()}, rng, 1);
  p.white->ws.send({{"type", "resign"}});
  auto n = bob_bell.recv_type("notice");
  ASSERT_TRUE(n);
  EXPECT_EQ((*n)["kind"], "game_over") << "no your_turn before it";
  EXPECT_EQ((*n)["outcome"], "won");
  EXPECT_EQ((*n)["reason"], "resign");
}

TEST_F(CorrespondenceTest, ANoticeCrossesToTheServerWhereTheAccountIsConnected) {
  std::unique_ptr<server::Server> a, b;
  std::string db;
  two_servers(a, b, db);
  if (IsSkipped() || HasFatalFailure()) return;
  std::mt19937 rng(8);
  Played p = play(a->port(), 1, false, rng);  // both play on server a
  WsClient bob_bell(b->port(), 0, cookie(bob));  // Bob's bell is open on server b
  open_surely(bob_bell);
  const auto sent = std::chrono::steady_clock::now();
  play_random(*p.white, *p.black, {p.white.get(), p.black.get()}, rng, 1);
  auto n = bob_bell.recv_type("notice");
  ASSERT_TRUE(n);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - sent).count();
  std::cout << "notice on the other server " << ms << " ms after the decision was sent\n";
  EXPECT_LT(ms, 5000);  // the listener wakes on NOTIFY, else after 1 s (docs/server.md "One site")
  EXPECT_EQ((*n)["kind"], "your_turn");
  EXPECT_EQ((*n)["game"], p.id);
  EXPECT_FALSE(bob_bell.recv_type("notice", 500)) << "once";
}

}  // namespace
}  // namespace yinsh::test

namespace yinsh::test {
namespace {

// A vacation (docs/api.md "Vacation") pauses every correspondence game of the account: the
// deadlines move by its length, the sweep passes the old ones by, ending it early takes back the
// unused days, and the year's 30 days are counted (days begun count whole).
TEST_F(CorrespondenceTest, AVacationPausesTheAccountsGamesWithinItsDaysOfTheYear) {
  std::mt19937 rng(11);
  Played p = play(port, 2, true, rng);  // White, then Black decided: Alice (White) is to move
  Played probe = play(port, 1, true, rng);  // a game the sweep ends, to know that it ran
  const int64_t t0 = clock.now();
  auto vacation = [&](verb v, const json& body = nullptr, const std::string& who = "") {
    return http_request(port, v, "/api/account/vacation", body.is_null() ? "" : body.dump(),
                        cookie(who.empty() ? alice : who));
  };
  auto deadline_of = [&](const std::string& id) -> int64_t {
    const json list = games_of(alice);  // kept: a range over a temporary's member would dangle
    for (const json& g : list["games"])
      if (g["id"] == id && g["deadline"].is_number_integer()) return g["deadline"];
    return -1;
  };
  auto near = [](int64_t a, int64_t b) { return a > b - 2000 && a < b + 2000; };
  EXPECT_EQ(http_request(port, verb::get, "/api/account/vacation").status, 401) << "a guest has none";
  EXPECT_EQ(vacation(verb::post, {{"days", 31}}).status, 400);
  EXPECT_EQ(vacation(verb::post, {{"days", "5"}}).status, 400);
  auto before = vacation(verb::get);
  ASSERT_EQ(before.status, 200) << before.text;
  EXPECT_TRUE(before.body["vacation"].is_null());
  EXPECT_EQ(before.body["days_left"], 30);
  const int64_t d_p = deadline_of(p.id), d_probe = deadline_of(probe.id);

  auto began = vacation(verb::post, {{"days", 5}});
  ASSERT_EQ(began.status, 200) << began.text;
  const int64_t from = began.body["vacation"]["from"], until = began.body["vacation"]["until"];
  EXPECT_GE(from, t0);
  EXPECT_EQ(until, from + 5 * kDay);
  EXPECT_EQ(began.body["days_left"], 25);
  const auto event = p.black->wait_event("vacation");
  ASSERT_TRUE(event);
  EXPECT_EQ((*event)["seat"], "white") << *event;
  EXPECT_EQ((*event)["from"], from) << *event;
  EXPECT_EQ((*event)["state"]["clocks"]["vacation"]["white"], until) << *event;
  // The deadlines move by the vacation's length (less the few ms between the vacation's row
  // and each game's event, during which the clock ran).
  EXPECT_TRUE(eventually([&] { return near(deadline_of(p.id), d_p + 5 * kDay); }))
      << deadline_of(p.id) << " vs " << d_p + 5 * kDay;
  EXPECT_TRUE(eventually([&] { return near(deadline_of(probe.id), d_probe + 5 * kDay); }))
      << "every correspondence game of the account: " << deadline_of(probe.id);
  EXPECT_EQ(vacation(verb::post, {{"days", 1}}).body["error"]["code"], "vacation_refused") << "one at a time";

  // Three days later the old deadlines have passed: the sweep, which ends a game of Carol's
  // (not on vacation) meanwhile, ends neither of Alice's.
  const std::string carol = account(port, "carol");
  auto c = http_request(port, verb::post, "/api/games", json{{"clock", {{"days", 1}}}, {"color", "white"}}.dump(),
                        cookie(carol));
  ASSERT_EQ(c.status, 201) << c.text;
  const std::string carols = c.body["game"];
  auto j = http_request(port, verb::post, "/api/games/" + carols + "/join", "{}", cookie(bob));
  ASSERT_EQ(j.status, 200) << j.text;
  {
    Follower w(port, carols, c.body["token"].get<std::string>()), b(port, carols, j.body["token"].get<std::string>());
    start_game(w, b, {&w, &b});
    play_random(w, b, {&w, &b}, rng, 2);
  }
  clock.advance(3 * kDay);
  ASSERT_TRUE(eventually([&] { return stored(carols)["status"] == "over"; })) << stored(carols).dump();
  EXPECT_EQ(stored(p.id)["status"], "active");
  EXPECT_EQ(stored(probe.id)["status"], "active");

  // Ended early: the two days not used are taken back, and four are counted against the year.
  auto ended = vacation(verb::delete_);
  ASSERT_EQ(ended.status, 200) << ended.text;
  EXPECT_TRUE(ended.body["vacation"].is_null());
  EXPECT_EQ(ended.body["days_left"], 26) << "3 days and some ms: 4 days begun";
  const int64_t paused = clock.now() - from;  // three days, and the test's own time
  ASSERT_TRUE(eventually([&] { return near(deadline_of(p.id), d_p + paused); }))
      << deadline_of(p.id) << " vs " << d_p + paused;
  EXPECT_EQ(vacation(verb::delete_).body["error"]["code"], "no_vacation");
  EXPECT_EQ(vacation(verb::post, {{"days", 27}}).body["error"]["code"], "vacation_refused");
  // Past the moved deadline the game ends on time as any other.
  clock.advance(2 * kDay + 5000);
  ASSERT_TRUE(eventually([&] { return stored(p.id)["status"] == "over"; })) << stored(p.id).dump();
  EXPECT_EQ(stored(p.id)["result"]["reason"], "timeout");
}

}  // namespace
}  // namespace yinsh::test
