// The AVX-512 lanes (ring_lanes.h): all fifteen (ring, line) lanes in one register. Compiled
// for x86-64 with a function target attribute, whatever the build's -march; ring_counts.cpp
// calls it only on CPUs with AVX-512 F and CD.
#include "cpu_dispatch.h"
#include "ring_lanes.h"

#include <cstring>

#if YINSH_X86_DISPATCH
#include <immintrin.h>
#define YINSH_TARGET_AVX512 __attribute__((target("avx512f,avx512cd")))
// g++ 12 warns inside its own AVX-512 headers (_mm512_undefined_epi32 used as a mask source).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace yinsh::lanes {

namespace {

// Per grid cell and orientation (index 4 * cell + orientation; cells off the board and the
// unused fourth slot hold zeros, which read inside the buffer and are never used):
// bits 0-7 the byte of the line's first bit in the layout buffer below, bits 8-10 its bit
// within that byte, bits 16-23 the shifted coordinate (coordinate + 1, as line_moves's i).
struct LaneInfo {
  uint32_t info[GRID_CELLS * 4]{};
};
constexpr LaneInfo build_lane_info() {
  LaneInfo t;
  for (int p = 0; p < GRID_CELLS; ++p) {
    if (!on_board(Point(p))) continue;
    for (int o = 0; o < NUM_ORIENTATIONS; ++o) {
      const int base = LINES.base[o][p];
      t.info[4 * p + o] = uint32_t(o * 16 + base / 8) | uint32_t(base % 8) << 8 |
                          uint32_t(LINES.coord[o][p] + 1) << 16;
    }
  }
  return t;
}
constexpr LaneInfo LANES = build_lane_info();

// The layout buffer: pieces (rings or markers) of layouts 0..2 at bytes 0, 16, 32, markers at
// 48, 64, 80; a 32-bit read at any `info` byte (at most 45, plus 48) stays inside 128 bytes.
constexpr int MARKER_BYTES = 48;
constexpr int BUFFER_BYTES = 128;

void fill_layout_buffer(const Position& pos, uint8_t* buf) {
  for (int o = 0; o < NUM_ORIENTATIONS; ++o) {
    const Bitboard::u128 mk = pos.layout_markers(o).raw(), occ = pos.layout_rings(o).raw() | mk;
    std::memcpy(buf + 16 * o, &occ, 16);
    std::memcpy(buf + MARKER_BYTES + 16 * o, &mk, 16);
  }
  std::memset(buf + 96, 0, BUFFER_BYTES - 96);
}

using V = __m512i;
#define YINSH_LANES_TARGET YINSH_TARGET_AVX512
YINSH_LANES_TARGET inline V add(V a, V b) { return _mm512_add_epi32(a, b); }
YINSH_LANES_TARGET inline V sub(V a, V b) { return _mm512_sub_epi32(a, b); }
YINSH_LANES_TARGET inline V and_(V a, V b) { return _mm512_and_si512(a, b); }
YINSH_LANES_TARGET inline V or_(V a, V b) { return _mm512_or_si512(a, b); }
YINSH_LANES_TARGET inline V xor_(V a, V b) { return _mm512_xor_si512(a, b); }
YINSH_LANES_TARGET inline V andnot(V a, V b) { return _mm512_andnot_si512(a, b); }
YINSH_LANES_TARGET inline V set1(int x) { return _mm512_set1_epi32(x); }
YINSH_LANES_TARGET inline V srlv(V a, V n) { return _mm512_srlv_epi32(a, n); }
YINSH_LANES_TARGET inline V sllv(V a, V n) { return _mm512_sllv_epi32(a, n); }
YINSH_LANES_TARGET inline V tz(V x) { return sub(set1(31), _mm512_lzcnt_epi32(and_(x, sub(set1(0), x)))); }
YINSH_LANES_TARGET inline V top(V x) { return sub(set1(31), _mm512_lzcnt_epi32(x)); }
#include "line_moves_lanes.h"
#undef YINSH_LANES_TARGET

// The 11 bits of each lane's line read from the layout buffer at byte `at`, bit `shift`, in the
// shifted form (coordinate c at bit c + 1).
YINSH_TARGET_AVX512 inline __m512i line_bits(const uint8_t* buf, __m512i at, __m512i shift) {
  const __m512i w = _mm512_i32gather_epi32(at, buf, 1);
  return _mm512_slli_epi32(_mm512_and_si512(_mm512_srlv_epi32(w, shift), _mm512_set1_epi32(0x7ff)), 1);
}

}  // namespace

YINSH_TARGET_AVX512 void ring_lanes_avx512(const Position& pos, const Point* from, int n, int32_t* counts,
                                           uint32_t* masks) {
  alignas(64) uint8_t buf[BUFFER_BYTES];
  fill_layout_buffer(pos, buf);

  // Lane 3r + o: ring r along orientation o (lane 15 and the lanes of missing rings: cell 0).
  alignas(32) int32_t pts[8] = {};
  for (int i = 0; i < n; ++i) pts[i] = from[i];
  const __m512i ring_of_lane = _mm512_setr_epi32(0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5);
  const __m512i orient = _mm512_setr_epi32(0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0);
  const __m512i p = _mm512_permutexvar_epi32(ring_of_lane, _mm512_castsi256_si512(_mm256_load_si256(
                                                               reinterpret_cast<const __m256i*>(pts))));
  const __m512i idx = _mm512_add_epi32(_mm512_slli_epi32(p, 2), orient);
  const __m512i info = _mm512_i32gather_epi32(idx, LANES.info, 4);
  const __m512i walls = _mm512_i32gather_epi32(idx, WALLS.walls, 4);

  const __m512i byte = _mm512_and_si512(info, _mm512_set1_epi32(0xff));
  const __m512i shift = _mm512_and_si512(_mm512_srli_epi32(info, 8), _mm512_set1_epi32(7));
  const __m512i i = _mm512_srli_epi32(info, 16);
  const __m512i occ = _mm512_or_si512(line_bits(buf, byte, shift), walls);
  const __m512i mk = line_bits(buf, _mm512_add_epi32(byte, _mm512_set1_epi32(MARKER_BYTES)), shift);
  __m512i mask;
  _mm512_store_si512(counts, line_moves_lanes(occ, mk, i, masks ? &mask : nullptr));
  if (masks) _mm512_store_si512(masks, mask);
}

}  // namespace yinsh::lanes

#endif
