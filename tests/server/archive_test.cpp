// Backups and archives: `yinsh backup` while a server plays, export -> import round trips, the
// Boardspace archive games and broken records imported into a database.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "game_driver.h"
#include "records/archive.h"
#include "server/db/backup.h"
#include "server/store/game_archive.h"
#include "server/server.h"
#include "test_server.h"

using namespace yinsh;
using namespace yinsh::test;
namespace fs = std::filesystem;

namespace {

class Archive : public ::testing::Test {
 protected:
  std::unique_ptr<server::Store> open(const std::string& name) {
    std::string error;
    auto s = server::open_store((dir_ / name).string(), &error);
    EXPECT_TRUE(s) << error;
    return s;
  }
  std::unique_ptr<server::Server> serve(const std::string& name) {
    server::ServerOptions o = test_server_options(dir_);
    o.db = (dir_ / name).string();
    o.web_root = "/nonexistent";
    return start_test_server(o);
  }
  static std::string exported(server::Store& store) {
    std::ostringstream out;
    server::export_games(store, 0, out);
    return out.str();
  }
  void write(const std::string& name, const std::string& text) { std::ofstream(dir_ / name, std::ios::binary) << text; }
  static std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  ScratchDir scratch_{"yinsh-archive"};
  const fs::path& dir_ = scratch_.path();
};

void play_one_game(uint16_t port, std::mt19937& rng) {
  const auto seats = create_two_seat_game(port);
  Follower w(port, seats.id, seats.white), b(port, seats.id, seats.black);
  start_game(w, b, {&w, &b});
  play_random(w, b, {&w, &b}, rng);
}

const std::string kBoardspace = std::string(YINSH_TEST_DATA) + "/boardspace";

}  // namespace

TEST_F(Archive, BoardspaceGamesAreImportedOnceAndBrokenRecordsAreSkippedWithTheReason) {
  // A broken SGF (the first ring placed on a point that is not on the board) and a notation
  // file with a good game, an illegal one and an unfinished one.
  std::string sgf = slurp(kBoardspace + "/Y-DrMih-Dumbot-2026-02-23-1415.sgf");
  const auto at = sgf.find("place wr ");
  ASSERT_NE(at, std::string::npos);
  sgf.replace(at, sgf.find(']', at) - at, "place wr  A 9");
  write("broken.sgf", sgf);
  write("games.txt",
        "[White \"ann\"]\n[Black \"bob\"]\n[Result \"0-1\"]\n[Termination \"resignation\"]\n\n1.e5 2.f6 0-1\n\n"
        "[White \"cid\"]\n[Black \"dan\"]\n\n1.e5 2.e5 *\n\n"
        "[White \"eve\"]\n[Black \"fay\"]\n\n1.e5 2.f6 *\n");
  auto store = open("games.db");
  const auto first = server::import_files(
      *store, expand_record_paths({kBoardspace, (dir_ / "broken.sgf").string(), (dir_ / "games.txt").string()}), 1000);
  std::string all;
  for (const auto& l : first.lines) all += l + "\n";
  EXPECT_EQ(first.imported, 4) << all;  // 3 archive games + ann-bob
  EXPECT_EQ(first.rejected, 3) << all;
  EXPECT_NE(all.find("broken.sgf: skipped: line 12, P0[1 place wr  A 9]: expected"), std::string::npos) << all;
  EXPECT_NE(all.find("games.txt game 2: skipped: moves: turn 2: illegal decision 'e5': e5 is occupied"), std::string::npos) << all;
  EXPECT_NE(all.find("games.txt game 3: skipped: unfinished game"), std::string::npos) << all;
  // What was stored is the games, played to the same result by the server's own rules.
  const auto games = store->list_games(std::nullopt, 100);
  ASSERT_EQ(games.size(), 4u);
  int decisions = 0;
  for (const auto& s : games) {
    std::string error;
    const auto g = server::load_game(*store, s.id, &error);
    ASSERT_TRUE(g) << error;
    EXPECT_EQ(g->status(), server::Status::Over);
    decisions += g->ply();
    const std::string expected_score = s.white == "DrMih" ? "1-0" : s.white == "ann" ? "0-1" : g->result()->score;
    EXPECT_EQ(g->result()->score, expected_score) << s.white;
    if (s.white == "phiulbrich" || s.white == "ann") {
      EXPECT_EQ(g->result()->reason, "resign") << s.white;
    }
  }
  EXPECT_EQ(decisions, 53 + 76 + 46 + 2);
  // Importing again: every game is a duplicate, nothing is added.
  const auto again = server::import_files(*store, expand_record_paths({kBoardspace}), 2000);
  EXPECT_EQ(again.imported, 0);
  EXPECT_EQ(again.duplicates, 3);
  EXPECT_EQ(store->list_games(std::nullopt, 100).size(), 4u);
}

TEST_F(Archive, ExportWhileServingThenImportGivesTheSameGames) {
  auto srv = serve("live.db");
  std::mt19937 rng(7);
  for (int i = 0; i < 2; ++i) play_one_game(srv->port(), rng);
  auto live = open("live.db");  // a second handle, the server still running
  ASSERT_TRUE(server::import_files(*live, expand_record_paths({kBoardspace}), 5000).imported == 3);
  const std::string text = exported(*live);
  EXPECT_EQ(server::split_records(text).size(), 5u) << text;
  EXPECT_NE(text.find("[Date \""), std::string::npos);
  write("export.txt", text);
  auto copy = open("copy.db");
  const auto report = server::import_files(*copy, {(dir_ / "export.txt").string()}, 9000);
  EXPECT_EQ(report.imported, 5);
  // Same ids (Game tag), players, dates, decisions, results. (Creation times are kept to the
  // second, so games made within one second may be listed in another order.)
  auto sorted = [](const std::string& t) {
    auto v = server::split_records(t);
    for (auto& r : v) r.erase(r.find_last_not_of('\n') + 1);
    std::sort(v.begin(), v.end());
    return v;
  };
  EXPECT_EQ(sorted(exported(*copy)), sorted(text));
  // --since: the three archive games are from 2026-02 and 2026-03, the live games from now.
  std::ostringstream recent;
  EXPECT_EQ(server::export_games(*copy, *server::parse_date_ms("2026-03-01"), recent), 4);
  EXPECT_FALSE(server::parse_date_ms("2026-13-01"));
  EXPECT_FALSE(server::parse_date_ms("yesterday"));
}

TEST_F(Archive, BackupDuringPlayIsConsistentAndRestores) {
  auto srv = serve("live.db");
  std::atomic<bool> stop{false};
  std::thread players([&] {
    std::mt19937 rng(11);
    while (!stop) play_one_game(srv->port(), rng);
  });
  for (int i = 0; i < 4; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    const std::string out = (dir_ / ("backup" + std::to_string(i) + ".db")).string();
    std::string error;
    ASSERT_TRUE(server::backup_sqlite((dir_ / "live.db").string(), out, &error)) << error;
    // Every game in the copy replays from its log, and its summary row says the same.
    auto copy = open("backup" + std::to_string(i) + ".db");
    for (const auto& s : copy->list_games(std::nullopt, 10000)) {
      const auto g = server::load_game(*copy, s.id, &error);
      ASSERT_TRUE(g) << error;
      EXPECT_EQ(g->version(), s.version);
      EXPECT_EQ(g->ply(), s.ply);
    }
  }
  stop = true;
  players.join();
  std::string error;
  ASSERT_TRUE(server::backup_sqlite((dir_ / "live.db").string(), (dir_ / "final.db").string(), &error)) << error;
  auto live = open("live.db");
  auto final_copy = open("final.db");
  const std::string live_text = exported(*live);
  EXPECT_GE(server::split_records(live_text).size(), 2u);
  EXPECT_EQ(exported(*final_copy), live_text);
  // Restore: a server started on the copy serves the games.
  srv.reset();
  auto restored = serve("final.db");
  const auto id = live->list_games(std::nullopt, 1).at(0).id;
  const auto r = http_request(restored->port(), boost::beast::http::verb::get, "/api/games/" + id + "/record");
  EXPECT_EQ(r.status, 200);
  EXPECT_NE(live_text.find(r.text.substr(r.text.find("[White"), 40)), std::string::npos) << r.text;
  // Bad input changes nothing: a missing source, a file that is not a database.
  EXPECT_FALSE(server::backup_sqlite((dir_ / "missing.db").string(), (dir_ / "x.db").string(), &error));
  EXPECT_NE(error.find("no such database file"), std::string::npos) << error;
  write("junk.db", "not a database at all, not at all");
  EXPECT_FALSE(server::backup_sqlite((dir_ / "junk.db").string(), (dir_ / "final.db").string(), &error));
  EXPECT_TRUE(fs::exists(dir_ / "final.db"));
  EXPECT_FALSE(fs::exists(dir_ / "final.db.part"));
  EXPECT_EQ(exported(*open("final.db")), live_text);
}
