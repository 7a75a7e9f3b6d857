// Vacations that reach a game from their row (docs/server.md "Vacations"): a vacation given to
// a game late pauses it from the vacation's start (or the turn's, when later); a game begun
// during a vacation is paused from its start; one whose server stopped between the row and the
// game's event is paused when its room is loaded after the restart, and before the deadline
// sweep would end it on time. Time is a ManualClock the test moves forward.
#include <random>

#include "correspondence_helpers.h"
#include "server/game/online_game.h"
#include "server/store/vacation_store.h"

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

class VacationTest : public CorrespondenceServerTest {
 protected:
  // `white` makes a correspondence game of 2 days per move, `black` joins; both start.
  Played begin_game(const std::string& white, const std::string& black) {
    return seat_both(port, {{"clock", {{"days", 2}}}}, white, black);
  }
  // Alice's game against bob with one decision each: Alice (White) is to move.
  Played alice_to_move(std::mt19937& rng) {
    Played p = begin_game(alice, bob);
    play_random(*p.white, *p.black, {p.white.get(), p.black.get()}, rng, 2);
    return p;
  }
  // The deadline of `id` in alice's list of games (read from the store); -1 when not listed.
  int64_t deadline_of(const std::string& id) {
    const json list = http_request(port, verb::get, "/api/account/games", "", cookie(alice)).body;
    for (const json& g : list["games"])
      if (g["id"] == id && g["deadline"].is_number_integer()) return g["deadline"];
    return -1;
  }
  std::string status_of(const std::string& id) {
    return http_request(port, verb::get, "/api/games/" + id).body["state"].value("status", "");
  }
  // A vacation of alice's stored as the vacation's endpoint stores it, by a process that tells
  // no game: a server stopped right after the row.
  server::VacationSpan row_only(int days) {
    std::string error;
    auto store = server::open_store(options().db, &error);
    EXPECT_TRUE(store) << error;
    if (!store) return {};
    std::string id;
    store->transact([&](server::Sql& q) {
      id = server::sql_text(q.run("SELECT id FROM accounts WHERE name = 'alice'").at(0).at(0));
    });
    const auto s = server::begin_vacation(*store, id, days, clock.now(), &error);
    EXPECT_TRUE(s) << error;
    return s ? server::VacationSpan{*s->from, *s->until} : server::VacationSpan{};
  }
  // Alice's vacation under way ended as the vacation's endpoint ends it, by a process that
  // tells no game (or whose games read the rows only after the next vacation began).
  void end_row_only() {
    std::string error;
    auto store = server::open_store(options().db, &error);
    ASSERT_TRUE(store) << error;
    std::string id;
    store->transact([&](server::Sql& q) {
      id = server::sql_text(q.run("SELECT id FROM accounts WHERE name = 'alice'").at(0).at(0));
    });
    EXPECT_TRUE(server::end_vacation(*store, id, clock.now()));
  }
  // Moves the clock on and waits until the sweep ended a game of carol and bob due meanwhile
  // (one decision each, one day per move): a sweep ran after the move.
  void advance_past_a_sweep(int64_t ms, std::mt19937& rng) {
    Played probe = seat_both(port, {{"clock", {{"days", 1}}}}, account(port, "carol"), bob);
    ASSERT_FALSE(probe.id.empty());
    play_random(*probe.white, *probe.black, {probe.white.get(), probe.black.get()}, rng, 2);
    clock.advance(ms);
    ASSERT_TRUE(eventually([&] { return status_of(probe.id) == "over"; })) << status_of(probe.id);
  }
  static bool near(int64_t a, int64_t b) { return a > b - 2000 && a < b + 2000; }
};

// Begun during Alice's vacation: her games are paused from their start, the one she is to move
// in at once, the other from Bob's decision; their unpaused deadlines pass and neither ends.
TEST_F(VacationTest, AGameBegunDuringAVacationIsPaused) {
  std::mt19937 rng(21);
  auto began = http_request(port, verb::post, "/api/account/vacation", json{{"days", 5}}.dump(), cookie(alice));
  ASSERT_EQ(began.status, 200) << began.text;
  const int64_t from = began.body["vacation"]["from"], until = began.body["vacation"]["until"];

  Played mine = begin_game(alice, bob);  // Alice (White) to move
  const auto event = mine.black->wait_event("vacation");
  ASSERT_TRUE(event) << "the game began unpaused";
  EXPECT_EQ((*event)["seat"], "white");
  EXPECT_EQ((*event)["from"], from);
  EXPECT_EQ((*event)["state"]["clocks"]["vacation"]["white"], until);
  EXPECT_TRUE(near(deadline_of(mine.id), until + 2 * kDay)) << deadline_of(mine.id) << " vs " << until + 2 * kDay;

  Played theirs = begin_game(bob, alice);  // Bob (White) to move, Alice's turn next
  ASSERT_TRUE(theirs.white->wait_event("vacation"));
  EXPECT_EQ(theirs.white->state["clocks"]["vacation"]["black"], until);
  play_random(*theirs.white, *theirs.black, {theirs.white.get(), theirs.black.get()}, rng, 1);
  EXPECT_TRUE(near(deadline_of(theirs.id), until + 2 * kDay)) << deadline_of(theirs.id);

  advance_past_a_sweep(3 * kDay, rng);
  EXPECT_EQ(status_of(mine.id), "active");
  EXPECT_EQ(status_of(theirs.id), "active");
}

// The server stopped after the vacation's row and before the games' events: restarted, it
// loads the game, which reads the row and is paused from the vacation's start.
TEST_F(VacationTest, AfterARestartTheGamesOfAnAccountOnVacationArePaused) {
  std::mt19937 rng(22);
  Played p = alice_to_move(rng);
  const int64_t before = deadline_of(p.id);
  p.white.reset();
  p.black.reset();
  srv.reset();
  const server::VacationSpan v = row_only(5);
  ASSERT_EQ(v.until, v.from + 5 * kDay);
  clock.advance(kDay);
  srv = start_test_server(options());
  ASSERT_TRUE(srv);
  port = srv->port();
  ASSERT_TRUE(eventually([&] { return deadline_of(p.id) == before + 5 * kDay; }))
      << deadline_of(p.id) << " vs " << before + 5 * kDay;
  advance_past_a_sweep(2 * kDay, rng);  // past the old deadline
  EXPECT_EQ(status_of(p.id), "active");
}

// The row is written while the game is held in memory and no event reaches it (another server
// of the site stopped after its row): past the old deadline the sweep reads the row and moves
// the deadline instead of ending the game.
TEST_F(VacationTest, TheSweepPausesAGameItsVacationDidNotReach) {
  std::mt19937 rng(23);
  Played p = alice_to_move(rng);
  const int64_t before = deadline_of(p.id);
  const server::VacationSpan v = row_only(5);
  clock.advance(before - clock.now() + 1000);
  const auto event = p.black->wait_event("vacation");
  ASSERT_TRUE(event) << "no vacation event; the game is " << status_of(p.id);
  EXPECT_EQ((*event)["from"], v.from);
  EXPECT_EQ(deadline_of(p.id), before + 5 * kDay);
  EXPECT_EQ(status_of(p.id), "active");
}

// A vacation ended, then another begun before the game heard of the end: the game ends the
// first where it ended, then pauses for the second; Alice's clock gains one day and then two,
// not the first vacation's five.
TEST_F(VacationTest, AVacationEndedThenAnotherBegunIsEachCountedForItsOwnDays) {
  std::mt19937 rng(24);
  Played p = alice_to_move(rng);
  const int64_t before = deadline_of(p.id);
  auto first = http_request(port, verb::post, "/api/account/vacation", json{{"days", 5}}.dump(), cookie(alice));
  ASSERT_EQ(first.status, 200) << first.text;
  ASSERT_TRUE(eventually([&] { return deadline_of(p.id) == before + 5 * kDay; })) << deadline_of(p.id);
  clock.advance(kDay);
  end_row_only();
  auto second = http_request(port, verb::post, "/api/account/vacation", json{{"days", 2}}.dump(), cookie(alice));
  ASSERT_EQ(second.status, 200) << second.text;
  ASSERT_TRUE(eventually([&] { return near(deadline_of(p.id), before + 3 * kDay); }))
      << (deadline_of(p.id) - before) / double(kDay) << " days more than before the vacations, 3 expected";
  // Bob's view follows: the first given, ended, the second given.
  bool shown = false;
  for (int i = 0; i < 4 && !shown; ++i) {
    const auto e = p.black->wait_event("vacation");
    const json::json_pointer at("/state/clocks/vacation/white");
    shown = e && e->contains(at) && (*e)[at] == second.body["vacation"]["until"];
  }
  EXPECT_TRUE(shown) << "no vacation event with the second vacation's end";
}

}  // namespace
}  // namespace yinsh::test
