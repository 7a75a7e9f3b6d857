// The lossless archive (`yinsh export` / `yinsh import`, store_archive.h), as a property on
// random databases of both stores: games in every state (waiting, active, over, aborted,
// timed out), rated games with their ratings, chat and its moderation, reports; exported,
// imported into a fresh database, every game, report, rating change and rating is the same,
// and the second export is the first one's text. Also: an export does not migrate the
// database it reads.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cstdlib>
#include <filesystem>
#include <array>
#include <random>
#include <sstream>

#include "accounts/username.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "server/accounts/accounts_store.h"
#include "server/ratings/ratings_store.h"
#include "server/store/game_archive.h"
#include "server/store/store_archive.h"
#include "server/store/store_migrations.h"
#include "run_command.h"
#include "test_store.h"

using namespace yinsh;
using namespace yinsh::server;
using namespace yinsh::test;

namespace {

// A random database: accounts, then games each played to a random state through the
// server's own commands, stored in random batches as the room stores them.
class RandomDatabase {
 public:
  RandomDatabase(Store& store, uint32_t seed) : store_(store), rng_(seed), more_(seed + 7919) {}

  int build() {
    AccountStore accounts(store_);
    const int n_accounts = pick(0, 4);
    for (int i = 0; i < n_accounts; ++i) {
      std::string error, id;
      const auto name = accounts::parse_username("player" + std::to_string(rng_() % 100000) + "x" + std::to_string(i), &error);
      if (name && accounts.create(*name, "$argon2id$hash" + std::to_string(i), 1000 + i, &id) == AccountStore::Created::Ok)
        accounts_.push_back(id);
    }
    // Vacations, an arena and who joined it, a Swiss event's boards (docs/server.md "Backups and archives").
    store_.transact([&](Sql& sql) {
      for (const auto& a : accounts_)
        if (more(40)) sql.run("INSERT INTO vacations VALUES (?, ?, ?)", {a, int64_t(1700000000000), int64_t(1700000000000 + (more(50) ? 2 : 9) * 86400000LL)});
      sql.run("INSERT INTO tournaments (id, kind, name, variant, base_ms, inc_ms, rated, starts_at, ends_at, created_by, "
              "created_at, schedule_key) VALUES ('arenaxxxxxxx', 'arena', 'Arena \"é\"', 'normal', 180000, 2000, 1, ?, ?, '', ?, ?)",
              {int64_t(1700000000000), int64_t(1700003600000), int64_t(1699999999000),
               more(50) ? SqlValue(std::string("60/3+2/55@1700000000000")) : SqlValue(std::string("x") + std::to_string(more_()))});
      for (const auto& a : accounts_)
        if (more(60)) sql.run("INSERT INTO tournament_players VALUES ('arenaxxxxxxx', ?, ?, ?)", {a, int64_t(1700000000500), int64_t(more(50))});
      // A Swiss event with an entry code and a rating range, and its first round's boards.
      sql.run("INSERT INTO tournaments (id, kind, name, variant, base_ms, inc_ms, rated, starts_at, ends_at, created_by, "
              "created_at, rounds, round_gap_ms, entry_digest, min_rating, max_rating) VALUES ('swissxxxxxxx', 'swiss', "
              "'Swiss', 'normal', 172800000, 0, 1, ?, ?, '', ?, 5, ?, 'digest', 1400, 0)",
              {int64_t(1700000000000), int64_t(1700000000000 + 9 * 86400000LL), int64_t(1699999999000),
               int64_t(more(50) ? 7 * 86400000LL : 0)});
      for (size_t i = 0; i < accounts_.size(); ++i)
        if (more(30))
          sql.run("INSERT INTO tournament_chat VALUES (?, 'swissxxxxxxx', ?, ?, ?, ?)",
                  {std::string("chatline") + std::to_string(i), accounts_[i], std::string("gl \"hf\" ✓"),
                   int64_t(1700000000000 + int64_t(i)), int64_t(more(20))});
      for (size_t i = 0; i + 1 < accounts_.size(); i += 2)
        sql.run("INSERT INTO swiss_pairings VALUES ('swissxxxxxxx', 1, ?, ?, ?, ?, 1700000000000)",
                {int64_t(i / 2), accounts_[i], more(20) ? std::string() : accounts_[i + 1],
                 std::string("swissgame") + std::to_string(i)});
    });
    const int n_games = pick(1, 7);
    for (int i = 0; i < n_games; ++i) game(i);
    for (int i = pick(0, 2); i > 0; --i) {  // reports of uploaded records
      std::string error;
      store_.save_report("upload" + std::to_string(rng_()), R"({"uploaded":true,"n":)" + std::to_string(i) + "}", &error);
    }
    return n_games;
  }

 private:
  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool chance(int percent) { return pick(1, 100) <= percent; }
  // The draws for what later schemas added (vacations, arenas, berserks, conditional lines), from
  // a second generator, so that the games drawn for a seed stay those of the earlier schemas.
  bool more(int percent) { return std::uniform_int_distribution<int>(1, 100)(more_) <= percent; }

  void game(int index) {
    GameMeta meta;
    meta.id = "g" + std::to_string(index) + std::string(11 - std::to_string(index).size(), 'a' + char(pick(0, 25)));
    meta.variant = chance(20) ? Variant::Blitz : Variant::Normal;
    if (chance(60)) meta.clock = ClockSpec{int64_t(pick(1, 10)) * 60000, int64_t(pick(0, 5)) * 1000};
    meta.created_at = 1700000000000 + index * 1000;
    meta.rated = accounts_.size() >= 2 && chance(50);
    if (meta.clock && more(40)) meta.tournament = "arenaxxxxxxx";
    OnlineGame g(meta);
    std::string error;
    ASSERT_TRUE(store_.create_game(meta, &error)) << error;
    int64_t now = meta.created_at;
    std::vector<StoredEvent> pending;
    auto commit = [&](RatedGame* rating = nullptr) {
      if (pending.empty()) return;
      ASSERT_EQ(store_.append(meta.id, pending, g.summary(), &error, rating), AppendStatus::Ok) << error;
      pending.clear();
    };
    auto step = [&](const Outcome& o) {
      if (!o.ok()) return false;
      Event e = *o.event;
      e.version = g.version() + 1;
      g.apply(e);
      pending.push_back({g.version(), event_body(e)});
      if (chance(40) && g.status() != Status::Over) commit();  // a rated result goes with its rating
      return true;
    };
    std::array<std::string, 2> seat_account;
    const int joined = chance(15) ? pick(0, 1) : 2;
    for (int c = 0; c < joined; ++c) {
      const Color color = c == 0 ? WHITE : BLACK;
      now += pick(1, 500);
      if (meta.rated) {
        seat_account[c] = accounts_[size_t(c)];
        step(g.join("acct" + std::to_string(c), color, "tok" + std::to_string(rng_()), now, seat_account[c]));
      } else if (chance(20)) {
        step(g.join_ai(color, pick(1, 8), "ai" + std::to_string(c), now));
      } else {
        step(g.join(chance(30) ? "name \"with\" \\quotes\\ é" : "guest" + std::to_string(c), color,
                    "tok" + std::to_string(rng_()), now));
      }
    }
    if (chance(30)) step(g.chat("watcher", "", "hello " + std::to_string(rng_()), now));
    if (joined == 2 && !chance(10)) {
      now += 100;
      step(g.start(now));
      if (chance(10)) step(g.abort(WHITE, now));  // before the first ring move
      if (more(50)) step(g.berserk(WHITE, now));  // an arena's game: half White's clock
      if (more(30)) step(g.berserk(BLACK, now));
      const int plies = chance(40) ? 400 : pick(0, 30);
      for (int p = 0; p < plies && g.status() == Status::Active; ++p) {
        now += pick(10, 4000);
        if (chance(5)) step(g.chat("guest", "white", "gl " + std::to_string(p), now));
        if (chance(3)) step(g.request_undo(*g.to_move(), now));
        if (!g.to_move()) break;
        MoveList list;
        generate(g.position(), list);
        const std::string text = list.size() ? to_string(list[size_t(pick(0, int(list.size()) - 1))]) : "pass";
        step(g.decide(*g.to_move(), text, std::nullopt, now));
      }
      if (g.status() == Status::Active) {
        if (chance(30)) step(g.resign(*g.to_move(), now + 5));
        else if (meta.clock && chance(30)) step(g.timeout(now + 24 * 3600 * 1000));
      }
      if (!g.chat().empty() && chance(50))
        step(g.delete_chat(g.chat().front().id, std::nullopt, "", true, "moderator", now + 7));
    }
    if (meta.rated && g.status() == Status::Over) {
      RatedGame rated;  // applied in the transaction of the result, as the room does
      rated.game = meta.id;
      rated.account = seat_account;
      rated.white_score = !g.result()->winner ? 0.5 : *g.result()->winner == WHITE ? 1 : 0;
      rated.at = now;
      commit(&rated);
    }
    commit();
    if (g.status() == Status::Active && more(40))  // a player's conditional lines
      store_.transact([&](Sql& sql) {
        sql.run("INSERT INTO conditional_lines VALUES (?, 'black', ?, 'a1 b2', ?, ?)",
                {meta.id, int64_t(g.ply()), std::string("e5 f6\nc3 d4 e7"), now});
      });
    if (g.status() == Status::Over && chance(60)) {
      ASSERT_TRUE(store_.save_report(meta.id, R"({"game":")" + meta.id + R"(","accuracy":[)" +
                                                  std::to_string(pick(0, 100)) + ",99.5]}", &error)) << error;
    }
  }

  Store& store_;
  std::mt19937 rng_, more_;
  std::vector<std::string> accounts_;
};

std::string exported(Store& store) {
  std::ostringstream out;
  export_archive(store, 0, out);
  return out.str();
}

// What the server shows of every game: its state, report and rating changes; and every
// account's ratings. Read through the stores' own reads, not the archive's.
std::string shown(Store& store) {
  std::string out;
  for (const auto& s : store.list_games(std::nullopt, 100000)) {
    std::string error;
    const auto g = load_game(store, s.id, &error);
    if (!g) return error;
    out += s.id + " " + to_json(s).dump() + "\n" + g->state_text(1800000000000) + "\n" + g->record_text() + "\n";
    out += store.load_report(s.id).value_or("(no report)") + "\n";
    store.transact([&](Sql& sql) {
      out += rating_changes_json(load_rating_changes(sql, s.id)).dump() + "\n";
      for (const std::string& who : {s.white_account, s.black_account})
        for (const auto& r : load_current_ratings(sql, who))
          out += who + " " + std::to_string(int(r.category)) + " " + std::to_string(r.rating) + " " +
                 std::to_string(r.deviation) + "\n";
    });
  }
  return out;
}

class ArchiveRoundTrip : public ::testing::TestWithParam<std::string> {};

}  // namespace

TEST_P(ArchiveRoundTrip, EveryGameStateComesBackAsItWasFromRandomDatabases) {
  const int databases = GetParam() == "sqlite" ? 24 : 6;
  std::array<int64_t, 4> by_status{};  // what the random databases held, all together
  int64_t rating_rows = 0, reports = 0, berserks = 0, lines = 0, vacations = 0, entrants = 0;
  for (int seed = 1; seed <= databases; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    FreshDatabase from_db(GetParam(), "yinsh-archive-from"), to_db(GetParam(), "yinsh-archive-to");
    if (!from_db.skip_reason().empty()) GTEST_SKIP() << from_db.skip_reason();
    std::string error;
    auto from = open_store(from_db.spec(), &error);
    ASSERT_TRUE(from) << error;
    const int games = RandomDatabase(*from, uint32_t(seed)).build();
    if (HasFatalFailure()) return;
    const std::string text = exported(*from);
    const auto counts = from->count_by_status();
    for (size_t i = 0; i < counts.size(); ++i) by_status[i] += counts[i];
    from->transact([&](Sql& sql) {
      rating_rows += sql_int(sql.run("SELECT COUNT(*) FROM rating_history").at(0).at(0));
      reports += sql_int(sql.run("SELECT COUNT(*) FROM reports").at(0).at(0));
      berserks += sql_int(sql.run("SELECT COUNT(*) FROM games WHERE tournament IS NOT NULL AND berserk > 0").at(0).at(0));
      lines += sql_int(sql.run("SELECT COUNT(*) FROM conditional_lines").at(0).at(0));
      vacations += sql_int(sql.run("SELECT COUNT(*) FROM vacations").at(0).at(0));
      entrants += sql_int(sql.run("SELECT COUNT(*) FROM tournament_players").at(0).at(0));
    });

    auto to = open_store(to_db.spec(), &error);
    ASSERT_TRUE(to) << error;
    std::istringstream in(text);
    const auto report = import_archive(*to, in, "archive");
    std::string lines;
    for (const auto& l : report.lines) lines += l + "\n";
    EXPECT_EQ(report.games, games) << lines;
    EXPECT_EQ(report.duplicates + report.rejected, 0) << lines;
    EXPECT_EQ(shown(*to), shown(*from));
    EXPECT_EQ(exported(*to), text);

    std::istringstream again(text);  // a second import adds nothing
    const auto twice = import_archive(*to, again, "archive");
    EXPECT_EQ(twice.games, 0);
    EXPECT_EQ(twice.duplicates, games);
    EXPECT_EQ(exported(*to), text);
  }
  for (Status st : {Status::Waiting, Status::Active, Status::Over, Status::Aborted})
    EXPECT_GT(by_status[size_t(st)], 0) << "no " << to_string(st) << " game in the random databases";
  EXPECT_GT(rating_rows, 0);
  EXPECT_GT(reports, 0);
  EXPECT_GT(berserks, 0) << "no arena game with a berserk";
  EXPECT_GT(lines, 0) << "no conditional lines";
  EXPECT_GT(vacations, 0);
  EXPECT_GT(entrants, 0);
}

INSTANTIATE_TEST_SUITE_P(Stores, ArchiveRoundTrip, ::testing::Values("sqlite", "postgres"),
                         [](const auto& info) { return info.param; });

// The case that lost games: one waiting game and one finished one.
TEST(StoreArchive, AWaitingGameAndAFinishedOneBothComeBack) {
  ScratchDir dir("yinsh-archive-waiting");
  std::string error;
  auto from = open_store((dir.path() / "from.db").string(), &error);
  ASSERT_TRUE(from) << error;
  GameMeta waiting{"waitwaitwait", Variant::Normal, std::nullopt, 1000};
  OnlineGame w(waiting);
  ASSERT_TRUE(from->create_game(waiting, &error));
  Event e = *w.join("waiter", WHITE, "tok1", 1001).event;
  e.version = 1;
  w.apply(e);
  ASSERT_EQ(from->append(waiting.id, {{1, event_body(e)}}, w.summary(), &error), AppendStatus::Ok);
  const auto finished = import_files(*from, {std::string(YINSH_TEST_DATA) + "/boardspace/Y-BraveCombo-Dumbot-2026-03-20-0237.sgf"}, 2000);
  ASSERT_EQ(finished.imported, 1);

  const std::string text = exported(*from);
  auto to = open_store((dir.path() / "to.db").string(), &error);
  std::istringstream in(text);
  const auto report = import_archive(*to, in, "archive");
  EXPECT_EQ(report.games, 2);
  EXPECT_EQ(shown(*to), shown(*from));
  const auto back = load_game(*to, waiting.id, &error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->status(), Status::Waiting);
  EXPECT_EQ(back->ply(), 0);
  EXPECT_EQ(back->seat(WHITE).name, "waiter");
}

TEST(StoreArchive, AnExportReadsAnOlderDatabaseAsItIsWithoutMigratingIt) {
  ScratchDir dir("yinsh-archive-old");
  const std::string db = (dir.path() / "old.db").string();
  auto max_version = [&] {
    sqlite3* h = nullptr;
    int v = -1;
    sqlite3_open_v2(db.c_str(), &h, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_exec(h, "SELECT MAX(version) FROM schema_migrations",
                 [](void* out, int, char** row, char**) { *static_cast<int*>(out) = row[0] ? std::atoi(row[0]) : 0; return 0; },
                 &v, nullptr);
    sqlite3_close(h);
    return v;
  };
  {
    sqlite3* h = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(h, schema_script(3, 5).c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(h);
  }
  std::string error;
  EXPECT_FALSE(open_store(db, &error, StoreOpen::AsIs));
  EXPECT_NE(error.find("schema version 3"), std::string::npos) << error;
  EXPECT_EQ(max_version(), 3);
  // The binary: exit 1, the reason, the database untouched.
  const auto [out, status] = run_command(std::string(YINSH_BIN) + " export --db " + db + " -o " +
                                         (dir.path() / "out.txt").string());
  EXPECT_EQ(status, 1) << out;
  EXPECT_NE(out.find("yinsh serve"), std::string::npos) << out;
  EXPECT_EQ(max_version(), 3);
  EXPECT_FALSE(open_store((dir.path() / "missing.db").string(), &error, StoreOpen::AsIs));
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "missing.db"));
}
