// `yinsh puzzles`: reads the positions of the engine's own self-play games (a `yinsh selfplay`
// data file, search/selfplay_data.h), keeps the ring-move positions where one line wins a ring
// (or saves one) and the second best does not, verified at depth (puzzle_finder.h), and writes
// them as one JSON file for the browser's puzzle trainer (format: docs/web.md).
#include <chrono>
#include <cstdio>
#include <iostream>
#include <unordered_set>

#include "commands.h"
#include "options_flags.h"
#include "puzzle_finder.h"
#include "search/selfplay_data.h"

namespace yinsh::cli {

namespace {

struct PuzzlesArgs {
  std::string from, out;
  int count = 300;
  int per_game = 2;
  int64_t positions = 0;  // records examined at most; 0 = all
  int64_t skip = 0;       // records skipped at the start of the file
  PuzzleCriteria criteria;
};

[[noreturn]] void fail(const std::string& message) {
  std::cerr << "error: " << message << "\n";
  std::exit(2);
}

// Writes `text` to `path` through a temporary file, so a failure leaves no half file.
void write_file(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) fail("cannot write " + path);
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  if (std::fclose(f) != 0 || !ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    fail("cannot write " + path);
  }
}

void run(const PuzzlesArgs& a, const OptionFlags& flags) {
  std::vector<TrainingRecord> records;
  std::string error;
  if (!read_selfplay_file(a.from, records, &error)) fail(error);
  Engine engine;
  apply_option_flags(flags, engine);
  if (!engine.set_option("MultiPV", "2", &error)) fail(error);
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::string> found;
  std::unordered_set<uint64_t> seen;
  int in_game = 0, wins = 0, saves = 0;
  int64_t examined = 0;
  for (size_t i = size_t(std::max<int64_t>(a.skip, 0)); i < records.size(); ++i) {
    if (int(found.size()) >= a.count || (a.positions && examined >= a.positions)) break;
    // Records are written game after game; the decision number falls at a new game.
    if (i == 0 || records[i].ply <= records[i - 1].ply) in_game = 0, engine.new_game();
    Position pos;
    if (!record_position(records[i], pos)) fail(a.from + ": record " + std::to_string(i) + " is not a legal position");
    if (pos.step() != Step::Move || in_game >= a.per_game || !seen.insert(pos.key()).second) continue;
    ++examined;
    Puzzle p;
    if (!find_puzzle(engine, pos, a.criteria, p)) continue;
    ++in_game;
    (p.goal == PuzzleGoal::Win ? wins : saves)++;
    char id[16];
    std::snprintf(id, sizeof id, "p%04zu", found.size() + 1);
    found.push_back(puzzle_json(p, id));
    if (found.size() % 25 == 0)
      std::cerr << "puzzles " << found.size() << " of " << examined << " positions examined\n";
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::string text = "{\"format\":\"yinsh-puzzles\",\"version\":1,\"depth\":" + std::to_string(a.criteria.depth) +
                     ",\"min_gap\":" + std::to_string(a.criteria.min_gap) + ",\"puzzles\":[\n";
  for (size_t i = 0; i < found.size(); ++i) text += found[i] + (i + 1 < found.size() ? ",\n" : "\n");
  text += "]}\n";
  write_file(a.out, text);
  std::cout << "puzzles " << found.size() << " (win " << wins << ", save " << saves << ") from " << examined
            << " positions in " << int(s) << " s\n";
}

}  // namespace

void add_puzzles_command(CLI::App& app) {
  auto a = std::make_shared<PuzzlesArgs>();
  auto* cmd = app.add_subcommand("puzzles", "Find puzzles (win or save a ring) in self-play positions");
  cmd->add_option("--from", a->from, "Self-play data file (yinsh selfplay -o FILE)")->required();
  cmd->add_option("--out,-o", a->out, "JSON file to write (replaced)")->required();
  cmd->add_option("--count,-n", a->count, "Stop after this many puzzles")->check(CLI::Range(1, 100000));
  cmd->add_option("--per-game", a->per_game, "Puzzles kept from one game at most")->check(CLI::Range(1, 1000));
  cmd->add_option("--positions", a->positions, "Ring-move positions examined at most (0 = all)")
      ->check(CLI::Range(int64_t(0), int64_t(1) << 40));
  cmd->add_option("--skip", a->skip, "Records skipped at the start of the file")
      ->check(CLI::Range(int64_t(0), int64_t(1) << 40));
  cmd->add_option("--depth", a->criteria.depth, "Plies searched to verify a puzzle")->check(CLI::Range(1, 30));
  cmd->add_option("--min-gap", a->criteria.min_gap,
                  "Centi-rings the best line must lead the second best by")
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--quick-depth", a->criteria.quick_depth,
                  "Depth of a first look that drops positions with less than half the gap (0 = none)")
      ->check(CLI::Range(0, 30));
  cmd->add_option("--min-markers", a->criteria.min_markers, "Positions with fewer markers are skipped")
      ->check(CLI::Range(0, 51));
  auto flags = add_option_flags(*cmd);
  cmd->callback([a, flags] { run(*a, *flags); });
}

}  // namespace yinsh::cli
