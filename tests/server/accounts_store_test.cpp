// AccountStore on both stores: names unique by key and by look-alike skeleton, sessions
// (revocable, every one at once, on a password change), deletion that keeps the games under
// the name "deleted", guest seats claimed by token, moderation logged.
#include <gtest/gtest.h>

#include <optional>

#include "accounts/password.h"
#include "accounts/username.h"
#include "server/accounts/accounts_store.h"
#include "server/accounts/api_tokens.h"
#include "server/bots/bot_store.h"
#include "server/wire/events.h"
#include "server/store/store.h"
#include "test_store.h"

using namespace yinsh;
using namespace yinsh::server;

namespace {

class AccountStoreTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    db_.emplace(GetParam(), "yinsh-acc");
    if (!db_->skip_reason().empty()) GTEST_SKIP() << db_->skip_reason();
    ASSERT_FALSE(db_->spec().empty()) << "createdb failed";
    std::string error;
    store_ = open_store(db_->spec(), &error);
    ASSERT_TRUE(store_) << error;
    accounts_ = std::make_unique<AccountStore>(*store_);
  }
  void TearDown() override {
    accounts_.reset();
    store_.reset();
  }
  std::string make(const std::string& typed) {
    std::string error, id;
    const auto name = accounts::parse_username(typed, &error);
    EXPECT_TRUE(name) << error;
    EXPECT_EQ(accounts_->create(*name, "hash", 1000, &id), AccountStore::Created::Ok);
    return id;
  }
  AccountStore::Created try_make(const std::string& typed) {
    std::string error, id;
    const auto name = accounts::parse_username(typed, &error);
    EXPECT_TRUE(name) << error;
    return accounts_->create(*name, "hash", 1000, &id);
  }
  // A guest game with ann (white, token `t`) and bob (black).
  void guest_game(const std::string& id, const std::string& t) {
    GameMeta m{id, Variant::Normal, std::nullopt, 1};
    std::string error;
    ASSERT_TRUE(store_->create_game(m, &error)) << error;
    std::vector<StoredEvent> evs = {{1, event_body(Event{1, 1, ev::Joined{WHITE, "ann", SeatKind::Human, 0, t, ""}})},
                                    {2, event_body(Event{2, 1, ev::Joined{BLACK, "bob", SeatKind::Human, 0, "b" + t, ""}})}};
    GameSummary s;
    s.id = id;
    s.white = "ann";
    s.black = "bob";
    s.status = Status::Active;
    s.version = 2;
    ASSERT_EQ(store_->append(id, evs, s, &error), AppendStatus::Ok) << error;
  }
  std::optional<test::FreshDatabase> db_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<AccountStore> accounts_;
};

TEST_P(AccountStoreTest, NamesAreUniqueIgnoringCaseAndLookAlikes) {
  const std::string id = make("Olivia");
  EXPECT_EQ(id.size(), 20u);
  EXPECT_EQ(try_make("olivia"), AccountStore::Created::Taken);
  EXPECT_EQ(try_make("OLIVIA"), AccountStore::Created::Taken);
  EXPECT_EQ(try_make("0l1v1a"), AccountStore::Created::LookAlike);
  EXPECT_EQ(try_make("Oli_via"), AccountStore::Created::LookAlike);
  EXPECT_EQ(try_make("Olivier"), AccountStore::Created::Ok);
  const auto a = accounts_->by_key("olivia");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->name, "Olivia");
  EXPECT_EQ(a->id, id);
  EXPECT_EQ(a->role, "player");
}

// A skeleton stored under the earlier rule (6 read as b: "Player6" stored as "playerb") no
// longer refuses "Player8"; it is brought up to date when met, and still refuses its own
// look-alikes.
TEST_P(AccountStoreTest, ASkeletonStoredUnderAnEarlierRuleRefusesOnlyWhatTheRuleNowDoes) {
  const std::string six = make("Player6");
  store_->transact([&](Sql& q) { q.run("UPDATE accounts SET skeleton='playerb' WHERE id=?", {six}); });
  EXPECT_FALSE(accounts_->name_in_use("Player8"));
  EXPECT_EQ(try_make("Player8"), AccountStore::Created::Ok);
  std::string stored;
  store_->transact([&](Sql& q) { stored = sql_text(q.run("SELECT skeleton FROM accounts WHERE id=?", {six}).at(0).at(0)); });
  EXPECT_EQ(stored, accounts::skeleton_of("Player6"));
  EXPECT_TRUE(accounts_->name_in_use("P1ayer6"));
  EXPECT_EQ(try_make("P1ayer6"), AccountStore::Created::LookAlike);
}

TEST_P(AccountStoreTest, SessionsAreRevocable) {
  const std::string id = make("carol");
  accounts_->add_session("d1", id, 1000);
  accounts_->add_session("d2", id, 1000);
  accounts_->add_session("d3", id, 1000);
  ASSERT_TRUE(accounts_->by_session("d1", 2000));
  EXPECT_FALSE(accounts_->by_session("nope", 2000));
  accounts_->end_session("d1");
  EXPECT_FALSE(accounts_->by_session("d1", 2000));
  accounts_->set_password(id, "newhash", "d2");  // other sessions end
  EXPECT_TRUE(accounts_->by_session("d2", 2000));
  EXPECT_FALSE(accounts_->by_session("d3", 2000));
  EXPECT_EQ(accounts_->by_id(id)->password, "newhash");
  EXPECT_EQ(accounts_->end_sessions(id), 1);
  EXPECT_FALSE(accounts_->by_session("d2", 2000));
  // Idle sessions expire.
  accounts_->add_session("d4", id, 1000);
  EXPECT_FALSE(accounts_->by_session("d4", 1000 + AccountStore::kSessionIdleMs + 1));
}

TEST_P(AccountStoreTest, GuestSeatsAreClaimedByTokenAndDeletionRenamesThem) {
  const std::string id = make("ann");
  guest_game("aaaaaaaaaaaa", "tok1");
  guest_game("bbbbbbbbbbbb", "tok2");
  // A wrong token, an unknown game and the right one.
  EXPECT_EQ(accounts_->claim_seats(id, {{"aaaaaaaaaaaa", "wrong"}, {"zzzzzzzzzzzz", "tok1"}, {"bbbbbbbbbbbb", "tok2"}}), 1);
  EXPECT_EQ(accounts_->claim_seats(id, {{"bbbbbbbbbbbb", "tok2"}}), 0);  // once
  accounts_->add_session("s", id, 1000);
  ASSERT_TRUE(accounts_->remove(id, 5000));
  EXPECT_FALSE(accounts_->remove(id, 5000));
  EXPECT_FALSE(accounts_->by_session("s", 5000));
  auto games = store_->list_games(std::nullopt, 10);
  ASSERT_EQ(games.size(), 2u);
  for (const auto& g : games) EXPECT_EQ(g.white, g.id == "bbbbbbbbbbbb" ? "deleted" : "ann") << g.id;
  const auto log = store_->load_events("bbbbbbbbbbbb", 0);
  ASSERT_EQ(log.size(), 2u);
  const auto joined = std::get<ev::Joined>(parse_event_body(log[0].body, 1).body);
  EXPECT_EQ(joined.name, "deleted");
  EXPECT_EQ(std::get<ev::Joined>(parse_event_body(log[1].body, 2).body).name, "bob");
  EXPECT_EQ(try_make("Ann"), AccountStore::Created::Taken);  // the name stays taken
}

TEST_P(AccountStoreTest, ModerationIsLogged) {
  make("dave");
  EXPECT_TRUE(accounts_->set_role("dave", "admin", "cli", 10));
  EXPECT_FALSE(accounts_->set_role("nobody", "admin", "cli", 11));
  EXPECT_TRUE(accounts_->set_muted("dave", true, "root", 12));
  const std::string id = accounts_->by_key("dave")->id;
  accounts_->add_session("s", id, 13);
  EXPECT_TRUE(accounts_->set_closed("dave", true, "root", 14));
  EXPECT_FALSE(accounts_->by_session("s", 15));
  const auto a = accounts_->by_key("dave");
  EXPECT_EQ(a->role, "admin");
  EXPECT_TRUE(a->muted);
  EXPECT_TRUE(a->closed);
  const auto log = accounts_->moderation_log(10);
  ASSERT_EQ(log.size(), 3u);
  EXPECT_EQ(log[0].action, "close");
  EXPECT_EQ(log[2].action, "role");
  EXPECT_EQ(log[2].detail, "admin");
  EXPECT_EQ(log[2].actor, "cli");
}

TEST_P(AccountStoreTest, ApiTokensKeepOnlyADigestAndStopAtRevocation) {
  const std::string id = make("erin");
  const std::string other = make("frank");
  ApiTokens tokens(*store_);
  std::string secret;
  ApiToken made;
  ASSERT_EQ(tokens.create(id, "my engine", {"bot:play", "board:play"}, 1000, &secret, &made), ApiTokens::Made::Ok);
  EXPECT_TRUE(looks_like_api_token(secret)) << secret;
  EXPECT_EQ(made.scopes, (std::vector<std::string>{"bot:play", "board:play"}));
  // Only the digest is stored: the secret appears in no column.
  int64_t plain = -1;
  store_->transact([&](Sql& q) {
    plain = sql_int(q.run("SELECT COUNT(*) FROM api_tokens WHERE digest=? OR id=? OR description=?",
                          {secret, secret, secret}).at(0).at(0));
  });
  EXPECT_EQ(plain, 0);
  const auto found = tokens.by_digest(accounts::token_digest(secret), 2000);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->account.name, "erin");
  EXPECT_TRUE(found->token.has("bot:play"));
  EXPECT_FALSE(found->token.has("challenge:write"));
  EXPECT_FALSE(tokens.by_digest(accounts::token_digest(secret + "x"), 2000));
  // The list shows the token without its secret; another account cannot revoke it.
  auto listed = tokens.list(id);
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0].id, made.id);
  EXPECT_EQ(listed[0].last_used, 2000);
  EXPECT_FALSE(tokens.revoke(other, made.id, 3000));
  EXPECT_TRUE(tokens.by_digest(accounts::token_digest(secret), 3000));
  EXPECT_TRUE(tokens.revoke(id, made.id, 3000));
  EXPECT_FALSE(tokens.revoke(id, made.id, 3001)) << "once";
  EXPECT_FALSE(tokens.by_digest(accounts::token_digest(secret), 3000));
  listed = tokens.list(id);
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0].revoked_at, 3000);
  // At most kMaxTokensPerAccount live tokens.
  for (size_t i = 0; i < kMaxTokensPerAccount; ++i)
    ASSERT_EQ(tokens.create(id, "t", {"board:play"}, 4000, &secret, nullptr), ApiTokens::Made::Ok);
  EXPECT_EQ(tokens.create(id, "t", {"board:play"}, 4000, &secret, nullptr), ApiTokens::Made::TooMany);
  // A closed account's tokens open nothing; a deleted account's are revoked.
  EXPECT_TRUE(accounts_->set_closed("erin", true, "root", 5000));
  EXPECT_FALSE(tokens.by_digest(accounts::token_digest(secret), 5000));
  EXPECT_TRUE(accounts_->set_closed("erin", false, "root", 5001));
  EXPECT_TRUE(tokens.by_digest(accounts::token_digest(secret), 5002));
  ASSERT_TRUE(accounts_->remove(id, 6000));
  for (const auto& t : tokens.list(id)) EXPECT_NE(t.revoked_at, 0) << t.id;
}

TEST_P(AccountStoreTest, ABotUpgradeIsOnceAndOnlyBeforeAnyGame) {
  const std::string robo = make("robo");
  const std::string ann = make("ann");
  guest_game("aaaaaaaaaaaa", "tok1");
  ASSERT_EQ(accounts_->claim_seats(ann, {{"aaaaaaaaaaaa", "tok1"}}), 1);
  EXPECT_EQ(upgrade_to_bot(*store_, ann, 10), BotUpgrade::HasPlayed);
  EXPECT_FALSE(accounts_->by_id(ann)->bot);
  EXPECT_EQ(upgrade_to_bot(*store_, robo, 11), BotUpgrade::Ok);
  EXPECT_TRUE(accounts_->by_id(robo)->bot);
  EXPECT_EQ(upgrade_to_bot(*store_, robo, 12), BotUpgrade::AlreadyBot);
  EXPECT_EQ(upgrade_to_bot(*store_, "nobody", 13), BotUpgrade::NoAccount);
  const auto bots = list_bots(*store_, 10);
  ASSERT_EQ(bots.size(), 1u);
  EXPECT_EQ(bots[0].name, "robo");
  EXPECT_EQ(accounts_->moderation_log(10).at(0).action, "bot");
  ASSERT_TRUE(accounts_->remove(robo, 14));
  EXPECT_TRUE(list_bots(*store_, 10).empty()) << "a deleted bot is not listed";
}

TEST(ApiTokenScopes, UnknownOrMissingScopesAreRefused) {
  std::string error;
  EXPECT_FALSE(parse_scopes({}, &error));
  EXPECT_NE(error.find("at least one"), std::string::npos);
  EXPECT_FALSE(parse_scopes({"bot:play", "admin"}, &error));
  EXPECT_NE(error.find("unknown scope admin"), std::string::npos) << error;
  EXPECT_EQ(*parse_scopes({"board:play", "bot:play", "board:play"}, &error),
            (std::vector<std::string>{"board:play", "bot:play"}));
  EXPECT_FALSE(looks_like_api_token("yinsh_short"));
  EXPECT_FALSE(looks_like_api_token(std::string(49, 'a')));
}

INSTANTIATE_TEST_SUITE_P(Stores, AccountStoreTest, ::testing::Values("sqlite", "postgres"));

}  // namespace
