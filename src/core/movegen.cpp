#include "movegen.h"

#include "ring_counts.h"

namespace yinsh {

namespace {

// Five-windows of colour c's markers, as rows to remove.
template <class F>
void for_each_row(Bitboard markers, F&& f) {
  for (Direction d : {N, E, NE})
    for (Point p : five_starts(markers, d)) f(p, Point(p + 4 * DIR_SHIFT[d]));
}

}  // namespace

void generate(const Position& pos, MoveList& list) {
  list.clear();
  const Color us = pos.side_to_move();
  switch (pos.step()) {
    case Step::Place:
      pos.empty_points().for_each([&](Point p) { list.push(Move::place(p)); });
      break;
    case Step::Move: {
      const Bitboard rings = pos.rings(), markers = pos.markers();
      pos.rings(us).for_each([&](Point from) {
        ring_destinations(from, rings, markers).for_each([&](Point to) { list.push(Move::ring(from, to)); });
      });
      if (list.empty()) list.push(Move::pass());
      break;
    }
    case Step::RemoveRow:
    case Step::EarlyRemoveRow:
      for_each_row(pos.markers(us), [&](Point a, Point b) { list.push(Move::row(a, b)); });
      break;
    case Step::RemoveRing:
    case Step::EarlyRemoveRing:
      for (Point p : pos.rings(us)) list.push(Move::remove_ring(p));
      break;
    case Step::Over:
      break;
  }
}

int count_moves(const Position& pos) {
  const Color us = pos.side_to_move();
  switch (pos.step()) {
    case Step::Place:
      return pos.empty_points().count();
    case Step::Move: {
      int count[RINGS_PER_SIDE];
      Point from[RINGS_PER_SIDE];
      const int rings = ring_move_counts(pos, us, from, count);
      int n = 0;
      for (int i = 0; i < rings; ++i) n += count[i];
      return n ? n : 1;  // a pass
    }
    case Step::RemoveRow:
    case Step::EarlyRemoveRow: {
      const Bitboard m = pos.markers(us);
      return five_starts(m, N).count() + five_starts(m, E).count() + five_starts(m, NE).count();
    }
    case Step::RemoveRing:
    case Step::EarlyRemoveRing:
      return pos.rings(us).count();
    case Step::Over:
      return 0;
  }
  return 0;
}

Move nth_move(const Position& pos, int k) {
  const Color us = pos.side_to_move();
  switch (pos.step()) {
    case Step::Place:
      return Move::place(pos.empty_points().nth(k));
    case Step::Move: {
      for (Point from : pos.rings(us)) {
        const int n = ring_move_count(pos, from);
        if (k < n) return Move::ring(from, ring_destinations(from, pos.rings(), pos.markers()).nth(k));
        k -= n;
      }
      return Move::pass();
    }
    default: {
      MoveList list;
      generate(pos, list);
      return k < list.size() ? list[k] : Move::none();
    }
  }
}

Move random_move(const Position& pos, Rng& rng) {
  if (pos.step() != Step::Move) {
    const int n = count_moves(pos);
    return n ? nth_move(pos, int(rng.below(uint32_t(n)))) : Move::none();
  }
  return random_ring_move(pos, rng);
}

bool is_legal(const Position& pos, Move m) {
  MoveList list;
  generate(pos, list);
  return list.contains(m);
}

}  // namespace yinsh
