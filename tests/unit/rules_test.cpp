// One test per statement of SPEC sections 2-3, each from a position text built by hand.
// Expected legal lists, texts and results are derived from the SPEC and the rulebook, not
// from the implementation.
//
// Most positions park the rings that do not take part far from the action:
//   White: a2 a3 a4 b1        Black: k7 k8 k9 k10 j11
// None of these points lies on a line through e5, and they never form rows.
#include <gtest/gtest.h>

#include <set>

#include "core/game.h"
#include "test_util.h"

using namespace yinsh;
using namespace yinsh::test;

namespace {

const std::string WPARK = "Wa2 Wa3 Wa4 Wb1 ";
const std::string BPARK = " Bk7 Bk8 Bk9 Bk10 Bj11";

void expect_over(const Position& p, Result r) {
  EXPECT_TRUE(p.is_over());
  EXPECT_EQ(p.result(), r);
  EXPECT_EQ(legal(p), "") << "a finished game has no legal decision";
  EXPECT_EQ(count_moves(p), 0);
  EXPECT_FALSE(is_legal(p, Move::pass()));
  std::string why;
  EXPECT_FALSE(parse_legal_move(p, "pass", &why));
  EXPECT_NE(why.find("over"), std::string::npos) << why;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// SPEC 2: pieces and phases

TEST(Rules, StartIsEmptyBoardWhiteToPlace) {
  EXPECT_EQ(to_text(Position::start()), "4/7/8/9/10/9/10/9/8/7/4 w place 0 0 normal");
  EXPECT_EQ(to_text(Position::start(Variant::Blitz)), "4/7/8/9/10/9/10/9/8/7/4 w place 0 0 blitz");
  const Position p = Position::start();
  EXPECT_EQ(p.side_to_move(), WHITE);
  EXPECT_EQ(p.markers_in_pool(), 51);
  EXPECT_EQ(p.result(), Result::None);
}

TEST(Rules, PlacementOnAnyEmptyPoint) {
  // At the start, every one of the 85 points (SPEC 1) may take a ring.
  auto all = spec_points();
  ASSERT_EQ(all.size(), 85u);
  std::sort(all.begin(), all.end());
  Position p = Position::start();
  EXPECT_EQ(legal(p), join(all));

  // After White's e4, Black may place on any point but e4.
  play(p, "e4");
  EXPECT_EQ(p.side_to_move(), BLACK);
  EXPECT_EQ(p.step(), Step::Place);
  std::vector<std::string> rest;
  for (const auto& s : all)
    if (s != "e4") rest.push_back(s);
  EXPECT_EQ(legal(p), join(rest));
  EXPECT_FALSE(parse_legal_move(p, "e4")) << "a ring never goes on an occupied point";
  EXPECT_FALSE(parse_legal_move(p, "pass"));
  EXPECT_FALSE(parse_legal_move(p, "f6-f7"));
  EXPECT_EQ(to_text(p), text("We4", "b place 0 0 normal"));
}

TEST(Rules, PlacementAlternatesThenWhiteMovesAfterTenRings) {
  Position p = Position::start();
  play(p, "a2 b1 c1 d1 e1 a3 b2 c2 d2");
  EXPECT_EQ(to_text(p), text("Wa2 Bb1 Wc1 Bd1 We1 Ba3 Wb2 Bc2 Wd2", "b place 0 0 normal"));
  play(p, "e2");
  // The tenth ring ends placement: White, who moves first, makes the first ring move.
  EXPECT_EQ(to_text(p), text("Wa2 Bb1 Wc1 Bd1 We1 Ba3 Wb2 Bc2 Wd2 Be2", "w move 0 0 normal"));
  EXPECT_FALSE(parse_legal_move(p, "f6")) << "no placement after ten rings";
  for (const auto& m : split(legal(p))) {
    EXPECT_NE(m.find('-'), std::string::npos) << m;
    const auto from = m.substr(0, m.find('-'));
    EXPECT_TRUE(from == "a2" || from == "c1" || from == "e1" || from == "b2" || from == "d2") << m;
  }
}

// ---------------------------------------------------------------------------------------
// SPEC 2: ring moves

TEST(Rules, RingMovesOverEmptyPointsAlongItsThreeLines) {
  Position p = pos(text(WPARK + "We5" + BPARK, "w move 0 0 normal"));
  // e5's lines: e6..e10, e4..e1, f5..j5, d5..a5, f6 g7 h8 i9 j10, d4 c3 b2 (a1 and f4 are
  // not lines: a1 is off the board, (+1,-1) is not a direction).
  std::vector<std::string> dest = {"e6", "e7", "e8", "e9", "e10", "e4", "e3", "e2", "e1",
                                   "f5", "g5", "h5", "i5", "j5", "d5", "c5", "b5", "a5",
                                   "f6", "g7", "h8", "i9", "j10", "d4", "c3", "b2"};
  std::vector<std::string> want;
  for (const auto& d : dest) want.push_back("e5-" + d);
  std::sort(want.begin(), want.end());
  EXPECT_EQ(moves_from(p, "e5"), join(want));
  EXPECT_FALSE(parse_legal_move(p, "e5-f4"));
  EXPECT_FALSE(parse_legal_move(p, "e5-d6"));
  EXPECT_FALSE(parse_legal_move(p, "e5-e5"));

  // The marker stays where the ring was; nothing else changes.
  play(p, "e5-e9");
  EXPECT_EQ(to_text(p), text(WPARK + "we5 We9" + BPARK, "b move 0 0 normal"));
}

namespace {
// The ring on e5 and, along its six directions:
//   N  e6 b, e7 w, e8 e9 e10 empty     -> e8 only (first empty point after the group)
//   S  e4 empty, e3 w, e2 e1 empty     -> e4, and e2 right after the jumped e3
//   E  f5 g5 empty, h5 i5 j5 markers to the edge  -> f5, g5 (no landing point after)
//   W  d5 w, c5 empty, b5 b, a5 empty  -> c5 only (no second group, no empties after)
//   NE f6 empty, g7 black ring         -> f6 only
//   SW d4 w, c3 black ring             -> nothing (a ring right after the group)
const std::string JUMPS = text(
    "Wa2 Wa3 Wa4 Wb1 We5 be6 we7 we3 wh5 bi5 wj5 wd5 bb5 Bg7 wd4 Bc3 Bk7 Bk8 Bk9",
    "w move 0 0 normal");
const std::string JUMPS_BOARD_REST = "Wa2 Wa3 Wa4 Wb1 wh5 bi5 wj5 bb5 Bg7 wd4 Bc3 Bk7 Bk8 Bk9";
}  // namespace

TEST(Rules, RingMoveDestinationsWithMarkersAndRings) {
  const Position p = pos(JUMPS);
  EXPECT_EQ(moves_from(p, "e5"), "e5-c5 e5-e2 e5-e4 e5-e8 e5-f5 e5-f6 e5-g5");
}

TEST(Rules, JumpLandsOnFirstEmptyPointAfterTheGroup) {
  const Position p = pos(JUMPS);
  EXPECT_TRUE(parse_legal_move(p, "e5-e8"));
  EXPECT_TRUE(parse_legal_move(p, "e5-e2"));
  EXPECT_FALSE(parse_legal_move(p, "e5-e6")) << "a ring never lands on a marker";
  EXPECT_FALSE(parse_legal_move(p, "e5-e7"));
  EXPECT_FALSE(parse_legal_move(p, "e5-e3"));
}

TEST(Rules, NoEmptyPointsAfterAJump) {
  const Position p = pos(JUMPS);
  EXPECT_FALSE(parse_legal_move(p, "e5-e9"));
  EXPECT_FALSE(parse_legal_move(p, "e5-e10"));
  EXPECT_FALSE(parse_legal_move(p, "e5-e1"));
  EXPECT_FALSE(parse_legal_move(p, "e5-a5")) << "no second group, no empty points after a jump";
  EXPECT_FALSE(parse_legal_move(p, "e5-b5"));
}

TEST(Rules, MarkersUpToTheEdgeCannotBeJumped) {
  const Position p = pos(JUMPS);
  EXPECT_TRUE(parse_legal_move(p, "e5-g5"));
  for (const char* m : {"e5-h5", "e5-i5", "e5-j5"}) EXPECT_FALSE(parse_legal_move(p, m)) << m;
}

TEST(Rules, RingNeverPassesARing) {
  const Position p = pos(JUMPS);
  EXPECT_TRUE(parse_legal_move(p, "e5-f6"));
  for (const char* m : {"e5-g7", "e5-h8", "e5-i9", "e5-j10", "e5-d4", "e5-c3", "e5-b2"})
    EXPECT_FALSE(parse_legal_move(p, m)) << m;
}

TEST(Rules, JumpedMarkersFlipAndTheMarkerInTheRingDoesNot) {
  // North over e6 (b) and e7 (w): they flip; e5 gets a white marker.
  EXPECT_EQ(after(JUMPS, "e5-e8"),
            text(JUMPS_BOARD_REST + " we5 we6 be7 We8 we3 wd5", "b move 0 0 normal"));
  // South over empty e4 then e3 (w): e3 flips, e4 stays empty.
  EXPECT_EQ(after(JUMPS, "e5-e2"),
            text(JUMPS_BOARD_REST + " we5 be6 we7 be3 We2 wd5", "b move 0 0 normal"));
  // West over d5 (w).
  EXPECT_EQ(after(JUMPS, "e5-c5"),
            text(JUMPS_BOARD_REST + " we5 be6 we7 we3 bd5 Wc5", "b move 0 0 normal"));
  // Over empty points only: nothing flips.
  EXPECT_EQ(after(JUMPS, "e5-f6"),
            text(JUMPS_BOARD_REST + " we5 be6 we7 we3 wd5 Wf6", "b move 0 0 normal"));
}

// ---------------------------------------------------------------------------------------
// SPEC 3: rows and removals

TEST(Rules, RowOfFiveIsRemovedThenARing) {
  Position p = pos(text(WPARK + "We5 wa5 wb5 wc5 wd5" + BPARK, "w move 0 0 normal"));
  play(p, "e5-f6");
  EXPECT_EQ(to_text(p), text(WPARK + "wa5 wb5 wc5 wd5 we5 Wf6" + BPARK, "w remove-row 0 0 normal"));
  EXPECT_EQ(legal(p), "xa5-e5");
  play(p, "xa5-e5");
  EXPECT_EQ(to_text(p), text(WPARK + "Wf6" + BPARK, "w remove-ring 0 0 normal"));
  EXPECT_EQ(legal(p), "xa2 xa3 xa4 xb1 xf6") << "any of the mover's rings";
  play(p, "xf6");
  EXPECT_EQ(to_text(p), text(WPARK + BPARK, "b move 1 0 normal"));
  EXPECT_EQ(p.markers_in_pool(), 51) << "removed markers go back to the pool";
}

TEST(Rules, RowOfSixOffersBothWindows) {
  const std::string start = text(WPARK + "We5 wb5 wc5 wd5 wf5 wg5" + BPARK, "w move 0 0 normal");
  Position p = pos(start);
  play(p, "e5-f6");
  EXPECT_EQ(legal(p), "xb5-f5 xc5-g5");
  play(p, "xc5-g5");
  EXPECT_EQ(to_text(p), text(WPARK + "wb5 Wf6" + BPARK, "w remove-ring 0 0 normal"));
  EXPECT_EQ(after(start, "e5-f6 xb5-f5 xf6"), text(WPARK + "wg5" + BPARK, "b move 1 0 normal"));
}

TEST(Rules, RowOfSevenOffersEveryWindowOfFive) {
  const std::string start = text(WPARK + "We5 wa5 wb5 wc5 wd5 wf5 wg5" + BPARK, "w move 0 0 normal");
  Position p = pos(start);
  play(p, "e5-f6");
  EXPECT_EQ(legal(p), "xa5-e5 xb5-f5 xc5-g5");
  EXPECT_FALSE(parse_legal_move(p, "xa5-f5"));
  EXPECT_EQ(after(start, "e5-f6 xb5-f5 xa2"), text("Wa3 Wa4 Wb1 wa5 wg5 Wf6" + BPARK, "b move 1 0 normal"));
  EXPECT_EQ(after(start, "e5-f6 xa5-e5 xa2"), text("Wa3 Wa4 Wb1 wf5 wg5 Wf6" + BPARK, "b move 1 0 normal"));
}

namespace {
// e4 jumps e5 (b) e6 (w) e7 (b) to e8: e5 and e7 turn white and complete two disjoint rows,
// b5-f5 and c7-g7.
const std::string TWO_ROWS =
    text(WPARK + "We4 be5 we6 be7 wb5 wc5 wd5 wf5 wc7 wd7 wf7 wg7" + BPARK, "w move 0 0 normal");
}  // namespace

TEST(Rules, TwoDisjointRowsAreBothRemovedWithTwoRings) {
  Position p = pos(TWO_ROWS);
  play(p, "e4-e8");
  EXPECT_EQ(legal(p), "xb5-f5 xc7-g7");
  play(p, "xc7-g7");
  EXPECT_EQ(p.step(), Step::RemoveRing);
  EXPECT_EQ(legal(p), "xa2 xa3 xa4 xb1 xe8");
  play(p, "xe8");
  // The other row is still there: the mover removes it too, and a second ring.
  EXPECT_EQ(to_text(p), text(WPARK + "we4 wb5 wc5 wd5 we5 wf5 be6" + BPARK, "w remove-row 1 0 normal"));
  EXPECT_EQ(legal(p), "xb5-f5");
  play(p, "xb5-f5");
  EXPECT_EQ(legal(p), "xa2 xa3 xa4 xb1");
  play(p, "xa2");
  EXPECT_EQ(to_text(p), text("Wa3 Wa4 Wb1 we4 be6" + BPARK, "b move 2 0 normal"));
  // The other order ends the same.
  EXPECT_EQ(after(TWO_ROWS, "e4-e8 xb5-f5 xa2 xc7-g7 xe8"), to_text(p));
}

namespace {
// e5 leaves a white marker that completes both c5-g5 and e3-e7 (sharing e5).
// Before the move the ring on e5 breaks both lines (rulebook diagram 6, situation 3).
const std::string CROSS =
    text(WPARK + "We5 wc5 wd5 wf5 wg5 we3 we4 we6 we7" + BPARK, "w move 0 0 normal");
}  // namespace

TEST(Rules, TwoRowsSharingAMarkerOfferOneChoice) {
  Position p = pos(CROSS);
  play(p, "e5-f6");
  EXPECT_EQ(legal(p), "xc5-g5 xe3-e7");

  Position a = p;
  play(a, "xe3-e7");
  EXPECT_EQ(to_text(a), text(WPARK + "wc5 wd5 wf5 wg5 Wf6" + BPARK, "w remove-ring 0 0 normal"));
  play(a, "xa2");
  EXPECT_EQ(to_text(a), text("Wa3 Wa4 Wb1 wc5 wd5 wf5 wg5 Wf6" + BPARK, "b move 1 0 normal"))
      << "the other row is broken: one ring only";

  Position b = p;
  play(b, "xc5-g5 xa2");
  EXPECT_EQ(to_text(b), text("Wa3 Wa4 Wb1 we3 we4 we6 we7 Wf6" + BPARK, "b move 1 0 normal"));
}

namespace {
// e5 jumps e6 (w) to e7: e6 turns black and completes Black's c6-g6.
const std::string FOR_OPPONENT = "We5 we6 bc6 bd6 bf6 bg6";
}  // namespace

TEST(Rules, RowMadeForTheOpponentIsRemovedAtTheStartOfItsTurn) {
  Position p = pos(text(WPARK + FOR_OPPONENT + BPARK, "w move 0 0 normal"));
  play(p, "e5-e7");
  EXPECT_EQ(to_text(p), text(WPARK + "we5 We7 bc6 bd6 be6 bf6 bg6" + BPARK, "b early-remove-row 0 0 normal"));
  EXPECT_EQ(legal(p), "xc6-g6");
  play(p, "xc6-g6");
  EXPECT_EQ(to_text(p), text(WPARK + "we5 We7" + BPARK, "b early-remove-ring 0 0 normal"));
  EXPECT_EQ(legal(p), "xj11 xk10 xk7 xk8 xk9");
  play(p, "xk10");
  // Then the same player moves.
  EXPECT_EQ(to_text(p), text(WPARK + "we5 We7 Bk7 Bk8 Bk9 Bj11", "b move 0 1 normal"));
  EXPECT_TRUE(parse_legal_move(p, "k7-j7"));
  play(p, "k7-j7");
  EXPECT_EQ(to_text(p), text(WPARK + "we5 We7 bk7 Bj7 Bk8 Bk9 Bj11", "w move 0 1 normal"));
}

namespace {
// e5 jumps e6 (b) and e7 (w) to e8: White completes c6-g6, Black completes c7-g7.
const std::string BOTH_ROWS = "We5 be6 we7 wc6 wd6 wf6 wg6 bc7 bd7 bf7 bg7";
}  // namespace

TEST(Rules, MoverRemovesItsOwnRowsFirst) {
  Position p = pos(text(WPARK + BOTH_ROWS + BPARK, "w move 0 0 normal"));
  play(p, "e5-e8");
  EXPECT_EQ(p.step(), Step::RemoveRow);
  EXPECT_EQ(p.side_to_move(), WHITE);
  EXPECT_EQ(legal(p), "xc6-g6");
  play(p, "xc6-g6");
  EXPECT_EQ(legal(p), "xa2 xa3 xa4 xb1 xe8");
  play(p, "xa2");
  EXPECT_EQ(to_text(p), text("Wa3 Wa4 Wb1 we5 bc7 bd7 be7 bf7 bg7 We8" + BPARK, "b early-remove-row 1 0 normal"));
  EXPECT_EQ(legal(p), "xc7-g7");
  play(p, "xc7-g7 xk7");
  EXPECT_EQ(to_text(p), text("Wa3 Wa4 Wb1 we5 We8 Bk8 Bk9 Bk10 Bj11", "b move 1 1 normal"));
}

TEST(Rules, MoverWinsWhenOneMoveCompletesBothThirdRows) {
  Position p = pos(text("Wa3 Wa4 " + BOTH_ROWS + " Bk8 Bk9 Bk10", "w move 2 2 normal"));
  play(p, "e5-e8 xc6-g6 xa3");
  // White removed its third ring first: the game is over, Black's row stays on the board.
  EXPECT_EQ(to_text(p), text("Wa4 we5 bc7 bd7 be7 bf7 bg7 We8 Bk8 Bk9 Bk10", "w over 3 2 normal"));
  expect_over(p, Result::WhiteWins);
}

TEST(Rules, OpponentWinsByRemovingARowMadeForIt) {
  Position p = pos(text("Wa2 Wa3 Wa4 Wb1 " + FOR_OPPONENT + " Bk7 Bk8 Bk9", "w move 0 2 normal"));
  play(p, "e5-e7 xc6-g6 xk9");
  EXPECT_EQ(to_text(p), text("Wa2 Wa3 Wa4 Wb1 we5 We7 Bk7 Bk8", "b over 0 3 normal"));
  expect_over(p, Result::BlackWins);
}

TEST(Rules, ThirdRingWinsEvenWithRowsLeft) {
  // Two disjoint rows with two rings already removed: the first removal wins at once.
  Position p = pos(text("Wa3 Wa4 We4 be5 we6 be7 wb5 wc5 wd5 wf5 wc7 wd7 wf7 wg7 Bk8 Bk9 Bk10",
                        "w move 2 2 normal"));
  play(p, "e4-e8 xc7-g7 xe8");
  EXPECT_EQ(to_text(p), text("Wa3 Wa4 we4 wb5 wc5 wd5 we5 wf5 be6 Bk8 Bk9 Bk10", "w over 3 2 normal"));
  expect_over(p, Result::WhiteWins);
}

// ---------------------------------------------------------------------------------------
// SPEC 3: marker pool exhausted. Markers sit on the points with (column + number) % 3 != 2
// (column a = 0), coloured w for 0 and b for 1; rings sit on points of the third class.
// Every line meets that third class every three points, where there is an empty point or a
// ring, so no row can exist. White's ring on f6 moves to the empty f7.
namespace {
std::string pool_position(int markers, int white_rings, int black_rings, bool moved,
                          const std::string& rest) {
  std::string pieces;
  int m = 0, w = 1, b = 0;  // the ring on f6 is one of White's
  for (const auto& name : spec_points()) {
    const int col = name[0] - 'a', num = std::stoi(name.substr(1));
    const int cls = (col + num) % 3;
    if (name == "f6") {
      pieces += moved ? " wf6" : " Wf6";
    } else if (name == "f7") {
      if (moved) pieces += " Wf7";
    } else if (cls == 2) {
      if (w < white_rings) pieces += " W" + name, ++w;
      else if (b < black_rings) pieces += " B" + name, ++b;
    } else if (m < markers) {
      pieces += std::string(" ") + (cls == 0 ? 'w' : 'b') + name, ++m;
    }
  }
  return text(pieces, rest);
}
}  // namespace

TEST(Rules, PoolExhaustedEndsTheGameMoreRingsWins) {
  struct Case {
    int rw, rb;
    Result r;
  } cases[] = {{0, 0, Result::Draw},      {1, 0, Result::WhiteWins}, {0, 1, Result::BlackWins},
               {2, 1, Result::WhiteWins}, {1, 2, Result::BlackWins}, {2, 2, Result::Draw}};
  for (const auto& c : cases) {
    SCOPED_TRACE(std::to_string(c.rw) + "-" + std::to_string(c.rb));
    const std::string counts = std::to_string(c.rw) + " " + std::to_string(c.rb) + " normal";
    Position p = pos(pool_position(50, 5 - c.rw, 5 - c.rb, false, "w move " + counts));
    EXPECT_EQ(p.markers_in_pool(), 1);
    play(p, "f6-f7");
    // The last marker is on the board: the game is over; White made the last decision.
    EXPECT_EQ(to_text(p), pool_position(50, 5 - c.rw, 5 - c.rb, true, "w over " + counts));
    EXPECT_EQ(p.markers_in_pool(), 0);
    expect_over(p, c.r);
  }
}

TEST(Rules, PoolNotYetExhaustedGameGoesOn) {
  Position p = pos(pool_position(49, 5, 5, false, "w move 0 0 normal"));
  play(p, "f6-f7");
  EXPECT_EQ(to_text(p), pool_position(49, 5, 5, true, "b move 0 0 normal"));
  EXPECT_EQ(p.markers_in_pool(), 1);
}

TEST(Rules, PoolExhaustedButARowIsRemovedGameGoesOn) {
  // The 51st marker completes White's row a5-e5: "after a move and all removals" the pool
  // holds 5 markers again, so Black moves. 46 filler markers avoid row 5 and f6 and are
  // coloured w when (column + number) % 4 < 2: along a column or a row that colour repeats
  // at most twice, along the diagonal it alternates, so no row exists but a5-e5.
  std::set<std::string> used = {"a2", "a3", "a4", "b1", "k7", "k8", "k9", "k10", "j11", "f6"};
  std::string pieces = WPARK + "We5 wa5 wb5 wc5 wd5" + BPARK;
  int m = 4;
  for (const auto& name : spec_points()) {
    const int col = name[0] - 'a', num = std::stoi(name.substr(1));
    if (m == 50 || used.count(name) || num == 5) continue;
    pieces += std::string(" ") + ((col + num) % 4 < 2 ? 'w' : 'b') + name, ++m;
  }
  ASSERT_EQ(m, 50);
  Position p = pos(text(pieces, "w move 0 0 normal"));
  play(p, "e5-f6");
  EXPECT_EQ(p.markers_in_pool(), 0);
  EXPECT_EQ(p.step(), Step::RemoveRow) << to_text(p);
  EXPECT_EQ(legal(p), "xa5-e5");
  play(p, "xa5-e5 xa2");
  EXPECT_EQ(p.markers_in_pool(), 5);
  EXPECT_EQ(p.step(), Step::Move);
  EXPECT_EQ(p.side_to_move(), BLACK);
}

// ---------------------------------------------------------------------------------------
// SPEC 3: no legal ring move

TEST(Rules, PassWhenNoRingCanMove) {
  // White (one ring removed) has rings k10 k9 j10 j9, hemmed in by Black's k8 j8 i8 i9 i10,
  // the edge, and the marker on j11 with the edge behind it.
  const std::string board_pieces = "Wk10 Wk9 Wj10 Wj9 Bk8 Bj8 Bi8 Bi9 Bi10 bj11";
  Position p = pos(text(board_pieces, "w move 1 0 normal"));
  EXPECT_EQ(legal(p), "pass");
  EXPECT_EQ(count_moves(p), 1);
  play(p, "pass");
  EXPECT_EQ(to_text(p), text(board_pieces, "b move 1 0 normal")) << "Black can move: it is Black's turn";
  EXPECT_TRUE(parse_legal_move(p, "i8-h7"));
  EXPECT_FALSE(parse_legal_move(p, "pass")) << "no pass while a ring can move";
}

TEST(Rules, GameEndsWhenNeitherPlayerCanMove) {
  // Found by an independent script: rings on b1 e10 k7 (White) and b7 e1 k10 (Black); every
  // line from each ring is filled with markers up to the edge or another ring; markers
  // coloured by (column + number) % 4 < 2 so that no row exists. Two rings removed each.
  const std::string board42 = "4/WbwwbbB/bw4wb/w1b3b1w/BbbwwbbwwW/b2b1w2b/1w2ww2w1/1b2b2w1/1w1bw1b1/1bw1bb1/WbbB";
  Position p = pos(board42 + " w move 2 2 normal");
  EXPECT_EQ(legal(p), "pass");
  play(p, "pass");
  EXPECT_EQ(to_text(p), board42 + " w over 2 2 normal") << "the side is the one who passed last";
  expect_over(p, Result::Draw);

  // Rings a3 h10 i4 (White, two removed) and a4 h3 h11 i11 (Black, one removed).
  const std::string board45 = "bWBw/2wwb2/2wbbw2/2bb1wb2/2bw2bw1b/1ww3wbb/wwb4bww/BbwwbbwWB/WwbbwwbB/b4bw/3w";
  for (const char* side : {"w", "b"}) {
    Position q = pos(board45 + " " + side + " move 2 1 normal");
    EXPECT_EQ(legal(q), "pass");
    play(q, "pass");
    EXPECT_EQ(to_text(q), board45 + " " + side + " over 2 1 normal");
    expect_over(q, Result::WhiteWins);
  }
}

// ---------------------------------------------------------------------------------------
// Blitz: the first row wins.

TEST(Rules, BlitzFirstRowWins) {
  Position p = pos(text(WPARK + "We5 wa5 wb5 wc5 wd5" + BPARK, "w move 0 0 blitz"));
  play(p, "e5-f6 xa5-e5");
  EXPECT_EQ(p.step(), Step::RemoveRing);
  play(p, "xb1");
  EXPECT_EQ(to_text(p), text("Wa2 Wa3 Wa4 Wf6" + BPARK, "w over 1 0 blitz"));
  expect_over(p, Result::WhiteWins);
}

TEST(Rules, BlitzMoverWinsBeforeTheOpponentsRow) {
  Position p = pos(text(WPARK + BOTH_ROWS + BPARK, "w move 0 0 blitz"));
  play(p, "e5-e8 xc6-g6 xe8");
  EXPECT_EQ(to_text(p), text(WPARK + "we5 bc7 bd7 be7 bf7 bg7" + BPARK, "w over 1 0 blitz"));
  expect_over(p, Result::WhiteWins);
}

TEST(Rules, BlitzRowMadeForTheOpponentWinsForIt) {
  Position p = pos(text(WPARK + FOR_OPPONENT + BPARK, "w move 0 0 blitz"));
  play(p, "e5-e7 xc6-g6 xj11");
  EXPECT_EQ(to_text(p), text(WPARK + "we5 We7 Bk7 Bk8 Bk9 Bk10", "b over 0 1 blitz"));
  expect_over(p, Result::BlackWins);
}

// ---------------------------------------------------------------------------------------
// Game over

TEST(Rules, FinishedGameRefusesEveryDecision) {
  const Position p = pos(text("Wa4 we5 bc7 bd7 be7 bf7 bg7 We8 Bk8 Bk9 Bk10", "w over 3 2 normal"));
  expect_over(p, Result::WhiteWins);
  for (const char* d : {"e8-e9", "a4-a5", "xa4", "xc7-g7", "k8-j8", "f6"}) {
    EXPECT_FALSE(parse_legal_move(p, d)) << d;
  }
  Game g(p);
  EXPECT_FALSE(g.play("pass"));
  EXPECT_EQ(g.position(), p);
}

TEST(Rules, SideAfterGameOverIsTheLastDecider) {
  // Black makes the winning removal in an early-remove step: the side stays Black.
  Position p = pos(text("Wa2 Wa3 Wa4 Wb1 " + FOR_OPPONENT + " Bk7 Bk8 Bk9", "w move 0 2 normal"));
  play(p, "e5-e7 xc6-g6");
  EXPECT_EQ(p.side_to_move(), BLACK);
  play(p, "xk8");
  EXPECT_EQ(p.side_to_move(), BLACK);
  // A text claiming the loser decided last is refused.
  EXPECT_FALSE(parse_position(text("Wa2 Wa3 Wa4 Wb1 we5 We7 Bk7 Bk9", "w over 0 3 normal")));
}
