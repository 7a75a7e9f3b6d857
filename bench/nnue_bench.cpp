// Micro-benchmarks of the evaluations (Google Benchmark): the network from scratch, its
// output layers alone (SIMD and scalar), the incremental update after one ring move, and the
// linear evaluation and its feature pass in each compiled form for comparison.
// Run: build/bench/yinsh_microbench --benchmark_filter="Eval|Features"
#include <benchmark/benchmark.h>

#include <vector>

#include "core/movegen.h"
#include "search/eval.h"
#include "search/nnue_accumulator.h"

namespace {

using namespace yinsh;

// A middle game from 30 seeded random decisions (the same every run).
Position middle_game() {
  Position pos = Position::start();
  Rng rng(42);
  static StateInfo states[30];
  for (auto& st : states) pos.do_move(random_move(pos, rng), st);
  return pos;
}

void BM_EvalNnueScratch(benchmark::State& state) {
  const Position pos = middle_game();
  const auto net = nnue::embedded_network();
  for (auto _ : state) benchmark::DoNotOptimize(nnue::evaluate_scratch(*net, pos));
}
BENCHMARK(BM_EvalNnueScratch);

// The dense layers in each kernel (nnue.h NnueCode: 0 scalar, 1 avx2, 2 vnni,
// 3 simd128); one this build or CPU lacks is skipped.
void BM_EvalNnueForward(benchmark::State& state) {
  const auto code = nnue::NnueCode(state.range(0));
  if (!nnue::nnue_code_supported(code)) return state.SkipWithError("not on this CPU or build");
  const Position pos = middle_game();
  const auto net = nnue::embedded_network();
  nnue::Accumulator acc;
  nnue::refresh(*net, nnue::feature_state(pos), acc);
  for (auto _ : state) benchmark::DoNotOptimize(nnue::forward_on(code, *net, acc.v[0], acc.v[1]));
  state.SetLabel(nnue::to_string(code));
}
BENCHMARK(BM_EvalNnueForward)->DenseRange(0, 3);

// What the search pays per evaluated child: push after do_move, update + forward, pop.
void BM_EvalNnueIncrementalRingMove(benchmark::State& state) {
  Position pos = middle_game();
  const auto net = nnue::embedded_network();
  MoveList list;
  generate(pos, list);
  nnue::AccumulatorStack stack;
  stack.reset(pos);
  stack.evaluate(*net);
  int i = 0;
  for (auto _ : state) {
    const Move m = list[i++ % list.size()];
    StateInfo st;
    pos.do_move(m, st);
    stack.push(pos);
    benchmark::DoNotOptimize(stack.evaluate(*net));
    pos.undo_move(m, st);
    stack.pop();
  }
}
BENCHMARK(BM_EvalNnueIncrementalRingMove);

void BM_EvalLinear(benchmark::State& state) {
  const Position pos = middle_game();
  for (auto _ : state) benchmark::DoNotOptimize(evaluate(pos, default_weights()));
}
BENCHMARK(BM_EvalLinear);

// The linear evaluation's feature pass in each compiled form (eval.h EvalCode: 0 generic,
// 1 popcnt, 2 native, 3 avx2, 4 avx512; a form this build or CPU lacks runs one it has), over 512
// positions of seeded random games at 20 to 70 decisions, so that branches are not learnt.
void BM_FeaturesByForm(benchmark::State& state) {
  std::vector<Position> positions;
  for (uint64_t seed = 1; positions.size() < 512; ++seed) {
    Position pos = Position::start();
    Rng rng(seed);
    static StateInfo states[70];
    const int plies = 20 + int(seed % 51);
    for (int i = 0; i < plies && !pos.is_over(); ++i) pos.do_move(random_move(pos, rng), states[i]);
    if (pos.step() == Step::Move) positions.push_back(pos);
  }
  const EvalCode code = EvalCode(state.range(0));
  size_t i = 0;
  for (auto _ : state) {
    FeatureVector f;
    extract_features_on(code, positions[i++ % positions.size()], f);
    benchmark::DoNotOptimize(f);
  }
  state.SetLabel(to_string(code));
}
BENCHMARK(BM_FeaturesByForm)->DenseRange(0, 4);

}  // namespace
