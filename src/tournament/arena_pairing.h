// Arena pairing: the players waiting for a game, paired at once, each with someone near them
// in the standings, never with the opponent of their last game when another is free
// (docs/tournaments.md). Aims, each past the sum of the lower ones: as many games as pairs
// of waiting players; no immediate rematch (none at all for a player who may not have one); the closest places in the standings (the sum of
// the squared differences of places as small as it can be). Colours: the player with more
// games as Black (then the one whose last game was as Black) gets White.
//
// Standard library only (and matching.h).
#pragma once

#include <span>
#include <vector>

#include "tournament/swiss.h"

namespace yinsh::tournament {

struct ArenaWaiting {
  int id = 0;
  int place = 0;            // 0: first in the standings
  int last_opponent = -1;   // id, -1 for none
  int colour_balance = 0;   // games as White - games as Black
  Colour last_colour = Colour::None;
  // Whether this player may meet their last opponent again in this wave (when nobody else is
  // free): false leaves that pair out, so the two wait for someone else (arena_standings.h).
  bool may_rematch = true;
};

struct ArenaPairing {
  std::vector<SwissPair> pairs;  // best placed pair first
  std::vector<int> waiting;      // the id left for the next pairing when their number is odd
};

// Blocks: O(n^3) for n waiting players.
ArenaPairing pair_arena(std::span<const ArenaWaiting> waiting);

}  // namespace yinsh::tournament
