// Board geometry, computed at compile time: which grid cells are points, neighbours, rays,
// between-masks and the 123 windows of five points in a line.
#pragma once

#include <array>

#include "bitboard.h"
#include "types.h"

namespace yinsh {

namespace detail {
// Lowest and highest row (0-based) of each column a..k.
constexpr int COL_MIN[GRID] = {1, 0, 0, 0, 0, 1, 1, 2, 3, 4, 6};
constexpr int COL_MAX[GRID] = {4, 6, 7, 8, 9, 9, 10, 10, 10, 10, 9};
}  // namespace detail

constexpr bool on_board(int col, int row) {
  return col >= 0 && col < GRID && row >= detail::COL_MIN[col] && row <= detail::COL_MAX[col];
}
constexpr bool on_board(Point p) { return p < GRID_CELLS && on_board(col_of(p), row_of(p)); }
constexpr int column_length(int col) { return detail::COL_MAX[col] - detail::COL_MIN[col] + 1; }
constexpr int column_min_row(int col) { return detail::COL_MIN[col]; }

// The next point from p in direction d, or NO_POINT at the edge.
constexpr Point neighbour(Point p, Direction d) {
  int c = col_of(p) + DIR_DCOL[d], r = row_of(p) + DIR_DROW[d];
  return on_board(c, r) ? make_point(c, r) : NO_POINT;
}

struct Window {
  Point first, last;  // end points, first < last
  Direction dir;      // N, E or NE: from first to last
  Bitboard mask;
};
constexpr int NUM_WINDOWS = 123;

struct Geometry {
  Bitboard board;
  std::array<Point, NUM_POINTS> points{};                 // column by column, rows upwards
  std::array<std::array<Bitboard, NUM_DIRECTIONS>, GRID_CELLS> ray{};  // excluding the origin
  std::array<Window, NUM_WINDOWS> windows{};
  std::array<int, GRID_CELLS> reach{};  // points on the 3 lines through p, p excluded
};

constexpr Geometry build_geometry() {
  Geometry g;
  int n = 0, w = 0;
  for (int c = 0; c < GRID; ++c)
    for (int r = 0; r < GRID; ++r) {
      if (!on_board(c, r)) continue;
      Point p = make_point(c, r);
      g.board |= Bitboard::of(p);
      g.points[n++] = p;
      for (int d = 0; d < NUM_DIRECTIONS; ++d) {
        for (Point q = neighbour(p, Direction(d)); q != NO_POINT; q = neighbour(q, Direction(d)))
          g.ray[p][d] |= Bitboard::of(q), ++g.reach[p];
        // A window starts at p in each positive direction where four more points follow.
        if (is_positive(Direction(d))) {
          Point q = p;
          Bitboard mask = Bitboard::of(p);
          for (int k = 1; k < 5 && q != NO_POINT; ++k)
            if ((q = neighbour(q, Direction(d))) != NO_POINT) mask |= Bitboard::of(q);
          if (q != NO_POINT) g.windows[w++] = Window{p, q, Direction(d), mask};
        }
      }
    }
  return g;
}

inline constexpr Geometry GEO = build_geometry();
inline constexpr Bitboard BOARD = GEO.board;

constexpr Bitboard ray(Point p, Direction d) { return GEO.ray[p][d]; }

// The direction from a to b when they share a line, else -1.
constexpr int direction_between(Point a, Point b) {
  int dc = col_of(b) - col_of(a), dr = row_of(b) - row_of(a);
  if (dc == 0 && dr != 0) return dr > 0 ? N : S;
  if (dr == 0 && dc != 0) return dc > 0 ? E : W;
  if (dc == dr && dc != 0) return dc > 0 ? NE : SW;
  return -1;
}

// Points strictly between a and b on their common line (empty if they share no line).
constexpr Bitboard between(Point a, Point b) {
  int d = direction_between(a, b);
  if (d < 0) return Bitboard();
  return ray(a, Direction(d)) & ~ray(b, Direction(d)) & ~Bitboard::of(b);
}

// Starts of every window of five set points in the positive direction d (N, E or NE).
// Three shifts instead of four: pairs are points p with p + s set, and a pair at p and one at
// p + 2s leave only p + 4s to test.
constexpr Bitboard five_starts(Bitboard m, Direction d) {
  const int s = DIR_SHIFT[d];
  const Bitboard pairs = m & (m >> s);
  return pairs & (pairs >> 2 * s) & (m >> 4 * s);
}
constexpr bool has_five(Bitboard m) {
  return five_starts(m, N) || five_starts(m, E) || five_starts(m, NE);
}

// ---------------------------------------------------------------------------------------
// Compile-time proofs of what the rest of the core relies on.
namespace detail {
constexpr int count_windows_per_direction(Direction d) {
  int n = 0;
  for (const Window& w : GEO.windows) n += w.dir == d;
  return n;
}
// Shifting a board point by DIR_SHIFT never lands on a board point that is not its true
// neighbour, so shift-and-mask line tests (five_starts) are exact.
constexpr bool shifts_never_wrap() {
  for (Point p : GEO.points)
    for (int d = 0; d < NUM_DIRECTIONS; ++d) {
      int q = int(p) + DIR_SHIFT[d];
      bool q_on = q >= 0 && q < GRID_CELLS && on_board(Point(q));
      if (q_on && Point(q) != neighbour(p, Direction(d))) return false;
    }
  return true;
}
// Largest number of ring moves in any position: each ring's destinations lie on its three
// lines, so five rings have at most the five largest `reach` values summed.
constexpr int max_ring_moves_bound() {
  std::array<int, GRID_CELLS> r = GEO.reach;
  int sum = 0;
  for (int k = 0; k < RINGS_PER_SIDE; ++k) {
    int best = 0;
    for (int i = 0; i < GRID_CELLS; ++i)
      if (r[i] > r[best]) best = i;
    sum += r[best];
    r[best] = 0;
  }
  return sum;
}
}  // namespace detail

static_assert(BOARD.count() == NUM_POINTS);
static_assert(GEO.windows[NUM_WINDOWS - 1].mask.count() == 5);
static_assert(detail::count_windows_per_direction(N) == 41);
static_assert(detail::count_windows_per_direction(E) == 41);
static_assert(detail::count_windows_per_direction(NE) == 41);
static_assert(detail::shifts_never_wrap());
static_assert(!BOARD.contains(make_point(0, 0)) && !BOARD.contains(make_point(5, 10)));

inline constexpr int MAX_RING_MOVES = detail::max_ring_moves_bound();

}  // namespace yinsh
