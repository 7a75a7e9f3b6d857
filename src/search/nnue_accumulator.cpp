#include "nnue_accumulator.h"

#include <cstring>

#include "search/selfplay_data.h"

namespace yinsh::nnue {

namespace {

// Kind of absolute set s (0 W rings, 1 B rings, 2 W markers, 3 B markers) seen by `persp`.
constexpr int kind_for(int set, Color persp) {
  const int colour = set & 1, piece = set >> 1;  // piece 0 ring, 1 marker
  return piece * 2 + (colour == int(persp) ? 0 : 1);
}

// Changes of one perspective between two feature states.
struct Delta {
  int added[192], removed[192];
  int n_added = 0, n_removed = 0;
};

// Both perspectives' changes in one pass over the sets (the counts are the same for both).
void diff(const FeatureState& from, const FeatureState& to, Delta (&d)[2]) {
  for (int s = 0; s < 4; ++s) {
    const int kw = kind_for(s, WHITE), kb = kind_for(s, BLACK);
    for (Point p : to.sets[size_t(s)] & ~from.sets[size_t(s)]) {
      const int i = dense_index(p);
      d[WHITE].added[d[WHITE].n_added++] = piece_feature(kw, i);
      d[BLACK].added[d[BLACK].n_added++] = piece_feature(kb, i);
    }
    for (Point p : from.sets[size_t(s)] & ~to.sets[size_t(s)]) {
      const int i = dense_index(p);
      d[WHITE].removed[d[WHITE].n_removed++] = piece_feature(kw, i);
      d[BLACK].removed[d[BLACK].n_removed++] = piece_feature(kb, i);
    }
  }
  for (int persp = 0; persp < 2; ++persp) {
    Delta& e = d[persp];
    for (int own = 0; own < 2; ++own) {
      const Color c = own ? Color(persp) : ~Color(persp);
      if (from.removed[c] != to.removed[c]) {
        e.removed[e.n_removed++] = removed_feature(own, from.removed[c]);
        e.added[e.n_added++] = removed_feature(own, to.removed[c]);
      }
    }
    if (pool_feature(from.pool) != pool_feature(to.pool)) {
      e.removed[e.n_removed++] = pool_feature(from.pool);
      e.added[e.n_added++] = pool_feature(to.pool);
    }
  }
}

}  // namespace

FeatureState feature_state(const Position& pos) {
  FeatureState s;
  s.sets = {pos.rings(WHITE), pos.rings(BLACK), pos.markers(WHITE), pos.markers(BLACK)};
  s.removed[WHITE] = uint8_t(std::min(pos.removed(WHITE), 2));
  s.removed[BLACK] = uint8_t(std::min(pos.removed(BLACK), 2));
  s.pool = uint8_t(pos.markers_in_pool());
  s.side = pos.side_to_move();
  return s;
}

int active_features(const FeatureState& s, Color persp, int* out) {
  int n = 0;
  for (int set = 0; set < 4; ++set)
    for (Point p : s.sets[size_t(set)]) out[n++] = piece_feature(kind_for(set, persp), dense_index(p));
  out[n++] = removed_feature(true, s.removed[persp]);
  out[n++] = removed_feature(false, s.removed[~persp]);
  out[n++] = pool_feature(s.pool);
  return n;
}

void refresh(const Network& net, const FeatureState& s, Accumulator& acc, bool simd) {
  int features[2 * NUM_POINTS + 3];
  for (int c = 0; c < 2; ++c) {
    const int n = active_features(s, Color(c), features);
    update(net, net.ft_bias, acc.v[c], nullptr, 0, features, n, simd);
  }
}

int evaluate_scratch(const Network& net, const Position& pos, bool simd) {
  Accumulator acc;
  const FeatureState s = feature_state(pos);
  refresh(net, s, acc, simd);
  return forward(net, acc.v[s.side], acc.v[~s.side], simd);
}

void AccumulatorStack::reset(const Position& root) {
  top_ = 0;
  entries_[0].state = feature_state(root);
  entries_[0].computed = false;
}

void AccumulatorStack::push(const Position& after_move) {
  Entry& e = entries_[size_t(++top_)];
  e.state = feature_state(after_move);
  e.computed = false;
}

// Entry k from entry k - 1 (computed): the features that differ, or a refresh when more
// than 60 differ.
void AccumulatorStack::compute_from_below(const Network& net, int k, bool simd) {
  Entry& e = entries_[size_t(k)];
  const Entry& from = entries_[size_t(k - 1)];
  Delta d[2];
  diff(from.state, e.state, d);
  if (d[0].n_added + d[0].n_removed > 60) {  // a refresh is cheaper
    refresh(net, e.state, e.acc, simd);
  } else {
    for (int c = 0; c < 2; ++c)
      update(net, from.acc.v[c], e.acc.v[c], d[c].removed, d[c].n_removed, d[c].added, d[c].n_added, simd);
  }
  e.computed = true;
}

const Accumulator& AccumulatorStack::current(const Network& net, bool simd) {
  Entry& top = entries_[size_t(top_)];
  if (computed_with_ != &net) {  // another network: nothing below is valid
    for (int k = 0; k <= top_; ++k) entries_[size_t(k)].computed = false;
    computed_with_ = &net;
  }
  if (top.computed) return top.acc;
  // Every entry from the nearest computed one up to the top is computed, so that the
  // siblings evaluated next (the same entries below them) need one small update each.
  int base = top_;
  while (base >= 0 && !entries_[size_t(base)].computed) --base;
  if (base < 0) {
    refresh(net, entries_[0].state, entries_[0].acc, simd);
    entries_[0].computed = true;
    base = 0;
  }
  for (int k = base + 1; k <= top_; ++k) compute_from_below(net, k, simd);
  return top.acc;
}

int AccumulatorStack::evaluate(const Network& net, bool simd) {
  const Accumulator& acc = current(net, simd);
  const Color side = entries_[size_t(top_)].state.side;
  return forward(net, acc.v[side], acc.v[~side], simd);
}

}  // namespace yinsh::nnue
