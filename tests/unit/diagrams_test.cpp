// The rulebook's diagrams 3 to 6 (described in words in shared/rules/), each rebuilt as a
// position text that reproduces the situation. Expectations come from the rulebook text.
#include <gtest/gtest.h>

#include "test_util.h"

using namespace yinsh;
using namespace yinsh::test;

namespace {

// Diagram 3: Black's ring on e2 and what lies along its lines:
//   N  e3 empty, then w e4, b e5, w e6, b e7, w e8, then e9 e10 empty
//   S  e1 empty
//   E  f2 empty, then White's ring on g2
//   W  d2 empty, w c2, b2 empty, a2 empty
//   NE b f3, w g4, then White's ring on h5
//   SW d1 empty
const std::string DIAGRAM3_REST = "Bk7 Bk8 Bk9 Bk10 Wa3 Wa4 Wb6 Wg2 Wh5 wc2 bf3 wg4";
const std::string DIAGRAM3 =
    text(DIAGRAM3_REST + " Be2 we4 be5 we6 be7 we8", "b move 0 0 normal");

}  // namespace

TEST(Diagram3, BlackRingMayMoveToTheMarkedPoints) {
  const Position p = pos(DIAGRAM3);
  // Over empty points (e3, e1, f2, d2, d1), right behind a group of markers (e9 after five,
  // b2 after one), never past a ring (g2 and the NE line end at rings), never further than
  // the first empty point after a jump (not e10, not a2).
  EXPECT_EQ(moves_from(p, "e2"), "e2-b2 e2-d1 e2-d2 e2-e1 e2-e3 e2-e9 e2-f2");
}

TEST(Diagram4, AfterTheMoveJumpedMarkersAreFlipped) {
  Position p = pos(DIAGRAM3);
  const Position before = p;
  play(p, "e2-e9");
  // The ring jumped 3 white (e4 e6 e8) and 2 black (e5 e7) markers: all flipped. The marker
  // put in the ring on e2 stays black.
  EXPECT_EQ(to_text(p), text(DIAGRAM3_REST + " be2 be4 we5 be6 we7 be8 Be9", "w move 0 0 normal"));
  int white_to_black = 0, black_to_white = 0;
  for (const char* s : {"e4", "e5", "e6", "e7", "e8"}) {
    const Point q = *parse_point(s);
    white_to_black += before.piece_char(q) == 'w' && p.piece_char(q) == 'b';
    black_to_white += before.piece_char(q) == 'b' && p.piece_char(q) == 'w';
  }
  EXPECT_EQ(white_to_black, 3);
  EXPECT_EQ(black_to_white, 2);
  EXPECT_EQ(p.piece_char(*parse_point("e2")), 'b');
  EXPECT_EQ(p.markers_on_board(), before.markers_on_board() + 1) << "one marker from the pool";
}

TEST(Diagram5, BlackFormsARowRemovesItThenARing) {
  // Black's ring on e5 jumps the white e6 to e7: e6 turns black and completes the diagonal
  // c4 d5 e6 f7 g8.
  const std::string white = "Wa2 Wa3 Wa4 Wb1 Wj11 ";
  Position p = pos(text(white + "Be5 we6 bc4 bd5 bf7 bg8 Bk7 Bk8 Bk9 Bk10", "b move 0 0 normal"));
  play(p, "e5-e7");
  EXPECT_EQ(to_text(p), text(white + "be5 be6 Be7 bc4 bd5 bf7 bg8 Bk7 Bk8 Bk9 Bk10", "b remove-row 0 0 normal"));
  EXPECT_EQ(legal(p), "xc4-g8");
  // First the five markers go back to the pool...
  play(p, "xc4-g8");
  EXPECT_EQ(to_text(p), text(white + "be5 Be7 Bk7 Bk8 Bk9 Bk10", "b remove-ring 0 0 normal"));
  EXPECT_EQ(p.markers_in_pool(), 50);
  // ...then Black removes any one of its rings.
  EXPECT_EQ(legal(p), "xe7 xk10 xk7 xk8 xk9");
  play(p, "xk7");
  EXPECT_EQ(to_text(p), text(white + "be5 Be7 Bk8 Bk9 Bk10", "w move 0 1 normal"));
}

namespace {
const std::string D6_WHITE = "Wa2 Wa3 Wa4 Wb1 Wj11 ";
const std::string D6_BLACK = " Bk7 Bk8 Bk9 Bk10";
}  // namespace

TEST(Diagram6, Situation1IntersectingRowsCountAsOne) {
  // e5 leaves a black marker completing both c5-g5 and e3-e7.
  const std::string rows = "bc5 bd5 bf5 bg5 be3 be4 be6 be7";
  Position p = pos(text(D6_WHITE + "Be5 " + rows + D6_BLACK, "b move 0 0 normal"));
  play(p, "e5-f6");
  EXPECT_EQ(legal(p), "xc5-g5 xe3-e7");
  for (const char* row : {"xc5-g5", "xe3-e7"}) {
    SCOPED_TRACE(row);
    Position q = p;
    play(q, row);
    // The remaining row is no longer complete: one ring, then White moves.
    EXPECT_EQ(q.step(), Step::RemoveRing);
    EXPECT_FALSE(q.has_row(BLACK));
    play(q, "xk7");
    EXPECT_EQ(q.step(), Step::Move);
    EXPECT_EQ(q.side_to_move(), WHITE);
    EXPECT_EQ(q.removed(BLACK), 1);
    EXPECT_EQ(q.markers_on_board(), 9 - 5);
  }
}

TEST(Diagram6, Situation2SevenInARowAnyFiveAdjacent) {
  Position p = pos(text(D6_WHITE + "Be5 be1 be2 be3 be4 be6 be7" + D6_BLACK, "b move 0 0 normal"));
  play(p, "e5-f6");
  EXPECT_EQ(legal(p), "xe1-e5 xe2-e6 xe3-e7");
  EXPECT_FALSE(parse_legal_move(p, "xe1-e7")) << "exactly five";
  EXPECT_FALSE(parse_legal_move(p, "xe1-e4"));
  Position q = p;
  play(q, "xe2-e6");
  EXPECT_EQ(to_text(q), text(D6_WHITE + "be1 be7 Bf6" + D6_BLACK, "b remove-ring 0 0 normal"));
}

TEST(Diagram6, Situation3ARingInTheLineBreaksTheRow) {
  // Black's g4 jumps the white g5 to g6: c5 d5 _ f5 g5 would be a row, but e5 holds a ring.
  const std::string black = "Bg4 Bk7 Bk8 Bk9 Bk10";
  Position p = pos(text("We5 Wa2 Wa3 Wa4 Wb1 bc5 bd5 bf5 wg5 " + black, "b move 0 0 normal"));
  play(p, "g4-g6");
  EXPECT_EQ(to_text(p), text("We5 Wa2 Wa3 Wa4 Wb1 bc5 bd5 bf5 bg5 bg4 Bg6 Bk7 Bk8 Bk9 Bk10",
                             "w move 0 0 normal"));
  // The same move with a black marker on e5 instead of the ring makes the row.
  Position q = pos(text("Wj11 Wa2 Wa3 Wa4 Wb1 bc5 bd5 be5 bf5 wg5 " + black, "b move 0 0 normal"));
  play(q, "g4-g6");
  EXPECT_EQ(q.step(), Step::RemoveRow);
  EXPECT_EQ(legal(q), "xc5-g5");
  // A black ring in the line breaks it the same way.
  EXPECT_TRUE(parse_position(text("Wj11 Wa2 Wa3 Wa4 Wb1 bc5 bd5 Be5 bf5 bg5 Bk7 Bk8 Bk9 Bk10",
                                  "w move 0 0 normal")))
      << "no row on the board: step move is consistent";
}
