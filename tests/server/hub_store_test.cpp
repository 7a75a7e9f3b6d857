// The hub against a store that fails (or blocks) on demand, without the network: store work
// never runs on the caller's thread, a store failure is 503 / store_unavailable (never 404,
// never a blank game kept in memory), /readyz follows the store, and all is well once the
// store is back.
#include <gtest/gtest.h>

#include <condition_variable>
#include <future>
#include <thread>

#include "server/common/metrics.h"
#include "server/hub/hub.h"
#include "server/store/store.h"
#include "test_hub.h"

using namespace yinsh;
using namespace yinsh::server;
using namespace std::chrono_literals;

namespace {

// A SQLite store that fails (reads throw, writes fail) while `fail` is set, and whose
// load_meta waits while `block` is set.
class FlakyStore final : public Store {
 public:
  explicit FlakyStore(std::unique_ptr<Store> inner) : inner_(std::move(inner)) {}
  std::atomic<bool> fail = false;
  std::atomic<bool> fail_writes = false;  // reads work (a read-only database, a full disk)
  std::atomic<bool> block = false;
  // What the database says; it names a socket, as libpq does, which clients must not see.
  static constexpr const char* kCause = "connection to server on socket \"/run/secret/.s.PGSQL.5432\" failed: disk on fire";

  std::string kind() const override { return inner_->kind(); }
  void transact(const std::function<void(Sql&)>& work) override {
    check();
    if (fail_writes) throw StoreUnavailable("attempt to write a readonly database");
    inner_->transact(work);
  }
  bool create_game(const GameMeta& meta, std::string* error) override {
    if (fail || fail_writes) return *error = kCause, false;
    return inner_->create_game(meta, error);
  }
  AppendStatus append(const std::string& game, const std::vector<StoredEvent>& events, const GameSummary& summary,
                      std::string* error, RatedGame* rating) override {
    if (fail || fail_writes) return *error = kCause, AppendStatus::Failed;
    return inner_->append(game, events, summary, error, rating);
  }
  AppendStatus create_with_events(const GameMeta& meta, const std::vector<StoredEvent>& events,
                                  const GameSummary& summary, std::string* error) override {
    if (fail || fail_writes) return *error = kCause, AppendStatus::Failed;
    return inner_->create_with_events(meta, events, summary, error);
  }
  std::optional<GameMeta> load_meta(const std::string& id) override {
    while (block) std::this_thread::sleep_for(1ms);
    check();
    return inner_->load_meta(id);
  }
  std::vector<StoredEvent> load_events(const std::string& id, int64_t after) override {
    check();
    return inner_->load_events(id, after);
  }
  std::vector<GameSummary> list_games(std::optional<Status> status, int limit) override {
    check();
    return inner_->list_games(status, limit);
  }
  std::vector<std::string> unfinished_games() override {
    check();
    return inner_->unfinished_games();
  }
  std::vector<std::string> due_games(int64_t now, int limit) override {
    check();
    return inner_->due_games(now, limit);
  }
  std::array<int64_t, 4> count_by_status() override {
    check();
    return inner_->count_by_status();
  }

 private:
  void check() const {
    if (fail) throw StoreUnavailable(kCause);
  }
  std::unique_ptr<Store> inner_;
};

// Frames sent to one fake WebSocket connection.
struct Inbox final : Subscriber {
  std::mutex m;
  std::condition_variable cv;
  std::vector<json> frames;
  void deliver(std::shared_ptr<const std::string> f) override {
    std::lock_guard l(m);
    frames.push_back(json::parse(*f));
    cv.notify_all();
  }
  // The first frame of `type` not seen before, waiting up to 5 s.
  std::optional<json> next(const std::string& type) {
    std::unique_lock l(m);
    const auto until = std::chrono::steady_clock::now() + 5s;
    while (true) {
      for (size_t i = seen; i < frames.size(); ++i)
        if (frames[i]["type"] == type) {
          seen = i + 1;
          return frames[i];
        }
      if (cv.wait_until(l, until) == std::cv_status::timeout) return std::nullopt;
    }
  }
  // The first frame of `type` (with `code`, when given) whenever it came, seen or not,
  // waiting up to 5 s.
  std::optional<json> any(const std::string& type, const std::string& code = "") {
    std::unique_lock l(m);
    const auto until = std::chrono::steady_clock::now() + 5s;
    while (true) {
      for (const json& f : frames)
        if (f["type"] == type && (code.empty() || f.value("code", "") == code)) return f;
      if (cv.wait_until(l, until) == std::cv_status::timeout) return std::nullopt;
    }
  }
  size_t seen = 0;
};

class HubStore : public test::HubTest {
 protected:
  void SetUp() override {
    std::string error;
    auto inner = open_sqlite_store((dir_ / "games.db").string(), &error);
    ASSERT_TRUE(inner) << error;
    store_ = std::make_unique<FlakyStore>(std::move(inner));
    HubOptions o;
    o.metrics = &metrics_;
    o.warn = [this](const std::string& line) { log("warn " + line); };
    o.info = [this](const std::string& line) { log("info " + line); };
    o.sweep_interval_ms = 20;
    // A waiting game's expiry timer keeps it in memory; these tests need games that left it.
    o.seeks.expiry_ms = 0;
    o.seeks.create_per_minute = 0;
    if (test::ScratchDir::current_test_name() == "NewAiGamesAreRefusedWhileThePoolIsSaturated") {
      o.ai_threads = 1;
      o.ai_movetime_ms = 3000;
    }
    start_hub(*store_, o);
  }
  // A game created by "alice" (white); returns {id, token}, and waits until it left memory.
  std::pair<std::string, std::string> stored_game() {
    HttpReply r = call([&](Hub::Done d) { hub_->create_game(R"({"name":"alice","color":"white"})", {}, d); });
    EXPECT_EQ(r.status, 201) << r.body;
    for (int i = 0; i < 300 && hub_->games_loaded() > 0; ++i) std::this_thread::sleep_for(10ms);
    EXPECT_EQ(hub_->games_loaded(), 0u);
    return {r.body["game"], r.body["token"]};
  }
  void log(const std::string& line) {
    std::lock_guard l(log_mutex_);
    log_.push_back(line);
  }
  std::vector<std::string> log_lines(const std::string& part) {
    std::lock_guard l(log_mutex_);
    std::vector<std::string> out;
    for (const auto& line : log_)
      if (line.find(part) != std::string::npos) out.push_back(line);
    return out;
  }
  test::ScratchDir dir_{"yinsh-hubstore"};
  std::unique_ptr<FlakyStore> store_;
  Metrics metrics_;
  std::mutex log_mutex_;
  std::vector<std::string> log_;
};

}  // namespace

TEST_F(HubStore, AFailingReadIs503AndLeavesNoBlankGameBehind) {
  const auto [id, token] = stored_game();
  store_->fail = true;
  for (auto get : {+[](Hub& h, const std::string& id, Hub::Done d) { h.get_game(id, d); },
                   +[](Hub& h, const std::string& id, Hub::Done d) { h.get_record(id, true, d); },
                   +[](Hub& h, const std::string& id, Hub::Done d) { h.join_game(id, "", {}, d); }}) {
    HttpReply r = call([&](Hub::Done d) { get(*hub_, id, d); });
    EXPECT_EQ(r.status, 503);
    EXPECT_EQ(code(r), "store_unavailable");
  }
  EXPECT_EQ(hub_->games_loaded(), 0u);  // nothing half-loaded stays in memory
  HttpReply list = call([&](Hub::Done d) { hub_->list_games("", "", d); });
  EXPECT_EQ(list.status, 503);
  HttpReply create = call([&](Hub::Done d) { hub_->create_game("{}", {}, d); });
  EXPECT_EQ(create.status, 503);
  EXPECT_EQ(code(create), "store_unavailable");

  store_->fail = false;  // back: the game is whole, and a game that does not exist is a 404
  HttpReply r = call([&](Hub::Done d) { hub_->get_game(id, d); });
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.body["state"]["seats"]["white"]["name"], "alice");
  EXPECT_EQ(code(call([&](Hub::Done d) { hub_->get_game("zzzzzzzzzzzz", d); })), "game_not_found");
}

TEST_F(HubStore, ReadyzFollowsTheStore) {
  EXPECT_EQ(call([&](Hub::Done d) { hub_->readiness(d); }).status, 200);
  store_->fail = true;
  HttpReply r = call([&](Hub::Done d) { hub_->readiness(d); });
  EXPECT_EQ(r.status, 503);
  EXPECT_EQ(code(r), "store_unavailable");
  store_->fail = false;
  EXPECT_EQ(call([&](Hub::Done d) { hub_->readiness(d); }).status, 200);
}

TEST_F(HubStore, AWebSocketHelloDuringAnOutageIsStoreUnavailableThenWorks) {
  const auto [id, token] = stored_game();
  auto inbox = std::make_shared<Inbox>();
  auto client = hub_->open(inbox);
  const std::string hello = json({{"type", "hello"}, {"game", id}, {"token", token}, {"id", 1}}).dump();
  store_->fail = true;
  hub_->on_message(client, hello);
  auto e = inbox->next("error");
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "store_unavailable");
  EXPECT_EQ((*e)["id"], 1);
  store_->fail = false;
  hub_->on_message(client, hello);
  auto s = inbox->next("snapshot");
  ASSERT_TRUE(s);
  EXPECT_EQ((*s)["you"]["role"], "white");

  // A command the store refuses is store_unavailable, and changes nothing.
  store_->fail = true;
  hub_->on_message(client, R"({"type":"chat","text":"hi","id":2})");
  e = inbox->next("error");
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "store_unavailable");
  store_->fail = false;
  hub_->on_message(client, R"({"type":"snapshot"})");
  s = inbox->next("snapshot");
  ASSERT_TRUE(s);
  EXPECT_TRUE((*s)["game"]["chat"].empty());
  hub_->close(client);
}

// Loading a game waits for the store on the store pool, not on the caller's (network) thread,
// and messages sent meanwhile on the same connection wait for it, in order.
TEST_F(HubStore, StoreWorkNeverBlocksTheCaller) {
  const auto [id, token] = stored_game();
  store_->block = true;
  auto inbox = std::make_shared<Inbox>();
  auto client = hub_->open(inbox);
  const auto t0 = std::chrono::steady_clock::now();
  hub_->on_message(client, json({{"type", "hello"}, {"game", id}, {"token", token}}).dump());
  hub_->on_message(client, R"({"type":"ping","id":9})");
  std::atomic<bool> got = false;
  hub_->get_game(id, [&](HttpReply) { got = true; });
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 200ms);
  std::this_thread::sleep_for(100ms);
  EXPECT_FALSE(got);
  {
    std::lock_guard l(inbox->m);
    EXPECT_TRUE(inbox->frames.empty());
  }
  store_->block = false;
  ASSERT_TRUE(inbox->next("snapshot"));
  auto pong = inbox->next("pong");  // after the hello it waited for, not "no_game"
  ASSERT_TRUE(pong);
  EXPECT_EQ((*pong)["id"], 9);
  hub_->close(client);
}

// D2: when every AI thread is busy and as many searches wait, a new game against the AI is
// refused with a clear message instead of losing on time.
TEST_F(HubStore, NewAiGamesAreRefusedWhileThePoolIsSaturated) {
  const std::string body = R"({"color":"black","opponent":{"type":"ai","level":8},"clock":{"base_ms":600000}})";
  EXPECT_EQ(call([&](Hub::Done d) { hub_->create_game(body, {}, d); }).status, 201);  // its search runs
  std::this_thread::sleep_for(200ms);
  EXPECT_EQ(call([&](Hub::Done d) { hub_->create_game(body, {}, d); }).status, 201);  // its search waits
  std::this_thread::sleep_for(200ms);
  HttpReply r = call([&](Hub::Done d) { hub_->create_game(body, {}, d); });
  EXPECT_EQ(r.status, 503);
  EXPECT_EQ(code(r), "ai_busy");
  EXPECT_NE(r.body["error"]["message"].get<std::string>().find("busy"), std::string::npos);
  EXPECT_EQ(call([&](Hub::Done d) { hub_->create_game(R"({"name":"x"})", {}, d); }).status, 201);  // people: fine
}

TEST_F(HubStore, AnOutageIsLoggedOnceWithItsCauseCountedAndBackAgainAndClientsSeeNoPath) {
  const auto [id, token] = stored_game();
  store_->fail = true;
  std::vector<std::string> messages;
  for (int i = 0; i < 3; ++i) {
    messages.push_back(call([&](Hub::Done d) { hub_->get_game(id, d); }).body.dump());
    messages.push_back(call([&](Hub::Done d) { hub_->create_game("{}", {}, d); }).body.dump());
    messages.push_back(call([&](Hub::Done d) { hub_->list_games("", "", d); }).body.dump());
  }
  auto inbox = std::make_shared<Inbox>();
  auto client = hub_->open(inbox);
  hub_->on_message(client, json({{"type", "hello"}, {"game", id}, {"token", token}}).dump());
  auto e = inbox->next("error");
  ASSERT_TRUE(e);
  messages.push_back(e->dump());
  for (const auto& m : messages) {
    EXPECT_NE(m.find("store_unavailable"), std::string::npos) << m;
    EXPECT_EQ(m.find("/run/secret"), std::string::npos) << m;
    EXPECT_EQ(m.find("disk on fire"), std::string::npos) << m;
  }
  const auto failing = log_lines("storage is failing");
  ASSERT_EQ(failing.size(), 1u);
  EXPECT_NE(failing[0].find("disk on fire"), std::string::npos) << failing[0];
  EXPECT_EQ(failing[0].rfind("warn ", 0), 0u) << failing[0];
  EXPECT_GE(metrics_.store_errors.load(), 10u);
  EXPECT_NE(metrics_.render("").find("yinsh_store_errors_total "), std::string::npos);
  EXPECT_TRUE(log_lines("storage is back").empty());

  store_->fail = false;
  EXPECT_EQ(call([&](Hub::Done d) { hub_->get_game(id, d); }).status, 200);
  EXPECT_TRUE(log_lines("storage is back").empty());  // reads work; no write has since
  EXPECT_EQ(call([&](Hub::Done d) { hub_->create_game(R"({"name":"x"})", {}, d); }).status, 201);
  const auto back = log_lines("storage is back");
  ASSERT_EQ(back.size(), 1u);
  EXPECT_NE(back[0].find("failed calls"), std::string::npos) << back[0];
  EXPECT_EQ(log_lines("storage is failing").size(), 1u);
  hub_->close(client);
}

TEST_F(HubStore, ReadyzIsNotReadyWhileWritesFailAndReadsWork) {
  EXPECT_EQ(call([&](Hub::Done d) { hub_->readiness(d); }).status, 200);
  store_->fail_writes = true;
  EXPECT_EQ(call([&](Hub::Done d) { hub_->list_games("", "", d); }).status, 200);  // reads work
  HttpReply r = call([&](Hub::Done d) { hub_->readiness(d); });
  EXPECT_EQ(r.status, 503);
  EXPECT_EQ(code(r), "store_unavailable");
  EXPECT_EQ(r.body.dump().find("readonly"), std::string::npos) << r.body;
  EXPECT_EQ(log_lines("storage is failing (the readiness check's write): attempt to write a readonly database").size(), 1u);
  store_->fail_writes = false;
  EXPECT_EQ(call([&](Hub::Done d) { hub_->readiness(d); }).status, 200);
  EXPECT_EQ(log_lines("storage is back").size(), 1u);
}

// A player whose decision cannot be stored does not lose on time for it: the room holds the
// running clock from the refused decision until the store takes writes again, and tells the
// players; then the decision is stored and the game goes on.
TEST_F(HubStore, AClockStandsWhileTheStoreCannotTakeDecisions) {
  HttpReply created = call([&](Hub::Done d) {
    hub_->create_game(R"({"name":"alice","color":"white","clock":{"base_ms":2000}})", {}, d);
  });
  ASSERT_EQ(created.status, 201) << created.body;
  const std::string id = created.body["game"];
  HttpReply joined = call([&](Hub::Done d) { hub_->join_game(id, R"({"name":"bob"})", {}, d); });
  ASSERT_EQ(joined.status, 200) << joined.body;
  auto alice = std::make_shared<Inbox>(), bob = std::make_shared<Inbox>();
  auto a = hub_->open(alice), b = hub_->open(bob);
  hub_->on_message(a, json({{"type", "hello"}, {"game", id}, {"token", created.body["token"]}}).dump());
  hub_->on_message(b, json({{"type", "hello"}, {"game", id}, {"token", joined.body["token"]}}).dump());
  ASSERT_TRUE(alice->next("snapshot") && bob->next("snapshot"));
  hub_->on_message(a, R"({"type":"start"})");
  hub_->on_message(b, R"({"type":"start"})");
  auto started = alice->next("started");
  ASSERT_TRUE(started);
  const std::string move =
      json({{"type", "move"}, {"decision", (*started)["state"]["legal"][0]}, {"id", 7}}).dump();

  store_->fail = true;
  hub_->on_message(a, move);
  auto e = alice->next("error");
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "store_unavailable");
  for (auto* inbox : {alice.get(), bob.get()})
    EXPECT_TRUE(inbox->any("info", "clock_held")) << "the players are told that the clock stands";
  std::this_thread::sleep_for(3000ms);  // longer than White's whole clock
  hub_->on_message(a, R"({"type":"snapshot","id":8})");
  auto snap = alice->next("snapshot");
  ASSERT_TRUE(snap);
  const json& state = (*snap)["game"]["state"];
  EXPECT_EQ(state["status"], "active");
  EXPECT_TRUE(state["clocks"]["running"].is_null()) << state["clocks"];
  EXPECT_GT(state["clocks"]["white_ms"].get<int64_t>(), 1000) << state["clocks"];

  store_->fail = false;
  hub_->on_message(a, move);
  auto decision = alice->next("decision");
  ASSERT_TRUE(decision) << "White could not move after the outage";
  EXPECT_EQ((*decision)["state"]["status"], "active");
  EXPECT_EQ((*decision)["state"]["clocks"]["running"], "black");
  EXPECT_GT((*decision)["state"]["clocks"]["white_ms"].get<int64_t>(), 1000);
  EXPECT_TRUE(bob->any("info", "clock_released")) << "the players are told that the clock runs again";
  HttpReply g = call([&](Hub::Done d) { hub_->get_game(id, d); });
  EXPECT_EQ(g.body["state"]["status"], "active");
  EXPECT_EQ(g.body["state"]["ply"], 1);
  hub_->close(a);
  hub_->close(b);
}
