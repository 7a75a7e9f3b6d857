// Helpers for the integration tests: a player or spectator connection that follows a game's
// events (checking that versions arrive without gaps) and plays random legal decisions.
#pragma once

#include <gtest/gtest.h>

#include <random>

#include "core/game.h"
#include "core/notation.h"
#include "ws_client.h"

namespace yinsh::test {

struct Follower {
  Follower(uint16_t port, const std::string& game, const std::string& token = "") : ws(port) {
    json hello = {{"type", "hello"}, {"game", game}};
    if (!token.empty()) hello["token"] = token;
    ws.send(hello);
    auto snap = ws.recv_type("snapshot");
    EXPECT_TRUE(snap.has_value());
    if (snap) take_snapshot(*snap);
  }
  void take_snapshot(const json& s) {
    version = s["version"].get<int64_t>();
    role = s["you"]["role"].get<std::string>();
    state = s["game"]["state"];
    decisions = s["game"]["decisions"].get<std::vector<std::string>>();
  }
  // Absorbs one message; false on a version gap or a malformed event.
  bool absorb(const json& m) {
    if (m["type"] == "snapshot") {
      take_snapshot(m);
      return true;
    }
    if (!m.contains("state")) return true;  // private: error, seat, pong, info
    if (m["version"].get<int64_t>() != version + 1) {
      ADD_FAILURE() << role << ": version " << m["version"] << " after " << version;
      return false;
    }
    version = m["version"].get<int64_t>();
    state = m["state"];
    if (m["type"] == "decision") decisions.push_back(m["decision"].get<std::string>());
    if (m["type"] == "undone") decisions.resize(m["ply"].get<size_t>());
    events.push_back(m["type"].get<std::string>());
    return true;
  }
  // Reads until the game's version reaches `v`.
  bool sync_to(int64_t v, int ms = 10000) {
    while (version < v) {
      auto m = ws.recv(ms);
      if (!m) {
        ADD_FAILURE() << role << ": no message while waiting for version " << v
                      << (errors.empty() ? std::string() : "; last error " + errors.back().dump());
        return false;
      }
      if ((*m)["type"] == "error") errors.push_back(*m);
      if (!absorb(*m)) return false;
    }
    return true;
  }
  // Reads until an event of `type`.
  std::optional<json> wait_event(const std::string& type, int ms = 10000) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (std::chrono::steady_clock::now() < until) {
      auto m = ws.recv(int(std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now()).count()) + 1);
      if (!m) return std::nullopt;
      if ((*m)["type"] == "error") errors.push_back(*m);
      if (!absorb(*m)) return std::nullopt;
      if ((*m)["type"] == type) return m;
    }
    return std::nullopt;
  }
  // Sends a request and returns the first error reply (skipping events, which it absorbs).
  std::optional<json> expect_error(const json& request_or_null, const std::string& raw = "") {
    if (raw.empty()) ws.send(request_or_null);
    else ws.send_raw(raw);
    for (int i = 0; i < 50; ++i) {
      auto m = ws.recv(5000);
      if (!m) return std::nullopt;
      if ((*m)["type"] == "error") return m;
      absorb(*m);
    }
    return std::nullopt;
  }
  std::string random_legal(std::mt19937& rng) const {
    const auto& legal = state["legal"];
    return legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)].get<std::string>();
  }

  WsClient ws;
  int64_t version = 0;
  std::string role;
  json state;
  std::vector<std::string> decisions;
  std::vector<std::string> events;
  std::vector<json> errors;
};

// Creates a human game (creator White) and joins Black over HTTP: {id, white token, black token}.
struct TwoSeats {
  std::string id, white, black;
};
inline TwoSeats create_two_seat_game(uint16_t port, const json& options = json::object()) {
  json body = options;
  body["color"] = "white";
  body["name"] = "alice";
  auto c = http_request(port, beast::http::verb::post, "/api/games", body.dump());
  EXPECT_EQ(c.status, 201) << c.text;
  auto j = http_request(port, beast::http::verb::post, "/api/games/" + c.body["game"].get<std::string>() + "/join",
                        R"({"name":"bob"})");
  EXPECT_EQ(j.status, 200) << j.text;
  EXPECT_EQ(j.body["seat"], "black");
  return {c.body["game"], c.body["token"], j.body["token"]};
}

// Both seats send start; returns once every follower saw the game start.
inline void start_game(Follower& w, Follower& b, std::vector<Follower*> all) {
  w.ws.send({{"type", "start"}});
  b.ws.send({{"type", "start"}});
  for (Follower* f : all) ASSERT_TRUE(f->wait_event("started")) << f->role;
}

// Plays random legal decisions until the game ends or `max_plies` is reached; every follower
// in `all` is kept in sync after each decision.
inline void play_random(Follower& w, Follower& b, std::vector<Follower*> all, std::mt19937& rng, int max_plies = 100000) {
  for (int n = 0; n < max_plies && w.state["status"] == "active"; ++n) {
    Follower& mover = w.state["to_move"] == "white" ? w : b;
    mover.ws.send({{"type", "move"}, {"decision", mover.random_legal(rng)}, {"ply", mover.state["ply"]}});
    const int64_t target = mover.version + 1;
    for (Follower* f : all) ASSERT_TRUE(f->sync_to(target)) << f->role;
  }
}

// The result the rules core gives the decisions, for comparison with the server's.
inline std::string core_score(const std::vector<std::string>& decisions) {
  Game g;
  for (const auto& d : decisions)
    if (!g.play(d)) return "illegal " + d;
  return std::string(to_string(g.position().result()));
}

}  // namespace yinsh::test
