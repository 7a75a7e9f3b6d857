// Integration tests over real WebSocket connections against an in-process server (SQLite in a
// temporary directory, port chosen by the OS).
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "core/game.h"
#include "core/notation.h"
#include "core/record.h"
#include "game_driver.h"
#include "server/server.h"
#include "test_server.h"

using namespace yinsh;
using namespace yinsh::test;
namespace http = boost::beast::http;

namespace {

class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::filesystem::create_directories(dir_ / "web" / "assets");
    { std::ofstream(dir_ / "web" / "index.html") << "<!doctype html><title>yinsh</title>"; }
    { std::ofstream(dir_ / "web" / "assets" / "app.js") << "console.log(1)"; }
    { std::ofstream(dir_ / "secret.txt") << "secret"; }
    server::ServerOptions o = test_server_options(dir_);
    const std::string test = ScratchDir::current_test_name();
    o.hub.ai_movetime_ms = test == "AnAiDecisionTheStoreRefusedIsMadeAgain" ? 300 : 5;
    o.hub.sweep_interval_ms = 20;
    // The bots here play far faster than people; only the flood test keeps the default limit.
    if (test == "FloodingIsRateLimited") {
      o.hub.rate_per_second = server::HubOptions{}.rate_per_second;
      o.hub.rate_burst = server::HubOptions{}.rate_burst;
    }
    server_ = start_test_server(o);
    ASSERT_TRUE(server_);
    port_ = server_->port();
  }
  void TearDown() override { server_.reset(); }
  ScratchDir scratch_{"yinsh-ws"};
  const std::filesystem::path& dir_ = scratch_.path();
  std::unique_ptr<server::Server> server_;
  uint16_t port_ = 0;
};

}  // namespace

TEST_F(ServerTest, TwoClientsPlayACompleteGameAndASpectatorSeesTheSameSequence) {
  const auto seats = create_two_seat_game(port_);
  Follower w(port_, seats.id, seats.white), b(port_, seats.id, seats.black), s(port_, seats.id);
  EXPECT_EQ(w.role, "white");
  EXPECT_EQ(b.role, "black");
  EXPECT_EQ(s.role, "spectator");
  start_game(w, b, {&w, &b, &s});
  std::mt19937 rng(12345);
  play_random(w, b, {&w, &b, &s}, rng);
  ASSERT_EQ(s.state["status"], "over");
  EXPECT_GT(s.decisions.size(), 20u);
  EXPECT_EQ(s.decisions, w.decisions);
  EXPECT_EQ(s.decisions, b.decisions);
  EXPECT_EQ(s.events, w.events);
  EXPECT_EQ(s.state["result"]["score"], core_score(s.decisions));
  EXPECT_TRUE(s.state["legal"].empty());

  // The finished game is listed and can be fetched as a record, both ways.
  auto list = http_request(port_, http::verb::get, "/api/games?status=over");
  ASSERT_EQ(list.status, 200);
  ASSERT_EQ(list.body["games"].size(), 1u);
  EXPECT_EQ(list.body["games"][0]["id"], seats.id);
  EXPECT_EQ(list.body["games"][0]["ply"], s.decisions.size());
  auto rec = http_request(port_, http::verb::get, "/api/games/" + seats.id + "/record.json");
  ASSERT_EQ(rec.status, 200);
  ASSERT_EQ(rec.body["decisions"].size(), s.decisions.size());
  for (size_t i = 0; i < s.decisions.size(); ++i) EXPECT_EQ(rec.body["decisions"][i]["decision"], s.decisions[i]);
  auto text = http_request(port_, http::verb::get, "/api/games/" + seats.id + "/record");
  ASSERT_EQ(text.status, 200);
  EXPECT_NE(text.text.find("[Result \"" + s.state["result"]["score"].get<std::string>() + "\"]"), std::string::npos);
  EXPECT_NE(text.text.find("[White \"alice\"]"), std::string::npos);
  auto parsed = read_record(text.text);
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->moves.size(), s.decisions.size());
}

TEST_F(ServerTest, RejectedRequestsGetAnErrorAndChangeNothing) {
  const auto seats = create_two_seat_game(port_);
  Follower w(port_, seats.id, seats.white), b(port_, seats.id, seats.black), s(port_, seats.id);
  start_game(w, b, {&w, &b, &s});
  const int64_t v = w.version;

  auto e = b.expect_error({{"type", "move"}, {"decision", "e4"}});
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "not_your_turn");
  e = w.expect_error({{"type", "move"}, {"decision", "e4-e9"}, {"id", 7}});
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "illegal_decision");
  EXPECT_EQ((*e)["id"], 7);
  EXPECT_EQ((*e)["params"]["reason"], "must_place") << *e;  // a ring's move while rings are placed
  e = w.expect_error(nullptr, "{\"type\": \"move\", \"decision\": ");
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "bad_json");
  e = w.expect_error({{"type", "move"}, {"decision", 5}});
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "bad_request");
  e = w.expect_error({{"type", "teleport"}});
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "unknown_type");
  e = s.expect_error({{"type", "move"}, {"decision", "e4"}});
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "not_seated");
  Follower thief(port_, seats.id);
  e = thief.expect_error({{"type", "hello"}, {"game", seats.id}, {"token", std::string(32, 'a')}});
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "bad_token");
  e = thief.expect_error({{"type", "resign"}});
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "not_seated");
  e = w.expect_error({{"type", "chat"}, {"text", "/frobnicate"}});
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "unknown_command");
  EXPECT_EQ((*e)["params"], json({{"command", "/frobnicate"}})) << "what a client words the error with";

  // Nothing changed: same version, no decision, and the spectator saw no event.
  for (Follower* f : {&w, &s}) {
    f->ws.send({{"type", "snapshot"}});
    auto snap = f->ws.recv_type("snapshot");
    ASSERT_TRUE(snap);
    EXPECT_EQ((*snap)["version"], v);
    EXPECT_EQ((*snap)["game"]["state"]["ply"], 0);
    EXPECT_EQ((*snap)["game"]["state"]["to_move"], "white");
  }
  EXPECT_EQ(s.version, v);

  // HTTP: bad bodies, unknown games, paths out of the web root.
  EXPECT_EQ(http_request(port_, http::verb::post, "/api/games", "[1,2").status, 400);
  EXPECT_EQ(http_request(port_, http::verb::post, "/api/games", R"({"variant":"huge"})").status, 400);
  EXPECT_EQ(http_request(port_, http::verb::post, "/api/games", R"({"clock":{"base_ms":5}})").status, 400);
  EXPECT_EQ(http_request(port_, http::verb::get, "/api/games/zzzzzzzzzzzz").status, 404);
  EXPECT_EQ(http_request(port_, http::verb::post, "/api/games/" + seats.id + "/join", "{}").status, 409);
  EXPECT_EQ(http_request(port_, http::verb::get, "/../secret.txt").status, 400);
  EXPECT_EQ(http_request(port_, http::verb::get, "/%2e%2e/secret.txt").status, 400);
  EXPECT_EQ(http_request(port_, http::verb::get, "/assets/../../secret.txt").status, 400);
  EXPECT_EQ(http_request(port_, http::verb::get, "/nope.js").status, 404);
  EXPECT_EQ(http_request(port_, http::verb::get, "/assets/app.js").text, "console.log(1)");
  for (const std::string& route : std::vector<std::string>{"/", "/game/" + seats.id, "/replay/" + seats.id,
                                                           "/analysis", "/offline", "/puzzles", "/learn", "/rules"}) {
    const auto r = http_request(port_, http::verb::get, route);
    EXPECT_EQ(r.status, 200) << route;
    EXPECT_NE(r.text.find("<title>yinsh"), std::string::npos) << route;
  }
  // Other page addresses: the UI (which shows "page not found") with status 404; a file
  // that does not exist stays a JSON 404 (above).
  for (const std::string route : {"/nope", "/replay", "/game/", "/games/abc"}) {
    const auto r = http_request(port_, http::verb::get, route);
    EXPECT_EQ(r.status, 404) << route;
    EXPECT_NE(r.text.find("<title>yinsh"), std::string::npos) << route;
  }
  EXPECT_EQ(http_request(port_, http::verb::post, "/api/games", std::string(70000, ' ')).status, 413);

  // A frame over 16 KiB closes that connection only; the server keeps serving.
  WsClient big(port_);
  big.send_raw(std::string(20000, 'x'));
  EXPECT_FALSE(big.recv(5000));
  EXPECT_EQ(http_request(port_, http::verb::get, "/api/health").status, 200);
  w.ws.send({{"type", "move"}, {"decision", "e4"}});
  ASSERT_TRUE(w.wait_event("decision"));
  EXPECT_EQ(w.decisions, std::vector<std::string>{"e4"});
}

TEST_F(ServerTest, FloodingIsRateLimited) {
  const auto seats = create_two_seat_game(port_);
  Follower s(port_, seats.id);
  for (int i = 0; i < 100; ++i) s.ws.send({{"type", "ping"}});
  int pongs = 0, limited = 0;
  while (pongs + limited < 100) {
    auto m = s.ws.recv(5000);
    ASSERT_TRUE(m);
    if ((*m)["type"] == "presence") continue;  // when the room was reloaded for the hello
    if ((*m)["type"] == "pong") ++pongs;
    else if ((*m)["type"] == "error" && (*m)["code"] == "rate_limited") ++limited;
    else ADD_FAILURE() << m->dump();
  }
  EXPECT_GT(limited, 0);
  EXPECT_GE(pongs, 39);
}

TEST_F(ServerTest, AClockRunsOut) {
  const auto seats = create_two_seat_game(port_, {{"clock", {{"base_ms", 1000}, {"increment_ms", 0}}}});
  Follower w(port_, seats.id, seats.white), b(port_, seats.id, seats.black);
  start_game(w, b, {&w, &b});
  const auto t0 = std::chrono::steady_clock::now();
  auto over = b.wait_event("game_over", 5000);
  const auto waited = std::chrono::steady_clock::now() - t0;
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["result"]["reason"], "timeout");
  EXPECT_EQ((*over)["result"]["winner"], "black");
  EXPECT_EQ((*over)["state"]["clocks"]["white_ms"], 0);
  EXPECT_GE(waited, std::chrono::milliseconds(800));
  auto e = w.expect_error({{"type", "move"}, {"decision", "e4"}});
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "game_over");
}

TEST_F(ServerTest, AGameAgainstTheAiFinishesAndUndoIsImmediate) {
  auto c = http_request(port_, http::verb::post, "/api/games",
                        R"({"color":"black","opponent":{"type":"ai","level":1},"name":"h"})");
  ASSERT_EQ(c.status, 201) << c.text;
  EXPECT_EQ(c.body["snapshot"]["state"]["status"], "active");
  Follower me(port_, c.body["game"], c.body["token"]);
  EXPECT_EQ(me.role, "black");
  std::mt19937 rng(7);
  bool undone = false;
  for (int n = 0; n < 2000 && me.state["status"] == "active"; ++n) {
    if (me.state["to_move"] != "black") {
      ASSERT_TRUE(me.wait_event("decision") || me.state["status"] != "active");
      continue;
    }
    if (!undone && me.state["ply"] >= 4) {
      const int ply = me.state["ply"];
      me.ws.send({{"type", "undo"}});
      auto u = me.wait_event("undone");
      ASSERT_TRUE(u);
      EXPECT_LT((*u)["ply"].get<int>(), ply);
      EXPECT_EQ((*u)["state"]["to_move"], "black");
      undone = true;
      continue;
    }
    me.ws.send({{"type", "move"}, {"decision", me.random_legal(rng)}});
    ASSERT_TRUE(me.wait_event("decision"));
  }
  EXPECT_TRUE(undone);
  ASSERT_EQ(me.state["status"], "over");
  EXPECT_EQ(me.state["result"]["score"], core_score(me.decisions));
}

TEST_F(ServerTest, AReconnectingPlayerGetsTheSeatAndStateBack) {
  const auto seats = create_two_seat_game(port_);
  std::vector<std::string> before;
  {
    Follower w(port_, seats.id, seats.white), b(port_, seats.id, seats.black);
    start_game(w, b, {&w, &b});
    std::mt19937 rng(3);
    play_random(w, b, {&w, &b}, rng, 6);
    before = w.decisions;
  }
  Follower w2(port_, seats.id, seats.white);
  EXPECT_EQ(w2.role, "white");
  EXPECT_EQ(w2.decisions, before);
  EXPECT_EQ(w2.state["to_move"], "white");
  w2.ws.send({{"type", "move"}, {"decision", w2.state["legal"][0]}});
  ASSERT_TRUE(w2.wait_event("decision"));
}

TEST_F(ServerTest, ChatCommandsAndRematch) {
  const auto seats = create_two_seat_game(port_);
  Follower w(port_, seats.id, seats.white), b(port_, seats.id, seats.black), s(port_, seats.id);
  w.ws.send({{"type", "chat"}, {"text", "/start"}});
  b.ws.send({{"type", "chat"}, {"text", "/start"}});
  ASSERT_TRUE(s.wait_event("started"));
  w.ws.send({{"type", "chat"}, {"text", "<b>hi</b>"}});
  auto line = s.wait_event("chat");
  ASSERT_TRUE(line);
  EXPECT_EQ((*line)["line"]["text"], "<b>hi</b>");
  EXPECT_EQ((*line)["line"]["seat"], "white");
  s.ws.send({{"type", "chat"}, {"text", "/help"}});
  auto info = s.ws.recv_type("info");
  ASSERT_TRUE(info);
  EXPECT_NE((*info)["text"].get<std::string>().find("/resign"), std::string::npos);
  EXPECT_EQ((*info)["code"], "help") << "clients show the commands in their own language";
  b.ws.send({{"type", "chat"}, {"text", "/resign"}});
  auto over = s.wait_event("game_over");
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["result"]["winner"], "white");
  w.ws.send({{"type", "rematch"}});
  b.ws.send({{"type", "chat"}, {"text", "/rematch"}});
  auto re = s.wait_event("rematch");
  ASSERT_TRUE(re);
  const std::string next = (*re)["new_game"];
  Follower w3(port_, next, seats.white), b3(port_, next, seats.black);
  EXPECT_EQ(w3.role, "black");  // colours swap, tokens stay
  EXPECT_EQ(b3.role, "white");
  EXPECT_EQ(w3.state["status"], "active");
  auto rec = http_request(port_, http::verb::get, "/api/games/" + seats.id + "/record.json");
  EXPECT_EQ(rec.body["chat"][0]["text"], "<b>hi</b>");
}

// Memory holds only the games in use: one nobody is connected to, with no clock running, is
// dropped and comes back from the store, whole, on its next request.
TEST_F(ServerTest, AnUnusedGameLeavesMemoryAndComesBackWhole) {
  auto loaded = [&] {
    auto h = http_request(port_, http::verb::get, "/api/health");
    return h.body["games_loaded"].get<int>();
  };
  auto wait_loaded = [&](int n) {
    for (int i = 0; i < 200 && loaded() != n; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return loaded();
  };
  const auto seats = create_two_seat_game(port_);
  std::vector<std::string> played;
  {
    Follower w(port_, seats.id, seats.white), b(port_, seats.id, seats.black);
    start_game(w, b, {&w, &b});
    std::mt19937 rng(9);
    play_random(w, b, {&w, &b}, rng, 12);
    played = w.decisions;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_EQ(loaded(), 1);  // connected: kept
  }
  EXPECT_EQ(wait_loaded(0), 0);  // both gone, untimed: dropped
  Follower w(port_, seats.id, seats.white), b(port_, seats.id, seats.black);
  EXPECT_EQ(loaded(), 1);
  EXPECT_EQ(w.role, "white");
  EXPECT_EQ(w.decisions, played);
  EXPECT_EQ(w.state["status"], "active");
  std::mt19937 rng(10);
  play_random(w, b, {&w, &b}, rng);  // and it plays on to the end
  EXPECT_EQ(w.state["status"], "over");
  EXPECT_EQ(w.state["result"]["score"], core_score(w.decisions));
}

// The store refuses the AI's decision (its table is away for a while): nobody is there to try
// again, so the room does, until the decision is stored and the game goes on.
TEST_F(ServerTest, AnAiDecisionTheStoreRefusedIsMadeAgain) {
  auto c = http_request(port_, http::verb::post, "/api/games",
                        R"({"color":"white","opponent":{"type":"ai","level":1},"name":"h"})");
  ASSERT_EQ(c.status, 201) << c.text;
  Follower me(port_, c.body["game"], c.body["token"]);
  ASSERT_EQ(me.state["to_move"], "white");
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open((dir_ / "games.db").c_str(), &db), SQLITE_OK);
  sqlite3_busy_timeout(db, 5000);
  auto sql = [&](const char* q) { return sqlite3_exec(db, q, nullptr, nullptr, nullptr); };
  std::mt19937 rng(4);
  me.ws.send({{"type", "move"}, {"decision", me.random_legal(rng)}});
  ASSERT_TRUE(me.wait_event("decision"));  // mine, stored; the AI now thinks for 300 ms
  ASSERT_EQ(sql("ALTER TABLE events RENAME TO events_away"), SQLITE_OK);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // its decision fails, then its retry
  ASSERT_EQ(sql("ALTER TABLE events_away RENAME TO events"), SQLITE_OK);
  sqlite3_close(db);
  auto ai = me.wait_event("decision");
  ASSERT_TRUE(ai) << "the AI never moved again";
  EXPECT_EQ((*ai)["by"], "black");
  EXPECT_EQ(me.state["to_move"], "white");
  // And it is in the store: the games list (read from the store) has both decisions.
  auto list = http_request(port_, http::verb::get, "/api/games?status=active");
  ASSERT_EQ(list.body["games"].size(), 1u);
  EXPECT_EQ(list.body["games"][0]["ply"], 2);
}

// Everyone following a game hears when a player comes or goes; snapshots say who is here.
TEST_F(ServerTest, PresenceFollowsThePlayersConnections) {
  const auto seats = create_two_seat_game(port_);
  Follower s(port_, seats.id);
  s.ws.send({{"type", "snapshot"}});
  auto first = s.ws.recv_type("snapshot");
  ASSERT_TRUE(first);
  EXPECT_EQ((*first)["presence"], (json{{"white", false}, {"black", false}}));  // nobody yet
  auto w = std::make_unique<Follower>(port_, seats.id, seats.white);
  auto p = s.ws.recv_type("presence");
  ASSERT_TRUE(p);
  EXPECT_EQ((*p)["white"], true);
  EXPECT_EQ((*p)["black"], false);
  EXPECT_EQ((*p)["version"], s.version);  // the game's version, not a new one
  Follower b(port_, seats.id, seats.black);
  p = s.ws.recv_type("presence");
  ASSERT_TRUE(p);
  EXPECT_EQ((*p)["black"], true);
  w.reset();  // White's connection goes away
  p = s.ws.recv_type("presence");
  ASSERT_TRUE(p);
  EXPECT_EQ((*p)["white"], false);
  EXPECT_EQ((*p)["black"], true);
  Follower late(port_, seats.id);  // a snapshot tells a newcomer at once
  late.ws.send({{"type", "snapshot"}});
  auto full = late.ws.recv_type("snapshot");
  ASSERT_TRUE(full);
  EXPECT_EQ((*full)["presence"], (json{{"white", false}, {"black", true}}));
}

// D6: a seated connection that says hello with a wrong token gets an error and keeps its seat.
TEST_F(ServerTest, AWrongTokenLeavesASeatedConnectionSeated) {
  const auto seats = create_two_seat_game(port_);
  Follower w(port_, seats.id, seats.white), b(port_, seats.id, seats.black);
  start_game(w, b, {&w, &b});
  auto e = w.expect_error({{"type", "hello"}, {"game", seats.id}, {"token", std::string(32, '0')}, {"id", 1}});
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "bad_token");
  w.ws.send({{"type", "move"}, {"decision", w.state["legal"][0]}, {"ply", 0}});
  ASSERT_TRUE(w.wait_event("decision")) << (w.errors.empty() ? "" : w.errors.back().dump());
  EXPECT_EQ(w.role, "white");
}

// D7: ids are echoed only when strings or numbers; limits are in characters; controls and
// bidirectional overrides never reach a chat line or a name; the header limit is named right.
TEST_F(ServerTest, IdsLengthsAndControlCharactersAreHandledAsDocumented) {
  const auto seats = create_two_seat_game(port_);
  Follower w(port_, seats.id, seats.white);
  auto e = w.expect_error({{"type", "move"}, {"decision", "e4"}, {"id", {{"big", std::string(1000, 'x')}}}});
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "not_started");
  EXPECT_FALSE(e->contains("id")) << e->dump();
  e = w.expect_error({{"type", "chat"}, {"text", std::string(501, 'a')}, {"id", "c1"}});
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "bad_request");
  EXPECT_EQ((*e)["id"], "c1");
  std::string smileys;
  for (int i = 0; i < 500; ++i) smileys += "\xf0\x9f\x98\x80";
  w.ws.send({{"type", "chat"}, {"text", smileys}});
  auto chat = w.wait_event("chat");
  ASSERT_TRUE(chat);
  EXPECT_EQ((*chat)["line"]["text"], smileys);
  w.ws.send({{"type", "chat"}, {"text", "a\xc2\x85" "b\xe2\x80\xae" "c"}});
  chat = w.wait_event("chat");
  ASSERT_TRUE(chat);
  EXPECT_EQ((*chat)["line"]["text"], "abc");
  auto r = http_request(port_, http::verb::post, "/api/games", json({{"name", "\xe2\x80\xae" "evil"}}).dump());
  ASSERT_EQ(r.status, 201);
  EXPECT_EQ(r.body["snapshot"]["state"]["seats"][r.body["seat"].get<std::string>()]["name"], "evil");
  r = http_request(port_, http::verb::get, "/api/health", "", {{"X-Big", std::string(20000, 'h')}});
  EXPECT_EQ(r.status, 431);  // Request Header Fields Too Large
  EXPECT_NE(r.text.find("16 KiB"), std::string::npos) << r.text;
}

TEST_F(ServerTest, ReadyzAnswersWhenTheStoreDoes) {
  auto r = http_request(port_, http::verb::get, "/readyz");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body["ready"], true);
}
