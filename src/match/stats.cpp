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

// How many units (games or pairs), their mean score per game and the variance per unit.
struct Moments {
  int n = 0;
  double mean = 0, var = 0;
};

Moments moments(const Score& s) {
  Moments m;
  m.n = s.games();
  if (m.n == 0) return m;
  m.mean = s.points() / m.n;
  m.var = (s.wins * (1 - m.mean) * (1 - m.mean) + s.draws * (0.5 - m.mean) * (0.5 - m.mean) +
           s.losses * m.mean * m.mean) / m.n;
  return m;
}

// A pair's unit is its mean score per game: k / 4 for k half-points in the pair.
Moments moments(const PairCounts& p) {
  Moments m;
  m.n = p.pairs();
  if (m.n == 0) return m;
  for (int k = 0; k < 5; ++k) m.mean += p.n[k] * (k / 4.0);
  m.mean /= m.n;
  for (int k = 0; k < 5; ++k) m.var += p.n[k] * (k / 4.0 - m.mean) * (k / 4.0 - m.mean);
  m.var /= m.n;
  return m;
}

// The variance floor 0.25 / n keeps a margin when every unit scored alike (a perfect score,
// or every pair split): the rule of three's bound on the mean.
EloEstimate estimate(const Moments& m) {
  EloEstimate e;
  if (m.n == 0) return e;
  const double se = std::sqrt(std::max(m.var, 0.25 / m.n) / m.n);
  e.elo = elo_of(m.mean);
  e.margin = (elo_of(m.mean + 1.96 * se) - elo_of(m.mean - 1.96 * se)) / 2;
  return e;
}

// Log-likelihood ratio of mean score s1 against s0. The floor 0.01 on the variance keeps the
// first units from deciding alone.
double llr(const Moments& m, double elo0, double elo1) {
  if (m.n == 0) return 0;
  const double var = std::max(m.var, 0.01);
  const double s0 = score_of(elo0), s1 = score_of(elo1);
  return m.n * (s1 - s0) * (2 * m.mean - s0 - s1) / (2 * var);
}

}  // namespace

EloEstimate estimate_elo(const Score& s) { return estimate(moments(s)); }
EloEstimate estimate_elo(const PairCounts& p) { return estimate(moments(p)); }
double sprt_llr(const Score& s, double elo0, double elo1) { return llr(moments(s), elo0, elo1); }
double sprt_llr(const PairCounts& p, double elo0, double elo1) { return llr(moments(p), elo0, elo1); }

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
