// Notation (SPEC 4), position text (SPEC 5) and records: what is accepted, and malformed input
// refused with a message that says what is wrong and where.
#include <gtest/gtest.h>

#include "core/game.h"
#include "core/record.h"
#include "test_util.h"

using namespace yinsh;
using namespace yinsh::test;

namespace {

const std::string START = "4/7/8/9/10/9/10/9/8/7/4";
// Ten rings off each other's way, for texts past placement.
const std::string RINGS = "Wa2 Wa3 Wa4 Wb1 Wc1 Bk7 Bk8 Bk9 Bk10 Bj11";

// The text is refused and the message contains every fragment.
void refused(const std::string& t, std::initializer_list<const char*> fragments) {
  SCOPED_TRACE("text: " + t);
  std::string why;
  EXPECT_FALSE(parse_position(t, &why));
  EXPECT_EQ(why.rfind("bad position text: ", 0), 0u) << why;
  for (const char* f : fragments) EXPECT_NE(why.find(f), std::string::npos) << "'" << f << "' not in: " << why;
  EXPECT_FALSE(parse_position(t)) << "no error string asked: still refused";
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Points and decisions

TEST(Notation, PointsAreLetterAndNumberOnTheBoard) {
  for (const auto& name : spec_points()) {
    const auto p = parse_point(name);
    ASSERT_TRUE(p) << name;
    EXPECT_EQ(to_string(*p), name);
    std::string upper = name;
    upper[0] = char(upper[0] - 'a' + 'A');
    EXPECT_EQ(parse_point(upper), p) << "input may be upper case";
  }
  for (const char* s : {"a1", "a6", "f1", "f11", "k6", "k11", "b8", "e11", "h2", "l5", "a0", "e0",
                        "e04", "e", "5", "", "e-4", "e+4", "ee4", "e4 ", " e4", "e100", "@5", "{5"})
    EXPECT_FALSE(parse_point(s)) << "'" << s << "'";
}

TEST(Notation, DecisionsRoundTrip) {
  EXPECT_EQ(to_string(*parse_move("e4")), "e4");
  EXPECT_EQ(to_string(*parse_move("e4-e10")), "e4-e10");
  EXPECT_EQ(to_string(*parse_move("xe5-e9")), "xe5-e9");
  EXPECT_EQ(to_string(*parse_move("xe10")), "xe10");
  EXPECT_EQ(to_string(*parse_move("pass")), "pass");
  EXPECT_EQ(to_string(*parse_move("c2-g6")), "c2-g6");
  EXPECT_EQ(to_string(*parse_move("xa5-e5")), "xa5-e5");
  EXPECT_EQ(to_string(*parse_move("xc4-g8")), "xc4-g8");
  // Upper case input.
  EXPECT_EQ(parse_move("E4-E10"), parse_move("e4-e10"));
  EXPECT_EQ(parse_move("XE5-E9"), parse_move("xe5-e9"));
  EXPECT_EQ(parse_move("PASS"), Move::pass());
  // Kinds.
  EXPECT_EQ(parse_move("e4")->kind(), Move::Place);
  EXPECT_EQ(parse_move("e4-e10")->kind(), Move::Ring);
  EXPECT_EQ(parse_move("xe5-e9")->kind(), Move::Row);
  EXPECT_EQ(parse_move("xe10")->kind(), Move::RemoveRing);
}

TEST(Notation, MalformedDecisionsAreRefusedWithAReason) {
  struct Case {
    const char* text;
    const char* fragment;
  } cases[] = {
      {"", "empty"},
      {"z5", "'z5' is not a point"},
      {"e11", "'e11' is not a point"},
      {"a1", "'a1' is not a point"},
      {"e0", "not a point"},
      {"e4-", "'' is not a point"},
      {"-e4", "not a point"},
      {"x", "not a point"},
      {"xx", "not a point"},
      {"e4-f3", "not on one line"},  // (+1,-1) is not a line
      {"e4-e4", "not on one line"},
      {"e4-f6", "not on one line"},
      {"xe4-e7", "five points"},
      {"xe4-e9", "five points"},
      {"xe4-e5", "five points"},
      {"e4-e5-e6", "not a point"},
      {"pas", "not a point"},
      {"passs", "not a point"},
      {"e4 e5", "not a point"},
      {"e4;e5", "not a point"},
  };
  for (const auto& c : cases) {
    std::string why;
    EXPECT_FALSE(parse_move(c.text, &why)) << "'" << c.text << "'";
    EXPECT_EQ(why.rfind("bad decision '" + std::string(c.text) + "'", 0), 0u) << why;
    EXPECT_NE(why.find(c.fragment), std::string::npos) << "'" << c.text << "': " << why;
  }
}

TEST(Notation, IllegalDecisionsSayWhy) {
  std::string why;
  EXPECT_FALSE(parse_legal_move(Position::start(), "e4-e5", &why));
  EXPECT_NE(why.find("illegal decision 'e4-e5'"), std::string::npos) << why;
  EXPECT_NE(why.find("place"), std::string::npos) << why;
  EXPECT_NE(why.find("white"), std::string::npos) << why;
  Position p = Position::start();
  play(p, "e4");
  EXPECT_FALSE(parse_legal_move(p, "e4", &why));
  EXPECT_NE(why.find("black"), std::string::npos) << why;
  EXPECT_FALSE(parse_legal_move(p, "bogus", &why));
  EXPECT_NE(why.find("bad decision 'bogus'"), std::string::npos) << why;
}

// ---------------------------------------------------------------------------------------
// Position text

TEST(PositionText, StartAndRoundTrip) {
  const auto p = parse_position(START + " w place 0 0 normal");
  ASSERT_TRUE(p);
  EXPECT_EQ(*p, Position::start());
  EXPECT_EQ(p->key(), Position::start().key());
  // Extra blanks between fields are fine; the printed text is canonical.
  const auto q = parse_position("  " + START + "   w  place 0\t0 normal  ");
  ASSERT_TRUE(q);
  EXPECT_EQ(to_text(*q), START + " w place 0 0 normal");
  // Columns are written from their lowest point upwards.
  const std::string t =
      text("Wa2 Bb1 wb7 Wc1 Bd9 bk10 Wk7 Be10 We1 Bf2 Wg11 Bj5 wh3 bi4", "w move 0 0 normal");
  EXPECT_EQ(t, "W3/B5w/W7/8B/W8B/B8/9W/w8/b7/B6/W2b w move 0 0 normal");
  const auto r = parse_position(t);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->piece_char(*parse_point("a2")), 'W');
  EXPECT_EQ(r->piece_char(*parse_point("b7")), 'w');
  EXPECT_EQ(r->piece_char(*parse_point("k10")), 'b');
  EXPECT_EQ(r->piece_char(*parse_point("h3")), 'w');
  EXPECT_EQ(r->piece_char(*parse_point("e10")), 'B');
  EXPECT_EQ(to_text(*r), t);
}

TEST(PositionText, WrongFieldCount) {
  refused("", {"6 fields", "got 0"});
  refused(START + " w place 0 0", {"6 fields", "got 5"});
  refused(START + " w place 0 0 normal extra", {"6 fields", "got 7"});
  refused(START, {"got 1"});
}

TEST(PositionText, BadColumnLengths) {
  refused("5/7/8/9/10/9/10/9/8/7/4 w place 0 0 normal", {"column a", "character 1", "4 points"});
  refused("3/7/8/9/10/9/10/9/8/7/4 w place 0 0 normal", {"column a", "describes 3", "it has 4"});
  refused("4/7/8/9/10/9/10/9/8/6/4 w place 0 0 normal", {"column j", "describes 6", "it has 7"});
  refused("4/7/8/9/10/9/10/9/8/7/4/1 w place 0 0 normal", {"more than 11 columns"});
  refused("4/7/8/9/10/9/10/9/8/7 w place 0 0 normal", {"board", "11"});
  refused("4/7/8/9/10/9/10/9/8/7/ w place 0 0 normal", {"column k", "describes 0"});
  refused("4/7/8/9/10/9/10/9/8/7/4W w place 0 0 normal", {"column k", "overflows"});
  refused("W4/7/8/9/10/9/10/9/8/7/4 w place 0 0 normal", {"column a", "overflows"});
  refused("0/4/7/8/9/10/9/10/9/8/7/4 w place 0 0 normal", {"character 1"});
  refused("4//7/8/9/10/9/10/9/8/7/4 w place 0 0 normal", {"column b", "describes 0"});
}

// The last column is checked only by the final "11 complete columns" test, whose message
// does not say which column is wrong (every other column error names its column).
TEST(PositionText, ShortLastColumnNamesTheColumn) {
  refused("4/7/8/9/10/9/10/9/8/7/3 w place 0 0 normal", {"column k"});
}

TEST(PositionText, BadCharacters) {
  refused("4/7/8/9/10/9/10/9/8/7/x3 w place 0 0 normal", {"character", "'x'", "expected W, B, w, b"});
  refused("4/7/8/9/10/9/10/9/8/7/3. w place 0 0 normal", {"'.'"});
  refused("4/7/8/9/10/9/10/9/8/7/-4 w place 0 0 normal", {"'-'"});
  refused(START + " x place 0 0 normal", {"field 2", "'x'"});
  refused(START + " W place 0 0 normal", {"field 2"});
  refused(START + " w moving 0 0 normal", {"field 3", "'moving'"});
  refused(START + " w Place 0 0 normal", {"field 3"});
  refused(START + " w place 0 0 Normal", {"field 6", "'Normal'"});
  refused(START + " w place 0 0 fast", {"field 6"});
}

TEST(PositionText, RemovedCountsOutOfRange) {
  refused(text(RINGS, "w move 4 0 normal"), {"field 4", "0 to 3"});
  refused(text(RINGS, "w move 0 -1 normal"), {"field 5"});
  refused(text(RINGS, "w move 0 10 normal"), {"field 5"});
  refused(text(RINGS, "w move x 0 normal"), {"field 4"});
  // Blitz: one removed ring wins, two cannot happen.
  refused(text("Wa2 Wa3 Wa4 Bk7 Bk8 Bk9 Bk10 Bj11", "w over 2 0 blitz"), {"removed more rings than win"});
  // Rings on the board plus removed must be 5 after placement.
  refused(text(RINGS, "w move 1 0 normal"), {"more than 5 rings"});
  refused(text("Wa2 Wa3 Wa4 Wb1 Bk7 Bk8 Bk9 Bk10 Bj11", "w move 0 0 normal"), {"5 rings on the board plus removed"});
  // Both sides cannot have won.
  refused(text("Wa2 Wa3 Bk7 Bk8", "w over 3 3 normal"), {"both sides"});
}

TEST(PositionText, TooManyRings) {
  refused(text(RINGS + " Wc2", "b move 0 0 normal"), {"more than 5 rings"});
  refused(text("Wa2 Wa3 Wa4 Wb1 Wc1 Wc2 Bk7 Bk8 Bk9 Bk10", "w place 0 0 normal"), {"more than 5 rings"});
}

TEST(PositionText, TooManyMarkers) {
  // 52 markers (alternating colours along the point order, which makes no row of five
  // in any line? irrelevant: the marker count is checked first) plus ten rings.
  std::string pieces = RINGS;
  int n = 0;
  for (const auto& name : spec_points()) {
    if (n == 52) break;
    if (RINGS.find(name + " ") != std::string::npos || name == "j11") continue;
    pieces += std::string(" ") + (n % 2 ? 'b' : 'w') + name;
    ++n;
  }
  refused(text(pieces, "w move 0 0 normal"), {"more than 51 markers"});
}

TEST(PositionText, StepContradictingTheBoard) {
  // Placement with markers on the board.
  refused(text("Wa2 Bk7 we5", "w place 0 0 normal"), {"step place", "markers"});
  // Placement with all ten rings placed.
  refused(text(RINGS, "w place 0 0 normal"), {"step place", "all rings are placed"});
  // Move with a row on the board.
  refused(text(RINGS + " wc5 wd5 we5 wf5 wg5", "b move 0 0 normal"), {"step move", "row"});
  // Remove-row without a row of the side.
  refused(text(RINGS + " wc5 wd5 we5 wf5", "w remove-row 0 0 normal"), {"remove-row", "no row"});
  refused(text(RINGS + " bc5 bd5 be5 bf5 bg5", "w remove-row 0 0 normal"), {"remove-row", "no row"});
  refused(text(RINGS + " wc5 wd5 we5 wf5", "b early-remove-row 0 0 normal"), {"early-remove-row", "no row"});
  // Early removal while the opponent (the mover) still has a row of its own.
  refused(text(RINGS + " bc5 bd5 be5 bf5 bg5 wc7 wd7 we7 wf7 wg7", "b early-remove-row 0 0 normal"),
          {"opponent still has a row"});
  refused(text(RINGS + " wc7 wd7 we7 wf7 wg7", "b early-remove-ring 0 0 normal"), {"opponent still has a row"});
  // Game over with no winner, markers in the pool and rings that can move.
  refused(text(RINGS, "w over 0 0 normal"), {"step over"});
  // A winner but the game goes on.
  refused(text("Wa2 Wa3 Bk7 Bk8 Bk9 Bk10 Bj11", "w move 3 0 normal"), {"not over"});
  // Game over: the side must be the winner, who made the last decision.
  refused(text("Wa2 Wa3 Bk7 Bk8 Bk9 Bk10 Bj11", "b over 3 0 normal"), {"last decision"});
}

TEST(PositionText, SideAndStepMismatchInPlacement) {
  // White has placed one ring more than Black only when Black is to place.
  refused(text("We5", "w place 0 0 normal"), {"step place", "side"});
  refused(START + " b place 0 0 normal", {"step place", "side"});
  refused(text("We5 Bf6", "b place 0 0 normal"), {"step place", "side"});
  refused(text("Be5", "b place 0 0 normal"), {"step place", "side"});
  EXPECT_TRUE(parse_position(text("We5", "b place 0 0 normal")));
  EXPECT_TRUE(parse_position(text("We5 Bf6", "w place 0 0 normal")));
  refused(text("We5 Bf6", "w place 1 0 normal"), {"step place"});
}

TEST(PositionText, ValidStepsAreAccepted) {
  EXPECT_TRUE(parse_position(text(RINGS + " wc5 wd5 we5 wf5 wg5", "w remove-row 0 0 normal")));
  EXPECT_TRUE(parse_position(text(RINGS + " wc5 wd5 we5 wf5 wg5 bc7 bd7 be7 bf7 bg7", "w remove-row 0 0 normal")));
  EXPECT_TRUE(parse_position(text(RINGS + " bc5 bd5 be5 bf5 bg5", "b early-remove-row 0 0 normal")));
  EXPECT_TRUE(parse_position(text(RINGS, "w remove-ring 0 0 normal")));
  EXPECT_TRUE(parse_position(text(RINGS, "b early-remove-ring 0 0 normal")));
  EXPECT_TRUE(parse_position(text("Wa2 Wa3 Bk7 Bk8 Bk9 Bk10 Bj11", "w over 3 0 normal")));
  EXPECT_TRUE(parse_position(text("Wa2 Wa3 Wa4 Wb1 Bk7 Bk8 Bk9 Bk10 Bj11", "w over 1 0 blitz")));
}

// ---------------------------------------------------------------------------------------
// Records

namespace {
// White's e5-e7 flips e6 and completes Black's c6-g6; Black removes it (and k10) at the start
// of its turn, then k9-j8 leaves a marker on k9 completing its own g9-k9, which it removes
// (and k7): the SPEC 4 shape "12.xe5-e9xk10;c3-c5;xd2-h6xb4".
const std::string RECORD_START =
    text("Wa2 Wa3 Wa4 Wb1 We5 we6 bc6 bd6 bf6 bg6 bg9 bh9 bi9 bj9 Bk7 Bk8 Bk9 Bk10 Bj11", "w move 0 0 normal");
}  // namespace

TEST(Record, TurnsAreNumberedAndDecisionsJoined) {
  const Position start = pos(RECORD_START);
  const auto moves = parse_moves(start, "e5-e7 xc6-g6 xk10 k9-j8 xg9-k9 xk7");
  ASSERT_TRUE(moves);
  EXPECT_EQ(format_moves(start, *moves), "1.e5-e7 2.xc6-g6xk10;k9-j8;xg9-k9xk7");
  std::string why;
  const auto back = parse_moves(start, "1.e5-e7 2.xc6-g6xk10;k9-j8;xg9-k9xk7", &why);
  ASSERT_TRUE(back) << why;
  EXPECT_EQ(*back, *moves);
  // From the start: placements are one decision per turn.
  EXPECT_EQ(format_moves(Position::start(), *parse_moves(Position::start(), "e4 f6 a2")), "1.e4 2.f6 3.a2");
}

TEST(Record, WriteReadRoundTripWithAStartPosition) {
  const Position start = pos(RECORD_START);
  GameRecord r;
  r.start = start;
  r.moves = *parse_moves(start, "e5-e7 xc6-g6 xk10 k9-j8 xg9-k9 xk7");
  r.set_tag("White", "Ann \"the ring\" Smith");
  const std::string s = write_record(r);
  EXPECT_NE(s.find("1.e5-e7 2.xc6-g6xk10;k9-j8;xg9-k9xk7"), std::string::npos) << s;
  std::string why;
  const auto back = read_record(s, &why);
  ASSERT_TRUE(back) << why;
  EXPECT_EQ(back->start, start);
  EXPECT_EQ(back->moves, r.moves);
  EXPECT_EQ(back->tag("White"), "Ann \"the ring\" Smith");
  EXPECT_EQ(write_record(*back), s);
}

TEST(Record, FinishedGameCarriesItsResult) {
  const Position start = pos(text("Wa2 Wa3 Wa4 Wb1 We5 wa5 wb5 wc5 wd5 Bk7 Bk8 Bk9 Bk10 Bj11", "w move 0 0 blitz"));
  GameRecord r;
  r.start = start;
  r.moves = *parse_moves(start, "e5-f6 xa5-e5 xf6");
  const std::string s = write_record(r);
  EXPECT_NE(s.find("1.e5-f6;xa5-e5xf6 1-0"), std::string::npos) << s;
  EXPECT_NE(s.find("[Result \"1-0\"]"), std::string::npos) << s;
  const auto back = read_record(s);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->replay().position().result(), Result::WhiteWins);
}

namespace {
void record_refused(const std::string& t, std::initializer_list<const char*> fragments) {
  SCOPED_TRACE("record: " + t);
  std::string why;
  EXPECT_FALSE(read_record(t, &why));
  for (const char* f : fragments) EXPECT_NE(why.find(f), std::string::npos) << "'" << f << "' not in: " << why;
}
}  // namespace

TEST(Record, WrongTurnNumbers) {
  record_refused("1.e4 3.f6", {"turn 3", "expected turn 2"});
  record_refused("2.e4", {"turn 2", "expected turn 1"});
  record_refused("1.e4 2.f6 2.a2", {"turn 2", "expected turn 3"});
  record_refused("1.e4 x.f6", {"bad turn number", "x.f6"});
  record_refused("1.e4 .f6", {"bad turn number"});
  record_refused("1.e4 99999999999999999999.f6", {"bad turn number"});
}

TEST(Record, IllegalDecisions) {
  record_refused("1.e4 2.e4", {"turn 2", "illegal decision 'e4'"});
  record_refused("1.e4 2.e4-e5", {"turn 2", "illegal"});
  record_refused("1.q9", {"turn 1", "bad decision 'q9'"});
  record_refused("1.e4 2.", {"turn 2", "empty decision"});
  record_refused("1.e4;", {"turn 1", "empty decision"});
  record_refused("e4 e4", {"illegal decision 'e4'"});
}

TEST(Record, DecisionsOfTwoPlayersInOneTurn) {
  record_refused("1.e4;f6", {"turn 1", "'f6' belongs to the next turn"});
  record_refused("1.e4 2.f6;a2", {"turn 2", "belongs to the next turn"});
  // A turn that is not finished (White still has to remove its row) before the next one.
  record_refused("[Position \"" + text("Wa2 Wa3 Wa4 Wb1 We5 wa5 wb5 wc5 wd5 Bk7 Bk8 Bk9 Bk10 Bj11", "w move 0 0 normal") +
                     "\"]\n1.e5-f6 2.k7-j7",
                 {"turn 2", "not finished"});
}

TEST(Record, ResultAndHeaderErrors) {
  record_refused("1.e4 2.f6 1-0 3.a2", {"text after the result"});
  record_refused("[Variant \"xyz\"]\n1.e4", {"Variant", "xyz"});
  record_refused("[Variant normal]\n1.e4", {"line 1", "[Name \"value\"]"});
  record_refused("[Event \"x\"]\n[Site \"y\n1.e4", {"line 2", "unterminated"});
  record_refused("[Position \"4/7 w place 0 0 normal\"]\n1.e4", {"Position", "bad position text"});
  record_refused("[ \"x\"]", {"line 1"});
  // Accepted: a result token at the end, bare decisions, blank lines and CRLF.
  EXPECT_TRUE(read_record("1.e4 2.f6 *"));
  EXPECT_TRUE(read_record("[Variant \"blitz\"]\r\n\r\ne4 f6\r\n"));
  EXPECT_EQ(read_record("[Variant \"blitz\"]\ne4")->start.variant(), Variant::Blitz);
}

// Found by fuzz_record: whatever read_record accepts, write_record must write a record that
// reads back as the same game ("no corrupted record").
TEST(Record, AcceptedHeaderWritesBackReadably) {
  for (const char* in : {"[Result \"1-x\"]\n\ne4", "[Result \"1-0\"]\n\ne4", "[Result \"\"]\n\ne4",
                         "[Result \"e5\"]\n\ne4", "[Event \"a\\\"b\"]\n\ne4"}) {
    SCOPED_TRACE(in);
    std::string why;
    const auto r = read_record(in, &why);
    if (!r) continue;  // refusing is fine too
    const std::string w = write_record(*r);
    const auto back = read_record(w, &why);
    if (!back) {
      ADD_FAILURE() << "written: " << w << "\nrefused: " << why;
      continue;
    }
    EXPECT_EQ(back->moves, r->moves);
    EXPECT_EQ(back->start, r->start);
    EXPECT_EQ(write_record(*back), w);
  }
}
