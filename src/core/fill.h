// Directional fills: from every point of a set at once, the points reached by stepping in one
// direction through an unbroken run of another set. Kogge-Stone doubling: four shifts reach
// fifteen steps, more than the nine of the longest line, so one fill is a fixed handful of
// word operations whatever the board holds (no loop over sources, no branch).
//
// The evaluation uses it for all rings of both sides together: the empty points a ring can
// slide over, the marker groups it can jump. Shifting by DIR_SHIFT never lands on a board point
// that is not the true neighbour (geometry.h), so masking with board subsets keeps it exact;
// the proof at the end checks every point and direction at compile time.
#pragma once

#include "geometry.h"

namespace yinsh {

// b moved k steps in direction d (points leaving the grid's bits vanish; bits outside the board
// may appear: fills only keep what a run set, a subset of the board, also holds).
template <Direction d>
[[gnu::always_inline]] constexpr Bitboard shift_steps(Bitboard b, int k) {
  constexpr int s = DIR_SHIFT[d];
  if constexpr (s > 0) return b << (k * s);
  else return b >> (k * -s);
}

// A run set prepared for fills in direction d, shared by every fill through it:
// p[k] holds the points q with q and the 2^k - 1 points before q (against d) all in the set.
template <Direction d>
struct FillChain {
  Bitboard p1, p2, p4, p8;
  constexpr explicit FillChain(Bitboard run)
      : p1(run),
        p2(p1 & shift_steps<d>(p1, 1)),
        p4(p2 & shift_steps<d>(p2, 2)),
        p8(p4 & shift_steps<d>(p4, 4)) {}
};

// `from` and every point reached from it in direction d through an unbroken run of the chain's
// set (up to 15 steps).
template <Direction d>
[[gnu::always_inline]] constexpr Bitboard fill(Bitboard from, const FillChain<d>& through) {
  Bitboard g = from;
  g |= through.p1 & shift_steps<d>(g, 1);
  g |= through.p2 & shift_steps<d>(g, 2);
  g |= through.p4 & shift_steps<d>(g, 4);
  return g | (through.p8 & shift_steps<d>(g, 8));
}

namespace detail {
// From each board point, a fill through the whole board is the point and the points after
// it in direction d, walked with neighbour().
template <Direction d>
constexpr bool fills_follow_lines() {
  const FillChain<d> board(BOARD);
  for (int i = 0; i < NUM_POINTS; ++i) {
    const Point p = GEO.points[i];
    Bitboard line = Bitboard::of(p);
    for (Point q = neighbour(p, d); q != NO_POINT; q = neighbour(q, d)) line |= Bitboard::of(q);
    if (!(fill<d>(Bitboard::of(p), board) == line)) return false;
  }
  return true;
}
}  // namespace detail
static_assert(detail::fills_follow_lines<N>() && detail::fills_follow_lines<S>() &&
              detail::fills_follow_lines<E>() && detail::fills_follow_lines<W>() &&
              detail::fills_follow_lines<NE>() && detail::fills_follow_lines<SW>());

}  // namespace yinsh
