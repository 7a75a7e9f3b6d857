// `yinsh tune`: Texel-style tuning of the evaluation weights from self-play (search/tune.h).
// Prints the fitted weights; with --write, rewrites src/search/weights.h with them and the
// exact command that produced them.
#include <fstream>
#include <iostream>

#include "commands.h"
#include "search/search.h"
#include "search/tune.h"
#include "search/winprob.h"

namespace yinsh::cli {

namespace {

// --fit-winprob: the logistic scale of win_permille() fitted on the self-play search scores
// and the games' outcomes, with a calibration table (predicted vs observed per score band).
void fit_winprob(const std::vector<Sample>& samples) {
  std::vector<ScoredOutcome> data;
  for (const Sample& s : samples)
    if (s.scored && std::abs(s.score) < SCORE_MATE_BOUND) data.push_back({s.score, s.result});
  const double scale = fit_win_scale(data);
  std::cout << "positions " << data.size() << "\n"
            << "fitted-scale " << scale << " log-loss " << win_log_loss(data, scale) << "\n"
            << "current-scale " << WIN_SCALE << " log-loss " << win_log_loss(data, WIN_SCALE) << "\n"
            << "band predicted(fitted) observed positions\n";
  const int edges[] = {-100000, -600, -300, -150, -50, 50, 150, 300, 600, 100000};
  for (size_t b = 0; b + 1 < std::size(edges); ++b) {
    double predicted = 0, observed = 0;
    int n = 0;
    for (const ScoredOutcome& o : data)
      if (o.score >= edges[b] && o.score < edges[b + 1])
        predicted += win_permille(o.score, scale) / 1000.0, observed += o.result, ++n;
    if (n)
      std::cout << "  [" << edges[b] << "," << edges[b + 1] << ") " << predicted / n << " "
                << observed / n << " " << n << "\n";
  }
}

}  // namespace

void add_tune_command(CLI::App& app) {
  auto cfg = std::make_shared<TuneConfig>();
  auto write = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand("tune", "Tune the evaluation weights from self-play (Texel-style)");
  cmd->add_option("--games", cfg->games, "Self-play games")->check(CLI::Range(1, 1000000));
  cmd->add_option("--depth", cfg->depth, "Self-play search depth")->check(CLI::Range(1, 8));
  cmd->add_option("--epochs", cfg->epochs, "Gradient steps")->check(CLI::Range(1, 1000000));
  cmd->add_option("--rate", cfg->learning_rate, "Learning rate (weight units per step)");
  cmd->add_option("--threads", cfg->threads, "Self-play games at once")->check(CLI::Range(1, 64));
  cmd->add_option("--seed", cfg->seed, "Seed of the self-play games");
  cmd->add_option("--write", *write, "Rewrite this weights.h with the result");
  auto winprob = std::make_shared<bool>(false);
  cmd->add_flag("--fit-winprob", *winprob,
                "Fit the win-probability scale on the self-play scores instead of the weights");
  cmd->add_option("--random-rate", cfg->random_move_rate, "Chance of a random ring move (variety)")
      ->check(CLI::Range(0.0, 1.0));
  auto start = std::make_shared<std::string>();
  cmd->add_option("--start", *start, "Weights to play with and start from ('a:b:...'; default the current ones)");
  cmd->callback([cfg, write, start, winprob, cmd] {
    if (!start->empty()) {
      auto w = parse_weights(*start);
      if (!w) {
        std::cerr << "error: --start takes " << NUM_FEATURES << " whole numbers separated by ':'\n";
        std::exit(2);
      }
      cfg->start = *w;
    }
    std::cerr << "self-play: " << cfg->games << " games at depth " << cfg->depth << "\n";
    const auto samples = selfplay_samples(*cfg, [&](int done) {
      if (done % 20 == 0 || done == cfg->games) std::cerr << "  games " << done << "\n";
    });
    if (*winprob) return fit_winprob(samples);
    std::cerr << "samples " << samples.size() << ", fitting " << cfg->epochs << " epochs\n";
    double before = 0, after = 0;
    const Weights w = fit_weights(samples, *cfg, &before, &after);
    std::cout << "loss " << before << " -> " << after << "\n";
    for (int i = 0; i < NUM_FEATURES; ++i)
      std::cout << "  " << feature_name(i) << " " << cfg->start[size_t(i)] << " -> " << w[size_t(i)] << "\n";
    std::cout << "weights " << format_weights(w) << "\n";
    if (!write->empty()) {
      std::ofstream out(*write);
      if (!out) {
        std::cerr << "error: cannot write " << *write << "\n";
        std::exit(2);
      }
      out << "// Tuned evaluation weights, in the order of `Feature` (eval.h).\n"
          << "// Produced by: yinsh tune --games " << cfg->games << " --depth " << cfg->depth
          << " --epochs " << cfg->epochs << " --rate " << cfg->learning_rate << " --seed "
          << cfg->seed << " --start " << weights_to_text(cfg->start) << "\n"
          << "// Loss (mean squared error of the expected score) " << before << " -> " << after
          << " on " << samples.size() << " positions.\n"
          << "#pragma once\n\n#define YINSH_TUNED_WEIGHTS \\\n  " << format_weights(w) << "\n";
    }
    (void)cmd;
  });
}

}  // namespace yinsh::cli
