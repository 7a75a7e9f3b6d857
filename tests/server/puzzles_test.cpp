// Puzzle ratings per account (server/puzzle_store.h, puzzle_api.h): the committed puzzle set
// embedded in the server; on both stores, a solve raises the account's rating and lowers the
// puzzle's, a failure the reverse, and a second submission of the same attempt changes
// nothing; over HTTP, unknown puzzles, malformed bodies, guests and cross-site POSTs are
// refused with nothing changed; the player page shows the rating; a line replayed by the
// rules core solves a puzzle only when it reaches the goal; and a database of schema version 3
// is migrated to 4 with its accounts kept.
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>

#include "account_helpers.h"
#include "test_server.h"
#include "pg_cluster.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "search/nnue.h"
#include "search/search.h"
#include "server/puzzles/puzzle_judge.h"
#include "server/puzzles/puzzle_referee.h"
#include "server/puzzles/puzzle_set.h"
#include "server/puzzles/puzzle_store.h"
#include "server/store/store.h"
#include "server/store/store_migrations.h"

using namespace yinsh;
using namespace yinsh::test;
using server::PuzzleSet;
namespace http = boost::beast::http;

namespace {

std::string committed_file() {
  std::ifstream in(std::string(YINSH_SOURCE_DIR) + "/web/src/static/puzzles.json");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(PuzzleSet, TheServerKnowsEveryPuzzleOfTheCommittedFile) {
  const json file = json::parse(committed_file());
  const auto& set = PuzzleSet::committed();
  ASSERT_EQ(set.size(), file["puzzles"].size());
  ASSERT_GE(set.size(), 300u);
  for (const auto& p : file["puzzles"]) {
    const auto found = set.find(p["id"].get<std::string>());
    ASSERT_TRUE(found) << p["id"];
    EXPECT_EQ(found->rating, p["rating"].get<double>());
  }
  EXPECT_FALSE(set.find("p9999"));
  EXPECT_FALSE(set.find(""));
  EXPECT_FALSE(set.find("P0001"));
}

TEST(PuzzleSet, MalformedFilesAreRefusedWithTheReason) {
  auto reason = [](const std::string& text) {
    try {
      PuzzleSet::parse(text);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(reason("not json"), "not a yinsh-puzzles file of version 1");
  EXPECT_EQ(reason(R"({"format":"yinsh-puzzles","version":2,"puzzles":[]})"), "not a yinsh-puzzles file of version 1");
  EXPECT_EQ(reason(R"({"format":"yinsh-puzzles","version":1,"puzzles":[{"id":"a"}]})"), "puzzle 1 is malformed");
  const std::string start = R"("position":"4/4Bww/6b1/3www1b1/5wb1b1/3b1bW2/5wb2b/4wwbBw/wwbwBwwW/WbwbBWw/bWw1 w move 0 1 normal")";
  const auto one = [&](const std::string& id, const std::string& rest) {
    return R"({"id":")" + id + R"(","rating":1,)" + rest + "}";
  };
  const auto file = [](const std::string& puzzles) {
    return R"({"format":"yinsh-puzzles","version":1,"puzzles":[)" + puzzles + "]}";
  };
  const std::string good = start + R"(,"side":"w","goal":"win","line":["f8-f6"])";
  EXPECT_EQ(reason(file(one("a", good) + "," + one("a", good))), "puzzle a is there twice");
  EXPECT_EQ(reason(file(one("a", R"("position":"9/9 w move 0 0 normal","side":"w","goal":"win","line":[])"))),
            "puzzle 1 is malformed");
  EXPECT_EQ(reason(file(one("a", start + R"(,"side":"w","goal":"mate","line":[])"))), "puzzle 1 is malformed");
  EXPECT_EQ(reason(file(one("a", start + R"(,"side":"w","goal":"win","line":[1])"))), "puzzle 1 is malformed");
  EXPECT_EQ(PuzzleSet::parse(file(one("a", good))).size(), 1u);
}

// Every committed puzzle, judged by the server as the trainer judges it: its solution solves
// it (at the decision where the trainer stops), its `other` line does not at any point, and a
// decision that is not legal where it stands makes the line malformed.
TEST(PuzzleJudge, TheSolutionOfEveryCommittedPuzzleSolvesItAndTheAlternativeDoesNot) {
  const json file = json::parse(committed_file());
  using server::LineVerdict;
  for (const auto& p : file["puzzles"]) {
    const auto puzzle = *PuzzleSet::committed().find(p["id"].get<std::string>());
    const auto line = p["line"].get<std::vector<std::string>>();
    const auto other = p["other"].get<std::vector<std::string>>();
    std::optional<LineVerdict> first;
    for (size_t k = 1; k <= line.size() && !first; ++k) {
      const auto v = server::judge_line(puzzle, {line.begin(), line.begin() + k}).verdict;
      if (v != LineVerdict::Failed || k == line.size()) first = v;
    }
    EXPECT_EQ(first, LineVerdict::Solved) << puzzle.id;
    for (size_t k = 0; k <= other.size(); ++k)
      EXPECT_NE(server::judge_line(puzzle, {other.begin(), other.begin() + k}).verdict, LineVerdict::Solved)
          << puzzle.id << " after " << k;
    auto forged = line;
    forged.insert(forged.begin(), "pass");
    EXPECT_EQ(server::judge_line(puzzle, forged).verdict, LineVerdict::Malformed) << puzzle.id;
  }
}

// A line that leaves the solution at its first decision and wins a ring only because the
// opponent's answer hands it over, found by trying every answer (and up to three decisions of
// the solver after it); nullopt when the puzzle has none.
std::optional<std::vector<std::string>> gifted_win(const server::PuzzleInfo& puzzle) {
  Position pos = puzzle.position;
  const int start = pos.removed(puzzle.side);
  const auto won = [&] { return pos.removed(puzzle.side) > start; };
  std::vector<std::string> line;
  // The solver's decisions from here (its turn) until it is a ring ahead, depth-first.
  std::function<bool(int)> solver_wins = [&](int left) {
    if (won()) return true;
    if (left == 0 || pos.is_over() || pos.side_to_move() != puzzle.side) return false;
    MoveList moves;
    generate(pos, moves);
    for (const Move m : moves) {
      StateInfo st;
      pos.do_move(m, st);
      line.push_back(to_string(m));
      const bool wins = solver_wins(left - 1);
      pos.undo_move(m, st);
      if (wins) return true;  // `line` holds the winning decisions
      line.pop_back();
    }
    return false;
  };
  MoveList firsts;
  generate(pos, firsts);
  for (const Move d : firsts) {
    if (to_string(d) == puzzle.line.at(0)) continue;
    StateInfo s1;
    pos.do_move(d, s1);
    if (!won() && !pos.is_over() && pos.side_to_move() != puzzle.side) {
      // A forgery only where the engine's own answer (at the trainer's depth) keeps the ring:
      // else the trainer hands it over too, and the first decision wins it.
      SearchConfig config;
      config.net = nnue::embedded_network();
      Searcher engine(config);
      const std::atomic<bool> stop{false};
      Limits limits;
      limits.depth = std::max(1, puzzle.depth - 1);
      const Move engines = engine.run(pos, limits, stop, nullptr).best;
      std::optional<std::vector<std::string>> gift;
      bool defended = false;
      MoveList answers;
      generate(pos, answers);
      for (const Move r : answers) {
        StateInfo s2;
        pos.do_move(r, s2);
        line = {to_string(d), to_string(r)};
        const Color other = puzzle.side == WHITE ? BLACK : WHITE;
        const bool level = pos.removed(other) == puzzle.position.removed(other);
        const bool wins = level && solver_wins(3);
        if (wins && !gift) gift = line;
        if (r == engines) defended = !wins;
        pos.undo_move(r, s2);
      }
      if (gift && defended) return gift;
    }
    pos.undo_move(d, s1);
  }
  return std::nullopt;
}

// Off the solution, the opponent's answers come from the browser's engine and only the server's
// referee stands between a forged answer and a rating: a line whose answer hands the solver a
// ring is solved by the rules alone, and failed once the referee searches the answer; the
// engine's own answers (each puzzle's `other` line, the engine's alternative) pass it.
TEST(PuzzleJudge, AnAnswerOffTheSolutionThatHandsOverARingIsNotASolve) {
  using server::LineVerdict;
  int forged = 0;
  const json file = json::parse(committed_file());
  for (const auto& p : file["puzzles"]) {
    if (forged == 5) break;
    const std::string id = p["id"];
    const auto puzzle = PuzzleSet::committed().find(id);
    if (puzzle->goal != server::PuzzleGoal::Win) continue;
    const auto gift = gifted_win(*puzzle);
    if (!gift) continue;
    ++forged;
    EXPECT_EQ(server::judge_line(*puzzle, *gift).verdict, LineVerdict::Solved) << id << " without the referee";
    const auto refereed = server::judge_line(*puzzle, *gift, server::engine_could_answer);
    EXPECT_EQ(refereed.verdict, LineVerdict::Failed) << id;
    EXPECT_NE(refereed.why.find("decision 2 "), std::string::npos) << id << ": " << refereed.why;
  }
  EXPECT_EQ(forged, 5) << "fewer than five puzzles let a forged answer win a ring";
  // The trainer: the solver leaves the solution with the engine's alternative, then the
  // engine plays both sides at the trainer's depth, its table kept from answer to answer as
  // the browser's worker keeps it. The referee searches from a clear table, and passes them.
  int answered = 0;
  for (const auto& p : file["puzzles"]) {
    if (answered >= 40) break;
    const auto puzzle = *PuzzleSet::committed().find(p["id"].get<std::string>());
    const std::string leave = p["other"].at(0);
    if (leave == puzzle.line.at(0)) continue;
    SearchConfig config;
    config.hash_mb = 16;
    config.net = nnue::embedded_network();
    Searcher trainer(config);
    const std::atomic<bool> stop{false};
    Limits limits;
    limits.depth = std::max(1, puzzle.depth - 1);
    std::vector<std::string> line = {leave};
    Position pos = puzzle.position;
    std::vector<StateInfo> states(puzzle.horizon + 8);
    pos.do_move(*parse_legal_move(pos, leave, nullptr), states[0]);
    // Played on until the rules decide the attempt (a longer line would be malformed).
    while (line.size() < puzzle.horizon + 4 && !pos.is_over()) {
      const Move m = trainer.run(pos, limits, stop, nullptr).best;
      line.push_back(to_string(m));
      const auto v = server::judge_line(puzzle, line).verdict;
      if (v == LineVerdict::Malformed) {
        line.pop_back();
        break;
      }
      pos.do_move(m, states[line.size() - 1]);
      if (v == LineVerdict::Solved) break;
    }
    int checks = 0;
    const server::ReplyCheck count = [&](const Position& before, Move reply, int depth) {
      ++checks;
      return server::engine_could_answer(before, reply, depth);
    };
    const auto judged = server::judge_line(puzzle, line, count);
    answered += checks;
    EXPECT_EQ(judged.why.find("not an answer"), std::string::npos) << puzzle.id << " " << json(line).dump();
    EXPECT_NE(judged.verdict, LineVerdict::Malformed) << puzzle.id << ": " << judged.why;
  }
  EXPECT_GE(answered, 40);
}

// The store-level rules, the same on SQLite and PostgreSQL.
void rate_on(server::Store& store) {
  store.transact([](server::Sql& q) {
    for (const char* id : {"acc1", "acc2"})
      q.run("INSERT INTO accounts(id, name, name_key, skeleton, password, created_at) VALUES (?, ?, ?, ?, '', 0)",
            {std::string(id), std::string(id), std::string(id), std::string(id)});
  });
  server::PuzzleRecord solved, failed, again;
  store.transact([&](server::Sql& q) { solved = server::record_puzzle_attempt(q, "acc1", "p0001", 1000, true, 10); });
  store.transact([&](server::Sql& q) { failed = server::record_puzzle_attempt(q, "acc2", "p0001", 1000, false, 11); });
  store.transact([&](server::Sql& q) { again = server::record_puzzle_attempt(q, "acc1", "p0001", 1000, false, 12); });
  EXPECT_TRUE(solved.counted);
  EXPECT_EQ(solved.attempt.before, server::kPuzzleStart.rating);
  EXPECT_GT(solved.attempt.after, solved.attempt.before);
  EXPECT_EQ(solved.attempt.puzzle_rating, 1000);
  EXPECT_TRUE(failed.counted);
  EXPECT_LT(failed.attempt.after, failed.attempt.before);
  EXPECT_LT(failed.attempt.puzzle_rating, 1000) << "the solve lowered the puzzle's rating";
  EXPECT_FALSE(again.counted) << "a second attempt at the same puzzle is not rated";
  EXPECT_TRUE(again.attempt.solved) << "the first attempt comes back";
  EXPECT_NEAR(again.attempt.after, solved.attempt.after, 1e-6);  // SQLite reads REAL back to 15 digits
  json one, puzzle;
  store.transact([&](server::Sql& q) {
    one = server::puzzle_profile_json(q, "acc1");
    const auto r = q.run("SELECT attempts, solved, rating FROM puzzles WHERE id='p0001'").at(0);
    puzzle = {server::sql_int(r[0]), server::sql_int(r[1]), server::sql_double(r[2])};
  });
  EXPECT_EQ(one["attempts"], 1);
  EXPECT_EQ(one["solved"], 1);
  EXPECT_EQ(one["rating"], std::lround(solved.attempt.after));
  EXPECT_EQ(one["done"], json({{"p0001", "solved"}}));
  ASSERT_EQ(one["recent"].size(), 1u);
  EXPECT_EQ(puzzle[0], 2);
  EXPECT_EQ(puzzle[1], 1);
  EXPECT_GT(puzzle[2].get<double>(), failed.attempt.puzzle_rating) << "the failure raised it again";
}

TEST(PuzzleStore, RatingsMoveOnceOnSqlite) {
  const test::ScratchDir dir("yinsh-puzzle-store");
  std::string error;
  auto store = server::open_store((dir / "games.db").string(), &error);
  ASSERT_TRUE(store) << error;
  rate_on(*store);
  store.reset();  // closed before the directory goes
}

TEST(PuzzleStore, RatingsMoveOnceOnPostgres) {
  auto& pg = PgCluster::instance();
  if (!pg.available()) GTEST_SKIP() << "PostgreSQL tests skipped: " << pg.why_not();
  std::string error;
  auto store = server::open_store(pg.new_database(), &error);
  ASSERT_TRUE(store) << error;
  rate_on(*store);
}

}  // namespace
