// Arena scoring: a player's points from the games they finished in the arena, in the order
// they finished (docs/tournaments.md says why each rule is there).
//
//   a win 2, a draw 1, a loss 0;
//   after two wins in a row the player is "on fire": each further game scores double
//   (a win 4, a draw 2) until a game that is not a win, which ends the streak;
//   berserk (half one's own clock, no increment) adds 1 to a win, if the berserker made at
//   least `min_decisions` decisions in that game;
//   a draw in a game of fewer than 2 x `min_decisions` decisions scores 0 (no points for a
//   quick agreed draw).
//
// Standard library only. Scores are derived from the games, never stored apart from them.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace yinsh::tournament {

enum class Outcome : uint8_t { Loss, Draw, Win };

// One finished game from one player's side.
struct ArenaGame {
  Outcome outcome = Outcome::Loss;
  bool berserk = false;    // this player berserked
  int own_decisions = 0;   // decisions this player made (placements, moves, removals)
  int game_decisions = 0;  // decisions both made
};

// How the game scored: what the standings show beside it.
enum class Flag : uint8_t {
  Normal,         // the base points
  StreakStarter,  // a second win in a row: the player is on fire from the next game
  Double,         // scored double (on fire)
  Null,           // a draw too short to score
};

struct ArenaMark {
  int points = 0;
  Flag flag = Flag::Normal;
  bool berserk_point = false;  // the berserk bonus was earned
};

struct ArenaRules {
  int min_decisions = 14;  // YINSH: the 10 placements and 2 ring moves each
};

struct ArenaSheet {
  std::vector<ArenaMark> marks;  // one a game, in the order given
  int points = 0;
  bool on_fire = false;  // the next game scores double
  int wins = 0, draws = 0, losses = 0, berserks = 0;
};

ArenaSheet score_arena(std::span<const ArenaGame> games, const ArenaRules& rules = {});

// A performance rating over the games played (the arena's tie-break): the mean of the
// opponents' ratings + 400 x (wins - losses) / games, as FIDE's linear approximation;
// 0 with no games.
int performance_rating(std::span<const int> opponent_ratings, int wins, int losses);

}  // namespace yinsh::tournament
