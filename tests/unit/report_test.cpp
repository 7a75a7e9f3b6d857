// The game report (src/analysis): classification by the drop in win probability, forced
// decisions never judged, the accuracy curve, determinism, and the annotated record.
#include <gtest/gtest.h>

#include <cmath>

#include "analysis/report_format.h"
#include "core/record.h"
#include "test_util.h"

namespace yinsh {
namespace {

using namespace test;
using analysis::Judgement;

// Blitz (the first row wins). White wins at once by moving the ring on e5 (its marker makes
// a5-e5 a row); Black
// wins at once with h8-h9 (h4-h8). White's b1-b2 ignores both: a blunder.
const std::string BLUNDER_START =
    text("Wa2 Wa3 Wa4 Wb1 We5 wa5 wb5 wc5 wd5 bh4 bh5 bh6 bh7 Bh8 Bk7 Bk8 Bk9 Bk10", "w move 0 0 blitz");

std::vector<Move> moves_of(const Position& start, std::string_view decisions) {
  Position p = start;
  std::vector<Move> out;
  for (const auto& d : split(decisions)) {
    std::string why;
    const auto m = parse_legal_move(p, d, &why);
    if (!m) throw std::runtime_error("illegal " + d + ": " + why);
    StateInfo st;
    p.do_move(*m, st);
    out.push_back(*m);
  }
  return out;
}

analysis::Report report_of(const Position& start, const std::vector<Move>& moves, uint64_t nodes = 5000) {
  analysis::AnalysisConfig config;
  config.nodes = nodes;
  config.hash_mb = 1;
  analysis::Report r;
  const std::atomic<bool> stop{false};
  EXPECT_TRUE(analysis::analyze(start, moves, config, r, stop));
  return r;
}

// lichess's winning chances of a score in centipawns, -1..+1 (lila, Advice.scala).
double winning_chances(double cp) { return 2 / (1 + std::exp(-0.004 * cp)) - 1; }

TEST(Report, ThresholdsAreLichessDropsInWinningChances) {
  // lichess judges drops of 0.1 / 0.2 / 0.3 in winning chances (-1..+1); in win probability
  // (0..1000 permille, = 500 * (1 + chances)) those are 50 / 100 / 150 permille.
  const double lichess[3] = {0.1, 0.2, 0.3};
  const int ours[3] = {analysis::INACCURACY_LOSS, analysis::MISTAKE_LOSS, analysis::BLUNDER_LOSS};
  for (int i = 0; i < 3; ++i) EXPECT_EQ(ours[i], static_cast<int>(std::lround(lichess[i] * 500))) << i;
  // A drop of 0.1 in winning chances from an even position (cp 0 to about -50) is 5 points.
  const double cp = -std::log(2 / (1 - 0.1) - 1) / 0.004;
  EXPECT_NEAR(winning_chances(0) - winning_chances(cp), 0.1, 1e-12);
  const int loss = static_cast<int>(std::lround(500 * (winning_chances(0) - winning_chances(cp))));
  EXPECT_EQ(loss, 50);
  EXPECT_EQ(analysis::judge(loss), Judgement::Inaccuracy);
}

TEST(Report, ThresholdsAndAccuracyCurve) {
  EXPECT_EQ(analysis::judge(0), Judgement::None);
  EXPECT_EQ(analysis::judge(49), Judgement::None);
  EXPECT_EQ(analysis::judge(50), Judgement::Inaccuracy);
  EXPECT_EQ(analysis::judge(99), Judgement::Inaccuracy);
  EXPECT_EQ(analysis::judge(100), Judgement::Mistake);
  EXPECT_EQ(analysis::judge(149), Judgement::Mistake);
  EXPECT_EQ(analysis::judge(150), Judgement::Blunder);
  EXPECT_EQ(analysis::judge(1000), Judgement::Blunder);
  EXPECT_DOUBLE_EQ(analysis::decision_accuracy(600, 600), 100.0);
  EXPECT_DOUBLE_EQ(analysis::decision_accuracy(600, 700), 100.0);  // a gain is no loss
  EXPECT_NEAR(analysis::decision_accuracy(600, 500), 103.1668 * std::exp(-0.4354) - 3.1669, 1e-9);
  EXPECT_DOUBLE_EQ(analysis::decision_accuracy(1000, 0), 0.0);
  EXPECT_GT(analysis::decision_accuracy(500, 450), analysis::decision_accuracy(500, 400));
}

TEST(Report, KnownBlunderIsClassifiedWithTheBetterDecision) {
  const Position start = pos(BLUNDER_START);
  const auto moves = moves_of(start, "b1-b2 h8-h9 xh4-h8 xk7");
  ASSERT_TRUE(start.is_ok());
  const analysis::Report r = report_of(start, moves);
  ASSERT_EQ(r.decisions.size(), 4u);
  const auto& blunder = r.decisions[0];
  EXPECT_EQ(blunder.mover, WHITE);
  EXPECT_FALSE(blunder.forced);
  EXPECT_EQ(blunder.judgement, Judgement::Blunder);
  EXPECT_EQ(to_string(blunder.best).substr(0, 3), "e5-") << to_string(blunder.best);
  ASSERT_GE(blunder.best_line.size(), 3u);  // the ring move, the row, the ring removal
  EXPECT_EQ(to_string(blunder.best_line[1]), "xa5-e5");
  EXPECT_EQ(blunder.white_before, 1000);  // a forced win
  EXPECT_EQ(blunder.white_after, 0);      // now a forced loss
  EXPECT_EQ(blunder.loss, 1000);
  EXPECT_DOUBLE_EQ(blunder.accuracy, 0.0);
  // Black's winning move is the engine's own choice: no loss.
  EXPECT_EQ(r.decisions[1].judgement, Judgement::None);
  EXPECT_EQ(r.decisions[1].loss, 0);
  EXPECT_EQ(r.players[WHITE].blunders, 1);
  EXPECT_EQ(r.players[WHITE].decisions, 1);
  EXPECT_EQ(r.players[BLACK].blunders + r.players[BLACK].mistakes + r.players[BLACK].inaccuracies, 0);
  EXPECT_DOUBLE_EQ(r.players[BLACK].accuracy, 100.0);
  EXPECT_EQ(r.white_final, 0);
  EXPECT_NE(analysis::format_text(r).find("blunder"), std::string::npos);
  EXPECT_NE(analysis::format_json(r).find("\"judgement\":\"blunder\",\"best\":\"e5-"), std::string::npos);
}

TEST(Report, ForcedDecisionsAreNeverJudged) {
  const Position start = pos(BLUNDER_START);
  // The only row h4-h8 is forced; so is a lone legal decision anywhere.
  const auto moves = moves_of(start, "b1-b2 h8-h9 xh4-h8 xk7");
  const analysis::Report r = report_of(start, moves);
  const auto& row = r.decisions[2];
  EXPECT_TRUE(row.forced);
  EXPECT_EQ(row.judgement, Judgement::None);
  EXPECT_EQ(row.loss, 0);
  EXPECT_TRUE(row.best.is_none());
  EXPECT_EQ(row.white_before, row.white_after) << "a forced decision is worth the next position";
  for (const auto& d : r.decisions) {
    if (d.forced) {
      EXPECT_EQ(d.judgement, Judgement::None);
    }
  }
  EXPECT_EQ(r.players[BLACK].decisions, 2) << "h8-h9 and the ring removal, not the forced row";
  // A forced decision is never judged even when the position around it changes hands: a
  // single legal decision takes no search at all.
  EXPECT_EQ(r.searches, 3);
}

TEST(Report, SameReportEveryTime) {
  Position start = Position::start();
  Rng rng(7);
  std::vector<Move> moves;
  Position p = start;
  StateInfo st[40];
  for (int i = 0; i < 40 && !p.is_over(); ++i) {
    moves.push_back(random_move(p, rng));
    p.do_move(moves.back(), st[i]);
  }
  const std::string a = analysis::format_json(report_of(start, moves, 2000));
  const std::string b = analysis::format_json(report_of(start, moves, 2000));
  EXPECT_EQ(a, b);
  const std::string c = analysis::format_json(report_of(start, moves, 3000));
  EXPECT_NE(a.find("\"nodes_per_position\":2000"), std::string::npos);
  EXPECT_NE(a, c);
}

// A server's analysis thread keeps one Analyst for all its reports: a report made after
// another game's is the one a fresh analyze() makes.
TEST(Report, AnAnalystReusedGivesTheReportsOfFreshOnes) {
  const Position start = Position::start();
  Rng rng(11);
  std::vector<Move> game[2];
  for (auto& moves : game) {
    Position p = start;
    StateInfo st[30];
    for (int i = 0; i < 30 && !p.is_over(); ++i) {
      moves.push_back(random_move(p, rng));
      p.do_move(moves.back(), st[i]);
    }
  }
  const Position blunder = pos(BLUNDER_START);
  const std::vector<Move> blunder_moves = moves_of(blunder, "b1-b2 h8-h9 xh4-h8 xk7");
  analysis::AnalysisConfig config;
  config.nodes = 2000;
  config.hash_mb = 1;
  analysis::Analyst analyst(config);
  const std::atomic<bool> stop{false};
  analysis::Report r;
  for (int round = 0; round < 2; ++round) {
    for (const auto& moves : game) {
      ASSERT_TRUE(analyst.analyze(start, moves, r, stop));
      EXPECT_EQ(analysis::format_json(r), analysis::format_json(report_of(start, moves, 2000)));
    }
    ASSERT_TRUE(analyst.analyze(blunder, blunder_moves, r, stop));
    EXPECT_EQ(analysis::format_json(r), analysis::format_json(report_of(blunder, blunder_moves, 2000)));
  }
}

TEST(Report, StopLeavesEarly) {
  const Position start = Position::start();
  Rng rng(3);
  std::vector<Move> moves;
  Position p = start;
  StateInfo st[12];
  for (int i = 0; i < 12; ++i) {
    moves.push_back(random_move(p, rng));
    p.do_move(moves.back(), st[i]);
  }
  std::atomic<bool> stop{false};
  analysis::Report r;
  int calls = 0;
  EXPECT_FALSE(analysis::analyze(start, moves, {}, r, stop, [&](int, int) {
    if (++calls == 2) stop = true;
  }));
  EXPECT_EQ(calls, 2);
}

TEST(Report, AnnotatedRecordCarriesCommentsAndReadsBack) {
  GameRecord record;
  record.start = pos(BLUNDER_START);
  record.moves = moves_of(record.start, "b1-b2 h8-h9 xh4-h8 xk7");
  record.set_tag("White", "Ann");
  const analysis::Report r = report_of(record.start, record.moves);
  const std::string text = write_record(analysis::annotate(record, r));
  EXPECT_NE(text.find("1.b1-b2 {b1-b2: blunder (-100.0%), better e5-"), std::string::npos) << text;
  EXPECT_NE(text.find("[Annotator \"yinsh analyze\"]"), std::string::npos);
  std::string error;
  const auto back = read_record(text, &error);
  ASSERT_TRUE(back) << error << "\n" << text;
  EXPECT_EQ(back->moves, record.moves);
  EXPECT_EQ(back->tag("White"), "Ann");
}

TEST(Record, CommentsAreSkippedAndAnUnterminatedOneIsRefused) {
  std::string error;
  const auto moves = parse_moves(Position::start(), "1.e4 {good} 2.f6{ok}3.g7 * {end}", &error);
  ASSERT_TRUE(moves) << error;
  EXPECT_EQ(moves->size(), 3u);
  EXPECT_FALSE(parse_moves(Position::start(), "1.e4 {never closed 2.f6", &error));
  EXPECT_NE(error.find("unterminated comment"), std::string::npos) << error;
  // The writer keeps braces out of a comment.
  const std::string written = format_moves(Position::start(), *moves, RecordForm::Complete, {"a {b}", "", "c"});
  EXPECT_EQ(written, "1.e4 {a (b)} 2.f6 3.g7 {c}");
}

}  // namespace
}  // namespace yinsh
