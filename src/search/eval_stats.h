// What the linear evaluation's features (eval.h) are made of, per side: counts over the
// side's rings and over the five-windows. eval.cpp computes them with 128-bit words
// (fill.h); eval_avx2.cpp and eval_avx512.cpp compute both sides at once, one side per
// 128-bit half of a 256-bit register, on x86-64 CPUs that have them. All give exactly the same
// counts.
#pragma once

#include "core/cpu_dispatch.h"
#include "core/position.h"

namespace yinsh {

// What needs no pass over the board is left to eval.cpp, once for every form: stuck rings
// (the side's rings minus `movable`) and central (from the rings' points).
struct SideStats {
  int mobility = 0;   // ring destinations
  int movable = 0;    // rings with at least one
  int flippable = 0;  // opposing markers some ring can jump
  // Five-windows with 2, 3, 4 own markers and no opposing one; 4-windows holding one of the
  // side's movable rings (a row next turn). Zero while rings are placed.
  int w2 = 0, w3 = 0, w4 = 0, rownow = 0;
};

#if YINSH_X86_DISPATCH
// The side to move's and the opponent's statistics, with AVX2 and popcnt instructions: call
// only on a CPU that has both.
void side_stats_avx2(const Position& pos, SideStats& us, SideStats& them);
// The same with AVX-512 F, VL, BW, VBMI2 and BITALG (eval_avx512.cpp): call only on a CPU
// that has them all.
void side_stats_avx512(const Position& pos, SideStats& us, SideStats& them);
#endif

}  // namespace yinsh
