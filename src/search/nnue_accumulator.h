// The accumulator stack of one search thread: entry k holds the two feature-transformer
// accumulators (White's and Black's point of view) of the position k decisions below the
// root. push() after do_move only records what the features depend on; the accumulators are
// computed when evaluate() needs the top one: each entry from the nearest computed one below
// up to the top, from the entry under it by adding and subtracting the features that differ
// (or from scratch when that is cheaper), so siblings share their parent's work. No allocation.
#pragma once

#include <array>
#include <cstdint>

#include "core/position.h"
#include "search/nnue.h"

namespace yinsh::nnue {

// What the features of a position depend on.
struct FeatureState {
  std::array<Bitboard, 4> sets;  // white rings, black rings, white markers, black markers
  uint8_t removed[2];
  uint8_t pool;
  Color side;
};

FeatureState feature_state(const Position& pos);

// Active features of `perspective` (at most 2*85 + 3); returns their count.
int active_features(const FeatureState& s, Color perspective, int* out);

struct Accumulator {
  alignas(32) int16_t v[2][NNUE_MAX_HIDDEN];  // indexed by perspective colour; net.hidden lanes used
};

// From scratch.
void refresh(const Network& net, const FeatureState& s, Accumulator& acc, bool simd = true);

// The whole evaluation from scratch (tests, benchmarks): refresh + forward.
int evaluate_scratch(const Network& net, const Position& pos, bool simd = true);

class AccumulatorStack {
 public:
  static constexpr int CAPACITY = 256;

  void reset(const Position& root);  // entry 0 = root, nothing computed yet
  void push(const Position& after_move);
  void pop() { --top_; }
  int depth() const { return top_; }
  // The score of the position at the top (centi-rings, side to move's point of view).
  int evaluate(const Network& net, bool simd = true);
  // The top accumulator, brought up to date (tests compare it with refresh()).
  const Accumulator& current(const Network& net, bool simd = true);

 private:
  struct Entry {
    Accumulator acc;
    FeatureState state;
    bool computed;
  };
  void compute_from_below(const Network& net, int k, bool simd);

  std::array<Entry, CAPACITY> entries_;
  int top_ = 0;
  const Network* computed_with_ = nullptr;  // entries computed with another net are stale
};

}  // namespace yinsh::nnue
