// Tournaments the server makes from a configured schedule (docs/server.md "Arenas"):
// `--arena-schedule EVERY/BASE+INC/MINUTES[/blitz]`, e.g. "60/3+2/55", an arena of 3 minutes
// and 2 seconds a move every 60 minutes (from the top of the hour, UTC), 55 minutes long; with
// `swissN` for MINUTES, a Swiss event of N rounds ("10080/10+5/swiss7": a weekly 10+5 Swiss of
// 7 rounds). EVERY may be `monthly`: the first day of each month at 00:00 UTC
// ("monthly/1+0/60/blitz": a monthly blitz-variant arena). The event of each slot is made once on the whole site: its row carries the slot's
// key, which the database keeps unique, so every server may try. Plain data and parsing; the
// director makes them.
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
  bool monthly = false;  // instead: a slot begins on the first of each month, 00:00 UTC
  ClockSpec clock;
  int minutes = 55;    // how long each arena lasts (0 for a Swiss event)
  int rounds = 0;      // a Swiss event's rounds (0 for an arena)
  Variant variant = Variant::Normal;
  // "Hourly 3+2 arena", "Daily 5+3 blitz arena", "Weekly 10+5 Swiss (7 rounds)"
  std::string name() const;
  std::string key(int64_t slot) const;  // the slot's key ("60/3+2/55/normal@<slot ms>")
};

// Reads "EVERY/BASE+INC/MINUTES[/blitz]" or "EVERY/BASE+INC/swissN[/blitz]" (EVERY minutes or
// `monthly`; BASE minutes, may be fractional like 0.5; INC seconds; N rounds, 2 to 20);
// nullopt and `why` when it is not one.
std::optional<ArenaSchedule> parse_arena_schedule(std::string_view text, std::string* why);

// The slots whose event should exist at `now`: the one under way (an arena that has not ended;
// a Swiss event in its first 10 minutes, while it waits for players) and the next (listed as
// upcoming a whole period ahead).
std::vector<int64_t> arena_slots(const ArenaSchedule& s, int64_t now);

}  // namespace yinsh::server
