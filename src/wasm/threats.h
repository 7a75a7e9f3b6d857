// "Show threats" for the browser: the rows the opponent of the side to decide could make on
// its next turn, as if it moved now (the position as it stands, the opponent to move a ring).
// Rules from the core alone; the page only draws them (web/src/game/GameAssist.tsx).
#pragma once

#include <vector>

#include "core/position.h"

namespace yinsh::wasm {

struct Threat {
  Move row;               // the row removal it would allow (its two end markers)
  std::vector<Move> by;   // the opponent's ring moves that make it, generation order
};

// Rows the opponent of the side to decide could complete with one ring move, each once, in
// the order first made. Empty unless the side to decide is about to move a ring (the step is
// `move`): in the placement and removal steps no ring move of the opponent comes next.
std::vector<Threat> opponent_threats(const Position& pos);

}  // namespace yinsh::wasm
