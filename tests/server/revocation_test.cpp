// Revocation reaches open connections (Hub::account_changed): logout, logout everywhere, a
// password change and a deletion close (code 1008 "session ended") each open WebSocket of the
// ended sessions within a second, and only those; a moderator's close, mute and role change
// made in another process (the admin command on the database) reach the open connections
// within the next check (HubOptions::session_check_ms, 1 s); and a deleted account whose
// socket is still open gets no rated game and no rating row.
#include <chrono>

#include "account_helpers.h"
#include "lobby_helpers.h"
#include "server/accounts/accounts_store.h"
#include "server/db/sql.h"
#include "server/store/store.h"

using namespace yinsh;
using namespace yinsh::test;

namespace {

using Clock = std::chrono::steady_clock;
const json kBlitz = {{"base_ms", 300000}, {"increment_ms", 3000}};

class Revocation : public LobbyTest {
 protected:
  void SetUp() override {
    LobbyTest::SetUp();
    start();
  }
  HttpResult post(const std::string& path, const json& body, const std::string& session) {
    return http_request(port_, http::verb::post, path, body.dump(), cookie(session));
  }
  std::string login(const std::string& name) {
    auto r = http_request(port_, http::verb::post, "/api/account/login",
                          json{{"name", name}, {"password", "correct horse"}}.dump());
    EXPECT_EQ(r.status, 200) << r.text;
    return token_of(r);
  }
  // Waits up to `ms` for `l`'s socket to be closed by the server: its close code (0: still open).
  static int closed_within(Lobbyist& l, int ms) {
    const auto until = Clock::now() + std::chrono::milliseconds(ms);
    while (Clock::now() < until) {
      const int left = int(std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count());
      if (!l.ws.recv(std::max(1, left))) return int(l.ws.close_reason().code);
    }
    return 0;
  }
  // Whether `l` is still heard: a lobby command gets its answer.
  static bool still_heard(Lobbyist& l) {
    l.ws.send({{"type", "seek"}, {"clock", kBlitz}});
    return l.recv("lobby").has_value();
  }
  // A second handle on the database, as the admin command in another process has.
  server::AccountStore admin() {
    std::string error;
    other_ = server::open_store((dir_ / "games.db").string(), &error);
    EXPECT_TRUE(other_) << error;
    return server::AccountStore(*other_);
  }
  std::unique_ptr<server::Store> other_;
};

}  // namespace

TEST_F(Revocation, LogoutEverywhereClosesEverySocketOfTheAccountWithinASecond) {
  const std::string s1 = account(port_, "alice"), s2 = login("alice"), bob = account(port_, "bob");
  Lobbyist a1(port_, "", cookie(s1)), a2(port_, "", cookie(s2)), b(port_, "", cookie(bob));
  const auto t0 = Clock::now();
  ASSERT_EQ(post("/api/account/logout-all", json::object(), s1).status, 200);
  EXPECT_EQ(closed_within(a1, 1000), 1008);
  EXPECT_EQ(closed_within(a2, 1000), 1008);
  EXPECT_LT(Clock::now() - t0, std::chrono::milliseconds(1500));
  EXPECT_EQ(a1.ws.close_reason().reason, "session ended");
  EXPECT_TRUE(still_heard(b)) << "another account's socket was touched";
}

TEST_F(Revocation, LogoutAndPasswordChangeCloseOnlyTheEndedSessionsSockets) {
  const std::string s1 = account(port_, "alice"), s2 = login("alice"), s3 = login("alice");
  Lobbyist a1(port_, "", cookie(s1)), a2(port_, "", cookie(s2)), a3(port_, "", cookie(s3));
  ASSERT_EQ(post("/api/account/logout", json::object(), s2).status, 200);
  EXPECT_EQ(closed_within(a2, 1000), 1008);
  EXPECT_TRUE(still_heard(a1));
  // A new password keeps the session that changed it and ends the others.
  ASSERT_EQ(post("/api/account/password", {{"current", "correct horse"}, {"new", "battery staple"}}, s1).status, 200);
  EXPECT_EQ(closed_within(a3, 1000), 1008);
  EXPECT_TRUE(still_heard(a1));
  // Deleting the account ends the last one.
  ASSERT_EQ(post("/api/account/delete", {{"password", "battery staple"}}, s1).status, 200);
  EXPECT_EQ(closed_within(a1, 1000), 1008);
}

TEST_F(Revocation, AModeratorsCloseMuteAndRoleInAnotherProcessReachOpenSockets) {
  const std::string alice = account(port_, "alice"), bob = account(port_, "bob");
  auto c = http_request(port_, http::verb::post, "/api/games", json{{"color", "white"}}.dump(), cookie(alice));
  ASSERT_EQ(c.status, 201) << c.text;
  const std::string game = c.body["game"];
  WsClient a(port_, 0, cookie(alice));
  a.send({{"type", "hello"}, {"game", game}, {"token", c.body["token"]}});
  ASSERT_TRUE(a.recv_type("snapshot"));
  auto accounts = admin();
  ASSERT_TRUE(accounts.set_muted("alice", true, "test", 1));
  // Within the next check (1 s), alice's chat is refused on the open socket.
  std::string code;
  for (int i = 0; i < 40 && code != "muted"; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    a.send({{"type", "chat"}, {"text", "still here"}});
    auto m = a.recv(2000);
    ASSERT_TRUE(m);
    while (m && (*m)["type"] != "error" && (*m)["type"] != "chat") m = a.recv(2000);
    ASSERT_TRUE(m);
    code = (*m)["type"] == "error" ? (*m)["code"].get<std::string>() : "";
  }
  EXPECT_EQ(code, "muted") << "the mute did not reach the open socket within 2 s";
  // A moderator's close ends every session: the socket closes within the next check.
  Lobbyist b(port_, "", cookie(bob));
  const auto t0 = Clock::now();
  ASSERT_TRUE(accounts.set_closed("bob", true, "test", 2));
  EXPECT_EQ(closed_within(b, 2500), 1008);
  EXPECT_LT(Clock::now() - t0, std::chrono::milliseconds(2000));
}

// Deleted in another process, so this server is not told and the socket stays open until its
// next session check: a rated seek made before the deletion makes no game when taken, and
// the deleted account can make no seek, pairing or challenge after it.
TEST_F(Revocation, ADeletedAccountsOpenSocketGetsNoRatedGameNorRating) {
  session_check_ms = 600000;  // no check meanwhile: the lobby's own reads must refuse it
  start();
  const std::string alice = account(port_, "alice"), bob = account(port_, "bob");
  Lobbyist a(port_, "", cookie(alice)), b(port_, "", cookie(bob));
  a.ws.send({{"type", "seek"}, {"rated", true}, {"clock", kBlitz}});
  const json seen = b.view_where([](const json& v) { return v["seeks"].size() == 1; });
  auto accounts = admin();
  const auto who = accounts.by_key("alice");
  ASSERT_TRUE(who);
  ASSERT_TRUE(accounts.remove(who->id, 1));
  b.ws.send({{"type", "seek_accept"}, {"seek", seen["seeks"][0]["id"]}});
  const auto e = b.recv("error");
  ASSERT_TRUE(e) << "the rated game was made";
  EXPECT_NE((*e)["message"].get<std::string>().find("closed or deleted"), std::string::npos) << *e;
  const auto told = a.recv("error");  // the seeker hears of it too
  ASSERT_TRUE(told);
  EXPECT_EQ((*told)["code"], "not_allowed") << *told;
  for (const json& offer : {json{{"type", "seek"}, {"rated", true}, {"clock", kBlitz}},
                            json{{"type", "pair"}, {"rated", true}, {"clock", kBlitz}},
                            json{{"type", "challenge"}, {"to", "bob"}, {"rated", true}, {"clock", kBlitz}}}) {
    const json refused = a.error_for(offer);
    EXPECT_EQ(refused.value("code", ""), "session_ended") << offer << ": " << refused;
  }
  EXPECT_TRUE(b.view_where([](const json& v) { return v["seeks"].empty(); })["challenges"].empty());
  int64_t rows = -1;
  other_->transact([&](server::Sql& q) {
    rows = server::sql_int(q.run("SELECT COUNT(*) FROM ratings WHERE account_id=?", {who->id}).at(0).at(0));
  });
  EXPECT_EQ(rows, 0);
}
