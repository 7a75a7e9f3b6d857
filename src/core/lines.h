// The board's 33 lines as small integers: the fast way to count ring moves.
//
// Each point lies on three lines (orientations): 0 a column (directions N/S), 1 a row of equal
// numbers (E/W), 2 a diagonal (NE/SW). A layout numbers the 121 grid cells so that every line
// of an orientation occupies 11 consecutive bits, `slot * 11 + coordinate`:
//   orientation 0: slot = column, coordinate = row   (the grid numbering itself, types.h)
//   orientation 1: slot = row,    coordinate = column
//   orientation 2: slot = column - row + 5, coordinate = column
// Position keeps the rings and markers of both colours in layouts 1 and 2 as well (layout 0 is
// its own bitboards), so the pieces on any line are one shift and mask away, and the moves of
// a ring along a line are a few operations on a 32-bit word (ring_move_count below).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "bitboard.h"
#include "geometry.h"

namespace yinsh {

inline constexpr int NUM_ORIENTATIONS = 3;

struct LineGeometry {
  // Bit of each grid cell in each layout (cells off the board keep an unused bit: 121..127).
  std::array<std::array<uint8_t, GRID_CELLS>, NUM_ORIENTATIONS> bit{};
  // For a board point: first bit of its line in the layout, and its coordinate on the line.
  std::array<std::array<uint8_t, GRID_CELLS>, NUM_ORIENTATIONS> base{}, coord{};
  // Walls of its line in the shifted form used below (coordinate c is bit c + 1): bit 0, the
  // bits of coordinates off the board, and every bit above the line.
  std::array<std::array<uint32_t, GRID_CELLS>, NUM_ORIENTATIONS> walls{};
};

constexpr LineGeometry build_line_geometry() {
  LineGeometry g;
  for (int p = 0; p < GRID_CELLS; ++p) {
    const int c = col_of(Point(p)), r = row_of(Point(p));
    const int slot[NUM_ORIENTATIONS] = {c, r, c - r + 5};
    const int coord[NUM_ORIENTATIONS] = {r, c, c};
    for (int o = 0; o < NUM_ORIENTATIONS; ++o) {
      const bool on = on_board(Point(p));
      g.bit[o][p] = uint8_t(on ? slot[o] * GRID + coord[o] : p);
      if (!on) continue;
      g.base[o][p] = uint8_t(slot[o] * GRID);
      g.coord[o][p] = uint8_t(coord[o]);
      uint32_t walls = ~((uint32_t(1) << (GRID + 1)) - 1) | 1;
      // Walk the line both ways from p; coordinates not reached are walls.
      for (int k = 0; k < GRID; ++k) walls |= uint32_t(1) << (k + 1);
      walls &= ~(uint32_t(1) << (coord[o] + 1));
      const Direction dirs[NUM_ORIENTATIONS][2] = {{N, S}, {E, W}, {NE, SW}};
      for (Direction d : dirs[o])
        for (Point q = neighbour(Point(p), d); q != NO_POINT; q = neighbour(q, d))
          walls &= ~(uint32_t(1) << ((o == 0 ? row_of(q) : col_of(q)) + 1));
      g.walls[o][p] = walls;
    }
  }
  return g;
}

inline constexpr LineGeometry LINES = build_line_geometry();

// A bitboard moved into layout o (o = 1, 2), point by point (setup and rare updates only).
constexpr Bitboard to_layout(Bitboard b, int o) {
  Bitboard out;
  for (Point p : b) out |= Bitboard::of(Point(LINES.bit[o][p]));
  return out;
}

// Ring moves along one line from coordinate bit i (shifted form), given the line's pieces
// `occ` (with walls) and markers `mk` (shifted form): empty points up to the first piece, plus
// the point after an unbroken group of markers when it is empty (SPEC 2).
[[gnu::always_inline]] inline int line_moves(uint32_t occ, uint32_t mk, int i) {
  // Upwards (N, E, NE): the walls above the line guarantee a set bit.
  const int up_free = std::countr_zero(occ >> (i + 1));
  const int ub = i + 1 + up_free;
  const int ul = ub + std::countr_zero(~(mk >> ub));  // ub itself when it is not a marker
  const int up = up_free + int(((mk >> ub) & 1) & ~(occ >> ul) & 1);
  // Downwards (S, W, SW): bit 0 is a wall, never a marker.
  const uint32_t below = occ & ((uint32_t(1) << i) - 1);
  const int db = 31 - std::countl_zero(below);
  const int down_free = i - 1 - db;
  const uint32_t not_mk = ~mk & ((uint32_t(1) << db) - 1);
  const int dl = not_mk ? 31 - std::countl_zero(not_mk) : 0;
  const int down = down_free + int(((mk >> db) & 1) & ~(occ >> dl) & 1);
  return up + down;
}

}  // namespace yinsh
