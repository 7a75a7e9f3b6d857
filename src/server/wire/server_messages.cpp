#include "server/wire/server_messages.h"

#include "server/wire/commands.h"
#include "json/json_out.h"

namespace yinsh::server {
namespace out {

static constexpr int64_t kMaxVersion = INT64_MAX;

static void put_id(json& j, const json& id) {
  if (!id.is_null()) j["id"] = id;
}
static json id_of(const Fields& f) {
  const json* v = nullptr;
  try {
    v = &f.any("id");
  } catch (const SchemaError&) {
    return nullptr;
  }
  if (!v->is_string() && !v->is_number()) f.fail("id", "must be a string or a number");
  return *v;
}
static std::array<bool, 2> read_presence(const Fields& f) { return {f.boolean("white"), f.boolean("black")}; }

Snapshot Snapshot::read(const Fields& f) {
  Snapshot s;
  s.version = f.integer("version", 0, kMaxVersion);
  s.game = f.object("game");
  s.presence = read_presence(Fields(f.object("presence"), "presence."));
  const Fields you(f.object("you"), "you.");
  const std::string role = you.str("role", 16);
  if (role != "spectator") {
    s.role = parse_color(role);
    if (!s.role) you.fail("role", "must be white, black or spectator");
  }
  s.name = you.opt_str("name", 64);
  s.id = id_of(f);
  return s;
}
void Snapshot::write(json& j) const {
  j["version"] = version;
  j["game"] = game;
  j["presence"] = {{"white", presence[WHITE]}, {"black", presence[BLACK]}};
  j["you"] = {{"role", role ? color_name(*role) : "spectator"}, {"name", name ? json(*name) : json(nullptr)}};
  put_id(j, id);
}

Presence Presence::read(const Fields& f) {
  return {f.integer("version", 0, kMaxVersion), f.str("game", 12), read_presence(f)};
}
void Presence::write(json& j) const {
  j["version"] = version;
  j["game"] = game;
  j["white"] = present[WHITE];
  j["black"] = present[BLACK];
}

Seat Seat::read(const Fields& f) {
  return {f.integer("version", 0, kMaxVersion), f.str("game", 12), f.color("seat"), f.str("token", 64), id_of(f)};
}
void Seat::write(json& j) const {
  j["version"] = version;
  j["game"] = game;
  j["seat"] = color_name(seat);
  j["token"] = token;
  put_id(j, id);
}

Error Error::read(const Fields& f) {
  const json* params = f.opt_object("params");
  return {f.integer("version", 0, kMaxVersion), f.str("code", 32), f.str("message", 4000), id_of(f),
          params ? *params : json::object()};
}
void Error::write(json& j) const {
  j["version"] = version;
  j["code"] = code;
  j["message"] = message;
  if (!params.empty()) j["params"] = params;
  put_id(j, id);
}

Pong Pong::read(const Fields& f) {
  return {f.integer("version", 0, kMaxVersion), f.integer("server_time_ms", 0, INT64_MAX), id_of(f)};
}
void Pong::write(json& j) const {
  j["version"] = version;
  j["server_time_ms"] = server_time_ms;
  put_id(j, id);
}

Info Info::read(const Fields& f) {
  const json* params = f.opt_object("params");
  return {f.integer("version", 0, kMaxVersion), f.str("text", 4000), f.opt_str("code", 32).value_or(""),
          params ? *params : json::object()};
}
void Info::write(json& j) const {
  j["version"] = version;
  j["text"] = text;
  if (!code.empty()) j["code"] = code;
  if (!params.empty()) j["params"] = params;
}

// One side's change: integers before/after/diff and a provisional flag.
static json read_change(const Fields& f, const char* key) {
  const json* side = f.opt_object(key);
  if (!side) return nullptr;
  const Fields c(*side, std::string(key) + ".");
  return {{"before", c.integer("before", 0, 10000)},
          {"after", c.integer("after", 0, 10000)},
          {"diff", c.integer("diff", -10000, 10000)},
          {"provisional", c.boolean("provisional")}};
}

Ratings Ratings::read(const Fields& f) {
  return {f.integer("version", 0, kMaxVersion), f.str("game", 12), read_change(f, "white"), read_change(f, "black")};
}
void Ratings::write(json& j) const {
  j["version"] = version;
  j["game"] = game;
  if (!white.is_null()) j["white"] = white;
  if (!black.is_null()) j["black"] = black;
}

Notice Notice::read(const Fields& f) {
  Notice n{f.str("kind", 24), f.str("game", 12), f.color("color"), f.str("opponent", kMaxNameChars),
           f.opt_str("outcome", 8).value_or(""), f.opt_str("reason", 16).value_or(""), f.integer("at", 0, INT64_MAX)};
  if (n.kind != "your_turn" && n.kind != "game_over" && n.kind != "tournament_game" && n.kind != "tournament_starting" &&
      n.kind != "challenge_accepted" && n.kind != "challenge_declined")
    f.fail("kind",
           "must be your_turn, game_over, tournament_game, tournament_starting, challenge_accepted or "
           "challenge_declined");
  n.tournament = f.opt_str("tournament", 12).value_or("");
  const bool arena = n.kind == "tournament_game" || n.kind == "tournament_starting";
  if (arena != !n.tournament.empty()) f.fail("tournament", "given for tournament_game and tournament_starting only");
  if ((n.kind == "tournament_starting" || n.kind == "challenge_declined") != n.game.empty())
    f.fail("game", "empty for tournament_starting and challenge_declined only");
  if ((n.kind == "game_over") != !n.outcome.empty()) f.fail("outcome", "given for game_over only");
  return n;
}
void Notice::write(json& j) const {
  j["kind"] = kind;
  j["game"] = game;
  j["color"] = color_name(color);
  j["opponent"] = opponent;
  if (!outcome.empty()) j["outcome"] = outcome;
  if (!reason.empty()) j["reason"] = reason;
  if (!tournament.empty()) j["tournament"] = tournament;
  j["at"] = at;
}

}  // namespace out

static std::string dump_text(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

std::string write_server_message(const PrivateMessage& m) {
  json j = json::object();
  j["type"] = PrivateTable::name_of(m);
  std::visit([&](const auto& x) { x.write(j); }, m);
  return dump_text(j);
}

std::string write_event_frame(const Event& e, std::string_view game, std::string_view state_text) {
  std::string s = dump_text(write_event(e, false));
  s.pop_back();  // the closing brace: three more members follow
  JsonOut o(s);
  s += ',';
  o.key("version").value(e.version).key("game").value(game).key("state").raw(state_text);
  s += '}';
  return s;
}

ServerMessage read_server_message(const json& j) {
  const Fields f(j);
  const std::string type = f.str("type", 32);
  if (auto m = PrivateTable::read(type, f)) return *m;
  if (!EventTable::contains(type)) throw SchemaError("unknown message type \"" + type + "\"");
  EventFrame frame{read_event(j, f.integer("version", 1, INT64_MAX)), f.str("game", 12), f.object("state")};
  if (const auto* joined = std::get_if<ev::Joined>(&frame.event.body); joined && !joined->token.empty())
    throw SchemaError("a broadcast event must not carry a token");
  return frame;
}

std::vector<std::string_view> server_message_types() {
  std::vector<std::string_view> v(PrivateTable::names.begin(), PrivateTable::names.end());
  v.insert(v.end(), EventTable::names.begin(), EventTable::names.end());
  return v;
}

}  // namespace yinsh::server
