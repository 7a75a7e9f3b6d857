// The search: legal decisions everywhere, determinism, tactics, limits, levels, threads.
#include <gtest/gtest.h>

#include <chrono>

#include "core/movegen.h"
#include "core/notation.h"
#include "search/levels.h"
#include "search/search.h"
#include "search/timeman.h"
#include "test_util.h"

namespace yinsh {
namespace {

using test::random_position;

SearchResult search(Searcher& s, const Position& pos, Limits l) {
  std::atomic<bool> stop{false};
  return s.run(pos, l, stop, {});
}

TEST(Search, LegalDecisionOnManyRandomPositions) {
  SearchConfig c;
  c.hash_mb = 4;
  Searcher s(c);
  Limits l;
  l.depth = 2;
  l.nodes = 400;
  int searched = 0, removals = 0;
  for (uint64_t seed = 1; seed <= 2500; ++seed) {
    Position pos = random_position(seed, int(seed % 97));
    removals += pos.step() != Step::Move && pos.step() != Step::Place && !pos.is_over();
    if (pos.is_over()) continue;
    const SearchResult r = search(s, pos, l);
    ASSERT_TRUE(is_legal(pos, r.best)) << to_text(pos) << " best " << to_string(r.best);
    ++searched;
  }
  EXPECT_GT(searched, 1500);
  EXPECT_GT(removals, 10);  // removal decisions are among them
}

TEST(Search, DeterministicWithOneThreadAndFixedDepth) {
  for (uint64_t seed : {3, 7, 11}) {
    const Position pos = random_position(seed, 30);
    Limits l;
    l.depth = 3;
    Searcher a, b;
    const SearchResult ra = search(a, pos, l), rb = search(b, pos, l);
    EXPECT_EQ(ra.best, rb.best);
    EXPECT_EQ(ra.info.nodes, rb.info.nodes);
    EXPECT_EQ(ra.info.score, rb.info.score);
    a.clear();
    const SearchResult rc = search(a, pos, l);
    EXPECT_EQ(ra.info.nodes, rc.info.nodes);
  }
}

TEST(Search, NodeLimitIsRespected) {
  const Position pos = random_position(5, 40);
  Limits l;
  l.nodes = 5000;
  Searcher s;
  const SearchResult r = search(s, pos, l);
  EXPECT_LE(r.info.nodes, 5000u);
  EXPECT_TRUE(is_legal(pos, r.best));
}

// A node budget smaller than depth 1 still completes depth 1: the decision is the one a
// depth-1 search finds, never an unsearched first decision.
TEST(Search, TinyNodeBudgetsStillCompleteDepthOne) {
  int searched = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const Position pos = random_position(seed, 30 + 7 * int(seed));
    if (pos.is_over()) continue;
    Limits one;
    one.nodes = 1;
    Limits depth1;
    depth1.depth = 1;
    Searcher a, b;
    const SearchResult r = search(a, pos, one), d = search(b, pos, depth1);
    // (A position with one legal decision is answered at depth 0 by both.)
    EXPECT_EQ(r.info.depth, d.info.depth) << seed;
    EXPECT_EQ(r.best, d.best) << seed;
    EXPECT_EQ(r.info.score, d.info.score) << seed;
    searched += r.info.depth == 1;
  }
  EXPECT_GE(searched, 4);
}

TEST(Search, GameOverGivesNone) {
  Position pos = random_position(1, 2000);
  ASSERT_TRUE(pos.is_over());
  Searcher s;
  EXPECT_TRUE(search(s, pos, Limits{}).best.is_none());
}

TEST(Search, TwoThreadsGiveLegalDecisions) {
  SearchConfig c;
  c.threads = 2;
  c.hash_mb = 8;
  Searcher s(c);
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    const Position pos = random_position(seed * 13, 20 + int(seed) * 4);
    if (pos.is_over()) continue;
    Limits l;
    l.depth = 3;
    EXPECT_TRUE(is_legal(pos, search(s, pos, l).best));
  }
}

TEST(Search, StopsWithinMovetime) {
  const Position pos = random_position(9, 30);
  Limits l;
  l.movetime = 150;
  Searcher s;
  const auto t0 = std::chrono::steady_clock::now();
  const SearchResult r = search(s, pos, l);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_TRUE(is_legal(pos, r.best));
  EXPECT_LT(ms, 1000);  // generous: the machine is shared and may run sanitizers
}

TEST(Search, ExternalStopEndsInfiniteSearch) {
  const Position pos = random_position(21, 30);
  Limits l;
  l.infinite = true;
  Searcher s;
  std::atomic<bool> stop{false};
  std::thread t([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    stop = true;
  });
  const SearchResult r = s.run(pos, l, stop, {});
  t.join();
  EXPECT_TRUE(is_legal(pos, r.best));
}

TEST(TimeManagement, BudgetNeverExceedsTheClock) {
  for (int64_t clock : {1, 10, 50, 100, 1000, 60000}) {
    Limits l;
    l.time[WHITE] = clock;
    const TimeBudget b = plan_time(l, WHITE, 30, 20);
    EXPECT_GE(b.hard_ms, 1);
    EXPECT_LE(b.hard_ms, std::max<int64_t>(1, (clock - 30) / 5 + 1)) << clock;
    EXPECT_LE(b.soft_ms, b.hard_ms);
  }
}

TEST(TimeManagement, MovesToGoSpreadsTheClockOverFewerDecisions) {
  Limits l;
  l.time[WHITE] = 60000;
  const TimeBudget game = plan_time(l, WHITE, 30, 20);
  l.movestogo = 40;  // more than the estimate: the estimate decides
  EXPECT_EQ(plan_time(l, WHITE, 30, 20).soft_ms, game.soft_ms);
  l.movestogo = 5;  // the next control is near: more per decision, still inside the reserve
  const TimeBudget control = plan_time(l, WHITE, 30, 20);
  EXPECT_GT(control.soft_ms, game.soft_ms);
  EXPECT_LE(control.hard_ms, (60000 - 30) / 5);
  l.movestogo = 1;
  EXPECT_LE(plan_time(l, WHITE, 30, 20).hard_ms, (60000 - 30) / 5);
}

TEST(Levels, EveryLevelPlaysLegally) {
  for (int level = 0; level <= MAX_LEVEL; ++level) {
    SearchConfig c;
    c.level = level;
    c.hash_mb = 2;
    Searcher s(c);
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      const Position pos = random_position(seed * 101 + level, int(seed * 9));
      if (pos.is_over()) continue;
      Limits l;
      l.nodes = 2000;
      EXPECT_TRUE(is_legal(pos, search(s, pos, l).best)) << "level " << level;
    }
  }
}

}  // namespace
}  // namespace yinsh

namespace yinsh {
namespace {

// Positions from random games where the side to move has removed two rings and some ring
// move makes a row: the search must see the win (a row, then the third ring).
TEST(Search, FindsTheWinningRow) {
  int found = 0;
  for (uint64_t seed = 1; seed <= 3000 && found < 8; ++seed) {
    Rng rng(seed);
    Position pos = Position::start();
    StateInfo st[300];
    for (int ply = 0; ply < 299 && !pos.is_over(); ++ply) {
      const Color us = pos.side_to_move();
      if (pos.step() == Step::Move && pos.removed(us) == 2) {
        MoveList list;
        generate(pos, list);
        bool can_row = false;
        for (Move m : list) {
          StateInfo s;
          pos.do_move(m, s);
          can_row |= pos.step() == Step::RemoveRow;
          pos.undo_move(m, s);
        }
        if (can_row) {
          Searcher searcher;
          Limits l;
          l.depth = 1;
          std::atomic<bool> stop{false};
          const SearchResult r = searcher.run(pos, l, stop, {});
          EXPECT_GE(r.info.score, SCORE_MATE_BOUND) << to_text(pos);
          StateInfo s;
          pos.do_move(r.best, s);
          // A row to remove, or a row-less move that empties the pool while ahead.
          const bool won_now = pos.is_over() && pos.result() == (us == WHITE ? Result::WhiteWins : Result::BlackWins);
          EXPECT_TRUE(pos.step() == Step::RemoveRow || won_now) << to_text(pos);
          ++found;
          break;
        }
      }
      pos.do_move(random_decision(pos, rng), st[ply]);
    }
  }
  EXPECT_GE(found, 3);
}

}  // namespace
}  // namespace yinsh

#include "match/match.h"
#include "match/player.h"
#include "match/stats.h"
#include "search/signature.h"

namespace yinsh {
namespace {

TEST(Bench, SearchSignatureIsDeterministic) {
  const SignatureResult a = search_signature(3), b = search_signature(3);
  EXPECT_GT(a.nodes, 0u);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.positions, 7);
}

// The tags a match record carries for its clocks (PGN's TimeControl, in seconds) and its
// per-decision limits (as `go` arguments).
TEST(MatchRecordTags, ClocksInSecondsAndLimitsAsGoArguments) {
  EXPECT_EQ(yinsh::clock_tag(20000, 200), "20+0.2");
  EXPECT_EQ(yinsh::clock_tag(300000, 5000), "300+5");
  EXPECT_EQ(yinsh::clock_tag(1250, 0), "1.25");
  EXPECT_EQ(yinsh::clock_tag(2000, 7), "2+0.007");
  EXPECT_EQ(yinsh::clock_tag(500, 10), "0.5+0.01");
  yinsh::Limits l;
  EXPECT_EQ(yinsh::go_limits(l), "");
  l.movetime = 100;
  EXPECT_EQ(yinsh::go_limits(l), "movetime 100");
  l.depth = 5;
  l.nodes = 10000;
  EXPECT_EQ(yinsh::go_limits(l), "depth 5 nodes 10000 movetime 100");
}

TEST(MatchStats, EloAndSprt) {
  EXPECT_NEAR(estimate_elo(Score{50, 0, 50}).elo, 0, 1e-9);
  EXPECT_NEAR(estimate_elo(Score{75, 0, 25}).elo, 190.8, 0.5);  // -400 log10(1/0.75 - 1)
  EXPECT_LT(estimate_elo(Score{25, 0, 75}).elo, 0);
  EXPECT_GT(estimate_elo(Score{20, 0, 0}).margin, 0);
  EXPECT_GT(estimate_elo(Score{10, 0, 10}).margin, estimate_elo(Score{100, 0, 100}).margin);
  const SprtParams p{0, 50, 0.05, 0.05};
  EXPECT_EQ(sprt_verdict(Score{5, 0, 5}, p), SprtVerdict::Continue);
  EXPECT_EQ(sprt_verdict(Score{150, 0, 50}, p), SprtVerdict::AcceptH1);
  EXPECT_EQ(sprt_verdict(Score{50, 0, 150}, p), SprtVerdict::AcceptH0);
}

PairCounts pairs(int p0, int p05, int p1, int p15, int p2) {
  PairCounts c;
  const int n[5] = {p0, p05, p1, p15, p2};
  for (int k = 0; k < 5; ++k)
    for (int i = 0; i < n[k]; ++i) c.add(k / 2.0);
  return c;
}

TEST(MatchStats, PentanomialEloAndSprt) {
  // The two-threads example run of docs/ai.md ("Match runner", seed 24): 36 pairs. Reference values from an
  // independent script over its records: score 0.625, Elo +88.7, 95% interval +10.6 .. +177.0.
  const PairCounts s9 = pairs(4, 2, 16, 0, 14);
  EXPECT_EQ(s9.pairs(), 36);
  EXPECT_EQ(s9.n[2], 16);
  EXPECT_NEAR(estimate_elo(s9).elo, 88.7, 0.1);
  EXPECT_NEAR(estimate_elo(s9).margin, 83.2, 0.1);
  // The same 100 games, two ways: pairs that always split (the opening decided each game) are
  // less uncertain than independent games; pairs that never split are more.
  const double independent = estimate_elo(Score{50, 0, 50}).margin;
  EXPECT_NEAR(estimate_elo(pairs(0, 0, 50, 0, 0)).elo, 0, 1e-9);
  EXPECT_LT(estimate_elo(pairs(0, 0, 50, 0, 0)).margin, independent);
  EXPECT_NEAR(estimate_elo(pairs(25, 0, 0, 0, 25)).elo, 0, 1e-9);
  EXPECT_GT(estimate_elo(pairs(25, 0, 0, 0, 25)).margin, independent);
  EXPECT_EQ(estimate_elo(PairCounts{}).margin, 0);
  // A pair whose games were a win and a draw counts 1.5 points.
  PairCounts c;
  c.add(1 + 0.5);
  EXPECT_EQ(c.n[3], 1);

  const SprtParams p{0, 50, 0.05, 0.05};
  EXPECT_EQ(sprt_verdict(pairs(1, 0, 2, 0, 4), p), SprtVerdict::Continue);  // 7 pairs: too few
  EXPECT_EQ(sprt_verdict(pairs(10, 0, 30, 0, 60), p), SprtVerdict::AcceptH1);
  EXPECT_EQ(sprt_verdict(pairs(60, 0, 30, 0, 10), p), SprtVerdict::AcceptH0);
  // Pairs that never split carry less evidence than the same games counted one by one.
  EXPECT_LT(sprt_llr(pairs(20, 0, 0, 0, 30), 0, 50), sprt_llr(Score{60, 0, 40}, 0, 50));
}

TEST(EvalWeights, ParseAndPrintRoundTrip) {
  const Weights& w = default_weights();
  auto back = parse_weights(weights_to_text(w));
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, w);
  EXPECT_EQ(*parse_weights(""), w);
  EXPECT_FALSE(parse_weights("1:2:3"));
  EXPECT_FALSE(parse_weights("x"));
}

}  // namespace
}  // namespace yinsh
