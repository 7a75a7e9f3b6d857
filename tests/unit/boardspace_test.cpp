// The Boardspace SGF dialect: the real archive games, round trips, and malformed files.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/notation.h"
#include "records/boardspace.h"
#include "records/sgf.h"

namespace yinsh {
namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const std::string DIR = std::string(YINSH_TEST_DATA) + "/boardspace/";
const char* const GAMES[] = {"Y-DrMih-Dumbot-2026-02-23-1415.sgf", "Y-BraveCombo-Dumbot-2026-03-20-0237.sgf",
                             "Y-phiulbrich-BestBot-2026-03-21-2221.sgf"};

GameRecord import(const std::string& name, BoardspaceInfo* info = nullptr) {
  std::string error;
  auto r = read_boardspace(slurp(DIR + name), &error, info);
  EXPECT_TRUE(r) << name << ": " << error;
  return r ? *r : GameRecord();
}

TEST(Boardspace, DrMihWinsByTheRulesWithThreeRows) {
  BoardspaceInfo info;
  const GameRecord r = import(GAMES[0], &info);
  EXPECT_EQ(r.tag("White"), "DrMih");
  EXPECT_EQ(r.tag("Black"), "Dumbot");
  EXPECT_EQ(r.tag("Date"), "2026.02.23");
  EXPECT_EQ(r.tag("Time"), "17:15:58 MSK");
  EXPECT_EQ(r.tag("Variant"), "normal");
  EXPECT_EQ(r.tag("TimeControl"), "None");
  EXPECT_EQ(r.tag("Result"), "1-0");
  EXPECT_EQ(r.tag("Termination"), "normal");
  EXPECT_EQ(r.tag("WhiteClock"), "0:01:29");
  EXPECT_EQ(info.re_winner, "DrMih");  // from the Russian RE[Игру выиграл(а) DrMih.]
  EXPECT_FALSE(info.resigned);
  EXPECT_EQ(info.actions, 125);
  const Position end = r.replay().position();
  EXPECT_TRUE(end.is_over());
  EXPECT_EQ(end.result(), Result::WhiteWins);
  EXPECT_EQ(end.removed(WHITE), 3);
  EXPECT_EQ(end.removed(BLACK), 1);
  // The first turns, as the notation writes them: identity mapping of the coordinates.
  const std::string moves = format_moves(r.start, r.moves);
  EXPECT_EQ(moves.substr(0, 67), "1.g2 2.e7 3.g3 4.e2 5.g4 6.g7 7.g5 8.e4 9.g6 10.c6 11.g2-h3 12.e7-e9");
  EXPECT_NE(moves.find("19.g6-h7;xg2-g6xh7"), std::string::npos) << moves;
  EXPECT_NE(moves.find("36.d4-c3;xc4-g4xh5"), std::string::npos) << moves;
}

TEST(Boardspace, BraveComboLosesByTheRules) {
  const GameRecord r = import(GAMES[1]);
  EXPECT_EQ(r.tag("Result"), "0-1");
  EXPECT_EQ(r.tag("Termination"), "normal");
  const Position end = r.replay().position();
  EXPECT_TRUE(end.is_over());
  EXPECT_EQ(end.removed(BLACK), 3);
  EXPECT_EQ(end.removed(WHITE), 2);
  EXPECT_EQ(r.tag("Date"), "2026.03.19");
}

TEST(Boardspace, PhiulbrichResignsUnfinishedGame) {
  BoardspaceInfo info;
  const GameRecord r = import(GAMES[2], &info);
  EXPECT_TRUE(info.resigned);
  EXPECT_EQ(r.tag("Result"), "0-1");
  EXPECT_EQ(r.tag("Termination"), "resignation");
  EXPECT_FALSE(r.replay().position().is_over());
  EXPECT_EQ(info.re_winner, "BestBot");
}

// SGF -> notation -> SGF, and SGF -> SGF: the same decisions and header, byte for byte once
// written by us; notation -> notation is exact.
TEST(Boardspace, RoundTripsAreExact) {
  for (const char* name : GAMES) {
    SCOPED_TRACE(name);
    const GameRecord a = import(name);
    std::string error;
    const auto sgf = write_boardspace(a, &error);
    ASSERT_TRUE(sgf) << error;
    const auto b = read_boardspace(*sgf, &error);
    ASSERT_TRUE(b) << error << "\n" << *sgf;
    EXPECT_EQ(b->moves, a.moves);
    EXPECT_EQ(b->tags, a.tags);
    for (RecordForm form : {RecordForm::Complete, RecordForm::Short}) {
      const std::string text = write_record(a, form);
      const auto c = read_record(text, &error);
      ASSERT_TRUE(c) << error << "\n" << text;
      EXPECT_EQ(c->moves, a.moves);
      EXPECT_EQ(c->tags, a.tags);
      EXPECT_EQ(write_record(*c, form), text);
      const auto sgf2 = write_boardspace(*c, &error);
      ASSERT_TRUE(sgf2) << error;
      EXPECT_EQ(*sgf2, *sgf);
    }
  }
}

}  // namespace
}  // namespace yinsh
