// The AVX-512 lanes (ring_lanes.h): four rings per register, lane 4r + o, the layout of the
// AVX2 lanes (ring_lanes_avx2.cpp) in twice the width. Without gathers: lane o of each 128-bit
// quarter always reads layout o, held in all four quarters, so a byte shuffle picks each
// line's bytes, with a ring's three lines in one 16-byte table row; `vplzcntd` gives the bit
// indices. Five rings take two registers. (The first AVX-512 lanes gathered
// fifteen lanes from memory in one register; on AMD Zen 5 they ran slower than the AVX2 lanes.)
// Compiled for x86-64 with a function target attribute, whatever the build's -march;
// ring_counts.cpp calls it only on CPUs with AVX-512 F, CD and BW.
#include "cpu_dispatch.h"
#include "ring_lanes.h"

#if YINSH_X86_DISPATCH
#include <immintrin.h>
#define YINSH_TARGET_AVX512 __attribute__((target("avx512f,avx512cd,avx512bw")))
// g++ 12 warns inside its own AVX-512 headers (_mm512_undefined_epi32 used as a mask source).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace yinsh::lanes {

namespace {

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
YINSH_LANES_TARGET inline V srli16(V a) { return _mm512_srli_epi32(a, 16); }
YINSH_LANES_TARGET inline V tz(V x) { return sub(set1(31), _mm512_lzcnt_epi32(and_(x, sub(set1(0), x)))); }
YINSH_LANES_TARGET inline V top(V x) { return sub(set1(31), _mm512_lzcnt_epi32(x)); }
#include "line_moves_lanes.h"
#undef YINSH_LANES_TARGET

// The row of a table indexed 4 * cell + orientation (SHUFFLES, WALLS) for up to four rings,
// ring q in quarter q; cell 0 (values nobody reads) where there is no ring.
YINSH_TARGET_AVX512 inline __m512i four_rings(const uint32_t* table, const Point* p, int n) {
  const auto row = [&](int q) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(table + 4 * (q < n ? p[q] : 0)));
  };
  __m512i v = _mm512_zextsi128_si512(row(0));
  if (n > 1) {
    v = _mm512_inserti32x4(v, row(1), 1);
    v = _mm512_inserti32x4(v, row(2), 2);
    v = _mm512_inserti32x4(v, row(3), 3);
  }
  return v;
}

// Lane o of each quarter reads layout o (l[o], in all four quarters); lane 3 is unused.
constexpr __mmask64 LANE1_BYTES = 0x00f000f000f000f0ull, LANE2_BYTES = 0x0f000f000f000f00ull;
YINSH_TARGET_AVX512 inline __m512i pick(const __m512i* l, __m512i shuffle) {
  const __m512i r = _mm512_shuffle_epi8(l[0], shuffle);
  return _mm512_mask_shuffle_epi8(_mm512_mask_shuffle_epi8(r, LANE1_BYTES, l[1], shuffle), LANE2_BYTES, l[2],
                                  shuffle);
}

// Lanes 4r + o for the rings on p[0..n), n <= 4 (only lanes 0..3 are meaningful when n is 1).
YINSH_TARGET_AVX512 inline void four_ring_lanes(const __m512i* occ_layouts, const __m512i* mk_layouts,
                                                const Point* p, int n, int32_t* counts, uint32_t* masks) {
  const __m512i shuffle = four_rings(SHUFFLES.shuffle, p, n);
  __m512i mask;
  _mm512_store_si512(counts, picked_line_moves_lanes(pick(occ_layouts, shuffle), pick(mk_layouts, shuffle),
                                                     four_rings(SHUFFLES.info, p, n), four_rings(WALLS.walls, p, n),
                                                     masks ? &mask : nullptr));
  if (masks) _mm512_store_si512(masks, mask);
}

// A bitboard in all four 128-bit quarters, moved from general registers (as in the AVX2 lanes).
YINSH_TARGET_AVX512 inline __m512i all_quarters(Bitboard b) {
  const Bitboard::u128 raw = b.raw();
  return _mm512_broadcast_i32x4(_mm_set_epi64x(int64_t(uint64_t(raw >> 64)), int64_t(uint64_t(raw))));
}

}  // namespace

YINSH_TARGET_AVX512 void ring_lanes_avx512(const Position& pos, const Point* from, int n, int32_t* counts,
                                           uint32_t* masks) {
  // Layout 0 is the colours' own bitboards (their union is taken here, in vector registers).
  __m512i occ[NUM_ORIENTATIONS], mk[NUM_ORIENTATIONS];
  mk[0] = _mm512_or_si512(all_quarters(pos.markers(WHITE)), all_quarters(pos.markers(BLACK)));
  occ[0] = _mm512_or_si512(_mm512_or_si512(all_quarters(pos.rings(WHITE)), all_quarters(pos.rings(BLACK))), mk[0]);
  for (int o = 1; o < NUM_ORIENTATIONS; ++o) {
    mk[o] = all_quarters(pos.layout_markers(o));
    occ[o] = _mm512_or_si512(all_quarters(pos.layout_rings(o)), mk[o]);
  }
  for (int r = 0; r < n; r += 4)
    four_ring_lanes(occ, mk, from + r, n - r < 4 ? n - r : 4, counts + 4 * r, masks ? masks + 4 * r : nullptr);
}

}  // namespace yinsh::lanes

#endif
