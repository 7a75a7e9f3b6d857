// Removing chat lines (moderation, issue 13): a player removes its own line, not another's; a
// moderator (the admin role) removes any; an unknown or removed line gets a clear error. The
// removal is an event of the game's log, broadcast to everyone following the game, and views
// (the game, its record) show the line as removed after a restart; the chat event with its
// text stays in the log, and a moderator's removal is in the moderation log.
#include <algorithm>

#include "account_helpers.h"
#include "server/accounts/accounts_store.h"
#include "server/db/sql.h"
#include "server/store/store.h"

using namespace yinsh;
using namespace yinsh::test;
namespace http = boost::beast::http;

namespace {

class ChatDeleteTest : public AccountServerTest {
 protected:
  // A connection with `session`'s cookie ("" for a guest) following `game` (seated with `seat_token`).
  std::unique_ptr<WsClient> follow(const std::string& game, const std::string& session, const std::string& seat_token) {
    auto ws = std::make_unique<WsClient>(port_, 0, session.empty() ? Headers{} : cookie(session));
    json hello = {{"type", "hello"}, {"game", game}, {"name", "watcher"}};
    if (!seat_token.empty()) hello["token"] = seat_token;
    ws->send(hello);
    EXPECT_TRUE(ws->recv_type("snapshot"));
    return ws;
  }
  // `from` says `text`; the line's id (its event's version), as everyone in `all` heard it.
  int64_t say(WsClient& from, const std::string& text, const std::vector<WsClient*>& all) {
    from.send({{"type", "chat"}, {"text", text}});
    int64_t id = 0;
    for (WsClient* c : all) {
      auto m = c->recv_type("chat");
      EXPECT_TRUE(m) << "no chat event for " << text;
      if (m) id = (*m)["version"].get<int64_t>();
    }
    return id;
  }
  // `c` asks to remove `line`: the error code it gets ("" when the removal was broadcast).
  std::string remove(WsClient& c, int64_t line, const std::vector<WsClient*>& all, const std::string& by = "") {
    c.send({{"type", "chat_delete"}, {"line", line}, {"id", "d"}});
    std::vector<json> skipped;
    auto m = c.recv_type(by.empty() ? "error" : "chat_deleted", 10000, &skipped);
    if (!m) {
      ADD_FAILURE() << "no answer to chat_delete " << line;
      return "?";
    }
    if (by.empty()) return (*m)["code"];
    EXPECT_EQ((*m)["line"], line);
    EXPECT_EQ((*m)["by"], by);
    for (WsClient* o : all) {
      if (o != &c) {
        EXPECT_TRUE(o->recv_type("chat_deleted")) << "the removal was not broadcast to everyone";
      }
    }
    return "";
  }
};

TEST_F(ChatDeleteTest, AuthorsRemoveTheirLinesModeratorsAnyAndTheLogKeepsThemAfterARestart) {
  const std::string alice = account(port_, "alice"), bob = account(port_, "bob"), mod = account(port_, "olivia");
  {
    std::string error;
    auto store = server::open_store(options_.db, &error);
    ASSERT_TRUE(store) << error;
    ASSERT_TRUE(server::AccountStore(*store).set_role("olivia", "admin", "test", 1));
  }
  auto c = http_request(port_, http::verb::post, "/api/games", json{{"color", "white"}}.dump(), cookie(alice));
  ASSERT_EQ(c.status, 201) << c.text;
  const std::string game = c.body["game"];
  auto j = http_request(port_, http::verb::post, "/api/games/" + game + "/join", "{}", cookie(bob));
  ASSERT_EQ(j.status, 200) << j.text;
  auto a = follow(game, alice, c.body["token"]), b = follow(game, bob, j.body["token"]);
  auto m = follow(game, mod, ""), guest = follow(game, "", "");
  const std::vector<WsClient*> all = {a.get(), b.get(), m.get(), guest.get()};

  const int64_t hello = say(*a, "hello from alice", all);
  EXPECT_EQ(remove(*b, hello, all), "not_allowed") << "bob removed alice's line";
  EXPECT_EQ(remove(*guest, hello, all), "not_allowed") << "a guest spectator removed alice's line";
  EXPECT_EQ(remove(*a, hello, all, "author"), "");
  EXPECT_EQ(remove(*a, hello, all), "unknown_chat_line") << "removed twice";
  const int64_t rude = say(*b, "something rude", all);
  EXPECT_EQ(remove(*m, rude, all, "moderator"), "");
  EXPECT_EQ(remove(*m, 9999, all), "unknown_chat_line");
  const int64_t kept = say(*guest, "a spectator's line", all);
  m->send({{"type", "chat_delete"}, {"line", "x"}});
  auto bad = m->recv_type("error");
  ASSERT_TRUE(bad);
  EXPECT_EQ((*bad)["code"], "bad_request") << *bad;

  auto check_views = [&] {
    auto g = http_request(port_, http::verb::get, "/api/games/" + game);
    ASSERT_EQ(g.status, 200) << g.text;
    const json& chat = g.body["chat"];
    ASSERT_EQ(chat.size(), 3u) << chat;
    EXPECT_EQ(chat[0]["id"], hello);
    EXPECT_TRUE(chat[0]["removed"].get<bool>());
    EXPECT_EQ(chat[0]["removed_by"], "author");
    EXPECT_EQ(chat[0]["text"], "");
    EXPECT_EQ(chat[1]["removed_by"], "moderator");
    EXPECT_EQ(chat[1]["text"], "");
    EXPECT_EQ(chat[2]["id"], kept);
    EXPECT_EQ(chat[2]["text"], "a spectator's line");
    EXPECT_FALSE(chat[2].contains("removed"));
    auto rec = http_request(port_, http::verb::get, "/api/games/" + game + "/record.json");
    ASSERT_EQ(rec.status, 200) << rec.text;
    EXPECT_EQ(rec.body["chat"], chat);
  };
  check_views();
  a.reset(), b.reset(), m.reset(), guest.reset();
  server_.reset();  // a restart: the game is read back from its log
  server_ = std::make_unique<server::Server>(options_);
  std::string error;
  ASSERT_TRUE(server_->start(&error)) << error;
  port_ = server_->port();
  check_views();
  // The log is appended to, never rewritten: the removed lines' chat events are still there.
  auto store = server::open_store(options_.db, &error);
  ASSERT_TRUE(store) << error;
  int64_t n = -1;
  store->transact([&](server::Sql& q) {
    n = server::sql_int(q.run("SELECT COUNT(*) FROM events WHERE game_id=? AND body LIKE '%something rude%'", {game})
                            .at(0)
                            .at(0));
  });
  EXPECT_EQ(n, 1);
  // The moderator's removal is in the moderation log (`yinsh admin log`), the author's not.
  const auto log = server::AccountStore(*store).moderation_log(10);
  ASSERT_FALSE(log.empty());
  EXPECT_EQ(log[0].actor, "olivia");
  EXPECT_EQ(log[0].action, "delete_chat");
  EXPECT_EQ(log[0].target, game + "/" + std::to_string(rude));
  EXPECT_EQ(log[0].detail, "bob (black): something rude");
  EXPECT_EQ(std::count_if(log.begin(), log.end(), [](const auto& l) { return l.action == "delete_chat"; }), 1);
}

}  // namespace
