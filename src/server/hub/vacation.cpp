// Vacations (docs/api.md "Vacation"): an account pauses the clocks of all its correspondence
// games for a number of days, at most kVacationDaysPerYear a year (vacation_store.h). The
// vacation is a row of the store, and each game follows the rows (Room::follow_vacations): it
// gets an ev::Vacation, so that its clocks, its stored deadline (the sweep's key) and every view
// follow from its own log, on any server. A game reads the rows of its accounts when the
// vacation begins or ends, when it starts or its room is loaded (so a game begun during a
// vacation is paused, and so is one a server stopped before reaching: at the restart every
// unfinished game is loaded), and before the sweep ends it on time (a server of the site that
// stopped between the row and the events is covered by the others' sweeps). A game told twice
// refuses the second as a change of nothing.
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

void Hub::Impl::apply_vacation(const std::string& account) {
  std::vector<OngoingGame> games;
  store.transact([&](Sql& q) { games = ongoing_games(q, account, 500); });
  for (const OngoingGame& g : games) {
    if (g.summary.status != Status::Active || !is_correspondence(g.summary.clock)) continue;
    with_caught_up_room(*this, g.summary.id, [](std::shared_ptr<Room> r, const ApiError*) {
      if (r) r->follow_vacations();  // (none: gone meanwhile, nothing to pause)
    });
  }
}

void Room::follow_vacations(std::function<void()> then) {
  if (busy) return waiting.push_back([this, then = std::move(then)] { follow_vacations(then); });
  std::vector<std::pair<Color, std::string>> seats;  // the accounts seated
  if (game.status() == Status::Active && is_correspondence(game.meta().clock))
    for (Color c : {WHITE, BLACK})
      if (game.seat(c).kind == SeatKind::Human && !game.seat(c).account.empty()) seats.emplace_back(c, game.seat(c).account);
  if (seats.empty()) {
    if (then) then();
    return;
  }
  busy = true;
  hub.on_store([self = shared_from_this(), seats = std::move(seats), then = std::move(then)]() mutable {
    std::vector<std::pair<Color, VacationSpan>> found;
    try {
      self->hub.store.transact([&](Sql& q) {
        for (const auto& [c, account] : seats)
          for (const VacationSpan& v : recent_vacations(q, account, self->hub.now())) found.emplace_back(c, v);
      });
      self->hub.health.succeeded(StoreHealth::Op::Read);
    } catch (const std::exception& e) {  // the store is down: the next load or sweep reads them
      self->hub.health.failed(StoreHealth::Op::Read, "reading the vacations of game " + self->game.id(), e.what());
    }
    asio::post(self->strand, [self, found = std::move(found), then = std::move(then)] {
      self->busy = false;
      // Judged before anything that came meanwhile, in order, then `then`.
      std::deque<std::function<void()>> first;
      // Oldest first, from the one the game knows (its end may have moved) on: an older one
      // was judged before that one was given.
      for (const auto& [c, v] : found)
        if (v.from >= self->game.vacation_from(c)) first.push_back([self, c, v] { self->pause_for(c, v.from, v.until, 0); });
      if (then) first.push_back(then);
      self->waiting.insert(self->waiting.begin(), first.begin(), first.end());
      self->drain();
    });
  });
}

// Stored as it is judged, without Room::run's timeout first: a deadline that passed during the
// vacation is what the event moves. A conflict (another process stored first) is judged again
// once, after catching up.
void Room::pause_for(Color seat, int64_t from, int64_t until, int attempt) {
  Outcome o = game.vacation(seat, from, until, hub.now());
  if (!o.ok()) return;  // nothing to change, or the clock ran out before
  store(std::move(o), {},
        [self = shared_from_this(), seat, from, until, attempt](const ApiError* e) {
          if (e && e->code == "conflict" && attempt == 0)
            self->post([self, seat, from, until] { self->pause_for(seat, from, until, 1); });
        },
        {}, 1);
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
        impl->apply_vacation(account);
        return done(state_reply(*s));
      }
      const auto from = end_vacation(impl->store, account, now);
      if (!from) return done(http_error(409, "no_vacation", "no vacation is under way"));
      impl->apply_vacation(account);
      done(state_reply(vacation_state(impl->store, account, now)));
    } catch (const std::exception& e) {
      impl->health.failed(StoreHealth::Op::Write, "a vacation", e.what());
      done(http_error(503, "store_unavailable", StoreHealth::kClientMessage));
    }
  });
}

}  // namespace yinsh::server
