// Personal API tokens over real sockets (in-process server): made with the session cookie and
// shown once, listed without their secret, used as `Authorization: Bearer`, bounded by their
// scopes, refused for the account's own settings, revoked at once, limited per token; bad
// input changes nothing.
#include "account_helpers.h"
#include "test_server.h"

using namespace yinsh;
using namespace yinsh::test;
namespace http = boost::beast::http;

namespace {

class ApiTokensHttpTest : public TokenServerTest {
 protected:
  size_t listed(const std::string& session) {
    auto r = call(http::verb::get, "/api/account/tokens", nullptr, cookie(session));
    EXPECT_EQ(r.status, 200) << r.text;
    return r.body["tokens"].size();
  }
};

TEST_F(ApiTokensHttpTest, ATokenIsShownOnceListedWithoutItsSecretAndOpensTheAccount) {
  const std::string alice = account(port_, "Alice");
  std::string id;
  const std::string secret = token(alice, {"bot:play", "board:play"}, &id);
  ASSERT_EQ(secret.size(), 49u) << secret;
  auto me = call(http::verb::get, "/api/account/me", nullptr, bearer(secret));
  ASSERT_EQ(me.status, 200) << me.text;
  EXPECT_EQ(me.body["account"]["name"], "Alice");
  EXPECT_EQ(me.body["token"]["id"], id);
  EXPECT_EQ(me.body["token"]["scopes"], json({"board:play", "bot:play"}));
  // The scheme in any case, as HTTP allows.
  EXPECT_EQ(call(http::verb::get, "/api/account/me", nullptr, {{"Authorization", "bearer " + secret}}).status, 200);

  auto list = call(http::verb::get, "/api/account/tokens", nullptr, cookie(alice));
  ASSERT_EQ(list.status, 200) << list.text;
  ASSERT_EQ(list.body["tokens"].size(), 1u);
  EXPECT_EQ(list.body["tokens"][0]["id"], id);
  EXPECT_EQ(list.body["tokens"][0]["description"], "my engine");
  EXPECT_EQ(list.text.find(secret.substr(6)), std::string::npos) << "the secret is shown once, at creation";
  EXPECT_GT(list.body["tokens"][0]["last_used"].get<int64_t>(), 0);

  // Another account sees none of it and cannot revoke it.
  const std::string bob = account(port_, "Bob");
  EXPECT_EQ(listed(bob), 0u);
  EXPECT_EQ(call(http::verb::delete_, "/api/account/tokens/" + id, nullptr, cookie(bob)).status, 404);
  EXPECT_EQ(call(http::verb::get, "/api/account/me", nullptr, bearer(secret)).status, 200);
  // Without a session no list.
  EXPECT_EQ(call(http::verb::get, "/api/account/tokens").status, 401);
}

TEST_F(ApiTokensHttpTest, RevocationTakesEffectAtOnce) {
  const std::string alice = account(port_, "Alice");
  std::string id, other_id;
  const std::string secret = token(alice, {"board:play"}, &id);
  const std::string other = token(alice, {"board:play"}, &other_id);
  auto del = call(http::verb::delete_, "/api/account/tokens/" + id, nullptr, cookie(alice));
  ASSERT_EQ(del.status, 200) << del.text;
  auto me = call(http::verb::get, "/api/account/me", nullptr, bearer(secret));
  EXPECT_EQ(me.status, 401) << me.text;
  EXPECT_EQ(me.body["error"]["code"], "bad_api_token");
  EXPECT_EQ(call(http::verb::post, "/api/games", {{"color", "white"}}, bearer(secret)).status, 401);
  EXPECT_EQ(call(http::verb::delete_, "/api/account/tokens/" + id, nullptr, cookie(alice)).status, 404) << "once";
  EXPECT_EQ(call(http::verb::get, "/api/account/me", nullptr, bearer(other)).status, 200) << "the other one still works";
  auto list = call(http::verb::get, "/api/account/tokens", nullptr, cookie(alice));
  ASSERT_EQ(list.body["tokens"].size(), 2u);
  for (const json& t : list.body["tokens"]) EXPECT_EQ(t["revoked_at"].get<int64_t>() != 0, t["id"] == id) << t;
}

TEST_F(ApiTokensHttpTest, ScopesBoundWhatATokenMayDo) {
  const std::string alice = account(port_, "Alice");
  const std::string board = token(alice, {"board:play"});
  const std::string bot = token(alice, {"bot:play"});
  // A game created with a board:play token is the account's.
  auto g = call(http::verb::post, "/api/games", {{"color", "white"}}, bearer(board));
  ASSERT_EQ(g.status, 201) << g.text;
  auto game = call(http::verb::get, "/api/games/" + g.body["game"].get<std::string>());
  ASSERT_EQ(game.status, 200) << game.text;
  EXPECT_NE(game.text.find("Alice"), std::string::npos) << game.text;
  auto refused = call(http::verb::post, "/api/games", {{"color", "white"}}, bearer(bot));
  EXPECT_EQ(refused.status, 403) << refused.text;
  EXPECT_EQ(refused.body["error"]["code"], "missing_scope");
  // No token acts on the account itself: tokens, password, deletion, logout.
  for (const std::string path : {"/api/account/tokens", "/api/account/password", "/api/account/delete",
                                 "/api/account/logout-all"}) {
    auto r = call(http::verb::post, path, {{"description", "x"}, {"scopes", {"bot:play"}}}, bearer(board));
    EXPECT_EQ(r.status, 403) << path << " " << r.text;
    EXPECT_EQ(r.body["error"]["code"], "token_not_allowed") << path;
  }
  EXPECT_EQ(listed(alice), 2u);
  // Anything else in Authorization is no token: refused, never taken for a guest.
  for (const std::string& value : std::vector<std::string>{"Bearer nope", "Basic YWxpY2U6eA==", "Bearer " + board + "x"}) {
    auto r = call(http::verb::get, "/api/account/me", nullptr, {{"Authorization", value}});
    EXPECT_EQ(r.status, 401) << value;
    EXPECT_EQ(r.body["error"]["code"], "bad_api_token") << value;
    EXPECT_EQ(call(http::verb::post, "/api/games", {{"color", "white"}}, {{"Authorization", value}}).status, 401) << value;
  }
}

TEST_F(ApiTokensHttpTest, BadRequestsChangeNothing) {
  const std::string alice = account(port_, "Alice");
  const json bad[] = {
      {{"description", "x"}, {"scopes", {"admin"}}},
      {{"description", "x"}, {"scopes", json::array()}},
      {{"description", "x"}, {"scopes", "bot:play"}},
      {{"description", "x"}, {"scopes", {1}}},
      {{"description", ""}, {"scopes", {"bot:play"}}},
      {{"scopes", {"bot:play"}}},
      {{"description", std::string(200, 'x')}, {"scopes", {"bot:play"}}},
  };
  for (const json& b : bad) {
    auto r = call(http::verb::post, "/api/account/tokens", b, cookie(alice));
    EXPECT_EQ(r.status, 400) << b << " " << r.text;
    EXPECT_TRUE(r.body["error"]["message"].is_string()) << r.text;
  }
  auto r = http_request(port_, http::verb::post, "/api/account/tokens", "{not json", cookie(alice));
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(call(http::verb::put, "/api/account/tokens", nullptr, cookie(alice)).status, 405);
  EXPECT_EQ(listed(alice), 0u);
  // From another site's page the cookie alone cannot make or revoke a token.
  Headers evil = cookie(alice);
  evil.emplace_back("Origin", "https://evil.example");
  EXPECT_EQ(call(http::verb::post, "/api/account/tokens", {{"description", "x"}, {"scopes", {"bot:play"}}}, evil).status,
            403);
  EXPECT_EQ(listed(alice), 0u);
}

TEST_F(ApiTokensHttpTest, EachTokenHasItsOwnRate) {
  server_.reset();
  options_.accounts.token_requests_per_second = 0.001;
  options_.accounts.token_burst = 3;
  server_ = std::make_unique<server::Server>(options_);
  std::string error;
  ASSERT_TRUE(server_->start(&error)) << error;
  port_ = server_->port();
  const std::string alice = account(port_, "Alice");
  const std::string a = token(alice, {"board:play"}), b = token(alice, {"board:play"});
  for (int i = 0; i < 3; ++i) EXPECT_EQ(call(http::verb::get, "/api/account/me", nullptr, bearer(a)).status, 200) << i;
  auto limited = call(http::verb::get, "/api/account/me", nullptr, bearer(a));
  EXPECT_EQ(limited.status, 429) << limited.text;
  EXPECT_EQ(limited.body["error"]["code"], "token_rate_limited");
  EXPECT_GT(limited.body["retry_after_s"].get<int64_t>(), 0);
  EXPECT_EQ(limited.body["error"]["params"]["retry_after_s"], limited.body["retry_after_s"]) << limited.text;
  EXPECT_EQ(call(http::verb::post, "/api/games", {{"color", "white"}}, bearer(a)).status, 429);
  EXPECT_EQ(call(http::verb::get, "/api/account/me", nullptr, bearer(b)).status, 200) << "another token has its own";
  EXPECT_EQ(call(http::verb::get, "/api/account/me", nullptr, cookie(alice)).status, 200) << "the cookie is not limited";
}

}  // namespace
