// Vacations in the database (migration 10, table vacations): each vacation an account took,
// [starts_at, ends_at) in ms since the epoch; ending one early moves its end. The allowance
// (docs/api.md "Vacation"): at most kVacationDaysPerYear days of vacations begun in the last
// 365 days. Blocking, through Store::transact, like every store call (the hub calls them on its
// store pool).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/store/store.h"

namespace yinsh::server {

inline constexpr int kVacationDaysPerYear = 30;
inline constexpr int64_t kVacationDayMs = 24LL * 3600 * 1000;

struct VacationState {
  std::optional<int64_t> from, until;  // the vacation under way at `now` (none: nullopt)
  int days_left = kVacationDaysPerYear;  // whole days that may still be taken this year
};

VacationState vacation_state(Store& store, const std::string& account, int64_t now);

// Begins a vacation of `days` days at `now`: the state after it, or nullopt when it may not
// (one is under way, or the year's days do not suffice; `why` says which).
std::optional<VacationState> begin_vacation(Store& store, const std::string& account, int days, int64_t now,
                                            std::string* why);

// Ends the vacation under way at `now`: when it began (nullopt: none was under way).
std::optional<int64_t> end_vacation(Store& store, const std::string& account, int64_t now);

// A vacation as its row has it: [from, until).
struct VacationSpan {
  int64_t from = 0, until = 0;
};

// The vacations the account began at most kVacationDaysPerYear days before `now` (under way, or
// over and perhaps ended early; an older one is over in every game), oldest first, read in the
// transaction of `q`. What a game follows (the hub's vacation.cpp): the rows, not the events
// the games were given when each began, so a game begun during one, or one a stopped server
// did not reach, is paused from the row; and a vacation ended then followed by another before
// the game heard of the end is ended in the game before the next begins.
std::vector<VacationSpan> recent_vacations(Sql& q, const std::string& account, int64_t now);

}  // namespace yinsh::server
