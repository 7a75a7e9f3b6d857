// The outputs analysis is built on: MultiPV lines, `searchmoves`, win probabilities and their
// fit, through the Searcher and through the Engine object.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "core/movegen.h"
#include "core/notation.h"
#include "engine/engine.h"
#include "search/search.h"
#include "search/winprob.h"
#include "test_util.h"

namespace yinsh {
namespace {

using test::random_position;

SearchResult search(Searcher& s, const Position& pos, const Limits& l) {
  std::atomic<bool> stop{false};
  return s.run(pos, l, stop, {});
}

// A middle-game position with many ring moves.
Position middle_game() {
  for (uint64_t seed = 1;; ++seed) {
    Position pos = random_position(seed, 24);
    if (pos.step() == Step::Move && count_moves(pos) >= 20) return pos;
  }
}

TEST(MultiPV, LinesAreDistinctLegalAndLedByTheDecisionPlayed) {
  const Position pos = middle_game();
  SearchConfig c;
  c.multipv = 4;
  Searcher s(c);
  Limits l;
  l.depth = 3;
  const SearchResult r = search(s, pos, l);
  ASSERT_EQ(r.info.lines.size(), 4u);
  EXPECT_EQ(r.info.lines[0].move, r.best);
  EXPECT_EQ(r.info.lines[0].score, r.info.score);
  std::set<uint32_t> seen;
  for (const PvLine& line : r.info.lines) {
    EXPECT_TRUE(is_legal(pos, line.move)) << to_string(line.move);
    ASSERT_FALSE(line.pv.empty());
    EXPECT_EQ(line.pv[0], line.move);
    EXPECT_EQ(line.winprob, win_permille(line.score));
    seen.insert(line.move.raw());
  }
  EXPECT_EQ(seen.size(), 4u);
  // Sorted best first.
  for (size_t k = 1; k < r.info.lines.size(); ++k)
    EXPECT_LE(r.info.lines[k].score, r.info.lines[k - 1].score);
}

// The lines of one report: `n` of them, best first, line 1 being the decision, score and line
// reported as the result.
void expect_consistent(const SearchInfo& info, Move best, size_t n, const std::string& where) {
  ASSERT_EQ(info.lines.size(), n) << where;
  for (size_t k = 1; k < n; ++k) EXPECT_LE(info.lines[k].score, info.lines[k - 1].score) << where << " line " << k;
  EXPECT_EQ(info.lines[0].move, best) << where;
  EXPECT_EQ(info.lines[0].score, info.score) << where;
  EXPECT_EQ(info.lines[0].winprob, info.winprob) << where;
  EXPECT_EQ(info.lines[0].pv, info.pv) << where;
}

TEST(MultiPV, AStoppedSearchReportsTheLinesAskedForBestFirst) {
  // Stopped by a node budget in the middle of an iteration, as the analysis board's searches
  // are by their time slices: still 3 lines, those of the last completed depth, best first,
  // and the decision played is line 1. Empty board and middle games, many stopping points.
  std::vector<Position> positions{Position::start()};
  for (uint64_t seed = 1; positions.size() < 4; ++seed) {
    Position pos = random_position(seed, 24);
    if (pos.step() == Step::Move && count_moves(pos) >= 20) positions.push_back(pos);
  }
  SearchConfig c;
  c.multipv = 3;
  c.hash_mb = 4;
  for (size_t i = 0; i < positions.size(); ++i)
    for (uint64_t nodes = 3000; nodes <= 60000; nodes = nodes * 3 / 2) {
      Searcher s(c);
      Limits l;
      l.nodes = nodes;
      std::atomic<bool> stop{false};
      const std::string where = "position " + std::to_string(i) + ", " + std::to_string(nodes) + " nodes";
      const SearchResult r = s.run(positions[i], l, stop, [&](const SearchInfo& info) {
        expect_consistent(info, info.lines.empty() ? Move::none() : info.lines[0].move, 3, where + " (info)");
      });
      expect_consistent(r.info, r.best, 3, where);
    }
}

TEST(MultiPV, OneLineSearchesExactlyAsBefore) {
  const Position pos = middle_game();
  Limits l;
  l.depth = 4;
  SearchConfig one, two;
  two.multipv = 2;
  Searcher a(one), b(two);
  const SearchResult ra = search(a, pos, l), rb = search(b, pos, l);
  EXPECT_EQ(ra.info.lines.size(), 1u);
  EXPECT_EQ(rb.info.lines.size(), 2u);
  EXPECT_GT(rb.info.nodes, ra.info.nodes);  // the second line costs a search
}

TEST(MultiPV, MoreLinesThanDecisionsGivesEveryDecision) {
  const Position pos = middle_game();
  MoveList legal;
  generate(pos, legal);
  SearchConfig c;
  c.multipv = 130;
  Searcher s(c);
  Limits l;
  l.depth = 2;
  EXPECT_EQ(int(search(s, pos, l).info.lines.size()), legal.size());
}

TEST(SearchMoves, RestrictTheRootAndIgnoreIllegalEntries) {
  const Position pos = middle_game();
  MoveList legal;
  generate(pos, legal);
  SearchConfig c;
  c.multipv = 3;
  for (int level : {8, 3, 0}) {  // full search, noisy weak level, random
    c.level = level;
    Searcher s(c);
    Limits l;
    l.depth = 3;
    l.searchmoves = {legal[legal.size() - 1], legal[1], Move::place(Point(0))};  // last illegal
    const SearchResult r = search(s, pos, l);
    EXPECT_TRUE(r.best == legal[1] || r.best == legal[legal.size() - 1]) << level;
    for (const PvLine& line : r.info.lines)
      EXPECT_TRUE(line.move == legal[1] || line.move == legal[legal.size() - 1]);
    if (level == 8) {
      EXPECT_EQ(r.info.lines.size(), 2u);
    }
  }
  // Nothing legal named: the whole root is searched.
  Searcher s;
  Limits l;
  l.depth = 2;
  l.searchmoves = {Move::place(Point(0))};
  EXPECT_TRUE(is_legal(pos, search(s, pos, l).best));
}

TEST(WinProbability, MonotoneSymmetricAndCertainOnlyForForcedResults) {
  EXPECT_EQ(win_permille(0), 500);
  int last = 0;
  for (int v = -3000; v <= 3000; v += 7) {
    const int p = win_permille(v);
    EXPECT_GE(p, last);
    EXPECT_GE(p, 1);
    EXPECT_LE(p, 999);
    EXPECT_NEAR(p + win_permille(-v), 1000, 1);
    last = p;
  }
  EXPECT_EQ(win_permille(SCORE_MATE - 3), 1000);
  EXPECT_EQ(win_permille(-(SCORE_MATE - 3)), 0);
}

TEST(WinProbability, FitRecoversTheScaleOfItsData) {
  // Outcomes drawn from a logistic model with a known scale: the fit finds it again.
  for (double truth : {40.0, 150.0}) {
    Rng rng(7);
    std::vector<ScoredOutcome> data;
    for (int i = 0; i < 40000; ++i) {
      const int score = int(rng.below(1201)) - 600;
      const double p = 1 / (1 + std::exp(-score / truth));
      data.push_back({score, rng.below(1000000) < uint32_t(p * 1e6) ? 1.f : 0.f});
    }
    const double fitted = fit_win_scale(data);
    EXPECT_NEAR(fitted, truth, truth * 0.08);
    EXPECT_LT(win_log_loss(data, fitted), win_log_loss(data, truth * 2));
  }
}

TEST(EngineApi, AnalysisThroughTheEngineObject) {
  Engine engine;
  ASSERT_TRUE(engine.set_option("MultiPV", "3"));
  std::string error;
  EXPECT_FALSE(engine.set_option("MultiPV", "0", &error));
  EXPECT_FALSE(error.empty());
  const Position pos = middle_game();
  Limits l;
  l.depth = 3;
  int reports = 0;
  const SearchResult r = engine.search(pos, l, [&](const SearchInfo& info) {
    ++reports;
    EXPECT_EQ(info.lines.size(), 3u);
    EXPECT_EQ(info.lines[0].score, info.score);
  });
  EXPECT_GE(reports, 2);
  EXPECT_EQ(r.info.lines.size(), 3u);
  EXPECT_EQ(r.info.winprob, win_permille(r.info.score));
}

}  // namespace
}  // namespace yinsh
