#include "tune.h"

#include <atomic>
#include <cmath>
#include <mutex>
#include <thread>

#include "core/movegen.h"
#include "search/search.h"

namespace yinsh {

namespace {

std::vector<Sample> play_one(const TuneConfig& cfg, int index, Searcher& searcher) {
  Rng rng(cfg.seed * 1000003 + uint64_t(index));
  searcher.clear();
  Position pos = Position::start();
  std::vector<StateInfo> states(256);
  struct Seen {
    FeatureVector features;
    Color side;
    int score;
    bool scored;
  };
  std::vector<Seen> seen;
  std::atomic<bool> stop{false};
  Limits limits;
  limits.depth = cfg.depth;
  for (int ply = 0; !pos.is_over() && ply < 255; ++ply) {
    Move m;
    const bool quiet = pos.step() == Step::Move || pos.step() == Step::Place;
    if (ply < cfg.random_plies ||
        (pos.step() == Step::Move && rng.below(1000) < uint32_t(cfg.random_move_rate * 1000))) {
      m = random_decision(pos, rng);
    } else {
      const SearchResult r = searcher.run(pos, limits, stop, {});
      m = r.best;
      if (quiet) {
        FeatureVector f;
        extract_features(pos, f);
        seen.push_back(Seen{f, pos.side_to_move(), r.info.score, r.info.depth > 0});
      }
    }
    pos.do_move(m, states[size_t(ply)]);
  }
  const Result r = pos.result();
  std::vector<Sample> out;
  for (const Seen& s : seen) {
    float res = 0.5f;
    if (r == Result::WhiteWins) res = s.side == WHITE ? 1.f : 0.f;
    if (r == Result::BlackWins) res = s.side == BLACK ? 1.f : 0.f;
    out.push_back(Sample{s.features, res, s.score, s.scored});
  }
  return out;
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

}  // namespace

std::vector<Sample> selfplay_samples(const TuneConfig& cfg,
                                     const std::function<void(int)>& progress) {
  std::vector<std::vector<Sample>> per_game(size_t(cfg.games));
  std::atomic<int> next{0}, done{0};
  std::mutex mutex;
  auto work = [&] {
    SearchConfig sc;
    sc.hash_mb = 16;
    sc.weights = cfg.start;
    Searcher searcher(sc);
    for (int i; (i = next.fetch_add(1)) < cfg.games;) {
      per_game[size_t(i)] = play_one(cfg, i, searcher);
      const int d = ++done;
      std::lock_guard lock(mutex);
      if (progress) progress(d);
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < std::max(1, cfg.threads); ++t) threads.emplace_back(work);
  for (auto& t : threads) t.join();
  std::vector<Sample> all;
  for (auto& g : per_game) all.insert(all.end(), g.begin(), g.end());
  return all;
}

double tuning_loss(const std::vector<Sample>& samples, const std::vector<double>& w) {
  double sum = 0;
  for (const Sample& s : samples) {
    double e = 0;
    for (int i = 0; i < NUM_FEATURES; ++i) e += w[size_t(i)] * s.features[size_t(i)];
    const double d = sigmoid(e / 100) - s.result;
    sum += d * d;
  }
  return samples.empty() ? 0 : sum / double(samples.size());
}

Weights fit_weights(const std::vector<Sample>& samples, const TuneConfig& cfg,
                    double* loss_before, double* loss_after) {
  std::vector<double> w(cfg.start.begin(), cfg.start.end());
  std::vector<double> m(w.size(), 0), v(w.size(), 0), g(w.size());
  if (loss_before) *loss_before = tuning_loss(samples, w);
  const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
  for (int epoch = 1; epoch <= cfg.epochs && !samples.empty(); ++epoch) {
    std::fill(g.begin(), g.end(), 0.0);
    for (const Sample& s : samples) {
      double e = 0;
      for (int i = 0; i < NUM_FEATURES; ++i) e += w[size_t(i)] * s.features[size_t(i)];
      const double p = sigmoid(e / 100);
      const double k = 2 * (p - s.result) * p * (1 - p) / 100;
      for (int i = 0; i < NUM_FEATURES; ++i) g[size_t(i)] += k * s.features[size_t(i)];
    }
    for (size_t i = 0; i < w.size(); ++i) {
      const double gi = g[i] / double(samples.size());
      m[i] = b1 * m[i] + (1 - b1) * gi;
      v[i] = b2 * v[i] + (1 - b2) * gi * gi;
      const double mh = m[i] / (1 - std::pow(b1, epoch)), vh = v[i] / (1 - std::pow(b2, epoch));
      w[i] -= cfg.learning_rate * mh / (std::sqrt(vh) + eps);
    }
  }
  if (loss_after) *loss_after = tuning_loss(samples, w);
  Weights out;
  for (size_t i = 0; i < w.size(); ++i) out[i] = int(std::lround(w[i]));
  return out;
}

std::string format_weights(const Weights& w) {
  std::string s = "{";
  for (int i = 0; i < NUM_FEATURES; ++i) s += (i ? ", " : " ") + std::to_string(w[size_t(i)]);
  return s + " }";
}

}  // namespace yinsh
