// Black-box tests of the learned evaluation through the real binary: `setoption name Eval`
// and `EvalFile` (a bad file is refused and the engine still searches), the --eval flag, and
// `yinsh selfplay` writing a data file of whole records.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "cli_run.h"

namespace {

// A whole command line (the binary named in it), stdout only.
std::string run(const std::string& command) { return yinsh::test::shell_stdout(command); }

std::string temp_file(const std::string& what) {
  const auto* info = testing::UnitTest::GetInstance()->current_test_info();
  return testing::TempDir() + "yinsh_nnue_cli_" + info->name() + "_" + what + "_" +
         std::to_string(getpid());
}

std::string engine(const std::string& script, const std::string& flags = "") {
  const std::string file = temp_file("script");
  std::ofstream(file) << script;
  return run(std::string(YINSH_BIN) + " engine " + flags + " < " + file + " 2>&1");
}

TEST(NnueCli, BadEvalFileIsRefusedAndTheNetworkStillSearches) {
  const std::string bad = temp_file("bad.nnue");
  std::ofstream(bad) << "YNNU but far too short";
  const std::string out = engine("setoption name Eval value nnue\nsetoption name EvalFile value " + bad +
                                 "\nsetoption name Eval value neural\n"
                                 "position startpos moves e5 f6 d4 g7 c5 e7 h8 f3 e3 g5\ngo depth 3\n");
  EXPECT_NE(out.find("error setoption: " + bad + ": "), std::string::npos) << out;
  EXPECT_NE(out.find("option Eval takes nnue or linear"), std::string::npos) << out;
  EXPECT_NE(out.find("info depth 3 "), std::string::npos) << out;
  EXPECT_NE(out.find("bestmove "), std::string::npos) << out;
}

TEST(NnueCli, EvalFlagSelectsTheNetwork) {
  const std::string script = "position startpos moves e5 f6 d4 g7 c5 e7 h8 f3 e3 g5\ngo depth 4\n";
  const std::string nnue = engine(script, "--eval nnue"), linear = engine(script, "--eval linear");
  ASSERT_NE(nnue.find("info depth 4 "), std::string::npos) << nnue;
  // Different evaluations search different trees.
  auto nodes = [](const std::string& out) {
    const size_t at = out.find("info depth 4 ");
    return out.substr(out.find(" nodes ", at), 16);
  };
  EXPECT_NE(nodes(nnue), nodes(linear));
  EXPECT_NE(run(std::string(YINSH_BIN) + " engine --eval-file /nonexistent/x.nnue < /dev/null 2>&1")
                .find("cannot open network file"),
            std::string::npos);
}

TEST(NnueCli, SelfplayWritesWholeRecords) {
  const std::string data = temp_file("data.bin");
  std::remove(data.c_str());
  const std::string out = run(std::string(YINSH_BIN) + " selfplay -n 2 --nodes 300 --hash 1 -o " + data + " 2>&1");
  EXPECT_NE(out.find("games 2 positions "), std::string::npos) << out;
  std::ifstream in(data, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_GT(bytes.size(), 16u + 72u * 20);
  EXPECT_EQ(bytes.substr(0, 4), "YSPD");
  EXPECT_EQ((bytes.size() - 16) % 72, 0u);
  // Every record's result is the same game-level value for a game: -1, 0 or 1.
  for (size_t o = 16; o < bytes.size(); o += 72) {
    const int result = static_cast<signed char>(bytes[o + 70]);
    ASSERT_TRUE(result >= -1 && result <= 1) << result;
  }
  EXPECT_NE(run(std::string(YINSH_BIN) + " selfplay -n 1 --nodes 0 -o " + data + " 2>&1").find("error"),
            std::string::npos);
}

}  // namespace
