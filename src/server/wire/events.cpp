#include "server/wire/events.h"

namespace yinsh::server::ev {

static constexpr int64_t kMaxMs = INT64_MAX / 4;
static constexpr size_t kNameChars = 64;  // what was stored; new names are cut to 32

Joined Joined::read(const Fields& f) {
  Joined e;
  e.seat = f.color("seat");
  e.name = f.str("name", kNameChars);
  const auto kind = parse_seat_kind(f.str("kind", 8));
  if (!kind || *kind == SeatKind::Open) f.fail("kind", "must be \"human\" or \"ai\"");
  e.kind = *kind;
  e.level = int(f.opt_integer("level", 0, 100).value_or(0));
  e.token = f.opt_str("token", 64).value_or("");  // absent in broadcast frames
  e.account = f.opt_str("account", 40).value_or("");
  e.bot = !e.account.empty() && f.opt_bool("bot").value_or(false);
  return e;
}
void Joined::write(json& j) const {
  j["seat"] = color_name(seat);
  j["name"] = name;
  j["kind"] = to_string(kind);
  if (kind == SeatKind::Ai) j["level"] = level;
  if (!token.empty()) j["token"] = token;
  if (!account.empty()) j["account"] = account;
  if (bot) j["bot"] = true;
}

Ready Ready::read(const Fields& f) { return {f.color("seat")}; }
void Ready::write(json& j) const { j["seat"] = color_name(seat); }

Decision Decision::read(const Fields& f) {
  return {int(f.integer("ply", 1, 1000000)), f.color("by"), f.str("decision", 40),
          f.integer("white_ms", -kMaxMs, kMaxMs), f.integer("black_ms", -kMaxMs, kMaxMs)};
}
void Decision::write(json& j) const {
  j["ply"] = ply;
  j["by"] = color_name(by);
  j["decision"] = decision;
  j["white_ms"] = white_ms;
  j["black_ms"] = black_ms;
}

UndoRequested UndoRequested::read(const Fields& f) { return {f.color("by")}; }
void UndoRequested::write(json& j) const { j["by"] = color_name(by); }

UndoDeclined UndoDeclined::read(const Fields& f) { return {f.color("by")}; }
void UndoDeclined::write(json& j) const { j["by"] = color_name(by); }

Undone Undone::read(const Fields& f) {
  return {f.color("by"), int(f.integer("ply", 0, 1000000)), f.integer("white_ms", -kMaxMs, kMaxMs),
          f.integer("black_ms", -kMaxMs, kMaxMs)};
}
void Undone::write(json& j) const {
  j["by"] = color_name(by);
  j["ply"] = ply;
  j["white_ms"] = white_ms;
  j["black_ms"] = black_ms;
}

Vacation Vacation::read(const Fields& f) {
  Vacation v{f.color("seat"), f.integer("from", 0, INT64_MAX), f.integer("until", 0, INT64_MAX),
             f.integer("white_ms", -kMaxMs, kMaxMs), f.integer("black_ms", -kMaxMs, kMaxMs)};
  if (v.until < v.from) f.fail("until", "must not be before from");
  return v;
}
void Vacation::write(json& j) const {
  j["seat"] = color_name(seat);
  j["from"] = from;
  j["until"] = until;
  j["white_ms"] = white_ms;
  j["black_ms"] = black_ms;
}

Berserk Berserk::read(const Fields& f) {
  return {f.color("seat"), f.integer("white_ms", -kMaxMs, kMaxMs), f.integer("black_ms", -kMaxMs, kMaxMs)};
}
void Berserk::write(json& j) const {
  j["seat"] = color_name(seat);
  j["white_ms"] = white_ms;
  j["black_ms"] = black_ms;
}

Chat Chat::read(const Fields& f) { return {read_chat_line(f.object("line"))}; }
void Chat::write(json& j) const { j["line"] = to_json(line); }

ChatDeleted ChatDeleted::read(const Fields& f) {
  ChatDeleted d{f.integer("line", 1, INT64_MAX), f.str("by", 16), f.str("name", kNameChars)};
  if (d.by != "author" && d.by != "moderator") f.fail("by", "must be \"author\" or \"moderator\"");
  return d;
}
void ChatDeleted::write(json& j) const {
  j["line"] = line;
  j["by"] = by;
  j["name"] = name;
}

GameOver GameOver::read(const Fields& f) {
  return {read_result(f.object("result")), f.integer("white_ms", -kMaxMs, kMaxMs),
          f.integer("black_ms", -kMaxMs, kMaxMs)};
}
void GameOver::write(json& j) const {
  j["result"] = to_json(result);
  j["white_ms"] = white_ms;
  j["black_ms"] = black_ms;
}

Aborted Aborted::read(const Fields& f) {
  Aborted a{f.color("by"), f.opt_str("reason", 20).value_or("")};
  if (!a.reason.empty() && a.reason != "expired") f.fail("reason", "must be \"expired\" when present");
  return a;
}
void Aborted::write(json& j) const {
  j["by"] = color_name(by);
  if (!reason.empty()) j["reason"] = reason;
}

RematchOffered RematchOffered::read(const Fields& f) { return {f.color("by")}; }
void RematchOffered::write(json& j) const { j["by"] = color_name(by); }

Rematch Rematch::read(const Fields& f) { return {f.str("new_game", 12)}; }
void Rematch::write(json& j) const { j["new_game"] = new_game; }

}  // namespace yinsh::server::ev

namespace yinsh::server {

json write_event(const Event& e, bool secrets) {
  json j = json::object();
  j["type"] = e.type();
  j["at"] = e.at;
  std::visit([&](const auto& x) { x.write(j); }, e.body);
  if (!secrets) j.erase("token");
  return j;
}

Event read_event(const json& body, int64_t version) {
  const Fields f(body);
  const std::string type = f.str("type", 32);
  Event e;
  e.version = version;
  e.at = f.integer("at", 0, INT64_MAX);
  auto b = EventTable::read(type, f);
  if (!b) throw SchemaError("unknown event type \"" + type + "\"");
  e.body = std::move(*b);
  return e;
}

std::string event_body(const Event& e) {
  return write_event(e).dump(-1, ' ', false, json::error_handler_t::replace);
}

Event parse_event_body(std::string_view body, int64_t version) {
  const json j = json::parse(body, nullptr, false);
  if (j.is_discarded()) throw SchemaError("event " + std::to_string(version) + " is not JSON");
  return read_event(j, version);
}

}  // namespace yinsh::server
