// Schema migrations (server/store_migrations.h) on both stores: a new database gets every
// migration once; a database of release 0.1 (the committed SQLite fixture, and the same schema
// made by hand on PostgreSQL) is upgraded in place with every game and event kept; a database
// newer than the program is refused untouched; servers starting together migrate once; a
// database of version 3 (built from the migrations' own statements) gets the puzzle tables,
// and one of version 6 the seat to move and the deadline (migration 7).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <future>

#include <sqlite3.h>

#include "pg_cluster.h"
#include "server/store/store.h"
#include "server/store/store_migrations.h"

using namespace yinsh;
using namespace yinsh::server;
namespace fs = std::filesystem;

namespace {

int64_t count(Store& s, const std::string& sql) {
  int64_t n = -1;
  s.transact([&](Sql& q) { n = sql_int(q.run(sql).at(0).at(0)); });
  return n;
}

int version_of(Store& s) {
  int v = -1;
  s.transact([&](Sql& q) { v = schema_version(q); });
  return v;
}

fs::path temp_dir(const std::string& what) {
  const auto dir = fs::temp_directory_path() /
                   ("yinsh-migrate-" + std::to_string(getpid()) + "-" + what);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// Runs `script` on the SQLite file `db` (made if missing), as a database of an older version
// is built; false (with a test failure saying why) when it fails.
bool run_sqlite_script(const std::string& db, const std::string& script) {
  sqlite3* h = nullptr;
  if (sqlite3_open(db.c_str(), &h) != SQLITE_OK) {
    ADD_FAILURE() << "cannot open " << db;
    sqlite3_close(h);
    return false;
  }
  char* error = nullptr;
  const int rc = sqlite3_exec(h, script.c_str(), nullptr, nullptr, &error);
  if (rc != SQLITE_OK) ADD_FAILURE() << (error ? error : "sqlite3_exec failed");
  sqlite3_free(error);
  sqlite3_close(h);
  return rc == SQLITE_OK;
}

std::unique_ptr<Store> open_ok(const std::string& spec) {
  std::string error;
  auto s = open_store(spec, &error);
  EXPECT_TRUE(s) << error;
  return s;
}

}  // namespace

TEST(Migrations, NewSqliteDatabaseGetsEveryMigrationOnce) {
  const auto dir = temp_dir("new");
  const std::string spec = (dir / "games.db").string();
  {
    auto s = open_ok(spec);
    ASSERT_TRUE(s);
    EXPECT_EQ(version_of(*s), kSchemaVersion);
    EXPECT_EQ(count(*s, "SELECT COUNT(*) FROM schema_migrations"), kSchemaVersion);
    EXPECT_EQ(count(*s, "SELECT COUNT(*) FROM accounts"), 0);
  }
  auto again = open_ok(spec);  // reopening applies nothing more
  ASSERT_TRUE(again);
  EXPECT_EQ(count(*again, "SELECT COUNT(*) FROM schema_migrations"), kSchemaVersion);
  again.reset();
  fs::remove_all(dir);
}

TEST(Migrations, Release01SqliteFileUpgradesInPlaceWithEveryEvent) {
  const auto dir = temp_dir("r01");
  const fs::path db = dir / "games.db";
  fs::copy_file(fs::path(YINSH_TEST_DATA) / "fixtures" / "release-0.1.sqlite", db);
  {
    auto s = open_ok(db.string());
    ASSERT_TRUE(s);
    EXPECT_EQ(version_of(*s), kSchemaVersion);
    // Counted on the fixture with sqlite3: 8 games, 449 events (see tests/data/fixtures/README.md).
    EXPECT_EQ(count(*s, "SELECT COUNT(*) FROM games"), 8);
    EXPECT_EQ(count(*s, "SELECT COUNT(*) FROM events"), 449);
    EXPECT_EQ(count(*s, "SELECT COUNT(*) FROM games WHERE rated=0 AND white_account IS NULL"), 8);
    EXPECT_EQ(s->list_games(std::nullopt, 50).size(), 8u);
  }
  fs::remove_all(dir);
}

TEST(Migrations, DatabaseNewerThanTheProgramIsRefusedUntouched) {
  const auto dir = temp_dir("newer");
  const std::string spec = (dir / "games.db").string();
  {
    auto s = open_ok(spec);
    ASSERT_TRUE(s);
    s->transact([](Sql& q) { q.run("INSERT INTO schema_migrations(version, applied_at) VALUES (99, 0)"); });
  }
  std::string error;
  EXPECT_FALSE(open_store(spec, &error));
  EXPECT_NE(error.find("newer than this program"), std::string::npos) << error;
  fs::remove_all(dir);
}

TEST(Migrations, PostgresRelease01SchemaUpgradesAndConcurrentOpensMigrateOnce) {
  auto& pg = yinsh::test::PgCluster::instance();
  if (!pg.available()) GTEST_SKIP() << "PostgreSQL tests skipped: " << pg.why_not();
  const std::string spec = pg.new_database();
  ASSERT_FALSE(spec.empty());
  // The schema release 0.1 created on PostgreSQL, with one game and two events.
  ASSERT_TRUE(pg.sql(spec,
                     "CREATE TABLE games (id TEXT PRIMARY KEY, variant TEXT NOT NULL, base_ms BIGINT, inc_ms BIGINT, "
                     "created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, status TEXT NOT NULL, white TEXT NOT NULL "
                     "DEFAULT '', black TEXT NOT NULL DEFAULT '', result TEXT NOT NULL DEFAULT '', ply INTEGER NOT NULL "
                     "DEFAULT 0, version BIGINT NOT NULL DEFAULT 0);\n"
                     "CREATE TABLE events (game_id TEXT NOT NULL REFERENCES games(id), version BIGINT NOT NULL, body TEXT "
                     "NOT NULL, PRIMARY KEY (game_id, version));\n"
                     "INSERT INTO games VALUES ('aaaaaaaaaaaa','normal',NULL,NULL,1,2,'waiting','ann','',''"
                     ",0,2);\n"
                     "INSERT INTO events VALUES ('aaaaaaaaaaaa',1,'{}'),('aaaaaaaaaaaa',2,'{}');\n"));
  // Three servers open it at once: one migrates, the others find it done.
  std::vector<std::future<std::unique_ptr<Store>>> opens;
  for (int i = 0; i < 3; ++i) opens.push_back(std::async(std::launch::async, [&] { return open_ok(spec); }));
  std::vector<std::unique_ptr<Store>> stores;
  for (auto& f : opens) stores.push_back(f.get());
  for (auto& s : stores) ASSERT_TRUE(s);
  EXPECT_EQ(version_of(*stores[0]), kSchemaVersion);
  EXPECT_EQ(count(*stores[0], "SELECT COUNT(*) FROM schema_migrations"), kSchemaVersion);
  EXPECT_EQ(count(*stores[1], "SELECT COUNT(*) FROM events WHERE game_id='aaaaaaaaaaaa'"), 2);
  const auto games = stores[2]->list_games(std::nullopt, 10);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].white, "ann");
}

namespace {

// A database of schema version 3 (made from the migrations' own statements, with one account
// holding a game rating) opened by this program: migrated with the account and its rating
// kept, the puzzle tables there, and puzzle_attempts' key counting an attempt once.
void version_3_upgrades(const std::string& spec) {
  auto s = open_ok(spec);
  ASSERT_TRUE(s);
  EXPECT_EQ(version_of(*s), kSchemaVersion);
  EXPECT_EQ(count(*s, "SELECT COUNT(*) FROM schema_migrations"), kSchemaVersion);
  EXPECT_EQ(count(*s, "SELECT COUNT(*) FROM accounts WHERE id='a1' AND name='Ann'"), 1);
  EXPECT_EQ(count(*s, "SELECT games FROM ratings WHERE account_id='a1'"), 9);
  EXPECT_EQ(count(*s, "SELECT COUNT(*) FROM puzzle_ratings"), 0);
  s->transact([](Sql& q) {
    q.run("INSERT INTO puzzle_attempts(account_id, puzzle_id, solved, at, rating_before, rating_after, "
          "deviation_after, puzzle_rating) VALUES ('a1', 'p0001', 1, 6, 1200, 1300, 300, 1000)");
  });
  EXPECT_THROW(s->transact([](Sql& q) {
    q.run("INSERT INTO puzzle_attempts(account_id, puzzle_id, solved, at, rating_before, rating_after, "
          "deviation_after, puzzle_rating) VALUES ('a1', 'p0001', 0, 7, 1300, 1200, 290, 1000)");
  }), UniqueViolation);
  EXPECT_EQ(count(*s, "SELECT COUNT(*) FROM puzzle_attempts"), 1);
}

const std::string kAccountAndRating =
    "INSERT INTO accounts(id, name, name_key, skeleton, password, created_at) VALUES ('a1', 'Ann', 'ann', 'ann', "
    "'x', 5);\nINSERT INTO ratings(account_id, category, rating, deviation, volatility, games, updated_at) VALUES "
    "('a1', 'blitz', 1612, 80, 0.06, 9, 5);\n";

}  // namespace

TEST(Migrations, Version3SqliteDatabaseGetsThePuzzleTables) {
  const auto dir = temp_dir("v3");
  const std::string db = (dir / "games.db").string();
  ASSERT_TRUE(run_sqlite_script(db, schema_script(3) + kAccountAndRating));
  version_3_upgrades(db);
  fs::remove_all(dir);
}

TEST(Migrations, Version3PostgresDatabaseGetsThePuzzleTables) {
  auto& pg = yinsh::test::PgCluster::instance();
  if (!pg.available()) GTEST_SKIP() << "PostgreSQL tests skipped: " << pg.why_not();
  const std::string spec = pg.new_database();
  ASSERT_TRUE(pg.sql(spec, schema_script(3) + kAccountAndRating));
  version_3_upgrades(spec);
}

namespace {

// A game in play, as release 6 stored it: no seat to move, no deadline.
const char* const kVersion6Game =
    "INSERT INTO games(id, variant, base_ms, inc_ms, created_at, updated_at, status, white, black, ply, version) "
    "VALUES ('v6game000001', 'normal', 172800000, 0, 1, 2, 'active', 'alice', 'bob', 0, 3);";

void version_6_upgrades(const std::string& spec) {
  auto s = open_ok(spec);
  ASSERT_TRUE(s);
  EXPECT_EQ(version_of(*s), kSchemaVersion);
  EXPECT_EQ(count(*s, "SELECT COUNT(*) FROM games WHERE id='v6game000001' AND deadline IS NULL AND to_move IS NULL"), 1)
      << "the stored game is kept, with no deadline until its next decision";
  EXPECT_TRUE(s->due_games(INT64_MAX / 2, 10).empty()) << "a game without a deadline is never due";
  // An append writes the new columns, and the sweep's query finds the game once it is due.
  GameSummary sum;
  sum.id = "v6game000001";
  sum.status = Status::Active;
  sum.white = "alice";
  sum.black = "bob";
  sum.version = 4;
  sum.to_move = BLACK;
  sum.deadline = 1000;
  std::string error;
  ASSERT_EQ(s->append(sum.id, {{4, R"({"type":"chat","at":3,"from":"alice","seat":"white","text":"hi"})"}}, sum, &error),
            AppendStatus::Ok)
      << error;
  EXPECT_EQ(count(*s, "SELECT COUNT(*) FROM games WHERE to_move='black' AND deadline=1000"), 1);
  EXPECT_EQ(s->due_games(999, 10).size(), 0u);
  EXPECT_EQ(s->due_games(1000, 10), std::vector<std::string>{"v6game000001"});
}

}  // namespace

TEST(Migrations, Version6SqliteDatabaseGetsTheDeadlineColumns) {
  const auto dir = temp_dir("v6");
  const std::string db = (dir / "games.db").string();
  ASSERT_TRUE(run_sqlite_script(db, schema_script(6) + kVersion6Game));
  version_6_upgrades(db);
  fs::remove_all(dir);
}

TEST(Migrations, Version6PostgresDatabaseGetsTheDeadlineColumns) {
  auto& pg = yinsh::test::PgCluster::instance();
  if (!pg.available()) GTEST_SKIP() << "PostgreSQL tests skipped: " << pg.why_not();
  const std::string spec = pg.new_database();
  ASSERT_TRUE(pg.sql(spec, schema_script(6) + kVersion6Game));
  version_6_upgrades(spec);
}
