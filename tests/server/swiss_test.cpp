// Swiss events on the server (docs/api.md 2.7, docs/tournaments.md "Swiss on the server"):
// every active player is paired each round (one bye when their number is odd, never twice),
// nobody meets the same opponent twice, a round begins once the last has ended and a pause
// has passed (a correspondence event: not before its scheduled day), a withdrawn player is not
// paired again, a round stored but not made by a server that stopped is made after the
// restart, and the event finishes after its last round. The table's points, Buchholz and
// Sonneborn-Berger are checked against a recomputation written here from the games' stored
// results and the byes seen. Entry codes and rating ranges keep out whom they should.
#include <array>
#include <map>
#include <set>

#include "server/store/store.h"
#include "tournament_helpers.h"

namespace yinsh::test {
namespace {

class SwissTest : public ArenaTest {
 protected:
  void SetUp() override {
    ArenaTest::SetUp();
    sessions["erin"] = account(port, "erin");
  }
  // `creator` makes a Swiss event of 3+2 (or `clock`) starting now; its id.
  std::string create_swiss(uint16_t at, const std::string& creator, int rounds, json extra = json::object()) {
    json body = {{"kind", "swiss"},  {"name", "Test Swiss"}, {"clock", {{"base_ms", 180000}, {"increment_ms", 2000}}},
                 {"rounds", rounds}, {"starts_in_s", 0}};
    body.update(extra);
    auto r = http_request(at, verb::post, "/api/tournaments", body.dump(), cookie(creator));
    EXPECT_EQ(r.status, 201) << r.text;
    EXPECT_EQ(r.body["kind"], "swiss");
    return r.body.value("id", "");
  }
  // Waits until round `round` is paired; its boards.
  json wait_round(uint16_t at, const std::string& id, int round) {
    json s;
    EXPECT_TRUE(eventually([&] {
      s = arena(at, id);
      if (s["round"] != round) return false;
      for (const json& b : s["pairings"])  // every game made and stored
        if (!b["bye"].get<bool>() && b["status"] != "active") return false;
      return true;
    })) << s.dump();
    return s["pairings"];
  }
  // Ends every game of `boards`: board 1's Black resigns, the others' White.
  void finish(uint16_t at, const json& boards) {
    for (const json& b : boards)
      if (!b["bye"].get<bool>()) resign(at, b["board"] == 1 ? b["black"] : b["white"], b["game"]);
  }
  // Points x 2, Buchholz x 2 and Sonneborn-Berger x 4 of every player, recomputed from the
  // games' stored results (GET /api/games/<id>) and the byes of `rounds`.
  std::map<std::string, std::array<int, 3>> recompute(uint16_t at, const std::vector<json>& rounds) {
    std::map<std::string, int> points;
    std::map<std::string, std::vector<std::pair<std::string, int>>> met;  // opponent, own points x 2
    for (const json& boards : rounds)
      for (const json& b : boards) {
        if (b["bye"].get<bool>()) {
          points[b["white"]] += 2;
          continue;
        }
        const json st = http_request(at, verb::get, "/api/games/" + b["game"].get<std::string>()).body["state"];
        const std::string score = st["result"]["score"], w = st["seats"]["white"]["name"], k = st["seats"]["black"]["name"];
        const int wp = score == "1-0" ? 2 : score == "1/2-1/2" ? 1 : 0;
        points[w] += wp, points[k] += 2 - wp;
        met[w].emplace_back(k, wp), met[k].emplace_back(w, 2 - wp);
      }
    std::map<std::string, std::array<int, 3>> out;
    for (const auto& [name, p] : points) out[name] = {p, 0, 0};
    for (const auto& [name, games] : met)
      for (const auto& [opponent, own] : games) {
        out[name][1] += points[opponent];
        out[name][2] += own * points[opponent];  // a win 2 x theirs, a draw 1 x theirs (x 4 in all)
      }
    std::erase_if(out, [](const auto& e) { return e.second[0] == 0 && e.second[1] == 0; });  // as reported() lists
    return out;
  }
  std::map<std::string, std::array<int, 3>> reported(const json& s) {
    std::map<std::string, std::array<int, 3>> out;
    for (const json& r : s["standings"])
      if (r["points"].get<double>() > 0 || r["buchholz"].get<double>() > 0)
        out[r["name"]] = {int(r["points"].get<double>() * 2), int(r["buchholz"].get<double>() * 2),
                          int(r["sonneborn_berger"].get<double>() * 4)};
    return out;
  }
  static std::set<std::set<std::string>> pairs_of(const json& boards) {
    std::set<std::set<std::string>> out;
    for (const json& b : boards)
      if (!b["bye"].get<bool>()) out.insert({b["white"].get<std::string>(), b["black"].get<std::string>()});
    return out;
  }
  static std::string bye_of(const json& boards) {
    for (const json& b : boards)
      if (b["bye"].get<bool>()) return b["white"];
    return "";
  }
};

TEST_F(SwissTest, RoundsArePairedOneAfterTheOtherAndTheTableComesFromTheGames) {
  const std::string id = create_swiss(port, sessions["alice"], 3, {{"starts_in_s", 60}});
  ASSERT_FALSE(id.empty());
  for (const auto& [name, session] : sessions) EXPECT_EQ(post(port, "/api/tournaments/" + id + "/join", session), 200);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_EQ(arena(port, id)["round"], 0) << "nothing paired before the start";
  clock.advance(60000);
  std::vector<json> rounds;

  // Round 1: five players, two boards and a bye; every game the event's, rated, begun.
  rounds.push_back(wait_round(port, id, 1));
  ASSERT_EQ(rounds[0].size(), 3u) << rounds[0].dump();
  const std::string bye1 = bye_of(rounds[0]);
  ASSERT_FALSE(bye1.empty());
  for (const json& b : rounds[0]) {
    if (b["bye"].get<bool>()) continue;
    const json view = http_request(port, verb::get, "/api/games/" + b["game"].get<std::string>()).body;
    EXPECT_EQ(view["tournament"], id);
    EXPECT_TRUE(view["rated"].get<bool>());
    EXPECT_EQ(view["state"]["seats"]["white"]["name"], b["white"]);
  }
  EXPECT_EQ(arena(port, id, sessions[bye1])["me"], (json{{"joined", true}, {"active", true}, {"game", nullptr}}));
  EXPECT_EQ(post(port, "/api/tournaments/" + id + "/berserk", sessions[rounds[0][0]["white"]], {{"game", rounds[0][0]["game"]}}),
            409)
      << "no berserk in a Swiss event";

  // The round ends: the next waits for the pause after the last game, then is paired.
  finish(port, rounds[0]);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // ten ticks of the director
  json s = arena(port, id);
  EXPECT_EQ(s["round"], 1) << "the pause after a round";
  ASSERT_TRUE(s["next_round_at"].is_number()) << s.dump();
  EXPECT_GT(s["next_round_at"].get<int64_t>(), s["now"].get<int64_t>());
  EXPECT_EQ(reported(s), recompute(port, rounds));
  clock.advance(10001);
  rounds.push_back(wait_round(port, id, 2));
  ASSERT_EQ(rounds[1].size(), 3u);
  for (const auto& p : pairs_of(rounds[1])) EXPECT_FALSE(pairs_of(rounds[0]).count(p)) << "a rematch";
  EXPECT_NE(bye_of(rounds[1]), bye1) << "a second bye";

  // A restart in the middle of round 2: the same table and boards.
  const json before = arena(port, id);
  srv.reset();
  srv = start_test_server(arena_options((dir.path() / "games.db").string()));
  ASSERT_TRUE(srv);
  port = srv->port();
  s = arena(port, id);
  EXPECT_EQ(s["standings"], before["standings"]);
  EXPECT_EQ(s["pairings"], before["pairings"]);

  // Dave withdraws: his game of round 2 counts, and round 3 goes on without him.
  const std::string leaver = bye_of(rounds[1]) == "dave" ? "carol" : "dave";
  EXPECT_EQ(post(port, "/api/tournaments/" + id + "/withdraw", sessions[leaver]), 200);
  finish(port, rounds[1]);
  clock.advance(10001);
  rounds.push_back(wait_round(port, id, 3));
  ASSERT_EQ(rounds[2].size(), 2u) << "four players left: two boards, no bye";
  for (const json& b : rounds[2]) EXPECT_TRUE(b["white"] != leaver && b["black"] != leaver);
  std::set<std::set<std::string>> met;
  for (const auto& r : rounds)
    for (const auto& p : pairs_of(r)) EXPECT_TRUE(met.insert(p).second) << "a rematch in round 3";

  // The last round ends: the event finishes at once, and takes nobody more.
  finish(port, rounds[2]);
  EXPECT_TRUE(eventually([&] { return arena(port, id)["status"] == "finished"; })) << arena(port, id).dump();
  s = arena(port, id);
  EXPECT_EQ(s["round"], 3);
  EXPECT_TRUE(s["ends_at"].is_number());
  EXPECT_EQ(reported(s), recompute(port, rounds));
  for (size_t i = 1; i < s["standings"].size(); ++i)
    EXPECT_GE(s["standings"][i - 1]["points"].get<double>(), s["standings"][i]["points"].get<double>());
  EXPECT_EQ(s["standings"][0]["rounds"].size(), 3u);
  EXPECT_EQ(post(port, "/api/tournaments/" + id + "/join", sessions["alice"]), 409);
  const std::string winner = s["standings"][0]["name"];
  const json mine = http_request(port, verb::get, "/api/tournaments?player=" + winner).body;
  ASSERT_EQ(mine["tournaments"].size(), 1u);
  EXPECT_EQ(mine["tournaments"][0]["result"]["rank"], 1);
  EXPECT_EQ(mine["tournaments"][0]["result"]["points"], s["standings"][0]["points"]);
}

// A correspondence Swiss plays one round per `round_days`: round 2 waits for its day even when
// round 1 is over long before.
TEST_F(SwissTest, ACorrespondenceSwissBeginsEachRoundOnItsDay) {
  const std::string id =
      create_swiss(port, sessions["alice"], 2, {{"clock", {{"days", 1}}}, {"round_days", 3}});
  for (const char* name : {"alice", "bob"}) EXPECT_EQ(post(port, "/api/tournaments/" + id + "/join", sessions[name]), 200);
  const json r1 = wait_round(port, id, 1);
  ASSERT_EQ(r1.size(), 1u);
  const json view = http_request(port, verb::get, "/api/games/" + r1[0]["game"].get<std::string>()).body;
  EXPECT_EQ(view["clock"], (json{{"days", 1}}));
  finish(port, r1);
  clock.advance(60000);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const json s = arena(port, id);
  EXPECT_EQ(s["round"], 1);
  EXPECT_EQ(s["next_round_at"], s["starts_at"].get<int64_t>() + 3 * 86400000LL);
  clock.advance(3 * 86400000LL);
  const json r2 = wait_round(port, id, 2);
  ASSERT_EQ(r2.size(), 1u);
  EXPECT_EQ(r2[0]["white"], r1[0]["black"]) << "colours alternate";
}

// A round stored as paired, whose games a stopped server never made, is made after the
// restart with the stored ids; a server that stops mid-round does not pair it again.
TEST_F(SwissTest, ARoundStoredButNotMadeIsMadeAfterARestart) {
  const std::string id = create_swiss(port, sessions["alice"], 2, {{"starts_in_s", 3600}});
  for (const char* name : {"alice", "bob", "carol", "dave"})
    EXPECT_EQ(post(port, "/api/tournaments/" + id + "/join", sessions[name]), 200);
  srv.reset();
  {  // round 1 as a server would have stored it before stopping
    std::string error;
    auto store = server::open_store((dir.path() / "games.db").string(), &error);
    ASSERT_TRUE(store) << error;
    store->transact([&](server::Sql& q) {
      auto acc = [&](const char* n) { return server::sql_text(q.run("SELECT id FROM accounts WHERE name = ?", {std::string(n)})[0][0]); };
      q.run("INSERT INTO swiss_pairings VALUES (?, 1, 0, ?, ?, 'storedgame01', 0), (?, 1, 1, ?, ?, 'storedgame02', 0)",
            {id, acc("alice"), acc("dave"), id, acc("carol"), acc("bob")});
    });
  }
  srv = start_test_server(arena_options((dir.path() / "games.db").string()));
  ASSERT_TRUE(srv);
  port = srv->port();
  clock.advance(3600000);
  const json r1 = wait_round(port, id, 1);
  ASSERT_EQ(r1.size(), 2u);
  EXPECT_EQ(r1[0]["game"], "storedgame01");
  EXPECT_EQ(r1[0]["white"], "alice");
  EXPECT_EQ(r1[0]["black"], "dave");
  const json view = http_request(port, verb::get, "/api/games/storedgame02").body;
  EXPECT_EQ(view["state"]["seats"]["white"]["name"], "carol");
  EXPECT_EQ(view["tournament"], id);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(http_request(port, verb::get, "/api/tournaments/" + id + "/games").body["games"].size(), 2u)
      << "each board made once";
}

TEST_F(SwissTest, EntryConditionsAndBadRequestsChangeNothing) {
  for (const json& bad : {json{{"kind", "knockout"}}, json{{"rounds", 1}}, json{{"rounds", "5"}}, json{{"minutes", 30}},
                          json{{"round_days", 2}}, json{{"clock", {{"days", 4}}}}, json{{"min_rating", 1800}, {"max_rating", 1600}},
                          json{{"entry_code", ""}}, json{{"entry_code", 7}}}) {
    json body = {{"kind", "swiss"}, {"name", "Bad"}, {"clock", {{"base_ms", 180000}, {"increment_ms", 0}}}, {"rounds", 3},
                 {"starts_in_s", 0}};
    body.update(bad);
    EXPECT_EQ(http_request(port, verb::post, "/api/tournaments", body.dump(), cookie(sessions["bob"])).status, 400) << bad;
  }
  EXPECT_EQ(http_request(port, verb::get, "/api/tournaments").body["tournaments"].size(), 0u);

  // An entry code: asked of newcomers only; never shown.
  const std::string id = create_swiss(port, sessions["alice"], 3, {{"entry_code", "club night"}, {"starts_in_s", 600}});
  const json summary = arena(port, id);
  EXPECT_EQ(summary["entry_code"], true);
  EXPECT_EQ(summary.dump().find("club night"), std::string::npos);
  const std::string join = "/api/tournaments/" + id + "/join";
  EXPECT_EQ(post(port, join, sessions["bob"]), 403);
  EXPECT_EQ(post(port, join, sessions["bob"], {{"entry_code", "club day"}}), 403);
  EXPECT_EQ(http_request(port, verb::post, join, "[1]", cookie(sessions["bob"])).status, 400);
  EXPECT_EQ(arena(port, id)["players"], 0);
  EXPECT_EQ(post(port, join, sessions["bob"], {{"entry_code", "club night"}}), 200);
  EXPECT_EQ(post(port, "/api/tournaments/" + id + "/withdraw", sessions["bob"]), 200);
  EXPECT_EQ(post(port, join, sessions["bob"]), 200) << "coming back needs no code";

  // A rating range: a new account (1500) is below 1600.
  const std::string ranged =
      create_swiss(port, sessions["carol"], 3, {{"min_rating", 1600}, {"starts_in_s", 600}});
  auto r = http_request(port, verb::post, "/api/tournaments/" + ranged + "/join", "{}", cookie(sessions["dave"]));
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(r.body["error"]["code"], "rating_out_of_range") << r.text;
  EXPECT_EQ(arena(port, ranged)["players"], 0);
}

TEST_F(SwissTest, TwoServersOnOnePostgresPairEachRoundOnce) {
  std::unique_ptr<server::Server> a, b;
  if (!two_pg_servers(a, b)) return;
  const std::vector<std::string> names = {"ann", "ben", "cid", "dot", "eve", "fay"};
  for (size_t i = 0; i < names.size(); ++i) sessions[names[i]] = account(i % 2 ? b->port() : a->port(), names[i]);
  const std::string id = create_swiss(a->port(), sessions["ann"], 2, {{"starts_in_s", 60}});
  for (size_t i = 0; i < names.size(); ++i)
    EXPECT_EQ(post(i % 2 ? b->port() : a->port(), "/api/tournaments/" + id + "/join", sessions[names[i]]), 200);
  clock.advance(60000);
  const json r1 = wait_round(b->port(), id, 1);
  EXPECT_EQ(r1.size(), 3u);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // both directors tick on
  EXPECT_EQ(arena(a->port(), id)["standings"], arena(b->port(), id)["standings"]);
  // The chat is the site's: a line written on one server is read on the other.
  EXPECT_EQ(http_request(a->port(), verb::post, "/api/tournaments/" + id + "/chat", R"({"text":"gl"})", cookie(sessions["ann"]))
                .status,
            201);
  EXPECT_EQ(http_request(b->port(), verb::get, "/api/tournaments/" + id + "/chat").body["lines"][0]["text"], "gl");
  finish(b->port(), r1);
  clock.advance(10001);
  const json r2 = wait_round(a->port(), id, 2);
  EXPECT_EQ(r2.size(), 3u);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(http_request(a->port(), verb::get, "/api/tournaments/" + id + "/games").body["games"].size(), 6u)
      << "each board of each round made once";
  EXPECT_EQ(arena(a->port(), id)["standings"], arena(b->port(), id)["standings"]);
}

}  // namespace
}  // namespace yinsh::test
