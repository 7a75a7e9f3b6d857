// Time management: turns the `go` limits into a soft budget (do not start another
// iteration after it) and a hard budget (abort the search), both in milliseconds from the
// start of the search. With wtime/btime the hard budget always leaves the move overhead and
// a share of the clock in reserve, so the engine never loses on time.
#pragma once

#include <cstdint>

#include "search.h"

namespace yinsh {

struct TimeBudget {
  int64_t soft_ms = -1;  // -1: no limit
  int64_t hard_ms = -1;
};

// `decisions_left` is an estimate of this side's remaining decisions in the game; with
// `movestogo` the clock only has to last that many decisions, if fewer.
TimeBudget plan_time(const Limits& limits, Color us, int64_t move_overhead_ms, int decisions_left);

// A rough estimate of the side to move's remaining decisions (ring moves dominate).
int estimate_decisions_left(const Position& pos);

}  // namespace yinsh
