#include "timeman.h"

#include <algorithm>

namespace yinsh {

int estimate_decisions_left(const Position& pos) {
  // Each ring move puts a marker on the board; a game rarely lasts until the pool is empty,
  // so assume about two thirds of the remaining pool is used, half of it by each side.
  const int pool = pos.markers_in_pool();
  const int placements = pos.step() == Step::Place ? (10 - pos.rings().count()) / 2 : 0;
  return std::max(8, placements + pool / 3 + 4);
}

TimeBudget plan_time(const Limits& limits, Color us, int64_t overhead, int decisions_left) {
  TimeBudget b;
  if (limits.infinite) return b;
  if (limits.movetime > 0) {
    const int64_t t = std::max<int64_t>(1, limits.movetime - overhead);
    b.soft_ms = b.hard_ms = t;
  }
  if (limits.time[us] >= 0) {
    const int64_t left = limits.time[us], inc = limits.inc[us];
    // A time control every N decisions: the clock only has to last until the next one.
    if (limits.movestogo > 0) decisions_left = std::min(decisions_left, limits.movestogo);
    // Never plan to use more than what is on the clock minus the overhead, and keep a
    // reserve: at most a fifth of the clock on one decision.
    const int64_t usable = std::max<int64_t>(1, left - overhead);
    const int64_t target = usable / std::max(1, decisions_left) + inc * 3 / 4;
    const int64_t hard = std::max<int64_t>(1, std::min(usable / 5 + inc / 2, target * 4));
    const int64_t soft = std::max<int64_t>(1, std::min(target, hard));
    b.soft_ms = b.soft_ms < 0 ? soft : std::min(b.soft_ms, soft);
    b.hard_ms = b.hard_ms < 0 ? hard : std::min(b.hard_ms, hard);
  }
  return b;
}

}  // namespace yinsh
