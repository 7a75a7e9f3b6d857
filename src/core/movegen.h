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
#include <cstddef>

#include "position.h"

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

// Where a ring on p can go in direction d: empty points up to the first piece, and when that
// piece is a marker, the first empty point after the unbroken group of markers.
inline Bitboard ring_destinations(Point p, Direction d, Bitboard rings, Bitboard markers) {
  const Bitboard r = ray(p, d);
  const Bitboard blockers = r & (rings | markers);
  if (!blockers) return r;
  const bool up = is_positive(d);
  const Point b = up ? blockers.lsb() : blockers.msb();
  const Bitboard free = r & (up ? Bitboard::below(b) : Bitboard::above(b));
  if (rings.contains(b)) return free;
  const Bitboard landing = r & ~markers & (up ? Bitboard::above(b) : Bitboard::below(b));
  if (!landing) return free;
  const Point e = up ? landing.lsb() : landing.msb();
  return rings.contains(e) ? free : free | Bitboard::of(e);
}

// All legal decisions (empty when the game is over), in generation order.
void generate(const Position& pos, MoveList& list);

// The number of legal decisions, without listing them (perft's last ply).
int count_moves(const Position& pos);

bool is_legal(const Position& pos, Move m);

}  // namespace yinsh
