// Game report: the engine's verdict on every decision of a game record, as lichess gives for
// chess (docs/analysis.md). For each position of the game the engine searches a fixed number
// of nodes (one thread, a fixed table size, the table cleared before each search), so a
// report is the same on every machine. From the scores it derives
//   - White's win probability before every decision and at the end (the graph),
//   - each decision's loss: how much the mover's win probability dropped, in permille,
//   - a judgement (inaccuracy / mistake / blunder) from the loss, with the engine's better
//     decision and its line,
//   - an accuracy per decision and per player.
// Decisions without a real choice (a single legal decision: many removals, some passes) are
// never judged and take no search.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/position.h"

namespace yinsh {
class Searcher;
}

namespace yinsh::analysis {

// Nodes searched per position when nothing else is asked (docs/analysis.md gives the time:
// 0.2-0.4 s per position on one core of the 2-core test machine).
inline constexpr uint64_t DEFAULT_NODES = 100000;
inline constexpr uint64_t MIN_NODES = 1000;
inline constexpr uint64_t MAX_NODES = 100000000;

// Loss thresholds in permille of win probability: lichess's drops of 0.1 / 0.2 / 0.3 in
// winning chances on a scale of -1..+1 (2 / (1 + exp(-0.004 cp)) - 1; lila,
// modules/analyse/src/main/Advice.scala), which are 5 / 10 / 15 points of win probability.
inline constexpr int INACCURACY_LOSS = 50;
inline constexpr int MISTAKE_LOSS = 100;
inline constexpr int BLUNDER_LOSS = 150;

enum class Judgement { None, Inaccuracy, Mistake, Blunder };

const char* to_string(Judgement j);  // "", "inaccuracy", "mistake", "blunder"

// The judgement of a loss (permille of the mover's win probability).
Judgement judge(int loss);

// Accuracy of one decision in percent (0..100) from the mover's win probability before and
// after it (permille), lichess's curve:  103.1668 * exp(-0.04354 * drop_in_percent) - 3.1669,
// clamped to 0..100. A decision that loses nothing scores 100.
double decision_accuracy(int before, int after);

struct DecisionReport {
  int turn = 0;             // its turn number in the notation
  Color mover = WHITE;
  Move played = Move::none();
  bool forced = false;      // the only legal decision: never judged
  int white_before = 500;   // White's win probability (permille) before the decision
  int white_after = 500;    // ... and after it
  int loss = 0;             // the mover's drop in win probability, permille (0 if forced/best)
  Judgement judgement = Judgement::None;
  Move best = Move::none();  // the engine's decision here (none when forced)
  std::vector<Move> best_line;  // its expected continuation, starting with `best`
  double accuracy = 100.0;  // decision_accuracy of the mover's before/after
};

struct PlayerSummary {
  int decisions = 0;  // with a real choice
  int inaccuracies = 0, mistakes = 0, blunders = 0;
  double accuracy = 100.0;  // mean of decision accuracies (100 when there is none)
  double average_loss = 0;  // mean loss in permille
};

struct Report {
  uint64_t nodes_per_position = DEFAULT_NODES;
  uint64_t nodes = 0;        // searched in all
  int searches = 0;          // positions searched
  std::vector<DecisionReport> decisions;  // one per decision of the record, in order
  int white_final = 500;     // White's win probability after the last decision
  PlayerSummary players[2];  // indexed by Color
};

struct AnalysisConfig {
  uint64_t nodes = DEFAULT_NODES;  // per searched position
  int hash_mb = 16;
};

// Called after each search: searches done and the number the report needs.
using ProgressFn = std::function<void(int done, int total)>;

// Analyses the game `moves` from `start` (the moves must be legal: a record that was read).
// Blocks; returns false (and leaves `out` partial) when `stop` became true. Deterministic:
// the same game and config give the same report.
bool analyze(const Position& start, const std::vector<Move>& moves, const AnalysisConfig& config,
             Report& out, const std::atomic<bool>& stop, const ProgressFn& progress = {});

// The search state reports need (a table of `config.hash_mb` and one thread's histories),
// allocated once and reused report after report: a server's analysis thread keeps one, so
// writing a report allocates nothing large (a table made and freed per report is memory the
// allocator keeps: docs/benchmarks.md, the soak). Its reports are those of analyze() (the
// table is cleared before every search). Not thread-safe: one per thread.
class Analyst {
 public:
  explicit Analyst(const AnalysisConfig& config);
  ~Analyst();
  Analyst(const Analyst&) = delete;
  Analyst& operator=(const Analyst&) = delete;
  // As analyze() with this Analyst's config.
  bool analyze(const Position& start, const std::vector<Move>& moves, Report& out, const std::atomic<bool>& stop,
               const ProgressFn& progress = {});

 private:
  AnalysisConfig config_;
  std::unique_ptr<Searcher> searcher_;
};

}  // namespace yinsh::analysis
