// Board geometry against SPEC section 1, counted independently of the tables.
#include <gtest/gtest.h>

#include <set>

#include "core/geometry.h"
#include "core/movegen.h"
#include "core/notation.h"

namespace yinsh {
namespace {

TEST(Geometry, PointsPerColumnMatchTheSpec) {
  // SPEC 1: a 2-5, b 1-7, c 1-8, d 1-9, e 1-10, f 2-10, g 2-11, h 3-11, i 4-11, j 5-11, k 7-10.
  const int lo[] = {2, 1, 1, 1, 1, 2, 2, 3, 4, 5, 7}, hi[] = {5, 7, 8, 9, 10, 10, 11, 11, 11, 11, 10};
  int total = 0;
  for (int c = 0; c < 11; ++c)
    for (int r = 1; r <= 11; ++r) {
      const std::string name = std::string(1, char('a' + c)) + std::to_string(r);
      const bool expected = r >= lo[c] && r <= hi[c];
      EXPECT_EQ(parse_point(name).has_value(), expected) << name;
      total += expected;
    }
  EXPECT_EQ(total, 85);
  EXPECT_EQ(BOARD.count(), 85);
}

TEST(Geometry, HexagonOfRadiusFiveAroundF6MinusCorners) {
  // In axial coordinates (col, row) with the (1,1) diagonal, the hex distance from f6 is
  // max(|dc|, |dr|, |dc - dr|).
  for (int c = 0; c < 11; ++c)
    for (int r = 0; r < 11; ++r) {
      const int dc = c - 5, dr = r - 5;
      const int dist = std::max({std::abs(dc), std::abs(dr), std::abs(dc - dr)});
      const bool corner = dist == 5 && ((dc == 0 || dr == 0 || dc == dr));
      EXPECT_EQ(on_board(c, r), dist <= 5 && !corner) << c << "," << r;
    }
}

TEST(Geometry, ExactlyOneHundredTwentyThreeFiveWindows41PerDirection) {
  std::set<std::pair<int, int>> seen;
  int per_dir[6] = {};
  for (const Window& w : GEO.windows) {
    EXPECT_EQ(w.mask.count(), 5);
    EXPECT_LT(w.first, w.last);
    EXPECT_TRUE(seen.insert({w.first, w.last}).second);
    ++per_dir[w.dir];
    EXPECT_EQ(between(w.first, w.last).count(), 3);
  }
  EXPECT_EQ(seen.size(), 123u);
  EXPECT_EQ(per_dir[N], 41);
  EXPECT_EQ(per_dir[E], 41);
  EXPECT_EQ(per_dir[NE], 41);
}

TEST(Geometry, TheAntiDiagonalIsNotALine) {
  // SPEC 1: (+1,-1) is NOT a line: c4 and d3 are not neighbours.
  const Point c4 = *parse_point("c4"), d3 = *parse_point("d3");
  EXPECT_EQ(direction_between(c4, d3), -1);
  EXPECT_TRUE(between(*parse_point("c2"), *parse_point("g6")).contains(*parse_point("e4")));
  EXPECT_TRUE(between(*parse_point("f3"), *parse_point("f7")).contains(*parse_point("f5")));
  EXPECT_TRUE(between(*parse_point("a3"), *parse_point("e3")).contains(*parse_point("c3")));
}

TEST(Geometry, MoveListCapacityCoversTheWorstCase) {
  // Recount the bound by walking lines (not from GEO.reach): sum of the five largest reaches.
  std::vector<int> reach;
  for (Point p : GEO.points) {
    int n = 0;
    for (int d = 0; d < 6; ++d)
      for (Point q = neighbour(p, Direction(d)); q != NO_POINT; q = neighbour(q, Direction(d))) ++n;
    reach.push_back(n);
  }
  std::sort(reach.rbegin(), reach.rend());
  EXPECT_EQ(reach[0] + reach[1] + reach[2] + reach[3] + reach[4], MAX_RING_MOVES);
  EXPECT_GE(MAX_MOVES, 85);
  EXPECT_GE(MAX_MOVES, 123);
}

}  // namespace
}  // namespace yinsh
