#include "position.h"

#include "movegen.h"
#include "zobrist.h"

namespace yinsh {

Position Position::start(Variant v) {
  Position pos;
  pos.clear(v);
  return pos;
}

void Position::clear(Variant v) {
  *this = Position();
  variant_ = v;
}

void Position::put_ring(Color c, Point p) {
  rings_[c] |= Bitboard::of(p);
  toggle_layout_ring(p);
  board_key_ ^= ZOBRIST.ring[c][p];
}

void Position::put_marker(Color c, Point p) {
  ++marker_count_;
  markers_[c] |= Bitboard::of(p);
  toggle_layout_marker(p);
  board_key_ ^= ZOBRIST.marker[c][p];
}

void Position::set_state(Color side, Step step, int removed_white, int removed_black) {
  side_ = side;
  step_ = step;
  removed_ = {uint8_t(removed_white), uint8_t(removed_black)};
}

char Position::piece_char(Point p) const {
  if (rings_[WHITE].contains(p)) return 'W';
  if (rings_[BLACK].contains(p)) return 'B';
  if (markers_[WHITE].contains(p)) return 'w';
  if (markers_[BLACK].contains(p)) return 'b';
  return '.';
}

uint64_t Position::key() const {
  return board_key_ ^ ZOBRIST.side[side_] ^ ZOBRIST.step[int(step_)] ^
         ZOBRIST.removed[WHITE][removed_[WHITE]] ^ ZOBRIST.removed[BLACK][removed_[BLACK]] ^
         ZOBRIST.variant[int(variant_)];
}

uint64_t Position::compute_key() const {
  Position copy = *this;
  copy.board_key_ = 0;
  for (Color c : {WHITE, BLACK}) {
    for (Point p : rings_[c]) copy.board_key_ ^= ZOBRIST.ring[c][p];
    for (Point p : markers_[c]) copy.board_key_ ^= ZOBRIST.marker[c][p];
  }
  return copy.key();
}

bool Position::can_move_ring(Color c) const {
  for (Point p : rings_[c])
    if (ring_move_count(*this, p)) return true;
  return false;
}

Result Position::result() const {
  if (step_ != Step::Over) return Result::None;
  const int need = rings_to_win(variant_);
  if (removed_[WHITE] >= need) return Result::WhiteWins;
  if (removed_[BLACK] >= need) return Result::BlackWins;
  if (removed_[WHITE] != removed_[BLACK])
    return removed_[WHITE] > removed_[BLACK] ? Result::WhiteWins : Result::BlackWins;
  return Result::Draw;
}

// The next player moves, unless the pool is empty (SPEC 3: all 51 markers on the board
// after a move and all removals), which ends the game.
void Position::enter_move_step(Color next, Color last) {
  if (markers_on_board() == TOTAL_MARKERS) {
    step_ = Step::Over;
    side_ = last;
  } else {
    step_ = Step::Move;
    side_ = next;
  }
}

// The mover has no row left: the opponent clears rows made for it, or moves.
void Position::finish_removals(Color mover) {
  if (has_row(~mover)) {
    side_ = ~mover;
    step_ = Step::EarlyRemoveRow;
  } else {
    enter_move_step(~mover, mover);
  }
}

void Position::do_move(Move m, StateInfo& st) {
  const Color us = side_;
  st.board_key = board_key_;
  st.step = step_;
  st.side = side_;
  st.flipped = Bitboard();

  switch (m.kind()) {
    case Move::Place:
      put_ring(us, m.from());
      if (rings().count() == 2 * RINGS_PER_SIDE)
        enter_move_step(~us, us);
      else
        side_ = ~us;
      break;

    case Move::Ring: {
      const Point from = m.from(), to = m.to();
      put_marker(us, from);
      rings_[us] ^= from | to;
      toggle_layout_ring(from);
      toggle_layout_ring(to);
      board_key_ ^= ZOBRIST.ring[us][from] ^ ZOBRIST.ring[us][to];
      const Bitboard flipped = between(from, to) & markers();
      markers_[WHITE] ^= flipped;
      markers_[BLACK] ^= flipped;
      for (Point p : flipped) board_key_ ^= ZOBRIST.flip[p];
      st.flipped = flipped;
      // No row stood before the move (is_ok() requires it of the move step), so a new row
      // holds a changed point: the opponent can have one only through a marker flipped to it.
      if (has_row(us))
        step_ = Step::RemoveRow;
      else if (flipped & markers_[~us])
        finish_removals(us);
      else
        enter_move_step(~us, us);
      break;
    }

    case Move::Row: {
      const Bitboard row = between(m.from(), m.to()) | (m.from() | m.to());
      markers_[us] ^= row;
      marker_count_ -= 5;
      toggle_layout_markers(row);
      for (Point p : row) board_key_ ^= ZOBRIST.marker[us][p];
      step_ = step_ == Step::RemoveRow ? Step::RemoveRing : Step::EarlyRemoveRing;
      break;
    }

    case Move::RemoveRing: {
      rings_[us] ^= Bitboard::of(m.from());
      toggle_layout_ring(m.from());
      board_key_ ^= ZOBRIST.ring[us][m.from()];
      ++removed_[us];
      const bool early = step_ == Step::EarlyRemoveRing;
      if (removed_[us] >= rings_to_win(variant_))
        step_ = Step::Over;
      else if (has_row(us))
        step_ = early ? Step::EarlyRemoveRow : Step::RemoveRow;
      else if (early)
        enter_move_step(us, us);
      else
        finish_removals(us);
      break;
    }

    case Move::Pass:
      // SPEC 3: if the opponent cannot move either, the game ends.
      if (can_move_ring(~us))
        side_ = ~us;
      else
        step_ = Step::Over;
      break;

    case Move::None:
      break;
  }
}

void Position::undo_move(Move m, const StateInfo& st) {
  const Color us = st.side;
  switch (m.kind()) {
    case Move::Place:
      rings_[us] ^= Bitboard::of(m.from());
      toggle_layout_ring(m.from());
      break;
    case Move::Ring:
      markers_[WHITE] ^= st.flipped;
      markers_[BLACK] ^= st.flipped;
      markers_[us] ^= Bitboard::of(m.from());
      --marker_count_;
      rings_[us] ^= m.from() | m.to();
      toggle_layout_marker(m.from());
      toggle_layout_ring(m.from());
      toggle_layout_ring(m.to());
      break;
    case Move::Row: {
      const Bitboard row = between(m.from(), m.to()) | (m.from() | m.to());
      markers_[us] |= row;
      marker_count_ += 5;
      toggle_layout_markers(row);
      break;
    }
    case Move::RemoveRing:
      rings_[us] |= Bitboard::of(m.from());
      toggle_layout_ring(m.from());
      --removed_[us];
      break;
    case Move::Pass:
    case Move::None:
      break;
  }
  board_key_ = st.board_key;
  step_ = st.step;
  side_ = st.side;
}

// Every statement below is a consequence of SPEC sections 2-3 for any position reachable
// from the start; a position text that breaks one is refused.
bool Position::is_ok(std::string* why) const {
  auto fail = [&](const char* msg) {
    if (why) *why = msg;
    return false;
  };
  const int need = rings_to_win(variant_);
  for (Color c : {WHITE, BLACK}) {
    if ((rings_[c] | markers_[c]) & ~BOARD) return fail("a piece lies off the board");
    if (rings_[c].count() + removed_[c] > RINGS_PER_SIDE)
      return fail("a side has more than 5 rings (on the board plus removed)");
    if (removed_[c] > need) return fail("a side has removed more rings than win the game");
  }
  if ((rings_[WHITE] & rings_[BLACK]) || (markers_[WHITE] & markers_[BLACK]) ||
      (rings() & markers()))
    return fail("two pieces share a point");
  if (marker_count_ != markers().count()) return fail("the marker count is stale");
  if (markers_on_board() > TOTAL_MARKERS) return fail("more than 51 markers on the board");
  if (compute_key() != key()) return fail("the incremental hash key is stale");
  for (int o = 1; o < NUM_ORIENTATIONS; ++o)
    if (layout_rings(o) != to_layout(rings(), o) || layout_markers(o) != to_layout(markers(), o))
      return fail("the line layouts are stale");
  if (removed_[WHITE] >= need && removed_[BLACK] >= need)
    return fail("both sides have removed enough rings to win");

  const int white = rings_[WHITE].count(), black = rings_[BLACK].count();
  if (step_ == Step::Place) {
    if (markers() || removed_[WHITE] || removed_[BLACK])
      return fail("step place, but markers are on the board or rings were removed");
    if (white + black >= 2 * RINGS_PER_SIDE) return fail("step place, but all rings are placed");
    if (white != black + (side_ == BLACK))
      return fail("step place, but the ring counts do not fit the side to place");
    return true;
  }
  for (Color c : {WHITE, BLACK})
    if (rings_[c].count() + removed_[c] != RINGS_PER_SIDE)
      return fail("after placement each side has 5 rings on the board plus removed");
  const Color us = side_;
  const bool won = removed_[WHITE] >= need || removed_[BLACK] >= need;
  if (step_ != Step::Over && won) return fail("a side has won, but the step is not over");
  switch (step_) {
    case Step::Move:
      if (has_row(WHITE) || has_row(BLACK)) return fail("step move, but a row is on the board");
      if (markers_on_board() == TOTAL_MARKERS) return fail("step move, but the pool is empty");
      break;
    case Step::RemoveRow:
      if (!has_row(us)) return fail("step remove-row, but the side has no row");
      break;
    case Step::RemoveRing:
      break;
    case Step::EarlyRemoveRow:
      if (!has_row(us)) return fail("step early-remove-row, but the side has no row");
      [[fallthrough]];
    case Step::EarlyRemoveRing:
      if (has_row(~us)) return fail("step early-remove, but the opponent still has a row");
      break;
    case Step::Over:
      if (!won && (has_row(WHITE) || has_row(BLACK)))
        return fail("step over without a winner, but a row is still on the board");
      if (won) {
        if (removed_[us] < need) return fail("game over: the winner made the last decision");
      } else if (markers_on_board() != TOTAL_MARKERS && (can_move_ring(WHITE) || can_move_ring(BLACK))) {
        return fail("step over, but nobody has won, the pool is not empty and a ring can move");
      }
      break;
    case Step::Place:
      break;
  }
  return true;
}

bool Position::operator==(const Position& o) const {
  return rings_ == o.rings_ && markers_ == o.markers_ && side_ == o.side_ &&
         step_ == o.step_ && variant_ == o.variant_ && removed_ == o.removed_;
}

}  // namespace yinsh
