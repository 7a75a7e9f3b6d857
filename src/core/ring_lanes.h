// Inside the core: the vector paths of ring_counts.cpp. A 32-bit lane holds one line
// (lines.h) of one ring and runs line_moves() on its 11 bits: fifteen lanes of one AVX-512
// register for five rings (lane 3r + o), or three AVX2 registers of two rings (lane 4r + o).
// Both compile the one lane-wise body of line_moves() in line_moves_lanes.h.
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

// For the n rings on from[0..n) (n <= 5), lane S * r + o (r < n), S = 3 for AVX-512 and 4 for
// AVX2: counts, the number of destinations of ring r along orientation o; masks (when not
// null), those destinations as line bits in the shifted form (coordinate c at bit c + 1).
// Other lanes hold values nobody reads. Both arrays hold MAX_LANES entries, 64-byte aligned.
// Call only when the CPU has the instructions (ring_counts.cpp checks at start-up).
inline constexpr int MAX_LANES = 24;
void ring_lanes_avx512(const Position& pos, const Point* from, int n, int32_t* counts, uint32_t* masks);
void ring_lanes_avx2(const Position& pos, const Point* from, int n, int32_t* counts, uint32_t* masks);

}  // namespace yinsh::lanes
