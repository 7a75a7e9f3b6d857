// yinsh bench: speed figures of the rules core (and, with the AI, the search signature).
// Every section does a fixed amount of work from fixed inputs, so the counts it prints are
// deterministic and only the rates depend on the machine.
#include <time.h>

#include <algorithm>
#include <chrono>
#include <iostream>

#include "commands.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/random.h"
#include "core/ring_counts.h"
#include "search/eval.h"
#include "search/nnue.h"
#include "search/signature.h"

namespace yinsh::cli {

namespace {

// Rates use the CPU time of this thread, so other processes on a busy machine do not count
// against it; the wall time is printed too.
struct Stopwatch {
  std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
  double cpu = thread_cpu_seconds();
  static double thread_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
  }
  double cpu_seconds() const { return std::max(thread_cpu_seconds() - cpu, 1e-9); }
  double wall_seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count();
  }
};

// Mid-game positions from tests/data/perft.txt (normal and blitz), searched at depth 4.
struct PerftCase {
  bool blitz;
  std::vector<std::string> moves;
};
const std::vector<PerftCase>& perft_cases() {
  static const std::vector<PerftCase> cases = {
      {false, {"c7", "i9", "b5", "e6", "c6", "i11", "h5", "h9", "g5", "e10", "c6-b6", "i9-g7", "b5-a5",
               "g7-j7", "g5-g3", "e10-b7", "h5-j5", "h9-h10", "g3-b3", "j7-j11", "b3-f3", "i11-h11",
               "c7-c5", "e6-i10", "a5-a3"}},
      {false, {"b4", "c2", "c1", "g2", "d6", "f6", "e8", "k9", "e3", "b1", "e8-k8", "c2-k10", "e3-j8",
               "k10-d3", "d6-d7", "g2-h3", "j8-i8", "k9-j9", "d7-g7", "f6-f3", "g7-h8", "h3-h6", "i8-f5",
               "f3-h5", "b4-b2"}},
      {false, {"e2", "j5", "i6", "c6", "g2", "k7", "h7", "j9", "b5", "a3", "h7-h4", "c6-g6", "i6-k8",
               "g6-g3", "e2-e4", "j9-i8", "e4-e9", "i8-i10", "k8-k9", "i10-g10", "e9-g9", "g3-e1",
               "h4-h5", "a3-e3", "g2-d2"}},
      {true, {"e2", "f2", "c3", "g6", "h9", "d2", "c1", "b5", "a4", "h3", "h9-i9", "d2-j8", "a4-f4",
              "f2-k7", "i9-i11", "j8-i7", "f4-e4", "g6-g9", "e4-g4", "g9-b4", "c3-b2", "h3-h4", "e2-e1",
              "b4-b3", "i11-h10"}},
  };
  return cases;
}

// Complete uniformly random games from the start, ring moves drawn on the given path (every
// path draws the same decisions); returns the number of decisions played.
uint64_t random_games(int games, uint64_t seed, RingLanes path, int* white_wins) {
  Rng rng(seed);
  StateInfo st;
  uint64_t decisions = 0;
  *white_wins = 0;
  for (int g = 0; g < games; ++g) {
    Position pos = Position::start();
    while (!pos.is_over()) {
      pos.do_move(pos.step() == Step::Move ? random_ring_move_on(path, pos, rng) : random_move(pos, rng), st);
      ++decisions;
    }
    *white_wins += pos.result() == Result::WhiteWins;
  }
  return decisions;
}

}  // namespace

void add_bench_command(CLI::App& app) {
  struct Args {
    int games = 100000;
    int depth = 4;
    int search_depth = 6;  // deep enough for singular extensions (depth >= 5 below the root)
    std::string ring_lanes = "auto";
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("bench", "Measure move generation and search speed (deterministic counts)");
  cmd->add_option("--games", args->games, "Random games to play")->check(CLI::Range(1, 100000000));
  cmd->add_option("--perft-depth", args->depth, "Perft depth from each bench position")->check(CLI::Range(1, 6));
  cmd->add_option("--search-depth", args->search_depth, "Search signature depth")->check(CLI::Range(1, 12));
  std::vector<std::string> lane_names = {"auto"};
  for (const RingLanes p : ALL_RING_LANES) lane_names.emplace_back(to_string(p));
  cmd->add_option("--ring-lanes", args->ring_lanes,
                  "Ring-move path of the random games: auto (the CPU's best), scalar, avx2, avx2-bmi2 or "
                  "avx512 (to measure a CPU without AVX-512 on one with it)")
      ->check(CLI::IsMember(lane_names));
  cmd->callback([args] {
    RingLanes lanes = ring_lanes_path();
    if (args->ring_lanes != "auto") {
      for (const RingLanes p : ALL_RING_LANES)
        if (args->ring_lanes == to_string(p)) lanes = p;
      if (!ring_lanes_supported(lanes))
        throw CLI::ValidationError("--ring-lanes", args->ring_lanes + " is not supported by this build on this CPU");
    }
    // The code this CPU runs where the build chooses at start-up (rates depend on it; the
    // counts below do not).
    std::cout << "code-paths: ring-lanes " << to_string(lanes) << " eval " << to_string(eval_code()) << " nnue "
              << nnue::to_string(nnue::nnue_code()) << "\n";
    Stopwatch watch;
    int white_wins = 0;
    const uint64_t decisions = random_games(args->games, 1, lanes, &white_wins);
    double s = watch.cpu_seconds();
    std::cout << "random-games: " << args->games << " decisions: " << decisions
              << " white-wins: " << white_wins << " cpu-ms: " << int(s * 1000)
              << " wall-ms: " << int(watch.wall_seconds() * 1000) << "\n";
    std::cout << "random-games-per-second: " << uint64_t(args->games / s) << "\n";
    std::cout << "random-decisions-per-second: " << uint64_t(double(decisions) / s) << "\n";

    uint64_t leaves = 0;
    watch = Stopwatch();
    for (const auto& c : perft_cases()) {
      std::string error;
      auto pos = start_position("", c.blitz, c.moves, &error);
      leaves += perft(*pos, args->depth);
    }
    s = watch.cpu_seconds();
    std::cout << "perft-leaves: " << leaves << " (depth " << args->depth << ", "
              << perft_cases().size() << " positions) cpu-ms: " << int(s * 1000)
              << " wall-ms: " << int(watch.wall_seconds() * 1000) << "\n";
    std::cout << "perft-leaves-per-second: " << uint64_t(double(leaves) / s) << "\n";

    // The search signature: one thread, fixed positions, fixed depth; the node count is the
    // same on every run.
    watch = Stopwatch();
    const SignatureResult sig = search_signature(args->search_depth);
    s = watch.cpu_seconds();
    std::cout << "search-positions: " << sig.positions << " depth: " << args->search_depth
              << " cpu-ms: " << int(s * 1000) << " wall-ms: " << int(watch.wall_seconds() * 1000) << "\n";
    std::cout << "search-nodes: " << sig.nodes << "\n";
    std::cout << "search-nodes-per-second: " << uint64_t(double(sig.nodes) / s) << "\n";

    // The same positions with the built-in network as the evaluation (what the engine plays
    // with by default): a new network, or a change of its inference, changes this count.
    watch = Stopwatch();
    const SignatureResult net_sig = search_signature(args->search_depth, nnue::embedded_network());
    s = watch.cpu_seconds();
    std::cout << "search-nnue-nodes: " << net_sig.nodes << " cpu-ms: " << int(s * 1000)
              << " wall-ms: " << int(watch.wall_seconds() * 1000) << "\n";
    std::cout << "search-nnue-nodes-per-second: " << uint64_t(double(net_sig.nodes) / s) << "\n";
  });
}

}  // namespace yinsh::cli
