// `yinsh selfplay`: the engine plays itself at a small fixed budget from seeded, diversified
// openings and appends every searched placement/ring-move position, with its search score
// and the game's final result, to a training data file (format: search/selfplay_data.h).
#include <algorithm>
#include <cstdio>
#include <iostream>

#include "commands.h"
#include "core/movegen.h"
#include "options_flags.h"
#include "search/selfplay_data.h"

namespace yinsh::cli {

namespace {

struct SelfplayArgs {
  int games = 1000;
  int64_t nodes = 5000;
  int depth = 0;
  uint64_t seed = 1;
  int random_plies_min = 4, random_plies_max = 10;  // random placements per game
  int random_move_permille = 30;                    // chance of a random ring move
  std::string out;
  std::string linear_eval;  // annotate this data file instead of playing
};

// Writes the linear evaluation (side to move's point of view, default weights) of every
// record of `in` to `out`, one little-endian i16 each: the base a residual network corrects.
void annotate_linear(const std::string& in, const std::string& out) {
  std::vector<TrainingRecord> records;
  std::string error;
  if (!read_selfplay_file(in, records, &error)) {
    std::cerr << "error: " << error << "\n";
    std::exit(2);
  }
  std::vector<uint8_t> bytes;
  bytes.reserve(records.size() * 2);
  for (const TrainingRecord& r : records) {
    Position pos;
    if (!record_position(r, pos)) {
      std::cerr << "error: " << in << ": a record is not a legal position\n";
      std::exit(2);
    }
    const int v = std::max(-32000, std::min(32000, evaluate(pos, default_weights())));
    bytes.push_back(uint8_t(v & 0xff));
    bytes.push_back(uint8_t((v >> 8) & 0xff));
  }
  std::FILE* f = std::fopen(out.c_str(), "wb");
  if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size() || std::fclose(f) != 0) {
    std::cerr << "error: cannot write " << out << "\n";
    std::exit(2);
  }
  std::cout << "records " << records.size() << "\n";
}

// One game; returns its records with the result filled in.
std::vector<TrainingRecord> play_game(Engine& engine, const SelfplayArgs& a, uint64_t game) {
  Rng rng(a.seed * 0x9E3779B97F4A7C15ULL + game);
  engine.new_game();
  Position pos = Position::start();
  std::vector<StateInfo> states(512);
  std::vector<TrainingRecord> records;
  Limits limits;
  limits.nodes = uint64_t(a.nodes);
  limits.depth = a.depth;
  const int random_plies =
      a.random_plies_min + int(rng.below(uint32_t(a.random_plies_max - a.random_plies_min + 1)));
  for (int ply = 0; !pos.is_over() && ply < 511; ++ply) {
    Move m;
    const bool quiet = pos.step() == Step::Place || pos.step() == Step::Move;
    if (ply < random_plies) {
      m = random_decision(pos, rng);
    } else {
      const SearchResult r = engine.search(pos, limits);
      m = r.best;
      // Only positions actually searched (a single legal decision is answered unsearched).
      if (quiet && r.info.depth > 0) records.push_back(make_record(pos, r.info.score, ply));
      if (pos.step() == Step::Move && rng.below(1000) < uint32_t(a.random_move_permille))
        m = random_decision(pos, rng);
    }
    pos.do_move(m, states[size_t(ply)]);
  }
  const Result res = pos.result();
  const int8_t white = res == Result::WhiteWins ? 1 : res == Result::BlackWins ? -1 : 0;
  for (auto& r : records) r.result = white;
  return records;
}

}  // namespace

void add_selfplay_command(CLI::App& app) {
  auto a = std::make_shared<SelfplayArgs>();
  auto* cmd = app.add_subcommand("selfplay", "Play the engine against itself and write training data");
  cmd->add_option("--games,-n", a->games, "Games to play")->check(CLI::Range(1, 100000000));
  cmd->add_option("--nodes", a->nodes, "Nodes per search (0 = no node limit)")
      ->check(CLI::Range(int64_t(0), int64_t(1) << 40));
  cmd->add_option("--depth", a->depth, "Depth per search (0 = no depth limit)")->check(CLI::Range(0, 60));
  cmd->add_option("--opening-seed", a->seed, "Seed of the openings (game i uses this seed and i)");
  cmd->add_option("--random-plies-min", a->random_plies_min, "Fewest random placements opening a game")
      ->check(CLI::Range(0, 10));
  cmd->add_option("--random-plies-max", a->random_plies_max, "Most random placements opening a game")
      ->check(CLI::Range(0, 10));
  cmd->add_option("--random-moves", a->random_move_permille, "Random ring moves per thousand (variety)")
      ->check(CLI::Range(0, 1000));
  cmd->add_option("--out,-o", a->out, "Data file (appended to; created with its header if new)")->required();
  cmd->add_option("--linear-eval", a->linear_eval,
                  "Instead of playing: write the linear evaluation of every record of this data "
                  "file to --out (one little-endian i16 each; the trainer's --base)");
  auto flags = add_option_flags(*cmd);
  cmd->callback([a, flags] {
    if (!a->linear_eval.empty()) return annotate_linear(a->linear_eval, a->out);
    if (a->nodes == 0 && a->depth == 0) {
      std::cerr << "error: give --nodes or --depth (a budget per search)\n";
      std::exit(2);
    }
    if (a->random_plies_min > a->random_plies_max) {
      std::cerr << "error: --random-plies-min is above --random-plies-max\n";
      std::exit(2);
    }
    Engine engine;
    apply_option_flags(*flags, engine);
    SelfplayWriter writer;
    std::string error;
    if (!writer.open(a->out, &error)) {
      std::cerr << "error: " << error << "\n";
      std::exit(2);
    }
    uint64_t positions = 0;
    int results[3] = {0, 0, 0};
    for (int g = 0; g < a->games; ++g) {
      const auto records = play_game(engine, *a, uint64_t(g));
      if (!writer.append(records, &error)) {
        std::cerr << "error: " << error << "\n";
        std::exit(1);
      }
      positions += records.size();
      if (!records.empty()) ++results[records[0].result + 1];
      if ((g + 1) % 50 == 0 || g + 1 == a->games)
        std::cerr << "games " << g + 1 << " positions " << positions << " (white " << results[2]
                  << " draw " << results[1] << " black " << results[0] << ")\n";
    }
    std::cout << "games " << a->games << " positions " << positions << "\n";
  });
}

}  // namespace yinsh::cli
