// The bot and board API's event stream on one site of two servers (docs/api.md 2.5,
// docs/server.md "One site"): a game that lives on one server tells its start and its end to
// the account's event streams on both servers, once each; a bot's challenge made on one is
// marked as a bot's on the other. Skipped without the PostgreSQL server binaries.
#include "site_helpers.h"
#include "stream_reader.h"

namespace yinsh::test {
namespace {

Headers bearer(const std::string& token) { return {{"Authorization", "Bearer " + token}}; }

// A token with `scopes` of the account whose session is `session`, made on `port`.
std::string api_token(uint16_t port, const std::string& session, const json& scopes) {
  auto r = http_request(port, verb::post, "/api/account/tokens",
                        json{{"description", "my board"}, {"scopes", scopes}}.dump(), cookie(session));
  EXPECT_EQ(r.status, 201) << r.text;
  return r.body["token"].value("secret", "");
}

TEST_F(SiteTest, AGamesStartAndEndReachTheAccountsEventStreamsOnEveryServer) {
  const std::string ann = api_token(a->port(), account(a->port(), "ann"), {"board:play"});
  StreamReader on_a(a->port(), "/api/stream/event", ann), on_b(b->port(), "/api/stream/event", ann);
  ASSERT_EQ(on_a.status, 200) << on_a.head_;
  ASSERT_EQ(on_b.status, 200) << on_b.head_;
  // The next line on A and on B: `type`, of Ann's game `id` as White (`result`: a gameFinish's).
  auto both_hear = [&](const std::string& type, const std::string& id, const std::string& result) {
    for (StreamReader* s : {&on_a, &on_b}) {
      const char* server = s == &on_a ? "A" : "B";
      auto line = s->next();
      ASSERT_TRUE(line) << "no " << type << " on " << server;
      EXPECT_EQ((*line)["type"], type) << server << " " << *line;
      EXPECT_EQ((*line)["game"]["id"], id);
      EXPECT_EQ((*line)["game"]["color"], "white");
      if (!result.empty()) {
        EXPECT_EQ((*line)["game"]["result"], result) << *line;
      }
    }
  };
  // The game lives on A (made there, against the AI): B holds no room of it.
  auto made = http_request(a->port(), verb::post, "/api/games",
                           json{{"color", "white"}, {"opponent", {{"type", "ai"}, {"level", 1}}}}.dump(), bearer(ann));
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string id = made.body["game"];
  both_hear("gameStart", id, "");
  if (HasFatalFailure()) return;
  auto aborted = http_request(a->port(), verb::post, "/api/board/game/" + id + "/abort", "", bearer(ann));
  ASSERT_EQ(aborted.status, 200) << aborted.text;
  both_hear("gameFinish", id, "aborted");
  if (HasFatalFailure()) return;
  for (StreamReader* s : {&on_a, &on_b}) {  // each once
    auto more = s->next(std::chrono::milliseconds(1000));
    EXPECT_FALSE(more) << (s == &on_a ? "A" : "B") << " " << *more;
  }
}

// A bot's challenge made on A to an account connected to B only: B shows the challenger as
// the bot it is, on the account's event stream and in its lobby view (the mark travels with
// the challenge's row).
TEST_F(SiteTest, ABotsChallengeIsMarkedOnTheOtherServer) {
  const std::string robo_session = account(a->port(), "roboa");
  const std::string robo = api_token(a->port(), robo_session, {"bot:play", "challenge:write"});
  ASSERT_EQ(http_request(a->port(), verb::post, "/api/bot/account/upgrade", "", bearer(robo)).status, 200);
  StreamReader robo_on_a(a->port(), "/api/stream/event", robo);  // its connection in the lobby
  ASSERT_EQ(robo_on_a.status, 200) << robo_on_a.head_;
  const std::string ann_session = account(b->port(), "ann");
  const std::string ann = api_token(b->port(), ann_session, {"board:play"});
  StreamReader on_b(b->port(), "/api/stream/event", ann);
  ASSERT_EQ(on_b.status, 200) << on_b.head_;
  Lobbyist ann_lobby(b->port(), "", cookie(ann_session));  // online on B: A sends the challenge there
  ASSERT_TRUE(eventually([&] { return online(a->port()).dump().find("ann") != std::string::npos; }))
      << online(a->port()).dump();
  auto made = http_request(a->port(), verb::post, "/api/challenge/ann", json{{"rated", false}}.dump(), bearer(robo));
  ASSERT_EQ(made.status, 200) << made.text;
  auto heard = on_b.next_type("challenge");
  ASSERT_TRUE(heard);
  EXPECT_EQ((*heard)["challenge"]["id"], made.body["challenge"]["id"]);
  EXPECT_EQ((*heard)["challenge"]["challenger"]["name"], "roboa");
  EXPECT_EQ((*heard)["challenge"]["challenger"]["bot"], true) << *heard;
  const json view = ann_lobby.view_where([](const json& v) { return v["challenges"].size() == 1; });
  ASSERT_EQ(view["challenges"].size(), 1u) << view.dump();
  EXPECT_EQ(view["challenges"][0]["bot"], true) << view.dump();
}

}  // namespace
}  // namespace yinsh::test
