#include "tournament/arena.h"

#include <cmath>

namespace yinsh::tournament {

ArenaSheet score_arena(std::span<const ArenaGame> games, const ArenaRules& rules) {
  ArenaSheet s;
  s.marks.reserve(games.size());
  bool previous_win = false;
  for (const ArenaGame& g : games) {
    ArenaMark m;
    switch (g.outcome) {
      case Outcome::Win:
        ++s.wins;
        m.flag = s.on_fire ? Flag::Double : previous_win ? Flag::StreakStarter : Flag::Normal;
        m.points = m.flag == Flag::Double ? 4 : 2;
        if (g.berserk && g.own_decisions >= rules.min_decisions) {
          m.berserk_point = true;
          m.points += 1;
        }
        s.on_fire = m.flag != Flag::Normal;
        previous_win = true;
        break;
      case Outcome::Draw:
        ++s.draws;
        if (g.game_decisions < 2 * rules.min_decisions) m.flag = Flag::Null;
        else m.flag = s.on_fire ? Flag::Double : Flag::Normal;
        m.points = m.flag == Flag::Null ? 0 : m.flag == Flag::Double ? 2 : 1;
        s.on_fire = previous_win = false;
        break;
      case Outcome::Loss:
        ++s.losses;
        s.on_fire = previous_win = false;
        break;
    }
    s.berserks += g.berserk ? 1 : 0;
    s.points += m.points;
    s.marks.push_back(m);
  }
  return s;
}

int performance_rating(std::span<const int> opponent_ratings, int wins, int losses) {
  if (opponent_ratings.empty()) return 0;
  double sum = 0;
  for (int r : opponent_ratings) sum += r;
  const double n = double(opponent_ratings.size());
  return int(std::lround(sum / n + 400.0 * (wins - losses) / n));
}

}  // namespace yinsh::tournament
