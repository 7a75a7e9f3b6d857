// A Swiss event's steps, rounds and table computed from stored rows
// (server/tournaments/swiss_event.h), on simulated events: every active player paired once a
// round, byes only to an odd field and never twice, no rematch (a void game is no meeting),
// late joiners and withdrawals, rounds that wait for their games, their pause and their day,
// and a table whose points are the games' and byes' (recomputed here).
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

#include "server/tournaments/swiss_event.h"

namespace yinsh::server {
namespace {

constexpr int64_t kStart = 1'000'000;

struct Sim {
  ArenaData event;
  int next_game = 0;
  std::mt19937 rng{7};

  Sim(int players, int rounds, int64_t gap = 0) {
    event.tournament.kind = "swiss";
    event.tournament.id = "t";
    event.tournament.rounds = rounds;
    event.tournament.round_gap_ms = gap;
    event.tournament.starts_at = kStart;
    event.tournament.ends_at = kStart + 1'000'000'000;
    for (int i = 0; i < players; ++i) join(i);
  }
  void join(int i) {
    const std::string name = "p" + std::to_string(i);
    event.entrants.push_back({name, name, int64_t(i), true, 2000 - 7 * i});
  }
  ArenaEntrant& entrant(const std::string& account) {
    for (auto& e : event.entrants)
      if (e.account == account) return e;
    throw std::runtime_error("no " + account);
  }
  // Pairs the round the step asks for and stores its boards and their games (in play).
  std::vector<SwissPairingRow> pair(int64_t now) {
    const SwissStep step = swiss_step(event, now);
    EXPECT_EQ(step.kind, SwissStep::Kind::Pair);
    auto boards = swiss_round(event, step.round, now, [&] { return "g" + std::to_string(next_game++); });
    for (const auto& b : boards) {
      event.pairings.push_back(b);
      if (b.bye()) continue;
      ArenaGameRow g;
      g.id = b.game, g.white_account = b.white_account, g.black_account = b.black_account;
      g.white = b.white_account, g.black = b.black_account;
      g.status = Status::Active;
      g.created_at = g.updated_at = now;
      event.games.push_back(g);
    }
    event.tournament.round = step.round;
    return boards;
  }
  // Ends every game in play at `now`: random results, the first game of round 1 aborted.
  void finish(int64_t now) {
    for (auto& g : event.games) {
      if (g.status != Status::Active) continue;
      const int r = int(rng() % 5);
      const bool abort = g.id == "g0";
      g.status = abort ? Status::Aborted : Status::Over;
      g.score = abort ? "*" : r < 2 ? "1-0" : r < 4 ? "0-1" : "1/2-1/2";
      g.updated_at = now;
    }
  }
};

TEST(SwissEvent, SimulatedEventsPairEveryActivePlayerOnceARoundWithoutRematches) {
  for (int players : {8, 9, 24, 31}) {
    SCOPED_TRACE(players);
    Sim sim(players, 6);
    int64_t now = kStart - 1;
    EXPECT_EQ(swiss_step(sim.event, now).kind, SwissStep::Kind::Wait);
    EXPECT_EQ(swiss_step(sim.event, now).at, kStart);
    now = kStart;
    std::set<std::set<std::string>> met;
    std::set<std::string> byes;
    for (int round = 1; round <= 6; ++round) {
      if (round == 3) sim.join(players);                       // a late joiner
      if (round == 3) sim.entrant("p1").active = false;        // a withdrawal
      const auto boards = sim.pair(now);
      std::multiset<std::string> seated;
      int active = 0;
      for (const auto& e : sim.event.entrants) active += e.active;
      for (const auto& b : boards) {
        EXPECT_EQ(b.round, round);
        seated.insert(b.white_account);
        if (b.bye()) {
          EXPECT_TRUE(byes.insert(b.white_account).second) << "a second bye";
          continue;
        }
        seated.insert(b.black_account);
        const std::set<std::string> pair = {b.white_account, b.black_account};
        EXPECT_FALSE(met.count(pair)) << "a rematch in round " << round;
        if (b.game != "g0") met.insert(pair);  // the aborted game is no meeting
      }
      EXPECT_EQ(int(seated.size()), active);
      for (const auto& e : sim.event.entrants) EXPECT_EQ(int(seated.count(e.account)), e.active ? 1 : 0);
      EXPECT_EQ(boards.back().bye(), active % 2 == 1);

      // The next round waits for the games, then for the pause after the last one.
      EXPECT_EQ(swiss_step(sim.event, now + 1'000'000).kind, SwissStep::Kind::Wait);
      EXPECT_EQ(swiss_step(sim.event, now + 1'000'000).at, 0);
      now += 60'000;
      sim.finish(now);
      if (round < 6) {
        EXPECT_EQ(swiss_step(sim.event, now).at, now + kSwissRoundPauseMs);
        now += kSwissRoundPauseMs;
      }
    }
    EXPECT_EQ(swiss_step(sim.event, now).kind, SwissStep::Kind::Finish);

    // The table: each player's points from their games and byes, recomputed here.
    std::map<std::string, int> points;
    for (const auto& p : sim.event.pairings)
      if (p.bye()) points[p.white_account] += 2;
    for (const auto& g : sim.event.games) {
      if (g.score == "*") continue;
      const int w = g.score == "1-0" ? 2 : g.score == "0-1" ? 0 : 1;
      points[g.white_account] += w, points[g.black_account] += 2 - w;
    }
    const auto table = swiss_table(sim.event);
    ASSERT_EQ(table.size(), sim.event.entrants.size());
    for (size_t i = 0; i < table.size(); ++i) {
      EXPECT_EQ(table[i].rank, int(i) + 1);
      EXPECT_EQ(table[i].points2, points[table[i].account]) << table[i].account;
      EXPECT_EQ(table[i].cells.size(), 6u);
      if (i > 0) EXPECT_GE(table[i - 1].points2, table[i].points2);
    }
    const auto& late = *std::find_if(table.begin(), table.end(), [&](const SwissRow& r) { return r.account == "p" + std::to_string(players); });
    EXPECT_EQ(late.cells[0].kind, SwissCellKind::Absent);
    EXPECT_EQ(late.cells[1].kind, SwissCellKind::Absent);
    const auto& first = *std::find_if(table.begin(), table.end(), [&](const SwissRow& r) {
      return !r.cells[0].game.empty() && r.cells[0].game == "g0";
    });
    EXPECT_EQ(first.cells[0].kind, SwissCellKind::Void);
  }
}

TEST(SwissEvent, TheTableBreaksTiesByBuchholzThenSonnebornBerger) {
  Sim sim(4, 2);
  sim.pair(kStart);  // p0-p2, p3-p1 (top half against bottom half)
  for (auto& g : sim.event.games) g.status = Status::Over, g.score = "1-0", g.updated_at = kStart + 1;
  sim.pair(kStart + 1 + kSwissRoundPauseMs);
  for (auto& g : sim.event.games)
    if (g.status == Status::Active) g.status = Status::Over, g.score = "1/2-1/2";
  const auto table = swiss_table(sim.event);
  for (const auto& r : table) {
    int buchholz = 0, sb = 0;
    for (const auto& c : r.cells) {
      const auto& o = *std::find_if(table.begin(), table.end(), [&](const SwissRow& x) { return x.name == c.opponent; });
      buchholz += o.points2;
      sb += c.kind == SwissCellKind::Win ? 2 * o.points2 : c.kind == SwissCellKind::Draw ? o.points2 : 0;
    }
    EXPECT_EQ(r.buchholz2, buchholz) << r.name;
    EXPECT_EQ(r.sonneborn4, sb) << r.name;
  }
  for (size_t i = 1; i < table.size(); ++i) {
    const auto& a = table[i - 1];
    const auto& b = table[i];
    EXPECT_TRUE(a.points2 > b.points2 || (a.points2 == b.points2 && a.buchholz2 >= b.buchholz2));
  }
}

TEST(SwissEvent, RoundsWaitForTheirDayAndTooFewPlayersFinishTheEvent) {
  constexpr int64_t kDay = 86'400'000;
  Sim sim(2, 3, 2 * kDay);
  sim.pair(kStart);
  sim.finish(kStart + 1000);
  EXPECT_EQ(swiss_step(sim.event, kStart + 20'000).at, kStart + 2 * kDay) << "the round's day, not the pause";
  sim.pair(kStart + 2 * kDay);
  sim.finish(kStart + 5 * kDay);  // a long round: the next waits only for the pause
  EXPECT_EQ(swiss_step(sim.event, kStart + 5 * kDay).at, kStart + 5 * kDay + kSwissRoundPauseMs);
  sim.entrant("p0").active = false;
  EXPECT_EQ(swiss_step(sim.event, kStart + 6 * kDay).kind, SwissStep::Kind::Finish) << "one player left";

  Sim empty(1, 3);
  EXPECT_EQ(swiss_step(empty.event, kStart).kind, SwissStep::Kind::Wait) << "for a second player";
  EXPECT_EQ(swiss_step(empty.event, kStart + kSwissStartGraceMs).kind, SwissStep::Kind::Finish);
  EXPECT_TRUE(swiss_round(empty.event, 1, kStart, [] { return std::string("x"); }).empty());
}

}  // namespace
}  // namespace yinsh::server
