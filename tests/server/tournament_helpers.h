// The fixture of the tournament tests (arena_test.cpp, swiss_test.cpp): servers in this process
// on a ManualClock with a fast pairing tick, four accounts, and the calls the tests make of the
// tournaments API and of the games they pair.
#pragma once

#include <map>
#include <set>
#include <string>

#include "core/movegen.h"
#include "core/notation.h"
#include "correspondence_helpers.h"

namespace yinsh::test {

// A legal first decision (a ring placed), from the rules core.
inline std::string legal_first() {
  MoveList list;
  generate(Game().position(), list);
  return to_string(list[0]);
}

class ArenaTest : public CorrespondenceServerTest {
 protected:
  server::ServerOptions arena_options(const std::string& db = "") {
    auto o = options(db);
    o.arenas.tick_ms = 20;
    o.arenas.lease_ms = 5000;  // longer than a game takes to be made on a loaded machine
    return o;
  }
  void SetUp() override {
    srv = start_test_server(arena_options());
    ASSERT_TRUE(srv);
    port = srv->port();
    for (const char* name : {"alice", "bob", "carol", "dave"}) sessions[name] = account(port, name);
  }

  // Replaces the server by two on a new PostgreSQL database: false when PostgreSQL is not
  // available (the test is skipped) or a server did not start.
  bool two_pg_servers(std::unique_ptr<server::Server>& a, std::unique_ptr<server::Server>& b) {
    std::string db;
    new_pg_database(db);
    if (IsSkipped() || HasFatalFailure()) return false;
    srv.reset();
    a = start_test_server(arena_options(db));
    b = start_test_server(arena_options(db));
    EXPECT_TRUE(a && b);
    return a && b;
  }

  // Alice creates an arena of 3+2 that starts now for `minutes`; its id.
  std::string create(uint16_t at, const std::string& creator, int minutes = 60) {
    const json body = {{"name", "Test arena"}, {"variant", "normal"}, {"clock", {{"base_ms", 180000}, {"increment_ms", 2000}}},
                       {"minutes", minutes}, {"starts_in_s", 0}, {"rated", true}};
    auto r = http_request(at, verb::post, "/api/tournaments", body.dump(), cookie(creator));
    EXPECT_EQ(r.status, 201) << r.text;
    EXPECT_EQ(r.body["status"], "running");
    return r.body.value("id", "");
  }
  json arena(uint16_t at, const std::string& id, const std::string& session = "") {
    auto r = http_request(at, verb::get, "/api/tournaments/" + id, "", session.empty() ? Headers{} : cookie(session));
    EXPECT_EQ(r.status, 200) << r.text;
    return r.body;
  }
  int post(uint16_t at, const std::string& path, const std::string& session, const json& body = json::object()) {
    return http_request(at, verb::post, path, body.dump(), cookie(session)).status;
  }
  // Each player's game in play, from the standings; empty when somebody who should play does not.
  std::map<std::string, std::string> playing(const json& a) {
    std::map<std::string, std::string> out;
    for (const json& s : a["standings"])
      if (!s["playing"].is_null()) out[s["name"]] = s["playing"];
    return out;
  }
  // Waits until each of `names` is in a game in play (a new one when `after` held them).
  std::map<std::string, std::string> wait_paired(uint16_t at, const std::string& id, const std::set<std::string>& names,
                                                 const std::map<std::string, std::string>& after = {}) {
    std::map<std::string, std::string> now;
    EXPECT_TRUE(eventually([&] {
      now = playing(arena(at, id));
      for (const auto& n : names) {
        if (!now.count(n)) return false;
        if (after.count(n) && after.at(n) == now.at(n)) return false;
      }
      return true;
    })) << arena(at, id).dump();
    return now;
  }
  // `name` resigns game `game` (its seat token from the account's games).
  void resign(uint16_t at, const std::string& name, const std::string& game) {
    const json mine = http_request(at, verb::get, "/api/account/games", "", cookie(sessions[name])).body;
    std::string token;
    for (const json& g : mine["games"])
      if (g["id"] == game) token = g["seat_token"];
    ASSERT_FALSE(token.empty()) << name << " holds no seat of " << game << ": " << mine.dump();
    Follower f(at, game, token);
    if (f.state["status"] != "active") return;  // over already (its clock ran out)
    f.ws.send({{"type", "resign"}});
    ASSERT_TRUE(f.wait_event("game_over")) << name;
  }
  // The points of every player recomputed here from the games' stored results (GET
  // /api/games/<id>) by docs/tournaments.md: 2 a win, 1 a draw; after two wins in a row,
  // double until a game that is not a win; berserk +1 on a win of 14 own decisions. A player's
  // games never overlap, so the order they were paired in (pairings, newest first) is the
  // order they ended in.
  std::map<std::string, int> recompute(uint16_t at, const json& a) {
    struct Ended {
      std::string white, black, score;
      int ply;
      bool wb, bb;
    };
    std::vector<Ended> ended;
    for (auto it = a["pairings"].rbegin(); it != a["pairings"].rend(); ++it) {
      const json g = http_request(at, verb::get, "/api/games/" + (*it)["game"].get<std::string>()).body;
      const json& st = g["state"];
      if (st["status"] != "over") continue;
      const json berserk = st["clocks"].value("berserk", json{{"white", false}, {"black", false}});
      ended.push_back({st["seats"]["white"]["name"], st["seats"]["black"]["name"], st["result"]["score"],
                       st["ply"].get<int>(), berserk["white"].get<bool>(), berserk["black"].get<bool>()});
    }
    std::map<std::string, int> points, streak;
    for (const json& s : a["standings"]) points[s["name"]] = 0;
    for (const auto& e : ended) {
      for (bool white : {true, false}) {
        const std::string& me = white ? e.white : e.black;
        const bool win = e.score == (white ? "1-0" : "0-1"), draw = e.score == "1/2-1/2";
        const bool fire = streak[me] >= 2;
        int p = win ? 2 : draw ? 1 : 0;
        if (fire) p *= 2;
        const int own = white ? (e.ply + 1) / 2 : e.ply / 2;
        if (win && (white ? e.wb : e.bb) && own >= 14) p += 1;
        points[me] += p;
        streak[me] = win ? streak[me] + 1 : 0;
      }
    }
    return points;
  }
  std::map<std::string, int> reported(const json& a) {
    std::map<std::string, int> out;
    for (const json& s : a["standings"]) out[s["name"]] = s["points"];
    return out;
  }

  std::map<std::string, std::string> sessions;
};

}  // namespace yinsh::test
