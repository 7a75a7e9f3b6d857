// Black-box tests of the record subcommands: validate, convert, replay, diagram.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli_run.h"

namespace {

using yinsh::test::CliRun;
using yinsh::test::run;
using yinsh::test::slurp;

const std::string DATA = YINSH_TEST_DATA;
const std::string DRMIH = DATA + "/boardspace/Y-DrMih-Dumbot-2026-02-23-1415.sgf";

std::string temp_dir() { return yinsh::test::temp_dir("records-cli"); }

TEST(RecordsCli, ValidateTheArchive) {
  const CliRun r = run("validate --no-progress " + DATA + "/boardspace");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("files 3, games 3, rejected 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("decisions 175"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("results: 1-0 1, 0-1 2, 1/2-1/2 0, unknown 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("by the rules 2 (result checked), resignation 1"), std::string::npos) << r.out;
}

TEST(RecordsCli, ValidateRejectsABrokenGameWithItsReason) {
  const std::string dir = temp_dir();
  std::string text = slurp(DRMIH);
  text.replace(text.find("move E 7 E 9"), 12, "move E 7 E 1");
  std::ofstream(dir + "/broken.sgf", std::ios::binary) << text;
  const CliRun r = run("validate --progress " + dir + "/broken.sgf " + DRMIH);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("files 2, games 1, rejected 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("P1[24 move E 7 E 1]: decision 12.e7-e1 breaks the rules: a ring stands between e7 and e1"),
            std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2/2 games"), std::string::npos) << r.out;  // the progress bar
  std::filesystem::remove_all(dir);
}

TEST(RecordsCli, ConvertRoundTrip) {
  const std::string dir = temp_dir();
  ASSERT_EQ(run("convert " + DRMIH + " -o " + dir + "/a.yinsh").status, 0);
  ASSERT_EQ(run("convert " + dir + "/a.yinsh -o " + dir + "/b.sgf").status, 0);
  ASSERT_EQ(run("convert " + dir + "/b.sgf -o " + dir + "/c.yinsh").status, 0);
  ASSERT_EQ(run("convert " + dir + "/c.yinsh -o " + dir + "/d.sgf").status, 0);
  EXPECT_EQ(slurp(dir + "/a.yinsh"), slurp(dir + "/c.yinsh"));
  EXPECT_EQ(slurp(dir + "/b.sgf"), slurp(dir + "/d.sgf"));
  EXPECT_NE(slurp(dir + "/a.yinsh").find("[White \"DrMih\"]"), std::string::npos);
  const CliRun bad = run("convert /nonexistent.sgf");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.out.find("cannot open"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(RecordsCli, ReplayShowsATurn) {
  const CliRun r = run("replay --turn 19 " + DRMIH);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("19.xh7 (White)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" b move 1 0 normal"), std::string::npos) << r.out;
  const CliRun all = run("replay --batch " + DRMIH);
  EXPECT_NE(all.out.find("game over: 1-0"), std::string::npos) << all.out;
}

TEST(RecordsCli, DiagramSvgAndPng) {
  const std::string dir = temp_dir();
  const CliRun r = run("diagram " + DRMIH + " --turn 36 --last --arrow c1-c7 --highlight e4 -o " + dir + "/p.svg");
  EXPECT_EQ(r.status, 0) << r.out;
  const std::string svg = slurp(dir + "/p.svg");
  EXPECT_NE(svg.find("class=\"arrow\""), std::string::npos);
  EXPECT_NE(svg.find("after 36.xh5"), std::string::npos);
  // PNG is drawn in-process (librsvg): no program on PATH is needed.
  const CliRun png = run("diagram " + DRMIH + " --turn 36 -o " + dir + "/p.png && PATH=/nonexistent " +
                         std::string(YINSH_BIN) + " diagram --position '4/7/8/9/10/9/10/9/8/7/4 w place 0 0 normal' -o " +
                         dir + "/q.png");
  EXPECT_EQ(png.status, 0) << png.out;
  EXPECT_EQ(slurp(dir + "/q.png").substr(0, 4), "\x89PNG");
  EXPECT_GT(slurp(dir + "/p.png").size(), slurp(dir + "/q.png").size());  // rings and markers drawn
  const CliRun bad = run("diagram --highlight z9");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.out.find("'z9' is not a point"), std::string::npos) << bad.out;
  std::filesystem::remove_all(dir);
}

}  // namespace
