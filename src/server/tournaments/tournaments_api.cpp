// TournamentsApi (tournaments_api.h): the session is resolved first, then the store is read
// or written on this API's thread.
#include "server/tournaments/tournaments_api.h"

#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>

#include "core/notation.h"
#include "server/common/http_util.h"
#include "server/store/store.h"
#include "server/store/store_reply.h"
#include "server/tournaments/arena_director.h"
#include "server/tournaments/arena_standings.h"
#include "server/tournaments/tournament_host.h"

namespace yinsh::server {
namespace {

constexpr std::string_view kPrefix = "/api/tournaments";
constexpr int kMaxPairingsShown = 50;

std::string_view flag_name(tournament::Flag f) {
  switch (f) {
    case tournament::Flag::Normal: return "normal";
    case tournament::Flag::StreakStarter: return "streak";
    case tournament::Flag::Double: return "double";
    case tournament::Flag::Null: return "null";
  }
  return "normal";
}

json summary_json(const TournamentRow& t, int64_t now) {
  return {{"id", t.id},
          {"kind", t.kind},
          {"name", t.name},
          {"variant", to_string(t.variant)},
          {"clock", clock_json(t.clock)},
          {"rated", t.rated},
          {"starts_at", t.starts_at},
          {"ends_at", t.ends_at},
          {"status", to_string(t.status(now))},
          {"players", t.players},
          {"created_by", t.created_by_name}};
}

json pairing_json(const ArenaGameRow& g) {
  return {{"game", g.id},
          {"white", g.white},
          {"black", g.black},
          {"status", to_string(g.status)},
          {"result", g.score == "*" ? "" : g.score}};
}

json arena_json(const ArenaData& a, const Identity& who, int64_t now) {
  json j = summary_json(a.tournament, now);
  j["now"] = now;
  json standings = json::array();
  json me = nullptr;
  for (const ArenaStanding& s : arena_standings(a)) {
    json sheet = json::array();
    for (const auto& e : s.sheet)
      sheet.push_back({{"game", e.game}, {"points", e.mark.points}, {"flag", flag_name(e.mark.flag)}, {"berserk", e.berserk}});
    standings.push_back({{"rank", s.rank},
                         {"name", s.name},
                         {"account", s.account},
                         {"points", s.points},
                         {"on_fire", s.on_fire},
                         {"performance", s.performance},
                         {"games", s.games},
                         {"active", s.active},
                         {"playing", s.playing.empty() ? json(nullptr) : json(s.playing)},
                         {"sheet", std::move(sheet)}});
    if (!who.guest() && s.account == who.account)
      me = {{"joined", true}, {"active", s.active}, {"game", s.playing.empty() ? json(nullptr) : json(s.playing)}};
  }
  if (me.is_null() && !who.guest()) me = {{"joined", false}, {"active", false}, {"game", nullptr}};
  json pairings = json::array();
  for (auto it = a.games.rbegin(); it != a.games.rend() && int(pairings.size()) < kMaxPairingsShown; ++it)
    pairings.push_back(pairing_json(*it));
  j["standings"] = std::move(standings);
  j["pairings"] = std::move(pairings);
  j["me"] = std::move(me);
  return j;
}

HttpReply reply(int status, json body) {
  HttpReply r;
  r.status = status;
  r.body = std::move(body);
  return r;
}

// The body of POST /api/tournaments read into a row, or the reason it is refused.
std::optional<TournamentRow> read_new_arena(std::string_view body, int64_t now, std::string* why) {
  const json j = json::parse(body, nullptr, false);
  if (!j.is_object()) return void(*why = "the body must be a JSON object"), std::nullopt;
  auto integer = [&](const char* key, int64_t lo, int64_t hi, int64_t* out) {
    if (!j.contains(key) || !j[key].is_number_integer() || j[key].get<int64_t>() < lo || j[key].get<int64_t>() > hi) {
      *why = std::string(key) + ": a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
      return false;
    }
    *out = j[key].get<int64_t>();
    return true;
  };
  TournamentRow t;
  if (!j.contains("name") || !j["name"].is_string()) return void(*why = "name: a string is required"), std::nullopt;
  t.name = clean_text(j["name"].get<std::string>(), 40);
  if (char_count(t.name) < 2) return void(*why = "name: 2 to 40 characters"), std::nullopt;
  const std::string variant = j.value("variant", "normal");
  const auto v = parse_variant(variant);
  if (!v) return void(*why = "variant: normal or blitz"), std::nullopt;
  t.variant = *v;
  if (!j.contains("clock") || !j["clock"].is_object())
    return void(*why = "clock: {\"base_ms\", \"increment_ms\"}"), std::nullopt;
  const json& c = j["clock"];
  if (!c.contains("base_ms") || !c["base_ms"].is_number_integer() || c["base_ms"].get<int64_t>() < 15000 ||
      c["base_ms"].get<int64_t>() > 3600000 || !c.contains("increment_ms") || !c["increment_ms"].is_number_integer() ||
      c["increment_ms"].get<int64_t>() < 0 || c["increment_ms"].get<int64_t>() > 60000)
    return void(*why = "clock: base_ms 15000 to 3600000, increment_ms 0 to 60000"), std::nullopt;
  t.clock = ClockSpec{c["base_ms"].get<int64_t>(), c["increment_ms"].get<int64_t>()};
  int64_t minutes = 0, starts_in = 0;
  if (!integer("minutes", 10, 720, &minutes) || !integer("starts_in_s", 0, 7 * 24 * 3600, &starts_in)) return std::nullopt;
  if (j.contains("rated") && !j["rated"].is_boolean()) return void(*why = "rated: true or false"), std::nullopt;
  t.rated = j.value("rated", true);
  t.starts_at = now + starts_in * 1000;
  t.ends_at = t.starts_at + minutes * 60000;
  return t;
}

}  // namespace

struct TournamentsApi::Impl {
  Store& store;
  SessionResolver& resolver;
  TournamentHost& host;
  ArenaDirector& director;
  TournamentLimits limits;
  boost::asio::thread_pool pool{1};
  Impl(Store& s, SessionResolver& r, TournamentHost& h, ArenaDirector& d, TournamentLimits l)
      : store(s), resolver(r), host(h), director(d), limits(l) {}

  // Runs `work` on the pool and sends its reply; a failed store is 503, nothing changed.
  void run(std::function<HttpReply()> work, HttpDone done) {
    boost::asio::post(pool, [work = std::move(work), done = std::move(done)] { done(reply_from_store(work)); });
  }

  // A player's arenas (?player=NAME): newest first, each with the player's place in it.
  HttpReply player(const std::string& name) {
    const int64_t now = host.now();
    std::string account;
    json list = json::array();
    for (const auto& t : tournaments_of(store, name, limits.finished_listed, &account)) {
      json j = summary_json(t, now);
      if (const auto arena = load_arena(store, t.id))
        for (const ArenaStanding& s : arena_standings(*arena))
          if (s.account == account) j["result"] = {{"rank", s.rank}, {"points", s.points}, {"games", s.games}};
      list.push_back(std::move(j));
    }
    if (account.empty()) return http_error(404, "player_not_found", "no player " + name.substr(0, 40));
    return reply(200, {{"now", now}, {"tournaments", std::move(list)}});
  }

  HttpReply list() {
    const int64_t now = host.now();
    json list = json::array();
    for (const auto& t : list_tournaments(store, now, limits.finished_listed)) list.push_back(summary_json(t, now));
    return reply(200, {{"now", now}, {"tournaments", std::move(list)}});
  }

  HttpReply create(const Identity& who, const std::string& body) {
    if (who.guest()) return http_error(401, "not_logged_in", "log in to create a tournament");
    const int64_t now = host.now();
    std::string why;
    auto t = read_new_arena(body, now, &why);
    if (!t) return http_error(400, "bad_request", why);
    t->created_by = who.account;
    const auto id = create_arena(store, *t, "", now, limits.max_open_per_account, &why);
    if (!id)
      return http_error(429, "too_many_tournaments",
                        "you have " + std::to_string(limits.max_open_per_account) + " tournaments that have not finished");
    const auto row = load_tournament(store, *id);
    if (!row) return http_error(500, "internal", "the new tournament cannot be read");
    return reply(201, summary_json(*row, now));
  }

  HttpReply get(const std::string& id, const Identity& who) {
    const auto arena = load_arena(store, id);
    if (!arena) return http_error(404, "tournament_not_found", "no tournament " + id);
    return reply(200, arena_json(*arena, who, host.now()));
  }

  // Every game of the arena, oldest first (the standings' pairings list only the newest).
  HttpReply games(const std::string& id) {
    const auto arena = load_arena(store, id);
    if (!arena) return http_error(404, "tournament_not_found", "no tournament " + id);
    json list = json::array();
    for (const auto& g : arena->games) list.push_back(pairing_json(g));
    return reply(200, {{"games", std::move(list)}});
  }

  HttpReply join(const std::string& id, const Identity& who, bool active) {
    if (who.guest()) return http_error(401, "not_logged_in", "log in to play in a tournament");
    if (who.bot && active) return http_error(403, "not_allowed", "bots do not play in arenas");
    switch (set_joined(store, id, who.account, active, host.now())) {
      case JoinResult::NoTournament:
        return http_error(404, "tournament_not_found", "no tournament " + id);
      case JoinResult::Over:
        return http_error(409, "tournament_over", "the tournament has finished");
      case JoinResult::Ok:
        break;
    }
    if (active) director.wake();
    return reply(200, {{"joined", active}});
  }
};

TournamentsApi::TournamentsApi(Store& store, SessionResolver& resolver, TournamentHost& host, ArenaDirector& director,
                               TournamentLimits limits)
    : impl_(std::make_unique<Impl>(store, resolver, host, director, limits)) {}

TournamentsApi::~TournamentsApi() { stop(); }

void TournamentsApi::stop() { impl_->pool.join(); }

bool TournamentsApi::route(const ApiRequest& req, const HttpDone& done) {
  const std::string& path = req.path;
  if (path.rfind(kPrefix, 0) != 0 || (path.size() > kPrefix.size() && path[kPrefix.size()] != '/')) return false;
  std::string rest = path.substr(std::min(path.size(), kPrefix.size() + 1));
  std::string id = rest.substr(0, rest.find('/'));
  const std::string act = rest.size() > id.size() ? rest.substr(id.size() + 1) : "";
  const bool get = req.method == "GET", post = req.method == "POST";
  const bool known = (id.empty() && (get || post)) || (!id.empty() && (act.empty() || act == "games") && get) ||
                     (!id.empty() && post && (act == "join" || act == "withdraw" || act == "berserk"));
  if (!known) {
    done(http_error(404, "not_found", "no such tournament route: " + req.method + " " + path.substr(0, 80)));
    return true;
  }
  Impl* impl = impl_.get();
  if (id.empty() && get && !query_param(req.query, "player").empty()) {
    impl->run([impl, name = query_param(req.query, "player")] { return impl->player(name); }, done);
    return true;
  }
  impl->resolver.resolve(req.session, [impl, id, act, get, body = req.body, done](Identity who) {
    if (id.empty() && get) return impl->run([impl] { return impl->list(); }, done);
    if (id.empty()) return impl->run([impl, who, body] { return impl->create(who, body); }, done);
    if (act.empty()) return impl->run([impl, id, who] { return impl->get(id, who); }, done);
    if (act == "games") return impl->run([impl, id] { return impl->games(id); }, done);
    if (act == "join" || act == "withdraw")
      return impl->run([impl, id, who, join = act == "join"] { return impl->join(id, who, join); }, done);
    // berserk: {"game": "<id>"}, one of this arena's games
    if (who.guest()) return done(http_error(401, "not_logged_in", "log in to play in a tournament"));
    const json j = json::parse(body, nullptr, false);
    if (!j.is_object() || !j.contains("game") || !j["game"].is_string())
      return done(http_error(400, "bad_request", "the body must be {\"game\": \"<id>\"}"));
    const std::string game = j["game"].get<std::string>();
    impl->run(
        [impl, id, game, who, done]() -> HttpReply {
          const auto arena = load_arena(impl->store, id);
          if (!arena) return http_error(404, "tournament_not_found", "no tournament " + id);
          bool found = false;
          for (const auto& g : arena->games) found = found || g.id == game;
          if (!found) return http_error(409, "not_allowed", "game " + game.substr(0, 20) + " is not this arena's");
          impl->host.berserk(game, who, done);
          return reply(0, nullptr);  // answered by the host
        },
        [done](HttpReply r) {
          if (r.status != 0) done(std::move(r));
        });
  });
  return true;
}

}  // namespace yinsh::server
