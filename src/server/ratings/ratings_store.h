// Ratings in the store: the Glicko-2 update of a rated game, applied inside the transaction
// that stores the game's result (so a crash, a restart or a second server can neither lose it
// nor apply it twice: the result event and the rating rows commit together or not at all,
// and rating_history's key (game, account) refuses a second row), and what players' pages
// read. Written once against sql.h for both stores.
//
// Only games created rated, between two accounts or an account and an AI level, are rated.
// AI levels have fixed ratings (kAiRatings, docs/accounts.md "AI ratings") that never move.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rating/category.h"
#include "rating/glicko2.h"
#include "server/db/sql.h"

namespace yinsh::server {

using json = nlohmann::json;

// The AI levels' fixed ratings (level 1..8), calibrated from the level ladder of docs/ai.md.
constexpr std::array<double, 8> kAiRatings = {980, 1380, 1500, 1670, 1930, 2330, 2580, 2720};
constexpr double kAiDeviation = 60;
rating::Rating ai_rating(int level);

// One player's change in one rated game.
struct RatingChange {
  std::string account;  // empty for an AI level
  double before = 0, after = 0, deviation = 0;  // deviation after the game
  bool provisional = false;  // after the game
  int diff() const;  // after - before, rounded as shown
};

// A finished rated game, as the room hands it to the store with the result's append.
struct RatedGame {
  std::string game;
  rating::Category category = rating::Category::Untimed;
  std::array<std::string, 2> account;  // white, black; empty: the AI
  std::array<int, 2> ai_level{};       // when that seat is the AI
  double white_score = 0.5;            // 1, 0.5 or 0
  int64_t at = 0;
  // Filled by apply_rating: white's and black's change (nullopt for an AI seat).
  std::array<std::optional<RatingChange>, 2> change;
};

// Reads both players' ratings, computes and writes the new ones, their history rows and the
// win/draw/loss counts, inside the caller's transaction; fills `g.change`. Throws
// UniqueViolation if the game was rated already (nothing is then committed).
void apply_rating(Sql& q, RatedGame& g);

// The changes a game made (empty when it was not rated), from rating_history.
std::array<std::optional<RatingChange>, 2> load_rating_changes(Sql& q, const std::string& game);

// {"white": {"before", "after", "diff", "provisional"}|null, "black": ...} (docs/api.md).
json rating_changes_json(const std::array<std::optional<RatingChange>, 2>& c);

// An account's stored ratings, one per category it has played rated games in (the lobby's
// copy: seek_ratings.h).
struct CurrentRating {
  rating::Category category = rating::Category::Untimed;
  double rating = 1500, deviation = 350;
};
std::vector<CurrentRating> load_current_ratings(Sql& q, const std::string& account);

// "1500?" while provisional, "1500" after.
std::string shown_rating(double rating, bool provisional);

}  // namespace yinsh::server
