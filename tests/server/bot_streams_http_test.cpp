// The bot and board API's streams over real sockets (in-process server; docs/api.md 2.5): the
// event stream replays the games in play and hears challenges live (a bot challenger marked
// as one), a game's stream gives the whole game and then its state after each decision, a
// decision at a stale ply changes nothing, two bots play a game to its end through the API
// alone, a revoked token's stream is closed, and a token's 33rd stream is refused.
#include <chrono>
#include <deque>
#include <thread>

#include "account_helpers.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/position.h"
#include "stream_reader.h"
#include "test_server.h"
#include "ws_client.h"

using namespace yinsh;
using namespace yinsh::test;
namespace http = boost::beast::http;

namespace {

class BotStreams : public TokenServerTest {
 protected:
  void SetUp() override {
    options_.net.max_per_address = 1000;  // every stream of these tests comes from 127.0.0.1
    TokenServerTest::SetUp();
  }
  HttpResult post(const std::string& path, const std::string& secret, const json& body = nullptr) {
    return call(http::verb::post, path, body, bearer(secret));
  }
  // A new bot account and a token of it with bot:play and challenge:write.
  std::string bot(const std::string& name) {
    const std::string session = account(port_, name);
    const std::string secret = token(session, {"bot:play", "challenge:write"});
    EXPECT_EQ(post("/api/bot/account/upgrade", secret).status, 200);
    return secret;
  }
  // A game of `secret`'s account against the AI (level 1), with the account as White.
  std::string game_against_ai(const std::string& secret) {
    auto g = post("/api/games", secret, {{"color", "white"}, {"opponent", {{"type", "ai"}, {"level", 1}}}});
    EXPECT_EQ(g.status, 201) << g.text;
    return g.body.value("game", "");
  }
};

TEST_F(BotStreams, TheEventStreamReplaysGamesInPlayThenHearsChallenges) {
  const std::string ann_session = account(port_, "Ann");
  const std::string ann = token(ann_session, {"board:play", "challenge:write"});
  const std::string id = game_against_ai(ann);
  StreamReader events(port_, "/api/stream/event", ann);
  ASSERT_EQ(events.status, 200) << events.head_;
  EXPECT_NE(events.head_.find("application/x-ndjson"), std::string::npos) << events.head_;
  auto start = events.next();
  ASSERT_TRUE(start);
  EXPECT_EQ((*start)["type"], "gameStart") << *start;
  EXPECT_EQ((*start)["game"]["id"], id);
  EXPECT_EQ((*start)["game"]["color"], "white");
  EXPECT_EQ((*start)["game"]["opponent"]["bot"], false);

  const std::string bob_session = account(port_, "Bob");
  const std::string bob = token(bob_session, {"board:play", "challenge:write"});
  StreamReader bob_events(port_, "/api/stream/event", bob);
  ASSERT_EQ(bob_events.status, 200);
  auto made = post("/api/challenge/Ann", bob, {{"rated", false}, {"variant", "blitz"}, {"color", "random"}, {"clock", nullptr}});
  ASSERT_EQ(made.status, 200) << made.text;
  const std::string challenge = made.body["challenge"]["id"];
  auto heard = events.next_type("challenge");
  ASSERT_TRUE(heard);
  EXPECT_EQ((*heard)["challenge"]["id"], challenge);
  EXPECT_EQ((*heard)["challenge"]["challenger"]["name"], "Bob");
  EXPECT_EQ((*heard)["challenge"]["variant"], "blitz");
  auto declined = post("/api/challenge/" + challenge + "/decline", ann);
  EXPECT_EQ(declined.status, 200) << declined.text;
  auto told = bob_events.next_type("challengeDeclined");
  ASSERT_TRUE(told);
  EXPECT_EQ((*told)["challenge"]["id"], challenge);
  EXPECT_EQ(post("/api/challenge/" + challenge + "/accept", ann).status, 404);

  // A correspondence challenge (days per move), accepted: the game of 3 days per move.
  auto corr = post("/api/challenge/Ann", bob, {{"rated", false}, {"clock", {{"days", 3}}}});
  ASSERT_EQ(corr.status, 200) << corr.text;
  EXPECT_EQ(corr.body["challenge"]["clock"]["days"], 3) << corr.text;
  EXPECT_EQ(corr.body["challenge"]["clock"]["initial_ms"], 3 * 86400000LL);
  EXPECT_EQ(post("/api/challenge/" + std::string(corr.body["challenge"]["id"]) + "/accept", ann).status, 200);
  auto started = bob_events.next_type("gameStart");
  ASSERT_TRUE(started);
  EXPECT_EQ((*started)["game"]["clock"]["days"], 3) << *started;
  EXPECT_EQ(post("/api/challenge/Ann", bob, {{"clock", {{"days", 4}}}}).status, 400) << "4 days is no time control";

  // 20 challenges in 10 minutes per account: the 21st is refused, saying when to try again.
  // The limit is the account's, whatever its tokens (each token has its own request rate).
  const std::string bob2 = token(bob_session, {"challenge:write"}), bob3 = token(bob_session, {"challenge:write"});
  int made_now = 2;  // Bob's two above (the refused one was refused before it was counted)
  for (; made_now < 20; ++made_now) {  // each withdrawn at once: the lobby's cap of open challenges is another limit
    auto c = post("/api/challenge/Ann", bob2, {{"rated", false}});
    ASSERT_EQ(c.status, 200) << made_now << c.text;
    ASSERT_EQ(post("/api/challenge/" + std::string(c.body["challenge"]["id"]) + "/cancel", bob2).status, 200);
  }
  auto limited = post("/api/challenge/Ann", bob3, {{"rated", false}});
  EXPECT_EQ(limited.status, 429) << limited.text;
  EXPECT_EQ(limited.body["error"]["code"], "too_many_challenges");
  EXPECT_GE(limited.body["error"]["params"]["retry_after_s"].get<int64_t>(), 590) << limited.text;
  EXPECT_EQ(limited.body["error"]["params"]["retry_after_s"], limited.body["retry_after_s"]);
}

// A challenge's `color` is the challenger's: the challenged account's stream shows it, and the
// game made on accept seats the challenger there. A colour that is none is refused and makes
// nothing.
TEST_F(BotStreams, AChallengerPlaysTheColourItAsked) {
  const std::string ann = token(account(port_, "Ann"), {"board:play", "challenge:write"});
  const std::string bob = token(account(port_, "Bob"), {"board:play", "challenge:write"});
  StreamReader ann_events(port_, "/api/stream/event", ann), bob_events(port_, "/api/stream/event", bob);
  ASSERT_EQ(ann_events.status, 200);
  ASSERT_EQ(bob_events.status, 200);
  // Three games each way: colours drawn at random would pass all six once in 64 runs.
  for (const std::string color : {"white", "black", "white", "black", "white", "black"}) {
    auto made = post("/api/challenge/Ann", bob, {{"rated", false}, {"color", color}});
    ASSERT_EQ(made.status, 200) << made.text;
    EXPECT_EQ(made.body["challenge"]["color"], color) << made.text;
    auto heard = ann_events.next_type("challenge");
    ASSERT_TRUE(heard);
    EXPECT_EQ((*heard)["challenge"]["color"], color) << *heard;
    ASSERT_EQ(post("/api/challenge/" + std::string((*heard)["challenge"]["id"]) + "/accept", ann).status, 200);
    auto bob_start = bob_events.next_type("gameStart"), ann_start = ann_events.next_type("gameStart");
    ASSERT_TRUE(bob_start && ann_start);
    const std::string id = (*bob_start)["game"]["id"];
    EXPECT_EQ((*bob_start)["game"]["color"], color) << *bob_start;
    EXPECT_EQ((*ann_start)["game"]["id"], id);
    EXPECT_EQ((*ann_start)["game"]["color"], std::string(color == "white" ? "black" : "white")) << *ann_start;
    const json seats = call(http::verb::get, "/api/games/" + id).body["state"]["seats"];
    EXPECT_EQ(seats[color]["name"], "Bob") << seats;
    ASSERT_EQ(post("/api/board/game/" + id + "/abort", bob).status, 200);  // one game at a time
  }

  for (const json& bad : {json("green"), json(1), json("WHITE")}) {
    auto refused = post("/api/challenge/Ann", bob, {{"rated", false}, {"color", bad}});
    EXPECT_EQ(refused.status, 400) << refused.text;
    EXPECT_EQ(refused.body["error"]["code"], "bad_request") << refused.text;
    EXPECT_NE(refused.body["error"]["message"].get<std::string>().find("color"), std::string::npos) << refused.text;
  }
  // Nothing was made: the next challenge Ann hears is the next one Bob makes (no colour: random).
  auto made = post("/api/challenge/Ann", bob, {{"rated", false}});
  ASSERT_EQ(made.status, 200) << made.text;
  auto heard = ann_events.next_type("challenge");
  ASSERT_TRUE(heard);
  EXPECT_EQ((*heard)["challenge"]["id"], made.body["challenge"]["id"]);
  EXPECT_EQ((*heard)["challenge"]["color"], "random");
}

// A bot mark is its account's: a bot challenging through the API, or from its owner's session
// in the browser, is shown as a bot on the challenged player's event stream and in its lobby
// view; a person challenging a bot is not. In the games it plays, its seat is marked a bot's
// and the other is not (a person's, the AI's).
TEST_F(BotStreams, AChallengerAndASeatAreShownAsTheBotTheyAre) {
  const std::string robo_session = account(port_, "RoboA");
  const std::string robo = token(robo_session, {"bot:play", "challenge:write"});
  ASSERT_EQ(post("/api/bot/account/upgrade", robo).status, 200);
  const std::string ann_session = account(port_, "Ann");
  const std::string ann = token(ann_session, {"board:play", "challenge:write"});
  StreamReader ann_events(port_, "/api/stream/event", ann), robo_events(port_, "/api/stream/event", robo);
  ASSERT_EQ(ann_events.status, 200);
  ASSERT_EQ(robo_events.status, 200);
  WsClient ann_lobby(port_, 0, cookie(ann_session));
  ann_lobby.send({{"type", "lobby"}});
  ASSERT_TRUE(ann_lobby.recv_type("lobby"));
  // The challenge `id` as Ann's lobby view shows it.
  auto in_lobby = [&](const std::string& id) {
    for (auto v = ann_lobby.recv_type("lobby"); v; v = ann_lobby.recv_type("lobby"))
      for (const json& c : (*v)["challenges"])
        if (c["id"] == id) return c;
    return json();
  };

  auto made = post("/api/challenge/Ann", robo, {{"rated", false}});
  ASSERT_EQ(made.status, 200) << made.text;
  EXPECT_EQ(made.body["challenge"]["challenger"]["bot"], true) << made.text;
  auto heard = ann_events.next_type("challenge");
  ASSERT_TRUE(heard);
  EXPECT_EQ((*heard)["challenge"]["challenger"]["name"], "RoboA");
  EXPECT_EQ((*heard)["challenge"]["challenger"]["bot"], true) << *heard;
  EXPECT_EQ(in_lobby(made.body["challenge"]["id"])["bot"], true);
  ASSERT_EQ(post("/api/challenge/" + std::string(made.body["challenge"]["id"]) + "/cancel", robo).status, 200);

  WsClient robo_browser(port_, 0, cookie(robo_session));  // the bot's owner, logged in
  robo_browser.send({{"type", "challenge"}, {"to", "Ann"}});
  heard = ann_events.next_type("challenge");
  ASSERT_TRUE(heard);
  EXPECT_EQ((*heard)["challenge"]["challenger"]["bot"], true) << "a session of a bot account is the bot's: " << *heard;
  EXPECT_EQ(in_lobby((*heard)["challenge"]["id"])["bot"], true);

  made = post("/api/challenge/RoboA", ann, {{"rated", false}});
  ASSERT_EQ(made.status, 200) << made.text;
  heard = robo_events.next_type("challenge");
  ASSERT_TRUE(heard);
  EXPECT_EQ((*heard)["challenge"]["challenger"]["name"], "Ann");
  EXPECT_EQ((*heard)["challenge"]["challenger"]["bot"], false) << *heard;

  // RoboA accepts: the game's seats say which is the bot, and so does its snapshot over /ws.
  ASSERT_EQ(post("/api/challenge/" + std::string((*heard)["challenge"]["id"]) + "/accept", robo).status, 200);
  auto start = robo_events.next_type("gameStart");
  ASSERT_TRUE(start);
  const std::string id = (*start)["game"]["id"];
  const std::string robo_color = (*start)["game"]["color"], ann_color = robo_color == "white" ? "black" : "white";
  json seats = call(http::verb::get, "/api/games/" + id).body["state"]["seats"];
  EXPECT_EQ(seats[robo_color]["name"], "RoboA") << seats;
  EXPECT_EQ(seats[robo_color]["bot"], true) << seats;
  EXPECT_EQ(seats[ann_color]["bot"], false) << seats;
  WsClient watcher(port_);
  watcher.send({{"type", "hello"}, {"game", id}});
  auto snap = watcher.recv_type("snapshot");
  ASSERT_TRUE(snap);
  EXPECT_EQ((*snap)["game"]["state"]["seats"][robo_color]["bot"], true) << *snap;
  ASSERT_EQ(post("/api/bot/game/" + id + "/abort", robo).status, 200);

  // A bot's game against the AI, made from its owner's session: the bot's seat is marked, the AI's not.
  auto made_vs_ai = call(http::verb::post, "/api/games", {{"color", "white"}, {"opponent", {{"type", "ai"}, {"level", 1}}}},
                         cookie(robo_session));
  ASSERT_EQ(made_vs_ai.status, 201) << made_vs_ai.text;
  const std::string vs_ai = made_vs_ai.body.value("game", "");
  seats = call(http::verb::get, "/api/games/" + vs_ai).body["state"]["seats"];
  EXPECT_EQ(seats["white"]["bot"], true) << seats;
  EXPECT_EQ(seats["black"]["kind"], "ai") << seats;
  EXPECT_EQ(seats["black"]["bot"], false) << seats;
}

TEST_F(BotStreams, AGameStreamGivesTheGameThenEachStateAndAStalePlyChangesNothing) {
  const std::string ann = token(account(port_, "Ann"), {"board:play"});
  const std::string id = game_against_ai(ann);
  StreamReader game(port_, "/api/board/game/stream/" + id, ann);
  ASSERT_EQ(game.status, 200) << game.head_;
  auto full = game.next();
  ASSERT_TRUE(full);
  EXPECT_EQ((*full)["type"], "gameFull") << *full;
  EXPECT_EQ((*full)["white"]["name"], "Ann");
  EXPECT_EQ((*full)["state"]["ply"], 0);
  EXPECT_EQ((*full)["state"]["moves"], "");
  EXPECT_EQ((*full)["state"]["status"], "started");

  auto bad = post("/api/board/game/" + id + "/move/zz99", ann);
  EXPECT_EQ(bad.status, 400) << bad.text;
  EXPECT_EQ(bad.body["error"]["code"], "illegal_decision");
  auto moved = post("/api/board/game/" + id + "/move/e4?ply=0", ann);
  ASSERT_EQ(moved.status, 200) << moved.text;
  auto state = game.next_type("gameState");
  ASSERT_TRUE(state);
  EXPECT_EQ((*state)["ply"], 1) << *state;
  EXPECT_EQ((*state)["moves"], "e4");
  auto reply = game.next_type("gameState");  // the AI's ring
  ASSERT_TRUE(reply);
  EXPECT_EQ((*reply)["ply"], 2) << *reply;

  auto stale = post("/api/board/game/" + id + "/move/e5?ply=0", ann);
  EXPECT_EQ(stale.status, 409) << stale.text;
  EXPECT_EQ(stale.body["error"]["code"], "stale_ply");
  auto now = call(http::verb::get, "/api/games/" + id);
  EXPECT_EQ(now.body["state"]["ply"], 2) << now.text;
  // Not a seat of the bot family, nor of another account.
  EXPECT_EQ(post("/api/bot/game/" + id + "/move/e5", ann).status, 403);
  const std::string eve = token(account(port_, "Eve"), {"board:play"});
  StreamReader other(port_, "/api/board/game/stream/" + id, eve);
  EXPECT_EQ(other.status, 403);
  StreamReader none(port_, "/api/board/game/stream/nosuchgame", eve);
  EXPECT_EQ(none.status, 404);
}

TEST_F(BotStreams, TwoBotsPlayAGameToItsEndThroughTheApi) {
  const std::string a = bot("RoboA"), b = bot("RoboB");
  StreamReader a_events(port_, "/api/stream/event", a), b_events(port_, "/api/stream/event", b);
  ASSERT_EQ(a_events.status, 200);
  ASSERT_EQ(b_events.status, 200);
  auto made = post("/api/challenge/RoboB", a, {{"rated", false}, {"variant", "blitz"}, {"color", "random"}});
  ASSERT_EQ(made.status, 200) << made.text;
  auto heard = b_events.next_type("challenge");
  ASSERT_TRUE(heard);
  ASSERT_EQ(post("/api/challenge/" + std::string((*heard)["challenge"]["id"]) + "/accept", b).status, 200);
  auto a_start = a_events.next_type("gameStart"), b_start = b_events.next_type("gameStart");
  ASSERT_TRUE(a_start && b_start);
  const std::string id = (*a_start)["game"]["id"];
  EXPECT_EQ((*b_start)["game"]["id"], id);
  EXPECT_EQ((*a_start)["game"]["opponent"]["bot"], true);
  const std::string white = (*a_start)["game"]["color"] == "white" ? a : b, black = white == a ? b : a;

  StreamReader watch(port_, "/api/bot/game/stream/" + id, white);
  auto state = watch.next();
  ASSERT_TRUE(state);
  json s = (*state)["state"];
  for (int guard = 0; guard < 400 && s["status"] == "started"; ++guard) {
    // The position from the moves, and its first legal decision.
    Position pos = Position::start(Variant::Blitz);
    std::deque<StateInfo> infos;
    for (const auto& word : split_words(s["moves"].get<std::string>())) {
      auto m = parse_legal_move(pos, word);
      ASSERT_TRUE(m) << word;
      pos.do_move(*m, infos.emplace_back());
    }
    MoveList list;
    generate(pos, list);
    ASSERT_FALSE(list.empty());
    const std::string& who = s["to_move"] == "white" ? white : black;
    auto r = post("/api/bot/game/" + id + "/move/" + to_string(list[0]) + "?ply=" + std::to_string(int(s["ply"])), who);
    ASSERT_EQ(r.status, 200) << r.text;
    auto next = watch.next_type("gameState");
    ASSERT_TRUE(next);
    s = *next;
  }
  EXPECT_EQ(s["status"], "over") << s;
  EXPECT_TRUE(watch.ends()) << "the game's stream ends with the game";
  auto a_finish = a_events.next_type("gameFinish"), b_finish = b_events.next_type("gameFinish");
  ASSERT_TRUE(a_finish && b_finish);
  EXPECT_EQ((*a_finish)["game"]["id"], id);
  EXPECT_EQ((*a_finish)["game"]["result"], s["winner"]);
}

TEST_F(BotStreams, RevokingTheTokenEndsItsStreams) {
  const std::string session = account(port_, "Ann");
  std::string id;
  const std::string ann = token(session, {"board:play"}, &id);
  StreamReader events(port_, "/api/stream/event", ann);
  ASSERT_EQ(events.status, 200);
  EXPECT_FALSE(events.ends(std::chrono::milliseconds(200)));
  ASSERT_EQ(call(http::verb::delete_, "/api/account/tokens/" + id, nullptr, cookie(session)).status, 200);
  EXPECT_TRUE(events.ends());
}

// 32 streams a token: a bot's event stream and 31 games at once (the bridge's --max-games).
TEST_F(BotStreams, ATokensThirtyThirdStreamIsRefused) {
  const std::string ann = token(account(port_, "Ann"), {"board:play"});
  std::vector<std::unique_ptr<StreamReader>> open;
  for (int i = 0; i < server::Hub::kMaxStreamsPerToken; ++i) {
    open.push_back(std::make_unique<StreamReader>(port_, "/api/stream/event", ann));
    ASSERT_EQ(open.back()->status, 200) << i;
  }
  EXPECT_EQ(server::Hub::kMaxStreamsPerToken, 32);
  StreamReader refused(port_, "/api/stream/event", ann);
  EXPECT_EQ(refused.status, 429);
  open.pop_back();  // one closed: room for another
  for (int tries = 0; tries < 50; ++tries) {
    StreamReader again(port_, "/api/stream/event", ann);
    if (again.status == 200) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // the server sees the close when it reads
  }
  ADD_FAILURE() << "a closed stream still counted";
}

}  // namespace
