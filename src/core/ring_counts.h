// The number of destinations of each ring of one colour: what random_move and count_moves
// need, without listing the moves.
//
// Each ring has three lines (lines.h); its destinations are the sum of line_moves() over them,
// fifteen small computations for five rings. On x86-64 CPUs with AVX-512 F and CD and BMI2
// (detected at run time, so any x86-64 build, the package included, uses them where they
// exist) all fifteen run at once, one 32-bit lane per (ring, line); otherwise (and always in
// the _scalar functions, the reference the tests compare with) one after the other. Both
// give exactly ring_move_count()'s numbers and draw the same decisions.
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
Move random_ring_move_scalar(const Position& pos, Rng& rng);

// True when ring_move_counts uses the vector path (this build on this CPU).
bool ring_move_counts_vectorised();

}  // namespace yinsh
