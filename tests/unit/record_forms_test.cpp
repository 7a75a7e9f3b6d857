// The official notation with a header: short and complete forms, result checks, precise
// errors, and random-game round trips.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/record.h"

namespace yinsh {
namespace {

// 1..10 place, then White makes a row on g2-g6 with its fifth move (as in DrMih's game).
const char* const WHITE_ROW =
    "1.g2 2.e7 3.g3 4.e2 5.g4 6.g7 7.g5 8.e4 9.g6 10.c6 11.g2-h3 12.e7-e9 13.g3-h4 14.e9-h9 "
    "15.g4-h5 16.e4-f5 17.g5-h6 18.c6-d6 19.g6-h7;xg2-g6xh7";

TEST(RecordForms, ShortFormLeavesOutForcedRows) {
  std::string error;
  const auto moves = parse_moves(Position::start(), WHITE_ROW, &error);
  ASSERT_TRUE(moves) << error;
  const std::string short_text = format_moves(Position::start(), *moves, RecordForm::Short);
  EXPECT_EQ(short_text.substr(short_text.size() - 12), "19.g6-h7;xh7") << short_text;
  const auto again = parse_moves(Position::start(), short_text, &error);
  ASSERT_TRUE(again) << error;
  EXPECT_EQ(*again, *moves);
  EXPECT_EQ(format_moves(Position::start(), *again), WHITE_ROW);
}

TEST(RecordForms, ShortFormWithSixInARow) {
  // Six white markers b1..b6 after White's move: two rows to choose from.
  std::string error;
  const auto pos = parse_position("1B2/wwwwww1/W7/W8/W9/W8/W9/B8/B7/B6/B3 w remove-row 0 0 normal", &error);
  ASSERT_TRUE(pos) << error;
  const auto bad = parse_moves(*pos, "xc1", &error);
  EXPECT_FALSE(bad);
  EXPECT_NE(error.find("leaves out the row, but 2 rows can be removed (xb1-b5, xb2-b6)"), std::string::npos) << error;
  const auto good = parse_moves(*pos, "xb2-b6xc1", &error);
  ASSERT_TRUE(good) << error;
  EXPECT_EQ(good->size(), 2u);
  // The complete form keeps the row; the short form too, since it is a choice.
  EXPECT_EQ(format_moves(*pos, *good, RecordForm::Short), "1.xb2-b6xc1");
}

TEST(RecordForms, HeaderAndResultAreChecked) {
  std::string error;
  const std::string body = std::string(WHITE_ROW);
  auto r = read_record("[White \"Ann\"]\n[Black \"Bob\"]\n[Date \"2026.01.02\"]\n[TimeControl \"600+5\"]\n\n" + body + " *\n",
                       &error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(r->tag("White"), "Ann");
  EXPECT_EQ(r->tag("TimeControl"), "600+5");
  EXPECT_EQ(r->tag("Result"), "*");
  // Resignation: any result is allowed while the game is not over.
  EXPECT_TRUE(read_record("[Result \"0-1\"]\n" + body + " 0-1", &error)) << error;
  // Tag and token disagree.
  EXPECT_FALSE(read_record("[Result \"1-0\"]\n" + body + " 0-1", &error));
  EXPECT_NE(error.find("the header says 1-0 but the moves end with 0-1"), std::string::npos) << error;
  // A bad result tag.
  EXPECT_FALSE(read_record("[Result \"white\"]\n" + body, &error));
  EXPECT_NE(error.find("Result must be"), std::string::npos) << error;
}

TEST(RecordForms, ResultOfAFinishedGameMustMatchTheRules) {
  // Blitz: White's first row wins.
  std::string error;
  const std::string moves = std::string(WHITE_ROW);
  auto ok = read_record("[Variant \"blitz\"]\n" + moves + " 1-0", &error);
  ASSERT_TRUE(ok) << error;
  EXPECT_TRUE(ok->replay().position().is_over());
  EXPECT_FALSE(read_record("[Variant \"blitz\"]\n" + moves + " 0-1", &error));
  EXPECT_NE(error.find("the game ran to its end and the rules give 1-0"), std::string::npos) << error;
  EXPECT_FALSE(read_record("[Variant \"blitz\"]\n[Result \"1/2-1/2\"]\n" + moves, &error));
}

TEST(RecordForms, IllegalDecisionsSayWhy) {
  std::string error;
  EXPECT_FALSE(parse_moves(Position::start(), "1.e4 2.e4", &error));
  EXPECT_NE(error.find("turn 2: illegal decision 'e4': e4 is occupied"), std::string::npos) << error;
  EXPECT_FALSE(parse_moves(Position::start(),
                           "1.g2 2.e7 3.g3 4.e2 5.g4 6.g7 7.g5 8.e4 9.g6 10.c6 11.h3-h4", &error));
  EXPECT_NE(error.find("there is no white ring on h3"), std::string::npos) << error;
  EXPECT_FALSE(parse_moves(Position::start(), "1.e4-e5", &error));
  EXPECT_NE(error.find("White must place a ring now"), std::string::npos) << error;
}

TEST(RecordForms, MalformedHeaders) {
  std::string error;
  EXPECT_FALSE(read_record("[White Ann]\n1.e4", &error));
  EXPECT_NE(error.find("line 1"), std::string::npos) << error;
  EXPECT_FALSE(read_record("[White \"Ann\n1.e4", &error));
  EXPECT_FALSE(read_record("[Variant \"turbo\"]\n1.e4", &error));
  EXPECT_NE(error.find("Variant must be"), std::string::npos) << error;
  EXPECT_FALSE(read_record("1.e4 2.e5 1-0 3.e6", &error));
  EXPECT_NE(error.find("text after the result"), std::string::npos) << error;
}

// Random games: both forms of the notation read back to the same decisions, and writing again
// gives the same text.
RC_GTEST_PROP(RecordForms, RandomGamesRoundTripInBothForms, ()) {
  const bool blitz = *rc::gen::arbitrary<bool>();
  Game game(Position::start(blitz ? Variant::Blitz : Variant::Normal));
  const int plies = *rc::gen::inRange(0, 400);
  for (int i = 0; i < plies && !game.position().is_over(); ++i) {
    MoveList list;
    generate(game.position(), list);
    game.play(list[*rc::gen::inRange(0, list.size())]);
  }
  GameRecord r = make_record(game);
  r.set_tag("White", "w \"quoted\"");
  for (RecordForm form : {RecordForm::Complete, RecordForm::Short}) {
    const std::string text = write_record(r, form);
    std::string error;
    const auto back = read_record(text, &error);
    RC_LOG() << (form == RecordForm::Short ? "short" : "complete") << ":\n" << text << "\n" << error << "\n";
    RC_ASSERT(back.has_value());
    RC_ASSERT(back->moves == r.moves);
    RC_ASSERT(write_record(*back, form) == text);
  }
}

}  // namespace
}  // namespace yinsh
