#include "ring_counts.h"

#include <cstring>

#if defined(__AVX512F__) && defined(__AVX512CD__)
#include <immintrin.h>
#define YINSH_RING_COUNTS_AVX512 1
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

// The layout buffer: pieces (rings or markers) of layouts 0..2 at bytes 0, 16, 32, markers at
// 48, 64, 80; a 32-bit read at any `info` byte (at most 45, plus 48) stays inside 128 bytes.
constexpr int MARKER_BYTES = 48;

inline __m512i tz(__m512i x) {  // trailing zeros of non-zero lanes
  const __m512i low = _mm512_and_si512(x, _mm512_sub_epi32(_mm512_setzero_si512(), x));
  return _mm512_sub_epi32(_mm512_set1_epi32(31), _mm512_lzcnt_epi32(low));
}
inline __m512i top(__m512i x) {  // index of the highest set bit; -1 for zero lanes
  return _mm512_sub_epi32(_mm512_set1_epi32(31), _mm512_lzcnt_epi32(x));
}

}  // namespace

int ring_move_counts(const Position& pos, Color c, Point* from, int* count) {
  const int n = ring_points(pos, c, from);
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
  const __m512i one = _mm512_set1_epi32(1), eleven = _mm512_set1_epi32(0x7ff);
  auto line = [&](__m512i at) {
    const __m512i w = _mm512_i32gather_epi32(at, buf, 1);
    return _mm512_slli_epi32(_mm512_and_si512(_mm512_srlv_epi32(w, shift), eleven), 1);
  };
  const __m512i occ = _mm512_or_si512(line(byte), walls);
  const __m512i mk = line(_mm512_add_epi32(byte, _mm512_set1_epi32(MARKER_BYTES)));

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

  alignas(64) int32_t lanes[16];
  _mm512_store_si512(lanes, _mm512_add_epi32(up, down));
  for (int r = 0; r < n; ++r) count[r] = lanes[3 * r] + lanes[3 * r + 1] + lanes[3 * r + 2];
  return n;
}

bool ring_move_counts_vectorised() { return true; }

#else

int ring_move_counts(const Position& pos, Color c, Point* from, int* count) {
  return ring_move_counts_scalar(pos, c, from, count);
}

bool ring_move_counts_vectorised() { return false; }

#endif

}  // namespace yinsh
