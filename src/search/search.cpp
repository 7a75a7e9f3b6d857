// Alpha-beta (principal variation search) with iterative deepening, a shared transposition
// table, killer and history move ordering, late-move reductions and pruning, reverse futility
// pruning, singular extensions, aspiration windows at the root, and Lazy SMP for more threads.
//
// Depth counts turns, not decisions: a placement, ring move or pass costs one ply of depth;
// a row removal or ring removal costs nothing, so the choices of which row and which ring to
// remove are always searched to the end, also below the horizon (the quiescence-like
// extension around pending rows). Scores are from the side to move's point of view; the same
// side often decides several times in a row (move, row, ring), so a child's score is negated
// only when the side to move changes.
#include "search.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <thread>

#include "core/movegen.h"
#include "search/levels.h"
#include "search/nnue_accumulator.h"
#include "search/timeman.h"
#include "search/winprob.h"

namespace yinsh {

namespace {

constexpr int MAX_PLY = 128;
constexpr int MAX_DEPTH = 60;
constexpr int INF = 32000;

using Clock = std::chrono::steady_clock;

bool costs_depth(Move m) { return !m.is_removal(); }

// Late-move reductions: the i-th ring move searched (not the TT move, root hint or first killer)
// at `depth` >= 2 is searched round(ln(depth) ln(i) / 1.6) plies shallower first (at least one,
// one less at PV nodes), and again at full depth only if it beats alpha. Measured against
// the former flat one-ply reduction (docs/ai.md, "Algorithm").
const auto LMR_TABLE = [] {
  std::array<std::array<uint8_t, MAX_MOVES>, MAX_DEPTH + 1> t{};
  for (int d = 1; d <= MAX_DEPTH; ++d)
    for (int i = 1; i < MAX_MOVES; ++i) t[d][i] = uint8_t(0.5 + std::log(d) * std::log(i) / 1.6);
  return t;
}();

// Late-move pruning: in the last LMP_MAX_DEPTH plies of a non-PV node, the ring moves ordered
// after the first lmp_count(depth) (5, 11, 21; never the TT move, root hint or first killer) are
// not searched at all once a decision that does not lose by force was found (docs/ai.md,
// "Algorithm"; 8 + 4 depth^2 and 5 + 3 depth^2 were measured before it).
constexpr int LMP_MAX_DEPTH = 3;
constexpr int lmp_count(int depth) { return 3 + 2 * depth * depth; }

// Reverse futility pruning: a non-PV node in the last RFP_MAX_DEPTH plies whose static
// evaluation is at least rfp_margin(depth) above beta returns that evaluation unsearched
// (margins of 60 x depth and 25 x depth were measured before 15 x depth; docs/ai.md).
constexpr int RFP_MAX_DEPTH = 3;
constexpr int rfp_margin(int depth) { return 15 * depth; }

// Internal iterative reduction: a node below the root at depth >= IIR_MIN_DEPTH that the
// table gives no move to order first is searched one ply shallower (from depth 5 measured no
// better: docs/ai.md, "Experiments that did not help").
constexpr int IIR_MIN_DEPTH = 4;

// Singular extensions: at a node below the root at depth >= SE_MIN_DEPTH whose table entry
// (a lower bound or exact, at most 3 plies shallower) gives a move and a score s, the other
// decisions are searched (depth - 1) / 2 plies deep in a null window at s - SE_MARGIN x depth.
// When all fail low, the table move is singular and is searched one ply deeper; when one holds
// and that bar is at least beta, the node is cut there (multi-cut). Minimum depth 5 of 4, 5, 6
// tried at 100 ms/move; margins 1 x and 3 x depth, a negative extension and a double extension
// measured no better, and without the multi-cut -57.9 +- 34.9 (docs/ai.md, "Experiments that
// did not help").
constexpr int SE_MIN_DEPTH = 5;
constexpr int SE_MARGIN = 2;

// Aspiration windows: from depth ASPIRATION_MIN_DEPTH the root is searched in a window of
// +-ASPIRATION_DELTA around the previous iteration's score, widened on the failing side by a
// doubling step until the score falls inside (+-25 before; +-20 measured no better).
constexpr int ASPIRATION_MIN_DEPTH = 4;
constexpr int ASPIRATION_DELTA = 15;

// Move ordering values above every history score (history stays within +-16384): the TT move,
// then the root hint, then the two killers. Ring moves ordered below ORDER_KILLER_1 are the
// "late" ones that late-move pruning and reductions may skip or search shallower.
constexpr int ORDER_TT = 1 << 30;
constexpr int ORDER_ROOT_HINT = ORDER_TT - 1;
constexpr int ORDER_KILLER_1 = 1 << 28;
constexpr int ORDER_KILLER_2 = ORDER_KILLER_1 - 1;

int score_to_tt(int s, int ply) {
  return s >= SCORE_MATE_BOUND ? s + ply : s <= -SCORE_MATE_BOUND ? s - ply : s;
}
int score_from_tt(int s, int ply) {
  return s >= SCORE_MATE_BOUND ? s - ply : s <= -SCORE_MATE_BOUND ? s + ply : s;
}

int terminal_score(const Position& pos, int ply) {
  const Result r = pos.result();
  if (r == Result::Draw || r == Result::None) return 0;
  const Color winner = r == Result::WhiteWins ? WHITE : BLACK;
  return winner == pos.side_to_move() ? SCORE_MATE - ply : -(SCORE_MATE - ply);
}

}  // namespace

// Everything one search thread owns. Allocated once per configuration, never in the search.
struct Worker {
  int id = 0;
  Position pos;
  StateInfo states[MAX_PLY];
  Move killers[MAX_PLY][2];
  Move excluded[MAX_PLY];  // singular-extension search: the table move it leaves out, by ply
                           // (none but during that search, which resets it on return)
  int iter_depth = 0;      // the depth of the iteration being searched
  int history[2][128][128];
  Move pv[MAX_PLY][MAX_PLY];
  int pv_len[MAX_PLY];
  std::atomic<uint64_t> nodes{0};
  // Best root decision of the deepest search so far (valid when root_depth > 0).
  Move root_best;
  int root_score = 0, root_depth = 0;
  std::vector<Move> root_pv;
  nnue::AccumulatorStack acc;  // pushed/popped with do/undo when the network evaluates
  // The root decisions searched (all legal ones or `searchmoves`), and MultiPV: the line being
  // searched (pv_idx), the decisions of the lines before it in this iteration (excluded from
  // it), the best of the current line so far, and the lines of the last completed iteration.
  MoveList root_moves;
  int pv_idx = 0;
  Move line_moves[MAX_MOVES];
  PvLine line;
  std::vector<PvLine> lines;

  bool excluded_at_root(Move m) const {
    return std::find(line_moves, line_moves + pv_idx, m) != line_moves + pv_idx;
  }
  // The root decision to try first: the best of the previous iteration for this line.
  Move root_hint() const {
    if (pv_idx == 0) return root_best;
    return size_t(pv_idx) < lines.size() ? lines[size_t(pv_idx)].move : Move::none();
  }

  void clear_history() {
    for (auto& k : killers) k[0] = k[1] = Move::none();
    for (auto& a : history)
      for (auto& b : a)
        for (int& h : b) h = 0;
  }
};

namespace {

// What all threads of one run share.
struct Shared {
  // Starts the clock.
  Shared(const std::atomic<bool>& stop_flag, TranspositionTable& table, const SearchConfig& config,
         uint64_t node_limit)
      : external_stop(&stop_flag), tt(&table), weights(&config.weights), net(config.net.get()),
        lazy_margin(config.lazy_margin), start(Clock::now()), max_nodes(node_limit) {}

  const std::atomic<bool>* external_stop;
  std::atomic<bool> stop{false};
  TranspositionTable* tt;
  const Weights* weights;
  const nnue::Network* net = nullptr;  // null: the linear evaluation
  int lazy_margin = 0;  // residual network: skipped at leaves this far outside the window
  Clock::time_point start;
  int64_t hard_ms = -1;
  uint64_t max_nodes = 0;  // checked by the main thread against its own nodes
  std::atomic<int> main_depth{0};  // the depth the main thread is searching (Lazy SMP)
  bool stopped() const {
    return stop.load(std::memory_order_relaxed) ||
           external_stop->load(std::memory_order_relaxed);
  }
  int64_t elapsed() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
  }
};

class Search {
 public:
  Search(Worker& w, Shared& s) : w_(w), s_(s) {}

  // The static evaluation at a leaf. A residual network only corrects the linear evaluation,
  // so a leaf whose linear score is far enough outside the window skips the network
  // (nnue::lazy_residual_bound, margin EvalLazyMargin).
  int leaf_eval(int alpha, int beta) {
    const Position& pos = w_.pos;
    if (!s_.net) return evaluate(pos, *s_.weights);
    if (!s_.net->residual) return w_.acc.evaluate(*s_.net);
    const int linear = evaluate(pos, *s_.weights);
    int bound;
    if (nnue::lazy_residual_bound(linear, alpha, beta, s_.lazy_margin, &bound)) return bound;
    return linear + w_.acc.evaluate(*s_.net);
  }

  int search(int alpha, int beta, int depth, int ply) {
    Position& pos = w_.pos;
    w_.pv_len[ply] = ply;
    if (ply > 0 && s_.stopped()) return 0;
    const uint64_t n = w_.nodes.fetch_add(1, std::memory_order_relaxed) + 1;
    // Node and time limits stop the search only once depth 1 is complete, so every decision
    // played was searched and reported (an info line); a `stop` command stops at once.
    if (w_.id == 0 && w_.root_depth > 0) {
      if ((s_.max_nodes && n >= s_.max_nodes) ||
          ((n & 511) == 0 && s_.hard_ms >= 0 && s_.elapsed() >= s_.hard_ms))
        s_.stop.store(true, std::memory_order_relaxed);
    }
    if (pos.is_over()) return terminal_score(pos, ply);
    const Step step = pos.step();
    const bool removal = step != Step::Place && step != Step::Move;
    if ((depth <= 0 && !removal) || ply >= MAX_PLY - 1) return leaf_eval(alpha, beta);

    const bool pv_node = beta - alpha > 1;
    const uint64_t key = pos.key();
    const Move excl = w_.excluded[ply];
    TTData tte;
    uint32_t tt_move = 0;
    int tt_score = 0;
    if (excl.is_none() && s_.tt->probe(key, tte)) {
      tt_move = tte.move;
      const int ts = tt_score = score_from_tt(tte.score, ply);
      if (!pv_node && ply > 0 && tte.depth >= depth &&
          ((tte.bound == BOUND_EXACT) || (tte.bound == BOUND_LOWER && ts >= beta) ||
           (tte.bound == BOUND_UPPER && ts <= alpha)))
        return ts;
    }

    if (excl.is_none() && ply > 0 && depth >= IIR_MIN_DEPTH && tt_move == 0) --depth;

    if (excl.is_none() && !pv_node && ply > 0 && depth <= RFP_MAX_DEPTH && std::abs(beta) < SCORE_MATE_BOUND) {
      const int bar = beta + rfp_margin(depth);
      const int e = leaf_eval(bar - 1, bar);  // a lazy bound is enough to compare with bar
      if (e >= bar) return e;
    }

    MoveList list;
    if (ply == 0) {
      for (Move m : w_.root_moves)
        if (!w_.excluded_at_root(m)) list.push(m);
    } else {
      generate(pos, list);
    }
    const int count = list.size();

    // Singular extension (SE_MIN_DEPTH): is the table move the only good decision here?
    int singular_ext = 0;
    if (ply > 0 && excl.is_none() && tt_move != 0 && depth >= SE_MIN_DEPTH && tte.depth >= depth - 3 &&
        tte.bound != BOUND_UPPER && std::abs(tt_score) < SCORE_MATE_BOUND && ply < 2 * w_.iter_depth &&
        count > 1) {
      const Move* ttm = std::find_if(list.begin(), list.end(), [&](Move m) { return m.raw() == tt_move; });
      if (ttm != list.end() && costs_depth(*ttm)) {
        const int bar = tt_score - SE_MARGIN * depth;
        w_.excluded[ply] = *ttm;
        const int v = search(bar - 1, bar, (depth - 1) / 2, ply);
        w_.excluded[ply] = Move::none();
        w_.pv_len[ply] = ply;  // that search's line is not this node's
        if (s_.stopped()) return 0;
        if (v < bar) singular_ext = 1;
        else if (bar >= beta) return bar;
      }
    }

    const Color us = pos.side_to_move();
    Move moves[MAX_MOVES];
    int order[MAX_MOVES];
    for (int i = 0; i < count; ++i) {
      const Move m = moves[i] = list[i];
      int s = w_.history[us][m.from() & 127][m.to() & 127];
      if (m.raw() == tt_move) s = ORDER_TT;
      else if (ply == 0 && m == w_.root_hint()) s = ORDER_ROOT_HINT;
      else if (m == w_.killers[ply][0]) s = ORDER_KILLER_1;
      else if (m == w_.killers[ply][1]) s = ORDER_KILLER_2;
      order[i] = s;
    }

    const int alpha0 = alpha;
    int best = -INF;
    Move best_move;
    Move quiets[MAX_MOVES];
    int nquiets = 0;
    for (int i = 0; i < count; ++i) {
      // Selection sort step: bring the best-ordered remaining move to slot i.
      int bi = i;
      for (int j = i + 1; j < count; ++j)
        if (order[j] > order[bi]) bi = j;
      std::swap(order[i], order[bi]);
      std::swap(moves[i], moves[bi]);
      const Move m = moves[i];
      if (m == excl) continue;
      // A ring move ordered below the first killer (the second killer included): the moves
      // that late-move pruning and reductions may skip or search shallower.
      const bool late_ring = m.kind() == Move::Ring && order[i] < ORDER_KILLER_1;
      if (!pv_node && depth <= LMP_MAX_DEPTH && i >= lmp_count(depth) && late_ring && best > -SCORE_MATE_BOUND)
        break;  // the rest are ring moves ordered no higher (history scores only)

      pos.do_move(m, w_.states[ply]);
      if (s_.net) w_.acc.push(pos);
      const bool same = pos.side_to_move() == us;
      const int nd = (costs_depth(m) ? depth - 1 : depth) + (singular_ext && m.raw() == tt_move);
      // The child probes the table unless it is a leaf (no depth left, no removal to make).
      if (nd > 0 || (pos.step() != Step::Place && pos.step() != Step::Move)) s_.tt->prefetch(pos.key());
      auto child = [&](int a, int b, int d) {
        return same ? search(a, b, d, ply + 1) : -search(-b, -a, d, ply + 1);
      };
      int v;
      if (i == 0) {
        v = child(alpha, beta, nd);
      } else {
        int r = 0;
        if (depth >= 2 && i >= 3 && late_ring)
          r = std::max(1, std::min(LMR_TABLE[std::min(depth, MAX_DEPTH)][i] - int(pv_node), nd - 1));
        v = child(alpha, alpha + 1, nd - r);
        if (v > alpha && (r || v < beta)) v = child(alpha, beta, nd);
      }
      pos.undo_move(m, w_.states[ply]);
      if (s_.net) w_.acc.pop();
      if (s_.stopped()) return 0;

      if (v > best) {
        best = v;
        best_move = m;
        if (v > alpha) {
          alpha = v;
          w_.pv[ply][ply] = m;
          for (int k = ply + 1; k < w_.pv_len[ply + 1]; ++k) w_.pv[ply][k] = w_.pv[ply + 1][k];
          w_.pv_len[ply] = std::max(w_.pv_len[ply + 1], ply + 1);
          if (ply == 0) record_root_line(m, v);
          if (v >= beta) {
            update_ordering(us, m, quiets, nquiets, depth, ply);
            break;
          }
        }
      }
      if (nquiets < MAX_MOVES) quiets[nquiets++] = m;
    }

    const Bound bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
    // A MultiPV line after the first searched only part of the root: not a root result.
    if (excl.is_none() && (ply > 0 || w_.pv_idx == 0))
      s_.tt->store(key, best_move, score_to_tt(best, ply), std::max(depth, 0), bound);
    return best;
  }

 private:
  // A new best root decision for the line being searched (the first line is the one played).
  void record_root_line(Move m, int v) {
    const Move* pv = &w_.pv[0][0];
    w_.line.move = m;
    w_.line.score = v;
    w_.line.pv.assign(pv, pv + w_.pv_len[0]);
    if (w_.pv_idx == 0) {
      w_.root_best = m;
      w_.root_score = v;
      w_.root_pv.assign(pv, pv + w_.pv_len[0]);
    }
  }

  void update_ordering(Color us, Move m, const Move* quiets, int n, int depth, int ply) {
    const int bonus = std::min(depth * depth + 1, 400);
    auto add = [&](Move q, int b) {
      int& h = w_.history[us][q.from() & 127][q.to() & 127];
      h += b - h * std::abs(b) / 16384;
    };
    add(m, bonus);
    for (int k = 0; k < n; ++k) add(quiets[k], -bonus);
    if (m.kind() == Move::Ring && w_.killers[ply][0] != m) {
      w_.killers[ply][1] = w_.killers[ply][0];
      w_.killers[ply][0] = m;
    }
  }

  Worker& w_;
  Shared& s_;
};

// One search of the root at `depth`: in an aspiration window around the previous iteration's
// score (a single line, a known non-forced score), else with the full window. MultiPV lines
// keep the full window, so that each line's score is exact.
int search_root(Search& search, const Shared& s, const Worker& w, int depth, int nlines) {
  if (nlines > 1 || depth < ASPIRATION_MIN_DEPTH || w.root_depth == 0 ||
      std::abs(w.root_score) >= SCORE_MATE_BOUND)
    return search.search(-INF, INF, depth, 0);
  int delta = ASPIRATION_DELTA;
  int lo = w.root_score - delta, hi = w.root_score + delta;
  for (;;) {
    const int v = search.search(lo, hi, depth, 0);
    if (s.stopped() || (v > lo && v < hi)) return v;
    if (v <= lo) lo = std::max(-INF, lo - delta);
    else hi = std::min(INF, hi + delta);
    delta *= 2;
  }
}

// The lines of one iteration as reported: best first. Each line after the first is searched
// without the decisions before it, so the table can give a later line a higher score than an
// earlier one; the line reported first, and played, is the best scored one.
std::vector<PvLine> best_first(std::vector<PvLine> lines) {
  std::stable_sort(lines.begin(), lines.end(), [](const PvLine& a, const PvLine& b) { return a.score > b.score; });
  return lines;
}

// Iterative deepening on one worker. The main worker (id 0) reports each finished depth.
void iterate(Worker& w, Shared& s, const Position& root, int max_depth, int multipv,
             uint64_t* total_nodes, const std::vector<std::unique_ptr<Worker>>* all,
             int64_t soft_ms, const InfoCallback& on_info) {
  w.pos = root;
  w.acc.reset(root);
  w.root_best = Move::none();
  w.root_depth = 0;
  w.root_pv.clear();
  w.lines.clear();
  const int nlines = std::clamp(multipv, 1, w.root_moves.size());
  std::vector<PvLine> lines;
  Search search(w, s);
  for (int depth = 1 + (w.id & 1); depth <= max_depth; ++depth) {
    // Lazy SMP: a helper starts each iteration at least at the main thread's depth (not one
    // beyond it: the main thread then finds more of that depth in the shared table; docs/ai.md,
    // "Algorithm"), and differs from it by its own history and timing.
    if (w.id == 0)
      s.main_depth.store(depth, std::memory_order_relaxed);
    else
      depth = std::min(max_depth, std::max(depth, s.main_depth.load(std::memory_order_relaxed)));
    w.iter_depth = depth;
    lines.clear();
    int v = 0;
    for (w.pv_idx = 0; w.pv_idx < nlines; ++w.pv_idx) {
      const int lv = search_root(search, s, w, depth, nlines);
      if (s.stopped()) break;
      if (w.pv_idx == 0) v = lv;
      w.line.winprob = win_permille(lv);
      lines.push_back(w.line);
      w.line_moves[w.pv_idx] = w.line.move;
    }
    w.pv_idx = 0;
    if (s.stopped()) break;
    // In search order: line k's decision is tried first by line k of the next iteration.
    w.lines = lines;
    w.root_score = v;
    w.root_depth = depth;
    if (w.id != 0) continue;
    if (on_info) {
      SearchInfo info;
      info.depth = depth;
      info.lines = best_first(lines);
      info.score = info.lines[0].score;
      info.winprob = info.lines[0].winprob;
      info.pv = info.lines[0].pv;
      uint64_t nodes = 0;
      for (const auto& o : *all) nodes += o->nodes.load(std::memory_order_relaxed);
      *total_nodes = nodes;
      info.nodes = nodes;
      info.time_ms = s.elapsed();
      on_info(info);
    }
    if (std::abs(v) >= SCORE_MATE_BOUND && depth >= 2) break;  // a forced result is known
    if (soft_ms >= 0 && s.elapsed() >= soft_ms) break;
  }
}

}  // namespace

Move random_decision(const Position& pos, Rng& rng) { return random_move(pos, rng); }

Searcher::Searcher(const SearchConfig& config) : config_(config), rng_(config.seed) { allocate(); }

Searcher::~Searcher() = default;

void Searcher::allocate() {
  tt_.resize(config_.hash_mb);
  const int n = std::max(1, config_.threads);
  while (int(workers_.size()) < n) {
    workers_.push_back(std::make_unique<Worker>());
    workers_.back()->id = int(workers_.size()) - 1;
    workers_.back()->clear_history();
    workers_.back()->root_pv.reserve(MAX_PLY);
  }
  workers_.resize(size_t(n));
}

void Searcher::configure(const SearchConfig& config) {
  const bool reseed = config.seed != config_.seed;
  const bool resize = config.hash_mb != config_.hash_mb || config.threads != config_.threads;
  config_ = config;
  if (reseed) rng_ = Rng(config_.seed);
  if (resize) allocate();
}

void Searcher::clear() {
  rng_ = Rng(config_.seed);
  tt_.clear();
  for (auto& w : workers_) w->clear_history();
}

namespace {

// A result with one line: `best` and what is known of it.
SearchResult single_line(Move best, int depth, int score, uint64_t nodes, int64_t time_ms) {
  SearchResult r;
  r.best = best;
  r.info.depth = depth;
  r.info.score = score;
  r.info.winprob = win_permille(score);
  r.info.nodes = nodes;
  r.info.time_ms = time_ms;
  if (!best.is_none()) {
    r.info.pv.push_back(best);
    r.info.lines.push_back(PvLine{best, score, r.info.winprob, r.info.pv});
  }
  return r;
}

}  // namespace

SearchResult Searcher::run_random(const MoveList& root, const InfoCallback& on_info) {
  // Equal to random_decision() when the root is not restricted (same draw, same order).
  const Move m = root.empty() ? Move::none() : root[int(rng_.below(uint32_t(root.size())))];
  SearchResult r = single_line(m, 1, 0, 1, 0);
  if (on_info) on_info(r.info);
  return r;
}

// Weak levels: score every root decision with a shallow full-window search, add noise, keep
// the best noisy score. Mistakes are then small ones more often than big ones.
SearchResult Searcher::run_noisy(const Position& pos, const MoveList& root, const Limits& limits,
                                 const std::atomic<bool>& stop, const InfoCallback& on_info) {
  const LevelParams& lp = level_params(config_.level);
  Worker& w = *workers_[0];
  w.nodes = 0;
  Shared s(stop, tt_, config_, limits.nodes);
  Search search(w, s);
  w.pos = pos;
  w.acc.reset(pos);
  Move best_move;
  int best = -INF * 2;
  const Color us = pos.side_to_move();
  const int depth = std::max(1, limits.depth > 0 ? std::min(limits.depth, lp.max_depth) : lp.max_depth);
  for (Move m : root) {
    w.pos.do_move(m, w.states[0]);
    if (s.net) w.acc.push(w.pos);
    const bool same = w.pos.side_to_move() == us;
    const int nd = costs_depth(m) ? depth - 1 : depth;
    int v = same ? search.search(-INF, INF, nd, 1) : -search.search(-INF, INF, nd, 1);
    w.pos.undo_move(m, w.states[0]);
    if (s.net) w.acc.pop();
    v += int(rng_.below(uint32_t(2 * lp.noise + 1))) - lp.noise;
    if (v > best || best_move.is_none()) best = v, best_move = m;
  }
  SearchResult r = single_line(best_move, depth, best, w.nodes, s.elapsed());
  if (on_info) on_info(r.info);
  return r;
}

SearchResult Searcher::run(const Position& pos, const Limits& limits_in,
                           const std::atomic<bool>& stop, const InfoCallback& on_info) {
  const LevelParams& lp = level_params(config_.level);
  if (pos.is_over()) return SearchResult{};
  MoveList root;
  root_decisions(pos, limits_in.searchmoves, root);
  if (lp.random) return run_random(root, on_info);

  Limits limits = limits_in;
  if (lp.max_depth) limits.depth = limits.depth ? std::min(limits.depth, lp.max_depth) : lp.max_depth;
  if (lp.max_nodes) limits.nodes = limits.nodes ? std::min(limits.nodes, lp.max_nodes) : lp.max_nodes;
  if (!limits.depth && !limits.nodes && !limits.movetime && limits.time[pos.side_to_move()] < 0 &&
      !limits.infinite)
    limits.movetime = 1000;  // `go` with no limit at all
  if (lp.noise > 0) return run_noisy(pos, root, limits, stop, on_info);

  if (root.size() == 1) {  // nothing to think about (often a forced removal)
    SearchResult r = single_line(root[0], 0, 0, 0, 0);
    if (on_info) on_info(r.info);
    return r;
  }

  const TimeBudget budget = plan_time(limits, pos.side_to_move(), config_.move_overhead_ms,
                                      estimate_decisions_left(pos));
  Shared s(stop, tt_, config_, limits.nodes);
  s.hard_ms = budget.hard_ms;
  const int max_depth = limits.depth > 0 ? std::min(limits.depth, MAX_DEPTH) : MAX_DEPTH;
  for (auto& w : workers_) {
    w->nodes = 0;
    w->root_moves = root;
  }

  uint64_t total_nodes = 0;
  std::vector<std::thread> helpers;
  for (size_t i = 1; i < workers_.size(); ++i)
    helpers.emplace_back([&, i] {
      iterate(*workers_[i], s, pos, MAX_DEPTH, 1, nullptr, &workers_, -1, {});
    });
  iterate(*workers_[0], s, pos, max_depth, config_.multipv, &total_nodes, &workers_,
          budget.soft_ms, on_info);
  s.stop = true;
  for (auto& t : helpers) t.join();

  // Lazy SMP: play the result of the thread that completed the deepest iteration (the main
  // thread on ties; with MultiPV the main thread, whose lines are reported).
  const Worker* chosen = workers_[0].get();
  if (config_.multipv == 1)
    for (const auto& w : workers_)
      if (w->root_depth > chosen->root_depth && !w->root_best.is_none()) chosen = w.get();
  Worker& main = *workers_[0];
  SearchResult r;
  r.best = chosen->root_best.is_none() ? root[0] : chosen->root_best;
  r.info.depth = chosen->root_depth;
  r.info.score = chosen->root_score;
  r.info.winprob = win_permille(r.info.score);
  r.info.pv = chosen->root_pv.empty() ? std::vector<Move>{r.best} : chosen->root_pv;
  if (config_.multipv > 1 && !main.lines.empty()) {
    // MultiPV: the lines of the last completed depth, as many as asked for, best first; the
    // decision played, its score and its line are line 1's (an unfinished deeper iteration
    // searched only some lines, whose scores would not compare with the others').
    r.info.lines = best_first(main.lines);
    const PvLine& top = r.info.lines[0];
    r.best = top.move;
    r.info.depth = main.root_depth;
    r.info.score = top.score;
    r.info.winprob = top.winprob;
    r.info.pv = top.pv;
  } else {
    // One line: the decision played, with what the deepest (maybe unfinished) iteration knows.
    r.info.lines = {PvLine{r.best, r.info.score, r.info.winprob, r.info.pv}};
  }
  total_nodes = 0;
  for (const auto& w : workers_) total_nodes += w->nodes.load(std::memory_order_relaxed);
  r.info.nodes = total_nodes;
  r.info.time_ms = s.elapsed();
  return r;
}

void root_decisions(const Position& pos, const std::vector<Move>& searchmoves, MoveList& out) {
  MoveList all;
  generate(pos, all);
  out.clear();
  for (Move m : all)
    if (std::find(searchmoves.begin(), searchmoves.end(), m) != searchmoves.end()) out.push(m);
  if (out.empty()) out = all;
}

}  // namespace yinsh
