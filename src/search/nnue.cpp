#include "nnue.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

#include "core/cpu_dispatch.h"
#if YINSH_X86_DISPATCH
#include <immintrin.h>
#define YINSH_NNUE_X86 1
#endif
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace yinsh::nnue {

namespace {

constexpr size_t HEADER_SIZE = 24;

constexpr size_t payload_size(int hidden) {
  return size_t(hidden) * 2 + size_t(NNUE_INPUTS) * size_t(hidden) * 2 + NNUE_L1 * 4 +
         size_t(NNUE_L1) * 2 * size_t(hidden) + 4 + NNUE_L1 * 2;
}

uint32_t fnv1a(const uint8_t* p, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 16777619u;
  return h;
}

struct Reader {
  const uint8_t* p;
  uint32_t u32() {
    const uint32_t v = uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
    p += 4;
    return v;
  }
  int16_t i16() {
    const int16_t v = int16_t(uint16_t(p[0] | p[1] << 8));
    p += 2;
    return v;
  }
  int8_t i8() { return int8_t(*p++); }
};

int clip127(int v) { return v < 0 ? 0 : v > 127 ? 127 : v; }

// The network's output (out_bias + the output layer's sum) -> the score. Floor division: a
// shift of the output by whole logits shifts the score exactly.
int output_score(int64_t out) {
  const int64_t q = out * SCORE_PER_LOGIT, d = int64_t(FT_SCALE) * OUT_SCALE;
  return int(q >= 0 ? q / d : -((-q + d - 1) / d));
}

// The layers after the first one, for the kernels without their own: l1 sums -> score.
int finish(const Network& net, const int32_t* sums) {
  int64_t out = net.out_bias;
  for (int o = 0; o < NNUE_L1; ++o) out += int64_t(clip127(sums[o] >> L1_SHIFT)) * net.out_weight[o];
  return output_score(out);
}

// Every kernel is a template on the hidden width H (a supported_hidden() value), so each
// width gets loops of known length; forward() and update() pick the instance.
template <int H>
int forward_scalar(const Network& net, const int16_t* us, const int16_t* them) {
  uint8_t in[2 * H];
  for (int i = 0; i < H; ++i) {
    in[i] = uint8_t(clip127(us[i]));
    in[H + i] = uint8_t(clip127(them[i]));
  }
  int32_t sums[NNUE_L1];
  for (int o = 0; o < NNUE_L1; ++o) {
    int32_t s = net.l1_bias[o];
    for (int i = 0; i < 2 * H; ++i) s += int32_t(in[i]) * net.l1_weight[o][i];
    sums[o] = s;
  }
  return finish(net, sums);
}

template <int H>
void update_scalar(const Network& net, const int16_t* from, int16_t* to, const int* removed,
                   int n_removed, const int* added, int n_added) {
  uint16_t a[H];  // unsigned: wrapping sums, as the SIMD lanes
  for (int i = 0; i < H; ++i) a[i] = uint16_t(from[i]);
  for (int k = 0; k < n_removed; ++k) {
    const int16_t* w = net.ft_weight[removed[k]];
    for (int i = 0; i < H; ++i) a[i] = uint16_t(a[i] - uint16_t(w[i]));
  }
  for (int k = 0; k < n_added; ++k) {
    const int16_t* w = net.ft_weight[added[k]];
    for (int i = 0; i < H; ++i) a[i] = uint16_t(a[i] + uint16_t(w[i]));
  }
  for (int i = 0; i < H; ++i) to[i] = int16_t(a[i]);
}

// The SIMD updates keep 128 lanes of the accumulator in registers while every feature is
// applied, one 128-lane block after the other.
constexpr int BLOCK = 128;

#ifdef __wasm_simd128__
// WebAssembly SIMD128 (a build with -msimd128): the inputs stay int16 after clipping, the int8
// weights are widened to int16 and multiplied in pairs (i32x4.dot_i16x8): exact, as the scalar sums.
template <int H>
int forward_simd128(const Network& net, const int16_t* us, const int16_t* them) {
  alignas(16) int16_t in[2 * H];
  const v128_t zero = wasm_i16x8_splat(0), top = wasm_i16x8_splat(127);
  for (int half = 0; half < 2; ++half) {
    const int16_t* a = half ? them : us;
    for (int i = 0; i < H; i += 8) {
      const v128_t x = wasm_i16x8_min(wasm_i16x8_max(wasm_v128_load(a + i), zero), top);
      wasm_v128_store(in + half * H + i, x);
    }
  }
  int32_t sums[NNUE_L1];
  for (int o = 0; o < NNUE_L1; o += 4) {
    v128_t acc[4] = {zero, zero, zero, zero};
    for (int i = 0; i < 2 * H; i += 16) {
      const v128_t lo = wasm_v128_load(in + i), hi = wasm_v128_load(in + i + 8);
      for (int k = 0; k < 4; ++k) {
        const v128_t w = wasm_v128_load(&net.l1_weight[o + k][i]);
        acc[k] = wasm_i32x4_add(acc[k], wasm_i32x4_dot_i16x8(lo, wasm_i16x8_extend_low_i8x16(w)));
        acc[k] = wasm_i32x4_add(acc[k], wasm_i32x4_dot_i16x8(hi, wasm_i16x8_extend_high_i8x16(w)));
      }
    }
    for (int k = 0; k < 4; ++k)
      sums[o + k] = net.l1_bias[o + k] + wasm_i32x4_extract_lane(acc[k], 0) + wasm_i32x4_extract_lane(acc[k], 1) +
                    wasm_i32x4_extract_lane(acc[k], 2) + wasm_i32x4_extract_lane(acc[k], 3);
  }
  return finish(net, sums);
}

// Wrapping int16 lanes, as the scalar path's unsigned sums.
template <int H>
void update_simd128(const Network& net, const int16_t* from, int16_t* to, const int* removed,
                    int n_removed, const int* added, int n_added) {
  constexpr int REGS = BLOCK / 8;
  for (int b = 0; b < H; b += BLOCK) {
    v128_t a[REGS];
    for (int r = 0; r < REGS; ++r) a[r] = wasm_v128_load(from + b + 8 * r);
    for (int k = 0; k < n_removed; ++k) {
      const int16_t* w = net.ft_weight[removed[k]] + b;
      for (int r = 0; r < REGS; ++r) a[r] = wasm_i16x8_sub(a[r], wasm_v128_load(w + 8 * r));
    }
    for (int k = 0; k < n_added; ++k) {
      const int16_t* w = net.ft_weight[added[k]] + b;
      for (int r = 0; r < REGS; ++r) a[r] = wasm_i16x8_add(a[r], wasm_v128_load(w + 8 * r));
    }
    for (int r = 0; r < REGS; ++r) wasm_v128_store(to + b + 8 * r, a[r]);
  }
}
#endif

#ifdef YINSH_NNUE_X86
#define YINSH_AVX2 __attribute__((target("avx2")))
#define YINSH_VNNI __attribute__((target("avx2,avx512f,avx512vl,avx512vnni")))

// The two accumulators clipped to 0..127 as bytes: the side to move's H, then the other's.
template <int H>
YINSH_AVX2 inline void clip_inputs_avx2(const int16_t* us, const int16_t* them, uint8_t* in) {
  const __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi16(127);
  for (int half = 0; half < 2; ++half) {
    const int16_t* a = half ? them : us;
    for (int i = 0; i < H; i += 32) {
      __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i));
      __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i + 16));
      x = _mm256_min_epi16(_mm256_max_epi16(x, zero), top);
      y = _mm256_min_epi16(_mm256_max_epi16(y, zero), top);
      const __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi16(x, y), 0xD8);
      _mm256_store_si256(reinterpret_cast<__m256i*>(in + half * H + i), packed);
    }
  }
}

// Eight outputs' 8-lane partial sums -> their eight totals, in order, in one register.
YINSH_AVX2 inline __m256i fold8_avx2(const __m256i* acc) {
  const __m256i a = _mm256_hadd_epi32(_mm256_hadd_epi32(acc[0], acc[1]), _mm256_hadd_epi32(acc[2], acc[3]));
  const __m256i b = _mm256_hadd_epi32(_mm256_hadd_epi32(acc[4], acc[5]), _mm256_hadd_epi32(acc[6], acc[7]));
  // a = (0 1 2 3 | 0 1 2 3) halves of outputs 0-3, b the same for 4-7.
  return _mm256_add_epi32(_mm256_permute2x128_si256(a, b, 0x20), _mm256_permute2x128_si256(a, b, 0x31));
}

// The output layer on the l1 sums (bias included), as finish(): int32 products are exact
// (at most 32 x 127 x 32767 in magnitude).
YINSH_AVX2 inline int finish_avx2(const Network& net, const __m256i* sums) {
  const __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi32(127);
  __m256i total = zero;
  for (int g = 0; g < NNUE_L1 / 8; ++g) {
    const __m256i v = _mm256_min_epi32(_mm256_max_epi32(_mm256_srai_epi32(sums[g], L1_SHIFT), zero), top);
    const __m256i w = _mm256_cvtepi16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(&net.out_weight[8 * g])));
    total = _mm256_add_epi32(total, _mm256_mullo_epi32(v, w));
  }
  __m128i t = _mm_add_epi32(_mm256_castsi256_si128(total), _mm256_extracti128_si256(total, 1));
  t = _mm_add_epi32(t, _mm_shuffle_epi32(t, 0x4E));
  t = _mm_add_epi32(t, _mm_shuffle_epi32(t, 0xB1));
  return output_score(int64_t(net.out_bias) + _mm_cvtsi128_si32(t));
}

template <int H>
YINSH_AVX2 int forward_avx2(const Network& net, const int16_t* us, const int16_t* them) {
  alignas(32) uint8_t in[2 * H];
  clip_inputs_avx2<H>(us, them, in);
  const __m256i ones = _mm256_set1_epi16(1);
  __m256i sums[NNUE_L1 / 8];
  for (int g = 0; g < NNUE_L1 / 8; ++g) {
    __m256i acc[8] = {};
    for (int i = 0; i < 2 * H; i += 32) {
      const __m256i x = _mm256_load_si256(reinterpret_cast<const __m256i*>(in + i));
      for (int k = 0; k < 8; ++k) {
        const __m256i w = _mm256_load_si256(reinterpret_cast<const __m256i*>(&net.l1_weight[8 * g + k][i]));
        // u8 (<= 127) x i8 pairs sum to at most 2 x 127 x 128 in magnitude: no saturation.
        acc[k] = _mm256_add_epi32(acc[k], _mm256_madd_epi16(_mm256_maddubs_epi16(x, w), ones));
      }
    }
    sums[g] = _mm256_add_epi32(fold8_avx2(acc), _mm256_loadu_si256(reinterpret_cast<const __m256i*>(&net.l1_bias[8 * g])));
  }
  return finish_avx2(net, sums);
}

// VNNI on 256-bit registers (AVX-512 VL + VNNI; no 512-bit register, so no lower clock): as
// the AVX2 kernel, with one vpdpbusd (u8 x i8, four at a time into each int32 lane, no
// saturation: the same sums as the scalar path) for its three instructions.
template <int H>
YINSH_VNNI int forward_vnni(const Network& net, const int16_t* us, const int16_t* them) {
  alignas(32) uint8_t in[2 * H];
  clip_inputs_avx2<H>(us, them, in);
  __m256i sums[NNUE_L1 / 8];
  for (int g = 0; g < NNUE_L1 / 8; ++g) {
    __m256i acc[8] = {};
    for (int i = 0; i < 2 * H; i += 32) {
      const __m256i x = _mm256_load_si256(reinterpret_cast<const __m256i*>(in + i));
      for (int k = 0; k < 8; ++k)
        acc[k] = _mm256_dpbusd_epi32(acc[k], x, _mm256_load_si256(reinterpret_cast<const __m256i*>(&net.l1_weight[8 * g + k][i])));
    }
    sums[g] = _mm256_add_epi32(fold8_avx2(acc), _mm256_loadu_si256(reinterpret_cast<const __m256i*>(&net.l1_bias[8 * g])));
  }
  return finish_avx2(net, sums);
}

// A block of the accumulator (128 lanes) stays in 8 registers while every feature is applied.
template <int H>
__attribute__((target("avx2"))) void update_avx2(const Network& net, const int16_t* from, int16_t* to,
                                                   const int* removed, int n_removed, const int* added,
                                                   int n_added) {
  constexpr int REGS = BLOCK / 16;
  for (int b = 0; b < H; b += BLOCK) {
    __m256i a[REGS];
    for (int r = 0; r < REGS; ++r)
      a[r] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(from + b + 16 * r));
    for (int k = 0; k < n_removed; ++k) {
      const int16_t* w = net.ft_weight[removed[k]] + b;
      for (int r = 0; r < REGS; ++r)
        a[r] = _mm256_sub_epi16(a[r], _mm256_load_si256(reinterpret_cast<const __m256i*>(w + 16 * r)));
    }
    for (int k = 0; k < n_added; ++k) {
      const int16_t* w = net.ft_weight[added[k]] + b;
      for (int r = 0; r < REGS; ++r)
        a[r] = _mm256_add_epi16(a[r], _mm256_load_si256(reinterpret_cast<const __m256i*>(w + 16 * r)));
    }
    for (int r = 0; r < REGS; ++r) _mm256_storeu_si256(reinterpret_cast<__m256i*>(to + b + 16 * r), a[r]);
  }
}

const bool HAS_AVX2 = __builtin_cpu_supports("avx2");
const bool HAS_VNNI = HAS_AVX2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                      __builtin_cpu_supports("avx512vnni");
#else
[[maybe_unused]] const bool HAS_AVX2 = false;
[[maybe_unused]] const bool HAS_VNNI = false;
#endif

// The best kernel this build has on this CPU, read once at start-up (before that, static
// initialisation of another file reads Scalar: another kernel, the same scores).
#ifdef __wasm_simd128__
const NnueCode BEST_CODE = NnueCode::Simd128;
#else
const NnueCode BEST_CODE = HAS_VNNI ? NnueCode::Vnni : HAS_AVX2 ? NnueCode::Avx2 : NnueCode::Scalar;
#endif

}  // namespace

bool simd_available() { return BEST_CODE != NnueCode::Scalar; }

size_t network_file_size(int hidden) { return HEADER_SIZE + payload_size(hidden) + 4; }

namespace {

template <int H>
int forward_width(NnueCode code, const Network& net, const int16_t* us, const int16_t* them) {
  switch (code) {
#ifdef YINSH_NNUE_X86
    case NnueCode::Vnni: return forward_vnni<H>(net, us, them);
    case NnueCode::Avx2: return forward_avx2<H>(net, us, them);
#endif
#ifdef __wasm_simd128__
    case NnueCode::Simd128: return forward_simd128<H>(net, us, them);
#endif
    default: return forward_scalar<H>(net, us, them);
  }
}

template <int H>
void update_width(const Network& net, const int16_t* from, int16_t* to, const int* removed,
                  int n_removed, const int* added, int n_added, bool simd) {
#ifdef YINSH_NNUE_X86
  if (simd && HAS_AVX2) return update_avx2<H>(net, from, to, removed, n_removed, added, n_added);
#endif
#ifdef __wasm_simd128__
  if (simd) return update_simd128<H>(net, from, to, removed, n_removed, added, n_added);
#endif
  (void)simd;
  update_scalar<H>(net, from, to, removed, n_removed, added, n_added);
}

}  // namespace

bool nnue_code_supported(NnueCode code) {
  switch (code) {
    case NnueCode::Scalar: return true;
    case NnueCode::Avx2: return HAS_AVX2;
    case NnueCode::Vnni: return HAS_VNNI;
    case NnueCode::Simd128:
#ifdef __wasm_simd128__
      return true;
#else
      return false;
#endif
  }
  return false;
}

NnueCode nnue_code() { return BEST_CODE; }

const char* to_string(NnueCode code) {
  switch (code) {
    case NnueCode::Avx2: return "avx2";
    case NnueCode::Vnni: return "vnni";
    case NnueCode::Simd128: return "simd128";
    case NnueCode::Scalar: break;
  }
  return "scalar";
}

namespace {
int forward_code(NnueCode code, const Network& net, const int16_t* us, const int16_t* them) {
  if (net.hidden == 256) return forward_width<256>(code, net, us, them);
  return forward_width<128>(code, net, us, them);
}
}  // namespace

int forward_on(NnueCode code, const Network& net, const int16_t* us, const int16_t* them) {
  return forward_code(nnue_code_supported(code) ? code : NnueCode::Scalar, net, us, them);
}

int forward(const Network& net, const int16_t* us, const int16_t* them, bool simd) {
  return forward_code(simd ? BEST_CODE : NnueCode::Scalar, net, us, them);
}

void update(const Network& net, const int16_t* from, int16_t* to, const int* removed, int n_removed,
            const int* added, int n_added, bool simd) {
  if (net.hidden == 256) return update_width<256>(net, from, to, removed, n_removed, added, n_added, simd);
  update_width<128>(net, from, to, removed, n_removed, added, n_added, simd);
}

void apply_feature(const Network& net, int16_t* acc, int feature, int sign, bool simd) {
  update(net, acc, acc, &feature, sign < 0, &feature, sign > 0, simd);
}

std::shared_ptr<const Network> parse_network(const uint8_t* data, size_t size, std::string* error) {
  auto fail = [&](const std::string& m) -> std::shared_ptr<const Network> {
    if (error) *error = m;
    return nullptr;
  };
  if (size < HEADER_SIZE || std::memcmp(data, "YNNU", 4) != 0)
    return fail("not a YINSH network file (magic)");
  Reader r{data + 4};
  const uint32_t version = r.u32(), inputs = r.u32(), hidden = r.u32(), l1 = r.u32();
  const uint32_t flags = r.u32();
  if (version != NNUE_VERSION)
    return fail("network file version " + std::to_string(version) + ", expected " +
                std::to_string(NNUE_VERSION));
  if (inputs != NNUE_INPUTS || !supported_hidden(int(std::min<uint32_t>(hidden, 1u << 20))) ||
      l1 != NNUE_L1)
    return fail("network shape " + std::to_string(inputs) + "x" + std::to_string(hidden) + "x" +
                std::to_string(l1) + ", this engine reads " + std::to_string(NNUE_INPUTS) +
                "x128x" + std::to_string(NNUE_L1) + " and " + std::to_string(NNUE_INPUTS) + "x256x" +
                std::to_string(NNUE_L1));
  if (flags & ~FLAG_RESIDUAL) return fail("network file has unknown flags " + std::to_string(flags));
  const int h = int(hidden);
  if (size != network_file_size(h))
    return fail("network file has " + std::to_string(size) + " bytes, expected " +
                std::to_string(network_file_size(h)) + " for width " + std::to_string(h) +
                " (truncated?)");
  Reader tail{data + size - 4};
  if (tail.u32() != fnv1a(data, size - 4)) return fail("network file checksum mismatch");
  auto net = std::make_shared<Network>();
  net->residual = (flags & FLAG_RESIDUAL) != 0;
  net->hidden = h;
  // The unused tails of the rows stay zero (make_shared value-initializes).
  for (int i = 0; i < h; ++i) net->ft_bias[i] = r.i16();
  for (auto& row : net->ft_weight)
    for (int i = 0; i < h; ++i) row[i] = r.i16();
  for (auto& b : net->l1_bias) b = int32_t(r.u32());
  for (auto& row : net->l1_weight)
    for (int i = 0; i < 2 * h; ++i) row[i] = r.i8();
  net->out_bias = int32_t(r.u32());
  for (auto& w : net->out_weight) w = r.i16();
  return net;
}

std::shared_ptr<const Network> load_network(const std::string& path, std::string* error) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    if (error) *error = "cannot open network file '" + path + "'";
    return nullptr;
  }
  std::vector<uint8_t> bytes;
  uint8_t buf[1 << 16];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0 && bytes.size() < (64u << 20);)
    bytes.insert(bytes.end(), buf, buf + n);
  std::fclose(f);
  std::string why;
  auto net = parse_network(bytes.data(), bytes.size(), &why);
  if (!net && error) *error = path + ": " + why;
  return net;
}

}  // namespace yinsh::nnue
