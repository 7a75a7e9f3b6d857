// Puzzle ratings in the store (tables of migration 4, store_migrations.h), written once against
// sql.h for both stores. Like lichess: an account's puzzle rating and each puzzle's own rating
// are Glicko-2 ratings (rating/glicko2.h), and an attempt is a game between them: solved is a
// win for the player and a loss for the puzzle. Only an account's first attempt at a puzzle is
// rated (puzzle_attempts' key (account, puzzle) keeps one row), so a retry, a reload or a
// double submission of the same attempt counts once.
//
// An account starts at kPuzzleStart; a puzzle starts at the set's rating (puzzle_set.h) with
// kPuzzleStartDeviation. Blocking: the API calls these on the accounts pool.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "rating/glicko2.h"
#include "server/db/sql.h"

namespace yinsh::server {

using json = nlohmann::json;

// The guests' trainer starts at 1200 too (web/src/puzzles/puzzles.ts), on the set's scale.
constexpr rating::Rating kPuzzleStart{1200.0, 350.0, 0.06};
constexpr double kPuzzleStartDeviation = 200.0;
// How many recent attempts GET /api/account/puzzles lists.
constexpr int kRecentPuzzleAttempts = 20;

struct PuzzleAttempt {
  std::string puzzle;
  bool solved = false;
  int64_t at = 0;
  double before = 0, after = 0, deviation = 0;  // the account's rating; deviation after
  double puzzle_rating = 0;                     // the puzzle's rating before the attempt
};

// The first attempt of `account` at `puzzle` (whose set rating is `set_rating`): both ratings
// move, in the caller's transaction. When the account tried this puzzle before, nothing changes
// and the stored first attempt comes back with `counted` false. Throws UniqueViolation when a
// concurrent submission of the same attempt committed first (the caller's transaction is then
// rolled back; run it again to read the stored one).
struct PuzzleRecord {
  bool counted = false;
  PuzzleAttempt attempt;
};
PuzzleRecord record_puzzle_attempt(Sql& q, const std::string& account, const std::string& puzzle,
                                   double set_rating, bool solved, int64_t at);

// {"rating", "deviation", "provisional", "attempts", "solved"} of the account (the start values
// and zero counts before its first attempt).
json puzzle_rating_json(Sql& q, const std::string& account);
// The same, with "recent" (the last kRecentPuzzleAttempts attempts, newest first) and "done"
// ({puzzle id: "solved"|"failed"} of every puzzle tried): GET /api/account/puzzles.
json puzzle_profile_json(Sql& q, const std::string& account);
// One attempt as the API shows it: {"puzzle", "solved", "at", "before", "after", "diff",
// "puzzle_rating"}.
json puzzle_attempt_json(const PuzzleAttempt& a);
// Whether the account has a puzzle rating (it tried a puzzle): player pages show it then.
bool has_puzzle_rating(Sql& q, const std::string& account);

}  // namespace yinsh::server
