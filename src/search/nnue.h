// NNUE evaluation: a small quantized network over sparse board features, evaluated from
// accumulators that the search updates incrementally (nnue_accumulator.h).
//
// Features, from one side's point of view ("own" = that side), NNUE_INPUTS in all:
//   kind * 85 + point   kind 0 own ring, 1 opposing ring, 2 own marker, 3 opposing marker;
//                       point = dense number 0..84 (selfplay_data.h's dense_index)
//   340 + r             own rings removed r = 0..2
//   343 + r             opposing rings removed r = 0..2
//   346 + pool / 4      markers left in the pool, in 13 buckets (0..12)
// No pending-removal state: the search evaluates only placement and ring-move positions
// (row and ring removals are always searched through), so it is always "none".
//
// Network: one feature transformer shared by both sides, NNUE_INPUTS -> H (int16, scale 127;
// H, the hidden width, is read from the file: 128 (the built-in network) or 256); the side to
// move's accumulator then the other's, clipped to 0..127, feed a 2*H -> NNUE_L1 layer (int8 weights, scale 64; output >> 6 clipped to 0..127),
// then NNUE_L1 -> 1 (int16 weights, scale 1024). The output is the side to move's winning
// logit; the engine's score is 100 x that logit (the linear evaluation's scale).
//
// File (little-endian): "YNNU" | u32 version 1 | u32 inputs | u32 hidden | u32 l1 | u32 flags |
//   i16 ft_bias[hidden] | i16 ft_weight[inputs][hidden] | i32 l1_bias[l1] |
//   i8 l1_weight[l1][2*hidden] | i32 out_bias | i16 out_weight[l1] |
//   u32 FNV-1a of every byte before it. Flags: bit 0 (FLAG_RESIDUAL) = the network corrects the
//   linear evaluation: the score is the linear evaluation plus the network's output.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace yinsh::nnue {

inline constexpr int NNUE_INPUTS = 359;
inline constexpr int NNUE_HIDDEN = 128;      // the built-in network's width
inline constexpr int NNUE_MAX_HIDDEN = 256;  // the widest a file may be
// The hidden widths this engine reads (each has its own compiled kernels).
constexpr bool supported_hidden(int h) { return h == 128 || h == 256; }
inline constexpr int NNUE_L1 = 32;
inline constexpr uint32_t NNUE_VERSION = 1;
inline constexpr int FT_SCALE = 127, L1_SCALE = 64, L1_SHIFT = 6, OUT_SCALE = 1024;
inline constexpr int SCORE_PER_LOGIT = 100;
inline constexpr uint32_t FLAG_RESIDUAL = 1;

// Feature numbers.
inline constexpr int RING_OWN = 0, RING_THEIRS = 1, MARKER_OWN = 2, MARKER_THEIRS = 3;
constexpr int piece_feature(int kind, int dense_point) { return kind * 85 + dense_point; }
constexpr int removed_feature(bool own, int removed) { return 340 + (own ? 0 : 3) + removed; }
constexpr int pool_feature(int pool) { return 346 + (pool > 51 ? 51 : pool) / 4; }

// The arrays have room for the widest network; one of width `hidden` uses the first `hidden`
// entries of ft_bias and of each ft_weight row, and the first 2 * hidden of each l1_weight row
// (the side to move's `hidden` inputs, then the other side's).
struct Network {
  int hidden = NNUE_HIDDEN;
  alignas(32) int16_t ft_bias[NNUE_MAX_HIDDEN];
  alignas(32) int16_t ft_weight[NNUE_INPUTS][NNUE_MAX_HIDDEN];
  alignas(32) int32_t l1_bias[NNUE_L1];
  alignas(32) int8_t l1_weight[NNUE_L1][2 * NNUE_MAX_HIDDEN];
  int32_t out_bias;
  bool residual = false;  // FLAG_RESIDUAL: add the linear evaluation
  alignas(32) int16_t out_weight[NNUE_L1];
};

// Lazy evaluation with a residual network (score = linear + correction). When the linear score
// is at least `margin` outside the window (alpha, beta) and the correction is smaller than
// `margin`, the score is on the same side of the window, so the leaf can skip the network and
// return a bound that stays true: linear - margin on a fail high, linear + margin on a fail
// low. Returns false (evaluate fully) otherwise, and always when margin <= 0.
constexpr bool lazy_residual_bound(int linear, int alpha, int beta, int margin, int* bound) {
  if (margin <= 0) return false;
  if (linear - margin >= beta) {
    *bound = linear - margin;
    return true;
  }
  if (linear + margin <= alpha) {
    *bound = linear + margin;
    return true;
  }
  return false;
}

// Size of a network file of hidden width `hidden`.
size_t network_file_size(int hidden = NNUE_HIDDEN);

// Parses a network file's bytes; nullptr with `error` (bad magic, version, shape, size or
// checksum). The file's hidden width must be supported_hidden().
std::shared_ptr<const Network> parse_network(const uint8_t* data, size_t size, std::string* error);
std::shared_ptr<const Network> load_network(const std::string& path, std::string* error);
// The network built into the binary (src/search/nnue.bin); never null.
std::shared_ptr<const Network> embedded_network();

// Accumulators hold net.hidden lanes (Accumulator has room for NNUE_MAX_HIDDEN).
// The two accumulators (side to move first) -> the score, centi-rings from the side to move's
// point of view. `simd` false forces the scalar path (tests); both give identical results.
int forward(const Network& net, const int16_t* us, const int16_t* them, bool simd = true);
// True when a SIMD path runs: AVX2 (x86-64, detected at run time) or WebAssembly SIMD128 (a
// module built with -msimd128; the browser picks that module only where SIMD is supported).
bool simd_available();

// The kernels of the dense layer (2H -> NNUE_L1), all giving identical results: forward()
// with simd runs the best one this build has on this CPU (nnue_code()); forward_on() runs a
// given one (tests and benchmarks compare them; one not supported here runs the scalar one).
// Vnni needs AVX-512 VL and VNNI: one vpdpbusd for AVX2's three instructions per 32 products,
// on the same 256-bit registers (512-bit ones measured slower in the search: lower clock).
enum class NnueCode : uint8_t { Scalar, Avx2, Vnni, Simd128 };
bool nnue_code_supported(NnueCode code);
NnueCode nnue_code();
const char* to_string(NnueCode code);
int forward_on(NnueCode code, const Network& net, const int16_t* us, const int16_t* them);

// to = from minus the weights of the `removed` features plus those of the `added` ones
// (wrapping int16 arithmetic; `to` may be `from`).
void update(const Network& net, const int16_t* from, int16_t* to, const int* removed, int n_removed,
            const int* added, int n_added, bool simd = true);
// Adds (sign +1) or subtracts (-1) one feature's weights to an accumulator.
void apply_feature(const Network& net, int16_t* acc, int feature, int sign, bool simd = true);

}  // namespace yinsh::nnue
