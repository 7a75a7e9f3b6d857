#include "signature.h"

#include <atomic>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "search/search.h"

namespace yinsh {

namespace {

// Placement, early and late middle game positions, and two with rows about to be made.
const std::vector<std::vector<std::string>>& signature_positions() {
  static const std::vector<std::vector<std::string>> positions = {
      {},
      {"e5", "f6", "d4", "g7", "c5"},
      {"c7", "i9", "b5", "e6", "c6", "i11", "h5", "h9", "g5", "e10", "c6-b6", "i9-g7", "b5-a5",
       "g7-j7", "g5-g3", "e10-b7", "h5-j5", "h9-h10", "g3-b3", "j7-j11", "b3-f3", "i11-h11",
       "c7-c5", "e6-i10", "a5-a3"},
      {"b4", "c2", "c1", "g2", "d6", "f6", "e8", "k9", "e3", "b1", "e8-k8", "c2-k10", "e3-j8",
       "k10-d3", "d6-d7", "g2-h3", "j8-i8", "k9-j9", "d7-g7", "f6-f3", "g7-h8", "h3-h6", "i8-f5",
       "f3-h5", "b4-b2"},
      {"e2", "j5", "i6", "c6", "g2", "k7", "h7", "j9", "b5", "a3", "h7-h4", "c6-g6", "i6-k8",
       "g6-g3", "e2-e4", "j9-i8", "e4-e9", "i8-i10", "k8-k9", "i10-g10", "e9-g9", "g3-e1",
       "h4-h5", "a3-e3", "g2-d2"},
  };
  return positions;
}

}  // namespace

SignatureResult search_signature(int depth, std::shared_ptr<const nnue::Network> net) {
  SignatureResult out;
  std::atomic<bool> stop{false};
  SearchConfig config;
  config.threads = 1;
  config.hash_mb = 16;
  config.net = std::move(net);
  Searcher searcher(config);
  auto run = [&](const Position& pos) {
    searcher.clear();
    Limits limits;
    limits.depth = depth;
    out.nodes += searcher.run(pos, limits, stop, {}).info.nodes;
    ++out.positions;
  };
  for (const auto& moves : signature_positions()) {
    auto pos = start_position("", false, moves, nullptr);
    if (pos) run(*pos);
  }
  // Two later positions from seeded random games (Rng is fully specified, so they are fixed).
  for (uint64_t seed : {11, 12}) {
    Rng rng(seed);
    Game game;
    for (int ply = 0; ply < 50 && !game.position().is_over(); ++ply)
      game.play(random_decision(game.position(), rng));
    if (!game.position().is_over()) run(game.position());
  }
  return out;
}

}  // namespace yinsh
