// Position: the board, the side to decide, the step of the turn and the rings removed.
// do_move/undo_move play one decision (one ply) and take it back exactly, keeping an
// incremental Zobrist key. Legality is movegen.h's business: do_move trusts its move.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "bitboard.h"
#include "geometry.h"
#include "lines.h"
#include "types.h"

namespace yinsh {

// What undo_move needs that the move itself does not say.
struct StateInfo {
  Bitboard flipped;  // markers a ring move turned over
  uint64_t board_key;
  Step step;
  Color side;
};

class Position {
 public:
  // The empty board, White to place.
  static Position start(Variant v = Variant::Normal);

  // --- what is on the board
  Bitboard rings(Color c) const { return rings_[c]; }
  Bitboard markers(Color c) const { return markers_[c]; }
  Bitboard rings() const { return rings_[WHITE] | rings_[BLACK]; }
  Bitboard markers() const { return markers_[WHITE] | markers_[BLACK]; }
  Bitboard occupied() const { return rings() | markers(); }
  Bitboard empty_points() const { return BOARD & ~occupied(); }
  int markers_on_board() const { return marker_count_; }  // kept in step: no popcount
  int markers_in_pool() const { return TOTAL_MARKERS - markers_on_board(); }
  // 'W', 'B', 'w', 'b' or '.'
  char piece_char(Point p) const;

  // --- state of the game
  Color side_to_move() const { return side_; }
  Step step() const { return step_; }
  Variant variant() const { return variant_; }
  int removed(Color c) const { return removed_[c]; }
  bool is_over() const { return step_ == Step::Over; }
  Result result() const;  // Result::None while the game goes on
  bool has_row(Color c) const { return has_five(markers_[c]); }
  // True when `c` has a ring that can move (ignores whose turn it is).
  bool can_move_ring(Color c) const;

  // Zobrist key of everything above (board, side, step, removed counts, variant).
  uint64_t key() const;
  uint64_t compute_key() const;  // from scratch, for checks

  // --- playing decisions; `m` must be legal here (see movegen.h)
  void do_move(Move m, StateInfo& st);
  void undo_move(Move m, const StateInfo& st);

  // Everything the rules require of a reachable position; on failure `why` says what.
  bool is_ok(std::string* why = nullptr) const;

  // Building a position piece by piece (the position-text parser uses these; the result
  // must be checked with is_ok()).
  void clear(Variant v);
  void put_ring(Color c, Point p);
  void put_marker(Color c, Point p);
  void set_state(Color side, Step step, int removed_white, int removed_black);

  bool operator==(const Position& o) const;

  // Rings / markers of both colours in line layout o (lines.h): 0 is the grid layout.
  Bitboard layout_rings(int o) const { return o ? lay_rings_[o - 1] : rings(); }
  Bitboard layout_markers(int o) const { return o ? lay_markers_[o - 1] : markers(); }

 private:
  void finish_removals(Color mover);
  void toggle_layout_ring(Point p) {
    lay_rings_[0] ^= Bitboard::of(Point(LINES.bit[1][p]));
    lay_rings_[1] ^= Bitboard::of(Point(LINES.bit[2][p]));
  }
  void toggle_layout_marker(Point p) {
    lay_markers_[0] ^= Bitboard::of(Point(LINES.bit[1][p]));
    lay_markers_[1] ^= Bitboard::of(Point(LINES.bit[2][p]));
  }
  void toggle_layout_markers(Bitboard b) {
    lay_markers_[0] ^= to_layout(b, 1);
    lay_markers_[1] ^= to_layout(b, 2);
  }
  void enter_move_step(Color next, Color last);

  std::array<Bitboard, 2> rings_{}, markers_{};
  uint64_t board_key_ = 0;  // pieces only; key() adds the rest
  Color side_ = WHITE;
  Step step_ = Step::Place;
  Variant variant_ = Variant::Normal;
  std::array<uint8_t, 2> removed_{};
  uint8_t marker_count_ = 0;  // markers().count(), kept by put_marker and do/undo_move
  // Both colours' rings and markers in line layouts 1 and 2 (derived, kept in step).
  std::array<Bitboard, 2> lay_rings_{}, lay_markers_{};
};

}  // namespace yinsh
