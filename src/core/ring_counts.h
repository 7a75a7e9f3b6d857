// The number of destinations of each ring of one colour: what random_move and count_moves
// need, without listing the moves.
//
// Each ring has three lines (lines.h); its destinations are the sum of line_moves() over them,
// fifteen small computations for five rings. On x86-64 they run as 32-bit lanes
// (ring_lanes.h): in two registers with AVX-512 F, CD and BW (and BMI2), in three with AVX2. The
// path is chosen at start-up from the CPU, so any x86-64 build, the package included, uses
// what the machine has; elsewhere (WebAssembly) the lines are counted one after the other.
// Every path gives exactly ring_move_count()'s numbers and draws the same decisions.
#pragma once

#include <cstdint>

#include "movegen.h"

namespace yinsh {

// Avx2 and Avx2Bmi2 count alike; Avx2Bmi2 finds a random move's destination with pdep, chosen
// where pdep is fast (not on AMD Zen 1 and 2).
enum class RingLanes : uint8_t { Scalar, Avx2, Avx2Bmi2, Avx512 };
inline constexpr RingLanes ALL_RING_LANES[] = {RingLanes::Scalar, RingLanes::Avx2, RingLanes::Avx2Bmi2,
                                               RingLanes::Avx512};

// The path this build uses on this CPU; whether a path can run here (Scalar always can).
RingLanes ring_lanes_path();
bool ring_lanes_supported(RingLanes path);
const char* to_string(RingLanes path);

// Rings of colour c in increasing point order: from[0..n), their destination counts count[i];
// returns n. Arrays hold RINGS_PER_SIDE entries.
int ring_move_counts(const Position& pos, Color c, Point* from, int* count);

// random_move for the ring-move step: the k-th ring move of generate()'s order with
// k = rng.below(number of ring moves), or a pass when there is none. The vector paths read the
// chosen ring's destinations from its lanes' line masks instead of scanning six rays.
Move random_ring_move(const Position& pos, Rng& rng);

// The same on a given path (for tests and benchmarks); a path the CPU lacks runs as Scalar.
int ring_move_counts_on(RingLanes path, const Position& pos, Color c, Point* from, int* count);
Move random_ring_move_on(RingLanes path, const Position& pos, Rng& rng);

}  // namespace yinsh
