#include "stats.h"

#include <algorithm>
#include <cmath>

namespace yinsh {

namespace {

double elo_of(double p) {
  p = std::clamp(p, 1e-3, 1 - 1e-3);
  return std::clamp(-400.0 * std::log10(1.0 / p - 1.0), -1200.0, 1200.0);
}
double score_of(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

// Mean score per game and its per-game variance.
void moments(const Score& s, double& mean, double& var) {
  const double n = s.games();
  mean = s.points() / n;
  var = (s.wins * (1 - mean) * (1 - mean) + s.draws * (0.5 - mean) * (0.5 - mean) +
         s.losses * mean * mean) / n;
}

// Mean score per game of a pair and the variance of that mean between pairs.
void moments(const PairCounts& p, double& mean, double& var) {
  const double n = p.pairs();
  mean = 0;
  for (int k = 0; k < 5; ++k) mean += p.n[k] * (k / 4.0);
  mean /= n;
  var = 0;
  for (int k = 0; k < 5; ++k) var += p.n[k] * (k / 4.0 - mean) * (k / 4.0 - mean);
  var /= n;
}

// `n` units (games or pairs) with this mean score per game and variance per unit.
// The variance floor 0.25 / n keeps a margin when every unit scored alike (a perfect score,
// or every pair split): the rule of three's bound on the mean.
EloEstimate estimate(int n, double mean, double var) {
  EloEstimate e;
  if (n == 0) return e;
  const double se = std::sqrt(std::max(var, 0.25 / n) / n);
  e.elo = elo_of(mean);
  e.margin = (elo_of(mean + 1.96 * se) - elo_of(mean - 1.96 * se)) / 2;
  return e;
}

// Log-likelihood ratio of mean score s1 against s0 for n units of this mean and variance.
// The floor 0.01 on the variance keeps the first units from deciding alone.
double llr(int n, double mean, double var, double elo0, double elo1) {
  if (n == 0) return 0;
  var = std::max(var, 0.01);
  const double s0 = score_of(elo0), s1 = score_of(elo1);
  return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
}

}  // namespace

EloEstimate estimate_elo(const Score& s) {
  if (s.games() == 0) return {};
  double mean, var;
  moments(s, mean, var);
  return estimate(s.games(), mean, var);
}

EloEstimate estimate_elo(const PairCounts& p) {
  if (p.pairs() == 0) return {};
  double mean, var;
  moments(p, mean, var);
  return estimate(p.pairs(), mean, var);
}

double sprt_llr(const Score& s, double elo0, double elo1) {
  if (s.games() == 0) return 0;
  double mean, var;
  moments(s, mean, var);
  return llr(s.games(), mean, var, elo0, elo1);
}

double sprt_llr(const PairCounts& p, double elo0, double elo1) {
  if (p.pairs() == 0) return 0;
  double mean, var;
  moments(p, mean, var);
  return llr(p.pairs(), mean, var, elo0, elo1);
}

double sprt_lower_bound(const SprtParams& p) { return std::log(p.beta / (1 - p.alpha)); }
double sprt_upper_bound(const SprtParams& p) { return std::log((1 - p.beta) / p.alpha); }

namespace {
SprtVerdict verdict(double llr, const SprtParams& p) {
  if (llr >= sprt_upper_bound(p)) return SprtVerdict::AcceptH1;
  if (llr <= sprt_lower_bound(p)) return SprtVerdict::AcceptH0;
  return SprtVerdict::Continue;
}
}  // namespace

SprtVerdict sprt_verdict(const Score& s, const SprtParams& p) {
  if (s.games() < SPRT_MIN_GAMES) return SprtVerdict::Continue;  // variance not yet known
  return verdict(sprt_llr(s, p.elo0, p.elo1), p);
}

SprtVerdict sprt_verdict(const PairCounts& s, const SprtParams& p) {
  if (2 * s.pairs() < SPRT_MIN_GAMES) return SprtVerdict::Continue;
  return verdict(sprt_llr(s, p.elo0, p.elo1), p);
}

std::string to_string(SprtVerdict v) {
  switch (v) {
    case SprtVerdict::AcceptH0: return "H0 accepted";
    case SprtVerdict::AcceptH1: return "H1 accepted";
    default: return "continue";
  }
}

}  // namespace yinsh
