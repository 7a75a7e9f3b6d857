// Black-box tests of `yinsh analyze`: the text and JSON reports of a game with a known
// blunder, the annotated record (which reads back), the same report every time, and clear
// errors for bad files and flags.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli_run.h"

namespace {

using yinsh::test::CliRun;
using yinsh::test::run;
using yinsh::test::slurp;

const std::string DATA = YINSH_TEST_DATA;
const std::string BLUNDER = DATA + "/reports/blunder.yinsh";

TEST(AnalyzeCli, TextReportNamesTheBlunderAndTheBetterDecision) {
  const CliRun r = run("analyze --quiet --nodes 5000 " + BLUNDER);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Game report: 5000 nodes per position, 3 positions searched"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Ann"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("blunders                      1              0"), std::string::npos) << r.out;
  // turn 1: White 100% before (a forced win), loses all of it; the engine wins by moving the ring on e5.
  EXPECT_NE(r.out.find("   1.  b1-b2          100.0% 100.0%  blunder     e5-"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("xh4-h8"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(forced)"), std::string::npos) << r.out;
}

TEST(AnalyzeCli, JsonReportIsTheSameEveryTime) {
  const CliRun a = run("analyze --quiet --json --nodes 5000 " + BLUNDER);
  const CliRun b = run("analyze --quiet --json --nodes 5000 " + BLUNDER);
  ASSERT_EQ(a.status, 0) << a.out;
  EXPECT_EQ(a.out, b.out);
  EXPECT_EQ(a.out.rfind("{\"version\":1,\"nodes_per_position\":5000,", 0), 0u) << a.out;
  EXPECT_NE(a.out.find("\"decision\":\"b1-b2\",\"forced\":false,\"white_before\":1000,\"white_after\":0,"
                       "\"loss\":1000,\"accuracy\":0.0,\"judgement\":\"blunder\",\"best\":\"e5-"),
            std::string::npos) << a.out;
  EXPECT_NE(a.out.find("\"decision\":\"xh4-h8\",\"forced\":true"), std::string::npos) << a.out;
}

TEST(AnalyzeCli, AnnotateWritesARecordThatReadsBack) {
  const std::string dir = yinsh::test::temp_dir("analyze-cli");
  const CliRun r = run("analyze --quiet --nodes 5000 --annotate " + dir + "/a.yinsh " + BLUNDER);
  ASSERT_EQ(r.status, 0) << r.out;
  const std::string annotated = slurp(dir + "/a.yinsh");
  EXPECT_NE(annotated.find("1.b1-b2 {b1-b2: blunder (-100.0%), better e5-"), std::string::npos) << annotated;
  EXPECT_NE(annotated.find("[White \"Ann\"]"), std::string::npos) << annotated;
  // The annotated record is a record: validate reads it, comments and all.
  const CliRun v = run("validate --no-progress " + dir + "/a.yinsh");
  EXPECT_EQ(v.status, 0) << v.out;
  std::filesystem::remove_all(dir);
}

TEST(AnalyzeCli, BadInputGetsAClearErrorAndWritesNothing) {
  const std::string dir = yinsh::test::temp_dir("analyze-cli-bad");
  const CliRun missing = run("analyze --quiet /nonexistent/game.yinsh --annotate " + dir + "/out.yinsh");
  EXPECT_EQ(missing.status, 2) << missing.out;
  EXPECT_NE(missing.out.find("error: "), std::string::npos) << missing.out;
  EXPECT_FALSE(std::filesystem::exists(dir + "/out.yinsh"));
  {
    std::ofstream(dir + "/bad.yinsh") << "1.e4 2.e4\n";
  }
  const CliRun illegal = run("analyze --quiet " + dir + "/bad.yinsh");
  EXPECT_EQ(illegal.status, 2) << illegal.out;
  EXPECT_NE(illegal.out.find("e4 is occupied"), std::string::npos) << illegal.out;
  const CliRun nodes = run("analyze --quiet --nodes 10 " + BLUNDER);
  EXPECT_NE(nodes.status, 0);
  EXPECT_NE(nodes.out.find("--nodes"), std::string::npos) << nodes.out;
  const CliRun unwritable = run("analyze --quiet --nodes 5000 --annotate /nonexistent/dir/a.yinsh " + BLUNDER);
  EXPECT_EQ(unwritable.status, 2) << unwritable.out;
  EXPECT_NE(unwritable.out.find("error: cannot write /nonexistent/dir/a.yinsh"), std::string::npos) << unwritable.out;
  std::filesystem::remove_all(dir);
}

}  // namespace
