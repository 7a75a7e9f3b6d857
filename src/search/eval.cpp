#include "eval.h"

#include "core/cpu_dispatch.h"
#include "core/geometry.h"
#include "core/movegen.h"
#include "weights.h"

namespace yinsh {

namespace {

constexpr const char* NAMES[NUM_FEATURES] = {
    "removed", "markers", "w2", "w3_us", "w3_them", "w4_us", "w4_them", "rownow_us",
    "rownow_them", "mobility", "central", "flip", "rings_stuck", "endgame"};

const Weights TUNED = YINSH_TUNED_WEIGHTS;

struct RingStats {
  int mobility = 0, stuck = 0, central = 0;
  Bitboard flippable;  // opposing markers that some ring can jump
  Bitboard movable;    // rings with at least one destination
};

// One direction of a ring on p: its destinations are counted into n, the opposing markers
// it would jump into flippable (the first piece on the ray is a marker, and the first point
// after that unbroken group of markers is empty: the markers from b up to that point).
template <Direction d>
[[gnu::always_inline]] inline void ring_ray(Point p, Bitboard rings, Bitboard markers, Bitboard theirs,
                                            int& n, Bitboard& flippable) {
  const Bitboard r = ray(p, d);
  const int b = nearest_index<d>(r & (rings | markers));
  n += (r & ~(RAYS.ray[d][b] | RAYS.bit[b])).count();
  if (RAYS.bit[b] & markers) {
    const int e = nearest_index<d>(RAYS.ray[d][b] & ~markers);
    if (RAYS.bit[e] & ~rings) {
      ++n;
      flippable |= (RAYS.bit[b] | RAYS.ray[d][b]) & ~(RAYS.bit[e] | RAYS.ray[d][e]) & theirs;
    }
  }
}

// One pass over a side's rings: destinations, stuck rings, jumpable opposing markers.
// (Always inlined, as window_counts, so that each compiled form of the features below counts
// bits with its own instructions.)
[[gnu::always_inline]] inline RingStats ring_stats(const Position& pos, Color c) {
  RingStats s;
  const Bitboard rings = pos.rings(), markers = pos.markers(), theirs = pos.markers(~c);
  for (Bitboard own = pos.rings(c); own;) {
    const Point p = own.pop_lsb();
    int n = 0;
    s.central += GEO.reach[p];
    ring_ray<N>(p, rings, markers, theirs, n, s.flippable);
    ring_ray<S>(p, rings, markers, theirs, n, s.flippable);
    ring_ray<E>(p, rings, markers, theirs, n, s.flippable);
    ring_ray<W>(p, rings, markers, theirs, n, s.flippable);
    ring_ray<NE>(p, rings, markers, theirs, n, s.flippable);
    ring_ray<SW>(p, rings, markers, theirs, n, s.flippable);
    s.mobility += n;
    if (n == 0) ++s.stuck;
    else s.movable |= Bitboard::of(p);
  }
  return s;
}

// Five-windows with k of `own`'s markers and none of `other`'s (k = 2, 3, 4), and the 4-windows
// holding one of `rings` (rows next turn). All windows of a direction at once: bit p of a mask
// stands for the window starting at p, the five bits of each window are summed with bit-sliced
// adders (p + k * DIR_SHIFT is the window's k-th point: shifts never wrap, geometry.h).
struct WindowCounts {
  int w2 = 0, w3 = 0, w4 = 0, rownow = 0;
};

constexpr Direction WINDOW_DIRS[3] = {N, E, NE};
constexpr Bitboard::u128 WINDOW_STARTS[3] = {five_starts(BOARD, N).raw(), five_starts(BOARD, E).raw(),
                                             five_starts(BOARD, NE).raw()};
static_assert(Bitboard::from_raw(WINDOW_STARTS[0]).count() + Bitboard::from_raw(WINDOW_STARTS[1]).count() +
                  Bitboard::from_raw(WINDOW_STARTS[2]).count() ==
              NUM_WINDOWS);

[[gnu::always_inline]] inline WindowCounts window_counts(Bitboard own, Bitboard other, Bitboard rings) {
  using u128 = Bitboard::u128;
  WindowCounts c;
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
  return c;
}

[[gnu::always_inline]] inline void features(const Position& pos, FeatureVector& f) {
  f.fill(0);
  const Color us = pos.side_to_move(), them = ~us;
  f[F_REMOVED] = pos.removed(us) - pos.removed(them);
  const RingStats su = ring_stats(pos, us), st = ring_stats(pos, them);
  f[F_MOBILITY] = su.mobility - st.mobility;
  f[F_CENTRAL] = su.central - st.central;
  f[F_RINGS_STUCK] = su.stuck - st.stuck;
  if (pos.step() == Step::Place) return;  // no markers yet

  const Bitboard mu = pos.markers(us), mt = pos.markers(them);
  f[F_MARKERS] = mu.count() - mt.count();
  f[F_FLIP] = su.flippable.count() - st.flippable.count();
  const int pool = pos.markers_in_pool();
  f[F_ENDGAME] = f[F_REMOVED] * (pool < 20 ? 20 - pool : 0);

  const WindowCounts cu = window_counts(mu, mt, su.movable);
  const WindowCounts ct = window_counts(mt, mu, st.movable);
  f[F_W2] = cu.w2 - ct.w2;
  f[F_W3_US] = cu.w3;
  f[F_W3_THEM] = ct.w3;
  f[F_W4_US] = cu.w4;
  f[F_W4_THEM] = ct.w4;
  f[F_ROWNOW_US] = cu.rownow;
  f[F_ROWNOW_THEM] = ct.rownow;
}

// The feature pass compiled twice where the build's target lacks the popcnt instruction (a
// package for any x86-64): without it every Bitboard::count() is a call into libgcc, and the
// linear evaluation, which every search leaf runs (the network corrects it), spends over 40%
// of its time there. The popcnt form is chosen at start-up; both give the same numbers.
#if YINSH_X86_DISPATCH && !defined(__POPCNT__)
#define YINSH_EVAL_FORMS 1
__attribute__((target("popcnt"))) void features_popcnt(const Position& pos, FeatureVector& f) {
  features(pos, f);
}
void features_generic(const Position& pos, FeatureVector& f) { features(pos, f); }
// Read once at start-up (before that, static initialisation of another file reads false:
// the generic form, same numbers).
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

EvalCode eval_code() {
#if YINSH_EVAL_FORMS
  return HAS_POPCNT ? EvalCode::Popcnt : EvalCode::Generic;
#else
  return EvalCode::Native;
#endif
}

const char* to_string(EvalCode code) {
  switch (code) {
    case EvalCode::Generic: return "generic";
    case EvalCode::Popcnt: return "popcnt";
    case EvalCode::Native: break;
  }
  return "native";
}

void extract_features_on(EvalCode code, const Position& pos, FeatureVector& f) {
#if YINSH_EVAL_FORMS
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
