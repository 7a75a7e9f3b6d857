// Perft: the number of leaf decisions at a given depth; the correctness test of movegen.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "position.h"

namespace yinsh {

// Leaves at `depth` plies (the last ply is counted, not played). perft(pos, 0) == 1.
uint64_t perft(Position& pos, int depth);

// perft(depth - 1) below each legal decision, in generation order.
std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace yinsh
