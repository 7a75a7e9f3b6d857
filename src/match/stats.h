// Match statistics: Elo difference with a 95% error margin, and the sequential probability
// ratio test (SPRT) of H0: elo = elo0 against H1: elo = elo1 (logistic Elo, the normal
// approximation used by fishtest). Two models: trinomial (every game independent) and
// pentanomial (game pairs: a match plays each opening twice with colours swapped, and the two
// games of a pair are not independent, so the pair is the unit of the variance).
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

// Finished game pairs by the first player's points in the pair: n[k] pairs with k/2 points
// (k = 0: both lost, 2: one win and one loss or two draws, 4: both won).
struct PairCounts {
  int n[5] = {0, 0, 0, 0, 0};
  int pairs() const { return n[0] + n[1] + n[2] + n[3] + n[4]; }
  void add(double points_of_pair) { ++n[int(points_of_pair * 2 + 0.5)]; }
};

// The same estimate from the pairs' mean score and the variance between pairs.
EloEstimate estimate_elo(const PairCounts& p);

struct SprtParams {
  double elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05;
};

// No verdict before this many games: the per-game variance is estimated from the games.
inline constexpr int SPRT_MIN_GAMES = 16;

enum class SprtVerdict { Continue, AcceptH0, AcceptH1 };

double sprt_llr(const Score& s, double elo0, double elo1);
SprtVerdict sprt_verdict(const Score& s, const SprtParams& p);
// Pentanomial: no verdict before SPRT_MIN_GAMES / 2 pairs.
double sprt_llr(const PairCounts& s, double elo0, double elo1);
SprtVerdict sprt_verdict(const PairCounts& s, const SprtParams& p);
double sprt_lower_bound(const SprtParams& p);  // log(beta / (1 - alpha))
double sprt_upper_bound(const SprtParams& p);  // log((1 - beta) / alpha)
std::string to_string(SprtVerdict v);

}  // namespace yinsh
