// Micro-benchmarks of the rules core's hot paths (Google Benchmark). Not a test: run
//   build/bench/yinsh_microbench
// The positions are replayed from fixed decisions, so every run measures the same work.
#include <benchmark/benchmark.h>

#include "core/game.h"
#include "core/movegen.h"
#include "core/random.h"
#include "core/ring_counts.h"

namespace {

using namespace yinsh;

Position midgame() {
  std::string error;
  return *start_position("", false,
                         {"c7", "i9", "b5", "e6", "c6", "i11", "h5", "h9", "g5", "e10", "c6-b6", "i9-g7",
                          "b5-a5", "g7-j7", "g5-g3", "e10-b7", "h5-j5", "h9-h10", "g3-b3", "j7-j11",
                          "b3-f3", "i11-h11", "c7-c5", "e6-i10", "a5-a3"},
                         &error);
}

void BM_GenerateMidgame(benchmark::State& state) {
  const Position pos = midgame();
  MoveList list;
  for (auto _ : state) {
    generate(pos, list);
    benchmark::DoNotOptimize(list);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_GenerateMidgame);

void BM_CountMovesMidgame(benchmark::State& state) {
  const Position pos = midgame();
  for (auto _ : state) benchmark::DoNotOptimize(count_moves(pos));
}
BENCHMARK(BM_CountMovesMidgame);

void BM_DoUndoEveryMove(benchmark::State& state) {
  Position pos = midgame();
  MoveList list;
  generate(pos, list);
  StateInfo st;
  for (auto _ : state) {
    for (Move m : list) {
      pos.do_move(m, st);
      pos.undo_move(m, st);
    }
  }
  state.SetItemsProcessed(state.iterations() * list.size());
}
BENCHMARK(BM_DoUndoEveryMove);

void BM_RandomGame(benchmark::State& state) {
  Rng rng(7);
  MoveList list;
  StateInfo st;
  for (auto _ : state) {
    Position pos = Position::start();
    while (!pos.is_over()) {
      generate(pos, list);
      pos.do_move(list[int(rng.below(uint32_t(list.size())))], st);
    }
    benchmark::DoNotOptimize(pos);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RandomGame);

// The rings' destination counts and a random ring move on each path this CPU supports
// (argument: 0 scalar, 1 AVX2, 2 AVX2 and BMI2, 3 AVX-512), side by side in one binary.
void BM_RingMoveCounts(benchmark::State& state) {
  const auto path = RingLanes(state.range(0));
  if (!ring_lanes_supported(path)) return state.SkipWithError("not supported on this CPU");
  const Position pos = midgame();
  Point from[RINGS_PER_SIDE];
  int count[RINGS_PER_SIDE];
  for (auto _ : state) {
    benchmark::DoNotOptimize(ring_move_counts_on(path, pos, pos.side_to_move(), from, count));
    benchmark::DoNotOptimize(count);
  }
  state.SetLabel(to_string(path));
}
BENCHMARK(BM_RingMoveCounts)->DenseRange(0, 3);

void BM_RandomRingMove(benchmark::State& state) {
  const auto path = RingLanes(state.range(0));
  if (!ring_lanes_supported(path)) return state.SkipWithError("not supported on this CPU");
  const Position pos = midgame();
  Rng rng(9);
  for (auto _ : state) benchmark::DoNotOptimize(random_ring_move_on(path, pos, rng));
  state.SetLabel(to_string(path));
}
BENCHMARK(BM_RandomRingMove)->DenseRange(0, 3);

}  // namespace

BENCHMARK_MAIN();
