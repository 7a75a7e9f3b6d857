// The event stream's gameStart and gameFinish (docs/api.md 2.5), on every server of the site.
// Only the process that stored the start or the end announces it (a room's stored(), or the
// creation of a game begun at once; a room catching up with another process's events does
// not), so each is told once; the site (common/site_bus.h, SiteTopic::AccountGame) carries it
// to every server, this one included, and each server with an event stream of one of the
// game's accounts open writes that account its line, the opponent's rating and bot mark read
// from the store there.
#include <climits>

#include "core/notation.h"
#include "server/hub/streams.h"

namespace yinsh::server {
namespace {

std::string result_of(const OnlineGame& g) {
  if (g.status() == Status::Aborted) return "aborted";
  const auto& r = g.result();
  return r && r->winner ? std::string(color_name(*r->winner)) : "draw";
}

}  // namespace

json GameAnnounced::to_json() const {
  json j = {{"game", meta.id},
            {"variant", to_string(meta.variant)},
            {"clock", nullptr},
            {"rated", meta.rated},
            {"result", result}};
  if (meta.clock) j["clock"] = {{"base_ms", meta.clock->base_ms}, {"inc_ms", meta.clock->inc_ms}};
  for (Color c : {WHITE, BLACK}) j[color_name(c)] = {{"name", seats[c].name}, {"account", seats[c].account}};
  return j;
}

std::optional<GameAnnounced> GameAnnounced::read(const json& j) {
  try {
    const Fields f(j);
    GameAnnounced a;
    a.meta.id = f.str("game", 64);
    const auto variant = parse_variant(f.str("variant", 16));
    if (!variant) return std::nullopt;
    a.meta.variant = *variant;
    if (const json* c = f.opt_object("clock")) {
      const Fields cf(*c, "clock.");
      a.meta.clock = ClockSpec{cf.integer("base_ms", 0, INT64_MAX), cf.integer("inc_ms", 0, INT64_MAX)};
    }
    a.meta.rated = f.boolean("rated");
    a.result = f.str("result", 16);
    for (Color c : {WHITE, BLACK}) {
      const char* key = c == WHITE ? "white" : "black";
      const Fields sf(f.object(key), std::string(key) + ".");
      a.seats[c].name = sf.str("name", 64);
      a.seats[c].account = sf.str("account", 64);
    }
    return a;
  } catch (const std::exception&) {
    return std::nullopt;  // from a server that words it otherwise: nothing to tell
  }
}

void Hub::Impl::announce_game(const OnlineGame& g) {
  if (g.status() == Status::Waiting) return;
  GameAnnounced a{g.meta(), {}, g.status() == Status::Active ? "" : result_of(g)};
  for (Color c : {WHITE, BLACK}) {
    a.seats[c].name = g.seat(c).name;
    a.seats[c].account = g.seat(c).account;
  }
  if (a.seats[WHITE].account.empty() && a.seats[BLACK].account.empty()) return;  // no event stream to tell
  site().send(SiteTopic::AccountGame, "", a.to_json());
}

void Hub::Impl::deliver_game(const json& body) {
  auto a = GameAnnounced::read(body);
  if (!a) return;
  if (!(has_event_stream(a->seats[WHITE].account) || has_event_stream(a->seats[BLACK].account))) return;
  on_store([this, a = std::move(*a)] {
    const bool start = a.result.empty();
    for (Color c : {WHITE, BLACK}) {
      if (a.seats[c].account.empty() || !has_event_stream(a.seats[c].account)) continue;
      stream::GameInfo info{a.meta.id, c, {a.seats[~c].name, std::nullopt, false}, a.meta.rated, a.meta.variant,
                            a.meta.clock};
      try {
        info = game_info(store, a.meta.id, a.meta, a.seats[~c], c);
      } catch (const std::exception&) {  // the store is down: the opponent without its rating
      }
      const std::string text =
          start ? stream::write(stream::GameStart{info}) : stream::write(stream::GameFinish{info, a.result});
      std::lock_guard lock(accounts_mutex);
      auto [first, last] = event_streams.equal_range(a.seats[c].account);
      for (auto it = first; it != last; ++it)
        if (auto s = it->second.lock()) s->send_text(text);
    }
  });
}

bool Hub::Impl::has_event_stream(const std::string& account) {
  if (account.empty()) return false;
  std::lock_guard lock(accounts_mutex);
  return event_streams.count(account) > 0;
}

}  // namespace yinsh::server
