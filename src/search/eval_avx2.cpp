// The linear evaluation's side statistics (eval_stats.h) with AVX2: the same fills and
// bit-sliced window sums as eval.cpp, for both sides at once (eval_stats_lanes.h). Bits are
// counted per byte with a nibble table and summed once at the end. Compiled for any x86-64
// with function target attributes (internal functions only, so nothing compiled for AVX2
// leaks into other code); eval.cpp calls it only on CPUs with AVX2.
#include "eval_stats.h"

#if YINSH_X86_DISPATCH
#include <immintrin.h>

#include "core/geometry.h"

#define YINSH_STATS_TARGET __attribute__((target("avx2,popcnt")))

namespace yinsh {

namespace {

using V = __m256i;

YINSH_STATS_TARGET inline V or_and(V g, V c, V x) { return _mm256_or_si256(g, _mm256_and_si256(c, x)); }

template <int K>
YINSH_STATS_TARGET inline V shl(V v) {
  if constexpr (K < 64) return _mm256_or_si256(_mm256_slli_epi64(v, K), _mm256_bslli_epi128(_mm256_srli_epi64(v, 64 - K), 8));
  else return _mm256_slli_epi64(_mm256_bslli_epi128(v, 8), K - 64);
}
template <int K>
YINSH_STATS_TARGET inline V shr(V v) {
  if constexpr (K < 64) return _mm256_or_si256(_mm256_srli_epi64(v, K), _mm256_bsrli_epi128(_mm256_slli_epi64(v, 64 - K), 8));
  else return _mm256_srli_epi64(_mm256_bsrli_epi128(v, 8), K - 64);
}

YINSH_STATS_TARGET inline V add_byte_counts(V acc, V v) {
  const V table = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,  //
                                   0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
  const V nibble = _mm256_set1_epi8(0x0f);
  const V lo = _mm256_shuffle_epi8(table, _mm256_and_si256(v, nibble));
  const V hi = _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble));
  return _mm256_add_epi8(acc, _mm256_add_epi8(lo, hi));
}

#include "eval_stats_lanes.h"

}  // namespace

YINSH_STATS_TARGET void side_stats_avx2(const Position& pos, SideStats& us, SideStats& them) {
  side_stats_lanes(pos, us, them);
}

}  // namespace yinsh

#endif  // YINSH_X86_DISPATCH
