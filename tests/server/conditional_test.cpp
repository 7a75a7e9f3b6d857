// Conditional lines (docs/api.md "Conditional lines", docs/server.md "Conditional lines"): a
// correspondence player stores replies on the opponent's turn and disconnects; the server
// plays them the moment the opponent plays into a line, drops them when the opponent leaves
// every line, plays a turn of several decisions whole, refuses bad lines (nothing stored), and
// keeps them across a restart and between two servers on one PostgreSQL database.
#include <chrono>
#include <random>

#include "core/movegen.h"
#include "core/notation.h"
#include "correspondence_helpers.h"

namespace yinsh::test {
namespace {

// The legal decisions after `decisions` (the rules core's).
std::vector<std::string> legal_after(const std::vector<std::string>& decisions) {
  Game g;
  for (const auto& d : decisions) EXPECT_TRUE(g.play(d)) << d;
  MoveList list;
  generate(g.position(), list);
  std::vector<std::string> out;
  for (Move m : list) out.push_back(to_string(m));
  return out;
}

// White placed a ring; Black to place: two lines, each Black's placement then White's reply.
struct Opening {
  std::vector<std::string> before;  // the decisions played before the lines are stored
  json lines;
  std::string expected, expected_reply, other;  // Black's decision that plays into line 0, its reply, one off every line
};
Opening opening() {
  Opening o;
  o.before = {legal_after({})[0]};
  const auto black = legal_after(o.before);
  for (size_t i = 0; i < 2; ++i) {
    auto after = o.before;
    after.push_back(black[i]);
    const auto white = legal_after(after);
    o.lines.push_back({black[i], white[white.size() - 1 - i]});
  }
  o.expected = o.lines[0][0];
  o.expected_reply = o.lines[0][1];
  o.other = black[5];
  return o;
}

class ConditionalTest : public CorrespondenceServerTest {
 protected:
  // Alice (White) and Bob (Black) in a correspondence game of 3 days per move, started.
  Played play(uint16_t at, const json& clock_spec = {{"days", 3}}) { return seat_both(at, {{"clock", clock_spec}}); }
  // Each decision by the seat to move, both connections kept in sync.
  static void decide(Played& p, const std::vector<std::string>& decisions) {
    for (const auto& d : decisions) {
      Follower& mover = p.white->state["to_move"] == "white" ? *p.white : *p.black;
      mover.ws.send({{"type", "move"}, {"decision", d}, {"ply", mover.state["ply"]}});
      const int64_t target = mover.version + 1;
      ASSERT_TRUE(p.white->sync_to(target));
      ASSERT_TRUE(p.black->sync_to(target));
    }
  }
  // A game where White has placed a ring, then stored `o`'s lines on Black's turn (through `at`).
  Played with_lines(const Opening& o, uint16_t at = 0);
  // Black's move into a line whose White turn has removals (find_row_line), played whole.
  void several_decisions(bool early);
  HttpResult put_lines(const std::string& id, const std::string& session, const json& lines, uint16_t at = 0) {
    return http_request(at ? at : port, verb::put, "/api/games/" + id + "/conditional", json{{"lines", lines}}.dump(),
                        cookie(session));
  }
  json lines_of(const std::string& id, const std::string& session, uint16_t at = 0) {
    auto r = http_request(at ? at : port, verb::get, "/api/games/" + id + "/conditional", "", cookie(session));
    EXPECT_EQ(r.status, 200) << r.text;
    return r.body["lines"];
  }
  json decisions_of(const std::string& id, uint16_t at = 0) {
    return http_request(at ? at : port, verb::get, "/api/games/" + id).body["decisions"];
  }
};

Played ConditionalTest::with_lines(const Opening& o, uint16_t at) {
  Played p = play(at ? at : port);
  decide(p, o.before);
  auto r = put_lines(p.id, alice, o.lines, at);
  EXPECT_EQ(r.status, 200) << r.text;
  return p;
}

TEST_F(ConditionalTest, APremoveIsAnsweredWithinASecondWithNobodyConnectedForThePremover) {
  Played p = play(port);
  const Opening o = opening();
  decide(p, o.before);
  auto r = put_lines(p.id, alice, o.lines);
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["base"], 1);
  EXPECT_EQ(r.body["lines"], o.lines);
  EXPECT_EQ(lines_of(p.id, bob), json::array()) << "lines are private";
  p.white.reset();  // Alice has no connection at all
  for (bool white_here = true; white_here;) {  // Bob hears that Alice is gone
    const auto presence = p.black->wait_event("presence");
    ASSERT_TRUE(presence);
    white_here = (*presence)["white"].get<bool>();
  }

  const auto sent = std::chrono::steady_clock::now();
  p.black->ws.send({{"type", "move"}, {"decision", o.expected}, {"ply", 1}});
  ASSERT_TRUE(p.black->sync_to(p.black->version + 2, 5000)) << "Bob's decision, then Alice's reply";
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - sent).count();
  std::printf("[ conditional ] Bob's decision to Alice's stored reply seen by Bob: %.1f ms\n", ms);
  EXPECT_LT(ms, 1000);
  EXPECT_EQ(p.black->decisions, (std::vector<std::string>{o.before[0], o.expected, o.expected_reply}));
  EXPECT_EQ(decisions_of(p.id), json(p.black->decisions)) << "stored";
  EXPECT_EQ(p.black->state["to_move"], "black");
  EXPECT_EQ(lines_of(p.id, alice), o.lines) << "kept until the game leaves them";
  p.black->ws.send({{"type", "resign"}});
  ASSERT_TRUE(p.black->wait_event("game_over"));
  EXPECT_TRUE(eventually([&] { return lines_of(p.id, alice).empty(); })) << "a finished game's lines are dropped";
}

TEST_F(ConditionalTest, WhenTheOpponentLeavesEveryLineNothingIsPlayedAndTheLinesAreDropped) {
  const Opening o = opening();
  Played p = with_lines(o);
  ASSERT_FALSE(HasFailure());
  p.white.reset();
  p.black->ws.send({{"type", "move"}, {"decision", o.other}, {"ply", 1}});
  ASSERT_TRUE(p.black->sync_to(p.black->version + 1));
  ASSERT_TRUE(eventually([&] { return lines_of(p.id, alice).empty(); })) << lines_of(p.id, alice).dump();
  // Other events may come (the opponent's presence); none of them is a decision.
  for (auto m = p.black->ws.recv(300); m; m = p.black->ws.recv(300))
    EXPECT_NE((*m)["type"], "decision") << "no reply was played: " << m->dump();
  EXPECT_EQ(decisions_of(p.id).size(), 2u);
  EXPECT_EQ(p.black->state["to_move"], "white");
}

// A random game (the rules core's, seeded) up to a ring move of Black after which White's turn
// holds removals: with `early`, Black's move makes a row of White's, which White removes (with a
// ring) before its ring move; else White's ring move makes a row, removed after it. The line is
// Black's move and White's whole turn (the first legal removal each time); the decisions
// before it are played, then the line stored.
struct RowLine {
  std::vector<std::string> before, line;
};
std::vector<Move> legal(const Game& g) {
  MoveList list;
  generate(g.position(), list);
  return {list.begin(), list.end()};
}
RowLine find_row_line(bool early) {
  std::mt19937 rng(7);
  for (int attempt = 0; attempt < 500; ++attempt) {
    Game g;
    while (!g.position().is_over() && g.moves().size() < 300) {
      const auto moves = legal(g);
      for (Move b : moves) {
        if (g.position().side_to_move() != BLACK || g.position().step() != Step::Move) break;
        Game after = g;
        after.play(b);
        if (after.position().side_to_move() != WHITE) continue;
        if (after.position().step() != (early ? Step::EarlyRemoveRow : Step::Move)) continue;
        Game turn = after;
        if (!early) {  // a White ring move that makes a row
          for (Move w : legal(after)) {
            Game row = after;
            row.play(w);
            if (row.position().step() == Step::RemoveRow) {
              turn = row;
              break;
            }
          }
          if (turn.moves().size() == after.moves().size()) continue;
        }
        while (!turn.position().is_over() && turn.position().side_to_move() == WHITE) turn.play(legal(turn)[0]);
        RowLine r;
        for (size_t i = 0; i < turn.moves().size(); ++i)
          (i < g.moves().size() ? r.before : r.line).push_back(to_string(turn.moves()[i]));
        return r;
      }
      g.play(moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)]);
    }
  }
  ADD_FAILURE() << "no position found";
  return {};
}

void ConditionalTest::several_decisions(bool early) {
  const RowLine r = find_row_line(early);
  ASSERT_GE(r.line.size(), 4u) << "a ring move, a row removal and a ring removal";
  std::string line;
  for (const auto& d : r.line) line += " " + d;
  std::printf("[ conditional ] after %zu decisions, the line%s\n", r.before.size(), line.c_str());
  Played p = play(port);
  decide(p, r.before);
  ASSERT_EQ(p.black->state["to_move"], "black");
  auto put = put_lines(p.id, alice, json::array({r.line}));
  ASSERT_EQ(put.status, 200) << put.text;
  p.white.reset();
  const int64_t from = p.black->version;
  p.black->ws.send({{"type", "move"}, {"decision", r.line[0]}, {"ply", p.black->state["ply"]}});
  ASSERT_TRUE(p.black->sync_to(from + int64_t(r.line.size()), 5000));
  std::vector<std::string> expected = r.before;
  expected.insert(expected.end(), r.line.begin(), r.line.end());
  EXPECT_EQ(p.black->decisions, expected);
  EXPECT_EQ(decisions_of(p.id), json(expected));
}

// An undo that takes the game back before the lines' base drops them: replaying the same
// decisions afterwards does not bring them back, so no reply is played.
TEST_F(ConditionalTest, AnUndoBackPastTheBaseDropsTheLines) {
  const Opening o = opening();
  Played p = with_lines(o);
  ASSERT_FALSE(HasFailure());
  ASSERT_EQ(lines_of(p.id, alice), o.lines);
  p.white->ws.send({{"type", "undo"}});  // Alice takes back her placement (ply 0, before the base 1)
  ASSERT_TRUE(p.black->wait_event("undo_requested"));
  p.black->ws.send({{"type", "undo_accept"}});
  ASSERT_TRUE(p.black->wait_event("undone"));
  ASSERT_TRUE(p.white->sync_to(p.black->version));
  EXPECT_TRUE(p.black->decisions.empty());
  ASSERT_TRUE(eventually([&] { return lines_of(p.id, alice).empty(); })) << lines_of(p.id, alice).dump();
  decide(p, o.before);  // the same placement again, and Bob plays what line 0 expected
  p.white.reset();
  p.black->ws.send({{"type", "move"}, {"decision", o.expected}, {"ply", 1}});
  ASSERT_TRUE(p.black->sync_to(p.black->version + 1));
  // Other events may come (the opponent's presence); none of them is a decision.
  for (auto m = p.black->ws.recv(300); m; m = p.black->ws.recv(300))
    EXPECT_NE((*m)["type"], "decision") << "no reply was played: " << m->dump();
  EXPECT_EQ(decisions_of(p.id).size(), 2u);
}

TEST_F(ConditionalTest, AReplyOfSeveralDecisionsRingMoveRowAndRingRemovalIsPlayedWhole) { several_decisions(false); }

// White's turn begins with a row Black's move made for it: removed with a ring, then the move.
TEST_F(ConditionalTest, AReplyThatBeginsWithEarlyRemovalsIsPlayedWhole) { several_decisions(true); }

TEST_F(ConditionalTest, BadLinesAreRefusedAndNothingIsStored) {
  Played p = play(port);
  const Opening o = opening();
  auto refused = [&](const HttpResult& r, int status, const std::string& code) {
    EXPECT_EQ(r.status, status) << r.text;
    EXPECT_EQ(r.body["error"]["code"], code) << r.text;
    EXPECT_EQ(lines_of(p.id, alice), json::array());
  };
  refused(put_lines(p.id, alice, o.lines), 409, "your_turn");  // White to place
  decide(p, o.before);
  json illegal = o.lines;
  illegal[1][1] = illegal[1][0];  // White places where Black just did
  auto r = put_lines(p.id, alice, illegal);
  refused(r, 400, "bad_line");
  EXPECT_EQ(r.body["error"]["params"], (json{{"line", 1}, {"decision", 1}}));
  refused(put_lines(p.id, alice, json::array({json::array({o.expected})})), 400, "bad_line");  // ends on Black's turn
  refused(put_lines(p.id, alice, json::array({json::array({o.expected, o.expected_reply, "a2"})})), 400, "bad_line");
  refused(put_lines(p.id, alice, json::array({json::array({o.expected, "k11"})})), 400, "bad_line");  // no such point
  const auto replies = legal_after({o.before[0], o.expected});  // two answers to the same decision
  auto twice = put_lines(p.id, alice, json::array({json::array({o.expected, replies[0]}), json::array({o.expected, replies[1]})}));
  refused(twice, 400, "bad_line");
  EXPECT_EQ(twice.body["error"]["params"], (json{{"line", 1}, {"decision", 1}}));
  json many = json::array();
  for (int i = 0; i < 101; ++i) many.push_back(o.lines[0]);
  refused(put_lines(p.id, alice, many), 400, "too_many_lines");
  refused(put_lines(p.id, alice, "nope"), 400, "bad_request");
  const std::string carol = account(port, "carol");
  refused(put_lines(p.id, carol, o.lines), 403, "not_your_game");
  refused(http_request(port, verb::put, "/api/games/" + p.id + "/conditional", json{{"lines", o.lines}}.dump()), 401,
          "not_logged_in");
  refused(put_lines(p.id, bob, o.lines), 409, "your_turn");
  // A game that is no correspondence game takes none.
  Played timed = play(port, {{"base_ms", 600000}, {"increment_ms", 0}});
  decide(timed, o.before);
  auto t = put_lines(timed.id, alice, o.lines);
  EXPECT_EQ(t.status, 409) << t.text;
  EXPECT_EQ(t.body["error"]["code"], "not_correspondence");
  // The same lines are taken once right; DELETE drops them.
  ASSERT_EQ(put_lines(p.id, alice, o.lines).status, 200);
  EXPECT_EQ(lines_of(p.id, alice), o.lines);
  EXPECT_EQ(http_request(port, verb::delete_, "/api/games/" + p.id + "/conditional", "", cookie(alice)).status, 200);
  EXPECT_EQ(lines_of(p.id, alice), json::array());
}

TEST_F(ConditionalTest, LinesSurviveARestartOfTheServer) {
  const Opening o = opening();
  Played p = with_lines(o);
  ASSERT_FALSE(HasFailure());
  p.white.reset();
  p.black.reset();
  srv.reset();
  srv = start_test_server(options());
  ASSERT_TRUE(srv);
  port = srv->port();
  auto token = http_request(port, verb::get, "/api/account/games", "", cookie(bob)).body["games"][0]["seat_token"];
  Follower black(port, p.id, token.get<std::string>());
  black.ws.send({{"type", "move"}, {"decision", o.lines[1][0]}, {"ply", 1}});
  ASSERT_TRUE(black.sync_to(black.version + 2, 5000));
  EXPECT_EQ(black.decisions.back(), o.lines[1][1].get<std::string>());
}

// Lines stored through one server are played by the other, where the opponent decides.
TEST_F(ConditionalTest, TwoServersOnOnePostgresLinesStoredOnOnePlayedOnTheOther) {
  std::unique_ptr<server::Server> a, b;
  std::string db;
  two_servers(a, b, db);
  if (IsSkipped() || HasFatalFailure()) return;
  auto& pg = PgCluster::instance();
  const Opening o = opening();
  Played p = with_lines(o, a->port());
  ASSERT_FALSE(HasFailure());
  p.white.reset();
  p.black.reset();
  auto token = http_request(b->port(), verb::get, "/api/account/games", "", cookie(bob)).body["games"][0]["seat_token"];
  Follower black(b->port(), p.id, token.get<std::string>());
  const auto sent = std::chrono::steady_clock::now();
  black.ws.send({{"type", "move"}, {"decision", o.expected}, {"ply", 1}});
  ASSERT_TRUE(black.sync_to(black.version + 2, 5000));
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - sent).count();
  std::printf("[ conditional ] two servers: reply seen %.1f ms after the decision\n", ms);
  EXPECT_LT(ms, 1000);
  EXPECT_EQ(black.decisions.back(), o.expected_reply);
  std::string out;
  ASSERT_TRUE(pg.sql(db, "SELECT COUNT(*) FROM events WHERE game_id = '" + p.id + "' AND body LIKE '%\"decision\"%'", &out));
  EXPECT_EQ(std::stoi(out), 3) << "the reply was stored once";
}

}  // namespace
}  // namespace yinsh::test
