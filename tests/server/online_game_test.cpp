// OnlineGame without network or store: commands, events, clocks, undo, abort, rematch, chat.
#include "server/game/online_game.h"
#include "json/json_out.h"
#include "server/store/store.h"

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/notation.h"

using namespace yinsh;
using namespace yinsh::server;

namespace {

// Applies an accepted command's event (as the room does after storing it).
void commit(OnlineGame& g, Outcome o) {
  ASSERT_TRUE(o.ok()) << o.error.code << ": " << o.error.message;
  o.event->version = g.version() + 1;
  g.apply(*o.event);
}

OnlineGame started_game(std::optional<ClockSpec> clock = std::nullopt, bool ai_black = false) {
  OnlineGame g(GameMeta{"abcdefghijkl", Variant::Normal, clock, 1000});
  commit(g, g.join("alice", WHITE, "tokwhite", 1000));
  if (ai_black) commit(g, g.join_ai(BLACK, 1, "tokai", 1000));
  else commit(g, g.join("bob", std::nullopt, "tokblack", 1000));
  commit(g, g.ready(WHITE, 1000));
  commit(g, g.ready(BLACK, 1000));
  EXPECT_TRUE(g.ready_to_start());
  commit(g, g.start(1000));
  return g;
}

std::string first_legal(const OnlineGame& g) {
  MoveList list;
  generate(g.position(), list);
  return to_string(list[0]);
}

}  // namespace

TEST(OnlineGame, SeatsAndTokens) {
  OnlineGame g(GameMeta{"abcdefghijkl", Variant::Normal, std::nullopt, 0});
  commit(g, g.join("alice", BLACK, "t1", 0));
  EXPECT_EQ(g.join("carol", BLACK, "t2", 0).error.code, "seat_taken");
  commit(g, g.join("bob", std::nullopt, "t2", 0));
  EXPECT_EQ(g.seat(WHITE).name, "bob");
  EXPECT_EQ(g.join("dave", std::nullopt, "t3", 0).error.code, "seat_taken");
  EXPECT_EQ(g.seat_of_token("t1"), BLACK);
  EXPECT_EQ(g.seat_of_token("t2"), WHITE);
  EXPECT_FALSE(g.seat_of_token("t3"));
  EXPECT_FALSE(g.seat_of_token(""));
  EXPECT_EQ(g.status(), Status::Waiting);
  EXPECT_EQ(g.decide(WHITE, "e4", std::nullopt, 0).error.code, "not_started");
  // Public views never carry tokens.
  OnlineGame fresh(GameMeta{"abcdefghijkm", Variant::Normal, std::nullopt, 0});
  const Outcome ai = fresh.join_ai(WHITE, 1, "secret", 0);
  ASSERT_TRUE(ai.ok());
  EXPECT_EQ(fresh.public_event(*ai.event, 0).find("secret"), std::string::npos);
  EXPECT_EQ(g.game_json(0).dump().find("t1"), std::string::npos);
}

TEST(OnlineGame, DecisionsAreJudgedByTheCore) {
  OnlineGame g = started_game();
  EXPECT_EQ(g.status(), Status::Active);
  EXPECT_EQ(g.decide(BLACK, "e4", std::nullopt, 2000).error.code, "not_your_turn");
  EXPECT_EQ(g.decide(WHITE, "e4-e9", std::nullopt, 2000).error.code, "illegal_decision");
  EXPECT_EQ(g.decide(WHITE, "zz", std::nullopt, 2000).error.code, "illegal_decision");
  EXPECT_EQ(g.decide(WHITE, "e4", 3, 2000).error.code, "stale");
  const int64_t v = g.version();
  commit(g, g.decide(WHITE, "E4", 0, 2000));
  EXPECT_EQ(g.version(), v + 1);
  EXPECT_EQ(g.ply(), 1);
  EXPECT_EQ(to_string(g.decisions()[0].move), "e4");
  EXPECT_EQ(g.decide(BLACK, "e4", std::nullopt, 2000).error.code, "illegal_decision");  // occupied
  // A refusal says why in params, for the client to word (docs/api.md, section 5).
  const ApiError taken = g.decide(BLACK, "e4", std::nullopt, 2000).error;
  EXPECT_EQ(taken.params["reason"], "occupied") << taken.params;
  EXPECT_EQ(taken.params["decision"], "e4");
  EXPECT_EQ(taken.params["from"], "e4");
  EXPECT_EQ(g.decide(BLACK, "e5-e6", std::nullopt, 2000).error.params["reason"], "must_place");
  const ApiError nonsense = g.decide(BLACK, "zz", std::nullopt, 2000).error;
  EXPECT_EQ(nonsense.params["reason"], "notation") << nonsense.params;
  EXPECT_FALSE(nonsense.params.contains("from"));
  const json st = g.state_json(2000);
  EXPECT_EQ(st["to_move"], "black");
  EXPECT_EQ(st["legal"].size(), 84u);
  EXPECT_TRUE(std::is_sorted(st["legal"].begin(), st["legal"].end()));
}

TEST(OnlineGame, FischerClockAndTimeout) {
  OnlineGame g = started_game(ClockSpec{10000, 2000});
  EXPECT_EQ(g.deadline(), 1000 + 10000);
  commit(g, g.decide(WHITE, "e4", std::nullopt, 4000));  // white used 3 s, gets 2 s back
  EXPECT_EQ(g.remaining(WHITE, 4000), 9000);
  EXPECT_EQ(g.remaining(BLACK, 5000), 9000);             // black's clock runs since 4000
  EXPECT_EQ(g.deadline(), 4000 + 10000);
  EXPECT_EQ(g.timeout(13999).error.code, "not_allowed");
  commit(g, g.timeout(14000));
  EXPECT_EQ(g.status(), Status::Over);
  EXPECT_EQ(g.result()->winner, WHITE);
  EXPECT_EQ(g.result()->reason, "timeout");
  EXPECT_EQ(g.decide(BLACK, "f6", std::nullopt, 14001).error.code, "game_over");
}

TEST(OnlineGame, ClocksPauseWhileNoServerRuns) {
  OnlineGame g = started_game(ClockSpec{10000, 0});
  commit(g, g.decide(WHITE, "e4", std::nullopt, 2000));
  g.resume(50000);  // the server was down from 2000 to 50000
  EXPECT_EQ(g.remaining(BLACK, 51000), 9000);
}

// The store could not take a decision (the room holds the clock): the running clock stands
// from the hold until it is released or the next event is applied, and is then charged only
// for the time outside the hold.
TEST(OnlineGame, AHeldClockStandsUntilReleasedOrTheNextEvent) {
  OnlineGame g = started_game(ClockSpec{10000, 0});
  commit(g, g.decide(WHITE, "e4", std::nullopt, 2000));  // black's clock runs from 2000
  g.hold_clock(5000);
  ASSERT_TRUE(g.clock_held());
  EXPECT_EQ(g.remaining(BLACK, 60000), 7000);
  EXPECT_EQ(g.deadline(), std::nullopt);
  EXPECT_EQ(g.timeout(60000).error.code, "not_allowed");
  EXPECT_TRUE(g.state_json(60000)["clocks"]["running"].is_null());
  g.release_clock(60000);  // 55 s held
  EXPECT_FALSE(g.clock_held());
  EXPECT_EQ(g.remaining(BLACK, 61000), 6000);
  EXPECT_EQ(g.deadline(), 67000);
  EXPECT_EQ(g.state_json(61000)["clocks"]["running"], "black");

  g.hold_clock(62000);  // 5 s left; the decision made while held is charged nothing more
  const Outcome d = g.decide(BLACK, "f6", std::nullopt, 90000);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(std::get<ev::Decision>(d.event->body).black_ms, 5000);
  commit(g, d);  // stored at last: the event releases the hold
  EXPECT_FALSE(g.clock_held());
  EXPECT_EQ(g.remaining(WHITE, 90000), 9000);
  EXPECT_EQ(g.remaining(BLACK, 91000), 5000);

  g.hold_clock(91000);
  commit(g, g.chat("alice", "white", "hi", 95000));  // any event stored releases it
  EXPECT_FALSE(g.clock_held());
  EXPECT_EQ(g.remaining(WHITE, 96000), 7000);  // charged 90000..91000 and 95000..96000
}

// A clock out already is not saved by a hold, and correspondence and untimed games have none.
TEST(OnlineGame, NoHoldForAClockOutOrADeadlineOfDays) {
  OnlineGame g = started_game(ClockSpec{10000, 0});
  g.hold_clock(11000);  // white's ran out at 11000
  EXPECT_FALSE(g.clock_held());
  EXPECT_TRUE(g.timeout(11000).ok());
  OnlineGame u = started_game();
  u.hold_clock(2000);
  EXPECT_FALSE(u.clock_held());
  OnlineGame c = started_game(ClockSpec::days_per_move(3));
  c.hold_clock(2000);
  EXPECT_FALSE(c.clock_held());
}

TEST(OnlineGame, UndoNeedsTheOpponentUnlessItIsTheAi) {
  OnlineGame g = started_game();
  EXPECT_EQ(g.request_undo(WHITE, 0).error.code, "not_allowed");  // nothing to undo
  commit(g, g.decide(WHITE, "e4", std::nullopt, 0));
  commit(g, g.decide(BLACK, "f6", std::nullopt, 0));
  commit(g, g.request_undo(WHITE, 0));
  EXPECT_EQ(g.ply(), 2);
  EXPECT_EQ(g.answer_undo(WHITE, true, 0).error.code, "not_allowed");  // not yours to answer
  commit(g, g.answer_undo(BLACK, true, 0));
  EXPECT_EQ(g.ply(), 0);  // white's turn and black's reply are taken back
  EXPECT_EQ(g.to_move(), WHITE);

  OnlineGame a = started_game(std::nullopt, true);
  commit(a, a.decide(WHITE, "e4", std::nullopt, 0));
  commit(a, a.decide(BLACK, "f6", std::nullopt, 0));
  const Outcome o = a.request_undo(WHITE, 0);
  EXPECT_EQ(o.event->type(), "undone");
  commit(a, o);
  EXPECT_EQ(a.ply(), 0);
}

// D8: an undo takes the board back, never the time spent (nor the increments of the turns
// taken back).
TEST(OnlineGame, UndoKeepsTheTimeSpent) {
  OnlineGame a = started_game(ClockSpec{60000, 1000}, true);  // White human, Black the AI
  commit(a, a.decide(WHITE, "e4", std::nullopt, 1000 + 2500));  // White spent 2.5 s (+1 s)
  commit(a, a.decide(BLACK, "f6", std::nullopt, 3500 + 400));    // the AI 0.4 s (+1 s)
  const Outcome o = a.request_undo(WHITE, 3900 + 700);           // White thinks 0.7 s, undoes
  ASSERT_TRUE(o.ok());
  commit(a, o);
  EXPECT_EQ(a.ply(), 0);
  EXPECT_EQ(a.remaining(WHITE, 4600), 60000 - 2500 - 700);
  EXPECT_EQ(a.remaining(BLACK, 4600), 60000 - 400);
  EXPECT_EQ(a.to_move(), WHITE);
  EXPECT_EQ(a.remaining(WHITE, 5600), 60000 - 2500 - 700 - 1000);  // and White's clock runs on

  OnlineGame h = started_game(ClockSpec{60000, 0});  // two humans: the same once accepted
  commit(h, h.decide(WHITE, "e4", std::nullopt, 1000 + 3000));
  commit(h, h.request_undo(WHITE, 4000 + 500));
  commit(h, h.answer_undo(BLACK, true, 4500 + 500));
  EXPECT_EQ(h.remaining(WHITE, 5000), 57000);
  EXPECT_EQ(h.remaining(BLACK, 5000), 59000);
}

TEST(OnlineGame, AbortOnlyBeforeTheFirstRingMove) {
  OnlineGame g = started_game();
  for (int i = 0; i < 10; ++i) commit(g, g.decide(*g.to_move(), first_legal(g), std::nullopt, 0));
  EXPECT_TRUE(g.abort(WHITE, 0).ok());  // placement only so far
  commit(g, g.decide(*g.to_move(), first_legal(g), std::nullopt, 0));  // a ring move
  EXPECT_EQ(g.abort(WHITE, 0).error.code, "not_allowed");
}

TEST(OnlineGame, ResignAndRematch) {
  OnlineGame g = started_game();
  EXPECT_EQ(g.offer_rematch(WHITE, 0).error.code, "not_allowed");
  commit(g, g.resign(BLACK, 0));
  EXPECT_EQ(g.result()->score, "1-0");
  commit(g, g.offer_rematch(WHITE, 0));
  EXPECT_FALSE(g.rematch_agreed());
  commit(g, g.offer_rematch(BLACK, 0));
  EXPECT_TRUE(g.rematch_agreed());
  commit(g, g.rematch_created("newgame00001", 0));
  EXPECT_FALSE(g.rematch_agreed());
  EXPECT_EQ(g.state_json(0)["rematch"]["new_game"], "newgame00001");
}

TEST(OnlineGame, ChatIsCleanedAndKept) {
  OnlineGame g = started_game();
  EXPECT_EQ(g.chat("alice", "white", "  \x01\x02  ", 0).error.code, "bad_request");
  commit(g, g.chat("alice", "white", "<script>alert(1)</script>\nhi", 5));
  const json j = g.game_json(0);
  EXPECT_EQ(j["chat"][0]["text"], "<script>alert(1)</script> hi");
  EXPECT_EQ(clean_text(std::string(600, 'a'), 500).size(), 500u);
  EXPECT_EQ(clean_text("\xc3\xa9\xc3\xa9\xc3\xa9", 2), "\xc3\xa9\xc3\xa9");  // characters, not bytes
}

TEST(OnlineGame, ReplayingTheEventsRebuildsTheGame) {
  OnlineGame g(GameMeta{"abcdefghijkl", Variant::Blitz, ClockSpec{60000, 1000}, 0});
  std::vector<StoredEvent> log;  // as stored: the text of each event
  auto step = [&](Outcome o) {
    ASSERT_TRUE(o.ok()) << o.error.message;
    o.event->version = g.version() + 1;
    g.apply(*o.event);
    log.push_back({o.event->version, event_body(*o.event)});
  };
  step(g.join("a", WHITE, "ta", 0));
  step(g.join("b", BLACK, "tb", 0));
  step(g.start(0));
  int64_t t = 0;
  while (g.status() == Status::Active && g.ply() < 200) step(g.decide(*g.to_move(), first_legal(g), std::nullopt, t += 10));
  OnlineGame h(g.meta());
  for (const auto& e : log) h.apply(parse_event_body(e.body, e.version));
  EXPECT_EQ(h.game_json(t), g.game_json(t));
  EXPECT_EQ(h.record_text(), g.record_text());
  EXPECT_THROW(h.apply(parse_event_body(log.back().body, log.back().version)), std::runtime_error);  // the version does not follow
}

// The state and event frames are written by hand (json_out.h): they must be valid JSON that
// says what the game says, whatever the names hold.
TEST(OnlineGame, StateAndEventTextAreExactJson) {
  OnlineGame g(GameMeta{"abcdefghijkl", Variant::Normal, ClockSpec{60000, 1000}, 1000});
  const std::string odd = "Zo\u00eb \"the\" \\ <b>&amp;</b>";
  commit(g, g.join(odd, WHITE, "tokwhite", 1000));
  commit(g, g.join_ai(BLACK, 3, "tokai", 1000));
  commit(g, g.start(1000));
  uint64_t seed = 7;
  for (int i = 0; i < 400 && g.to_move(); ++i) {
    const Color side = *g.to_move();
    MoveList list;
    generate(g.position(), list);
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    const Outcome o = g.decide(side, to_string(list[(seed >> 33) % list.size()]), g.ply(), 1000 + i);
    ASSERT_TRUE(o.ok()) << o.error.message;
    Event ev = *o.event;
    ev.version = g.version() + 1;
    g.apply(ev);
    const json e = json::parse(g.public_event(ev, 2000 + i));  // throws if not JSON
    EXPECT_EQ(e["type"], "decision");
    EXPECT_EQ(e["game"], "abcdefghijkl");
    EXPECT_EQ(e["version"], g.version());
    const json& st = e["state"];
    EXPECT_EQ(st, g.state_json(2000 + i));
    EXPECT_EQ(st["ply"], g.ply());
    EXPECT_EQ(st["position"], to_text(g.position()));
    EXPECT_EQ(st["seats"]["white"]["name"], odd);
    EXPECT_EQ(st["seats"]["black"]["level"], 3);
    EXPECT_TRUE(st["seats"]["white"]["level"].is_null());
    EXPECT_EQ(st["clocks"]["server_time_ms"], 2000 + i);
    std::vector<std::string> legal;
    if (g.to_move()) {
      generate(g.position(), list);
      for (Move m : list) legal.push_back(to_string(m));
      std::sort(legal.begin(), legal.end());
      EXPECT_EQ(st["to_move"], color_name(*g.to_move()));
      EXPECT_EQ(st["clocks"]["running"], color_name(*g.to_move()));
    } else {
      EXPECT_TRUE(st["to_move"].is_null());
    }
    EXPECT_EQ(st["legal"].get<std::vector<std::string>>(), legal);
  }
  ASSERT_EQ(g.status(), Status::Over);
  const json st = g.state_json(0);
  EXPECT_EQ(st["status"], "over");
  EXPECT_EQ(st["result"]["score"], g.result()->score);
  EXPECT_EQ(st["result"]["reason"], g.result()->reason);
}

TEST(JsonOut, EscapesWhatJsonRequiresAndNestsCommasRight) {
  std::string s;
  JsonOut o(s);
  const std::string odd = std::string("a\"b\\c") + char(1) + "\u00e9\n";
  o.begin_object().key("k").value(odd).key("list").begin_array().value(1).begin_object().end_object();
  o.begin_array().end_array().null().value(true).end_array().key("n").value(int64_t(-5)).end_object();
  const json j = json::parse(s);  // throws if not JSON
  EXPECT_EQ(j["k"], odd);
  EXPECT_EQ(j["list"], json::parse(R"([1, {}, [], null, true])"));
  EXPECT_EQ(j["n"], -5);
}

// A vacation pauses the vacationer's correspondence clock: begun on its turn, the deadline
// moves by the vacation's length; begun on the opponent's turn, the opponent's decision gives
// it the days per move from the vacation's end; ended early, what was not used is taken back.
// Each step is an event, so a game replayed from its log has the same clocks.
TEST(OnlineGame, AVacationPausesTheVacationersCorrespondenceClock) {
  constexpr int64_t kDay = 24LL * 3600 * 1000;
  OnlineGame g = started_game(ClockSpec::days_per_move(2));
  std::vector<Event> log;
  auto play = [&](Outcome o) {
    ASSERT_TRUE(o.ok()) << o.error.code << ": " << o.error.message;
    o.event->version = g.version() + 1;
    log.push_back(*o.event);
    g.apply(*o.event);
  };
  play(g.decide(WHITE, first_legal(g), std::nullopt, 2000));  // Black's turn from t = 2000
  ASSERT_EQ(g.deadline(), 2000 + 2 * kDay);
  // Black, to move, takes 5 days off at t = 1 day: the deadline moves by 5 days.
  const int64_t t1 = kDay;
  play(g.vacation(BLACK, t1, t1 + 5 * kDay, t1));
  EXPECT_EQ(g.deadline(), 2000 + 7 * kDay);
  EXPECT_EQ(g.vacation_until(BLACK), t1 + 5 * kDay);
  EXPECT_EQ(g.state_json(t1 + kDay)["clocks"]["vacation"]["black"], t1 + 5 * kDay);
  EXPECT_TRUE(g.state_json(t1 + kDay)["clocks"]["vacation"]["white"].is_null());
  EXPECT_EQ(g.vacation(BLACK, t1, t1 + 5 * kDay, t1 + 10).error.code, "not_allowed") << "the same again: no change";
  EXPECT_EQ(g.vacation(BLACK, t1 + 10, t1 + 9 * kDay, t1 + 10).error.code, "on_vacation");
  EXPECT_EQ(g.timeout(2000 + 3 * kDay).error.code, "not_allowed") << "the old deadline no longer ends the game";
  // Black decides on vacation (allowed) at t1 + 1 day; White replies at t1 + 2 days: Black's
  // clock then runs from the vacation's end.
  play(g.decide(BLACK, first_legal(g), std::nullopt, t1 + kDay));
  EXPECT_EQ(g.deadline(), t1 + 3 * kDay) << "White is not on vacation";
  play(g.decide(WHITE, first_legal(g), std::nullopt, t1 + 2 * kDay));
  EXPECT_EQ(g.deadline(), t1 + 5 * kDay + 2 * kDay);
  // Black ends the vacation early, at t1 + 3 days: two days of it are taken back.
  play(g.vacation(BLACK, t1, t1 + 3 * kDay, t1 + 3 * kDay));
  EXPECT_EQ(g.deadline(), t1 + 3 * kDay + 2 * kDay);
  EXPECT_FALSE(g.state_json(t1 + 3 * kDay)["clocks"].contains("vacation"));
  // The log replayed gives the same game.
  OnlineGame replay = started_game(ClockSpec::days_per_move(2));
  for (Event e : log) {
    e.version = replay.version() + 1;
    replay.apply(e);
  }
  EXPECT_EQ(replay.deadline(), g.deadline());
  EXPECT_EQ(replay.remaining(BLACK, t1 + 4 * kDay), g.remaining(BLACK, t1 + 4 * kDay));
  // Only correspondence games in play take vacations.
  OnlineGame timed = started_game(ClockSpec{300000, 0});
  EXPECT_EQ(timed.vacation(WHITE, 0, kDay, 0).error.code, "not_correspondence");
  OnlineGame waiting(GameMeta{"abcdefghijkz", Variant::Normal, ClockSpec::days_per_move(2), 0});
  EXPECT_EQ(waiting.vacation(WHITE, 0, kDay, 0).error.code, "not_active");
}
