// A database written by an earlier release opens in today's server with every game intact:
// the same list, positions and records. The fixture (tests/data/fixtures/release-0.1.sqlite)
// was written by release 0.1 (commit bfabbda) and its expected answers were read from that
// release's own API (tests/data/fixtures/README.md says how).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "game_driver.h"
#include "server_process.h"

using namespace yinsh::test;
namespace fs = std::filesystem;

TEST(Upgrade, Release01DatabaseOpensWithEveryGameIntact) {
  const fs::path fixtures = fs::path(YINSH_TEST_DATA) / "fixtures";
  const auto dir = fs::temp_directory_path() / ("yinsh-upgrade-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path db = dir / "games.db";
  fs::copy_file(fixtures / "release-0.1.sqlite", db);
  std::ifstream in(fixtures / "release-0.1.expected.json");
  const json expected = json::parse(in);
  ASSERT_EQ(expected["games"].size(), 8u);
  {
    // Expiry off: the old waiting game would be expired at start (seek_ws_test.cpp tests that),
    // and the old untimed games in play would end as abandoned once the fixture is older than
    // the idle limit (7 days: this test started failing a week after the fixture was written).
    auto flags = kFastServerFlags;
    flags.insert(flags.end(), {"--seek-expiry-ms", "0", "--untimed-idle-ms", "0"});
    ServerProcess server(db.string(), flags);
    ASSERT_NE(server.port(), 0) << "the server did not start on the old database";
    auto list = http_request(server.port(), beast::http::verb::get, "/api/games?limit=50");
    ASSERT_EQ(list.status, 200) << list.text;
    ASSERT_EQ(list.body["games"].size(), expected["games"].size());
    for (const json& want : expected["games"]) {
      const std::string id = want["id"];
      SCOPED_TRACE(id);
      json listed;
      for (const json& g : list.body["games"])
        if (g["id"] == id) listed = g;
      ASSERT_TRUE(listed.is_object()) << "game missing from the list";
      EXPECT_EQ(listed["status"], want["status"]);
      EXPECT_EQ(listed["ply"], want["ply"]);
      EXPECT_EQ(listed["white"], want["white"]);
      EXPECT_EQ(listed["black"], want["black"]);
      EXPECT_EQ(listed["result"], want["result"]);
      EXPECT_EQ(listed["white_account"], false) << "0.1 had no accounts";
      EXPECT_EQ(listed["black_account"], false);
      auto snap = http_request(server.port(), beast::http::verb::get, "/api/games/" + id);
      ASSERT_EQ(snap.status, 200) << snap.text;
      EXPECT_EQ(snap.body["state"]["position"], want["position"]);
      EXPECT_EQ(snap.body["decisions"].size(), want["decisions"].get<size_t>());
      auto record = http_request(server.port(), beast::http::verb::get, "/api/games/" + id + "/record");
      ASSERT_EQ(record.status, 200);
      // The record as 0.1 wrote it, and since then a tag on each seat a guest held (0.1 had no
      // accounts: every named seat but the computer's is a guest's).
      std::string expected_record = want["record"].get<std::string>();
      for (const auto& [tag, key] : {std::pair{"WhiteGuest", "white"}, std::pair{"BlackGuest", "black"}}) {
        const json& name = listed[key];
        if (!name.is_string() || name.get<std::string>().rfind("Computer (", 0) == 0) continue;
        const auto variant = expected_record.find("[Variant ");
        ASSERT_NE(variant, std::string::npos);
        expected_record.insert(variant, std::string("[") + tag + " \"yes\"]\n");
      }
      EXPECT_EQ(record.text, expected_record);
    }
  }
  fs::remove_all(dir);
}
