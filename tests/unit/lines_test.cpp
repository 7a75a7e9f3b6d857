// The line layouts (core/lines.h): ring move counts from them equal the bitboard destinations
// for every ring of many random positions, and the layouts stay in step through do/undo.
#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/notation.h"
#include "test_util.h"

namespace yinsh {
namespace {

TEST(Lines, RingMoveCountEqualsTheDestinations) {
  int rings_checked = 0;
  for (uint64_t seed = 1; seed <= 400; ++seed) {
    for (int plies : {10, 30, 60, 90}) {
      const Position pos = test::random_position(seed, plies);
      std::string why;
      ASSERT_TRUE(pos.is_ok(&why)) << why;  // is_ok checks the layouts against the bitboards
      for (Point p : pos.rings()) {
        EXPECT_EQ(ring_move_count(pos, p), ring_destinations(p, pos.rings(), pos.markers()).count())
            << to_text(pos) << " ring " << to_string(Move::place(p));
        ++rings_checked;
      }
    }
  }
  EXPECT_GT(rings_checked, 10000);
}

TEST(Lines, LayoutsFollowUndo) {
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    Position pos = test::random_position(seed, 40);
    const Position before = pos;
    MoveList list;
    generate(pos, list);
    for (Move m : list) {
      StateInfo st;
      pos.do_move(m, st);
      ASSERT_TRUE(pos.is_ok());
      pos.undo_move(m, st);
      ASSERT_EQ(pos.layout_rings(1), before.layout_rings(1));
      ASSERT_EQ(pos.layout_markers(2), before.layout_markers(2));
    }
  }
}

}  // namespace
}  // namespace yinsh
