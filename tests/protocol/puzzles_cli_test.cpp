// Black-box tests of `yinsh puzzles` through the real binary: a tiny self-play file in, a
// JSON puzzle file out whose every puzzle has the documented fields; bad input is refused
// with a clear error and leaves an existing output file as it was.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "cli_run.h"

namespace {

std::string run(const std::string& command, int* status = nullptr) {
  std::string out;
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  if (!p) return out;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  const int rc = pclose(p);
  if (status) *status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  return out;
}

std::string temp_file(const std::string& what) {
  const auto* info = testing::UnitTest::GetInstance()->current_test_info();
  return testing::TempDir() + "yinsh_puzzles_cli_" + info->name() + "_" + what + "_" + std::to_string(getpid());
}

using yinsh::test::count;
using yinsh::test::slurp;

const std::string BIN = YINSH_BIN;

TEST(PuzzlesCli, TinyRunWritesDocumentedPuzzles) {
  const std::string data = temp_file("data.bin"), out = temp_file("out.json");
  std::remove(data.c_str());
  ASSERT_NE(run(BIN + " selfplay -n 3 --nodes 300 --hash 1 -o " + data).find("games 3"), std::string::npos);
  int status = -1;
  const std::string said = run(BIN + " puzzles --from " + data + " -o " + out +
                                   " --depth 3 --quick-depth 0 --min-gap 1 --count 4 --per-game 4 --hash 1",
                               &status);
  EXPECT_EQ(status, 0) << said;
  const std::string json = slurp(out);
  EXPECT_EQ(json.rfind("{\"format\":\"yinsh-puzzles\",\"version\":1,\"depth\":3,\"min_gap\":1,\"puzzles\":[", 0), 0u)
      << json;
  const size_t n = count(json, "{\"id\":\"p");
  EXPECT_GE(n, 1u) << said;
  EXPECT_LE(n, 4u);
  EXPECT_NE(said.find("puzzles " + std::to_string(n) + " "), std::string::npos) << said;
  for (const char* field : {"\"position\":\"", "\"side\":\"", "\"goal\":\"", "\"line\":[\"", "\"other\":[\"",
                            "\"turns\":", "\"gap\":", "\"depth\":", "\"rating\":"})
    EXPECT_EQ(count(json, field), n + (std::string(field) == "\"depth\":" ? 1 : 0)) << field;
  EXPECT_EQ(count(json, "\"goal\":\"win\"") + count(json, "\"goal\":\"save\""), n);
  EXPECT_EQ(json.substr(json.size() - 3), "]}\n");
}

TEST(PuzzlesCli, BadInputIsRefusedAndChangesNothing) {
  const std::string data = temp_file("bad.bin"), out = temp_file("out.json");
  std::ofstream(out) << "keep me";
  std::ofstream(data) << "not a self-play file";
  int status = -1;
  std::string said = run(BIN + " puzzles --from " + data + " -o " + out, &status);
  EXPECT_EQ(status, 2);
  EXPECT_NE(said.find("error: "), std::string::npos) << said;
  said = run(BIN + " puzzles --from " + data + ".missing -o " + out, &status);
  EXPECT_EQ(status, 2);
  EXPECT_NE(said.find("error: "), std::string::npos) << said;
  said = run(BIN + " puzzles --from " + data + " -o " + out + " --depth 0", &status);
  EXPECT_NE(status, 0);
  EXPECT_EQ(slurp(out), "keep me");
  said = run(BIN + " puzzles -o " + out, &status);
  EXPECT_NE(status, 0);
  EXPECT_NE(said.find("--from"), std::string::npos) << said;
}

}  // namespace
