// Ratings in the store (ratings_store.h).
#include "server/ratings/ratings_store.h"

#include <algorithm>
#include <cmath>

namespace yinsh::server {

rating::Rating ai_rating(int level) {
  const int i = std::clamp(level, 1, int(kAiRatings.size())) - 1;
  return rating::Rating{kAiRatings[size_t(i)], kAiDeviation, 0.06};
}

int RatingChange::diff() const { return int(std::lround(after) - std::lround(before)); }

std::string shown_rating(double rating, bool provisional) {
  return std::to_string(std::lround(rating)) + (provisional ? "?" : "");
}

namespace {

rating::Rating stored_rating(Sql& q, const std::string& account, std::string_view category) {
  const auto rows = q.run("SELECT rating, deviation, volatility FROM ratings WHERE account_id=? AND category=?",
                          {account, std::string(category)});
  if (rows.empty()) return {};
  return {sql_double(rows[0].at(0)), sql_double(rows[0].at(1)), sql_double(rows[0].at(2))};
}

// Whether the account was deleted (its row stays, without ratings): checked in the result's
// transaction, so that an account deleted while its game went on gets no rating row back.
bool deleted_account(Sql& q, const std::string& account) {
  const auto rows = q.run("SELECT deleted FROM accounts WHERE id=?", {account});
  return !rows.empty() && sql_int(rows[0].at(0)) != 0;
}

}  // namespace

void apply_rating(Sql& q, RatedGame& g) {
  const std::string category(rating::name(g.category));
  std::array<rating::Rating, 2> before;
  for (int c = 0; c < 2; ++c)
    before[size_t(c)] = g.account[size_t(c)].empty() ? ai_rating(g.ai_level[size_t(c)])
                                                     : stored_rating(q, g.account[size_t(c)], category);
  for (int c = 0; c < 2; ++c) {
    const auto i = size_t(c);
    if (g.account[i].empty()) continue;  // the AI's rating does not move
    if (deleted_account(q, g.account[i])) continue;  // its opponent is still rated against it
    const double score = c == 0 ? g.white_score : 1 - g.white_score;
    const rating::Outcome game{before[1 - i], score};
    const rating::Rating after = rating::rate(before[i], {&game, 1});
    const int64_t win = score == 1, draw = score == 0.5, loss = score == 0;
    q.run("INSERT INTO rating_history(game_id, account_id, category, color, score, rating_before, rating_after, "
          "deviation_before, deviation_after, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          {g.game, g.account[i], category, std::string(c == 0 ? "white" : "black"), score, before[i].rating,
           after.rating, before[i].deviation, after.deviation, g.at});
    q.run("INSERT INTO ratings(account_id, category, rating, deviation, volatility, games, wins, draws, losses, "
          "updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?) ON CONFLICT (account_id, category) DO UPDATE SET "
          "rating=excluded.rating, deviation=excluded.deviation, volatility=excluded.volatility, "
          "games=ratings.games+1, wins=ratings.wins+excluded.wins, draws=ratings.draws+excluded.draws, "
          "losses=ratings.losses+excluded.losses, updated_at=excluded.updated_at",
          {g.account[i], category, after.rating, after.deviation, after.volatility, win, draw, loss, g.at});
    g.change[i] = RatingChange{g.account[i], before[i].rating, after.rating, after.deviation, rating::provisional(after)};
  }
}

std::array<std::optional<RatingChange>, 2> load_rating_changes(Sql& q, const std::string& game) {
  std::array<std::optional<RatingChange>, 2> out;
  for (const auto& r : q.run("SELECT color, account_id, rating_before, rating_after, deviation_after FROM "
                             "rating_history WHERE game_id=?",
                             {game})) {
    RatingChange c{sql_text(r.at(1)), sql_double(r.at(2)), sql_double(r.at(3)), sql_double(r.at(4)), false};
    c.provisional = c.deviation > rating::kProvisionalDeviation;
    out[sql_text(r.at(0)) == "white" ? 0 : 1] = c;
  }
  return out;
}

std::vector<CurrentRating> load_current_ratings(Sql& q, const std::string& account) {
  std::vector<CurrentRating> out;
  for (const auto& r : q.run("SELECT category, rating, deviation FROM ratings WHERE account_id=?", {account}))
    if (auto c = rating::parse_category(sql_text(r.at(0))))
      out.push_back({*c, sql_double(r.at(1)), sql_double(r.at(2))});
  return out;
}

json rating_changes_json(const std::array<std::optional<RatingChange>, 2>& c) {
  json j = json::object();
  for (int i = 0; i < 2; ++i) {
    const auto& x = c[size_t(i)];
    j[i == 0 ? "white" : "black"] =
        x ? json{{"before", std::lround(x->before)},
                 {"after", std::lround(x->after)},
                 {"diff", x->diff()},
                 {"provisional", x->provisional}}
          : json(nullptr);
  }
  return j;
}

}  // namespace yinsh::server
