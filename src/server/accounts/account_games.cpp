#include "server/accounts/account_games.h"

#include <algorithm>
#include <cmath>

#include "rating/category.h"
#include "rating/glicko2.h"
#include "server/store/ongoing_games.h"
#include "server/store/store.h"

namespace yinsh::server {

namespace {

struct Listed {
  OngoingGame game;
  bool your_turn = false;
  json row;
};

// The opponent's name, rating in the game's category (null: a guest, the AI or an open seat;
// 1500 before a first rated game) and bot mark.
json opponent_json(Sql& q, const GameSummary& s, Color mine) {
  const std::string& name = mine == WHITE ? s.black : s.white;
  const std::string& account = mine == WHITE ? s.black_account : s.white_account;
  json o = {{"name", name.empty() ? json(nullptr) : json(name)},
            {"account", !account.empty()},  // false: a guest's, the computer's or an open seat
            {"rating", nullptr},
            {"bot", false}};
  if (account.empty()) return o;
  const auto bot = q.run("SELECT bot FROM accounts WHERE id=?", {account});
  if (!bot.empty()) o["bot"] = sql_int(bot[0][0]) != 0;
  const auto category = rating::categorize(s.variant == Variant::Blitz, s.clock ? s.clock->base_ms : 0,
                                           s.clock ? s.clock->inc_ms : 0);
  const auto r = q.run("SELECT rating FROM ratings WHERE account_id=? AND category=?",
                       {account, std::string(rating::name(category))});
  o["rating"] = r.empty() ? std::lround(rating::Rating{}.rating) : std::lround(sql_double(r[0][0]));
  return o;
}

}  // namespace

HttpReply serve_account_games(Store& store, const std::string& account) {
  std::vector<Listed> list;
  store.transact([&](Sql& q) {
    for (auto& g : ongoing_games(q, account, kMaxOngoingListed)) {
      const GameSummary& s = g.summary;
      Listed l{g, s.status == Status::Active && s.to_move == g.color, {}};
      l.row = {{"id", s.id},
               {"opponent", opponent_json(q, s, g.color)},
               {"color", std::string(color_name(g.color))},
               {"your_turn", l.your_turn},
               {"deadline", s.deadline ? json(*s.deadline) : json(nullptr)},
               {"time_control", clock_json(s.clock)},
               {"variant", s.variant == Variant::Blitz ? "blitz" : "normal"},
               {"rated", s.rated},
               {"status", std::string(to_string(s.status))},
               {"seat_token", seat_token(q, s.id, g.color)}};
      list.push_back(std::move(l));
    }
  });
  std::stable_sort(list.begin(), list.end(), [](const Listed& a, const Listed& b) {
    if (a.your_turn != b.your_turn) return a.your_turn;
    const int64_t da = a.game.summary.deadline.value_or(INT64_MAX), db = b.game.summary.deadline.value_or(INT64_MAX);
    if (da != db) return da < db;
    return a.game.summary.created_at < b.game.summary.created_at;
  });
  json games = json::array();
  int your_turn = 0;
  for (auto& l : list) {
    your_turn += l.your_turn;
    games.push_back(std::move(l.row));
  }
  return {200, {{"games", std::move(games)}, {"your_turn", your_turn}}, {}};
}

}  // namespace yinsh::server
