// Vacations given to a game late (docs/server.md "Vacations"): paused from the vacation's start,
// or from the turn's when that came later.
#include <gtest/gtest.h>

#include "server/game/online_game.h"

namespace yinsh::test {
namespace {

constexpr int64_t kDay = 24LL * 3600 * 1000;

void commit(server::OnlineGame& g, server::Outcome o) {
  ASSERT_TRUE(o.ok()) << o.error.code << ": " << o.error.message;
  o.event->version = g.version() + 1;
  g.apply(*o.event);
}

// A correspondence game of 2 days per move between alice (White) and bob, begun at `at`.
server::OnlineGame begun(int64_t at) {
  server::OnlineGame g(server::GameMeta{"abcdefghijkl", Variant::Normal, server::ClockSpec::days_per_move(2), at});
  commit(g, g.join("alice", WHITE, "tw", at));
  commit(g, g.join("bob", BLACK, "tb", at));
  commit(g, g.start(at));
  return g;
}

TEST(OnlineGame, AVacationGivenLatePausesFromItsStartOrFromTheTurns) {
  // White's vacation [0, 5 days) began before the game (begun at day 1); it reaches the game an
  // hour later: White's clock runs from the vacation's end, as if it had been paused all along.
  server::OnlineGame g = begun(kDay);
  ASSERT_EQ(g.deadline(), 3 * kDay);
  commit(g, g.vacation(WHITE, 0, 5 * kDay, kDay + 3600000));
  EXPECT_EQ(g.deadline(), 5 * kDay + 2 * kDay);
  // Black's vacation [day 0.5, day 4.5), given while White is to move, counts from White's
  // decision at day 2 (Black's turn begins then), not from its own start.
  server::OnlineGame h = begun(1000);
  commit(h, h.decide(WHITE, h.state_json(kDay)["legal"][0].get<std::string>(), std::nullopt, kDay));
  commit(h, h.vacation(BLACK, kDay / 2, 9 * kDay / 2, 2 * kDay));
  EXPECT_EQ(h.deadline(), 9 * kDay / 2 + 2 * kDay);
  // A clock that ran out before the vacation began is not saved by it; a vacation over before
  // the turn began changes nothing.
  server::OnlineGame late = begun(1000);
  EXPECT_EQ(late.vacation(WHITE, 3 * kDay, 8 * kDay, 4 * kDay).error.code, "not_allowed");
  server::OnlineGame after = begun(10 * kDay);
  EXPECT_EQ(after.vacation(WHITE, 0, 5 * kDay, 10 * kDay).error.message, "nothing changes");
}

}  // namespace
}  // namespace yinsh::test
