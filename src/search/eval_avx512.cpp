// The linear evaluation's side statistics (eval_stats.h) with AVX-512 instructions on 256-bit
// registers (VL), the body of the AVX2 form (eval_stats_lanes.h) with fewer instructions: a
// 128-bit shift is a byte shift and one concatenating shift (VBMI2 vpshldq / vpshrdq) instead
// of four, a fill step one ternary-logic operation instead of two, and a byte's bits are
// counted by vpopcntb (BITALG) instead of two table lookups. No 512-bit register: no lower
// clock. Compiled for any x86-64 with function target attributes; eval.cpp calls it only on
// CPUs with AVX-512 F, VL, BW, VBMI2 and BITALG (Ice Lake and later, Zen 4 and later).
#include "eval_stats.h"

#if YINSH_X86_DISPATCH
#include <immintrin.h>

#include "core/geometry.h"

#define YINSH_STATS_TARGET \
  __attribute__((target("avx2,popcnt,avx512f,avx512vl,avx512bw,avx512vbmi2,avx512bitalg")))

namespace yinsh {

namespace {

using V = __m256i;

// g | (c & x): truth table 0xF8 over (g, c, x) = (0xF0, 0xCC, 0xAA).
YINSH_STATS_TARGET inline V or_and(V g, V c, V x) { return _mm256_ternarylogic_epi64(g, c, x, 0xF8); }

// Left by K < 64: the low lane alone, the high lane with the low lane's top bits shifted in.
template <int K>
YINSH_STATS_TARGET inline V shl(V v) {
  if constexpr (K < 64) return _mm256_shldi_epi64(v, _mm256_bslli_epi128(v, 8), K);
  else return _mm256_slli_epi64(_mm256_bslli_epi128(v, 8), K - 64);
}
template <int K>
YINSH_STATS_TARGET inline V shr(V v) {
  if constexpr (K < 64) return _mm256_shrdi_epi64(v, _mm256_bsrli_epi128(v, 8), K);
  else return _mm256_srli_epi64(_mm256_bsrli_epi128(v, 8), K - 64);
}

YINSH_STATS_TARGET inline V add_byte_counts(V acc, V v) { return _mm256_add_epi8(acc, _mm256_popcnt_epi8(v)); }

#include "eval_stats_lanes.h"

}  // namespace

YINSH_STATS_TARGET void side_stats_avx512(const Position& pos, SideStats& us, SideStats& them) {
  side_stats_lanes(pos, us, them);
}

}  // namespace yinsh

#endif  // YINSH_X86_DISPATCH
