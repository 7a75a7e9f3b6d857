// Tests that drive the built `yinsh serve` binary: SIGKILL mid-game and restart, and two
// server processes sharing one PostgreSQL database.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>

#include "core/game.h"
#include "core/notation.h"
#include "game_driver.h"
#include "pg_cluster.h"

using namespace yinsh;
using namespace yinsh::test;

namespace {

class ServerProcess {
 public:
  explicit ServerProcess(const std::string& db) {
    int fds[2];
    if (pipe(fds) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(fds[1], 1);
      close(fds[0]);
      close(fds[1]);
      execl(YINSH_BIN, YINSH_BIN, "serve", "--port", "0", "--db", db.c_str(), "--ai-movetime", "5", "--web-root",
            "/nonexistent", "--rate", "100000", "--burst", "100000", static_cast<char*>(nullptr));
      _exit(127);
    }
    close(fds[1]);
    out_ = fdopen(fds[0], "r");
    char line[512];
    while (fgets(line, sizeof line, out_)) {
      const std::string s(line);
      const auto at = s.find("listening on http://127.0.0.1:");
      if (at != std::string::npos) {
        port_ = uint16_t(std::stoi(s.substr(at + 30)));
        break;
      }
    }
  }
  ~ServerProcess() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
    if (out_) fclose(out_);
  }
  void kill9() {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  uint16_t port() const { return port_; }

 private:
  pid_t pid_ = -1;
  FILE* out_ = nullptr;
  uint16_t port_ = 0;
};

}  // namespace

TEST(ServerProcess, KilledMidGameRestartsWithNoAcknowledgedDecisionLost) {
  const auto dir = std::filesystem::temp_directory_path() / ("yinsh-kill-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string db = (dir / "games.db").string();
  auto first = std::make_unique<ServerProcess>(db);
  ASSERT_NE(first->port(), 0) << "the server did not start";
  const auto seats = create_two_seat_game(first->port(), {{"clock", {{"base_ms", 600000}, {"increment_ms", 1000}}}});
  std::vector<std::string> acknowledged;
  int64_t white_ms = 0;
  {
    Follower w(first->port(), seats.id, seats.white), b(first->port(), seats.id, seats.black);
    start_game(w, b, {&w, &b});
    std::mt19937 rng(99);
    play_random(w, b, {&w, &b}, rng, 25);
    // One more decision is sent and the server killed at once: it may or may not be stored,
    // but everything acknowledged before must survive.
    acknowledged = w.decisions;
    white_ms = w.state["clocks"]["white_ms"];
    Follower& mover = w.state["to_move"] == "white" ? w : b;
    mover.ws.send({{"type", "move"}, {"decision", mover.random_legal(rng)}});
    first->kill9();
  }
  first.reset();
  ServerProcess second(db);
  ASSERT_NE(second.port(), 0);
  Follower w(second.port(), seats.id, seats.white), b(second.port(), seats.id, seats.black);
  EXPECT_EQ(w.role, "white");
  EXPECT_EQ(b.role, "black");
  ASSERT_GE(w.decisions.size(), acknowledged.size());
  EXPECT_LE(w.decisions.size(), acknowledged.size() + 1);
  EXPECT_TRUE(std::equal(acknowledged.begin(), acknowledged.end(), w.decisions.begin()));
  EXPECT_EQ(w.state["status"], "active");
  EXPECT_LE(w.state["clocks"]["white_ms"].get<int64_t>(), 600000 + 1000 * 13);
  EXPECT_GE(w.state["clocks"]["white_ms"].get<int64_t>(), white_ms - 5000);  // paused while down
  std::mt19937 rng(100);
  play_random(w, b, {&w, &b}, rng);
  EXPECT_EQ(w.state["status"], "over");
  EXPECT_EQ(w.state["result"]["score"], core_score(w.decisions));
  std::filesystem::remove_all(dir);
}

TEST(ServerProcess, TwoProcessesServeOneGameThroughPostgres) {
  auto& pg = PgCluster::instance();
  if (!pg.available()) GTEST_SKIP() << "PostgreSQL tests skipped: " << pg.why_not();
  const std::string db = pg.new_database();
  ASSERT_FALSE(db.empty());
  ServerProcess a(db), b(db);
  ASSERT_NE(a.port(), 0);
  ASSERT_NE(b.port(), 0);
  // Created through A, joined through B.
  auto c = http_request(a.port(), beast::http::verb::post, "/api/games", R"({"color":"white","name":"alice"})");
  ASSERT_EQ(c.status, 201);
  const std::string id = c.body["game"];
  auto j = http_request(b.port(), beast::http::verb::post, "/api/games/" + id + "/join", R"({"name":"bob"})");
  ASSERT_EQ(j.status, 200) << j.text;
  Follower w(a.port(), id, c.body["token"]), bl(b.port(), id, j.body["token"]);
  Follower spec_a(a.port(), id), spec_b(b.port(), id);
  EXPECT_EQ(w.role, "white");
  EXPECT_EQ(bl.role, "black");
  start_game(w, bl, {&w, &bl, &spec_a, &spec_b});
  std::mt19937 rng(2024);
  play_random(w, bl, {&w, &bl, &spec_a, &spec_b}, rng);
  ASSERT_EQ(w.state["status"], "over");
  EXPECT_EQ(spec_a.decisions, spec_b.decisions);
  EXPECT_EQ(w.decisions, bl.decisions);
  EXPECT_EQ(spec_b.decisions, w.decisions);
  EXPECT_EQ(spec_a.events, spec_b.events);
  EXPECT_EQ(w.state["result"]["score"], core_score(w.decisions));
  auto rec = http_request(b.port(), beast::http::verb::get, "/api/games/" + id + "/record.json");
  EXPECT_EQ(rec.body["decisions"].size(), w.decisions.size());
}
