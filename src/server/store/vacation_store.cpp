// Vacations in the database (vacation_store.h).
#include "server/store/vacation_store.h"

#include <algorithm>

namespace yinsh::server {
namespace {

constexpr int64_t kYearMs = 365 * kVacationDayMs;

// Read in the transaction of `q`: the vacation under way and the days left.
VacationState read_state(Sql& q, const std::string& account, int64_t now) {
  VacationState s;
  int64_t used_ms = 0;
  for (const auto& r : q.run("SELECT starts_at, ends_at FROM vacations WHERE account_id = ? AND starts_at > ?",
                             {account, now - kYearMs})) {
    const int64_t from = sql_int(r[0]), until = sql_int(r[1]);
    used_ms += until - from;
    if (from <= now && now < until) s.from = from, s.until = until;
  }
  // Days begun count whole: a vacation ended after 2 h took a day.
  const int64_t used_days = (used_ms + kVacationDayMs - 1) / kVacationDayMs;
  s.days_left = int(std::max<int64_t>(0, kVacationDaysPerYear - used_days));
  return s;
}

}  // namespace

VacationState vacation_state(Store& store, const std::string& account, int64_t now) {
  VacationState s;
  store.transact([&](Sql& q) { s = read_state(q, account, now); });
  return s;
}

std::optional<VacationState> begin_vacation(Store& store, const std::string& account, int days, int64_t now,
                                            std::string* why) {
  std::optional<VacationState> out;
  store.transact([&](Sql& q) {
    const VacationState s = read_state(q, account, now);
    if (s.until) return void(*why = "a vacation is under way");
    if (days > s.days_left)
      return void(*why = std::to_string(s.days_left) + " days of vacation are left this year");
    q.run("INSERT INTO vacations (account_id, starts_at, ends_at) VALUES (?, ?, ?)",
          {account, now, now + days * kVacationDayMs});
    out = read_state(q, account, now);
  });
  return out;
}

std::optional<int64_t> end_vacation(Store& store, const std::string& account, int64_t now) {
  std::optional<int64_t> from;
  store.transact([&](Sql& q) {
    const VacationState s = read_state(q, account, now);
    if (!s.from) return;
    q.run("UPDATE vacations SET ends_at = ? WHERE account_id = ? AND starts_at = ?", {now, account, *s.from});
    from = s.from;
  });
  return from;
}

std::vector<VacationSpan> recent_vacations(Sql& q, const std::string& account, int64_t now) {
  std::vector<VacationSpan> out;
  for (const auto& r : q.run("SELECT starts_at, ends_at FROM vacations WHERE account_id = ? AND starts_at >= ? AND "
                             "starts_at <= ? ORDER BY starts_at",
                             {account, now - kVacationDaysPerYear * kVacationDayMs, now}))
    out.push_back(VacationSpan{sql_int(r[0]), sql_int(r[1])});
  return out;
}

}  // namespace yinsh::server
