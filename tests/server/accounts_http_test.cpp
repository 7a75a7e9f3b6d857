// The account endpoints over real sockets (in-process server): registration and login with
// the session cookie's flags, revocable sessions, refused duplicate and look-alike names,
// throttled wrong passwords with one message for unknown names, cross-site POSTs refused, a
// guest who registers keeping its game, deletion renaming it, and the WebSocket session
// knowing its account from the cookie.
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include "account_helpers.h"
#include "test_server.h"
#include "server/accounts/accounts_api.h"
#include "server/accounts/accounts_store.h"
#include "server/accounts/password_queue.h"
#include "server/store/store.h"

using namespace yinsh;
using namespace yinsh::test;
namespace http = boost::beast::http;

namespace {

class AccountsHttpTest : public AccountServerTest {
 protected:
  HttpResult post(const std::string& path, const json& body, const std::string& session = "",
                  Headers headers = {}) {
    if (!session.empty()) headers.emplace_back("Cookie", std::string(server::kSessionCookie) + "=" + session);
    return http_request(port_, http::verb::post, path, body.dump(), headers);
  }
  json me(const std::string& session) {
    auto r = http_request(port_, http::verb::get, "/api/account/me", "",
                          {{"Cookie", "theme=dark; " + std::string(server::kSessionCookie) + "=" + session}});
    EXPECT_EQ(r.status, 200) << r.text;
    return r.body["account"];
  }
  std::string registered(const std::string& name, const std::string& password = "correct horse") {
    return account(port_, name, password);
  }
};

TEST_F(AccountsHttpTest, RegisterSetsAnHttpOnlyLaxCookieAndLogoutRevokesItServerSide) {
  auto r = post("/api/account/register", {{"name", "Alice"}, {"password", "correct horse"}});
  ASSERT_EQ(r.status, 201) << r.text;
  EXPECT_EQ(r.body["account"]["name"], "Alice");
  const std::string cookie(r.headers[http::field::set_cookie]);
  EXPECT_NE(cookie.find("HttpOnly"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("SameSite=Lax"), std::string::npos) << cookie;
  EXPECT_NE(cookie.find("Path=/"), std::string::npos) << cookie;
  EXPECT_EQ(cookie.find("Secure"), std::string::npos) << "plain HTTP: no Secure flag: " << cookie;
  const std::string token = token_of(r);
  ASSERT_EQ(token.size(), 43u);
  EXPECT_EQ(me(token)["name"], "Alice");
  EXPECT_TRUE(me("").is_null());

  auto out = post("/api/account/logout", json::object(), token);
  ASSERT_EQ(out.status, 200) << out.text;
  EXPECT_NE(std::string(out.headers[http::field::set_cookie]).find("Max-Age=0"), std::string::npos);
  EXPECT_TRUE(me(token).is_null()) << "the old cookie must not open the session any more";

  auto in = post("/api/account/login", {{"name", "ALICE"}, {"password", "correct horse"}});
  ASSERT_EQ(in.status, 200) << in.text;
  EXPECT_EQ(me(token_of(in))["name"], "Alice");
  // X-Forwarded-Proto from a client that is not a trusted proxy says nothing.
  auto forged = post("/api/account/login", {{"name", "alice"}, {"password", "correct horse"}}, "",
                     {{"X-Forwarded-Proto", "https"}});
  ASSERT_EQ(forged.status, 200) << forged.text;
  EXPECT_EQ(std::string(forged.headers[http::field::set_cookie]).find("Secure"), std::string::npos);
  // Behind a trusted TLS proxy (X-Forwarded-Proto: https; a CIDR range here) the cookie is Secure.
  server_.reset();
  options_.net.trusted_proxies = {"127.0.0.0/8"};
  server_ = std::make_unique<server::Server>(options_);
  std::string error;
  ASSERT_TRUE(server_->start(&error)) << error;
  port_ = server_->port();
  auto tls = post("/api/account/login", {{"name", "alice"}, {"password", "correct horse"}}, "",
                  {{"X-Forwarded-Proto", "https"}});
  ASSERT_EQ(tls.status, 200) << tls.text;
  EXPECT_NE(std::string(tls.headers[http::field::set_cookie]).find("; Secure"), std::string::npos);
}

TEST_F(AccountsHttpTest, DuplicateAndLookAlikeNamesAreRefused) {
  registered("Olivia");
  auto dup = post("/api/account/register", {{"name", "olivia"}, {"password", "another one"}});
  EXPECT_EQ(dup.status, 409);
  EXPECT_EQ(dup.body["error"]["code"], "name_taken");
  auto alike = post("/api/account/register", {{"name", "0l1v1a"}, {"password", "another one"}});
  EXPECT_EQ(alike.status, 409);
  EXPECT_EQ(alike.body["error"]["code"], "name_look_alike");
  auto wide = post("/api/account/register", {{"name", "\xEF\xBC\xAFlivia"}, {"password", "another one"}});  // full-width O
  EXPECT_EQ(wide.status, 409) << wide.text;
  auto bad = post("/api/account/register", {{"name", "a b"}, {"password", "another one"}});
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.body["error"]["code"], "bad_name");
  auto weak = post("/api/account/register", {{"name", "Olaf"}, {"password", "short"}});
  EXPECT_EQ(weak.status, 400);
  EXPECT_EQ(weak.body["error"]["code"], "bad_password");
}

TEST_F(AccountsHttpTest, WrongPasswordsAreThrottledWithOneMessageForUnknownNames) {
  registered("bob");
  auto unknown = post("/api/account/login", {{"name", "nobody"}, {"password", "whatever1"}});
  auto wrong = post("/api/account/login", {{"name", "bob"}, {"password", "whatever1"}});
  ASSERT_EQ(unknown.status, 401);
  ASSERT_EQ(wrong.status, 401);
  EXPECT_EQ(unknown.body, wrong.body) << "an unknown name and a wrong password must be told apart by nothing";
  // Keep failing: the delays grow (1 s, 2 s, 4 s, ...), so however slow the machine, an
  // attempt soon comes too early and is refused unheard, even with the right password.
  int refused_at = -1;
  for (int i = 0; i < 12 && refused_at < 0; ++i) {
    auto r = post("/api/account/login", {{"name", "bob"}, {"password", "whatever1"}});
    if (r.status == 429) refused_at = i;
    else ASSERT_EQ(r.status, 401) << r.text;
  }
  ASSERT_GE(refused_at, 0) << "never throttled";
  auto right = post("/api/account/login", {{"name", "bob"}, {"password", "correct horse"}});
  EXPECT_EQ(right.status, 429) << right.text;
  EXPECT_EQ(right.body["error"]["code"], "login_throttled");
  EXPECT_FALSE(std::string(right.headers[http::field::retry_after]).empty());
  EXPECT_GE(right.body["error"]["params"]["retry_after_s"].get<int64_t>(), 1) << right.text;  // the web's sentence reads it
  EXPECT_EQ(right.body["error"]["params"]["retry_after_s"], right.body["retry_after_s"]);
}

// A guest's seat may not take an account's name (or a look-alike of it) nor the computer's;
// an account's seat is marked as one in the views' data, a guest's is not.
TEST_F(AccountsHttpTest, GuestsCannotPassForAnAccountOrTheComputer) {
  const std::string alice = registered("alice");
  auto guest = [&](const std::string& name) {
    return http_request(port_, http::verb::post, "/api/games", json{{"color", "white"}, {"name", name}}.dump());
  };
  for (const std::string name : {"alice", "ALICE", "4lice", "al1ce"}) {
    const auto r = guest(name);
    EXPECT_EQ(r.status, 409) << name << ": " << r.text;
    EXPECT_EQ(r.body["error"]["code"], "name_taken") << name;
  }
  for (const std::string name : {"Computer (level 8)", "computer", "COMPUTER-3"}) {
    const auto r = guest(name);
    EXPECT_EQ(r.status, 409) << name << ": " << r.text;
    EXPECT_EQ(r.body["error"]["code"], "name_reserved") << name;
  }
  const auto carol = guest("carol");
  ASSERT_EQ(carol.status, 201) << carol.text;
  const std::string game = carol.body["game"];
  EXPECT_EQ(carol.body["snapshot"]["state"]["seats"]["white"]["account"], false) << carol.text;
  EXPECT_EQ(http_request(port_, http::verb::post, "/api/games/" + game + "/join", json{{"name", "Alice"}}.dump()).status,
            409);
  const auto joined = http_request(port_, http::verb::post, "/api/games/" + game + "/join", "{}", cookie(alice));
  ASSERT_EQ(joined.status, 200) << joined.text;
  EXPECT_EQ(joined.body["snapshot"]["state"]["seats"]["black"]["name"], "alice");
  EXPECT_EQ(joined.body["snapshot"]["state"]["seats"]["black"]["account"], true) << joined.text;
}

// Over the WebSocket too: a guest's name in a hello (its chat lines), in a join (its seat) and
// in the lobby (its seeks) may not be an account's or a look-alike: it is shown as "Guest".
TEST_F(AccountsHttpTest, GuestsCannotPassForAnAccountOverTheWebSocket) {
  registered("alice");
  const std::string game = post("/api/games", {{"name", "host"}}).body["game"];
  WsClient talker(port_);
  talker.send({{"type", "hello"}, {"game", game}, {"name", "ALICE"}});
  ASSERT_TRUE(talker.recv_type("snapshot"));
  talker.send({{"type", "chat"}, {"text", "hi"}});
  auto line = talker.recv_type("chat");
  ASSERT_TRUE(line) << "no chat event";
  EXPECT_EQ(line->dump().find("ALICE"), std::string::npos) << *line;
  EXPECT_NE(line->dump().find("Guest"), std::string::npos) << *line;

  WsClient seated(port_);
  seated.send({{"type", "hello"}, {"game", game}});
  ASSERT_TRUE(seated.recv_type("snapshot"));
  seated.send({{"type", "join"}, {"name", "4lice"}});
  ASSERT_TRUE(seated.recv_type("seat"));
  const auto g = http_request(port_, http::verb::get, "/api/games/" + game);
  const json& seats = g.body["state"]["seats"];
  EXPECT_EQ(seats["white"]["name"] == "host" ? seats["black"]["name"] : seats["white"]["name"], "Guest") << g.text;

  // In the lobby: a look-alike is "Guest", a free name is the guest's.
  for (const auto& [typed, shown] : {std::pair<std::string, std::string>{"al1ce", "Guest"}, {"carol", "carol"}}) {
    WsClient lobby(port_);
    lobby.send({{"type", "lobby"}, {"name", typed}});
    lobby.send({{"type", "seek"}});
    json mine;  // its own seek (the one before may still be shown while its connection closes)
    for (int i = 0; i < 10 && mine.is_null(); ++i) {
      auto view = lobby.recv_type("lobby");
      ASSERT_TRUE(view) << typed;
      for (const auto& seek : (*view)["seeks"])
        if (seek.value("mine", false)) mine = seek;
    }
    ASSERT_FALSE(mine.is_null()) << typed;
    EXPECT_EQ(mine["name"], shown) << typed;
  }
}

TEST_F(AccountsHttpTest, CrossSitePostsAreRefusedAndSameSiteOnesPass) {
  const std::vector<std::pair<std::string, std::string>> evil = {{"Origin", "https://evil.example"}};
  auto r = post("/api/account/register", {{"name", "carol"}, {"password", "correct horse"}}, "", evil);
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(r.body["error"]["code"], "origin_refused");
  auto g = post("/api/games", {{"name", "x"}}, "", evil);
  EXPECT_EQ(g.status, 403);
  const std::string token = registered("carol");  // nothing was created by the refused one
  auto out = post("/api/account/logout", json::object(), token, evil);
  EXPECT_EQ(out.status, 403);
  EXPECT_EQ(me(token)["name"], "carol");
  const std::string self = "http://127.0.0.1:" + std::to_string(port_);
  auto same = post("/api/account/logout", json::object(), token, {{"Origin", self}, {"Host", "127.0.0.1:" + std::to_string(port_)}});
  EXPECT_EQ(same.status, 200) << same.text;
}

TEST_F(AccountsHttpTest, PasswordChangeEndsOtherSessionsAndLogoutEverywhereEndsAll) {
  const std::string a = registered("dora", "first password");
  auto second = post("/api/account/login", {{"name", "dora"}, {"password", "first password"}});
  const std::string b = token_of(second);
  auto bad = post("/api/account/password", {{"current", "not it at all"}, {"new", "second password"}}, a);
  EXPECT_EQ(bad.status, 401);
  auto ok = post("/api/account/password", {{"current", "first password"}, {"new", "second password"}}, a);
  ASSERT_EQ(ok.status, 200) << ok.text;
  EXPECT_EQ(me(a)["name"], "dora");
  EXPECT_TRUE(me(b).is_null());
  EXPECT_EQ(post("/api/account/login", {{"name", "dora"}, {"password", "first password"}}).status, 401);
  const std::string c = token_of(post("/api/account/login", {{"name", "dora"}, {"password", "second password"}}));
  auto all = post("/api/account/logout-all", json::object(), c);
  ASSERT_EQ(all.status, 200);
  EXPECT_EQ(all.body["sessions_ended"], 2);
  EXPECT_TRUE(me(a).is_null());
  EXPECT_TRUE(me(c).is_null());
  EXPECT_EQ(post("/api/account/logout-all", json::object(), c).status, 401);
}

TEST_F(AccountsHttpTest, GuestWhoRegistersKeepsItsGameAndDeletionRenamesIt) {
  auto g = post("/api/games", {{"name", "erin"}});
  ASSERT_EQ(g.status, 201) << g.text;
  const std::string game = g.body["game"], seat_token = g.body["token"];
  auto r = post("/api/account/register",
                {{"name", "Erin"}, {"password", "correct horse"}, {"seats", {{{"game", game}, {"token", seat_token}}}}});
  ASSERT_EQ(r.status, 201) << r.text;
  EXPECT_EQ(r.body["claimed"], 1);
  {  // the game is the account's now
    std::string error;
    auto store = server::open_store(options_.db, &error);
    ASSERT_TRUE(store) << error;
    int64_t n = 0;
    store->transact([&](server::Sql& q) {
      n = server::sql_int(q.run("SELECT COUNT(*) FROM games g JOIN accounts a ON a.id=g.white_account OR "
                                "a.id=g.black_account WHERE a.name='Erin' AND g.id=?", {game}).at(0).at(0));
    });
    EXPECT_EQ(n, 1);
  }
  auto wrong = post("/api/account/delete", {{"password", "not the password"}}, token_of(r));
  EXPECT_EQ(wrong.status, 401);
  auto del = post("/api/account/delete", {{"password", "correct horse"}}, token_of(r));
  ASSERT_EQ(del.status, 200) << del.text;
  auto list = http_request(port_, http::verb::get, "/api/games");
  ASSERT_EQ(list.body["games"].size(), 1u);
  const json& row = list.body["games"][0];
  EXPECT_TRUE(row["white"] == "deleted" || row["black"] == "deleted") << row;
  EXPECT_EQ(post("/api/account/login", {{"name", "erin"}, {"password", "correct horse"}}).status, 401);
}

TEST_F(AccountsHttpTest, WebSocketSessionKnowsItsAccount) {
  const std::string token = registered("frank");
  auto g = post("/api/games", {{"name", "host"}});
  ASSERT_EQ(g.status, 201);
  const std::string game = g.body["game"];
  {  // muted by a moderator
    std::string error;
    auto store = server::open_store(options_.db, &error);
    ASSERT_TRUE(store) << error;
    server::AccountStore accounts(*store);
    ASSERT_TRUE(accounts.set_muted("frank", true, "test", 1));
  }
  WsClient muted(port_, 0, {{"Cookie", std::string(server::kSessionCookie) + "=" + token}});
  muted.send({{"type", "hello"}, {"game", game}, {"name", "someone else"}});
  ASSERT_TRUE(muted.recv_type("snapshot"));
  muted.send({{"type", "chat"}, {"text", "hello"}});
  auto e = muted.recv_type("error");
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "muted");
  // A guest may chat, under the name it gives.
  WsClient guest(port_);
  guest.send({{"type", "hello"}, {"game", game}, {"name", "gus"}});
  ASSERT_TRUE(guest.recv_type("snapshot"));
  guest.send({{"type", "chat"}, {"text", "hi"}});
  auto line = guest.recv_type("chat");
  ASSERT_TRUE(line) << "no chat event";
  EXPECT_NE(line->dump().find("gus"), std::string::npos) << *line;
  // Online now: the account (not the guest).
  auto online = http_request(port_, http::verb::get, "/api/online");
  ASSERT_EQ(online.status, 200) << online.text;
  EXPECT_EQ(online.body["players"], json::array({"frank"}));
}

TEST_F(AccountsHttpTest, OnlineNowForgetsClosedConnections) {
  const std::string token = registered("gina");
  auto g = post("/api/games", {{"name", "host"}});
  {
    WsClient ws(port_, 0, {{"Cookie", std::string(server::kSessionCookie) + "=" + token}});
    ws.send({{"type", "hello"}, {"game", g.body["game"]}});
    ASSERT_TRUE(ws.recv_type("snapshot"));
    EXPECT_EQ(http_request(port_, http::verb::get, "/api/online").body["players"], json::array({"gina"}));
  }
  json players;
  for (int i = 0; i < 1000; ++i) {  // the server sees the close a moment later
    players = http_request(port_, http::verb::get, "/api/online").body["players"];
    if (players.empty()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_TRUE(players.empty()) << players;
}

TEST(SessionCookie, SecureOnlyOverTlsAndParsedAmongOthers) {
  EXPECT_NE(server::session_cookie("t", true).find("; Secure"), std::string::npos);
  EXPECT_EQ(server::session_cookie("t", false).find("Secure"), std::string::npos);
  EXPECT_EQ(server::cookie_value("a=1; yinsh_session=abc; b=2", "yinsh_session"), "abc");
  EXPECT_EQ(server::cookie_value("xyinsh_session=abc", "yinsh_session"), "");
}

// Calls AccountsApi::handle directly with any client address (the tests below need many),
// and waits for the replies.
class DirectApi {
 public:
  DirectApi(server::Store& store, server::AccountLimits limits) : api_(store, nullptr, limits) {}
  // Sends without waiting; the reply goes to `replies` under `what`.
  void send(const std::string& method, const std::string& path, const json& body, const std::string& address,
            const std::string& what, const std::string& session = "") {
    api_.handle({method, path, "", body.is_null() ? "" : body.dump(), session, address}, [this, what](server::HttpReply r) {
      std::lock_guard lock(m_);
      replies_.emplace_back(what, std::move(r));
      cv_.notify_all();
    });
  }
  // Sends and waits for this one reply.
  server::HttpReply call(const std::string& path, const json& body, const std::string& address) {
    const std::string what = "call" + std::to_string(++calls_);
    send("POST", path, body, address, what);
    std::unique_lock lock(m_);
    server::HttpReply out;
    cv_.wait(lock, [&] {
      for (auto& [w, r] : replies_)
        if (w == what) return out = r, true;
      return false;
    });
    return out;
  }
  // Waits until `n` replies have come (false after 120 s).
  bool wait_for(size_t n) {
    std::unique_lock lock(m_);
    return cv_.wait_for(lock, std::chrono::seconds(120), [&] { return replies_.size() >= n; });
  }
  std::vector<std::pair<std::string, server::HttpReply>> replies() {
    std::lock_guard lock(m_);
    return replies_;
  }
  server::AccountsApi& api() { return api_; }

 private:
  server::AccountsApi api_;
  std::mutex m_;
  std::condition_variable cv_;
  std::vector<std::pair<std::string, server::HttpReply>> replies_;
  int calls_ = 0;
};

// A store on a fresh SQLite file for the direct tests.
class DirectApiTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    store_ = server::open_store((dir_ / "games.db").string(), &error);
    ASSERT_TRUE(store_) << error;
  }
  void TearDown() override { store_.reset(); }  // closed before the directory goes
  static json login(const std::string& name, const std::string& password = "correct horse") {
    return {{"name", name}, {"password", password}};
  }
  test::ScratchDir dir_{"yinsh-direct"};
  std::unique_ptr<server::Store> store_;
};

// A job's delivery runs after its slot is released: a client that has its answer and asks
// again at once finds its share free (it was refused as busy when the reply went first).
TEST(PasswordQueue, AClientWithItsReplyFindsItsShareFree) {
  using server::PasswordQueue;
  PasswordQueue q(1, 1, 4);
  std::mutex m;
  std::condition_variable cv;
  std::optional<PasswordQueue::Refused> again;
  ASSERT_EQ(q.submit("1.2.3.4",
                     [&]() -> PasswordQueue::Deliver {
                       return [&] {  // the client has its reply and asks again
                         const auto refused = q.submit("1.2.3.4", [] { return PasswordQueue::Deliver{}; });
                         std::lock_guard lock(m);
                         again = refused;
                         cv.notify_all();
                       };
                     }),
            PasswordQueue::Refused::No);
  std::unique_lock lock(m);
  ASSERT_TRUE(cv.wait_for(lock, std::chrono::seconds(10), [&] { return again.has_value(); }));
  EXPECT_EQ(*again, PasswordQueue::Refused::No);
  lock.unlock();
  q.stop();
}

// A session lookup (another pool) is answered while the password threads are full.
TEST_F(DirectApiTest, SessionsDoNotWaitBehindPasswordWork) {
  server::AccountLimits limits;
  limits.password_threads = 1;
  DirectApi d(*store_, limits);
  const auto reg = d.call("/api/account/register", login("stormy"), "127.0.0.1");
  ASSERT_EQ(reg.status, 201);
  const std::string token = reg.set_cookie.substr(14, 43);
  for (int i = 0; i < 20; ++i) d.send("POST", "/api/account/login", login("stormy"), "127.0.0.1", "login");
  d.send("GET", "/api/account/me", nullptr, "127.0.0.1", "me", token);
  ASSERT_TRUE(d.wait_for(22));
  const auto replies = d.replies();
  long ok = 0, busy = 0, me = -1, last_login = -1;
  for (size_t i = 1; i < replies.size(); ++i) {
    const auto& [what, r] = replies[i];
    ok += r.status == 200;
    busy += r.status == 503;
    if (what == "me") me = long(i);
    else last_login = long(i);
  }
  EXPECT_EQ(ok + busy, 21) << "only successes and refusals as busy";
  EXPECT_EQ(busy, 20 - limits.password_jobs_per_address) << "one address holds at most its share of jobs";
  EXPECT_LT(me, last_login) << "the session lookup waited behind the password queue";
}

// The login storm from one address while five others log in: the storm's address gets its
// share of the password threads (and 503 busy beyond it), every other address's login succeeds.
TEST_F(DirectApiTest, AStormFromOneAddressLeavesOtherAddressesTheirLogins) {
  DirectApi d(*store_, {});
  for (int i = 2; i <= 7; ++i)
    ASSERT_EQ(d.call("/api/account/register", login("user" + std::to_string(i)), "127.0.0." + std::to_string(i)).status, 201);
  // The storm: 30 logins at once from 127.0.0.2, then 10 more every 20 ms until the others are done.
  size_t sent = 0;
  auto storm = [&](int n) {
    for (int i = 0; i < n; ++i, ++sent) d.send("POST", "/api/account/login", login("user2"), "127.0.0.2", "storm");
  };
  storm(30);
  for (int i = 3; i <= 7; ++i)
    d.send("POST", "/api/account/login", login("user" + std::to_string(i)), "127.0.0." + std::to_string(i),
           "other" + std::to_string(i));
  sent += 5;
  while (true) {
    ASSERT_TRUE(d.wait_for(6 + sent - 20));
    int others = 0;
    for (const auto& [what, r] : d.replies()) others += what.rfind("other", 0) == 0;
    if (others == 5) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    storm(10);
  }
  ASSERT_TRUE(d.wait_for(6 + sent));
  long storm_ok = 0, storm_busy = 0;
  for (const auto& [what, r] : d.replies()) {
    if (what.rfind("other", 0) == 0) {
      EXPECT_EQ(r.status, 200) << what << ": " << r.body.dump();
    }
    if (what == "storm") {
      EXPECT_TRUE(r.status == 200 || r.status == 503) << r.status;
      (r.status == 200 ? storm_ok : storm_busy)++;
    }
  }
  EXPECT_GE(storm_ok, 1);
  EXPECT_GE(storm_busy, 1) << "the storm's address was not held to its share";
}

// Failed logins from anywhere do not lock the owner out: the owner logs in from a fresh address
// after 10 failures elsewhere; the address that keeps guessing is throttled.
TEST_F(DirectApiTest, TheOwnerLogsInFromAFreshAddressAfterFailuresElsewhere) {
  DirectApi d(*store_, {});
  ASSERT_EQ(d.call("/api/account/register", login("bob"), "198.51.100.1").status, 201);
  for (int i = 1; i <= 10; ++i)
    EXPECT_EQ(d.call("/api/account/login", login("bob", "wrong guess"), "203.0.113." + std::to_string(i)).status, 401);
  // One address that keeps guessing soon waits (1 s, 2 s, 4 s, ...): refused unheard.
  int refused_at = -1;
  for (int i = 0; i < 12 && refused_at < 0; ++i) {
    const auto r = d.call("/api/account/login", login("bob", "wrong guess"), "203.0.113.50");
    if (r.status == 429) refused_at = i;
    else EXPECT_EQ(r.status, 401);
  }
  EXPECT_GE(refused_at, 5) << "the first failures of an (account, address) are free";
  EXPECT_EQ(d.call("/api/account/login", login("bob"), "203.0.113.50").status, 429) << "that address waits";
  const auto owner = d.call("/api/account/login", login("bob"), "192.0.2.44");
  EXPECT_EQ(owner.status, 200) << owner.body.dump();
  EXPECT_EQ(d.call("/api/account/login", login("bob"), "198.51.100.1").status, 200) << "nor from the owner's own";
}

// Registrations are limited per address: a few at once, then 429 registration_limited with how
// long to wait; other addresses are not affected, and a refused registration creates nothing.
TEST_F(DirectApiTest, RegistrationsAreLimitedPerAddress) {
  server::AccountLimits limits;
  DirectApi d(*store_, limits);
  const int burst = int(limits.registration_burst);
  const auto started = std::chrono::steady_clock::now();
  for (int i = 0; i < burst; ++i)
    EXPECT_EQ(d.call("/api/account/register", login("many" + std::to_string(i)), "203.0.113.9").status, 201);
  const auto refused = d.call("/api/account/register", login("onemore"), "203.0.113.9");
  // The bucket refills while the burst's password work runs: the wait is one interval less that time.
  const auto spent_s = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - started);
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(refused.body["error"]["code"], "registration_limited");
  EXPECT_GE(refused.body["retry_after_s"].get<int>(), 3600 / int(limits.registrations_per_hour) - 1 - int(spent_s.count()));
  EXPECT_LE(refused.body["retry_after_s"].get<int>(), 3600 / int(limits.registrations_per_hour));
  EXPECT_EQ(d.call("/api/account/login", login("onemore"), "198.51.100.2").status, 401) << "no account was made";
  EXPECT_EQ(d.call("/api/account/register", login("elsewhere"), "198.51.100.2").status, 201);
}

}  // namespace
