// yinsh replay FILE: step through a record in the terminal. Interactive on a terminal
// (Enter: next decision, b: back, t N / p N: go to turn / decision, q: quit); otherwise, or
// with --ply/--turn, prints the decisions and the board where asked.
#include <unistd.h>

#include <iostream>

#include "commands.h"
#include "core/diagram.h"
#include "core/notation.h"
#include "records/archive.h"

namespace yinsh::cli {

namespace {

const char* side_name(Color c) { return c == WHITE ? "White" : "Black"; }

Bitboard points_of(Move m) {
  Bitboard b;
  if (m.kind() == Move::Pass || m.is_none()) return b;
  b |= Bitboard::of(m.from());
  b |= Bitboard::of(m.to());
  return b;
}

void show(const GameRecord& r, const std::vector<int>& turns, size_t ply, bool color) {
  Game game(r.start);
  for (size_t i = 0; i < ply; ++i) game.play(r.moves[i]);
  DiagramStyle style;
  style.color = color;
  if (ply > 0) {
    style.last = points_of(r.moves[ply - 1]);
    std::cout << "decision " << ply << "/" << r.moves.size() << ": " << turns[ply - 1] << "."
              << to_string(r.moves[ply - 1]) << " (" << side_name(game.mover(ply - 1)) << ")\n";
  } else {
    std::cout << "start (decision 0/" << r.moves.size() << ")\n";
  }
  std::cout << diagram(game.position(), style) << "\n" << to_text(game.position()) << "\n";
  if (game.position().is_over()) std::cout << "game over: " << to_string(game.position().result()) << "\n";
}

// The number of decisions played once turn `t` is complete.
size_t ply_after_turn(const std::vector<int>& turns, int t) {
  size_t ply = 0;
  while (ply < turns.size() && turns[ply] <= t) ++ply;
  return ply;
}

}  // namespace

void add_replay_command(CLI::App& app) {
  struct Args {
    std::string file;
    int ply = -1, turn = -1;
    bool all = false, color = false, batch = false;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("replay", "Step through a game record (SGF or notation) in the terminal");
  cmd->add_option("file", args->file, "The record file")->required();
  cmd->add_option("--ply", args->ply, "Show the position after this many decisions")->check(CLI::NonNegativeNumber);
  cmd->add_option("--turn", args->turn, "Show the position after this turn (its number in the notation)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--all", args->all, "Print the board after every decision");
  cmd->add_flag("--batch", args->batch, "Never ask: print the game and its final position");
  cmd->add_flag("--color", args->color, "ANSI colours");
  cmd->callback([args] {
    std::string error;
    const auto r = load_record_file(args->file, &error);
    if (!r) {
      std::cerr << "error: " << error << "\n";
      std::exit(2);
    }
    for (const auto& [k, v] : r->tags) std::cout << "[" << k << " \"" << v << "\"]\n";
    const auto turns = turn_numbers(r->start, r->moves);
    if (args->ply >= 0 || args->turn >= 0) {
      size_t ply = args->ply >= 0 ? size_t(args->ply) : ply_after_turn(turns, args->turn);
      if (ply > r->moves.size()) {
        std::cerr << "error: the record has " << r->moves.size() << " decisions, not " << ply << "\n";
        std::exit(2);
      }
      show(*r, turns, ply, args->color);
      return;
    }
    const bool interactive = !args->batch && !args->all && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    if (!interactive) {
      std::cout << format_moves(r->start, r->moves) << "\n\n";
      if (args->all)
        for (size_t p = 0; p <= r->moves.size(); ++p) show(*r, turns, p, args->color), std::cout << "\n";
      else
        show(*r, turns, r->moves.size(), args->color);
      std::cout << "result: " << (r->tag("Result").empty() ? "*" : r->tag("Result"));
      if (!r->tag("Termination").empty()) std::cout << " (" << r->tag("Termination") << ")";
      std::cout << "\n";
      return;
    }
    size_t ply = 0;
    std::string line;
    while (true) {
      show(*r, turns, ply, true);
      std::cout << "[Enter] next  [b] back  [t N] turn  [p N] decision  [e] end  [q] quit > " << std::flush;
      if (!std::getline(std::cin, line) || line == "q") break;
      if (line.empty() || line == "n") ply = std::min(ply + 1, r->moves.size());
      else if (line == "b") ply = ply ? ply - 1 : 0;
      else if (line == "e") ply = r->moves.size();
      else if (line.size() > 2 && (line[0] == 't' || line[0] == 'p') && line[1] == ' ') {
        try {
          const int n = std::stoi(line.substr(2));
          if (n >= 0) ply = std::min(line[0] == 't' ? ply_after_turn(turns, n) : size_t(n), r->moves.size());
        } catch (...) {
          std::cout << "not a number\n";
        }
      }
    }
  });
}

}  // namespace yinsh::cli
