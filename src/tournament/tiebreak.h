// Swiss standings: points, then Buchholz, then Sonneborn-Berger, then rating
// (docs/tournaments.md). Computed from the results alone, so standings can always be
// recomputed from the stored games.
//
// Standard library only.
#pragma once

#include <span>
#include <vector>

#include "tournament/arena.h"

namespace yinsh::tournament {

// One round's result for one player. opponent -1: a bye (a win, for no opponent) or a round
// not played (a loss: Outcome::Loss with opponent -1).
struct SwissResult {
  int player = 0;
  int opponent = -1;
  Outcome outcome = Outcome::Loss;
};

struct SwissStanding {
  int id = 0;
  int score2 = 0;       // points x 2
  int buchholz2 = 0;    // the sum of the opponents' points x 2 (byes and unplayed rounds: none)
  int sonneborn4 = 0;   // the sum of beaten opponents' points + half of drawn ones', x 4
  int rating = 0;
};

// One standing a player in `ratings` (id, rating pairs), best first.
std::vector<SwissStanding> swiss_standings(std::span<const SwissResult> results,
                                           std::span<const std::pair<int, int>> ratings);

}  // namespace yinsh::tournament
