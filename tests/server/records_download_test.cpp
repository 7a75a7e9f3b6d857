// GET /api/players/NAME/records is streamed (players_api.h): the player's finished games are
// listed, then their records are read from the store 20 at a time, each batch in a job given to
// the caller's pool when the network layer asks for the next chunk. Shown here with a runner
// that holds the jobs: nothing is read before it is asked for, the chunks are the whole download
// oldest first, and the download's hold (its slot) lives exactly as long as its body.
#include <gtest/gtest.h>

#include <deque>
#include <functional>

#include "accounts/username.h"
#include "records/archive.h"
#include "server/accounts/accounts_store.h"
#include "server/accounts/players_api.h"
#include "server/store/game_archive.h"
#include "server/store/store.h"
#include "test_server.h"

using namespace yinsh;
using namespace yinsh::server;

namespace {

class RecordsDownloadTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    store_ = open_sqlite_store((scratch_.path() / "games.db").string(), &error);
    ASSERT_TRUE(store_) << error;
    AccountStore accounts(*store_);
    const auto name = accounts::parse_username("Dana", &error);
    ASSERT_TRUE(name) << error;
    ASSERT_EQ(accounts.create(*name, "hash", 1000, &account_), AccountStore::Created::Ok);
    std::string why;
    const auto record = load_record_file(std::string(YINSH_TEST_DATA) + "/boardspace/Y-DrMih-Dumbot-2026-02-23-1415.sgf", &why);
    ASSERT_TRUE(record) << why;
    for (int i = 0; i < kGames; ++i) {  // Dana's games, White in each, made one after the other
      auto g = game_from_record(*record, 1, &why);
      ASSERT_TRUE(g) << why;
      char id[13];
      std::snprintf(id, sizeof id, "dana%08d", i);
      g->meta.id = g->summary.id = id;
      g->meta.created_at = g->summary.created_at = 1000 + i;  // the record's Date is each one's
      ASSERT_EQ(store_->create_with_events(g->meta, g->events, g->summary, &why), AppendStatus::Ok) << why;
      store_->transact([&](Sql& q) { q.run("UPDATE games SET white_account=? WHERE id=?", {account_, std::string(id)}); });
      ids_.push_back(id);
    }
  }
  // The jobs given to the download's runner, run only when the test says so.
  RunOff runner() {
    return [this](std::function<void()> job) { jobs_.push_back(std::move(job)); };
  }
  static constexpr int kGames = 45;
  test::ScratchDir scratch_{"yinsh-records-download"};
  std::unique_ptr<Store> store_;
  std::string account_;
  std::vector<std::string> ids_;
  std::deque<std::function<void()>> jobs_;
};

size_t count_records(const std::string& text) {
  size_t n = 0;
  for (size_t at = 0; (at = text.find("[Game ", at)) != std::string::npos; ++at) ++n;
  return n;
}

TEST_F(RecordsDownloadTest, TheRecordsComeTwentyAtATimeOnlyWhenAskedForOldestFirst) {
  auto hold = std::make_shared<int>(0);
  HttpReply r = records_download(*store_, "/api/players/dana/records", runner(), hold);
  ASSERT_EQ(r.status, 200) << r.body;
  ASSERT_TRUE(r.chunks) << "the body is made as it is sent";
  EXPECT_FALSE(r.text) << "nothing is held whole";
  EXPECT_GT(hold.use_count(), 1) << "the body holds the download's slot";
  std::string body;
  std::vector<size_t> per_chunk;
  bool ended = false;
  for (int asked = 0; asked < 10 && !ended; ++asked) {
    std::optional<std::string> got;
    bool called = false;
    r.chunks->next([&](std::optional<std::string> chunk) { called = true, got = std::move(chunk); });
    EXPECT_FALSE(called) << "no record is read on the asking thread";
    ASSERT_EQ(jobs_.size(), 1u) << "one job per chunk asked for";
    auto job = std::move(jobs_.front());
    jobs_.pop_front();
    job();
    ASSERT_TRUE(called);
    ASSERT_TRUE(got) << "the store did not fail";
    if (got->empty()) ended = true;
    else per_chunk.push_back(count_records(*got)), body += *got;
  }
  ASSERT_TRUE(ended);
  EXPECT_EQ(per_chunk, (std::vector<size_t>{20, 20, 5}));
  // Oldest first, each game once: the same text as the whole export of this store (all its
  // games are Dana's).
  std::ostringstream whole;
  EXPECT_EQ(export_games(*store_, 0, whole, nullptr), kGames);
  EXPECT_EQ(body, whole.str());
  EXPECT_LT(body.find("[Game \"dana00000000\"]"), body.find("[Game \"dana00000044\"]"));
  r.chunks.reset();
  EXPECT_EQ(hold.use_count(), 1) << "the slot is given back with the body";
}

TEST_F(RecordsDownloadTest, AnUnknownPlayerIs404AndGivesItsSlotBackAtOnce) {
  auto hold = std::make_shared<int>(0);
  const HttpReply r = records_download(*store_, "/api/players/nobody/records", runner(), hold);
  EXPECT_EQ(r.status, 404);
  EXPECT_EQ(r.body["error"]["code"], "player_not_found");
  EXPECT_FALSE(r.chunks);
  EXPECT_EQ(hold.use_count(), 1);
  EXPECT_TRUE(jobs_.empty());
}

TEST(RecordsDownloadRoute, OnlyTheRecordsOfOnePlayer) {
  EXPECT_TRUE(is_records_download("GET", "/api/players/dana/records"));
  EXPECT_FALSE(is_records_download("POST", "/api/players/dana/records"));
  EXPECT_FALSE(is_records_download("GET", "/api/players/dana/games"));
  EXPECT_FALSE(is_records_download("GET", "/api/players//records"));
  EXPECT_FALSE(is_records_download("GET", "/api/players/a/b/records"));
  EXPECT_FALSE(is_records_download("GET", "/api/players/records"));
}

}  // namespace
