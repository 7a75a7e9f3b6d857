// The search layer's interface to the Engine: limits in, progress reports and a decision out.
// A Searcher owns all search state (tables, histories, helper threads); nothing is global.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "core/movegen.h"
#include "core/position.h"
#include "core/random.h"
#include "search/eval.h"
#include "search/nnue.h"
#include "search/tt.h"

namespace yinsh {

struct Limits {
  int depth = 0;           // plies; 0 = no limit
  uint64_t nodes = 0;      // 0 = no limit
  int64_t movetime = 0;    // ms; 0 = no limit
  int64_t time[2] = {-1, -1};  // wtime, btime in ms; -1 = not given
  int64_t inc[2] = {0, 0};     // winc, binc in ms
  int movestogo = 0;       // decisions to the clock's next time control; 0 = none (the game)
  bool infinite = false;   // until stop
  // Only these root decisions are searched (the others are ignored); empty = all. Entries that
  // are not legal in the position are skipped; if none is legal, all decisions are searched
  // (the protocol refuses such a `go` before it gets here).
  std::vector<Move> searchmoves;
};

// One line of analysis: a root decision, its score and the expected play after it.
struct PvLine {
  Move move = Move::none();
  int score = 0;        // centi-rings, side to move's point of view
  int winprob = 500;    // expected result in permille for the side to move (winprob.h)
  std::vector<Move> pv;  // starts with `move`
};

struct SearchInfo {
  int depth = 0;
  int score = 0;        // centi-rings, from the side to move's point of view
  int winprob = 500;    // permille, win_permille(score)
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  std::vector<Move> pv;
  // MultiPV: the best `MultiPV` root decisions of the last completed depth, best first by
  // score (one line by default), exactly that many (fewer only when the root has fewer
  // decisions); lines[0] is the decision played, with `score` and `pv` above.
  std::vector<PvLine> lines;
};

struct SearchResult {
  Move best = Move::none();  // none only when the game is over
  SearchInfo info;
};

using InfoCallback = std::function<void(const SearchInfo&)>;

struct SearchConfig {
  int threads = 1;
  int hash_mb = 64;
  int level = 8;  // levels.h: 0 = random ... MAX_LEVEL = full strength
  int multipv = 1;  // root decisions reported with exact scores (analysis); 1 plays fastest
  uint64_t seed = 1;
  int64_t move_overhead_ms = 30;
  Weights weights = default_weights();  // the evaluation's weights (tuning swaps them)
  std::shared_ptr<const nnue::Network> net;  // evaluate with this network; null = linear
  int lazy_margin = 60;  // residual net: leaves this far (centi-rings) outside the window skip it
};

struct Worker;  // one search thread's state (search.cpp)

class Searcher {
 public:
  explicit Searcher(const SearchConfig& config = {});
  ~Searcher();
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;
  void configure(const SearchConfig& config);
  // Blocks until a limit is reached or `stop` becomes true. Calls on_info (if set) from the
  // calling thread. Never prints.
  SearchResult run(const Position& pos, const Limits& limits, const std::atomic<bool>& stop,
                   const InfoCallback& on_info);
  // Forgets everything learnt (new game).
  void clear();

 private:
  void allocate();
  SearchResult run_random(const MoveList& root, const InfoCallback& on_info);
  SearchResult run_noisy(const Position& pos, const MoveList& root, const Limits& limits,
                         const std::atomic<bool>& stop, const InfoCallback& on_info);

  SearchConfig config_;
  Rng rng_;
  TranspositionTable tt_;
  std::vector<std::unique_ptr<Worker>> workers_;
};

// Centi-ring-like scores at or beyond this are forced wins (MATE - plies) or losses.
inline constexpr int SCORE_MATE = 31000;
inline constexpr int SCORE_MATE_BOUND = SCORE_MATE - 1000;

// The decisions a search considers at the root: the legal ones, restricted to `searchmoves`
// when that names at least one legal decision. Generation order.
void root_decisions(const Position& pos, const std::vector<Move>& searchmoves, MoveList& out);

// The baseline player: a uniformly random legal decision (Move::none() when the game is over).
Move random_decision(const Position& pos, Rng& rng);

}  // namespace yinsh
