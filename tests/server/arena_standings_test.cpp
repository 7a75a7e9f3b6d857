// An arena's standings and pairing waves computed from its stored games
// (server/tournaments/arena_standings.h), on hand-made arenas: the order the games ended in,
// streaks and berserk from the stored rows, aborted games not scored, ties broken by
// performance then by who joined first; waves leave out the busy and the withdrawn and never
// pair two players straight back when someone else is free.
#include <gtest/gtest.h>

#include <set>

#include "server/tournaments/arena_schedule.h"
#include "server/tournaments/arena_standings.h"
#include "server/tournaments/swiss_event.h"

namespace yinsh::server {
namespace {

ArenaGameRow game(const std::string& id, const std::string& white, const std::string& black, const std::string& score,
                  int64_t ended, int ply = 60, int berserk = 0) {
  ArenaGameRow g;
  g.id = id;
  g.white_account = white, g.black_account = black;
  g.white = white, g.black = black;
  g.status = score.empty() ? Status::Active : score == "*" ? Status::Aborted : Status::Over;
  g.score = score;
  g.ply = ply;
  g.berserk = berserk;
  g.created_at = ended - 100;
  g.updated_at = ended;
  return g;
}

ArenaData arena(std::vector<std::string> players, std::vector<ArenaGameRow> games) {
  ArenaData a;
  for (size_t i = 0; i < players.size(); ++i) a.entrants.push_back({players[i], players[i], int64_t(i), true, 1500});
  std::sort(games.begin(), games.end(), [](const auto& x, const auto& y) { return x.created_at < y.created_at; });
  a.games = std::move(games);
  return a;
}

const ArenaStanding& of(const std::vector<ArenaStanding>& s, const std::string& who) {
  for (const auto& x : s)
    if (x.account == who) return x;
  throw std::runtime_error("no " + who);
}

TEST(ArenaStandings, StreaksFollowTheOrderTheGamesEndedIn) {
  // a wins three in a row (the third doubled), then draws on fire (2), then loses.
  auto s = arena_standings(arena({"a", "b", "c"}, {game("g1", "a", "b", "1-0", 10), game("g2", "c", "a", "0-1", 20),
                                                   game("g3", "a", "b", "1-0", 30), game("g4", "c", "a", "1/2-1/2", 40),
                                                   game("g5", "a", "b", "0-1", 50)}));
  const auto& a = of(s, "a");
  EXPECT_EQ(a.points, 2 + 2 + 4 + 2 + 0);
  ASSERT_EQ(a.sheet.size(), 5u);
  EXPECT_EQ(a.sheet[1].mark.flag, tournament::Flag::StreakStarter);
  EXPECT_EQ(a.sheet[2].mark.flag, tournament::Flag::Double);
  EXPECT_EQ(a.sheet[3].mark.flag, tournament::Flag::Double);
  EXPECT_FALSE(a.on_fire);
  EXPECT_EQ(a.rank, 1);
  EXPECT_EQ(a.games, 5);
  // The same games listed in another order but ending in the same order score the same.
  auto shuffled = arena({"a", "b", "c"}, {game("g5", "a", "b", "0-1", 50), game("g3", "a", "b", "1-0", 30),
                                          game("g1", "a", "b", "1-0", 10), game("g4", "c", "a", "1/2-1/2", 40),
                                          game("g2", "c", "a", "0-1", 20)});
  EXPECT_EQ(of(arena_standings(shuffled), "a").points, a.points);
}

TEST(ArenaStandings, BerserkNeedsFourteenOwnDecisionsAndAbortedGamesDoNotCount) {
  // White berserked in both: 27 plies give White 14 decisions, 26 give 13.
  auto s = arena_standings(arena({"a", "b", "c"}, {game("g1", "a", "b", "1-0", 10, 27, 1), game("g2", "a", "c", "1-0", 20, 26, 1),
                                                   game("g3", "b", "c", "*", 30), game("g4", "b", "c", "", 40)}));
  const auto& a = of(s, "a");
  EXPECT_EQ(a.points, 3 + 2);
  EXPECT_TRUE(a.sheet[0].mark.berserk_point);
  EXPECT_FALSE(a.sheet[1].mark.berserk_point);
  EXPECT_TRUE(a.sheet[1].berserk);
  EXPECT_EQ(of(s, "b").games, 1) << "the aborted game and the game in play are not scored";
  EXPECT_EQ(of(s, "b").playing, "g4");
  EXPECT_EQ(of(s, "a").playing, "");
}

TEST(ArenaStandings, TiesGoToPerformanceThenToWhoJoinedFirst) {
  ArenaData a = arena({"a", "b", "c", "d"}, {game("g1", "c", "a", "1-0", 10), game("g2", "d", "b", "1-0", 20)});
  a.entrants[0].rating = 1900;  // c beat a stronger player than d did
  a.entrants[1].rating = 1400;
  auto s = arena_standings(a);
  EXPECT_EQ(s[0].account, "c");
  EXPECT_EQ(s[1].account, "d");
  EXPECT_GT(s[0].performance, s[1].performance);
  // a and b: 0 points, the same performance (1500 - 400): a joined first.
  EXPECT_EQ(s[2].account, "a");
  EXPECT_EQ(s[3].account, "b");
  EXPECT_EQ(s[2].performance, s[3].performance);
  // Nobody has played: the order they joined in.
  auto none = arena_standings(arena({"x", "y", "z"}, {}));
  EXPECT_EQ(none[0].account, "x");
  EXPECT_EQ(none[2].account, "z");
  EXPECT_EQ(none[2].rank, 3);
}

TEST(ArenaWave, LeavesOutTheBusyAndTheWithdrawnAndAvoidsAnImmediateRematch) {
  ArenaData a = arena({"a", "b", "c", "d", "e", "f"}, {game("g1", "a", "b", "1-0", 10), game("g2", "c", "d", "", 20)});
  a.entrants[5].active = false;  // f withdrew
  auto s = arena_standings(a);
  auto wave = arena_wave(a, s, 11);
  ASSERT_EQ(wave.size(), 1u) << "a, b and e are free; one pair, one waits";
  std::set<std::string> paired = {wave[0].white->account, wave[0].black->account};
  EXPECT_FALSE(paired.count("c") || paired.count("d") || paired.count("f"));
  EXPECT_FALSE(paired.count("a") && paired.count("b")) << "a and b just played each other; e is free";
  // With only the two of them free (e plays f, who withdrew during the game), they wait for
  // someone else to be free, and play again once they have waited kArenaRematchWaitMs.
  a.games.push_back(game("g3", "e", "f", "", 30));
  EXPECT_TRUE(arena_wave(a, arena_standings(a), 10 + kArenaRematchWaitMs - 1).empty());
  auto again = arena_wave(a, arena_standings(a), 10 + kArenaRematchWaitMs);
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ((std::set<std::string>{again[0].white->account, again[0].black->account}), (std::set<std::string>{"a", "b"}));
  // g2 and g3 end, e withdraws: a, b, c, d are free, and neither last pair meets again.
  for (size_t i : {1, 2}) a.games[i].status = Status::Over, a.games[i].score = "1-0";
  a.entrants[4].active = false;
  auto last = arena_wave(a, arena_standings(a), 100);
  ASSERT_EQ(last.size(), 2u);
  for (const auto& p : last) {
    const std::set<std::string> pair = {p.white->account, p.black->account};
    EXPECT_NE(pair, (std::set<std::string>{"a", "b"}));
    EXPECT_NE(pair, (std::set<std::string>{"c", "d"}));
  }
}

TEST(ArenaScheduleText, IsReadOrRefusedWithItsReason) {
  std::string why;
  auto hourly = parse_arena_schedule("60/3+2/55", &why);
  ASSERT_TRUE(hourly) << why;
  EXPECT_EQ(hourly->clock, (ClockSpec{180000, 2000}));
  EXPECT_EQ(hourly->name(), "Hourly 3+2 arena");
  auto daily = parse_arena_schedule("1440/0.5+0/120/blitz", &why);
  ASSERT_TRUE(daily) << why;
  EXPECT_EQ(daily->clock, (ClockSpec{30000, 0}));
  EXPECT_EQ(daily->variant, Variant::Blitz);
  EXPECT_EQ(daily->name(), "Daily 0.5+0 blitz arena");
  auto weekly = parse_arena_schedule("10080/10+5/swiss7", &why);
  ASSERT_TRUE(weekly) << why;
  EXPECT_EQ(weekly->rounds, 7);
  EXPECT_EQ(weekly->minutes, 0);
  EXPECT_EQ(weekly->name(), "Weekly 10+5 Swiss (7 rounds)");
  for (const char* bad : {"", "60", "60/3+2", "60/3/55", "5/3+2/5", "60/3+2/90", "60/3+2/55/fast", "60/0+2/55",
                          "60/3+2.5/55", "60/3+2/55/blitz/x", "x/3+2/55", "60/3+2/55 ", "60/3+2/swiss1",
                          "60/3+2/swiss21", "60/3+2/swiss", "60/3+2/swiss5.5", "Monthly/3+2/55", "monthly/3+2/721"}) {
    why.clear();
    EXPECT_FALSE(parse_arena_schedule(bad, &why)) << bad;
    EXPECT_NE(why.find("EVERY/BASE+INC/MINUTES"), std::string::npos) << bad;
  }
}

TEST(ArenaScheduleText, SlotsAreTheOneUnderWayAndTheNext) {
  std::string why;
  const auto s = *parse_arena_schedule("60/3+2/55", &why);
  const int64_t hour = 3600000, t = 1000 * hour;
  EXPECT_EQ(arena_slots(s, t + 10 * 60000), (std::vector<int64_t>{t, t + hour}));
  EXPECT_EQ(arena_slots(s, t + 56 * 60000), (std::vector<int64_t>{t + hour})) << "the slot's arena has ended";
  EXPECT_NE(s.key(t), s.key(t + hour));
  // A Swiss event's slot is under way while it may still wait for its players.
  const auto swiss = *parse_arena_schedule("60/3+2/swiss5", &why);
  EXPECT_EQ(arena_slots(swiss, t + 5 * 60000), (std::vector<int64_t>{t, t + hour}));
  EXPECT_EQ(arena_slots(swiss, t + kSwissStartGraceMs), (std::vector<int64_t>{t + hour}));
  EXPECT_NE(swiss.key(t), s.key(t));
  // Monthly: the first of each month, 00:00 UTC, whatever the month's length.
  const auto monthly = *parse_arena_schedule("monthly/1+0/60/blitz", &why);
  EXPECT_EQ(monthly.name(), "Monthly 1+0 blitz arena");
  const int64_t dec1 = 1796083200000, jan1 = 1798761600000, feb1 = 1801440000000, mar1 = 1803859200000;
  EXPECT_EQ(arena_slots(monthly, dec1 + 30 * 60000), (std::vector<int64_t>{dec1, jan1}));
  EXPECT_EQ(arena_slots(monthly, dec1 + 6 * 86400000LL), (std::vector<int64_t>{jan1}));
  EXPECT_EQ(arena_slots(monthly, jan1 + 31 * 86400000LL - 1), (std::vector<int64_t>{feb1}));
  EXPECT_EQ(arena_slots(monthly, feb1 + 28 * 86400000LL - 1), (std::vector<int64_t>{mar1})) << "February, 28 days";
  EXPECT_NE(monthly.key(jan1), monthly.key(feb1));
}

}  // namespace
}  // namespace yinsh::server
