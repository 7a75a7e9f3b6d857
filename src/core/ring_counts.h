// The number of destinations of each ring of one colour: what random_move and count_moves
// need, without listing the moves.
//
// Each ring has three lines (lines.h); its destinations are the sum of line_moves() over them,
// fifteen small computations for five rings. With AVX-512 F and CD and BMI2 (when the build
// targets a CPU that has them) all fifteen run at once, one 32-bit lane per
// (ring, line); otherwise (and always in ring_move_counts_scalar, the reference the tests
// compare with) one after the other. Both give exactly ring_move_count()'s numbers.
#pragma once

#include "movegen.h"

namespace yinsh {

// Rings of colour c in increasing point order: from[0..n), their destination counts count[i];
// returns n. Arrays hold RINGS_PER_SIDE entries.
int ring_move_counts(const Position& pos, Color c, Point* from, int* count);
int ring_move_counts_scalar(const Position& pos, Color c, Point* from, int* count);

// random_move for the ring-move step: the k-th ring move of generate()'s order with
// k = rng.below(number of ring moves), or a pass when there is none. The vector path reads the
// chosen ring's destinations from its lanes' line masks instead of scanning six rays.
Move random_ring_move(const Position& pos, Rng& rng);

// True when ring_move_counts uses the vector path in this build.
bool ring_move_counts_vectorised();

}  // namespace yinsh
