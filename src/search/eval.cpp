#include "eval.h"

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

// One pass over a side's rings: destinations, stuck rings, jumpable opposing markers.
RingStats ring_stats(const Position& pos, Color c) {
  RingStats s;
  const Bitboard rings = pos.rings(), markers = pos.markers(), theirs = pos.markers(~c);
  for (Point p : pos.rings(c)) {
    int n = 0;
    s.central += GEO.reach[p];
    for (int d = 0; d < NUM_DIRECTIONS; ++d) {
      const Direction dir = Direction(d);
      const Bitboard dest = ring_destinations(p, dir, rings, markers);
      n += dest.count();
      if (!dest) continue;
      // The farthest destination is a jump landing when markers lie before it.
      const Point far = is_positive(dir) ? dest.msb() : dest.lsb();
      s.flippable |= between(p, far) & theirs;
    }
    s.mobility += n;
    if (n == 0) ++s.stuck;
    else s.movable |= Bitboard::of(p);
  }
  return s;
}

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

void extract_features(const Position& pos, FeatureVector& f) {
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

  for (const Window& w : GEO.windows) {
    const int a = (w.mask & mu).count(), b = (w.mask & mt).count();
    if (b == 0) {
      if (a == 2) ++f[F_W2];
      else if (a == 3) ++f[F_W3_US];
      else if (a == 4) {
        ++f[F_W4_US];
        if (w.mask & su.movable) ++f[F_ROWNOW_US];
      }
    }
    if (a == 0) {
      if (b == 2) --f[F_W2];
      else if (b == 3) ++f[F_W3_THEM];
      else if (b == 4) {
        ++f[F_W4_THEM];
        if (w.mask & st.movable) ++f[F_ROWNOW_THEM];
      }
    }
  }
}

int evaluate(const Position& pos, const Weights& w) {
  FeatureVector f;
  extract_features(pos, f);
  int s = 0;
  for (int i = 0; i < NUM_FEATURES; ++i) s += w[i] * f[i];
  return s;
}

}  // namespace yinsh
