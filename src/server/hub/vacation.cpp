// Vacations (docs/api.md "Vacation"): an account pauses the clocks of all its correspondence
// games for a number of days, at most kVacationDaysPerYear a year (vacation_store.h). The
// vacation is a row of the store; each game in play gets an ev::Vacation, so that its clocks,
// its stored deadline (the sweep's key) and every view follow from its own log, on any server.
// A game begun during the vacation is not paused (the player chose to begin it); a server that
// stops between the row and the games' events leaves those games unpaused (the row stands, and
// the next begin or end is refused or accepted by the row alone).
#include "server/hub/room.h"
#include "server/store/ongoing_games.h"
#include "server/store/vacation_store.h"

namespace yinsh::server {

namespace {

HttpReply state_reply(const VacationState& s) {
  const json v = s.from ? json{{"from", *s.from}, {"until", *s.until}} : json();
  return {200, {{"vacation", v}, {"days_left", s.days_left}, {"days_per_year", kVacationDaysPerYear}}, {}};
}

}  // namespace

void Hub::Impl::apply_vacation(const std::string& account, int64_t from, int64_t until) {
  std::vector<OngoingGame> games;
  store.transact([&](Sql& q) { games = ongoing_games(q, account, 500); });
  for (const OngoingGame& g : games) {
    if (g.summary.status != Status::Active || !is_correspondence(g.summary.clock)) continue;
    with_caught_up_room(*this, g.summary.id, [seat = g.color, from, until](std::shared_ptr<Room> r, const ApiError*) {
      if (!r) return;  // gone meanwhile: nothing to pause
      r->run([r, seat, from, until] { return r->game.vacation(seat, from, until, r->hub.now()); });
    });
  }
}

void Hub::vacation(const Identity& who, const std::string& method, std::string_view body, Done done) {
  if (who.guest()) return done(http_error(401, "not_logged_in", "a vacation is an account's: log in"));
  int days = 0;
  if (method == "POST") {
    const json j = json::parse(body, nullptr, false);
    if (!j.is_object() || !j.contains("days") || !j["days"].is_number_integer() || j["days"].get<int64_t>() < 1 ||
        j["days"].get<int64_t>() > kVacationDaysPerYear)
      return done(http_error(400, "bad_request",
                             "the body must be {\"days\": N}, N from 1 to " + std::to_string(kVacationDaysPerYear)));
    days = j["days"].get<int>();
  } else if (method != "GET" && method != "DELETE") {
    return done(http_error(405, "method_not_allowed", "a vacation takes GET, POST and DELETE"));
  }
  Impl* impl = impl_.get();
  const int64_t now = impl->now();
  impl->on_store([impl, account = who.account, method, days, now, done] {
    try {
      if (method == "GET") return done(state_reply(vacation_state(impl->store, account, now)));
      if (method == "POST") {
        std::string why;
        const auto s = begin_vacation(impl->store, account, days, now, &why);
        if (!s) return done(http_error(409, "vacation_refused", why));
        impl->apply_vacation(account, *s->from, *s->until);
        return done(state_reply(*s));
      }
      const auto from = end_vacation(impl->store, account, now);
      if (!from) return done(http_error(409, "no_vacation", "no vacation is under way"));
      impl->apply_vacation(account, *from, now);
      done(state_reply(vacation_state(impl->store, account, now)));
    } catch (const std::exception& e) {
      impl->health.failed(StoreHealth::Op::Write, "a vacation", e.what());
      done(http_error(503, "store_unavailable", StoreHealth::kClientMessage));
    }
  });
}

}  // namespace yinsh::server
