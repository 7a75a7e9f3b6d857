// Game reports on the server: the analysis pool (a report per key, never twice at once, waits
// while the AI pool is busy, off with 0 threads) and the hub's report API (a finished game's
// report pending then ready and stored; a game not over; uploads checked and rate limited).
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <future>
#include <thread>

#include "core/record.h"
#include "records/archive.h"
#include "server/reports/analysis_pool.h"
#include "server/store/game_archive.h"
#include "server/hub/hub.h"
#include "server/store/store.h"
#include "test_hub.h"

using namespace yinsh;
using namespace yinsh::server;
using namespace std::chrono_literals;

namespace {

const std::string DATA = YINSH_TEST_DATA;

GameRecord record_file(const std::string& path) {
  std::string why;
  auto r = load_record_file(path, &why);
  if (!r) throw std::runtime_error(path + ": " + why);
  return *r;
}

TEST(AnalysisPool, WritesEachReportOnceAndWaitsWhileTheAiIsBusy) {
  std::atomic<bool> ai_busy = true;
  AnalysisPool pool({1, 2000, 10, [&] { return ai_busy.load(); }});
  const GameRecord r = record_file(DATA + "/reports/blunder.yinsh");
  std::promise<std::string> report;
  EXPECT_EQ(pool.submit("g1", r.start, r.moves, [&](const std::string& key, const std::string& json) {
    EXPECT_EQ(key, "g1");
    report.set_value(json);
  }), AnalysisPool::Submit::Queued);
  EXPECT_EQ(pool.submit("g1", r.start, r.moves, {}), AnalysisPool::Submit::AlreadyPending);
  EXPECT_TRUE(pool.pending("g1"));
  auto fut = report.get_future();
  // While the AI pool is busy the report does not start.
  EXPECT_EQ(fut.wait_for(300ms), std::future_status::timeout);
  EXPECT_TRUE(pool.pending("g1"));
  ai_busy = false;
  ASSERT_EQ(fut.wait_for(60s), std::future_status::ready);
  const std::string json = fut.get();
  EXPECT_EQ(json.rfind("{\"version\":1,\"nodes_per_position\":2000,", 0), 0u) << json;
  EXPECT_NE(json.find("\"judgement\":\"blunder\""), std::string::npos) << json;
  EXPECT_GE(pool.yields(), 1u);
  for (int i = 0; i < 500 && pool.pending("g1"); ++i) std::this_thread::sleep_for(10ms);
  EXPECT_FALSE(pool.pending("g1"));
}

// Reports one after another reuse the thread's search tables (made at its first report):
// a table made and freed per finished game is memory the allocator keeps (the soak's growth).
TEST(AnalysisPool, OneSearchTablePerThreadForAllItsReports) {
  const GameRecord r = record_file(DATA + "/reports/blunder.yinsh");
  AnalysisPool pool({1, 2000, 10, {}});
  EXPECT_EQ(pool.analysts(), 0u) << "nothing is allocated before the first report";
  std::vector<std::promise<std::string>> reports(3);
  for (size_t i = 0; i < reports.size(); ++i)
    ASSERT_EQ(pool.submit("g" + std::to_string(i), r.start, r.moves,
                          [&reports, i](const std::string&, const std::string& json) { reports[i].set_value(json); }),
              AnalysisPool::Submit::Queued);
  std::vector<std::string> json;
  for (auto& p : reports) {
    auto fut = p.get_future();
    ASSERT_EQ(fut.wait_for(60s), std::future_status::ready);
    json.push_back(fut.get());
  }
  EXPECT_EQ(json[1], json[0]);
  EXPECT_EQ(json[2], json[0]);
  EXPECT_EQ(pool.analysts(), 1u);
}

TEST(AnalysisPool, BoundedQueueAndOff) {
  std::atomic<bool> ai_busy = true;  // nothing starts
  const GameRecord r = record_file(DATA + "/reports/blunder.yinsh");
  AnalysisPool pool({1, 2000, 2, [&] { return ai_busy.load(); }});
  EXPECT_EQ(pool.submit("a", r.start, r.moves, {}), AnalysisPool::Submit::Queued);
  for (int i = 0; i < 500 && pool.queued() > 0; ++i) std::this_thread::sleep_for(2ms);  // "a" taken, waiting
  EXPECT_EQ(pool.submit("b", r.start, r.moves, {}), AnalysisPool::Submit::Queued);
  EXPECT_EQ(pool.submit("c", r.start, r.moves, {}), AnalysisPool::Submit::Queued);
  EXPECT_EQ(pool.submit("d", r.start, r.moves, {}), AnalysisPool::Submit::Full);
  EXPECT_EQ(pool.refused_full(), 1u);
  pool.stop();  // abandons them, promptly, even while waiting for the AI
  EXPECT_EQ(pool.submit("e", r.start, r.moves, {}), AnalysisPool::Submit::Stopped);
  AnalysisPool off({0, 2000, 10, {}});
  EXPECT_EQ(off.submit("a", r.start, r.moves, {}), AnalysisPool::Submit::Stopped);
}

class HubReports : public test::HubTest {
 protected:
  void SetUp() override {
    std::string error;
    store_ = open_sqlite_store((dir_ / "games.db").string(), &error);
    ASSERT_TRUE(store_) << error;
    HubOptions o;
    o.analysis_nodes = 2000;
    o.upload_burst = 2;
    o.upload_rate = 0.001;
    o.report_burst = 2;
    o.report_rate = 0.001;
    start_hub(*store_, o);
  }
  // Asks until the report is ready (generous: the machine may be loaded).
  HttpReply until_ready(const std::function<void(Hub::Done)>& f) {
    HttpReply r;
    for (int i = 0; i < 1200; ++i) {
      r = call(f);
      if (r.status != 202) return r;
      std::this_thread::sleep_for(100ms);
    }
    return r;
  }
  test::ScratchDir dir_{"yinsh-reports"};
  std::unique_ptr<Store> store_;
};

TEST_F(HubReports, AFinishedGamesReportIsPendingThenReadyAndStored) {
  std::string why;
  const auto imported = game_from_record(record_file(DATA + "/boardspace/Y-DrMih-Dumbot-2026-02-23-1415.sgf"), 1, &why);
  ASSERT_TRUE(imported) << why;
  ASSERT_EQ(store_->create_with_events(imported->meta, imported->events, imported->summary, &why), AppendStatus::Ok)
      << why;
  const std::string id = imported->meta.id;
  EXPECT_FALSE(store_->load_report(id));
  const HttpReply first = call([&](Hub::Done d) { hub_->get_report(id, d); });
  EXPECT_EQ(first.status, 202) << first.body;
  EXPECT_EQ(first.body["status"], "pending");
  const HttpReply ready = until_ready([&](Hub::Done d) { hub_->get_report(id, d); });
  ASSERT_EQ(ready.status, 200) << ready.body;
  EXPECT_EQ(ready.body["status"], "ready");
  EXPECT_EQ(ready.body["report"]["nodes_per_position"], 2000);
  EXPECT_EQ(ready.body["report"]["decisions"].size(), imported->summary.ply);
  EXPECT_TRUE(store_->load_report(id)) << "kept with the game";
  const std::string metrics = hub_->metrics_text();
  EXPECT_NE(metrics.find("\nyinsh_analysis_queue_depth 0\n"), std::string::npos) << metrics;
  EXPECT_NE(metrics.find("\nyinsh_analysis_refused_total 0\n"), std::string::npos) << metrics;

  const HttpReply missing = call([&](Hub::Done d) { hub_->get_report("nosuchgame", d); });
  EXPECT_EQ(missing.status, 404) << missing.body;
}

// Reports of finished games are queued per client address (HubOptions::report_burst): one
// address that asks for report after report is refused, asking again for a pending one (the
// page polls) costs it nothing, and another address is not held back.
TEST_F(HubReports, EachAddressQueuesAFewNewReportsThenWaits) {
  std::vector<std::string> ids;
  for (const char* file : {"Y-DrMih-Dumbot-2026-02-23-1415.sgf", "Y-BraveCombo-Dumbot-2026-03-20-0237.sgf",
                           "Y-phiulbrich-BestBot-2026-03-21-2221.sgf"}) {
    std::string why;
    const auto g = game_from_record(record_file(DATA + "/boardspace/" + file), 1, &why);
    ASSERT_TRUE(g) << why;
    ASSERT_EQ(store_->create_with_events(g->meta, g->events, g->summary, &why), AppendStatus::Ok) << why;
    ids.push_back(g->meta.id);
  }
  const std::string a = "203.0.113.1", b = "198.51.100.2";
  auto ask = [&](const std::string& id, const std::string& address) {
    return call([&](Hub::Done d) { hub_->get_report(id, d, address); });
  };
  EXPECT_EQ(ask(ids[0], a).status, 202);
  for (int i = 0; i < 5; ++i) {
    const HttpReply poll = ask(ids[0], a);  // pending, or ready by now: never refused
    EXPECT_TRUE(poll.status == 202 || poll.status == 200) << poll.body;
  }
  EXPECT_EQ(ask(ids[1], a).status, 202);
  const HttpReply refused = ask(ids[2], a);
  EXPECT_EQ(refused.status, 429) << refused.body;
  EXPECT_EQ(refused.body["error"]["code"], "rate_limited");
  EXPECT_GE(refused.body["retry_after_s"].get<int>(), 1);
  EXPECT_EQ(ask(ids[2], b).status, 202) << "another address has its own budget";
  const HttpReply now_pending = ask(ids[2], a);  // queued by b: a may follow it
  EXPECT_TRUE(now_pending.status == 202 || now_pending.status == 200) << now_pending.body;
}

TEST_F(HubReports, AGameNotOverHasNoReport) {
  const HttpReply created = call([&](Hub::Done d) { hub_->create_game(R"({"name":"alice","color":"white"})", {}, d); });
  ASSERT_EQ(created.status, 201) << created.body;
  const HttpReply r = call([&](Hub::Done d) { hub_->get_report(created.body["game"], d); });
  EXPECT_EQ(r.status, 409) << r.body;
  EXPECT_EQ(r.body["error"]["code"], "not_over");
}

TEST_F(HubReports, UploadsAreCheckedAnalysedAndRateLimited) {
  const HttpReply bad = call([&](Hub::Done d) { hub_->upload_report("1.e4 2.e4", d); });
  EXPECT_EQ(bad.status, 400) << bad.body;
  EXPECT_NE(bad.body["error"]["message"].get<std::string>().find("e4 is occupied"), std::string::npos) << bad.body;
  std::ifstream in(DATA + "/reports/blunder.yinsh");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const HttpReply up = call([&](Hub::Done d) { hub_->upload_report(text, d); });
  ASSERT_EQ(up.status, 202) << up.body;
  const std::string id = up.body["id"];
  const HttpReply ready = until_ready([&](Hub::Done d) { hub_->get_uploaded_report(id, d); });
  ASSERT_EQ(ready.status, 200) << ready.body;
  EXPECT_EQ(ready.body["report"]["decisions"][0]["judgement"], "blunder");
  // The same record again: already there (one token left), then the bucket is empty.
  const HttpReply again = call([&](Hub::Done d) { hub_->upload_report(text, d); });
  EXPECT_EQ(again.status, 200) << again.body;
  EXPECT_EQ(again.body["id"], id);
  const HttpReply limited = call([&](Hub::Done d) { hub_->upload_report(text, d); });
  EXPECT_EQ(limited.status, 429) << limited.body;
  const HttpReply unknown = call([&](Hub::Done d) { hub_->get_uploaded_report("r0000000000000000", d); });
  EXPECT_EQ(unknown.status, 404) << unknown.body;
}

}  // namespace
