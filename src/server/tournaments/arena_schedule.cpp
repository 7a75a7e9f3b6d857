// Scheduled arenas (arena_schedule.h).
#include "server/tournaments/arena_schedule.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "core/notation.h"
#include "server/tournaments/swiss_event.h"

namespace yinsh::server {
namespace {

std::string clock_text(const ClockSpec& c) {
  char base[32];
  std::snprintf(base, sizeof base, "%g", double(c.base_ms) / 60000);  // minutes: 3, 0.5, 0.25
  return std::string(base) + "+" + std::to_string(c.inc_ms / 1000);
}

bool number(std::string_view s, double* out) {
  if (s.empty()) return false;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return ec == std::errc() && p == s.data() + s.size() && std::isfinite(*out);
}

// 00:00 UTC on the first of the month `months` after the one `ms` (since the epoch) is in.
int64_t month_start(int64_t ms, int months) {
  using namespace std::chrono;
  const year_month_day day{floor<days>(sys_time<milliseconds>(milliseconds(ms)))};
  const year_month_day first = year_month_day{day.year(), day.month(), std::chrono::day(1)} + std::chrono::months(months);
  return duration_cast<milliseconds>(sys_days(first).time_since_epoch()).count();
}

}  // namespace

std::string ArenaSchedule::name() const {
  const std::string when = monthly              ? "Monthly"
                           : every_min == 60    ? "Hourly"
                           : every_min == 1440  ? "Daily"
                           : every_min == 10080 ? "Weekly"
                                                : "Every " + std::to_string(every_min) + " min";
  const std::string blitz = variant == Variant::Blitz ? " blitz" : "";
  if (rounds > 0) return when + " " + clock_text(clock) + blitz + " Swiss (" + std::to_string(rounds) + " rounds)";
  return when + " " + clock_text(clock) + blitz + " arena";
}

std::string ArenaSchedule::key(int64_t slot) const {
  const std::string length = rounds > 0 ? "swiss" + std::to_string(rounds) : std::to_string(minutes);
  return (monthly ? std::string("monthly") : std::to_string(every_min)) + "/" + std::to_string(clock.base_ms) + "+" + std::to_string(clock.inc_ms) + "/" +
         length + "/" + std::string(to_string(variant)) + "@" + std::to_string(slot);
}

std::optional<ArenaSchedule> parse_arena_schedule(std::string_view text, std::string* why) {
  std::vector<std::string_view> parts;
  for (size_t at = 0;;) {
    const size_t slash = text.find('/', at);
    parts.push_back(text.substr(at, slash == std::string_view::npos ? std::string_view::npos : slash - at));
    if (slash == std::string_view::npos) break;
    at = slash + 1;
  }
  const auto fail = [&](std::string w) {
    *why = "arena schedule \"" + std::string(text.substr(0, 60)) + "\": " + w + " (EVERY/BASE+INC/MINUTES[/blitz], e.g. 60/3+2/55, or EVERY/BASE+INC/swissN[/blitz])";
    return std::nullopt;
  };
  if (parts.size() != 3 && parts.size() != 4) return fail("three or four parts separated by /");
  ArenaSchedule s;
  double every = 0, minutes = 0, base = 0, inc = 0;
  if (parts[0] == "monthly") {
    s.monthly = true;
    every = 28 * 1440;  // (the shortest month: MINUTES fits in any)
  } else if (!number(parts[0], &every) || every != std::floor(every) || every < 10 || every > 7 * 1440) {
    return fail("EVERY: whole minutes from 10 to 10080, or monthly");
  }
  const size_t plus = parts[1].find('+');
  if (plus == std::string_view::npos || !number(parts[1].substr(0, plus), &base) || !number(parts[1].substr(plus + 1), &inc) ||
      base < 0.25 || base > 60 || inc < 0 || inc > 60 || inc != std::floor(inc))
    return fail("BASE+INC: minutes from 0.25 to 60, then whole seconds from 0 to 60");
  double rounds = 0;
  if (parts[2].substr(0, 5) == "swiss") {
    if (!number(parts[2].substr(5), &rounds) || rounds != std::floor(rounds) || rounds < 2 || rounds > 20)
      return fail("swissN: N whole rounds from 2 to 20");
  } else if (!number(parts[2], &minutes) || minutes != std::floor(minutes) || minutes < 10 ||
             minutes > std::min(720.0, every)) {
    return fail("MINUTES: whole minutes from 10 to 720, no longer than EVERY");
  }
  if (parts.size() == 4) {
    if (parts[3] != "blitz") return fail("the fourth part, when given, is blitz");
    s.variant = Variant::Blitz;
  }
  s.every_min = s.monthly ? 0 : int(every);
  s.clock = ClockSpec{int64_t(std::llround(base * 60000)), int64_t(inc) * 1000};
  s.minutes = int(minutes);
  s.rounds = int(rounds);
  return s;
}

std::vector<int64_t> arena_slots(const ArenaSchedule& s, int64_t now) {
  const int64_t every = int64_t(s.every_min) * 60000;
  const int64_t slot = s.monthly ? month_start(now, 0) : now / every * every;
  const int64_t next = s.monthly ? month_start(now, 1) : slot + every;
  std::vector<int64_t> out;
  const int64_t under_way = s.rounds > 0 ? kSwissStartGraceMs : int64_t(s.minutes) * 60000;
  if (now < slot + under_way) out.push_back(slot);
  out.push_back(next);
  return out;
}

}  // namespace yinsh::server
