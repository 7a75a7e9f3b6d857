// Puzzle ratings in the store (puzzle_store.h).
#include "server/puzzles/puzzle_store.h"

#include <cmath>

namespace yinsh::server {
namespace {

// PostgreSQL: the rows are locked until commit, so two servers rating attempts against the
// same account or puzzle at once cannot lose an update (the account's row first, then the
// puzzle's: one order, no deadlock). SQLite runs one writer at a time anyway.
std::string locked(Sql& q, std::string select) {
  if (q.dialect() == "postgres") select += " FOR UPDATE";
  return select;
}

rating::Rating read_rating(const SqlRow& r) {
  return {sql_double(r.at(0)), sql_double(r.at(1)), sql_double(r.at(2))};
}

std::optional<PuzzleAttempt> stored_attempt(Sql& q, const std::string& account, const std::string& puzzle) {
  const auto rows = q.run("SELECT solved, at, rating_before, rating_after, deviation_after, puzzle_rating FROM "
                          "puzzle_attempts WHERE account_id=? AND puzzle_id=?",
                          {account, puzzle});
  if (rows.empty()) return std::nullopt;
  const auto& r = rows[0];
  return PuzzleAttempt{puzzle,           sql_int(r[0]) != 0,  sql_int(r[1]),      sql_double(r[2]),
                       sql_double(r[3]), sql_double(r[4]),    sql_double(r[5])};
}

}  // namespace

PuzzleRecord record_puzzle_attempt(Sql& q, const std::string& account, const std::string& puzzle,
                                   double set_rating, bool solved, int64_t at) {
  if (auto first = stored_attempt(q, account, puzzle)) return {false, *first};
  q.run("INSERT INTO puzzle_ratings(account_id, rating, deviation, volatility, attempts, solved, updated_at) "
        "VALUES (?, ?, ?, ?, 0, 0, ?) ON CONFLICT (account_id) DO NOTHING",
        {account, kPuzzleStart.rating, kPuzzleStart.deviation, kPuzzleStart.volatility, at});
  q.run("INSERT INTO puzzles(id, rating, deviation, volatility, attempts, solved, updated_at) "
        "VALUES (?, ?, ?, ?, 0, 0, ?) ON CONFLICT (id) DO NOTHING",
        {puzzle, set_rating, kPuzzleStartDeviation, kPuzzleStart.volatility, at});
  const rating::Rating player = read_rating(
      q.run(locked(q, "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE account_id=?"), {account}).at(0));
  const rating::Rating problem =
      read_rating(q.run(locked(q, "SELECT rating, deviation, volatility FROM puzzles WHERE id=?"), {puzzle}).at(0));
  const double score = solved ? 1 : 0;
  const rating::Outcome as_player{problem, score}, as_puzzle{player, 1 - score};
  const rating::Rating player_after = rating::rate(player, {&as_player, 1});
  const rating::Rating puzzle_after = rating::rate(problem, {&as_puzzle, 1});
  const int64_t won = solved ? 1 : 0;
  q.run("INSERT INTO puzzle_attempts(account_id, puzzle_id, solved, at, rating_before, rating_after, "
        "deviation_after, puzzle_rating) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        {account, puzzle, won, at, player.rating, player_after.rating, player_after.deviation, problem.rating});
  q.run("UPDATE puzzle_ratings SET rating=?, deviation=?, volatility=?, attempts=attempts+1, solved=solved+?, "
        "updated_at=? WHERE account_id=?",
        {player_after.rating, player_after.deviation, player_after.volatility, won, at, account});
  q.run("UPDATE puzzles SET rating=?, deviation=?, volatility=?, attempts=attempts+1, solved=solved+?, "
        "updated_at=? WHERE id=?",
        {puzzle_after.rating, puzzle_after.deviation, puzzle_after.volatility, 1 - won, at, puzzle});
  return {true, {puzzle, solved, at, player.rating, player_after.rating, player_after.deviation, problem.rating}};
}

json puzzle_attempt_json(const PuzzleAttempt& a) {
  return {{"puzzle", a.puzzle},
          {"solved", a.solved},
          {"at", a.at},
          {"before", std::lround(a.before)},
          {"after", std::lround(a.after)},
          {"diff", std::lround(a.after) - std::lround(a.before)},
          {"puzzle_rating", std::lround(a.puzzle_rating)}};
}

bool has_puzzle_rating(Sql& q, const std::string& account) {
  return !q.run("SELECT 1 FROM puzzle_ratings WHERE account_id=?", {account}).empty();
}

json puzzle_rating_json(Sql& q, const std::string& account) {
  const auto rows =
      q.run("SELECT rating, deviation, attempts, solved FROM puzzle_ratings WHERE account_id=?", {account});
  const double rating = rows.empty() ? kPuzzleStart.rating : sql_double(rows[0][0]);
  const double deviation = rows.empty() ? kPuzzleStart.deviation : sql_double(rows[0][1]);
  return {{"rating", std::lround(rating)},
          {"deviation", std::lround(deviation)},
          {"provisional", deviation > rating::kProvisionalDeviation},
          {"attempts", rows.empty() ? 0 : sql_int(rows[0][2])},
          {"solved", rows.empty() ? 0 : sql_int(rows[0][3])}};
}

json puzzle_profile_json(Sql& q, const std::string& account) {
  json out = puzzle_rating_json(q, account);
  json recent = json::array();
  json done = json::object();
  // Every attempt (one per puzzle of the set, so a few hundred at most), newest first.
  for (const auto& r : q.run("SELECT puzzle_id, solved, at, rating_before, rating_after, deviation_after, "
                             "puzzle_rating FROM puzzle_attempts WHERE account_id=? ORDER BY at DESC, puzzle_id",
                             {account})) {
    const PuzzleAttempt a{sql_text(r[0]),   sql_int(r[1]) != 0, sql_int(r[2]),   sql_double(r[3]),
                          sql_double(r[4]), sql_double(r[5]),   sql_double(r[6])};
    done[a.puzzle] = a.solved ? "solved" : "failed";
    if (recent.size() < size_t(kRecentPuzzleAttempts)) recent.push_back(puzzle_attempt_json(a));
  }
  out["recent"] = std::move(recent);
  out["done"] = std::move(done);
  return out;
}

}  // namespace yinsh::server
