// Inside the core: the vector paths of ring_counts.cpp. A 32-bit lane holds one line
// (lines.h) of one ring and runs line_moves() on its 11 bits, lane 4r + o for ring r and
// orientation o: two AVX-512 registers of four rings, or three AVX2 registers of two rings.
// Both compile the one lane-wise body of line_moves() in line_moves_lanes.h and pick each
// line's bytes with the same shuffle tables.
#pragma once

#include <cstdint>

#include "lines.h"
#include "position.h"

namespace yinsh::lanes {

// The walls of each point's lines (lines.h) at index 4 * cell + orientation, so that one
// 16-byte load gives a ring's three lines (the fourth slot, and cells off the board, hold 0).
struct LaneWalls {
  uint32_t walls[GRID_CELLS * 4]{};
};
constexpr LaneWalls build_lane_walls() {
  LaneWalls t;
  for (int p = 0; p < GRID_CELLS; ++p)
    if (on_board(Point(p)))
      for (int o = 0; o < NUM_ORIENTATIONS; ++o) t.walls[4 * p + o] = LINES.walls[o][p];
  return t;
}
inline constexpr LaneWalls WALLS = build_lane_walls();

// For the byte shuffles of both widths, per grid cell and orientation (index 4 * cell +
// orientation, as WALLS): `shuffle`, the byte indices (for vpshufb) of the four bytes from the
// one holding the line's first bit in its 16-byte layout (0x80, a zero byte, past the end);
// `info`, that bit within the byte in bits 0-2 and the shifted coordinate in bits 16-23.
struct ShuffleTables {
  uint32_t shuffle[GRID_CELLS * 4]{};
  uint32_t info[GRID_CELLS * 4]{};
};
constexpr ShuffleTables build_shuffle_tables() {
  ShuffleTables t;
  for (int p = 0; p < GRID_CELLS; ++p) {
    if (!on_board(Point(p))) continue;
    for (int o = 0; o < NUM_ORIENTATIONS; ++o) {
      const int base = LINES.base[o][p];
      for (int j = 0; j < 4; ++j) {
        const int b = base / 8 + j;
        t.shuffle[4 * p + o] |= uint32_t(b < 16 ? b : 0x80) << (8 * j);
      }
      t.info[4 * p + o] = uint32_t(base % 8) | uint32_t(LINES.coord[o][p] + 1) << 16;
    }
  }
  return t;
}
inline constexpr ShuffleTables SHUFFLES = build_shuffle_tables();

// For the n rings on from[0..n) (n <= 5), lane 4r + o (r < n): counts, the number of
// destinations of ring r along orientation o; masks (when not null), those destinations as
// line bits in the shifted form (coordinate c at bit c + 1).
// Other lanes hold values nobody reads. Both arrays hold MAX_LANES entries, 64-byte aligned.
// Call only when the CPU has the instructions (ring_counts.cpp checks at start-up).
inline constexpr int MAX_LANES = 32;
void ring_lanes_avx512(const Position& pos, const Point* from, int n, int32_t* counts, uint32_t* masks);
void ring_lanes_avx2(const Position& pos, const Point* from, int n, int32_t* counts, uint32_t* masks);

}  // namespace yinsh::lanes
