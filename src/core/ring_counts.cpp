#include "ring_counts.h"

#include <bit>

#include "cpu_dispatch.h"
#include "ring_lanes.h"

// The vector paths are compiled for x86-64 with function target attributes, whatever the
// build's -march, and chosen at run time (so the package, built for any x86-64, gets them
// too). WebAssembly and other targets have only the scalar path.
#if YINSH_X86_DISPATCH
#include <immintrin.h>
#define YINSH_RING_LANES 1
#define YINSH_TARGET_BMI2 __attribute__((target("bmi2,popcnt")))
#endif

namespace yinsh {

namespace {

int ring_points(const Position& pos, Color c, Point* from) {
  int n = 0;
  pos.rings(c).for_each([&](Point p) { from[n++] = p; });
  return n;
}

// Draws the k-th of all ring moves (k uniform below their total, as generate() orders them)
// from the rings' destination counts: sets `ring` and `k` within it; false when no ring can
// move (the decision is a pass). Shared by all paths, so they draw alike.
inline bool draw_ring_move(const int* count, int n, Rng& rng, int& ring, int& k) {
  int total = 0;
  for (int i = 0; i < n; ++i) total += count[i];
  if (total == 0) return false;
  k = int(rng.below(uint32_t(total)));
  ring = 0;
  while (k >= count[ring]) k -= count[ring++];
  return true;
}

int counts_scalar(const Position& pos, Color c, Point* from, int* count) {
  const int n = ring_points(pos, c, from);
  for (int i = 0; i < n; ++i) count[i] = ring_move_count(pos, from[i]);
  return n;
}

Move random_scalar(const Position& pos, Rng& rng) {
  int count[RINGS_PER_SIDE];
  Point from[RINGS_PER_SIDE];
  const int n = counts_scalar(pos, pos.side_to_move(), from, count);
  int r, k;
  if (!draw_ring_move(count, n, rng, r, k)) return Move::pass();
  return Move::ring(from[r], ring_destinations(from[r], pos.rings(), pos.markers()).nth(k));
}

// The paths this CPU runs, and the one used.
struct CpuPaths {
  uint8_t supported;  // bit i: RingLanes(i) runs here
  RingLanes best;
};

#if YINSH_RING_LANES

using LanesFn = void (*)(const Position&, const Point*, int, int32_t*, uint32_t*);

// The point at each coordinate of each line (orientation, slot); NO_POINT off the board.
struct LinePoints {
  uint8_t at[NUM_ORIENTATIONS][GRID][GRID]{};
  // For nth_destination_pdep: the line's points as a grid set, and its first coordinate.
  uint64_t lo[NUM_ORIENTATIONS][GRID]{}, hi[NUM_ORIENTATIONS][GRID]{};
  uint8_t first[NUM_ORIENTATIONS][GRID]{};
};
constexpr LinePoints build_line_points() {
  LinePoints t;
  for (auto& o : t.at)
    for (auto& s : o)
      for (auto& x : s) x = NO_POINT;
  for (auto& f : t.first)
    for (auto& x : f) x = GRID;
  for (int p = 0; p < GRID_CELLS; ++p) {
    if (!on_board(Point(p))) continue;
    for (int o = 0; o < NUM_ORIENTATIONS; ++o) {
      const int slot = LINES.base[o][p] / GRID, c = LINES.coord[o][p];
      t.at[o][slot][c] = uint8_t(p);
      (p < 64 ? t.lo[o][slot] : t.hi[o][slot]) |= uint64_t(1) << (p % 64);
      if (c < t.first[o][slot]) t.first[o][slot] = uint8_t(c);
    }
  }
  return t;
}
constexpr LinePoints LINE_POINTS = build_line_points();

// The k-th destination, in grid order, of the ring on p whose three lines' destinations are
// masks[0..2] in the shifted form (coordinate c at bit c + 1): the lines' points one at a time.
Point nth_destination(Point p, const uint32_t* masks, int k) {
  Bitboard dest;
  for (int o = 0; o < NUM_ORIENTATIONS; ++o) {
    const int slot = LINES.base[o][p] / GRID;
    for (uint32_t m = masks[o] >> 1; m; m &= m - 1)
      dest |= Bitboard::of(Point(LINE_POINTS.at[o][slot][std::countr_zero(m)]));
  }
  return dest.nth(k);
}

// The same with parallel bit deposits: every line is a contiguous run of coordinates, and its
// points increase with the coordinate in all three layouts, so pdep spreads a line's mask onto
// its points; a last pdep selects the k-th. Fast where pdep is (Intel since Haswell, AMD since
// Zen 3; Zen 1 and 2 run it in microcode, hundreds of cycles).
YINSH_TARGET_BMI2 Point nth_destination_pdep(Point p, const uint32_t* masks, int k) {
  uint64_t lo = 0, hi = 0;
  for (int o = 0; o < NUM_ORIENTATIONS; ++o) {
    const int slot = LINES.base[o][p] / GRID;
    const uint64_t bits = masks[o] >> (LINE_POINTS.first[o][slot] + 1), line_lo = LINE_POINTS.lo[o][slot];
    lo |= _pdep_u64(bits, line_lo);
    hi |= _pdep_u64(bits >> std::popcount(line_lo), LINE_POINTS.hi[o][slot]);
  }
  const int low = std::popcount(lo);
  return k < low ? Point(std::countr_zero(_pdep_u64(uint64_t(1) << k, lo)))
                 : Point(64 + std::countr_zero(_pdep_u64(uint64_t(1) << (k - low), hi)));
}

// Ring r's count: the sum of its three lines' lanes 4r + o.
void sum_lanes(const int32_t* lanes, int n, int* count) {
  for (int r = 0; r < n; ++r) count[r] = lanes[4 * r] + lanes[4 * r + 1] + lanes[4 * r + 2];
}

template <LanesFn lanes_fn>
int counts_lanes(const Position& pos, Color c, Point* from, int* count) {
  const int n = ring_points(pos, c, from);
  alignas(64) int32_t lanes[lanes::MAX_LANES];
  lanes_fn(pos, from, n, lanes, nullptr);
  sum_lanes(lanes, n, count);
  return n;
}

// The chosen ring's destinations come from its lanes' masks instead of six ray scans.
using NthFn = Point (*)(Point, const uint32_t*, int);
template <LanesFn lanes_fn, NthFn nth_fn>
Move random_lanes(const Position& pos, Rng& rng) {
  Point from[RINGS_PER_SIDE]{};  // (g++ cannot see that ring_points fills n of them)
  const int n = ring_points(pos, pos.side_to_move(), from);
  alignas(64) int32_t lanes[lanes::MAX_LANES];
  alignas(64) uint32_t masks[lanes::MAX_LANES];
  lanes_fn(pos, from, n, lanes, masks);
  int count[RINGS_PER_SIDE];
  sum_lanes(lanes, n, count);
  int r, k;
  if (!draw_ring_move(count, n, rng, r, k)) return Move::pass();
  return Move::ring(from[r], nth_fn(from[r], masks + 4 * r, k));
}

// Read once at start-up. Before that (static initialisation of another file) it reads zeros,
// the scalar path, which gives the same numbers.
CpuPaths detect() {
  __builtin_cpu_init();
  const bool avx2 = __builtin_cpu_supports("avx2"), bmi2 = __builtin_cpu_supports("bmi2");
  const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
                      __builtin_cpu_supports("avx512bw") && bmi2;
  const bool slow_pdep = __builtin_cpu_is("znver1") || __builtin_cpu_is("znver2");
  CpuPaths c{uint8_t(1u << int(RingLanes::Scalar)), RingLanes::Scalar};
  const auto add = [&](bool ok, RingLanes path, bool best) {
    if (!ok) return;
    c.supported |= uint8_t(1u << int(path));
    if (best) c.best = path;
  };
  add(avx2, RingLanes::Avx2, true);
  add(avx2 && bmi2, RingLanes::Avx2Bmi2, !slow_pdep);
  add(avx512, RingLanes::Avx512, true);
  return c;
}
const CpuPaths CPU = detect();

#else

const CpuPaths CPU{1, RingLanes::Scalar};

#endif  // YINSH_RING_LANES

int counts_on(RingLanes path, const Position& pos, Color c, Point* from, int* count) {
  switch (path) {
#if YINSH_RING_LANES
    case RingLanes::Avx512: return counts_lanes<lanes::ring_lanes_avx512>(pos, c, from, count);
    case RingLanes::Avx2:
    case RingLanes::Avx2Bmi2: return counts_lanes<lanes::ring_lanes_avx2>(pos, c, from, count);
#endif
    default: return counts_scalar(pos, c, from, count);
  }
}

Move random_on(RingLanes path, const Position& pos, Rng& rng) {
  switch (path) {
#if YINSH_RING_LANES
    case RingLanes::Avx512: return random_lanes<lanes::ring_lanes_avx512, nth_destination_pdep>(pos, rng);
    case RingLanes::Avx2: return random_lanes<lanes::ring_lanes_avx2, nth_destination>(pos, rng);
    case RingLanes::Avx2Bmi2: return random_lanes<lanes::ring_lanes_avx2, nth_destination_pdep>(pos, rng);
#endif
    default: return random_scalar(pos, rng);
  }
}

}  // namespace

bool ring_lanes_supported(RingLanes path) {
  return path == RingLanes::Scalar || (CPU.supported >> int(path) & 1);
}

RingLanes ring_lanes_path() { return CPU.best; }

// A path the CPU lacks would stop the program (an illegal instruction): the scalar one runs.
int ring_move_counts_on(RingLanes path, const Position& pos, Color c, Point* from, int* count) {
  return counts_on(ring_lanes_supported(path) ? path : RingLanes::Scalar, pos, c, from, count);
}

Move random_ring_move_on(RingLanes path, const Position& pos, Rng& rng) {
  return random_on(ring_lanes_supported(path) ? path : RingLanes::Scalar, pos, rng);
}

int ring_move_counts(const Position& pos, Color c, Point* from, int* count) {
  return counts_on(CPU.best, pos, c, from, count);
}

Move random_ring_move(const Position& pos, Rng& rng) { return random_on(CPU.best, pos, rng); }

const char* to_string(RingLanes path) {
  switch (path) {
    case RingLanes::Avx512: return "avx512";
    case RingLanes::Avx2: return "avx2";
    case RingLanes::Avx2Bmi2: return "avx2-bmi2";
    case RingLanes::Scalar: break;
  }
  return "scalar";
}

}  // namespace yinsh
