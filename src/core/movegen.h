// Legal decisions of a position, into a fixed-capacity list.
//
// Capacity bound (MAX_MOVES), per step:
//   place           at most the 85 points;
//   move            each ring's destinations lie on its three lines, so five rings have at
//                   most the five largest line reaches summed: MAX_RING_MOVES, computed and
//                   checked at compile time in geometry.h (26+26+26+26+26 = 130); a pass is only
//                   generated when there is no ring move;
//   remove-row      at most the 123 five-windows;
//   remove-ring     at most 5 rings.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>

#include "position.h"
#include "random.h"

namespace yinsh {

inline constexpr int MAX_MOVES = std::max({NUM_POINTS, MAX_RING_MOVES, NUM_WINDOWS, 1});
static_assert(MAX_RING_MOVES == 130 && MAX_MOVES == 130);

class MoveList {
 public:
  void push(Move m) { moves_[size_++] = m; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](int i) const { return moves_[i]; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  bool contains(Move m) const { return std::find(begin(), end(), m) != end(); }
  void clear() { size_ = 0; }

 private:
  Move moves_[MAX_MOVES];
  int size_ = 0;
};

// Rays and single-point sets indexed by point + 1, where 0 and 122..129 stand for "no point"
// and hold empty sets: nearest-blocker lookups below stay branch-free.
struct RayTable {
  std::array<std::array<Bitboard, 130>, NUM_DIRECTIONS> ray{};
  std::array<Bitboard, 130> bit{};
};
constexpr RayTable build_ray_table() {
  RayTable t;
  for (int p = 0; p < GRID_CELLS; ++p) {
    if (!on_board(Point(p))) continue;
    t.bit[p + 1] = Bitboard::of(Point(p));
    for (int d = 0; d < NUM_DIRECTIONS; ++d)
      for (Point q = neighbour(Point(p), Direction(d)); q != NO_POINT; q = neighbour(q, Direction(d)))
        t.ray[d][p + 1] |= Bitboard::of(q);
  }
  return t;
}
inline constexpr RayTable RAYS = build_ray_table();

// Index (point + 1) of the point of `b` nearest to the origin of a ray in direction d: the
// lowest point for positive directions, the highest for negative ones; "no point" if empty.
template <Direction d>
[[gnu::always_inline]] inline int nearest_index(Bitboard b) {
  if constexpr (is_positive(d)) {
    int t = std::countr_zero(b.lo());
    t += t == 64 ? std::countr_zero(b.hi()) : 0;
    return t + 1;  // 129 when empty
  } else {
    int l = std::countl_zero(b.hi());
    l += l == 64 ? std::countl_zero(b.lo()) : 0;
    return 128 - l;  // 0 when empty
  }
}

// Where a ring on p can go in direction d: empty points up to the first piece, and when that
// piece is a marker, the first empty point after the unbroken group of markers.
template <Direction d>
[[gnu::always_inline]] inline Bitboard ring_destinations(Point p, Bitboard rings, Bitboard markers) {
  const Bitboard r = ray(p, d);
  const int b = nearest_index<d>(r & (rings | markers));
  const Bitboard free = r & ~(RAYS.ray[d][b] | RAYS.bit[b]);
  const bool jump = bool(RAYS.bit[b] & markers);
  const Bitboard beyond = Bitboard::from_raw(RAYS.ray[d][b].raw() & -Bitboard::u128(jump));
  const int e = nearest_index<d>(beyond & ~markers);
  return free | (RAYS.bit[e] & ~rings);
}

inline Bitboard ring_destinations(Point p, Direction d, Bitboard rings, Bitboard markers) {
  switch (d) {
    case N: return ring_destinations<N>(p, rings, markers);
    case S: return ring_destinations<S>(p, rings, markers);
    case E: return ring_destinations<E>(p, rings, markers);
    case W: return ring_destinations<W>(p, rings, markers);
    case NE: return ring_destinations<NE>(p, rings, markers);
    case SW: return ring_destinations<SW>(p, rings, markers);
  }
  return Bitboard();
}

// All destinations of a ring on p (the six rays are disjoint, so the union loses nothing).
[[gnu::always_inline]] inline Bitboard ring_destinations(Point p, Bitboard rings, Bitboard markers) {
  return ring_destinations<N>(p, rings, markers) | ring_destinations<S>(p, rings, markers) |
         ring_destinations<E>(p, rings, markers) | ring_destinations<W>(p, rings, markers) |
         ring_destinations<NE>(p, rings, markers) | ring_destinations<SW>(p, rings, markers);
}

// The number of destinations of a ring on p: ring_destinations(p, ...).count(), from the
// line layouts (lines.h) in a few word operations per line.
[[gnu::always_inline]] inline int ring_move_count(const Position& pos, Point p) {
  int n = 0;
  for (int o = 0; o < NUM_ORIENTATIONS; ++o) {
    const Bitboard::u128 mk = pos.layout_markers(o).raw(), occ = pos.layout_rings(o).raw() | mk;
    const int base = LINES.base[o][p];
    const uint32_t line_mk = (uint32_t(mk >> base) & 0x7ff) << 1;
    const uint32_t line_occ = (uint32_t(occ >> base) & 0x7ff) << 1 | LINES.walls[o][p];
    n += line_moves(line_occ, line_mk, LINES.coord[o][p] + 1);
  }
  return n;
}

// All legal decisions (empty when the game is over), in generation order.
void generate(const Position& pos, MoveList& list);

// The number of legal decisions, without listing them (perft's last ply).
int count_moves(const Position& pos);

bool is_legal(const Position& pos, Move m);

// The k-th legal decision in generate()'s order (0 <= k < count_moves(pos)), without listing
// the others.
Move nth_move(const Position& pos, int k);

// A uniformly random legal decision (Move::none() when the game is over): the baseline player
// and random playouts. Equal to generate()'s list[rng.below(size)], without the list.
Move random_move(const Position& pos, Rng& rng);

}  // namespace yinsh
