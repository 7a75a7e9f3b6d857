// One storage test suite, run against SQLite and against PostgreSQL (a throwaway cluster;
// skipped with the reason when the PostgreSQL server binaries are missing).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <optional>
#include <thread>

#include "server/store/store.h"
#include "server/store/store_writer.h"
#include "test_store.h"

using namespace yinsh;
using namespace yinsh::server;

namespace {

class StoreTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    db_.emplace(GetParam(), "yinsh-store");
    if (!db_->skip_reason().empty()) GTEST_SKIP() << db_->skip_reason();
    spec_ = db_->spec();
    ASSERT_FALSE(spec_.empty()) << "createdb failed";
    store_ = open();
    ASSERT_TRUE(store_);
  }
  void TearDown() override { store_.reset(); }
  std::unique_ptr<Store> open() {
    std::string error;
    auto s = open_store(spec_, &error);
    EXPECT_TRUE(s) << error;
    return s;
  }
  static GameMeta meta(const std::string& id, int64_t created, bool timed = true) {
    return GameMeta{id, Variant::Blitz, timed ? std::optional<ClockSpec>(ClockSpec{300000, 5000}) : std::nullopt, created};
  }
  static GameSummary summary(const std::string& id, Status st, int64_t version, int ply = 0) {
    GameSummary s;
    s.id = id;
    s.status = st;
    s.version = version;
    s.ply = ply;
    s.white = "alice";
    s.updated_at = 100 + version;
    if (st == Status::Over) s.result = GameResult{"0-1", BLACK, "resign"};
    return s;
  }

  std::optional<test::FreshDatabase> db_;
  std::string spec_;
  std::unique_ptr<Store> store_;
};

}  // namespace

TEST_P(StoreTest, CreateAppendLoad) {
  EXPECT_EQ(store_->kind(), GetParam());
  std::string error;
  ASSERT_TRUE(store_->create_game(meta("game00000001", 10), &error)) << error;
  EXPECT_FALSE(store_->create_game(meta("game00000001", 11), &error));  // the id exists
  ASSERT_EQ(store_->append("game00000001", {{1, R"({"type":"a"})"}, {2, R"({"type":"b"})"}},
                           summary("game00000001", Status::Active, 2), &error),
            AppendStatus::Ok)
      << error;
  const auto m = store_->load_meta("game00000001");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->variant, Variant::Blitz);
  ASSERT_TRUE(m->clock);
  EXPECT_EQ(m->clock->base_ms, 300000);
  EXPECT_EQ(m->clock->inc_ms, 5000);
  EXPECT_EQ(m->created_at, 10);
  EXPECT_FALSE(store_->load_meta("nosuchgame00"));
  const auto all = store_->load_events("game00000001", 0);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].version, 1);
  EXPECT_EQ(all[1].body, R"({"type":"b"})");
  EXPECT_EQ(store_->load_events("game00000001", 1).size(), 1u);
  ASSERT_TRUE(store_->create_game(meta("game00000002", 20, false), &error));
  EXPECT_FALSE(store_->load_meta("game00000002")->clock);
}

TEST_P(StoreTest, AConflictingAppendWritesNothing) {
  std::string error;
  ASSERT_TRUE(store_->create_game(meta("game00000001", 10), &error));
  ASSERT_EQ(store_->append("game00000001", {{1, "{}"}}, summary("game00000001", Status::Waiting, 1), &error),
            AppendStatus::Ok);
  // Another writer already has version 1: neither event 2 nor the summary may be written.
  EXPECT_EQ(store_->append("game00000001", {{2, R"({"x":2})"}, {1, "{}"}},
                           summary("game00000001", Status::Over, 2), &error),
            AppendStatus::Conflict);
  EXPECT_EQ(store_->load_events("game00000001", 0).size(), 1u);
  const auto list = store_->list_games(std::nullopt, 10);
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0].status, Status::Waiting);
  EXPECT_EQ(list[0].version, 1);
}

TEST_P(StoreTest, ListsAndUnfinishedGames) {
  std::string error;
  const Status statuses[] = {Status::Waiting, Status::Active, Status::Over, Status::Aborted, Status::Active};
  for (int i = 0; i < 5; ++i) {
    const std::string id = "game0000000" + std::to_string(i);
    ASSERT_TRUE(store_->create_game(meta(id, 100 + i), &error)) << error;
    ASSERT_EQ(store_->append(id, {{1, "{}"}}, summary(id, statuses[i], 1, i), &error), AppendStatus::Ok) << error;
  }
  const auto all = store_->list_games(std::nullopt, 50);
  ASSERT_EQ(all.size(), 5u);
  EXPECT_EQ(all[0].id, "game00000004");  // newest first
  EXPECT_EQ(all[4].id, "game00000000");
  EXPECT_EQ(all[2].ply, 2);
  EXPECT_EQ(all[2].white, "alice");
  ASSERT_TRUE(all[2].result);
  EXPECT_EQ(all[2].result->winner, BLACK);
  EXPECT_EQ(store_->list_games(Status::Active, 50).size(), 2u);
  EXPECT_EQ(store_->list_games(Status::Over, 50).size(), 2u);  // over + aborted
  EXPECT_EQ(store_->list_games(std::nullopt, 3).size(), 3u);
  auto unfinished = store_->unfinished_games();
  std::sort(unfinished.begin(), unfinished.end());
  EXPECT_EQ(unfinished, (std::vector<std::string>{"game00000000", "game00000001", "game00000004"}));
}

TEST_P(StoreTest, SurvivesReopening) {
  std::string error;
  ASSERT_TRUE(store_->create_game(meta("game00000001", 10), &error));
  ASSERT_EQ(store_->append("game00000001", {{1, R"({"k":"v"})"}}, summary("game00000001", Status::Active, 1), &error),
            AppendStatus::Ok);
  store_.reset();
  auto again = open();
  ASSERT_TRUE(again);
  const auto ev = again->load_events("game00000001", 0);
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].body, R"({"k":"v"})");
}

TEST_P(StoreTest, TwoHandlesShareTheGamesAndSeeEachOthersAppends) {
  auto other = open();
  ASSERT_TRUE(other);
  std::atomic<int64_t> seen{0};
  other->watch([&](const std::string& game, int64_t version) {
    if (game == "game00000001") seen = version;
  });
  std::string error;
  ASSERT_TRUE(store_->create_game(meta("game00000001", 10), &error));
  ASSERT_EQ(store_->append("game00000001", {{1, "{}"}}, summary("game00000001", Status::Active, 1), &error),
            AppendStatus::Ok);
  EXPECT_EQ(other->load_events("game00000001", 0).size(), 1u);
  EXPECT_EQ(other->append("game00000001", {{1, "{}"}}, summary("game00000001", Status::Active, 1), &error),
            AppendStatus::Conflict);
  if (GetParam() == "postgres") {  // only the multi-process store notifies
    for (int i = 0; i < 100 && seen != 1; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_EQ(seen, 1);
  }
}

TEST_P(StoreTest, AGroupCommitRollsBackOnlyTheConflictingItem) {
  std::string error;
  for (const char* id : {"game00000001", "game00000002", "game00000003"})
    ASSERT_TRUE(store_->create_game(meta(id, 10), &error)) << error;
  ASSERT_EQ(store_->append("game00000002", {{1, R"({"n":1})"}}, summary("game00000002", Status::Waiting, 1), &error),
            AppendStatus::Ok);
  std::vector<AppendItem> items = {
      {"game00000001", {{1, R"({"a":1})"}, {2, R"({"a":2})"}}, summary("game00000001", Status::Active, 2), nullptr, AppendStatus::Failed, {}},
      {"game00000002", {{2, R"({"b":2})"}, {1, R"({"b":1})"}}, summary("game00000002", Status::Over, 2), nullptr, AppendStatus::Failed, {}},  // 1 exists
      {"game00000003", {{1, R"({"c":1})"}}, summary("game00000003", Status::Active, 1), nullptr, AppendStatus::Failed, {}},
  };
  store_->append_many(items);
  EXPECT_EQ(items[0].status, AppendStatus::Ok) << items[0].error;
  EXPECT_EQ(items[1].status, AppendStatus::Conflict) << items[1].error;
  EXPECT_EQ(items[2].status, AppendStatus::Ok) << items[2].error;
  EXPECT_EQ(store_->load_events("game00000001", 0).size(), 2u);
  const auto second = store_->load_events("game00000002", 0);  // as it was: event 2 rolled back
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(second[0].body, R"({"n":1})");
  EXPECT_EQ(store_->load_events("game00000003", 0).size(), 1u);
  for (const auto& g : store_->list_games(std::nullopt, 10)) {
    if (g.id == "game00000002") EXPECT_EQ(g.status, Status::Waiting);  // its summary too
    else EXPECT_EQ(g.status, Status::Active);
  }
}

TEST_P(StoreTest, TheWriterStoresEveryAppendInOrderAndRefusesAfterStop) {
  std::string error;
  constexpr int kGames = 8, kEvents = 40;
  for (int g = 0; g < kGames; ++g) ASSERT_TRUE(store_->create_game(meta("game0000000" + std::to_string(g), g), &error));
  StoreWriter writer(*store_);
  std::atomic<int> ok{0}, bad{0};
  // One thread per game, each waiting for its append before the next (as a room does).
  std::vector<std::thread> rooms;
  for (int g = 0; g < kGames; ++g)
    rooms.emplace_back([&, g] {
      const std::string id = "game0000000" + std::to_string(g);
      for (int v = 1; v <= kEvents; ++v) {
        std::promise<AppendStatus> done;
        writer.append(id, {{v, "{\"v\":" + std::to_string(v) + "}"}}, summary(id, Status::Active, v, v),
                      [&done](AppendStatus st, const std::string&) { done.set_value(st); });
        (done.get_future().get() == AppendStatus::Ok ? ok : bad)++;
      }
    });
  for (auto& t : rooms) t.join();
  EXPECT_EQ(ok, kGames * kEvents);
  EXPECT_EQ(bad, 0);
  const auto c = writer.counters();
  EXPECT_EQ(c.appends, uint64_t(kGames * kEvents));
  EXPECT_GE(c.commits, uint64_t(kEvents));  // a game's appends never share a commit
  EXPECT_LE(c.commits, c.appends);
  for (int g = 0; g < kGames; ++g) {
    const auto ev = store_->load_events("game0000000" + std::to_string(g), 0);
    ASSERT_EQ(ev.size(), size_t(kEvents));
    for (int v = 0; v < kEvents; ++v) EXPECT_EQ(ev[v].body, "{\"v\":" + std::to_string(v + 1) + "}");
  }
  writer.stop();
  std::promise<AppendStatus> late;
  writer.append("game00000000", {{kEvents + 1, "{}"}}, summary("game00000000", Status::Active, kEvents + 1),
                [&late](AppendStatus st, const std::string&) { late.set_value(st); });
  EXPECT_EQ(late.get_future().get(), AppendStatus::Failed);
  EXPECT_EQ(store_->load_events("game00000000", 0).size(), size_t(kEvents));
}

// Many games' rooms writing at once (each waiting for its append before the next, as a room
// does): every decision lands, in order per game. On PostgreSQL the writer's groups are single
// transactions: the events were committed by fewer transactions than there were appends.
// Event bodies are stored exactly, whatever they hold (PostgreSQL passes them in an array
// literal: quotes, backslashes, commas and braces must survive it), several in one append.
TEST_P(StoreTest, EventBodiesAreStoredExactly) {
  std::string error;
  ASSERT_TRUE(store_->create_game(meta("game00000001", 10), &error)) << error;
  const std::vector<StoredEvent> events = {
      {1, R"({"name":"a \"quoted\" \\ name, {braced}","x":[1,2]})"},
      {2, "NULL"},
      {3, ""},
      {4, "\\\"\"\\ , } { \u00e9\u00fc \t"},
  };
  ASSERT_EQ(store_->append("game00000001", events, summary("game00000001", Status::Active, 4), &error), AppendStatus::Ok)
      << error;
  const auto stored = store_->load_events("game00000001", 0);
  ASSERT_EQ(stored.size(), events.size());
  for (size_t i = 0; i < events.size(); ++i) {
    EXPECT_EQ(stored[i].version, events[i].version);
    EXPECT_EQ(stored[i].body, events[i].body);
  }
}

TEST_P(StoreTest, ManyGamesWritingAtOnceAllLandInOrderAndShareCommits) {
  std::string error;
  constexpr int kGames = 32, kEvents = 25;
  auto id = [](int g) { return "group" + std::to_string(1000000 + g); };
  for (int g = 0; g < kGames; ++g) ASSERT_TRUE(store_->create_game(meta(id(g), g), &error)) << error;
  StoreWriter writer(*store_);
  std::atomic<int> ok{0};
  std::vector<std::thread> rooms;
  for (int g = 0; g < kGames; ++g)
    rooms.emplace_back([&, g] {
      for (int v = 1; v <= kEvents; ++v) {
        std::promise<AppendStatus> done;
        writer.append(id(g), {{v, "{\"g\":" + std::to_string(g) + ",\"v\":" + std::to_string(v) + "}"}},
                      summary(id(g), Status::Active, v, v),
                      [&done](AppendStatus st, const std::string&) { done.set_value(st); });
        if (done.get_future().get() == AppendStatus::Ok) ++ok;
      }
    });
  for (auto& t : rooms) t.join();
  writer.stop();
  EXPECT_EQ(ok, kGames * kEvents);
  for (int g = 0; g < kGames; ++g) {
    const auto ev = store_->load_events(id(g), 0);
    ASSERT_EQ(ev.size(), size_t(kEvents)) << id(g);
    for (int v = 0; v < kEvents; ++v) {
      EXPECT_EQ(ev[size_t(v)].version, v + 1);
      EXPECT_EQ(ev[size_t(v)].body, "{\"g\":" + std::to_string(g) + ",\"v\":" + std::to_string(v + 1) + "}");
    }
  }
  const auto summaries = store_->list_games(std::nullopt, kGames);
  ASSERT_EQ(summaries.size(), size_t(kGames));
  for (const auto& s : summaries) EXPECT_EQ(s.version, kEvents) << s.id;
  if (GetParam() == "postgres") {
    int64_t transactions = 0;
    store_->transact([&](Sql& q) { transactions = sql_int(q.run("SELECT count(DISTINCT xmin::text) FROM events").at(0).at(0)); });
    EXPECT_LT(transactions, int64_t(kGames * kEvents) / 2) << "the writer's groups were not committed together";
    EXPECT_EQ(uint64_t(transactions), writer.counters().commits);
  }
}

TEST_P(StoreTest, ReportsAreKeptReplacedAndSurviveAReopen) {
  EXPECT_FALSE(store_->load_report("g1"));
  std::string error;
  ASSERT_TRUE(store_->save_report("g1", R"({"version":1,"n":1})", &error)) << error;
  ASSERT_TRUE(store_->save_report("r0123456789abcdef", R"({"version":1,"n":2})", &error)) << error;
  ASSERT_TRUE(store_->save_report("g1", R"({"version":1,"n":3})", &error)) << error;  // replaced
  EXPECT_EQ(store_->load_report("g1").value_or(""), R"({"version":1,"n":3})");
  store_.reset();
  store_ = open();  // the table exists already: created if missing, never twice
  ASSERT_TRUE(store_);
  EXPECT_EQ(store_->load_report("g1").value_or(""), R"({"version":1,"n":3})");
  EXPECT_EQ(store_->load_report("r0123456789abcdef").value_or(""), R"({"version":1,"n":2})");
  EXPECT_FALSE(store_->load_report("g2"));
}

INSTANTIATE_TEST_SUITE_P(Stores, StoreTest, ::testing::Values("sqlite", "postgres"),
                         [](const auto& info) { return info.param; });
