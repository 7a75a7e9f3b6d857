#include "tournament/tiebreak.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace yinsh::tournament {

std::vector<SwissStanding> swiss_standings(std::span<const SwissResult> results,
                                           std::span<const std::pair<int, int>> ratings) {
  std::map<int, SwissStanding> by_id;
  for (const auto& [id, rating] : ratings) by_id[id] = {id, 0, 0, 0, rating};
  auto points2 = [](Outcome o) { return o == Outcome::Win ? 2 : o == Outcome::Draw ? 1 : 0; };
  for (const auto& r : results)
    if (auto it = by_id.find(r.player); it != by_id.end()) it->second.score2 += points2(r.outcome);
  for (const auto& r : results) {
    auto me = by_id.find(r.player);
    auto them = by_id.find(r.opponent);
    if (me == by_id.end() || them == by_id.end()) continue;
    const int theirs = them->second.score2;
    me->second.buchholz2 += theirs;
    me->second.sonneborn4 += r.outcome == Outcome::Win ? 2 * theirs : r.outcome == Outcome::Draw ? theirs : 0;
  }
  std::vector<SwissStanding> out;
  for (const auto& [id, s] : by_id) out.push_back(s);
  std::sort(out.begin(), out.end(), [](const SwissStanding& a, const SwissStanding& b) {
    return std::tuple(a.score2, a.buchholz2, a.sonneborn4, a.rating, -a.id) >
           std::tuple(b.score2, b.buchholz2, b.sonneborn4, b.rating, -b.id);
  });
  return out;
}

}  // namespace yinsh::tournament
