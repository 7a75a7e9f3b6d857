// Texel-style tuning of the evaluation weights: self-play games at a fixed depth give
// positions labelled with the final result; a logistic model sigmoid(eval / 100) of the side
// to move's expected score is fitted to them by gradient descent. Deterministic for a seed.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "search/eval.h"

namespace yinsh {

struct Sample {
  FeatureVector features;  // side to move's point of view
  float result;            // 1 win, 0.5 draw, 0 loss for the side to move
  int score = 0;           // the self-play search's score (side to move), for win probability
  bool scored = false;     // false: a single legal decision, answered without a search
};

struct TuneConfig {
  int games = 400;
  int depth = 2;            // self-play search depth
  int random_plies = 6;     // random placements opening each game
  double random_move_rate = 0.05;  // chance of a random ring move (variety)
  int threads = 2;
  uint64_t seed = 1;
  int epochs = 2000;
  double learning_rate = 0.5;
  Weights start = default_weights();
};

// Plays the self-play games (in parallel, each game seeded by its index: the samples do not
// depend on the thread count) and returns their samples in game order.
std::vector<Sample> selfplay_samples(const TuneConfig& cfg,
                                     const std::function<void(int done)>& progress);

// Mean squared error of sigmoid(w.f / 100) against the results.
double tuning_loss(const std::vector<Sample>& samples, const std::vector<double>& w);

// Fits the weights (Adam on the mean squared error); the F_REMOVED weight is fitted too.
Weights fit_weights(const std::vector<Sample>& samples, const TuneConfig& cfg,
                    double* loss_before, double* loss_after);

// `{ a, b, ... }`: the body of weights.h.
std::string format_weights(const Weights& w);

}  // namespace yinsh
