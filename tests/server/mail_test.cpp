// E-mail (docs/accounts.md "E-mail", docs/api.md 2.1): the text of a mail, addresses, the
// outbox through a real SMTP server (aiosmtpd) that is killed during a burst and comes back,
// address verification and password reset end to end, and the notifications the mailer finds
// in the store: "your turn" once per game and move, batched per player, on two servers at once.
#include <set>
#include <thread>

#include "account_helpers.h"
#include "server/common/clock.h"
#include "server/mail/mailer.h"
#include "server/mail/message.h"
#include "server/mail/email_store.h"
#include "server/store/challenge_store.h"
#include "server/store/store.h"
#include "smtp_sink.h"
#include "ws_client.h"
#include "test_server.h"
#include "test_store.h"

namespace yinsh::test {
namespace {

using beast::http::verb;
using server::Sql;

constexpr int64_t kHour = 3600LL * 1000;

template <class F>
bool eventually(F&& f, int ms = 30000) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  while (std::chrono::steady_clock::now() < until) {
    if (f()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return f();
}

// The token of the link "...#<kind>=TOKEN" in a mail ("" when there is none).
std::string link_token(const std::string& mail, const std::string& kind) {
  const size_t at = mail.find("#" + kind + "=");
  if (at == std::string::npos) return {};
  std::string t;
  for (size_t i = at + kind.size() + 2; i < mail.size(); ++i) {
    const char c = mail[i];
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.') break;
    t += c;
  }
  return t;
}

std::string header(const std::string& mail, const std::string& name) {
  const size_t at = mail.find("\n" + name + ": ");
  if (at == std::string::npos) return {};
  const size_t from = at + name.size() + 3;
  return mail.substr(from, mail.find_first_of("\r\n", from) - from);
}

TEST(MailText, HeadersLinesAndNoInjection) {
  server::MailText m{"bob@example.org", "Dein Zug – Spiel 1\r\nBcc: evil@example.org", "line one\nline two",
                     "https://y.example/api/account/unsubscribe?token=t"};
  const std::string text = server::compose_mail(m, "YINSH <noreply@y.example>", "abc123", "y.example", 0);
  EXPECT_NE(text.find("Message-ID: <abc123@y.example>\r\n"), std::string::npos);
  EXPECT_NE(text.find("Date: Thu, 01 Jan 1970 00:00:00 +0000\r\n"), std::string::npos);
  EXPECT_NE(text.find("List-Unsubscribe: <https://y.example/api/account/unsubscribe?token=t>\r\n"), std::string::npos);
  EXPECT_NE(text.find("List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n"), std::string::npos);
  EXPECT_NE(text.find("Subject: =?UTF-8?B?"), std::string::npos);  // not ASCII: an encoded word
  EXPECT_EQ(text.find("\nBcc:"), std::string::npos);
  EXPECT_NE(text.find("\r\n\r\nline one\r\nline two\r\n"), std::string::npos);
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') {
      ASSERT_TRUE(i > 0 && text[i - 1] == '\r') << "a bare LF at " << i;
    }
}

TEST(MailText, Addresses) {
  EXPECT_EQ(server::normalise_address("  Alice.B+yinsh@Example.ORG "), "Alice.B+yinsh@example.org");
  for (const char* bad : {"", "a@b", "a b@c.de", "a@@b.de", "a@b..de", "@b.de", "a@-b.de", ".a@b.de", "a.@b.de",
                          "a@b.de\r\nBcc: x@y.de", "a@b_c.de", "ä@b.de"})
    EXPECT_EQ(server::normalise_address(bad), "") << bad;
  EXPECT_EQ(server::normalise_address(std::string(250, 'a') + "@b.de"), "");
  EXPECT_EQ(server::bare_address("YINSH <noreply@y.example>"), "noreply@y.example");
}

// A burst of 500 mails; the relay is killed after the first ones and started again a moment
// later: every mail arrives, each exactly once (counted at the SMTP server, by Message-ID).
TEST(Mailer, RelayKilledDuringABurstOf500LosesNoneAndSendsNoneTwice) {
  if (!SmtpSink::available()) GTEST_SKIP() << "python3-aiosmtpd is not installed";
  ScratchDir dir("yinsh-mail-burst");
  SmtpSink sink(dir / "maildir");
  ASSERT_TRUE(sink.start());
  std::string error;
  auto store = server::open_store((dir / "games.db").string(), &error);
  ASSERT_TRUE(store) << error;
  server::Transactor tx = [&](const std::function<void(Sql&)>& w) { store->transact(w); };
  server::MailOptions o;
  o.relay.url = sink.url();
  o.relay.timeout_ms = 3000;
  o.from = "YINSH <noreply@y.example>";
  o.poll_ms = 50;
  server::Mailer mailer(tx, server::system_clock(), o);
  store->transact([&](Sql& sql) {
    for (int i = 0; i < 500; ++i) {
      const server::MailText m{"p" + std::to_string(i) + "@y.example", "mail " + std::to_string(i), "hello", ""};
      server::Outbox::add(sql, m.to, server::MailKind::YourTurn, server::now_ms(), [&](const std::string& id) {
        return server::compose_mail(m, o.from, id, "y.example", server::now_ms());
      });
    }
  });
  mailer.start();
  ASSERT_TRUE(eventually([&] { return sink.count() >= 60; }));
  sink.stop();  // the relay dies in the middle of the burst
  const size_t before = sink.count();
  EXPECT_LT(before, 500u);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  EXPECT_GT(mailer.counts().queued, 0);
  ASSERT_TRUE(sink.start());
  ASSERT_TRUE(eventually([&] { return mailer.counts().sent == 500; }, 120000)) << mailer.counts().sent;
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  mailer.stop();
  const auto mails = sink.mails();
  std::set<std::string> ids, subjects;
  for (const auto& m : mails) {
    ids.insert(header(m, "Message-ID"));
    subjects.insert(header(m, "Subject"));
  }
  EXPECT_EQ(mails.size(), 500u);
  EXPECT_EQ(ids.size(), 500u);
  EXPECT_EQ(subjects.size(), 500u);
  EXPECT_EQ(mailer.counts().queued, 0);
  EXPECT_EQ(mailer.counts().gave_up, 0);
}

class MailServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!SmtpSink::available()) GTEST_SKIP() << "python3-aiosmtpd is not installed";
    ASSERT_TRUE(sink.start());
    auto o = test_server_options(dir.path());
    o.mail.relay.url = sink.url();
    o.mail.from = "YINSH <noreply@y.example>";
    o.mail.poll_ms = 50;
    o.mail.site_url = "https://y.example";
    o.mail.notify_check_ms = 100;
    srv = start_test_server(o);
    ASSERT_TRUE(srv);
    port = srv->port();
  }
  HttpResult post(const std::string& path, const json& body, const std::string& session = "") {
    return http_request(port, verb::post, path, body.dump(), session.empty() ? Headers{} : cookie(session));
  }
  // The newest mail to `to` whose text has `marker` (waits for it).
  std::string mail_to(const std::string& to, const std::string& marker) {
    std::string found;
    eventually([&] {
      for (const auto& m : sink.mails())
        if (header(m, "To") == to && m.find(marker) != std::string::npos) found = m;
      return !found.empty();
    });
    return found;
  }

  ScratchDir dir{"yinsh-mail"};
  SmtpSink sink{dir / "maildir"};
  std::unique_ptr<server::Server> srv;
  uint16_t port = 0;
};

TEST_F(MailServerTest, AddressVerificationAndPasswordResetEndToEnd) {
  const std::string alice = account(port, "alice", "first password");
  // Not an address: refused, nothing stored.
  auto r = post("/api/account/email", {{"address", "alice at example"}}, alice);
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body["error"]["code"], "bad_email");
  r = post("/api/account/email", {{"address", "Alice@Example.org"}}, alice);
  ASSERT_EQ(r.status, 202) << r.text;
  EXPECT_EQ(r.body["email"]["address"], "Alice@example.org");
  EXPECT_EQ(r.body["email"]["verified"], false);
  // Before verification, no reset goes to the address (the same answer).
  EXPECT_EQ(post("/api/account/password-reset", {{"login", "alice"}}).status, 202);
  const std::string verify_mail = mail_to("Alice@example.org", "#verify=");
  ASSERT_FALSE(verify_mail.empty());
  const std::string verify = link_token(verify_mail, "verify");
  ASSERT_EQ(verify.size(), 43u);  // 32 random bytes, base64url
  r = post("/api/account/email/verify", {{"token", verify}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["name"], "alice");
  EXPECT_EQ(r.body["email"]["verified"], true);
  EXPECT_EQ(post("/api/account/email/verify", {{"token", verify}}).body["error"]["code"], "link_expired");  // spent

  // Unknown names and addresses get the very answer a real one gets, and no mail.
  const size_t mails_before = sink.count();
  for (const char* login : {"nobody", "nobody@example.org"}) {
    r = post("/api/account/password-reset", {{"login", login}});
    EXPECT_EQ(r.status, 202);
    EXPECT_EQ(r.body, (json{{"ok", true}}));
  }
  r = post("/api/account/password-reset", {{"login", "ALICE@example.org"}});
  EXPECT_EQ(r.status, 202);
  const std::string reset_mail = mail_to("Alice@example.org", "#reset=");
  ASSERT_FALSE(reset_mail.empty());
  EXPECT_EQ(sink.count(), mails_before + 1);
  const std::string reset = link_token(reset_mail, "reset");
  ASSERT_EQ(reset.size(), 43u);
  // A guessed token, a weak password: refused, nothing changes.
  EXPECT_EQ(post("/api/account/password-reset/confirm", {{"token", std::string(43, 'A')}, {"password", "new password 1"}})
                .body["error"]["code"],
            "link_expired");
  EXPECT_EQ(post("/api/account/password-reset/confirm", {{"token", reset}, {"password", "short"}}).body["error"]["code"],
            "bad_password");
  r = post("/api/account/password-reset/confirm", {{"token", reset}, {"password", "new password 1"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["name"], "alice");
  // Used once: never again.
  EXPECT_EQ(post("/api/account/password-reset/confirm", {{"token", reset}, {"password", "new password 2"}})
                .body["error"]["code"],
            "link_expired");
  // Every session ended; the old password is gone, the new one works.
  EXPECT_TRUE(http_request(port, verb::get, "/api/account/me", "", cookie(alice)).body["account"].is_null());
  EXPECT_EQ(post("/api/account/login", {{"name", "alice"}, {"password", "first password"}}).status, 401);
  EXPECT_EQ(post("/api/account/login", {{"name", "alice"}, {"password", "new password 1"}}).status, 200);
}

// A correspondence challenge to an account connected nowhere waits in the store; the account
// gets it by mail (a real SMTP exchange), sees it when it connects, and accepting it makes the
// game and tells the challenger by a notice.
TEST_F(MailServerTest, AChallengeToAnAccountAwayIsMailedAndWaitsForIt) {
  const std::string bob = account(port, "bob");
  ASSERT_EQ(post("/api/account/email", {{"address", "bob@example.org"}}, bob).status, 202);
  ASSERT_EQ(post("/api/account/email/verify", {{"token", link_token(mail_to("bob@example.org", "#verify="), "verify")}})
                .status,
            200);
  WsClient alice(port, 0, cookie(account(port, "alice")));
  alice.send({{"type", "challenge"}, {"to", "Bob"}, {"clock", {{"days", 3}}}, {"rated", true}, {"id", 1}});
  auto stored = alice.recv_type("info");
  ASSERT_TRUE(stored);
  EXPECT_EQ((*stored)["code"], "challenge_stored") << *stored;
  EXPECT_EQ((*stored)["params"]["days"], 14);
  const std::string mail = mail_to("bob@example.org", "challenges you");
  ASSERT_FALSE(mail.empty());
  EXPECT_EQ(header(mail, "Subject"), "alice challenges you to a game of YINSH");
  EXPECT_NE(mail.find("from alice: 3 days per move, rated"), std::string::npos) << mail;
  EXPECT_NE(header(mail, "List-Unsubscribe").find(".challenges."), std::string::npos) << mail;
  // Bob comes: the challenge is in his lobby, marked as stored; he accepts it.
  WsClient b(port, 0, cookie(bob));
  b.send({{"type", "lobby"}});
  json challenge;
  for (int i = 0; i < 50 && challenge.is_null(); ++i) {
    auto v = b.recv_type("lobby");
    ASSERT_TRUE(v);
    for (const json& c : (*v)["challenges"])
      if (c["from"] == "alice") challenge = c;
  }
  ASSERT_FALSE(challenge.is_null()) << "the stored challenge is shown";
  EXPECT_EQ(challenge["stored"], true);
  EXPECT_EQ(challenge["outgoing"], false);
  b.send({{"type", "challenge_accept"}, {"challenge", challenge["id"]}});
  auto matched = b.recv_type("matched");
  ASSERT_TRUE(matched);
  auto told = alice.recv_type("notice");
  ASSERT_TRUE(told);
  EXPECT_EQ((*told)["kind"], "challenge_accepted");
  EXPECT_EQ((*told)["game"], (*matched)["game"]);
  EXPECT_EQ((*told)["opponent"], "bob");
  const std::string game = (*matched)["game"];
  const auto listed = http_request(port, verb::get, "/api/games/" + game);
  EXPECT_EQ(listed.body["rated"], true) << listed.text;
  // Answered once: a second accept finds nothing.
  b.send({{"type", "challenge_accept"}, {"challenge", challenge["id"]}});
  auto gone = b.recv_type("error");
  ASSERT_TRUE(gone);
  EXPECT_EQ((*gone)["code"], "no_challenge");
}

TEST_F(MailServerTest, PreferencesAndOneClickUnsubscribe) {
  const std::string bob = account(port, "bob");
  EXPECT_EQ(http_request(port, verb::get, "/api/account/email").status, 401);
  ASSERT_EQ(post("/api/account/email", {{"address", "bob@example.org"}}, bob).status, 202);
  ASSERT_EQ(post("/api/account/email/verify", {{"token", link_token(mail_to("bob@example.org", "#verify="), "verify")}})
                .status,
            200);
  auto r = post("/api/account/notifications", {{"your_turn", true}, {"time_low", false}}, bob);
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["email"]["prefs"], (json{{"your_turn", true}, {"time_low", false}, {"challenges", true}}));
  r = post("/api/account/notifications", {{"your_turn", true}, {"time_low", false}, {"challenges", false}}, bob);
  EXPECT_EQ(r.body["email"]["prefs"]["challenges"], false);
  r = post("/api/account/notifications", {{"your_turn", true}, {"time_low", false}}, bob);  // left as it is
  EXPECT_EQ(r.body["email"]["prefs"]["challenges"], false);
  // The unsubscribe token of a notification: "<account id>.<kind>.<key>"; a forged key fails.
  std::string account_id, key;
  auto store = server::open_store((dir / "games.db").string(), nullptr);
  ASSERT_TRUE(store);
  store->transact([&](Sql& sql) {
    const auto row = sql.run("SELECT account_id, unsub_key FROM account_email");
    account_id = server::sql_text(row.at(0)[0]);
    key = server::sql_text(row.at(0)[1]);
  });
  const std::string forged = account_id + ".your_turn." + std::string(key.size(), '0');
  EXPECT_EQ(http_request(port, verb::post, "/api/account/unsubscribe?token=" + forged, "List-Unsubscribe=One-Click")
                .body["error"]["code"],
            "link_expired");
  // RFC 8058: the mail client's POST, the token in the query, a form body.
  r = http_request(port, verb::post, "/api/account/unsubscribe?token=" + account_id + ".your_turn." + key,
                   "List-Unsubscribe=One-Click", {{"Content-Type", "application/x-www-form-urlencoded"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["kind"], "your_turn");
  EXPECT_EQ(http_request(port, verb::get, "/api/account/email", "", cookie(bob)).body["email"]["prefs"]["your_turn"],
            false);
  // Removing the address: no mail at all.
  EXPECT_EQ(post("/api/account/email", {{"address", ""}}, bob).body["email"]["address"], nullptr);
}

TEST(MailDisabled, WithoutARelayAddressesAndResetsAreRefused) {
  ScratchDir dir("yinsh-nomail");
  auto srv = start_test_server(test_server_options(dir.path()));
  ASSERT_TRUE(srv);
  const std::string carol = account(srv->port(), "carol");
  auto r = http_request(srv->port(), verb::post, "/api/account/email", json{{"address", "c@example.org"}}.dump(),
                        cookie(carol));
  EXPECT_EQ(r.status, 503);
  EXPECT_EQ(r.body["error"]["code"], "mail_disabled");
  r = http_request(srv->port(), verb::post, "/api/account/password-reset", json{{"login", "carol"}}.dump());
  EXPECT_EQ(r.body["error"]["code"], "mail_disabled");
}

// ---- Notifications, on a store of each kind (rows written directly: no games are played).

class MailNotifyTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (!db.skip_reason().empty()) GTEST_SKIP() << db.skip_reason();
    ASSERT_FALSE(db.spec().empty());
    std::string error;
    store = server::open_store(db.spec(), &error);
    ASSERT_TRUE(store) << error;
  }
  server::Transactor tx() {
    return [s = store.get()](const std::function<void(Sql&)>& w) { s->transact(w); };
  }
  std::unique_ptr<server::Mailer> mailer(server::Store& s) {
    server::MailOptions o;
    o.site_url = "https://y.example";
    o.turn_delay_ms = 60000;
    return std::make_unique<server::Mailer>(
        [&s](const std::function<void(Sql&)>& w) { s.transact(w); }, clock, o);
  }
  void add_account(const std::string& id, bool verified = true) {
    store->transact([&](Sql& sql) {
      sql.run("INSERT INTO accounts(id, name, name_key, skeleton, password, created_at) VALUES (?, ?, ?, ?, '', 0)",
              {id, "P" + id, "p" + id, "s" + id});
      sql.run("INSERT INTO account_email(account_id, address, address_key, verified_at, unsub_key, changed_at) "
              "VALUES (?, ?, ?, ?, 'k', 0)",
              {id, id + "@example.org", id + "@example.org", int64_t(1)});
      if (!verified) sql.run("UPDATE account_email SET verified_at=NULL WHERE account_id=?", {id});
    });
  }
  // A correspondence game (2 days a move) between white and black, `to_move` to move, the last
  // event at `updated_at`.
  void add_game(const std::string& id, const std::string& white, const std::string& black, const std::string& to_move,
                int64_t updated_at, int64_t ply = 10) {
    store->transact([&](Sql& sql) {
      sql.run("INSERT INTO games(id, variant, base_ms, inc_ms, created_at, updated_at, status, white, black, ply, "
              "version, rated, white_account, black_account, to_move, deadline) "
              "VALUES (?, 'standard', ?, 0, 0, ?, 'active', ?, ?, ?, ?, 1, ?, ?, ?, ?)",
              {id, 2 * 24 * kHour, updated_at, "P" + white, "P" + black, ply, ply, white, black, to_move,
               updated_at + 2 * 24 * kHour});
    });
  }
  void move(const std::string& id, const std::string& to_move, int64_t at, int64_t ply) {
    store->transact([&](Sql& sql) {
      sql.run("UPDATE games SET to_move=?, updated_at=?, ply=?, deadline=? WHERE id=?",
              {to_move, at, ply, at + 2 * 24 * kHour, id});
    });
  }
  std::vector<std::pair<std::string, std::string>> outbox(const std::string& kind) {
    std::vector<std::pair<std::string, std::string>> out;
    store->transact([&](Sql& sql) {
      for (const auto& r : sql.run("SELECT to_addr, message FROM mail_outbox WHERE kind=? ORDER BY to_addr", {kind}))
        out.emplace_back(server::sql_text(r[0]), server::sql_text(r[1]));
    });
    return out;
  }

  server::ManualClock clock;
  FreshDatabase db{GetParam(), "yinsh-mail-notify"};
  std::unique_ptr<server::Store> store;
};

TEST_P(MailNotifyTest, YourTurnOncePerMoveBatchedPerPlayer) {
  add_account("a");
  add_account("b");
  add_account("c", false);  // no verified address: never mailed
  const int64_t now = clock.now();
  add_game("g1", "a", "b", "black", now - 2 * kHour);
  add_game("g2", "c", "b", "black", now - kHour);
  add_game("g3", "b", "a", "black", now - 10000);  // a's turn, but the move is 10 s old
  add_game("g4", "b", "c", "black", now - kHour);  // c's turn: no verified address
  auto m = mailer(*store);
  EXPECT_EQ(m->notify_now(), 1);  // one mail to b listing g1 and g2
  auto mails = outbox("your_turn");
  ASSERT_EQ(mails.size(), 1u);
  EXPECT_EQ(mails[0].first, "b@example.org");
  EXPECT_NE(mails[0].second.find("https://y.example/game/g1"), std::string::npos);
  EXPECT_NE(mails[0].second.find("https://y.example/game/g2"), std::string::npos);
  EXPECT_NE(mails[0].second.find("Subject: Your turn in 2 games"), std::string::npos);
  EXPECT_NE(mails[0].second.find("List-Unsubscribe: <https://y.example/api/account/unsubscribe?token=b.your_turn.k>"),
            std::string::npos);
  EXPECT_EQ(m->notify_now(), 0);  // nothing new: no second mail for the same moves
  clock.advance(60000);           // g3's move is now old enough
  EXPECT_EQ(m->notify_now(), 1);
  EXPECT_EQ(outbox("your_turn").size(), 2u);
  // b answers in g1 (a's turn), then a answers (b's turn again): a new move, a new mail.
  move("g1", "white", clock.now() - 2 * 60000, 11);
  EXPECT_EQ(m->notify_now(), 1);
  move("g1", "black", clock.now() - 2 * 60000, 14);
  EXPECT_EQ(m->notify_now(), 1);
  EXPECT_EQ(m->notify_now(), 0);
  EXPECT_EQ(outbox("your_turn").size(), 4u);
  // Time running out: less than 24 h left, one mail per game and move.
  EXPECT_TRUE(outbox("time_low").empty());
  clock.advance(30 * kHour);
  EXPECT_EQ(m->notify_now(), 2);  // a (g3) and b (g1, g2)
  EXPECT_EQ(outbox("time_low").size(), 2u);
  EXPECT_EQ(m->notify_now(), 0);
}

// Two servers look at once, many times over: every game's notification is queued exactly once.
TEST_P(MailNotifyTest, TwoServersQueueEachNotificationOnce) {
  if (GetParam() != "postgres") GTEST_SKIP() << "several servers share PostgreSQL only";
  const int64_t now = clock.now();
  for (int i = 0; i < 40; ++i) add_account("p" + std::to_string(i));
  for (int i = 0; i < 200; ++i)
    add_game("g" + std::to_string(i), "p" + std::to_string(i % 40), "p" + std::to_string((i + 1) % 40), "black",
             now - kHour);
  std::string error;
  auto other = server::open_store(db.spec(), &error);
  ASSERT_TRUE(other) << error;
  auto m1 = mailer(*store), m2 = mailer(*other);
  std::atomic<int> queued{0};
  std::thread t1([&] {
    for (int i = 0; i < 5; ++i) queued += m1->notify_now();
  });
  std::thread t2([&] {
    for (int i = 0; i < 5; ++i) queued += m2->notify_now();
  });
  t1.join();
  t2.join();
  const auto mails = outbox("your_turn");
  EXPECT_EQ(int(mails.size()), queued.load());
  int listed = 0;
  std::set<std::string> games;
  for (const auto& [to, text] : mails)
    for (size_t at = text.find("/game/g"); at != std::string::npos; at = text.find("/game/g", at + 1)) {
      ++listed;
      games.insert(text.substr(at + 6, text.find_first_of("\r\n", at) - at - 6));
    }
  EXPECT_EQ(listed, 200);        // no game twice
  EXPECT_EQ(games.size(), 200u);  // and none left out
  EXPECT_GE(mails.size(), 40u);   // everyone at least once
}

// Challenges stored for an account that is away: one per pair, mailed once, batched per
// player, never to an unverified address, nor once the kind is unsubscribed; each answered once.
TEST_P(MailNotifyTest, StoredChallengesMailedOnceAndAnsweredOnce) {
  add_account("a");
  add_account("b");
  add_account("c", false);
  add_account("d");
  const int64_t now = clock.now();
  auto challenge = [&](const std::string& id, const std::string& from, const std::string& to, int64_t days) {
    return server::store_challenge(*store,
                                   {id, from, to, "P" + from, "standard", "{}", days, days == 3, now,
                                    now + server::kStoredChallengeMs},
                                   now);
  };
  EXPECT_EQ(challenge("s1", "a", "b", 3), server::StoreChallenge::Stored);
  EXPECT_EQ(challenge("s2", "a", "b", 5), server::StoreChallenge::AlreadyWaiting) << "one per pair";
  EXPECT_EQ(challenge("s3", "c", "b", 1), server::StoreChallenge::Stored);
  EXPECT_EQ(challenge("s4", "b", "c", 2), server::StoreChallenge::Stored);  // c: no verified address
  auto m = mailer(*store);
  EXPECT_EQ(m->notify_now(), 1);  // one mail to b listing both
  auto mails = outbox("challenges");
  ASSERT_EQ(mails.size(), 1u);
  EXPECT_EQ(mails[0].first, "b@example.org");
  EXPECT_NE(mails[0].second.find("Subject: 2 players challenge you to games of YINSH"), std::string::npos);
  EXPECT_NE(mails[0].second.find("from Pa: 3 days per move, rated"), std::string::npos) << mails[0].second;
  EXPECT_NE(mails[0].second.find("from Pc: 1 day per move, casual"), std::string::npos) << mails[0].second;
  EXPECT_NE(mails[0].second.find("token=b.challenges.k"), std::string::npos);
  EXPECT_EQ(m->notify_now(), 0);
  // Unsubscribed: a new challenge is not mailed.
  EXPECT_EQ(server::EmailStore(tx()).unsubscribe("b.challenges.k"), server::MailKind::Challenge);
  EXPECT_EQ(challenge("s5", "d", "b", 7), server::StoreChallenge::Stored);
  EXPECT_EQ(m->notify_now(), 0);
  // Read by either side; answered by the right side only, once.
  EXPECT_EQ(server::load_stored_challenges(*store, {"b"}, clock.now()).size(), 4u);
  EXPECT_FALSE(server::take_stored_challenge(*store, "s1", "a", false, clock.now())) << "a sent it: a cannot accept";
  EXPECT_FALSE(server::take_stored_challenge(*store, "s1", "b", true, clock.now())) << "b cannot cancel it";
  const auto taken = server::take_stored_challenge(*store, "s1", "b", false, clock.now());
  ASSERT_TRUE(taken);
  EXPECT_EQ(taken->from_account, "a");
  EXPECT_EQ(taken->days, 3);
  EXPECT_FALSE(server::take_stored_challenge(*store, "s1", "b", false, clock.now())) << "answered once";
  EXPECT_TRUE(server::take_stored_challenge(*store, "s4", "b", true, clock.now())) << "its sender cancels it";
  // Expired: neither read nor answered.
  clock.advance(server::kStoredChallengeMs);
  EXPECT_TRUE(server::load_stored_challenges(*store, {"b"}, clock.now()).empty());
  EXPECT_FALSE(server::take_stored_challenge(*store, "s3", "b", false, clock.now()));
}

// Two servers answer the same stored challenges at once: each is taken by exactly one.
TEST_P(MailNotifyTest, TwoServersTakeEachStoredChallengeOnce) {
  if (GetParam() != "postgres") GTEST_SKIP() << "several servers share PostgreSQL only";
  add_account("b");
  const int64_t now = clock.now();
  for (int i = 0; i < 60; ++i) {
    const std::string from = "p" + std::to_string(i);
    add_account(from);
    ASSERT_EQ(server::store_challenge(*store,
                                      {"s" + from, from, "b", "P" + from, "standard", "{}", 2, false, now,
                                       now + server::kStoredChallengeMs},
                                      now),
              server::StoreChallenge::Stored);
  }
  std::string error;
  auto other = server::open_store(db.spec(), &error);
  ASSERT_TRUE(other) << error;
  std::vector<std::string> got1, got2;
  auto take_all = [&](server::Store& s, std::vector<std::string>& got) {
    for (int i = 0; i < 60; ++i)
      if (auto t = server::take_stored_challenge(s, "sp" + std::to_string(i), "b", false, now)) got.push_back(t->id);
  };
  std::thread t1([&] { take_all(*store, got1); });
  std::thread t2([&] { take_all(*other, got2); });
  t1.join();
  t2.join();
  std::set<std::string> all(got1.begin(), got1.end());
  all.insert(got2.begin(), got2.end());
  EXPECT_EQ(got1.size() + got2.size(), 60u) << "none taken twice";
  EXPECT_EQ(all.size(), 60u) << "none left";
}

INSTANTIATE_TEST_SUITE_P(Stores, MailNotifyTest, ::testing::Values("sqlite", "postgres"));

}  // namespace
}  // namespace yinsh::test
