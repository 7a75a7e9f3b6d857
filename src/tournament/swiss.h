// Swiss pairing: every player of a round paired, by the Dutch system's aims, in this order of
// priority (docs/tournaments.md):
//   1. as many games as there are pairs of players (one bye when their number is odd);
//   2. no rematch, and no second bye, whenever the field allows it;
//   3. no colour given that a player had the two rounds before, and no colour imbalance of 3;
//   4. the closest scores (the sum of the squared score differences of the pairs as small
//      as it can be);
//   5. as few players as possible against their preferred colour;
//   6. within a score group, the top half against the bottom half (1 against k/2+1).
// Each aim is a weight on the possible pairs, each scaled past the sum of all lower ones, and
// one maximum-weight matching (matching.h) takes them all at once: no greedy pass that a
// late score group could find impossible.
//
// Standard library only (and matching.h).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace yinsh::tournament {

enum class Colour : int8_t { Black = -1, None = 0, White = 1 };

struct SwissPlayer {
  int id = 0;
  int score2 = 0;  // points x 2 (a win 2, a draw 1, the bye 2)
  int rating = 0;  // orders the players of a score group
  std::vector<int> opponents;   // ids of everyone met, byes excluded
  std::vector<Colour> colours;  // one a round played, None for a bye or a round not played
  bool had_bye = false;
};

struct SwissPair {
  int white = 0, black = 0;  // ids
};

struct SwissRound {
  std::vector<SwissPair> pairs;  // strongest pair first (by the higher score, then rating)
  std::optional<int> bye;        // the id that sits out, scoring a win
  int rematches = 0;             // pairs who met before (0 unless the field forces it)
};

// Pairs the players given (the withdrawn left out by the caller). Deterministic: the same
// players in any order give the same round. Blocks: O(n^3) for n players.
SwissRound pair_swiss(std::span<const SwissPlayer> players);

// The colour `p` should get next, and how strongly (0 none, 1 mild: alternate, 2 strong:
// balance, 3 absolute: never the same colour three times or an imbalance past 2).
struct ColourWish {
  Colour colour = Colour::None;
  int strength = 0;
};
ColourWish colour_wish(const SwissPlayer& p);

}  // namespace yinsh::tournament
