#include "tournament/arena_pairing.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "tournament/matching.h"

namespace yinsh::tournament {

ArenaPairing pair_arena(std::span<const ArenaWaiting> given) {
  std::vector<ArenaWaiting> w(given.begin(), given.end());
  std::sort(w.begin(), w.end(), [](const auto& a, const auto& b) { return a.place != b.place ? a.place < b.place : a.id < b.id; });
  for (size_t i = 0; i < w.size(); ++i)
    for (size_t j = i + 1; j < w.size(); ++j)
      if (w[i].id == w[j].id) throw std::invalid_argument("pair_arena: player " + std::to_string(w[i].id) + " twice");
  const int n = int(w.size());
  ArenaPairing out;
  if (n < 2) {
    for (const auto& x : w) out.waiting.push_back(x.id);
    return out;
  }
  int64_t max_d2 = 0;
  for (const auto& x : w) max_d2 = std::max<int64_t>(max_d2, int64_t(x.place - w[0].place) * (x.place - w[0].place));
  const int64_t pairs = n / 2 + 1;
  const int64_t u2 = pairs * max_d2 + 1;            // an immediate rematch
  const int64_t base = (pairs + 1) * (u2 + max_d2) + 1;  // one more game
  if (base > (int64_t(1) << 60) / 4) throw std::invalid_argument("pair_arena: places too far apart to pair");
  std::vector<WeightedEdge> edges;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const int64_t d = w[size_t(i)].place - w[size_t(j)].place;
      const bool again = w[size_t(i)].last_opponent == w[size_t(j)].id || w[size_t(j)].last_opponent == w[size_t(i)].id;
      if (again && !(w[size_t(i)].may_rematch && w[size_t(j)].may_rematch)) continue;
      edges.push_back({i, j, base - d * d - (again ? u2 : 0)});
    }
  const auto mate = max_weight_matching(n, edges);
  for (int i = 0; i < n; ++i) {
    const int m = mate[size_t(i)];
    if (m < 0) {
      out.waiting.push_back(w[size_t(i)].id);
      continue;
    }
    if (m < i) continue;
    const auto &a = w[size_t(i)], &b = w[size_t(m)];  // a is placed higher
    bool a_white;
    if (a.colour_balance != b.colour_balance) a_white = a.colour_balance < b.colour_balance;
    else if (a.last_colour != b.last_colour) a_white = a.last_colour != Colour::White;
    else a_white = true;
    out.pairs.push_back(a_white ? SwissPair{a.id, b.id} : SwissPair{b.id, a.id});
  }
  return out;
}

}  // namespace yinsh::tournament
