// Match statistics: Elo difference with a 95% error margin, and the sequential probability
// ratio test (SPRT) of H0: elo = elo0 against H1: elo = elo1 (logistic Elo, trinomial games,
// the normal approximation used by fishtest).
#pragma once

#include <string>

namespace yinsh {

struct Score {
  int wins = 0, draws = 0, losses = 0;  // from the first player's point of view
  int games() const { return wins + draws + losses; }
  double points() const { return wins + 0.5 * draws; }
};

struct EloEstimate {
  double elo = 0;     // clamped to +-1200 when one side scored everything
  double margin = 0;  // half-width of the 95% interval
};

EloEstimate estimate_elo(const Score& s);

struct SprtParams {
  double elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05;
};

// No verdict before this many games: the per-game variance is estimated from the games.
inline constexpr int SPRT_MIN_GAMES = 16;

enum class SprtVerdict { Continue, AcceptH0, AcceptH1 };

double sprt_llr(const Score& s, double elo0, double elo1);
SprtVerdict sprt_verdict(const Score& s, const SprtParams& p);
double sprt_lower_bound(const SprtParams& p);  // log(beta / (1 - alpha))
double sprt_upper_bound(const SprtParams& p);  // log((1 - beta) / alpha)
std::string to_string(SprtVerdict v);

}  // namespace yinsh
