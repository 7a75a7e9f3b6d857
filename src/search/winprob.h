// Win probability of a search score: the expected result of the side to move,
//   P(score) = 1 / (1 + exp(-score / WIN_SCALE)),
// a logistic model whose one constant was fitted on the outcomes of self-play games
// (`yinsh tune --fit-winprob`, docs/ai.md). Forced results are certain: a forced win is 1000
// permille, a forced loss 0.
#pragma once

#include <vector>

namespace yinsh {

// Centi-rings. Fitted on 21,959 positions of 400 self-play games at depth 4 by
//   yinsh tune --fit-winprob --games 400 --depth 4 --random-rate 0 --threads 2 --seed 1
// (66.52; log-loss 0.6494 against 0.6675 for a scale of 200). docs/ai.md has the table.
inline constexpr double WIN_SCALE = 66.5;

// The side to move's expected result in permille (0..1000) for a score in centi-rings.
int win_permille(int score, double scale = WIN_SCALE);

struct ScoredOutcome {
  int score;     // search score from the side to move's point of view (no forced results)
  float result;  // 1 win, 0.5 draw, 0 loss for the side to move
};

// The scale maximising the likelihood of the outcomes (binary cross-entropy, which takes
// results of 0.5 as they are); golden-section search on log(scale) in [10, 10000].
double fit_win_scale(const std::vector<ScoredOutcome>& data);

// Mean binary cross-entropy of the outcomes under `scale` (lower is better).
double win_log_loss(const std::vector<ScoredOutcome>& data, double scale);

}  // namespace yinsh
