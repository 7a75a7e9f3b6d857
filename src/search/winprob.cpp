#include "winprob.h"

#include <algorithm>
#include <cmath>

#include "search/search.h"

namespace yinsh {

int win_permille(int score, double scale) {
  if (score >= SCORE_MATE_BOUND) return 1000;
  if (score <= -SCORE_MATE_BOUND) return 0;
  const double p = 1.0 / (1.0 + std::exp(-double(score) / scale));
  // A non-forced score is never shown as certain.
  return std::clamp(int(std::lround(p * 1000)), 1, 999);
}

double win_log_loss(const std::vector<ScoredOutcome>& data, double scale) {
  double sum = 0;
  for (const ScoredOutcome& o : data) {
    const double x = double(o.score) / scale;
    // log(1 + e^-x) and log(1 + e^x), computed without overflow.
    const double log_p = -(std::max(-x, 0.0) + std::log1p(std::exp(-std::abs(x))));
    const double log_q = -(std::max(x, 0.0) + std::log1p(std::exp(-std::abs(x))));
    sum -= double(o.result) * log_p + (1 - double(o.result)) * log_q;
  }
  return data.empty() ? 0 : sum / double(data.size());
}

double fit_win_scale(const std::vector<ScoredOutcome>& data) {
  // The loss is unimodal in log(scale) for a logistic model with one slope.
  double a = std::log(10.0), b = std::log(10000.0);
  const double g = (std::sqrt(5.0) - 1) / 2;
  double c = b - g * (b - a), d = a + g * (b - a);
  double fc = win_log_loss(data, std::exp(c)), fd = win_log_loss(data, std::exp(d));
  for (int i = 0; i < 80; ++i) {
    if (fc < fd) {
      b = d, d = c, fd = fc;
      c = b - g * (b - a);
      fc = win_log_loss(data, std::exp(c));
    } else {
      a = c, c = d, fc = fd;
      d = a + g * (b - a);
      fd = win_log_loss(data, std::exp(d));
    }
  }
  return std::exp((a + b) / 2);
}

}  // namespace yinsh
