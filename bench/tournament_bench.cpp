// Pairing times: a Swiss round and an arena wave of 8 to 200 players.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "tournament/arena_pairing.h"
#include "tournament/swiss.h"

namespace {

using namespace yinsh::tournament;

// A field after `rounds` rounds of a simulated event (random results, as paired).
std::vector<SwissPlayer> field(int n, int rounds) {
  std::mt19937 rng(12345);
  std::vector<SwissPlayer> p;
  for (int i = 0; i < n; ++i) p.push_back({i + 1, 0, 1300 + int(rng() % 900), {}, {}, false});
  for (int r = 0; r < rounds; ++r) {
    const auto round = pair_swiss(p);
    for (const auto& x : round.pairs) {
      auto &w = p[size_t(x.white - 1)], &b = p[size_t(x.black - 1)];
      w.opponents.push_back(b.id), b.opponents.push_back(w.id);
      w.colours.push_back(Colour::White), b.colours.push_back(Colour::Black);
      (rng() % 2 ? w : b).score2 += 2;
    }
    if (round.bye) p[size_t(*round.bye - 1)].score2 += 2, p[size_t(*round.bye - 1)].had_bye = true;
  }
  return p;
}

void BM_SwissRound(benchmark::State& state) {
  const auto p = field(int(state.range(0)), 5);  // the sixth round
  for (auto _ : state) benchmark::DoNotOptimize(pair_swiss(p));
}
BENCHMARK(BM_SwissRound)->Arg(8)->Arg(40)->Arg(100)->Arg(200)->Unit(benchmark::kMillisecond);

void BM_ArenaWave(benchmark::State& state) {
  std::mt19937 rng(7);
  std::vector<ArenaWaiting> w;
  for (int i = 0; i < state.range(0); ++i) w.push_back({i, i, int(rng() % state.range(0)), 0, Colour::None});
  for (auto _ : state) benchmark::DoNotOptimize(pair_arena(w));
}
BENCHMARK(BM_ArenaWave)->Arg(8)->Arg(40)->Arg(200)->Unit(benchmark::kMillisecond);

}  // namespace
