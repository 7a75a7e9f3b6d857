// `yinsh admin`: the built binary grants the admin role, mutes and closes accounts in a
// database (logged in moderation_log), and refuses unknown accounts and bad names with an
// error and a non-zero exit, changing nothing.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>

#include "server/accounts/accounts_store.h"
#include "server/store/store.h"

using namespace yinsh;
using namespace yinsh::server;

namespace {

// Runs `yinsh admin ARGS`: its exit status and what it printed (stdout and stderr).
int admin(const std::string& args, std::string* out) {
  const std::string cmd = std::string(YINSH_BIN) + " admin " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return -1;
  char buf[512];
  out->clear();
  while (size_t n = fread(buf, 1, sizeof buf, p)) out->append(buf, n);
  const int status = pclose(p);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(AdminCli, GrantsMutesClosesAndLogs) {
  const auto dir = std::filesystem::temp_directory_path() / ("yinsh-admin-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string db = (dir / "games.db").string();
  {
    std::string error, id;
    auto store = open_store(db, &error);
    ASSERT_TRUE(store) << error;
    AccountStore accounts(*store);
    ASSERT_EQ(accounts.create(*accounts::parse_username("Alice", &error), "hash", 1, &id), AccountStore::Created::Ok);
  }
  std::string out;
  EXPECT_EQ(admin("grant ALICE --db " + db, &out), 0) << out;
  EXPECT_NE(out.find("ALICE: is an admin"), std::string::npos) << out;  // the name as typed
  EXPECT_EQ(admin("mute alice --db " + db, &out), 0) << out;
  EXPECT_EQ(admin("grant nobody --db " + db, &out), 1);
  EXPECT_NE(out.find("no account nobody"), std::string::npos) << out;
  EXPECT_EQ(admin("grant 'a b' --db " + db, &out), 2);
  EXPECT_EQ(admin("close alice --db " + db, &out), 0) << out;
  EXPECT_EQ(admin("log --db " + db, &out), 0);
  EXPECT_NE(out.find("cli close alice"), std::string::npos) << out;
  EXPECT_NE(out.find("cli role alice admin"), std::string::npos) << out;
  {
    std::string error;
    auto store = open_store(db, &error);
    ASSERT_TRUE(store) << error;
    const auto a = AccountStore(*store).by_key("alice");
    ASSERT_TRUE(a);
    EXPECT_EQ(a->role, "admin");
    EXPECT_TRUE(a->muted);
    EXPECT_TRUE(a->closed);
    EXPECT_EQ(AccountStore(*store).moderation_log(10).size(), 3u);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
