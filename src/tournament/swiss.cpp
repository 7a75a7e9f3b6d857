// Swiss pairing as one maximum-weight matching (swiss.h).
#include "tournament/swiss.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>

#include "tournament/matching.h"

namespace yinsh::tournament {

namespace {

using Wide = __int128;

int balance_of(const SwissPlayer& p) {
  int b = 0;
  for (Colour c : p.colours) b += int(c);
  return b;
}

// The played colours, latest last.
std::vector<Colour> played(const SwissPlayer& p) {
  std::vector<Colour> out;
  for (Colour c : p.colours)
    if (c != Colour::None) out.push_back(c);
  return out;
}

bool met(const SwissPlayer& a, const SwissPlayer& b) {
  return std::find(a.opponents.begin(), a.opponents.end(), b.id) != a.opponents.end();
}

// The colour conflict of a pair: 0 when both can have what they wish, else the weaker wish's
// cost in colour units; `absolute` when one of them would break an absolute rule.
int colour_cost(const ColourWish& a, const ColourWish& b, bool& absolute) {
  absolute = false;
  if (a.colour == Colour::None || a.colour != b.colour) return 0;
  switch (std::min(a.strength, b.strength)) {
    case 3: absolute = true; return 0;
    case 2: return 4;
    default: return 1;
  }
}

// Stronger first: score, rating, then the lower id.
bool ranks_above(const SwissPlayer& a, const SwissPlayer& b) {
  return std::tuple(a.score2, a.rating, -a.id) > std::tuple(b.score2, b.rating, -b.id);
}

}  // namespace

ColourWish colour_wish(const SwissPlayer& p) {
  const int balance = balance_of(p);
  const auto seq = played(p);
  const bool two_same = seq.size() >= 2 && seq[seq.size() - 1] == seq[seq.size() - 2];
  if (balance >= 2 || (two_same && seq.back() == Colour::White)) return {Colour::Black, 3};
  if (balance <= -2 || (two_same && seq.back() == Colour::Black)) return {Colour::White, 3};
  if (balance == 1) return {Colour::Black, 2};
  if (balance == -1) return {Colour::White, 2};
  if (!seq.empty()) return {seq.back() == Colour::White ? Colour::Black : Colour::White, 1};
  return {};
}

SwissRound pair_swiss(std::span<const SwissPlayer> given) {
  std::vector<SwissPlayer> p(given.begin(), given.end());
  std::sort(p.begin(), p.end(), [](const SwissPlayer& a, const SwissPlayer& b) { return a.id < b.id; });
  for (size_t i = 1; i < p.size(); ++i)
    if (p[i].id == p[i - 1].id) throw std::invalid_argument("pair_swiss: player " + std::to_string(p[i].id) + " twice");
  const int n = int(p.size());
  SwissRound round;
  if (n == 0) return round;

  // Rank within each score group (aim 5).
  std::map<int, std::vector<int>> groups;  // score2 -> indices, strongest first
  for (int i = 0; i < n; ++i) groups[p[size_t(i)].score2].push_back(i);
  std::vector<int> rank(p.size()), group_size(p.size());
  for (auto& [score, members] : groups) {
    std::sort(members.begin(), members.end(), [&](int a, int b) { return ranks_above(p[size_t(a)], p[size_t(b)]); });
    for (size_t r = 0; r < members.size(); ++r) {
      rank[size_t(members[r])] = int(r);
      group_size[size_t(members[r])] = int(members.size());
    }
  }
  int min_score = p[0].score2, max_score = p[0].score2;
  for (const auto& q : p) min_score = std::min(min_score, q.score2), max_score = std::max(max_score, q.score2);
  std::vector<ColourWish> wish;
  for (const auto& q : p) wish.push_back(colour_wish(q));

  // The units of the aims, each past the sum of all lower ones over a whole round: u5 top
  // half against bottom half, u4 colour wishes, u3 score gaps, u2 absolute colour rules, u1
  // rematches and second byes; `base` makes one more game worth more than all of them.
  const Wide pairs = n / 2 + 1;
  const Wide max_ds2 = Wide(max_score - min_score) * (max_score - min_score);
  const Wide u5 = 1, u4 = pairs * n * u5 + 1, u3 = pairs * (4 * u4 + n) + 1;
  const Wide u2 = pairs * (max_ds2 * u3 + 4 * u4 + n) + 1;
  const Wide u1 = pairs * (u2 + max_ds2 * u3 + 4 * u4 + n) + 1;
  const Wide max_penalty = u1 + u2 + max_ds2 * u3 + 4 * u4 + n;
  const Wide base = (pairs + 1) * max_penalty + 1;
  if (base > (Wide(1) << 60)) throw std::invalid_argument("pair_swiss: too many players or too wide scores to pair");

  std::vector<WeightedEdge> edges;
  edges.reserve(size_t(n) * size_t(n + 1) / 2);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const auto &a = p[size_t(i)], &b = p[size_t(j)];
      const Wide ds = a.score2 - b.score2;
      bool absolute = false;
      Wide penalty = ds * ds * u3 + colour_cost(wish[size_t(i)], wish[size_t(j)], absolute) * u4;
      if (absolute) penalty += u2;
      if (met(a, b) || met(b, a)) penalty += u1;
      if (a.score2 == b.score2) {  // 1 against k/2 + 1
        const int half = group_size[size_t(i)] / 2;
        penalty += std::abs(std::abs(rank[size_t(i)] - rank[size_t(j)]) - half) * u5;
      }
      edges.push_back({i, j, int64_t(base - penalty)});
    }
  const int bye = n % 2 ? n : -1;
  if (bye >= 0)
    for (int i = 0; i < n; ++i) {  // the lowest score, then the lowest in its group
      const Wide ds = p[size_t(i)].score2 - min_score;
      Wide penalty = ds * ds * u3 + (group_size[size_t(i)] - 1 - rank[size_t(i)]) * u5;
      if (p[size_t(i)].had_bye) penalty += u1;
      edges.push_back({i, bye, int64_t(base - penalty)});
    }

  const auto mate = max_weight_matching(n + (bye >= 0 ? 1 : 0), edges);
  std::vector<std::pair<int, int>> matched;  // indices, stronger first
  for (int i = 0; i < n; ++i) {
    const int m = mate[size_t(i)];
    if (m == bye && bye >= 0) round.bye = p[size_t(i)].id;
    else if (m > i) matched.emplace_back(ranks_above(p[size_t(i)], p[size_t(m)]) ? std::pair(i, m) : std::pair(m, i));
    else if (m < 0) throw std::logic_error("pair_swiss: a player left unpaired");
  }
  std::sort(matched.begin(), matched.end(),
            [&](const auto& x, const auto& y) { return ranks_above(p[size_t(x.first)], p[size_t(y.first)]); });

  for (size_t board = 0; board < matched.size(); ++board) {
    const auto [hi, lo] = matched[board];
    const auto &a = p[size_t(hi)], &b = p[size_t(lo)];
    const ColourWish wa = wish[size_t(hi)], wb = wish[size_t(lo)];
    bool a_white;
    if (wa.colour == Colour::None && wb.colour == Colour::None) a_white = board % 2 == 0;  // alternate down the boards
    else if (wa.colour == Colour::None) a_white = wb.colour == Colour::Black;
    else if (wb.colour == Colour::None || wa.colour != wb.colour) a_white = wa.colour == Colour::White;
    else if (wa.strength != wb.strength) a_white = (wa.strength > wb.strength) == (wa.colour == Colour::White);
    else if (balance_of(a) != balance_of(b)) a_white = balance_of(a) < balance_of(b);
    else a_white = wa.colour == Colour::White;  // the higher-ranked player has their wish
    round.pairs.push_back(a_white ? SwissPair{a.id, b.id} : SwissPair{b.id, a.id});
    if (met(a, b) || met(b, a)) ++round.rematches;
  }
  return round;
}

}  // namespace yinsh::tournament
