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
  EXPECT_EQ(moves.rfind("1.g2 2.e7 3.g3 4.e2 5.g4 6.g7 7.g5 8.e4 9.g6 10.c6 11.g2-h3 12.e7-e9 ", 0), 0u) << moves;
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

namespace yinsh {
namespace {

// A small valid game head: placements then one human ring move (place + drop) and one robot
// move, so edits below break exactly one thing.
const std::string HEAD =
    "(;GM[24]VV[2]SU[Yinsh]P0[id \"A\"]P1[id \"B\"]\n"
    "; P0[0 Start White]\n"
    "; P0[1 place wr  G 2]TM[1]; P0[2 Done ]\n; P1[3 place br  E 7]; P1[4 Done ]\n"
    "; P0[5 place wr  G 3]; P0[6 Done ]\n; P1[7 place br  E 2]; P1[8 Done ]\n"
    "; P0[9 place wr  G 4]; P0[10 Done ]\n; P1[11 place br  G 7]; P1[12 Done ]\n"
    "; P0[13 place wr  G 5]; P0[14 Done ]\n; P1[15 place br  E 4]; P1[16 Done ]\n"
    "; P0[17 place wr  G 6]; P0[18 Done ]\n; P1[19 place br  C 6]; P1[20 Done ]\n";

std::string reject(const std::string& text) {
  std::string error;
  const auto r = read_boardspace(text, &error);
  EXPECT_FALSE(r) << "accepted:\n" << text;
  EXPECT_FALSE(error.empty());
  return error;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

TEST(BoardspaceMalformed, ValidHeadImports) {
  std::string error;
  const auto r = read_boardspace(HEAD + "; P0[21 place w  G 2]; P0[22 drop board  H 3]; P0[23 Done ]"
                                        "; P1[24 move E 7 E 9]; P1[25 Done ])", &error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(format_moves(r->start, r->moves),
            "1.g2 2.e7 3.g3 4.e2 5.g4 6.g7 7.g5 8.e4 9.g6 10.c6 11.g2-h3 12.e7-e9");
  EXPECT_EQ(r->tag("Termination"), "unterminated");
  EXPECT_EQ(r->tag("Result"), "*");
}

TEST(BoardspaceMalformed, SyntaxErrorsSayWhere) {
  EXPECT_TRUE(contains(reject(""), "empty file"));
  EXPECT_TRUE(contains(reject("GM[24]"), "expected '('"));
  EXPECT_TRUE(contains(reject("(;GM[24]SU[Yinsh"), "unterminated value of property SU"));
  EXPECT_TRUE(contains(reject(HEAD), "unclosed '('"));
  EXPECT_TRUE(contains(reject("(;GM[24];[x])"), "without a property name"));
  EXPECT_TRUE(contains(reject("(;GM[24]; P0)"), "property P0 has no value"));
}

TEST(BoardspaceMalformed, NotYinsh) {
  EXPECT_TRUE(contains(reject("(;GM[1]SU[Go])"), "not a YINSH record"));
  EXPECT_TRUE(contains(reject("(;SU[Yinsh])"), "no GM[]"));
  EXPECT_TRUE(contains(reject("(;GM[24]SU[Yinsh-Turbo])"), "unknown variant"));
}

TEST(BoardspaceMalformed, IllegalDecisionsNameTheActionTheDecisionAndWhy) {
  // A ring on an occupied point.
  std::string e = reject("(;GM[24]; P0[1 place wr  G 2]; P1[2 place br  G 2])");
  EXPECT_TRUE(contains(e, "P1[2 place br  G 2]")) << e;
  EXPECT_TRUE(contains(e, "decision 2.g2")) << e;
  EXPECT_TRUE(contains(e, "g2 is occupied")) << e;
  // Moving out of turn.
  e = reject(HEAD + "; P1[21 move E 7 E 9])");
  EXPECT_TRUE(contains(e, "is made by P1 (Black) but White is to decide")) << e;
  // A ring that is not there.
  e = reject(HEAD + "; P0[21 move H 3 H 4])");
  EXPECT_TRUE(contains(e, "decision 11.h3-h4 breaks the rules: there is no white ring on h3")) << e;
  // Not on a line.
  e = reject(HEAD + "; P0[21 place w  G 2]; P0[22 drop board  H 5])");
  EXPECT_TRUE(contains(e, "g2 and h5 are not on one line")) << e;
  // Jumping a ring.
  e = reject(HEAD + "; P0[21 move G 2 G 8])");
  EXPECT_TRUE(contains(e, "a ring stands between g2 and g8")) << e;
  // A row that is not there.
  e = reject(HEAD + "; P0[21 remove w G 2 G 6])");
  EXPECT_TRUE(contains(e, "White must move a ring now")) << e;
  // Off the board.
  e = reject(HEAD + "; P0[21 move A 1 A 2])");
  EXPECT_TRUE(contains(e, "expected 'move <from> <to>'")) << e;
  // A marker of the wrong colour.
  e = reject(HEAD + "; P0[21 place b  G 2])");
  EXPECT_TRUE(contains(e, "places a black piece")) << e;
  // Unknown action.
  e = reject(HEAD + "; P0[21 teleport G 2])");
  EXPECT_TRUE(contains(e, "unsupported action 'teleport'")) << e;
  // Ends in the middle of a move.
  e = reject(HEAD + "; P0[21 place w  G 2])");
  EXPECT_TRUE(contains(e, "ends in the middle of a ring move")) << e;
  // Black starting.
  e = reject("(;GM[24]; P1[0 Start Black])");
  EXPECT_TRUE(contains(e, "White moves first")) << e;
}

TEST(BoardspaceMalformed, ResultThatContradictsTheRules) {
  // DrMih's game, whose RE is changed to name the loser.
  std::string text = slurp(DIR + GAMES[0]);
  const std::string re = "RE[Игру выиграл(а) DrMih.]";
  ASSERT_NE(text.find(re), std::string::npos);
  text.replace(text.find(re), re.size(), "RE[Game won by Dumbot]");
  const std::string e = reject(text);
  EXPECT_TRUE(contains(e, "names Dumbot the winner, but the game ran to its end and the rules give 1-0")) << e;
  // A decision after the end.
  std::string more = slurp(DIR + GAMES[0]);
  more.replace(more.find(";\r\nP0[time"), 1, "; P1[125 move C 4 C 5];");
  const std::string e2 = reject(more);
  EXPECT_TRUE(contains(e2, "the game is already over (1-0)")) << e2;
}

TEST(BoardspaceMalformed, ResignationAgainstRE) {
  std::string text = slurp(DIR + GAMES[2]);
  text.replace(text.find("P0[109 Resign ]"), 15, "P1[109 Resign ]");
  const std::string e = reject(text);
  EXPECT_TRUE(contains(e, "but BestBot resigned")) << e;
}

TEST(BoardspaceMalformed, PickAndDropAgainIsOneMove) {
  std::string error;
  const auto r = read_boardspace(HEAD + "; P0[21 place w  G 2]; P0[22 drop board  H 3]; P0[23 pick board  H 3]"
                                        "; P0[24 drop board  I 4]; P0[25 Done ])", &error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(to_string(r->moves.back()), "g2-i4");
  EXPECT_EQ(r->moves.size(), 11u);
}

TEST(Sgf, MainLineOnlyAndEscapes) {
  std::string error;
  const auto nodes = parse_sgf("(;GM[24]C[a \\] b];B[1](;X[main];Y[2])(;X[side]))", &error);
  ASSERT_TRUE(nodes) << error;
  ASSERT_EQ(nodes->size(), 4u);
  EXPECT_EQ(*(*nodes)[0].get("C"), "a ] b");
  EXPECT_EQ(*(*nodes)[2].get("X"), "main");
  EXPECT_EQ(*(*nodes)[3].get("Y"), "2");
  EXPECT_EQ(sgf_escape("a]b\\"), "a\\]b\\\\");
}

}  // namespace
}  // namespace yinsh

namespace yinsh {
namespace {

TEST(BoardspaceBlitz, FirstRowWinsAndIsWrittenBack) {
  std::string text = slurp(DIR + GAMES[0]);
  text.replace(text.find("SU[Yinsh]"), 9, "SU[Yinsh-Blitz]");
  // The whole game is too long for blitz: White's first row (action 44) ends it.
  std::string error;
  EXPECT_FALSE(read_boardspace(text, &error));
  EXPECT_NE(error.find("P1[48 move E 2 F 3]: decision 20.e2-f3: the game is already over (1-0)"), std::string::npos)
      << error;
  // Cut after White's ring removal: a finished blitz game.
  const size_t cut = text.find("; P1[48 move");
  ASSERT_NE(cut, std::string::npos);
  const auto r = read_boardspace(text.substr(0, cut) + ")", &error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(r->tag("Variant"), "blitz");
  EXPECT_EQ(r->tag("Result"), "1-0");
  EXPECT_EQ(r->tag("Termination"), "normal");
  const auto sgf = write_boardspace(*r, &error);
  ASSERT_TRUE(sgf) << error;
  EXPECT_NE(sgf->find("SU[Yinsh-Blitz]"), std::string::npos);
  const auto back = read_boardspace(*sgf, &error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->moves, r->moves);
  EXPECT_EQ(back->start.variant(), Variant::Blitz);
}

TEST(BoardspaceWrite, RefusesANonStandardStart) {
  GameRecord r;
  std::string error;
  r.start = *parse_position("1B2/wwwwww1/W7/W8/W9/W8/W9/B8/B7/B6/B3 w remove-row 0 0 normal", &error);
  EXPECT_FALSE(write_boardspace(r, &error));
  EXPECT_NE(error.find("start from the empty board"), std::string::npos) << error;
}

}  // namespace
}  // namespace yinsh
