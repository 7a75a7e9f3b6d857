// An arena's standings and its next pairing wave, computed from what the store holds (the
// entrants and the arena's games, tournament_store.h) by the rules of src/tournament: nothing
// is kept apart from the games, so any server computes the same standings at any time, and a
// restart loses no point. No threads, no I/O.
//
// What counts: every game of the arena that ended with a result (an aborted game does not),
// in the order the games ended. A player's own decisions (berserk's minimum) are counted as
// half the game's, White's rounded up.
#pragma once

#include <string>
#include <vector>

#include "server/tournaments/tournament_store.h"
#include "tournament/arena.h"
#include "tournament/arena_pairing.h"

namespace yinsh::server {

struct ArenaSheetEntry {
  std::string game;
  tournament::ArenaMark mark;
  bool berserk = false;
};

struct ArenaStanding {
  int rank = 0;  // 1: first
  std::string account, name;
  int points = 0, performance = 0, games = 0, wins = 0, draws = 0, losses = 0;
  bool on_fire = false, active = true;
  std::string playing;  // the arena game they are in now ("" when free)
  std::vector<ArenaSheetEntry> sheet;
};

// Best first: points, then performance rating, then who joined first.
std::vector<ArenaStanding> arena_standings(const ArenaData& arena, const tournament::ArenaRules& rules = {});

struct ArenaPair {
  const ArenaEntrant* white = nullptr;
  const ArenaEntrant* black = nullptr;
};
// Two players who just met wait this long (from the end of their game) for someone else to be
// free, while another player of the arena is in a game, before they are paired again.
constexpr int64_t kArenaRematchWaitMs = 20000;

// The pairs to make at `now`: the active entrants who are in no unfinished game of the arena,
// paired with pair_arena (near in the standings, no immediate rematch when someone else is
// free, nor while someone else may soon be: see kArenaRematchWaitMs). Pointers into
// `arena.entrants`.
std::vector<ArenaPair> arena_wave(const ArenaData& arena, const std::vector<ArenaStanding>& standings, int64_t now);

}  // namespace yinsh::server
