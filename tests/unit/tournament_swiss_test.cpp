// Swiss pairing (tournament/swiss.h), its matching (tournament/matching.h) and tie-breaks
// (tournament/tiebreak.h), on simulated fields of 8 to 200 players.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "tournament/matching.h"
#include "tournament/swiss.h"
#include "tournament/tiebreak.h"

using namespace yinsh::tournament;

namespace {

SwissPlayer entrant(int id, int rating = 1500) {
  SwissPlayer p;
  p.id = id, p.rating = rating;
  return p;
}

// The best matching weight by trying every matching (n <= 10).
int64_t brute_best(int n, const std::vector<WeightedEdge>& edges, std::vector<int>& mate, int from = 0) {
  while (from < n && mate[size_t(from)] != -1) ++from;
  if (from >= n) return 0;
  mate[size_t(from)] = -2;  // unmatched
  int64_t best = brute_best(n, edges, mate, from + 1);
  mate[size_t(from)] = -1;
  for (const auto& e : edges) {
    const int other = e.a == from ? e.b : e.b == from ? e.a : -1;
    if (other < 0 || other == from || mate[size_t(other)] != -1) continue;
    mate[size_t(from)] = other, mate[size_t(other)] = from;
    best = std::max(best, e.weight + brute_best(n, edges, mate, from + 1));
    mate[size_t(from)] = mate[size_t(other)] = -1;
  }
  return best;
}

// A simulated Swiss event: `rounds` rounds of `n` players, the stronger-rated winning more
// often; checks every round as it goes.
struct Event {
  std::vector<SwissPlayer> players;
  std::mt19937 rng;
  Event(int n, unsigned seed) : rng(seed) {
    for (int i = 0; i < n; ++i) players.push_back(entrant(i + 1, 1300 + int(rng() % 900)));
  }
  SwissPlayer& by_id(int id) { return players[size_t(id - 1)]; }
  SwissRound play() {
    const SwissRound r = pair_swiss(players);
    for (const auto& p : r.pairs) {
      auto &w = by_id(p.white), &b = by_id(p.black);
      w.opponents.push_back(b.id), b.opponents.push_back(w.id);
      w.colours.push_back(Colour::White), b.colours.push_back(Colour::Black);
      const int roll = int(rng() % 100), edge = 50 + (w.rating - b.rating) / 20;
      if (roll < edge - 3) w.score2 += 2;
      else if (roll < edge + 3) w.score2 += 1, b.score2 += 1;
      else b.score2 += 2;
    }
    if (r.bye) {
      auto& p = by_id(*r.bye);
      p.score2 += 2, p.had_bye = true, p.colours.push_back(Colour::None);
    }
    return r;
  }
};

int64_t squared_score_gaps(const Event& e, const SwissRound& r) {
  int64_t sum = 0;
  for (const auto& p : r.pairs) {
    const int64_t d = e.players[size_t(p.white - 1)].score2 - e.players[size_t(p.black - 1)].score2;
    sum += d * d;
  }
  return sum;
}

}  // namespace

RC_GTEST_PROP(Matching, IsAsHeavyAsTheBestFoundByTryingAll, ()) {
  const int n = *rc::gen::inRange(1, 11);
  std::vector<WeightedEdge> edges;
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b)
      if (*rc::gen::inRange(0, 4) > 0) edges.push_back({a, b, *rc::gen::inRange<int64_t>(1, 6)});
  const auto mate = max_weight_matching(n, edges);
  for (int v = 0; v < n; ++v)
    if (mate[size_t(v)] >= 0) RC_ASSERT(mate[size_t(mate[size_t(v)])] == v);
  std::vector<int> scratch(size_t(n), -1);
  RC_ASSERT(matching_weight(mate, edges) == brute_best(n, edges, scratch));
}

TEST(Matching, IgnoresEdgesItCannotUse) {
  const std::vector<WeightedEdge> edges{{0, 0, 5}, {0, 7, 5}, {0, 1, 0}, {1, 2, -3}, {2, 3, 4}};
  EXPECT_EQ(max_weight_matching(4, edges), (std::vector{-1, -1, 3, 2}));
  EXPECT_TRUE(max_weight_matching(0, edges).empty());
}

TEST(SwissPairing, TheFirstRoundPairsTheTopHalfWithTheBottomHalfAndAlternatesColours) {
  std::vector<SwissPlayer> p;
  for (int i = 1; i <= 8; ++i) p.push_back(entrant(i, 2000 - 100 * i));
  const auto r = pair_swiss(p);
  ASSERT_EQ(r.pairs.size(), 4u);
  EXPECT_FALSE(r.bye);
  EXPECT_EQ(r.pairs[0].white, 1);
  EXPECT_EQ(r.pairs[0].black, 5);
  EXPECT_EQ(r.pairs[1].white, 6) << "board 2: the higher-rated player has Black";
  EXPECT_EQ(r.pairs[1].black, 2);
  EXPECT_EQ(r.pairs[2].white, 3);
  EXPECT_EQ(r.pairs[2].black, 7);
  EXPECT_EQ(r.pairs[3].white, 8);
  EXPECT_EQ(r.pairs[3].black, 4);
}

TEST(SwissPairing, AnOddFieldGivesTheByeToTheLowestAndNeverTwice) {
  std::vector<SwissPlayer> p;
  for (int i = 1; i <= 7; ++i) p.push_back(entrant(i, 2000 - 100 * i));
  EXPECT_EQ(pair_swiss(p).bye, 7);
  p[6].had_bye = true, p[6].score2 = 2, p[6].colours = {Colour::None};
  EXPECT_NE(pair_swiss(p).bye, 7);
  EXPECT_THROW(pair_swiss(std::vector<SwissPlayer>{entrant(1), entrant(1)}), std::invalid_argument);
}

TEST(SwissPairing, WinnersMeetWinnersAndColoursAlternate) {
  // Round 1 was 1-5, 6-2, 3-7, 8-4 (White first): 1, 6, 7 and 4 won.
  std::vector<SwissPlayer> p;
  for (int i = 1; i <= 8; ++i) p.push_back(entrant(i, 2000 - 100 * i));
  auto played = [&](int white, int black, int winner) {
    auto &w = p[size_t(white - 1)], &b = p[size_t(black - 1)];
    w.opponents = {black}, b.opponents = {white};
    w.colours = {Colour::White}, b.colours = {Colour::Black};
    p[size_t(winner - 1)].score2 = 2;
  };
  played(1, 5, 1), played(6, 2, 6), played(3, 7, 7), played(8, 4, 4);
  const auto r = pair_swiss(p);
  ASSERT_EQ(r.pairs.size(), 4u);
  std::set<std::pair<int, int>> got;
  for (const auto& x : r.pairs) {
    got.insert({x.white, x.black});
    EXPECT_EQ(p[size_t(x.white - 1)].colours[0], Colour::Black) << x.white << " had White in round 1 and again now";
    EXPECT_EQ(p[size_t(x.white - 1)].score2, p[size_t(x.black - 1)].score2) << "a winner against a loser";
  }
  EXPECT_EQ(got.size(), 4u);
}

TEST(SwissPairing, TheSameFieldInAnyOrderIsPairedTheSame) {
  Event e(31, 3);
  for (int r = 0; r < 4; ++r) e.play();
  auto shuffled = e.players;
  std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(9));
  const auto a = pair_swiss(e.players), b = pair_swiss(shuffled);
  ASSERT_EQ(a.pairs.size(), b.pairs.size());
  for (size_t i = 0; i < a.pairs.size(); ++i) {
    EXPECT_EQ(a.pairs[i].white, b.pairs[i].white);
    EXPECT_EQ(a.pairs[i].black, b.pairs[i].black);
  }
  EXPECT_EQ(a.bye, b.bye);
}

// Fields of 8 to 200 players, as many rounds as the field allows without a forced rematch
// (up to 9): every round pairs everyone once, with no rematch and no second bye (for rounds
// <= n/2 a rematch-free round always exists: Dirac's theorem), score gaps no wider than a
// plain pass down the standings gives (when that pass keeps the absolute colour rules), and
// no colour imbalance past 2 at the end.
RC_GTEST_PROP(SwissPairing, SimulatedEventsKeepTheDutchAims, ()) {
  const int n = *rc::gen::element(8, 9, 12, 17, 24, 40, 63, 100, 200);
  const int rounds = std::min(9, (n - 1) / 2);
  Event e(n, *rc::gen::arbitrary<unsigned>());
  for (int round = 1; round <= rounds; ++round) {
    auto before = e;
    const SwissRound r = e.play();
    std::multiset<int> seen;
    for (const auto& p : r.pairs) seen.insert(p.white), seen.insert(p.black);
    if (r.bye) seen.insert(*r.bye);
    RC_ASSERT(int(seen.size()) == n);
    RC_ASSERT(int(std::set<int>(seen.begin(), seen.end()).size()) == n);
    RC_ASSERT(r.bye.has_value() == (n % 2 == 1));
    RC_ASSERT(r.rematches == 0);
    if (r.bye) RC_ASSERT(!before.by_id(*r.bye).had_bye);
    // A pass down the standings, each with the next one not met: the pairing is at least as close.
    auto order = before.players;
    std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.score2 > b.score2; });
    std::vector<bool> used(order.size());
    int64_t greedy = 0;
    bool complete = true, greedy_absolute = false;
    if (r.bye) used[size_t(std::find_if(order.begin(), order.end(), [&](const auto& q) { return q.id == *r.bye; }) - order.begin())] = true;
    for (size_t i = 0; i < order.size(); ++i) {
      if (used[i]) continue;
      size_t j = i + 1;
      while (j < order.size() && (used[j] || std::count(order[i].opponents.begin(), order[i].opponents.end(), order[j].id)))
        ++j;
      if (j == order.size()) {
        complete = false;
        break;
      }
      used[i] = used[j] = true;
      const ColourWish a = colour_wish(order[i]), b = colour_wish(order[j]);
      greedy_absolute |= a.colour != Colour::None && a.colour == b.colour && std::min(a.strength, b.strength) == 3;
      greedy += int64_t(order[i].score2 - order[j].score2) * (order[i].score2 - order[j].score2);
    }
    if (complete && !greedy_absolute) RC_ASSERT(squared_score_gaps(before, r) <= greedy);
  }
  for (const auto& p : e.players) {
    int balance = 0;
    for (Colour c : p.colours) balance += int(c);
    RC_ASSERT(std::abs(balance) <= 2);
  }
}

TEST(SwissStandings, BuchholzThenSonnebornBergerBreakTies) {
  // 1 beats 2, 3 beats 4; then 1 draws 3, 2 beats 4 (4 gets nothing, 2 and 3 hold 1.5 and 1.5... ).
  const std::vector<SwissResult> results{
      {1, 2, Outcome::Win}, {2, 1, Outcome::Loss}, {3, 4, Outcome::Win}, {4, 3, Outcome::Loss},
      {1, 3, Outcome::Draw}, {3, 1, Outcome::Draw}, {2, 4, Outcome::Win}, {4, 2, Outcome::Loss},
      {5, -1, Outcome::Win}};
  const std::vector<std::pair<int, int>> ratings{{1, 1500}, {2, 1500}, {3, 1500}, {4, 1500}, {5, 1500}};
  const auto s = swiss_standings(results, ratings);
  ASSERT_EQ(s.size(), 5u);
  EXPECT_EQ(s[0].id, 1);  // 1.5 points; opponents 2 (1) and 3 (1.5): Buchholz 2.5
  EXPECT_EQ(s[0].score2, 3);
  EXPECT_EQ(s[0].buchholz2, 5);
  EXPECT_EQ(s[0].sonneborn4, 2 * 2 + 3);
  EXPECT_EQ(s[1].id, 3);  // 1.5 points; opponents 4 (0) and 1 (1.5): Buchholz 1.5
  EXPECT_EQ(s[1].buchholz2, 3);
  EXPECT_EQ(s[2].id, 2);  // 1 point, Buchholz 1.5 + 0
  EXPECT_EQ(s[3].id, 5);  // 1 point from the bye, Buchholz 0
  EXPECT_EQ(s[4].id, 4);
}
