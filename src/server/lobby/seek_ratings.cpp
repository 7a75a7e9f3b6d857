#include "server/lobby/seek_ratings.h"

#include <cmath>

#include "rating/glicko2.h"
#include "server/ratings/ratings_store.h"

namespace yinsh::server {

rating::Category category_of(const GameKind& k) {
  return rating::categorize(k.variant == Variant::Blitz, k.clock ? k.clock->base_ms : 0, k.clock ? k.clock->inc_ms : 0);
}

static ShownRating shown(double rating, double deviation) {
  return {int(std::lround(rating)), deviation > rating::kProvisionalDeviation};
}

void LobbyRatings::set(const std::string& account, const std::vector<CurrentRating>& rows) {
  auto& table = ratings_[account];
  table.clear();
  for (const CurrentRating& r : rows) table[r.category] = shown(r.rating, r.deviation);
}

void LobbyRatings::update(const RatedGame& g) {
  for (const auto& change : g.change) {
    if (!change || change->account.empty()) continue;
    auto it = ratings_.find(change->account);
    if (it == ratings_.end()) continue;  // not connected here
    it->second[g.category] = shown(change->after, change->deviation);
  }
}

ShownRating LobbyRatings::of(const std::string& account, const GameKind& kind) const {
  auto it = ratings_.find(account);
  if (it == ratings_.end()) return {};
  auto r = it->second.find(category_of(kind));
  return r == it->second.end() ? ShownRating{} : r->second;
}

void LobbyRatings::forget(const std::string& account) { ratings_.erase(account); }

}  // namespace yinsh::server
