// Correspondence games (docs/api.md "Correspondence", docs/server.md "The deadline sweep"):
// days per move, a deadline reset by every decision and kept in the store, the sweep that ends
// games on time with no connection open, after a restart and on two servers sharing one
// PostgreSQL database (each game exactly once), the cap per account, and the list of an
// account's games. Time is a ManualClock the test moves forward: nothing sleeps for days.
#include <random>

#include "correspondence_helpers.h"

namespace yinsh::test {
namespace {

constexpr int64_t kDay = 24LL * 3600 * 1000;

class CorrespondenceTest : public CorrespondenceServerTest {
 protected:
  // Alice (White) makes a rated game of `days` per move, Bob joins, both start; with `moves`,
  // each side then makes one decision (so that a timeout is a loss, not an abort).
  Played play(uint16_t at, int days, bool moves, std::mt19937& rng) {
    Played p = seat_both(at, {{"clock", {{"days", days}}}, {"rated", true}});
    if (p.id.empty()) return p;
    EXPECT_EQ(p.created["snapshot"]["clock"], (json{{"days", days}}));
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
  auto& pg = PgCluster::instance();
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
  ASSERT_TRUE(pg.sql(db, "SELECT COUNT(*) FROM events WHERE body LIKE '%\"game_over\"%'", &out));
  EXPECT_EQ(std::stoi(out), 50) << "one game_over per game";
  ASSERT_TRUE(pg.sql(db, "SELECT COUNT(*) FROM rating_history WHERE category='correspondence'", &out));
  EXPECT_EQ(std::stoi(out), 100) << "one rating row per game and account";
  const json profile = http_request(b->port(), verb::get, "/api/players/alice").body;
  ASSERT_EQ(profile["ratings"].size(), 1u) << profile.dump();
  EXPECT_EQ(profile["ratings"][0]["games"], 50);
  EXPECT_EQ(profile["ratings"][0]["losses"], 50);
}

}  // namespace
}  // namespace yinsh::test
