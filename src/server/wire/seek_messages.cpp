#include "server/wire/seek_messages.h"

#include "server/wire/commands.h"
#include "core/notation.h"

namespace yinsh::server {
namespace cmd {

static void write_kind(json& j, const GameKind& k) {
  j["variant"] = to_string(k.variant);
  if (k.clock) j["clock"] = clock_json(k.clock);
}

Lobby Lobby::read(const Fields& f) { return {f.opt_str("name", kMaxNameChars)}; }
void Lobby::write(json& j) const {
  if (name) j["name"] = *name;
}

Seek Seek::read(const Fields& f) {
  Seek s{read_game_kind(f), f.opt_bool("rated").value_or(false), std::nullopt};
  if (const json* r = f.opt_object("range")) {
    const Fields rf(*r, "range.");
    s.range = RatingRange{int(rf.integer("min", 0, 4000)), int(rf.integer("max", 0, 4000))};
    if (s.range->min > s.range->max) f.fail("range", "min must not be above max");
  }
  return s;
}
void Seek::write(json& j) const {
  write_kind(j, kind);
  j["rated"] = rated;
  if (range) j["range"] = {{"min", range->min}, {"max", range->max}};
}

Pair Pair::read(const Fields& f) { return {read_game_kind(f), f.opt_bool("rated").value_or(false)}; }
void Pair::write(json& j) const {
  write_kind(j, kind);
  if (rated) j["rated"] = true;
}

std::optional<Color> read_challenge_color(const Fields& f) {
  const auto s = f.opt_str("color", 10);
  if (!s || *s == "random") return std::nullopt;
  const auto c = parse_color(*s);
  if (!c) f.fail("color", "must be \"white\", \"black\" or \"random\"");
  return c;
}

std::string challenge_color_name(const std::optional<Color>& c) { return c ? std::string(color_name(*c)) : "random"; }

Challenge Challenge::read(const Fields& f) {
  Challenge c{f.str("to", kMaxNameChars), read_game_kind(f), f.opt_bool("rated").value_or(false),
              read_challenge_color(f)};
  if (c.to.empty()) f.fail("to", "must name a player");
  return c;
}
void Challenge::write(json& j) const {
  j["to"] = to;
  write_kind(j, kind);
  j["rated"] = rated;
  if (color) j["color"] = color_name(*color);
}

Claim Claim::read(const Fields& f) {
  const std::string r = f.str("result", 8);
  if (r != "win" && r != "draw") f.fail("result", "must be \"win\" or \"draw\"");
  return {r == "draw"};
}
void Claim::write(json& j) const { j["result"] = draw ? "draw" : "win"; }

}  // namespace cmd

namespace out {

static json array_of(const Fields& f, const char* key) {
  const json& a = f.any(key);
  if (!a.is_array()) f.fail(key, "must be an array");
  for (const json& x : a)
    if (!x.is_object()) f.fail(key, "must hold objects");
  return a;
}

Lobby Lobby::read(const Fields& f) {
  Lobby l{array_of(f, "seeks"), array_of(f, "challenges"), nullptr, int(f.integer("players", 0, 1 << 30))};
  if (const json* p = f.opt_object("pairing")) l.pairing = *p;
  return l;
}
void Lobby::write(json& j) const {
  j["seeks"] = seeks;
  j["challenges"] = challenges;
  j["pairing"] = pairing;
  j["players"] = players;
}

Matched Matched::read(const Fields& f) {
  Matched m{f.str("game", 12), f.color("seat"), f.str("token", 64), f.str("via", 16), f.str("opponent", kMaxNameChars)};
  if (m.via != "seek" && m.via != "pair" && m.via != "challenge") f.fail("via", "must be seek, pair or challenge");
  return m;
}
void Matched::write(json& j) const {
  j["game"] = game;
  j["seat"] = color_name(seat);
  j["token"] = token;
  j["via"] = via;
  j["opponent"] = opponent;
}

Challenged Challenged::read(const Fields& f) {
  const json* c = f.opt_object("challenge");
  if (!c) f.fail("challenge", "must be an object");
  return {*c};
}
void Challenged::write(json& j) const { j["challenge"] = challenge; }

}  // namespace out
}  // namespace yinsh::server
