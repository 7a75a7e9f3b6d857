#include "ring_counts.h"

#include <bit>
#include <cstring>

// The vector path is compiled for x86-64 with function target attributes, whatever the build's
// -march, and chosen at run time when the CPU has AVX-512 F and CD and BMI2 (so the package,
// built for any x86-64, gets it too). WebAssembly and other targets have only the scalar path.
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__EMSCRIPTEN__) && \
    (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define YINSH_RING_COUNTS_AVX512 1
#define YINSH_TARGET_AVX512 __attribute__((target("avx512f,avx512cd,bmi2")))
// g++ 12 warns inside its own AVX-512 headers (_mm512_undefined_epi32 used as a mask source).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
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
// move (the decision is a pass). Shared by both paths, so they draw alike.
inline bool draw_ring_move(const int* count, int n, Rng& rng, int& ring, int& k) {
  int total = 0;
  for (int i = 0; i < n; ++i) total += count[i];
  if (total == 0) return false;
  k = int(rng.below(uint32_t(total)));
  ring = 0;
  while (k >= count[ring]) k -= count[ring++];
  return true;
}

}  // namespace

int ring_move_counts_scalar(const Position& pos, Color c, Point* from, int* count) {
  const int n = ring_points(pos, c, from);
  for (int i = 0; i < n; ++i) count[i] = ring_move_count(pos, from[i]);
  return n;
}

#if YINSH_RING_COUNTS_AVX512

namespace {

// Per grid cell and orientation (index 4 * cell + orientation; cells off the board and the
// unused fourth slot hold zeros, which read inside the buffer and are never used):
// bits 0-7 the byte of the line's first bit in the layout buffer below, bits 8-10 its bit
// within that byte, bits 16-23 the shifted coordinate (coordinate + 1, as line_moves's i).
struct LaneTables {
  uint32_t info[GRID_CELLS * 4]{};
  uint32_t walls[GRID_CELLS * 4]{};
};
constexpr LaneTables build_lane_tables() {
  LaneTables t;
  for (int p = 0; p < GRID_CELLS; ++p) {
    if (!on_board(Point(p))) continue;
    for (int o = 0; o < NUM_ORIENTATIONS; ++o) {
      const int base = LINES.base[o][p];
      t.info[4 * p + o] = uint32_t(o * 16 + base / 8) | uint32_t(base % 8) << 8 |
                          uint32_t(LINES.coord[o][p] + 1) << 16;
      t.walls[4 * p + o] = LINES.walls[o][p];
    }
  }
  return t;
}
constexpr LaneTables LANES = build_lane_tables();

// The board points of each line (orientation, slot) as a grid set, and the line's first
// coordinate on the board: pdep of a line's coordinate bits into the set gives the points, in
// the same increasing order (every line is a contiguous run of coordinates, and its points
// increase with the coordinate in all three layouts).
struct LinePoints {
  uint64_t lo[NUM_ORIENTATIONS][GRID]{}, hi[NUM_ORIENTATIONS][GRID]{};
  uint8_t first[NUM_ORIENTATIONS][GRID]{};
};
constexpr LinePoints build_line_points() {
  LinePoints t;
  for (auto& f : t.first)
    for (auto& x : f) x = GRID;
  for (int p = 0; p < GRID_CELLS; ++p) {
    if (!on_board(Point(p))) continue;
    for (int o = 0; o < NUM_ORIENTATIONS; ++o) {
      const int slot = LINES.base[o][p] / GRID, c = LINES.coord[o][p];
      (p < 64 ? t.lo[o][slot] : t.hi[o][slot]) |= uint64_t(1) << (p % 64);
      if (c < t.first[o][slot]) t.first[o][slot] = uint8_t(c);
    }
  }
  return t;
}
constexpr LinePoints LINE_POINTS = build_line_points();

// Grid points of a line's destinations given in the shifted form (coordinate c is bit c + 1).
YINSH_TARGET_AVX512 inline Bitboard line_points(int o, int slot, uint32_t shifted) {
  const uint64_t bits = shifted >> (LINE_POINTS.first[o][slot] + 1), lo = LINE_POINTS.lo[o][slot];
  return Bitboard(_pdep_u64(bits, lo), _pdep_u64(bits >> std::popcount(lo), LINE_POINTS.hi[o][slot]));
}

// The layout buffer: pieces (rings or markers) of layouts 0..2 at bytes 0, 16, 32, markers at
// 48, 64, 80; a 32-bit read at any `info` byte (at most 45, plus 48) stays inside 128 bytes.
constexpr int MARKER_BYTES = 48;

YINSH_TARGET_AVX512 inline __m512i tz(__m512i x) {  // trailing zeros of non-zero lanes
  const __m512i low = _mm512_and_si512(x, _mm512_sub_epi32(_mm512_setzero_si512(), x));
  return _mm512_sub_epi32(_mm512_set1_epi32(31), _mm512_lzcnt_epi32(low));
}
YINSH_TARGET_AVX512 inline __m512i top(__m512i x) {  // index of the highest set bit; -1 for zero lanes
  return _mm512_sub_epi32(_mm512_set1_epi32(31), _mm512_lzcnt_epi32(x));
}

// The 11 bits of each lane's line read from the layout buffer at byte `at`, bit `shift`, in the
// shifted form (coordinate c at bit c + 1).
YINSH_TARGET_AVX512 inline __m512i line_bits(const uint8_t* buf, __m512i at, __m512i shift) {
  const __m512i w = _mm512_i32gather_epi32(at, buf, 1);
  return _mm512_slli_epi32(_mm512_and_si512(_mm512_srlv_epi32(w, shift), _mm512_set1_epi32(0x7ff)), 1);
}

// Lane 3r + o: the number of destinations of ring r along orientation o, and (when `masks`
// is given) those destinations as line bits in the shifted form.
YINSH_TARGET_AVX512 void ring_lanes(const Position& pos, const Point* from, int n, int32_t* counts, uint32_t* masks) {
  alignas(64) uint8_t buf[128];
  for (int o = 0; o < NUM_ORIENTATIONS; ++o) {
    const Bitboard::u128 mk = pos.layout_markers(o).raw(), occ = pos.layout_rings(o).raw() | mk;
    std::memcpy(buf + 16 * o, &occ, 16);
    std::memcpy(buf + MARKER_BYTES + 16 * o, &mk, 16);
  }
  std::memset(buf + 96, 0, 32);

  // Lane 3r + o: ring r along orientation o (lane 15 and the lanes of missing rings: cell 0).
  alignas(32) int32_t pts[8] = {};
  for (int i = 0; i < n; ++i) pts[i] = from[i];
  const __m512i ring_of_lane = _mm512_setr_epi32(0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5);
  const __m512i orient = _mm512_setr_epi32(0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0);
  const __m512i p = _mm512_permutexvar_epi32(ring_of_lane, _mm512_castsi256_si512(_mm256_load_si256(
                                                               reinterpret_cast<const __m256i*>(pts))));
  const __m512i idx = _mm512_add_epi32(_mm512_slli_epi32(p, 2), orient);
  const __m512i info = _mm512_i32gather_epi32(idx, LANES.info, 4);
  const __m512i walls = _mm512_i32gather_epi32(idx, LANES.walls, 4);

  const __m512i byte = _mm512_and_si512(info, _mm512_set1_epi32(0xff));
  const __m512i shift = _mm512_and_si512(_mm512_srli_epi32(info, 8), _mm512_set1_epi32(7));
  const __m512i i = _mm512_srli_epi32(info, 16);
  const __m512i one = _mm512_set1_epi32(1);
  const __m512i occ = _mm512_or_si512(line_bits(buf, byte, shift), walls);
  const __m512i mk = line_bits(buf, _mm512_add_epi32(byte, _mm512_set1_epi32(MARKER_BYTES)), shift);

  // line_moves (lines.h), lane by lane. Upwards: the walls above the line stop every run.
  const __m512i i1 = _mm512_add_epi32(i, one);
  const __m512i up_free = tz(_mm512_srlv_epi32(occ, i1));
  const __m512i ub = _mm512_add_epi32(i1, up_free);
  const __m512i mk_ub = _mm512_srlv_epi32(mk, ub);
  const __m512i ul = _mm512_add_epi32(ub, tz(_mm512_xor_si512(mk_ub, _mm512_set1_epi32(-1))));
  const __m512i up = _mm512_add_epi32(
      up_free, _mm512_and_si512(_mm512_andnot_si512(_mm512_srlv_epi32(occ, ul), mk_ub), one));
  // Downwards: bit 0 is a wall, never a marker.
  const __m512i below = _mm512_and_si512(occ, _mm512_sub_epi32(_mm512_sllv_epi32(one, i), one));
  const __m512i db = top(below);
  const __m512i down_free = _mm512_sub_epi32(_mm512_sub_epi32(i, one), db);
  const __m512i not_mk = _mm512_andnot_si512(mk, _mm512_sub_epi32(_mm512_sllv_epi32(one, db), one));
  const __m512i dl = top(not_mk);  // -1 when empty: then the marker test below is 0 anyway
  const __m512i down = _mm512_add_epi32(
      down_free, _mm512_and_si512(
                     _mm512_andnot_si512(_mm512_srlv_epi32(occ, dl), _mm512_srlv_epi32(mk, db)), one));

  _mm512_store_si512(counts, _mm512_add_epi32(up, down));
  if (!masks) return;
  // Destinations: the free points up to each blocker, and the landing point of a jump.
  const __m512i jump_up = _mm512_and_si512(_mm512_andnot_si512(_mm512_srlv_epi32(occ, ul), mk_ub), one);
  const __m512i up_mask = _mm512_or_si512(
      _mm512_sub_epi32(_mm512_sllv_epi32(one, ub), _mm512_sllv_epi32(one, i1)), _mm512_sllv_epi32(jump_up, ul));
  const __m512i jump_down = _mm512_and_si512(
      _mm512_andnot_si512(_mm512_srlv_epi32(occ, dl), _mm512_srlv_epi32(mk, db)), one);
  const __m512i down_mask = _mm512_or_si512(
      _mm512_sub_epi32(_mm512_sllv_epi32(one, i), _mm512_sllv_epi32(one, _mm512_add_epi32(db, one))),
      _mm512_sllv_epi32(jump_down, dl));
  _mm512_store_si512(masks, _mm512_or_si512(up_mask, down_mask));
}

YINSH_TARGET_AVX512 int ring_move_counts_avx512(const Position& pos, Color c, Point* from, int* count) {
  const int n = ring_points(pos, c, from);
  alignas(64) int32_t lanes[16];
  ring_lanes(pos, from, n, lanes, nullptr);
  for (int r = 0; r < n; ++r) count[r] = lanes[3 * r] + lanes[3 * r + 1] + lanes[3 * r + 2];
  return n;
}

YINSH_TARGET_AVX512 Move random_ring_move_avx512(const Position& pos, Rng& rng) {
  Point from[RINGS_PER_SIDE];
  const int n = ring_points(pos, pos.side_to_move(), from);
  alignas(64) int32_t lanes[16];
  alignas(64) uint32_t masks[16];
  ring_lanes(pos, from, n, lanes, masks);
  int count[RINGS_PER_SIDE];
  for (int r = 0; r < n; ++r) count[r] = lanes[3 * r] + lanes[3 * r + 1] + lanes[3 * r + 2];
  int r, k;
  if (!draw_ring_move(count, n, rng, r, k)) return Move::pass();
  const Point p = from[r];
  Bitboard dest;
  for (int o = 0; o < NUM_ORIENTATIONS; ++o) dest |= line_points(o, LINES.base[o][p] / GRID, masks[3 * r + o]);
  return Move::ring(p, dest.nth(k));
}

// Read once at start-up. Before that (static initialisation of another file) it reads false
// and the scalar path, which gives the same numbers, is used.
bool cpu_has_avx512() {
#if defined(__AVX512F__) && defined(__AVX512CD__) && defined(__BMI2__)
  return true;
#else
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
         __builtin_cpu_supports("bmi2");
#endif
}
const bool USE_AVX512 = cpu_has_avx512();

}  // namespace

#endif  // YINSH_RING_COUNTS_AVX512

Move random_ring_move_scalar(const Position& pos, Rng& rng) {
  int count[RINGS_PER_SIDE];
  Point from[RINGS_PER_SIDE];
  const int n = ring_move_counts_scalar(pos, pos.side_to_move(), from, count);
  int r, k;
  if (!draw_ring_move(count, n, rng, r, k)) return Move::pass();
  return Move::ring(from[r], ring_destinations(from[r], pos.rings(), pos.markers()).nth(k));
}

int ring_move_counts(const Position& pos, Color c, Point* from, int* count) {
#if YINSH_RING_COUNTS_AVX512
  if (USE_AVX512) return ring_move_counts_avx512(pos, c, from, count);
#endif
  return ring_move_counts_scalar(pos, c, from, count);
}

Move random_ring_move(const Position& pos, Rng& rng) {
#if YINSH_RING_COUNTS_AVX512
  if (USE_AVX512) return random_ring_move_avx512(pos, rng);
#endif
  return random_ring_move_scalar(pos, rng);
}

bool ring_move_counts_vectorised() {
#if YINSH_RING_COUNTS_AVX512
  return USE_AVX512;
#else
  return false;
#endif
}

}  // namespace yinsh
