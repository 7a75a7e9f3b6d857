#include "analysis/report.h"

#include <algorithm>
#include <cmath>

#include "core/movegen.h"
#include "core/record.h"
#include "search/levels.h"
#include "search/search.h"

namespace yinsh::analysis {

const char* to_string(Judgement j) {
  switch (j) {
    case Judgement::Inaccuracy: return "inaccuracy";
    case Judgement::Mistake: return "mistake";
    case Judgement::Blunder: return "blunder";
    case Judgement::None: break;
  }
  return "";
}

Judgement judge(int loss) {
  if (loss >= BLUNDER_LOSS) return Judgement::Blunder;
  if (loss >= MISTAKE_LOSS) return Judgement::Mistake;
  if (loss >= INACCURACY_LOSS) return Judgement::Inaccuracy;
  return Judgement::None;
}

double decision_accuracy(int before, int after) {
  if (after >= before) return 100.0;  // the curve gives 99.9999 at 0: loses nothing, scores 100
  const double drop = (before - after) / 10.0;  // percentage points
  const double a = 103.1668 * std::exp(-0.04354 * drop) - 3.1669;
  return std::clamp(a, 0.0, 100.0);
}

namespace {

// White's win probability in permille from the side to move's.
int for_white(const Position& pos, int side_permille) {
  return pos.side_to_move() == WHITE ? side_permille : 1000 - side_permille;
}

int final_for_white(const Position& pos) {
  switch (pos.result()) {
    case Result::WhiteWins: return 1000;
    case Result::BlackWins: return 0;
    default: return 500;
  }
}

struct Evaluation {
  int white = 500;
  Move best = Move::none();
  std::vector<Move> line;
};

SearchConfig search_config(const AnalysisConfig& config) {
  SearchConfig sc;
  sc.threads = 1;
  sc.hash_mb = config.hash_mb;
  sc.level = MAX_LEVEL;
  sc.multipv = 1;
  sc.seed = 1;
  sc.net = nnue::embedded_network();
  return sc;
}

// A position with a real choice: a fresh search of the node budget.
Evaluation search(Searcher& searcher, uint64_t nodes, const Position& pos, const std::atomic<bool>& stop,
                  Report& out) {
  searcher.clear();  // each search alone: the report does not depend on their order
  Limits limits;
  limits.nodes = nodes;
  const SearchResult r = searcher.run(pos, limits, stop, nullptr);
  out.nodes += r.info.nodes;
  ++out.searches;
  Evaluation e;
  e.white = for_white(pos, r.info.winprob);
  e.best = r.best;
  e.line = r.info.pv;
  if (e.line.empty() && !e.best.is_none()) e.line.push_back(e.best);
  return e;
}

bool has_choice(const Position& pos) { return !pos.is_over() && count_moves(pos) > 1; }

}  // namespace

bool analyze(const Position& start, const std::vector<Move>& moves, const AnalysisConfig& config,
             Report& out, const std::atomic<bool>& stop, const ProgressFn& progress) {
  return Analyst(config).analyze(start, moves, out, stop, progress);
}

// The searcher is made with its table's size: one made with the default and resized would
// allocate (and clear) a default-sized table first, 64 MB, for nothing.
Analyst::Analyst(const AnalysisConfig& config)
    : config_(config), searcher_(std::make_unique<Searcher>(search_config(config))) {}

Analyst::~Analyst() = default;

bool Analyst::analyze(const Position& start, const std::vector<Move>& moves, Report& out,
                      const std::atomic<bool>& stop, const ProgressFn& progress) {
  const AnalysisConfig& config = config_;
  out = Report{};
  out.nodes_per_position = config.nodes;
  // Every position of the game: positions[i] is before decision i, positions.back() the end.
  std::vector<Position> positions{start};
  positions.reserve(moves.size() + 1);
  const std::vector<int> turns = turn_numbers(start, moves);
  for (Move m : moves) {
    Position next = positions.back();
    StateInfo st;
    next.do_move(m, st);
    positions.push_back(next);
  }
  // The end: the result when the game is over; otherwise the forced decisions that follow
  // are played until a real choice (or the end), which is searched.
  Position tail = positions.back();
  StateInfo tail_states[64];
  for (int k = 0; k < 64 && !tail.is_over() && count_moves(tail) == 1; ++k) {
    MoveList only;
    generate(tail, only);
    tail.do_move(only[0], tail_states[k]);
  }
  int total = has_choice(tail) ? 1 : 0;
  for (size_t i = 0; i < moves.size(); ++i) total += has_choice(positions[i]);

  std::vector<Evaluation> evals(positions.size());
  std::vector<bool> searched(positions.size(), false);
  int done = 0;
  for (size_t i = 0; i < moves.size(); ++i) {
    if (!has_choice(positions[i])) continue;
    if (stop) return false;
    evals[i] = search(*searcher_, config.nodes, positions[i], stop, out);
    searched[i] = true;
    if (progress) progress(++done, total);
  }
  Evaluation& end = evals.back();
  if (tail.is_over()) {
    end.white = final_for_white(tail);
  } else if (has_choice(tail)) {
    if (stop) return false;
    end = search(*searcher_, config.nodes, tail, stop, out);
    if (progress) progress(++done, total);
  }
  if (stop) return false;
  // A forced decision changes nothing: its position is worth the next one.
  for (size_t i = moves.size(); i-- > 0;)
    if (!searched[i]) evals[i].white = evals[i + 1].white;

  out.white_final = end.white;
  out.decisions.resize(moves.size());
  double accuracy_sum[2] = {0, 0};
  int64_t loss_sum[2] = {0, 0};
  for (size_t i = 0; i < moves.size(); ++i) {
    DecisionReport& d = out.decisions[i];
    const Color us = positions[i].side_to_move();
    d.turn = turns[i];
    d.mover = us;
    d.played = moves[i];
    d.forced = !searched[i];
    d.white_before = evals[i].white;
    d.white_after = evals[i + 1].white;
    if (d.forced) continue;
    d.best = evals[i].best;
    d.best_line = evals[i].line;
    const int before = us == WHITE ? d.white_before : 1000 - d.white_before;
    int after = us == WHITE ? d.white_after : 1000 - d.white_after;
    if (d.played == d.best) after = std::max(after, before);  // the engine's own choice loses nothing
    d.loss = std::max(0, before - after);
    d.judgement = judge(d.loss);
    d.accuracy = decision_accuracy(before, before - d.loss);
    PlayerSummary& p = out.players[us];
    ++p.decisions;
    p.inaccuracies += d.judgement == Judgement::Inaccuracy;
    p.mistakes += d.judgement == Judgement::Mistake;
    p.blunders += d.judgement == Judgement::Blunder;
    accuracy_sum[us] += d.accuracy;
    loss_sum[us] += d.loss;
  }
  for (Color c : {WHITE, BLACK}) {
    PlayerSummary& p = out.players[c];
    if (p.decisions == 0) continue;
    p.accuracy = accuracy_sum[c] / p.decisions;
    p.average_loss = double(loss_sum[c]) / p.decisions;
  }
  return true;
}

}  // namespace yinsh::analysis
