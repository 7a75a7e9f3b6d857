// Bot accounts over real sockets (in-process server): an API token with bot:play upgrades its
// account for good, once, and only before it has played; the account reads as a bot on its
// player page and in the list of bots, with whether it is online; bad requests change nothing.
#include <chrono>
#include <thread>

#include "account_helpers.h"
#include "stream_reader.h"
#include "test_server.h"

using namespace yinsh;
using namespace yinsh::test;
namespace http = boost::beast::http;

namespace {

class BotsHttpTest : public TokenServerTest {
 protected:
  HttpResult upgrade(const std::string& secret) {
    return call(http::verb::post, "/api/bot/account/upgrade", nullptr, bearer(secret));
  }
  template <class F>
  bool eventually_true(F f) {
    for (int i = 0; i < 300; ++i, std::this_thread::sleep_for(std::chrono::milliseconds(10)))
      if (f()) return true;
    return false;
  }
  bool is_bot(const std::string& name) {
    auto r = call(http::verb::get, "/api/players/" + name);
    EXPECT_EQ(r.status, 200) << r.text;
    return r.body.value("bot", false);
  }
};

TEST_F(BotsHttpTest, ATokenWithBotPlayUpgradesItsAccountOnce) {
  const std::string robo = account(port_, "Robo");
  EXPECT_FALSE(is_bot("Robo"));
  auto up = upgrade(token(robo, {"bot:play"}));
  ASSERT_EQ(up.status, 200) << up.text;
  EXPECT_EQ(up.body["name"], "Robo");
  EXPECT_TRUE(is_bot("Robo"));
  auto me = call(http::verb::get, "/api/account/me", nullptr, cookie(robo));
  EXPECT_EQ(me.body["account"]["bot"], true) << me.text;
  auto again = upgrade(token(robo, {"bot:play"}));
  EXPECT_EQ(again.status, 409) << again.text;
  EXPECT_EQ(again.body["error"]["code"], "already_bot");
  auto bots = call(http::verb::get, "/api/bots");
  ASSERT_EQ(bots.status, 200) << bots.text;
  ASSERT_EQ(bots.body["bots"].size(), 1u) << bots.text;
  EXPECT_EQ(bots.body["bots"][0]["name"], "Robo");
  EXPECT_EQ(bots.body["bots"][0]["online"], false);
  // Online while it has a connection open.
  auto g = call(http::verb::post, "/api/games", {{"name", "host"}});
  ASSERT_EQ(g.status, 201) << g.text;
  WsClient ws(port_, 0, cookie(robo));
  ws.send({{"type", "hello"}, {"game", g.body["game"]}});
  ASSERT_TRUE(ws.recv_type("snapshot"));
  EXPECT_EQ(call(http::verb::get, "/api/bots").body["bots"][0]["online"], true);
}

// A bot that only streams (as `yinsh bot` does: its event stream, no WebSocket) is online while
// the stream is open, on /api/bots and /api/online (the site's presence), and not after.
TEST_F(BotsHttpTest, ABotWhoseOnlyConnectionIsItsEventStreamIsOnlineWhileItIsOpen) {
  const std::string robo = account(port_, "Robo");
  const std::string secret = token(robo, {"bot:play"});
  ASSERT_EQ(upgrade(secret).status, 200);
  const auto online = [&] { return call(http::verb::get, "/api/bots").body["bots"][0]["online"] == true; };
  const auto listed = [&] { return call(http::verb::get, "/api/online").body["players"] == json::array({"Robo"}); };
  EXPECT_FALSE(online());
  {
    StreamReader events(port_, "/api/stream/event", secret);
    ASSERT_EQ(events.status, 200) << events.head_;
    EXPECT_TRUE(eventually_true(online));
    EXPECT_TRUE(listed());
  }
  EXPECT_TRUE(eventually_true([&] { return !online(); }));
  EXPECT_FALSE(listed());
}

TEST_F(BotsHttpTest, AnAccountThatHasPlayedStaysHuman) {
  const std::string pat = account(port_, "Pat");
  auto g = call(http::verb::post, "/api/games", {{"color", "white"}, {"opponent", {{"type", "ai"}, {"level", 1}}}},
                cookie(pat));
  ASSERT_EQ(g.status, 201) << g.text;
  auto up = upgrade(token(pat, {"bot:play"}));
  EXPECT_EQ(up.status, 409) << up.text;
  EXPECT_EQ(up.body["error"]["code"], "has_played");
  EXPECT_FALSE(is_bot("Pat"));
  EXPECT_EQ(call(http::verb::get, "/api/bots").body["bots"], json::array());
}

TEST_F(BotsHttpTest, OnlyATokenWithBotPlayMayUpgrade) {
  const std::string sam = account(port_, "Sam");
  auto none = call(http::verb::post, "/api/bot/account/upgrade", nullptr, cookie(sam));
  EXPECT_EQ(none.status, 401) << "the cookie is not enough: " << none.text;
  EXPECT_EQ(none.body["error"]["code"], "bad_api_token");
  auto scope = upgrade(token(sam, {"board:play", "challenge:write"}));
  EXPECT_EQ(scope.status, 403) << scope.text;
  EXPECT_EQ(scope.body["error"]["code"], "missing_scope");
  EXPECT_EQ(upgrade("yinsh_" + std::string(43, 'a')).status, 401);
  EXPECT_EQ(call(http::verb::get, "/api/bot/account/upgrade", nullptr, bearer(token(sam, {"bot:play"}))).status, 405);
  EXPECT_EQ(call(http::verb::post, "/api/bots").status, 405);
  EXPECT_EQ(call(http::verb::get, "/api/bot/nothing").status, 404);
  EXPECT_FALSE(is_bot("Sam"));
}

}  // namespace
