#include <chrono>
#include <iostream>

#include "commands.h"
#include "core/notation.h"
#include "core/perft.h"
#include "core/game.h"

namespace yinsh::cli {

void add_perft_command(CLI::App& app) {
  struct Args {
    int depth = 1;
    std::string position;
    std::vector<std::string> moves;
    bool divide = false, blitz = false;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("perft", "Count the leaf decisions at a depth (move-generation check)");
  cmd->add_option("depth", args->depth, "Plies to search")->required()->check(CLI::Range(0, 30));
  cmd->add_option("--position", args->position, "Start from this position text (SPEC section 5)");
  cmd->add_option("--moves", args->moves, "Decisions to play first, in the notation");
  cmd->add_flag("--blitz", args->blitz, "Start from the blitz start position");
  cmd->add_flag("--divide", args->divide, "Print the count below each legal decision");
  cmd->callback([args] {
    std::string error;
    auto pos = start_position(args->position, args->blitz, args->moves, &error);
    if (!pos) {
      std::cerr << "error: " << error << "\n";
      std::exit(2);
    }
    const auto t0 = std::chrono::steady_clock::now();
    uint64_t nodes = 0;
    if (args->divide) {
      for (auto& [m, n] : perft_divide(*pos, args->depth)) {
        std::cout << to_string(m) << " " << n << "\n";
        nodes += n;
      }
    } else {
      nodes = perft(*pos, args->depth);
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cout << "nodes " << nodes << "\n";
    std::cerr << "time " << int(s * 1000) << " ms, " << uint64_t(nodes / std::max(s, 1e-9))
              << " leaves/s\n";
  });
}

}  // namespace yinsh::cli
