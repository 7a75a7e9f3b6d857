// Tiny value types of the rules core: colours, points, directions, steps and decisions.
// Standard library only.
#pragma once

#include <cstdint>

namespace yinsh {

// ---------------------------------------------------------------------------------------
// Colour. White moves first.
enum Color : uint8_t { WHITE = 0, BLACK = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// ---------------------------------------------------------------------------------------
// Point: an index into an 11 x 11 grid, `col * 11 + row`, col 0..10 = a..k, row 0..10 = 1..11.
// Only 85 of the 121 grid cells are on the board (see geometry.h). The grid layout lets a
// 128-bit bitboard step along a line by a shift: +1 along a column, +11 along a row, +12 along
// the diagonal, with no wrap-around between valid points (proved in geometry.h).
enum Point : uint8_t { NO_POINT = 127 };

constexpr int GRID = 11;
constexpr int GRID_CELLS = GRID * GRID;  // 121
constexpr int NUM_POINTS = 85;

constexpr Point make_point(int col, int row) { return Point(col * GRID + row); }
constexpr int col_of(Point p) { return p / GRID; }
constexpr int row_of(Point p) { return p % GRID; }

// ---------------------------------------------------------------------------------------
// The six directions, in pairs: an even direction and its opposite (d ^ 1).
// N: same letter, number up; E: same number, letter up; NE: both up (the only diagonal).
enum Direction : uint8_t { N = 0, S = 1, E = 2, W = 3, NE = 4, SW = 5 };
constexpr int NUM_DIRECTIONS = 6;
constexpr int DIR_DCOL[NUM_DIRECTIONS] = {0, 0, 1, -1, 1, -1};
constexpr int DIR_DROW[NUM_DIRECTIONS] = {1, -1, 0, 0, 1, -1};
constexpr int DIR_SHIFT[NUM_DIRECTIONS] = {1, -1, GRID, -GRID, GRID + 1, -(GRID + 1)};
constexpr Direction opposite(Direction d) { return Direction(d ^ 1); }
constexpr bool is_positive(Direction d) { return (d & 1) == 0; }

// ---------------------------------------------------------------------------------------
// Where the game stands: whose decision is next is Position::side_to_move().
enum class Step : uint8_t {
  Place,            // put a ring on an empty point
  Move,             // move a ring (or pass when no ring can move)
  RemoveRow,        // the side just moved and removes one of its own rows
  RemoveRing,       // ... then one of its rings
  EarlyRemoveRow,   // the side removes a row the opponent made for it, before it moves
  EarlyRemoveRing,  // ... then one of its rings
  Over,
};
constexpr int NUM_STEPS = 7;

enum class Variant : uint8_t { Normal, Blitz };

enum class Result : uint8_t { None, WhiteWins, BlackWins, Draw };

constexpr int RINGS_PER_SIDE = 5;
constexpr int TOTAL_MARKERS = 51;
constexpr int rings_to_win(Variant v) { return v == Variant::Blitz ? 1 : 3; }

// ---------------------------------------------------------------------------------------
// Move: one decision (one ply), 32 bits.
//   bits  0-6   from: placement point, ring origin, first end of a row, ring removed
//   bits  8-14  to:   ring destination, last end of a row (equal to `from` otherwise)
//   bits 16-18  kind
// A row is written by its two end markers, lower letter first, then lower number first;
// for the grid numbering that is simply the lower point index first.
class Move {
 public:
  enum Kind : uint8_t { None = 0, Place = 1, Ring = 2, Row = 3, RemoveRing = 4, Pass = 5 };

  constexpr Move() = default;
  static constexpr Move none() { return Move(); }
  static constexpr Move place(Point p) { return Move(Place, p, p); }
  static constexpr Move ring(Point from, Point to) { return Move(Ring, from, to); }
  static constexpr Move row(Point a, Point b) { return a < b ? Move(Row, a, b) : Move(Row, b, a); }
  static constexpr Move remove_ring(Point p) { return Move(RemoveRing, p, p); }
  static constexpr Move pass() { return Move(Pass, NO_POINT, NO_POINT); }

  constexpr Kind kind() const { return Kind((data_ >> 16) & 7); }
  constexpr Point from() const { return Point(data_ & 0x7f); }
  constexpr Point to() const { return Point((data_ >> 8) & 0x7f); }
  constexpr uint32_t raw() const { return data_; }
  constexpr bool is_none() const { return data_ == 0; }
  constexpr bool is_removal() const { return kind() == Row || kind() == RemoveRing; }

  constexpr bool operator==(const Move&) const = default;

 private:
  constexpr Move(Kind k, Point from, Point to)
      : data_(uint32_t(from) | uint32_t(to) << 8 | uint32_t(k) << 16) {}
  uint32_t data_ = 0;
};

}  // namespace yinsh
