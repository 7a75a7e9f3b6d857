#include "rating/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace yinsh::rating {
namespace {

constexpr double kScale = 173.7178;  // Glicko-2's scale factor (400 / ln 10)
constexpr double kEpsilon = 1e-6;     // convergence tolerance of the volatility iteration

double g(double phi) { return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi)); }

double expectation(double mu, double mu_j, double phi_j) { return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j))); }

// Step 5: the new volatility, by the Illinois variant of regula falsi on f(x) = 0.
double new_volatility(double sigma, double phi, double v, double delta, double tau) {
  const double a = std::log(sigma * sigma);
  const double d2 = delta * delta, p2 = phi * phi;
  auto f = [&](double x) {
    const double ex = std::exp(x);
    return ex * (d2 - p2 - v - ex) / (2.0 * (p2 + v + ex) * (p2 + v + ex)) - (x - a) / (tau * tau);
  };
  double A = a, B;
  if (d2 > p2 + v) {
    B = std::log(d2 - p2 - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0) ++k;
    B = a - k * tau;
  }
  double fA = f(A), fB = f(B);
  for (int i = 0; i < 200 && std::abs(B - A) > kEpsilon; ++i) {
    const double C = A + (A - B) * fA / (fB - fA);
    const double fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return std::exp(A / 2);
}

}  // namespace

Rating update(const Rating& player, std::span<const Outcome> games, double tau) {
  const double mu = (player.rating - 1500.0) / kScale;
  const double phi = player.deviation / kScale;
  if (games.empty()) {
    return {player.rating, kScale * std::sqrt(phi * phi + player.volatility * player.volatility), player.volatility};
  }
  double v_inv = 0, sum = 0;
  for (const Outcome& o : games) {
    const double mu_j = (o.opponent.rating - 1500.0) / kScale;
    const double phi_j = o.opponent.deviation / kScale;
    const double e = expectation(mu, mu_j, phi_j);
    v_inv += g(phi_j) * g(phi_j) * e * (1 - e);
    sum += g(phi_j) * (o.score - e);
  }
  const double v = 1.0 / v_inv;
  const double delta = v * sum;
  const double sigma = new_volatility(player.volatility, phi, v, delta, tau);
  const double phi_star = std::sqrt(phi * phi + sigma * sigma);
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * sum;
  return {kScale * mu_new + 1500.0, kScale * phi_new, sigma};
}

Rating rate(const Rating& player, std::span<const Outcome> games) {
  Rating r = update(player, games);
  r.deviation = std::clamp(r.deviation, kMinDeviation, kMaxDeviation);
  return r;
}

double expected_score(const Rating& a, const Rating& b) {
  return expectation((a.rating - 1500.0) / kScale, (b.rating - 1500.0) / kScale, b.deviation / kScale);
}

}  // namespace yinsh::rating
