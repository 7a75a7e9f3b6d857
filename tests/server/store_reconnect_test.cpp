// The PostgreSQL store when the database goes away and comes back: calls during the outage
// fail quickly with the store's normal failure, the first calls after a restart succeed (a
// broken pooled connection is replaced and the operation retried), an append whose COMMIT
// lost its connection is reported by what really happened (checked in the events table),
// a watcher reconnects, asks for a resync and hears appends again, and a group commit
// (append_many) fails only its faulty items, outage or not. Uses the throwaway
// cluster of pg_cluster.h (restarted by the tests); skipped without PostgreSQL.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <thread>

#include "pg_cluster.h"
#include "server/store/store.h"
#include "server/store/store_postgres.h"

using namespace yinsh;
using namespace yinsh::server;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {

GameMeta meta(const std::string& id, int64_t created) {
  return GameMeta{id, Variant::Blitz, ClockSpec{300000, 5000}, created};
}

GameSummary summary(const std::string& id, int64_t version) {
  GameSummary s;
  s.id = id;
  s.status = Status::Active;
  s.version = version;
  s.ply = int(version);
  s.white = "alice";
  s.updated_at = 100 + version;
  return s;
}

bool eventually(const std::function<bool()>& ok, std::chrono::milliseconds limit) {
  const auto end = Clock::now() + limit;
  while (!ok()) {
    if (Clock::now() > end) return false;
    std::this_thread::sleep_for(20ms);
  }
  return true;
}

// What a watcher was told, in order.
struct Heard {
  std::mutex m;
  std::vector<std::pair<std::string, int64_t>> calls;
  Store::AppendCallback callback() {
    return [this](const std::string& game, int64_t version) {
      std::lock_guard lock(m);
      calls.emplace_back(game, version);
    };
  }
  bool has(const std::string& game, int64_t version) {
    std::lock_guard lock(m);
    return std::find(calls.begin(), calls.end(), std::make_pair(game, version)) != calls.end();
  }
  size_t resyncs() {
    std::lock_guard lock(m);
    return size_t(std::count_if(calls.begin(), calls.end(), [](const auto& c) { return c.first.empty(); }));
  }
};

class PgReconnect : public ::testing::Test {
 protected:
  void SetUp() override {
    auto& pg = pg_();
    if (!pg.available()) GTEST_SKIP() << "PostgreSQL tests skipped: " << pg.why_not();
    ASSERT_TRUE(pg.running() || pg.start()) << "the cluster is down and does not start";
    spec_ = pg.new_database();
    ASSERT_FALSE(spec_.empty()) << "createdb failed";
    store_ = open();
    ASSERT_TRUE(store_);
  }
  void TearDown() override {
    store_.reset();
    if (pg_().available() && !pg_().running()) pg_().start();  // a test failed during an outage
  }
  static yinsh::test::PgCluster& pg_() { return yinsh::test::PgCluster::instance(); }
  std::unique_ptr<Store> open() {
    std::string error;
    auto s = open_store(spec_, &error);
    EXPECT_TRUE(s) << error;
    return s;
  }

 public:
  // Runs SQL on the test's database (or the one of `conninfo`).
  bool sql(const std::string& statements, std::string* out = nullptr, const std::string& conninfo = "") {
    std::string text;
    const bool ok = pg_().sql(conninfo.empty() ? spec_ : conninfo, statements, &text);
    EXPECT_TRUE(ok) << statements << "\n" << text;
    if (out) *out = text;
    return ok;
  }

 protected:
  std::string spec_;
  std::unique_ptr<Store> store_;
};

}  // namespace

TEST(PostgresConninfo, AConnectTimeoutIsAddedUnlessOneIsGiven) {
  using store_detail::with_connect_timeout;
  EXPECT_EQ(with_connect_timeout("host=/tmp dbname=y", 2), "host=/tmp dbname=y connect_timeout=2");
  EXPECT_EQ(with_connect_timeout("", 2), "connect_timeout=2");
  EXPECT_EQ(with_connect_timeout("postgresql://u@h/db", 2), "postgresql://u@h/db?connect_timeout=2");
  EXPECT_EQ(with_connect_timeout("postgres://h/db?sslmode=disable", 3), "postgres://h/db?sslmode=disable&connect_timeout=3");
  EXPECT_EQ(with_connect_timeout("postgresql://h/db?", 2), "postgresql://h/db?connect_timeout=2");
  EXPECT_EQ(with_connect_timeout("host=h connect_timeout=10", 2), "host=h connect_timeout=10");
  EXPECT_EQ(with_connect_timeout("postgresql://h/db?connect_timeout=10", 2), "postgresql://h/db?connect_timeout=10");
}

// A clean restart (pg_ctl stop -m fast): during the outage every call fails at once with the
// store's normal failure value; afterwards the first calls succeed and nothing was lost.
TEST_F(PgReconnect, CallsFailQuicklyDuringAnOutageAndSucceedAfterTheRestart) {
  std::string error;
  ASSERT_TRUE(store_->create_game(meta("game00000001", 10), &error)) << error;
  ASSERT_EQ(store_->append("game00000001", {{1, R"({"n":1})"}}, summary("game00000001", 1), &error), AppendStatus::Ok)
      << error;

  ASSERT_TRUE(pg_().stop());
  for (int round = 0; round < 2; ++round) {  // first on the broken connections, then on none
    SCOPED_TRACE("round " + std::to_string(round));
    const auto t0 = Clock::now();
    error.clear();
    EXPECT_EQ(store_->append("game00000001", {{2, R"({"n":2})"}}, summary("game00000001", 2), &error),
              AppendStatus::Failed);
    EXPECT_FALSE(error.empty());
    error.clear();
    EXPECT_FALSE(store_->create_game(meta("game00000002", 20), &error));
    EXPECT_FALSE(error.empty());
    // Reads say that they failed: never "no such game" or "no events".
    EXPECT_THROW(store_->load_meta("game00000001"), StoreUnavailable);
    EXPECT_THROW(store_->load_events("game00000001", 0), StoreUnavailable);
    EXPECT_THROW(store_->list_games(std::nullopt, 10), StoreUnavailable);
    EXPECT_THROW(store_->unfinished_games(), StoreUnavailable);
    EXPECT_LT(Clock::now() - t0, 3s) << "six calls during the outage took too long";
  }
  ASSERT_TRUE(pg_().start());

  // The first call after the restart succeeds (no call is needed to "wake up" the pool).
  error.clear();
  EXPECT_EQ(store_->append("game00000001", {{2, R"({"n":2})"}}, summary("game00000001", 2), &error), AppendStatus::Ok)
      << error;
  EXPECT_TRUE(store_->create_game(meta("game00000002", 20), &error)) << error;
  const auto events = store_->load_events("game00000001", 0);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[1].body, R"({"n":2})");
  ASSERT_TRUE(store_->load_meta("game00000002"));
  EXPECT_EQ(store_->list_games(std::nullopt, 10).size(), 2u);
  EXPECT_EQ(store_->unfinished_games().size(), 2u);
}

// A crash restart (-m immediate) with no call in between: every pooled connection is broken
// without the store knowing. Concurrent calls use all of them; each must succeed first time.
TEST_F(PgReconnect, EveryBrokenPooledConnectionIsReplacedOnItsNextUse) {
  std::string error;
  ASSERT_TRUE(store_->create_game(meta("game00000001", 10), &error)) << error;
  ASSERT_EQ(store_->append("game00000001", {{1, "{}"}}, summary("game00000001", 1), &error), AppendStatus::Ok) << error;

  ASSERT_TRUE(pg_().stop(/*immediate=*/true));
  ASSERT_TRUE(pg_().start());

  std::atomic<int> failures{0};
  std::vector<std::thread> readers;
  for (int t = 0; t < 4; ++t)
    readers.emplace_back([&] {
      for (int i = 0; i < 10; ++i)
        if (store_->load_events("game00000001", 0).size() != 1) ++failures;
    });
  for (auto& t : readers) t.join();
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(store_->append("game00000001", {{2, "{}"}}, summary("game00000001", 2), &error), AppendStatus::Ok) << error;
  EXPECT_EQ(store_->load_events("game00000001", 0).size(), 2u);
}

// A watcher (another store handle, as another process would have) asks for a resync once its
// listener is back after a restart, and hears appends again.
TEST_F(PgReconnect, AWatcherResyncsAndHearsAppendsAfterARestart) {
  auto watcher = open();
  ASSERT_TRUE(watcher);
  Heard heard;
  watcher->watch(heard.callback());
  std::string error;
  ASSERT_TRUE(store_->create_game(meta("game00000001", 10), &error)) << error;
  ASSERT_EQ(store_->append("game00000001", {{1, "{}"}}, summary("game00000001", 1), &error), AppendStatus::Ok) << error;
  ASSERT_TRUE(eventually([&] { return heard.has("game00000001", 1); }, 5s));
  EXPECT_EQ(heard.resyncs(), 0u) << "no resync without a lost connection";

  ASSERT_TRUE(pg_().stop());
  std::this_thread::sleep_for(500ms);  // the listener's reconnects fail meanwhile
  ASSERT_TRUE(pg_().start());

  EXPECT_TRUE(eventually([&] { return heard.resyncs() >= 1; }, 10s)) << "no resync after the restart";
  ASSERT_EQ(store_->append("game00000001", {{2, "{}"}}, summary("game00000001", 2), &error), AppendStatus::Ok) << error;
  EXPECT_TRUE(eventually([&] { return heard.has("game00000001", 2); }, 5s)) << "no notification after the restart";
  EXPECT_EQ(heard.resyncs(), 1u);
}

// Only the listener's session dies (the server stays up), and it cannot reconnect for a while
// (the database refuses new connections): an append made meanwhile is never notified, so once
// the listener is back it asks for a resync; later appends are notified again. The writer's
// pooled connection, already open, keeps working throughout.
TEST_F(PgReconnect, AWatcherThatMissedNotificationsAsksForAResync) {
  auto watcher = open();
  ASSERT_TRUE(watcher);
  Heard heard;
  watcher->watch(heard.callback());
  std::string error, out;
  ASSERT_TRUE(store_->create_game(meta("game00000001", 10), &error)) << error;

  const std::string db = spec_.substr(spec_.find("dbname=") + 7);
  const std::string admin = spec_.substr(0, spec_.find("dbname=")) + "dbname=postgres";
  struct Allow {
    PgReconnect* t;
    std::string admin, db;
    ~Allow() { t->sql("ALTER DATABASE " + db + " ALLOW_CONNECTIONS true", nullptr, admin); }
  } allow{this, admin, db};
  ASSERT_TRUE(sql("ALTER DATABASE " + db + " ALLOW_CONNECTIONS false", nullptr, admin));
  ASSERT_TRUE(sql("SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                  "WHERE datname = '" + db + "' AND query LIKE 'LISTEN%') t",
                  &out, admin));
  EXPECT_EQ(out, "1\n") << "expected to kill exactly one listening session";
  ASSERT_EQ(store_->append("game00000001", {{1, "{}"}}, summary("game00000001", 1), &error), AppendStatus::Ok) << error;
  std::this_thread::sleep_for(500ms);  // the listener's reconnects are refused meanwhile
  EXPECT_EQ(heard.resyncs(), 0u) << "a resync before listening again";

  ASSERT_TRUE(sql("ALTER DATABASE " + db + " ALLOW_CONNECTIONS true", nullptr, admin));
  EXPECT_TRUE(eventually([&] { return heard.resyncs() == 1; }, 5s)) << "no resync after the listener came back";
  EXPECT_FALSE(heard.has("game00000001", 1)) << "the append while nobody listened cannot have been notified";
  ASSERT_EQ(store_->append("game00000001", {{2, "{}"}}, summary("game00000001", 2), &error), AppendStatus::Ok) << error;
  EXPECT_TRUE(eventually([&] { return heard.has("game00000001", 2); }, 5s)) << "no notification after the reconnect";
}

// The connection breaks during COMMIT after the server committed (a synchronous-replication
// wait for a standby that does not exist, cancelled by terminating the session: PostgreSQL
// keeps the local commit but never answers). The append did land: Ok, stored once.
TEST_F(PgReconnect, AnAppendWhoseCommitLandedUnacknowledgedIsOk) {
  std::string error, out;
  ASSERT_TRUE(store_->create_game(meta("game00000001", 10), &error)) << error;
  ASSERT_EQ(store_->append("game00000001", {{1, "{}"}}, summary("game00000001", 1), &error), AppendStatus::Ok) << error;

  ASSERT_TRUE(sql("ALTER SYSTEM SET synchronous_standby_names = 'yinsh_no_such_standby';\nSELECT pg_reload_conf();"));
  struct Reset {
    PgReconnect* t;
    bool done = false;
    void operator()() {
      if (!done) t->sql("ALTER SYSTEM RESET synchronous_standby_names;\nSELECT pg_reload_conf();");
      done = true;
    }
    ~Reset() { (*this)(); }
  } reset{this};
  std::this_thread::sleep_for(200ms);  // let the sessions read the new configuration

  AppendStatus status = AppendStatus::Failed;
  std::thread writer([&] {
    status = store_->append("game00000001", {{2, R"({"n":2})"}}, summary("game00000001", 2), &error);
  });
  const bool killed = eventually(
      [&] {
        return pg_().sql(spec_,
                         "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                         "WHERE datname = current_database() AND wait_event = 'SyncRep'",
                         &out) &&
               out.find('t') != std::string::npos;
      },
      10s);
  if (!killed) reset();  // lets the writer finish
  writer.join();
  reset();
  ASSERT_TRUE(killed) << "the append never waited for the standby";

  EXPECT_EQ(status, AppendStatus::Ok) << error;
  const auto events = store_->load_events("game00000001", 0);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[1].body, R"({"n":2})");
  EXPECT_EQ(store_->list_games(std::nullopt, 10).at(0).version, 2);
  EXPECT_EQ(store_->append("game00000001", {{2, "{}"}}, summary("game00000001", 2), &error), AppendStatus::Conflict);
  EXPECT_EQ(store_->append("game00000001", {{3, "{}"}}, summary("game00000001", 3), &error), AppendStatus::Ok) << error;
}

// The connection breaks during COMMIT before the server committed (a deferred trigger, run by
// COMMIT, terminates its own session): Failed, nothing stored, and the same version can be
// appended next.
TEST_F(PgReconnect, AnAppendWhoseCommitDidNotLandIsFailed) {
  std::string error;
  ASSERT_TRUE(store_->create_game(meta("game00000001", 10), &error)) << error;
  ASSERT_EQ(store_->append("game00000001", {{1, "{}"}}, summary("game00000001", 1), &error), AppendStatus::Ok) << error;
  ASSERT_TRUE(
      sql("CREATE FUNCTION yinsh_die() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
          "PERFORM pg_terminate_backend(pg_backend_pid()); PERFORM pg_sleep(5); RETURN NULL; END $$;\n"
          "CREATE CONSTRAINT TRIGGER yinsh_die_at_commit AFTER INSERT ON events DEFERRABLE INITIALLY DEFERRED "
          "FOR EACH ROW WHEN (NEW.body = 'die at commit') EXECUTE FUNCTION yinsh_die();"));

  error.clear();
  EXPECT_EQ(store_->append("game00000001", {{2, "die at commit"}}, summary("game00000001", 2), &error),
            AppendStatus::Failed);
  EXPECT_NE(error.find("COMMIT"), std::string::npos) << error;
  EXPECT_EQ(store_->load_events("game00000001", 0).size(), 1u);
  EXPECT_EQ(store_->list_games(std::nullopt, 10).at(0).version, 1);
  EXPECT_EQ(store_->append("game00000001", {{2, "{}"}}, summary("game00000001", 2), &error), AppendStatus::Ok) << error;
  EXPECT_EQ(store_->load_events("game00000001", 0).size(), 2u);
}

// Group commit (Store::append_many, what the store writer calls): the items of a group are
// committed in one transaction, and a faulty item (here one breaking a CHECK constraint, and
// one for a game that does not exist) fails alone: the others are stored, in one transaction,
// and the faulty ones leave nothing behind.
TEST_F(PgReconnect, AGroupIsOneTransactionAndAFaultyItemFailsAlone) {
  std::string error, out;
  for (const char* id : {"game00000001", "game00000002", "game00000003", "game00000004"})
    ASSERT_TRUE(store_->create_game(meta(id, 10), &error)) << error;
  ASSERT_TRUE(sql("ALTER TABLE events ADD CONSTRAINT yinsh_no_bad_event CHECK (body <> 'bad')"));
  std::vector<AppendItem> items = {
      {"game00000001", {{1, R"({"a":1})"}, {2, R"({"a":2})"}}, summary("game00000001", 2), nullptr, AppendStatus::Failed, {}},
      {"game00000002", {{1, "bad"}}, summary("game00000002", 1), nullptr, AppendStatus::Failed, {}},
      {"game00000003", {{1, R"({"c":1})"}}, summary("game00000003", 1), nullptr, AppendStatus::Failed, {}},
      {"game00000009", {{1, R"({"x":1})"}}, summary("game00000009", 1), nullptr, AppendStatus::Failed, {}},  // no such game
      {"game00000004", {{1, R"({"d":1})"}}, summary("game00000004", 1), nullptr, AppendStatus::Failed, {}},
  };
  store_->append_many(items);
  EXPECT_EQ(items[0].status, AppendStatus::Ok) << items[0].error;
  EXPECT_EQ(items[1].status, AppendStatus::Failed);
  EXPECT_NE(items[1].error.find("yinsh_no_bad_event"), std::string::npos) << items[1].error;
  EXPECT_EQ(items[2].status, AppendStatus::Ok) << items[2].error;
  EXPECT_EQ(items[3].status, AppendStatus::Failed);
  EXPECT_FALSE(items[3].error.empty());
  EXPECT_EQ(items[4].status, AppendStatus::Ok) << items[4].error;

  EXPECT_EQ(store_->load_events("game00000001", 0).size(), 2u);
  EXPECT_TRUE(store_->load_events("game00000002", 0).empty());
  EXPECT_EQ(store_->load_events("game00000003", 0).size(), 1u);
  EXPECT_TRUE(store_->load_events("game00000009", 0).empty());
  EXPECT_EQ(store_->load_events("game00000004", 0).size(), 1u);
  for (const auto& g : store_->list_games(std::nullopt, 10))
    EXPECT_EQ(g.version, g.id == "game00000002" ? 0 : g.id == "game00000001" ? 2 : 1) << g.id;
  ASSERT_TRUE(sql("SELECT count(DISTINCT xmin::text) FROM events", &out));
  EXPECT_EQ(out, "1\n") << "the stored items were not committed in one transaction";
}

// The database restarts (as in CallsFailQuicklyDuringAnOutageAndSucceedAfterTheRestart): a
// group during the outage fails at once, every item with the error; the same group after the
// restart is stored whole.
TEST_F(PgReconnect, AGroupFailsQuicklyDuringAnOutageAndIsStoredAfterTheRestart) {
  std::string error;
  for (const char* id : {"game00000001", "game00000002", "game00000003"})
    ASSERT_TRUE(store_->create_game(meta(id, 10), &error)) << error;
  auto group = [] {
    std::vector<AppendItem> items;
    for (const char* id : {"game00000001", "game00000002", "game00000003"})
      items.push_back({id, {{1, R"({"n":1})"}}, summary(id, 1), nullptr, AppendStatus::Failed, {}});
    return items;
  };

  ASSERT_TRUE(pg_().stop());
  for (int round = 0; round < 2; ++round) {  // first on the broken connections, then on none
    SCOPED_TRACE("round " + std::to_string(round));
    auto items = group();
    const auto t0 = Clock::now();
    store_->append_many(items);
    EXPECT_LT(Clock::now() - t0, 3s) << "a group during the outage took too long";
    for (const auto& item : items) {
      EXPECT_EQ(item.status, AppendStatus::Failed) << item.game;
      EXPECT_FALSE(item.error.empty()) << item.game;
    }
  }
  ASSERT_TRUE(pg_().start());

  auto items = group();
  store_->append_many(items);
  for (const auto& item : items) {
    EXPECT_EQ(item.status, AppendStatus::Ok) << item.game << ": " << item.error;
    EXPECT_EQ(store_->load_events(item.game, 0).size(), 1u) << item.game;
  }
}

// A group's COMMIT loses its connection before the server committed (the trigger of
// AnAppendWhoseCommitDidNotLandIsFailed, fired by one item): nothing of the group landed, so
// each item is appended alone: the one that kills its session fails, the others are stored.
TEST_F(PgReconnect, AGroupWhoseCommitDidNotLandStoresEveryItemButTheFaultyOne) {
  std::string error;
  for (const char* id : {"game00000001", "game00000002", "game00000003"})
    ASSERT_TRUE(store_->create_game(meta(id, 10), &error)) << error;
  ASSERT_TRUE(
      sql("CREATE FUNCTION yinsh_die() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
          "PERFORM pg_terminate_backend(pg_backend_pid()); PERFORM pg_sleep(5); RETURN NULL; END $$;\n"
          "CREATE CONSTRAINT TRIGGER yinsh_die_at_commit AFTER INSERT ON events DEFERRABLE INITIALLY DEFERRED "
          "FOR EACH ROW WHEN (NEW.body = 'die at commit') EXECUTE FUNCTION yinsh_die();"));
  std::vector<AppendItem> items = {
      {"game00000001", {{1, R"({"a":1})"}}, summary("game00000001", 1), nullptr, AppendStatus::Failed, {}},
      {"game00000002", {{1, "die at commit"}}, summary("game00000002", 1), nullptr, AppendStatus::Failed, {}},
      {"game00000003", {{1, R"({"c":1})"}}, summary("game00000003", 1), nullptr, AppendStatus::Failed, {}},
  };
  store_->append_many(items);
  EXPECT_EQ(items[0].status, AppendStatus::Ok) << items[0].error;
  EXPECT_EQ(items[1].status, AppendStatus::Failed);
  EXPECT_NE(items[1].error.find("COMMIT"), std::string::npos) << items[1].error;
  EXPECT_EQ(items[2].status, AppendStatus::Ok) << items[2].error;
  EXPECT_EQ(store_->load_events("game00000001", 0).size(), 1u);
  EXPECT_TRUE(store_->load_events("game00000002", 0).empty());
  EXPECT_EQ(store_->load_events("game00000003", 0).size(), 1u);
}
