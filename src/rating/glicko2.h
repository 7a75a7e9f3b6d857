// Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, its
// deviation and a volatility per player and category, updated after each game.
// Standard library only; no I/O.
//
// Choices (documented in docs/ratings.md):
//   - start 1500 / 350 / 0.06, system constant tau = 0.5 (Glickman's own example values);
//   - a rating period is one game: each finished rated game updates both players at once
//     from their ratings before the game;
//   - the deviation is kept within [kMinDeviation, kMaxDeviation];
//   - a rating is provisional while its deviation is above kProvisionalDeviation ("1500?").
#pragma once

#include <span>

namespace yinsh::rating {

struct Rating {
  double rating = 1500.0;
  double deviation = 350.0;
  double volatility = 0.06;
};

constexpr double kTau = 0.5;
constexpr double kMinDeviation = 45.0;
constexpr double kMaxDeviation = 350.0;
constexpr double kProvisionalDeviation = 110.0;

inline bool provisional(const Rating& r) { return r.deviation > kProvisionalDeviation; }

// One game of a rating period, from the player's side: the opponent's rating before the game
// and the player's score (1 win, 0.5 draw, 0 loss).
struct Outcome {
  Rating opponent;
  double score;
};

// Glickman's steps 2-8: the player's new rating after a period with these games. With no
// games only the deviation grows (step 6). `tau` is the system constant. The deviation is
// not clamped here, so the worked example can be checked to the paper's digits.
Rating update(const Rating& player, std::span<const Outcome> games, double tau = kTau);

// The same with the deviation clamped to [kMinDeviation, kMaxDeviation]: what the server
// stores.
Rating rate(const Rating& player, std::span<const Outcome> games);

// Expected score of `a` against `b` (Glicko-2's E with b's deviation).
double expected_score(const Rating& a, const Rating& b);

}  // namespace yinsh::rating
