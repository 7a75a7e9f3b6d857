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

}  // namespace

EloEstimate estimate_elo(const Score& s) {
  EloEstimate e;
  const int n = s.games();
  if (n == 0) return e;
  double mean, var;
  moments(s, mean, var);
  // With a perfect score the variance is 0: use the rule of three's bound on the mean.
  const double se = std::sqrt(std::max(var, 0.25 / n) / n);
  e.elo = elo_of(mean);
  e.margin = (elo_of(mean + 1.96 * se) - elo_of(mean - 1.96 * se)) / 2;
  return e;
}

double sprt_llr(const Score& s, double elo0, double elo1) {
  const int n = s.games();
  if (n == 0) return 0;
  double mean, var;
  moments(s, mean, var);
  var = std::max(var, 0.01);
  const double s0 = score_of(elo0), s1 = score_of(elo1);
  return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
}

double sprt_lower_bound(const SprtParams& p) { return std::log(p.beta / (1 - p.alpha)); }
double sprt_upper_bound(const SprtParams& p) { return std::log((1 - p.beta) / p.alpha); }

SprtVerdict sprt_verdict(const Score& s, const SprtParams& p) {
  if (s.games() < SPRT_MIN_GAMES) return SprtVerdict::Continue;  // variance not yet known
  const double llr = sprt_llr(s, p.elo0, p.elo1);
  if (llr >= sprt_upper_bound(p)) return SprtVerdict::AcceptH1;
  if (llr <= sprt_lower_bound(p)) return SprtVerdict::AcceptH0;
  return SprtVerdict::Continue;
}

std::string to_string(SprtVerdict v) {
  switch (v) {
    case SprtVerdict::AcceptH0: return "H0 accepted";
    case SprtVerdict::AcceptH1: return "H1 accepted";
    default: return "continue";
  }
}

}  // namespace yinsh
