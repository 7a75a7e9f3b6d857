// Arena scoring (tournament/arena.h) and arena pairing (tournament/arena_pairing.h).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>
#include <vector>

#include "tournament/arena.h"
#include "tournament/arena_pairing.h"

using namespace yinsh::tournament;

namespace {

ArenaGame win(bool berserk = false, int own = 30) { return {Outcome::Win, berserk, own, 2 * own}; }
ArenaGame draw(int decisions = 60) { return {Outcome::Draw, false, decisions / 2, decisions}; }
ArenaGame loss() { return {Outcome::Loss, false, 30, 60}; }

ArenaWaiting waiting(int id, int place, int last = -1, int balance = 0, Colour colour = Colour::None) {
  return {id, place, last, balance, colour};
}

std::vector<int> points_of(const ArenaSheet& s) {
  std::vector<int> out;
  for (const auto& m : s.marks) out.push_back(m.points);
  return out;
}

}  // namespace

TEST(ArenaScore, TwoWinsInARowSetThePlayerOnFireUntilAGameIsNotWon) {
  const auto s = score_arena(std::vector{win(), win(), win(), win(), draw(), win(), loss(), win()});
  EXPECT_EQ(points_of(s), (std::vector{2, 2, 4, 4, 2, 2, 0, 2}));
  EXPECT_EQ(s.marks[1].flag, Flag::StreakStarter);
  EXPECT_EQ(s.marks[2].flag, Flag::Double);
  EXPECT_EQ(s.marks[4].flag, Flag::Double) << "a draw on fire scores double, and ends the streak";
  EXPECT_EQ(s.marks[5].flag, Flag::Normal);
  EXPECT_EQ(s.points, 18);
  EXPECT_EQ(s.wins, 6);
  EXPECT_EQ(s.draws, 1);
  EXPECT_EQ(s.losses, 1);
  EXPECT_FALSE(s.on_fire);
  EXPECT_TRUE(score_arena(std::vector{loss(), win(), win()}).on_fire);
}

TEST(ArenaScore, BerserkAddsAPointToAWinOfEnoughDecisions) {
  const ArenaRules rules;
  const auto s = score_arena(std::vector{win(true), win(true, rules.min_decisions - 1), win(true), loss(), draw()});
  EXPECT_EQ(points_of(s), (std::vector{3, 2, 5, 0, 1}));
  EXPECT_TRUE(s.marks[0].berserk_point);
  EXPECT_FALSE(s.marks[1].berserk_point) << "too short a game for the berserk point";
  EXPECT_EQ(s.berserks, 3);
  const auto lost = score_arena(std::vector{ArenaGame{Outcome::Loss, true, 40, 80}});
  EXPECT_EQ(lost.points, 0) << "berserk is worth nothing in a loss";
}

TEST(ArenaScore, AQuickDrawScoresNothing) {
  const ArenaRules rules;
  const auto s = score_arena(std::vector{draw(2 * rules.min_decisions - 1), draw(2 * rules.min_decisions)});
  EXPECT_EQ(points_of(s), (std::vector{0, 1}));
  EXPECT_EQ(s.marks[0].flag, Flag::Null);
}

// The rules restated without a state machine: a game is on fire when the two before it were
// both won.
RC_GTEST_PROP(ArenaScore, PointsMatchTheRulesRestated, ()) {
  const auto picks = *rc::gen::container<std::vector<int>>(rc::gen::inRange(0, 8));
  const ArenaRules rules;
  std::vector<ArenaGame> games;
  for (int k : picks) {
    const Outcome o = k < 3 ? Outcome::Win : k < 5 ? Outcome::Draw : Outcome::Loss;
    const int own = k % 2 ? rules.min_decisions : rules.min_decisions - 3;
    games.push_back({o, k == 1 || k == 2 || k == 7, own, 2 * own + (k == 4 ? 2 : -1)});
  }
  const auto s = score_arena(games, rules);
  int total = 0;
  for (size_t i = 0; i < games.size(); ++i) {
    const auto& g = games[i];
    const bool fire = i >= 2 && games[i - 1].outcome == Outcome::Win && games[i - 2].outcome == Outcome::Win;
    int p = 0;
    if (g.outcome == Outcome::Win) p = (fire ? 4 : 2) + (g.berserk && g.own_decisions >= rules.min_decisions ? 1 : 0);
    if (g.outcome == Outcome::Draw && g.game_decisions >= 2 * rules.min_decisions) p = fire ? 2 : 1;
    RC_ASSERT(s.marks[i].points == p);
    total += p;
  }
  RC_ASSERT(s.points == total);
}

TEST(ArenaScore, PerformanceRatingIsTheOpponentsMeanPlus400PerNetWin) {
  EXPECT_EQ(performance_rating(std::vector{1500, 1700}, 2, 0), 2000);
  EXPECT_EQ(performance_rating(std::vector{1500, 1700, 1600}, 1, 1), 1600);
  EXPECT_EQ(performance_rating(std::vector<int>{}, 0, 0), 0);
}

TEST(ArenaPairing, NeighboursInTheStandingsPlayAndTheOddOneWaits) {
  const auto p = pair_arena(std::vector<ArenaWaiting>{waiting(10, 0), waiting(11, 1), waiting(12, 2), waiting(13, 3), waiting(14, 9)});
  ASSERT_EQ(p.pairs.size(), 2u);
  ASSERT_EQ(p.waiting, std::vector{14}) << "the one farthest from the others waits";
  std::set<std::pair<int, int>> got;
  for (const auto& x : p.pairs) got.insert(std::minmax(x.white, x.black));
  EXPECT_EQ(got, (std::set<std::pair<int, int>>{{10, 11}, {12, 13}}));
}

TEST(ArenaPairing, NotTheSameOpponentTwiceInARowWhenAnotherIsFree) {
  const auto p = pair_arena(std::vector<ArenaWaiting>{waiting(1, 0, 2), waiting(2, 1, 1), waiting(3, 2, 4), waiting(4, 3, 3)});
  std::set<std::pair<int, int>> got;
  for (const auto& x : p.pairs) got.insert(std::minmax(x.white, x.black));
  EXPECT_EQ(got, (std::set<std::pair<int, int>>{{1, 3}, {2, 4}}));
  // Alone together, they play again rather than wait.
  EXPECT_EQ(pair_arena(std::vector<ArenaWaiting>{waiting(1, 0, 2), waiting(2, 1, 1)}).pairs.size(), 1u);
}

TEST(ArenaPairing, ThePlayerWithMoreGamesAsBlackGetsWhite) {
  const auto p = pair_arena(std::vector<ArenaWaiting>{waiting(1, 0, -1, 1, Colour::White), waiting(2, 1, -1, -1, Colour::Black)});
  ASSERT_EQ(p.pairs.size(), 1u);
  EXPECT_EQ(p.pairs[0].white, 2);
  const auto q = pair_arena(std::vector<ArenaWaiting>{waiting(1, 0, -1, 0, Colour::White), waiting(2, 1, -1, 0, Colour::Black)});
  EXPECT_EQ(q.pairs[0].white, 2) << "balanced: the one whose last game was as Black";
  EXPECT_THROW(pair_arena(std::vector<ArenaWaiting>{waiting(1, 0), waiting(1, 1)}), std::invalid_argument);
}
