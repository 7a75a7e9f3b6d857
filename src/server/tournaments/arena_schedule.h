// Arenas the server makes from a configured schedule (docs/tournaments.md "Scheduled arenas"):
// `--arena-schedule EVERY/BASE+INC/MINUTES[/blitz]`, e.g. "60/3+2/55", an arena of 3 minutes
// and 2 seconds a move every 60 minutes (from the top of the hour, UTC), 55 minutes long. The
// arena of each slot is made once on the whole site: its row carries the slot's key, which the
// database keeps unique, so every server may try. Plain data and parsing; the director makes them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/types.h"
#include "server/common/shapes.h"

namespace yinsh::server {

struct ArenaSchedule {
  int every_min = 60;  // a slot begins every that many minutes since the epoch (UTC)
  ClockSpec clock;
  int minutes = 55;    // how long each arena lasts
  Variant variant = Variant::Normal;
  std::string name() const;          // "Hourly 3+2 arena", "Daily 5+3 blitz arena"
  std::string key(int64_t slot) const;  // the slot's key ("60/3+2/55/normal@<slot ms>")
};

// Reads "EVERY/BASE+INC/MINUTES[/blitz]" (BASE minutes, may be fractional like 0.5; INC
// seconds); nullopt and `why` when it is not one.
std::optional<ArenaSchedule> parse_arena_schedule(std::string_view text, std::string* why);

// The slots whose arena should exist at `now`: the one under way (if it has not ended) and the
// next (listed as upcoming a whole period ahead).
std::vector<int64_t> arena_slots(const ArenaSchedule& s, int64_t now);

}  // namespace yinsh::server
