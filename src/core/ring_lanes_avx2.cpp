// The AVX2 lanes (ring_lanes.h): two rings per register, lane 4r + o, the same arithmetic as
// the AVX-512 lanes. Without gathers: lane o of each 128-bit half always reads layout o, so a
// byte shuffle of that layout (held in both halves) picks each line's bytes, with the shuffle
// indices of a ring's three lines in one 16-byte table row. AVX2 has no per-lane leading-zero
// count, so bit indices come from the exponent of the lane converted to float (exact: every
// value here is below 2^24). Compiled for x86-64 with a function target attribute;
// ring_counts.cpp calls it only on CPUs with AVX2.
#include "cpu_dispatch.h"
#include "ring_lanes.h"

#if YINSH_X86_DISPATCH
#include <immintrin.h>
#define YINSH_TARGET_AVX2 __attribute__((target("avx2")))

namespace yinsh::lanes {

namespace {

using V = __m256i;
#define YINSH_LANES_TARGET YINSH_TARGET_AVX2
YINSH_LANES_TARGET inline V add(V a, V b) { return _mm256_add_epi32(a, b); }
YINSH_LANES_TARGET inline V sub(V a, V b) { return _mm256_sub_epi32(a, b); }
YINSH_LANES_TARGET inline V and_(V a, V b) { return _mm256_and_si256(a, b); }
YINSH_LANES_TARGET inline V or_(V a, V b) { return _mm256_or_si256(a, b); }
YINSH_LANES_TARGET inline V xor_(V a, V b) { return _mm256_xor_si256(a, b); }
YINSH_LANES_TARGET inline V andnot(V a, V b) { return _mm256_andnot_si256(a, b); }
YINSH_LANES_TARGET inline V set1(int x) { return _mm256_set1_epi32(x); }
YINSH_LANES_TARGET inline V srlv(V a, V n) { return _mm256_srlv_epi32(a, n); }
YINSH_LANES_TARGET inline V sllv(V a, V n) { return _mm256_sllv_epi32(a, n); }
YINSH_LANES_TARGET inline V srli16(V a) { return _mm256_srli_epi32(a, 16); }
// floor(log2(x)) of lanes 0 < x < 2^24; -127 for zero lanes.
YINSH_LANES_TARGET inline V log2_lanes(V x) {
  return sub(_mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(x)), 23), set1(127));
}
YINSH_LANES_TARGET inline V tz(V x) { return log2_lanes(and_(x, sub(set1(0), x))); }
YINSH_LANES_TARGET inline V top(V x) { return _mm256_max_epi32(log2_lanes(x), set1(-1)); }
#include "line_moves_lanes.h"
#undef YINSH_LANES_TARGET

YINSH_TARGET_AVX2 inline __m256i two_rings(const uint32_t* table, Point a, Point b) {
  return _mm256_inserti128_si256(
      _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(table + 4 * a))),
      _mm_loadu_si128(reinterpret_cast<const __m128i*>(table + 4 * b)), 1);
}

// Lane o of each 128-bit half reads layout o (l[o], in both halves); lane 3 is unused.
YINSH_TARGET_AVX2 inline __m256i pick(const __m256i* l, __m256i shuffle) {
  return _mm256_blend_epi32(_mm256_blend_epi32(_mm256_shuffle_epi8(l[0], shuffle),
                                               _mm256_shuffle_epi8(l[1], shuffle), 0x22),
                            _mm256_shuffle_epi8(l[2], shuffle), 0x44);
}

// Lanes 4r + o and 4(r + 1) + o for the rings on a and b (cell 0: values nobody reads).
YINSH_TARGET_AVX2 inline void two_ring_lanes(const __m256i* occ_layouts, const __m256i* mk_layouts, Point a,
                                             Point b, int32_t* counts, uint32_t* masks) {
  const __m256i shuffle = two_rings(SHUFFLES.shuffle, a, b);
  __m256i mask;
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(counts),
                      picked_line_moves_lanes(pick(occ_layouts, shuffle), pick(mk_layouts, shuffle),
                                              two_rings(SHUFFLES.info, a, b), two_rings(WALLS.walls, a, b),
                                              masks ? &mask : nullptr));
  if (masks) _mm256_storeu_si256(reinterpret_cast<__m256i*>(masks), mask);
}

// A bitboard in both 128-bit halves, moved from general registers (the pieces were just
// changed by do_move, and a 16-byte load of two 8-byte stores would wait for them).
YINSH_TARGET_AVX2 inline __m256i both_halves(Bitboard b) {
  const Bitboard::u128 raw = b.raw();
  return _mm256_broadcastsi128_si256(_mm_set_epi64x(int64_t(uint64_t(raw >> 64)), int64_t(uint64_t(raw))));
}

}  // namespace

YINSH_TARGET_AVX2 void ring_lanes_avx2(const Position& pos, const Point* from, int n, int32_t* counts,
                                       uint32_t* masks) {
  // Layout 0 is the colours' own bitboards (their union is taken here, in vector registers).
  __m256i occ[NUM_ORIENTATIONS], mk[NUM_ORIENTATIONS];
  mk[0] = _mm256_or_si256(both_halves(pos.markers(WHITE)), both_halves(pos.markers(BLACK)));
  occ[0] = _mm256_or_si256(_mm256_or_si256(both_halves(pos.rings(WHITE)), both_halves(pos.rings(BLACK))), mk[0]);
  for (int o = 1; o < NUM_ORIENTATIONS; ++o) {
    mk[o] = both_halves(pos.layout_markers(o));
    occ[o] = _mm256_or_si256(both_halves(pos.layout_rings(o)), mk[o]);
  }
  for (int r = 0; r < n; r += 2)  // with an odd n, the last pair's second ring is cell 0
    two_ring_lanes(occ, mk, from[r], r + 1 < n ? from[r + 1] : Point(0), counts + 4 * r,
                   masks ? masks + 4 * r : nullptr);
}

}  // namespace yinsh::lanes

#endif
