#include "eval.h"

#include "core/cpu_dispatch.h"
#include "core/fill.h"
#include "core/geometry.h"
#include "eval_stats.h"
#include "weights.h"

namespace yinsh {

namespace {

constexpr const char* NAMES[NUM_FEATURES] = {
    "removed", "markers", "w2", "w3_us", "w3_them", "w4_us", "w4_them", "rownow_us",
    "rownow_them", "mobility", "central", "flip", "rings_stuck", "endgame"};

const Weights TUNED = YINSH_TUNED_WEIGHTS;

// A side's rings in one direction d, all rings at once (fill.h): the empty points they slide
// over, and the marker groups right after those (or right after a ring) that end on an empty
// point, which they can jump: one destination each, beyond the group, whose opposing markers
// are flippable. `ends` holds the markers whose group, followed in direction d, ends on an
// empty point. Returns the first marker of each jumpable group.
struct SideRays {
  SideRays(Bitboard own_rings, Bitboard their_markers) : rings(own_rings), theirs(their_markers) {}
  Bitboard rings, theirs;
  int destinations = 0;
  Bitboard flippable;
};
template <Direction d, bool Markers>
[[gnu::always_inline]] inline Bitboard side_ray(SideRays& x, Bitboard ends, const FillChain<d>& over_empty,
                                                const FillChain<d>& over_markers) {
  const Bitboard slid = fill<d>(x.rings, over_empty) & ~x.rings;
  if constexpr (!Markers) {
    x.destinations += slid.count();
    return Bitboard();
  }
  const Bitboard jumps = shift_steps<d>(slid | x.rings, 1) & ends;
  x.destinations += (slid | jumps).count();  // disjoint: empty points, markers
  x.flippable |= fill<d>(jumps, over_markers) & x.theirs;
  return jumps;
}
// Both directions of a line orientation (d positive), both sides: the chains do not depend on
// the side and are computed once. Rings that can move along it are added to `movable`.
template <Direction d, bool Markers>
[[gnu::always_inline]] inline void line_rays(SideRays& a, SideRays& b, Bitboard rings, Bitboard empty,
                                             Bitboard markers, Bitboard& movable) {
  constexpr Direction o = opposite(d);
  const FillChain<d> empty_d(empty), markers_d(markers);
  const FillChain<o> empty_o(empty), markers_o(markers);
  Bitboard ends_d, ends_o;
  if constexpr (Markers) {
    ends_d = fill<o>(shift_steps<o>(empty, 1) & markers, markers_o);
    ends_o = fill<d>(shift_steps<d>(empty, 1) & markers, markers_d);
  }
  const Bitboard jd = side_ray<d, Markers>(a, ends_d, empty_d, markers_d) |
                      side_ray<d, Markers>(b, ends_d, empty_d, markers_d);
  const Bitboard jo = side_ray<o, Markers>(a, ends_o, empty_o, markers_o) |
                      side_ray<o, Markers>(b, ends_o, empty_o, markers_o);
  movable |= rings & (shift_steps<o>(empty | jd, 1) | shift_steps<d>(empty | jo, 1));
}

// Five-windows with k of `own`'s markers and none of `other`'s (k = 2, 3, 4), and the 4-windows
// holding one of `rings` (rows next turn). All windows of a direction at once: bit p of a mask
// stands for the window starting at p, the five bits of each window are summed with bit-sliced
// adders (p + k * DIR_SHIFT is the window's k-th point: shifts never wrap, geometry.h).
constexpr Direction WINDOW_DIRS[3] = {N, E, NE};
constexpr Bitboard::u128 WINDOW_STARTS[3] = {five_starts(BOARD, N).raw(), five_starts(BOARD, E).raw(),
                                             five_starts(BOARD, NE).raw()};
static_assert(Bitboard::from_raw(WINDOW_STARTS[0]).count() + Bitboard::from_raw(WINDOW_STARTS[1]).count() +
                  Bitboard::from_raw(WINDOW_STARTS[2]).count() ==
              NUM_WINDOWS);

[[gnu::always_inline]] inline void window_counts(Bitboard own, Bitboard other, Bitboard rings, SideStats& c) {
  using u128 = Bitboard::u128;
  const u128 m = own.raw(), t = other.raw(), r = rings.raw();
  for (int i = 0; i < 3; ++i) {
    const int s = DIR_SHIFT[WINDOW_DIRS[i]];
    const u128 x1 = m >> s, x2 = m >> 2 * s, x3 = m >> 3 * s, x4 = m >> 4 * s;
    const u128 blocked = t | t >> s | t >> 2 * s | t >> 3 * s | t >> 4 * s;
    const u128 open = WINDOW_STARTS[i] & ~blocked;
    // sum = b0 + 2 * (c1 + c2 + c3 + c4), at most 5, so at most two carries are set.
    const u128 s1 = m ^ x1, c1 = m & x1;
    const u128 s2 = s1 ^ x2, c2 = s1 & x2;
    const u128 s3 = s2 ^ x3, c3 = s2 & x3;
    const u128 b0 = s3 ^ x4, c4 = s3 & x4;
    const u128 b1 = c1 ^ c2 ^ c3 ^ c4, b2 = (c1 | c2 | c3 | c4) & ~b1;  // sum = b0 + 2 b1 + 4 b2
    const u128 four = open & ~b0 & b2;
    const u128 ring_in = r | r >> s | r >> 2 * s | r >> 3 * s | r >> 4 * s;
    c.w2 += Bitboard::from_raw(open & ~b0 & b1).count();
    c.w3 += Bitboard::from_raw(open & b0 & b1).count();
    c.w4 += Bitboard::from_raw(four).count();
    c.rownow += Bitboard::from_raw(four & ring_in).count();
  }
}

// Both sides' statistics (eval_stats.h). Markers is false while rings are placed (no marker on
// the board yet): slides only, no window. (Always inlined, so that each compiled form of the
// feature pass counts bits with its own instructions.)
template <bool Markers>
[[gnu::always_inline]] inline void side_stats(const Position& pos, SideStats& su, SideStats& st) {
  const Color us = pos.side_to_move(), them = ~us;
  const Bitboard markers = pos.markers(), empty = BOARD & ~(pos.rings() | markers);
  SideRays a(pos.rings(us), pos.markers(them)), b(pos.rings(them), pos.markers(us));
  Bitboard movable;
  line_rays<N, Markers>(a, b, pos.rings(), empty, markers, movable);
  line_rays<E, Markers>(a, b, pos.rings(), empty, markers, movable);
  line_rays<NE, Markers>(a, b, pos.rings(), empty, markers, movable);
  const auto finish = [movable](const SideRays& x, SideStats& s) {
    s.mobility = x.destinations;
    s.flippable = x.flippable.count();
    s.movable = (movable & x.rings).count();
  };
  finish(a, su);
  finish(b, st);
  if constexpr (Markers) {
    window_counts(pos.markers(us), pos.markers(them), movable & a.rings, su);
    window_counts(pos.markers(them), pos.markers(us), movable & b.rings, st);
  }
}

// The features from both sides' statistics, however they were computed, and from the
// position: stuck rings (rings not movable), central (the points on each ring's lines).
[[gnu::always_inline]] inline void assemble(const Position& pos, const SideStats& su, const SideStats& st,
                                            FeatureVector& f) {
  f.fill(0);
  const Color us = pos.side_to_move(), them = ~us;
  f[F_REMOVED] = pos.removed(us) - pos.removed(them);
  const Bitboard ru = pos.rings(us), rt = pos.rings(them);
  int central = 0;
  for (Point p : ru) central += GEO.reach[p];
  for (Point p : rt) central -= GEO.reach[p];
  f[F_MOBILITY] = su.mobility - st.mobility;
  f[F_CENTRAL] = central;
  f[F_RINGS_STUCK] = (ru.count() - su.movable) - (rt.count() - st.movable);
  if (pos.step() == Step::Place) return;  // no markers yet
  f[F_MARKERS] = pos.markers(us).count() - pos.markers(them).count();
  f[F_FLIP] = su.flippable - st.flippable;
  const int pool = pos.markers_in_pool();
  f[F_ENDGAME] = f[F_REMOVED] * (pool < 20 ? 20 - pool : 0);
  f[F_W2] = su.w2 - st.w2;
  f[F_W3_US] = su.w3;
  f[F_W3_THEM] = st.w3;
  f[F_W4_US] = su.w4;
  f[F_W4_THEM] = st.w4;
  f[F_ROWNOW_US] = su.rownow;
  f[F_ROWNOW_THEM] = st.rownow;
}

[[gnu::always_inline]] inline void features(const Position& pos, FeatureVector& f) {
  SideStats su, st;
  if (pos.step() == Step::Place) side_stats<false>(pos, su, st);
  else side_stats<true>(pos, su, st);
  assemble(pos, su, st, f);
}

#if YINSH_X86_DISPATCH
// The AVX2 form (eval_avx2.cpp), on CPUs with AVX2 (which all have popcnt, so what this
// function counts itself uses that instruction too): both sides at once.
__attribute__((target("popcnt"))) void features_avx2(const Position& pos, FeatureVector& f) {
  SideStats su, st;
  side_stats_avx2(pos, su, st);
  assemble(pos, su, st, f);
}
// The AVX-512 form (eval_avx512.cpp): the same body with fewer instructions.
__attribute__((target("popcnt"))) void features_avx512(const Position& pos, FeatureVector& f) {
  SideStats su, st;
  side_stats_avx512(pos, su, st);
  assemble(pos, su, st, f);
}
// Read once at start-up (before that, static initialisation of another file reads false:
// another form, same numbers).
const bool HAS_AVX2 = (__builtin_cpu_init(), __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt"));
const bool HAS_AVX512 = HAS_AVX2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vbmi2") &&
                        __builtin_cpu_supports("avx512bitalg");
#endif

// Without AVX2, the 128-bit form. Where the build's target lacks the popcnt instruction (a
// package for any x86-64), it is compiled twice: without popcnt every Bitboard::count() is a
// call into libgcc, and the linear evaluation, which every search leaf runs (the network
// corrects it), spent over 40% of its time there. Chosen at start-up; the same numbers.
#if YINSH_X86_DISPATCH && !defined(__POPCNT__)
#define YINSH_EVAL_POPCNT_FORMS 1
__attribute__((target("popcnt"))) void features_popcnt(const Position& pos, FeatureVector& f) {
  features(pos, f);
}
void features_generic(const Position& pos, FeatureVector& f) { features(pos, f); }
const bool HAS_POPCNT = (__builtin_cpu_init(), __builtin_cpu_supports("popcnt"));
#endif

}  // namespace

const char* feature_name(int f) { return f >= 0 && f < NUM_FEATURES ? NAMES[f] : "?"; }

const Weights& default_weights() { return TUNED; }

std::optional<Weights> parse_weights(std::string_view text) {
  if (text.find_first_not_of(" :") == std::string_view::npos) return default_weights();
  Weights w{};
  int n = 0;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == ':') {
      ++i;
      continue;
    }
    size_t j = i;
    if (text[j] == '-') ++j;
    const size_t digits = j;
    while (j < text.size() && text[j] >= '0' && text[j] <= '9') ++j;
    if (j == digits || j - digits > 6 || n >= NUM_FEATURES) return std::nullopt;
    if (j < text.size() && text[j] != ' ' && text[j] != ':') return std::nullopt;
    w[size_t(n++)] = std::stoi(std::string(text.substr(i, j - i)));
    i = j;
  }
  if (n != NUM_FEATURES) return std::nullopt;
  return w;
}

std::string weights_to_text(const Weights& w) {
  std::string s;
  for (int i = 0; i < NUM_FEATURES; ++i) s += (i ? ":" : "") + std::to_string(w[size_t(i)]);
  return s;
}

namespace {
// The 128-bit form this build runs on this CPU.
EvalCode word_code() {
#if YINSH_EVAL_POPCNT_FORMS
  return HAS_POPCNT ? EvalCode::Popcnt : EvalCode::Generic;
#else
  return EvalCode::Native;
#endif
}
}  // namespace

EvalCode eval_code() {
#if YINSH_X86_DISPATCH
  if (HAS_AVX512) return EvalCode::Avx512;
  if (HAS_AVX2) return EvalCode::Avx2;
#endif
  return word_code();
}

const char* to_string(EvalCode code) {
  switch (code) {
    case EvalCode::Generic: return "generic";
    case EvalCode::Popcnt: return "popcnt";
    case EvalCode::Avx2: return "avx2";
    case EvalCode::Avx512: return "avx512";
    case EvalCode::Native: break;
  }
  return "native";
}

void extract_features_on(EvalCode code, const Position& pos, FeatureVector& f) {
#if YINSH_X86_DISPATCH
  if (code == EvalCode::Avx512 && HAS_AVX512) return features_avx512(pos, f);
  if (code == EvalCode::Avx2 && HAS_AVX2) return features_avx2(pos, f);
#endif
#if YINSH_EVAL_POPCNT_FORMS
  if (code == EvalCode::Popcnt && HAS_POPCNT) return features_popcnt(pos, f);
  return features_generic(pos, f);
#else
  (void)code;
  features(pos, f);
#endif
}

void extract_features(const Position& pos, FeatureVector& f) { extract_features_on(eval_code(), pos, f); }

int evaluate(const Position& pos, const Weights& w) {
  FeatureVector f;
  extract_features(pos, f);
  int s = 0;
  for (int i = 0; i < NUM_FEATURES; ++i) s += w[i] * f[i];
  return s;
}

}  // namespace yinsh
