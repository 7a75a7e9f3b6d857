// Evaluation: a linear function of YINSH features, from the side to move's point of view.
// Features are small integers computed from bitboards; the weights (weights.h) are tuned from
// self-play by `yinsh tune` (Texel-style logistic regression on game results).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/position.h"

namespace yinsh {

// Feature indices. "diff" features are (side to move) minus (opponent); "us"/"them" features
// are kept apart because the side to move has the tempo.
enum Feature : int {
  F_REMOVED,       // diff: rings removed
  F_MARKERS,       // diff: markers on the board
  F_W2,            // diff: five-windows with 2 own markers and no opposing marker
  F_W3_US,         // five-windows with 3 own markers and no opposing marker, side to move
  F_W3_THEM,       //   ... opponent
  F_W4_US,         // five-windows with 4 own markers and no opposing marker, side to move
  F_W4_THEM,       //   ... opponent
  F_ROWNOW_US,     // a 4-window whose fifth point holds an own movable ring (row next move)
  F_ROWNOW_THEM,   //   ... opponent
  F_MOBILITY,      // diff: ring destinations
  F_CENTRAL,       // diff: sum over rings of the points on their three lines
  F_FLIP,          // diff: opposing markers the rings can jump (flip) this move
  F_RINGS_STUCK,   // diff: rings with no destination
  F_ENDGAME,       // diff of rings removed, times how close the marker pool is to empty (0..20)
  NUM_FEATURES
};

using FeatureVector = std::array<int, NUM_FEATURES>;
using Weights = std::array<int, NUM_FEATURES>;

const char* feature_name(int f);

// Weights as text: NUM_FEATURES whole numbers separated by ':' or spaces; "" gives the
// default weights; nullopt when malformed.
std::optional<Weights> parse_weights(std::string_view text);
std::string weights_to_text(const Weights& w);  // ':'-separated

// The committed tuned weights (weights.h).
const Weights& default_weights();

// Features of a position whose step is Place or Move (removal steps are searched through).
void extract_features(const Position& pos, FeatureVector& f);

// The compiled form extract_features runs. On x86-64 CPUs with AVX2, Avx2: both sides at once,
// one per half of a 256-bit register (eval_avx2.cpp), in any x86-64 build, the package
// included; on those with AVX-512 VL, BW, VBMI2 and BITALG, Avx512: the same with fewer
// instructions (eval_avx512.cpp). Otherwise 128-bit words: a build for any x86-64 (the package) has a generic form
// and one with the popcnt instruction, chosen at start-up; a build whose target has popcnt
// (-march=native) or no such choice (WebAssembly) has one, Native. All give the same numbers.
enum class EvalCode : uint8_t { Generic, Popcnt, Native, Avx2, Avx512 };
EvalCode eval_code();
const char* to_string(EvalCode code);
// The same on a given form (for tests); a form this build or CPU lacks runs one it has.
void extract_features_on(EvalCode code, const Position& pos, FeatureVector& f);

// Score in centi-rings-like units (a removed ring is worth F_REMOVED's weight).
int evaluate(const Position& pos, const Weights& w);

}  // namespace yinsh
