// The tournaments API's JSON (tournament_json.h).
#include "server/tournaments/tournament_json.h"

#include <map>

#include "accounts/password.h"
#include "core/notation.h"
#include "server/tournaments/arena_standings.h"
#include "server/tournaments/swiss_event.h"

namespace yinsh::server {
namespace {

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

json or_null(const std::string& s) { return s.empty() ? json(nullptr) : json(s); }

std::string_view colour_name(tournament::Colour c) {
  return c == tournament::Colour::White ? "white" : c == tournament::Colour::Black ? "black" : "";
}

}  // namespace

json tournament_summary_json(const TournamentRow& t, int64_t now) {
  json j = {{"id", t.id},
            {"kind", t.kind},
            {"name", t.name},
            {"variant", to_string(t.variant)},
            {"clock", clock_json(t.clock)},
            {"rated", t.rated},
            {"starts_at", t.starts_at},
            {"ends_at", t.ends_at},
            {"status", to_string(t.status(now))},
            {"players", t.players},
            {"created_by", t.created_by_name},
            {"entry_code", !t.entry_digest.empty()},
            {"min_rating", t.min_rating > 0 ? json(t.min_rating) : json(nullptr)},
            {"max_rating", t.max_rating > 0 ? json(t.max_rating) : json(nullptr)}};
  if (t.swiss()) {
    j["rounds"] = t.rounds;
    j["round"] = t.round;
    j["round_gap_ms"] = t.round_gap_ms;
    if (t.status(now) != TournamentStatus::Finished) j["ends_at"] = nullptr;  // not known until it finishes
  }
  return j;
}

json tournament_game_json(const ArenaGameRow& g) {
  return {{"game", g.id},
          {"white", g.white},
          {"black", g.black},
          {"status", to_string(g.status)},
          {"result", g.score == "*" ? "" : g.score}};
}

json arena_json(const ArenaData& a, const Identity& who, int64_t now) {
  json j = tournament_summary_json(a.tournament, now);
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
                         {"playing", or_null(s.playing)},
                         {"sheet", std::move(sheet)}});
    if (!who.guest() && s.account == who.account)
      me = {{"joined", true}, {"active", s.active}, {"game", or_null(s.playing)}};
  }
  if (me.is_null() && !who.guest()) me = {{"joined", false}, {"active", false}, {"game", nullptr}};
  json pairings = json::array();
  for (auto it = a.games.rbegin(); it != a.games.rend() && int(pairings.size()) < kMaxPairingsShown; ++it)
    pairings.push_back(tournament_game_json(*it));
  j["standings"] = std::move(standings);
  j["pairings"] = std::move(pairings);
  j["me"] = std::move(me);
  return j;
}

json swiss_json(const ArenaData& s, const Identity& who, int64_t now) {
  json j = tournament_summary_json(s.tournament, now);
  j["now"] = now;
  const SwissStep step = swiss_step(s, now);
  j["next_round_at"] = step.kind == SwissStep::Kind::Wait && step.at > 0 && s.tournament.status(now) != TournamentStatus::Finished
                           ? json(step.at)
                           : json(nullptr);
  json standings = json::array();
  json me = nullptr;
  std::map<std::string, std::string> names;
  for (const SwissRow& r : swiss_table(s)) {
    names.emplace(r.account, r.name);
    json cells = json::array();
    for (const SwissCell& c : r.cells)
      cells.push_back({{"round", c.round},
                       {"result", to_string(c.kind)},
                       {"opponent", or_null(c.opponent)},
                       {"colour", or_null(std::string(colour_name(c.colour)))},
                       {"game", or_null(c.game)}});
    standings.push_back({{"rank", r.rank},
                         {"name", r.name},
                         {"account", r.account},
                         {"points", r.points2 / 2.0},
                         {"buchholz", r.buchholz2 / 2.0},
                         {"sonneborn_berger", r.sonneborn4 / 4.0},
                         {"rating", r.rating},
                         {"active", r.active},
                         {"playing", or_null(r.playing)},
                         {"rounds", std::move(cells)}});
    if (!who.guest() && r.account == who.account)
      me = {{"joined", true}, {"active", r.active}, {"game", or_null(r.playing)}};
  }
  if (me.is_null() && !who.guest()) me = {{"joined", false}, {"active", false}, {"game", nullptr}};
  std::map<std::string, const ArenaGameRow*> games;
  for (const auto& g : s.games) games.emplace(g.id, &g);
  json pairings = json::array();
  for (const auto& p : s.pairings) {
    if (p.round != s.tournament.round) continue;
    json board = {{"board", p.board + 1}, {"white", names[p.white_account]}, {"bye", p.bye()}};
    board["black"] = p.bye() ? json(nullptr) : json(names[p.black_account]);
    board["game"] = or_null(p.game);
    const auto g = games.find(p.game);
    board["status"] = p.bye() ? "over" : g == games.end() ? "waiting" : to_string(g->second->status);
    board["result"] = g == games.end() || g->second->score == "*" ? "" : g->second->score;
    pairings.push_back(std::move(board));
  }
  j["standings"] = std::move(standings);
  j["pairings"] = std::move(pairings);
  j["me"] = std::move(me);
  return j;
}

json tournament_result_json(const ArenaData& t, const std::string& account) {
  if (t.tournament.swiss()) {
    for (const SwissRow& r : swiss_table(t))
      if (r.account == account)
        return {{"rank", r.rank}, {"points", r.points2 / 2.0}, {"games", int(r.cells.size())}};
    return nullptr;
  }
  for (const ArenaStanding& s : arena_standings(t))
    if (s.account == account) return {{"rank", s.rank}, {"points", s.points}, {"games", s.games}};
  return nullptr;
}

std::optional<TournamentRow> read_new_tournament(std::string_view body, int64_t now, std::string* why) {
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
  if (j.contains("kind")) {
    if (!j["kind"].is_string() || (j["kind"] != "arena" && j["kind"] != "swiss"))
      return void(*why = "kind: \"arena\" or \"swiss\""), std::nullopt;
    t.kind = j["kind"].get<std::string>();
  }
  if (!j.contains("name") || !j["name"].is_string()) return void(*why = "name: a string is required"), std::nullopt;
  t.name = clean_text(j["name"].get<std::string>(), 40);
  if (char_count(t.name) < 2) return void(*why = "name: 2 to 40 characters"), std::nullopt;
  const auto v = j.contains("variant") && j["variant"].is_string() ? parse_variant(j["variant"].get<std::string>())
                 : j.contains("variant")                         ? std::nullopt
                                                                 : std::optional(Variant::Normal);
  if (!v) return void(*why = "variant: normal or blitz"), std::nullopt;
  t.variant = *v;
  if (!j.contains("clock") || !j["clock"].is_object())
    return void(*why = "clock: {\"base_ms\", \"increment_ms\"} or, for a Swiss event, {\"days\"}"), std::nullopt;
  const json& c = j["clock"];
  if (t.swiss() && c.contains("days")) {
    if (!c["days"].is_number_integer() || !valid_correspondence_days(c["days"].get<int64_t>()))
      return void(*why = "clock.days: 1, 2, 3, 5, 7 or 14"), std::nullopt;
    t.clock = ClockSpec::days_per_move(c["days"].get<int>());
  } else if (!c.contains("base_ms") || !c["base_ms"].is_number_integer() || c["base_ms"].get<int64_t>() < 15000 ||
             c["base_ms"].get<int64_t>() > 3600000 || !c.contains("increment_ms") ||
             !c["increment_ms"].is_number_integer() || c["increment_ms"].get<int64_t>() < 0 ||
             c["increment_ms"].get<int64_t>() > 60000) {
    return void(*why = "clock: base_ms 15000 to 3600000, increment_ms 0 to 60000"), std::nullopt;
  } else {
    t.clock = ClockSpec{c["base_ms"].get<int64_t>(), c["increment_ms"].get<int64_t>()};
  }
  int64_t starts_in = 0;
  if (!integer("starts_in_s", 0, 7 * 24 * 3600, &starts_in)) return std::nullopt;
  if (j.contains("rated") && !j["rated"].is_boolean()) return void(*why = "rated: true or false"), std::nullopt;
  t.rated = j.value("rated", true);
  t.starts_at = now + starts_in * 1000;
  if (t.swiss()) {
    int64_t rounds = 0, round_days = 0;
    if (!integer("rounds", 2, 20, &rounds)) return std::nullopt;
    if (j.contains("minutes")) return void(*why = "minutes: a Swiss event has rounds, not a duration"), std::nullopt;
    if (t.clock.correspondence() && j.contains("round_days") && !integer("round_days", 1, 30, &round_days))
      return std::nullopt;
    if (!t.clock.correspondence() && j.contains("round_days"))
      return void(*why = "round_days: only for a correspondence Swiss (clock {\"days\"})"), std::nullopt;
    t.rounds = int(rounds);
    t.round_gap_ms = t.clock.correspondence() ? (round_days > 0 ? round_days : 7) * kDayMs : 0;
    t.ends_at = t.starts_at + kSwissOpenEndMs;
  } else {
    int64_t minutes = 0;
    if (!integer("minutes", 10, 720, &minutes)) return std::nullopt;
    t.ends_at = t.starts_at + minutes * 60000;
  }
  if (j.contains("entry_code")) {
    if (!j["entry_code"].is_string() || j["entry_code"].get<std::string>().empty() ||
        j["entry_code"].get<std::string>().size() > 40)
      return void(*why = "entry_code: 1 to 40 characters"), std::nullopt;
    t.entry_digest = accounts::token_digest(j["entry_code"].get<std::string>());
  }
  int64_t lo = 0, hi = 0;
  if (j.contains("min_rating") && !integer("min_rating", 1, 3500, &lo)) return std::nullopt;
  if (j.contains("max_rating") && !integer("max_rating", 1, 3500, &hi)) return std::nullopt;
  if (lo > 0 && hi > 0 && lo > hi) return void(*why = "min_rating: not above max_rating"), std::nullopt;
  t.min_rating = int(lo), t.max_rating = int(hi);
  return t;
}

}  // namespace yinsh::server
