#include "server/wire/commands.h"

namespace yinsh::server {
namespace cmd {

Hello Hello::read(const Fields& f) {
  return {f.str("game", 64), f.opt_str("token", 64), f.opt_str("name", kMaxNameChars)};
}
void Hello::write(json& j) const {
  j["game"] = game;
  if (token) j["token"] = *token;
  if (name) j["name"] = *name;
}

Join Join::read(const Fields& f) { return {f.opt_str("name", kMaxNameChars), f.opt_color("color")}; }
void Join::write(json& j) const {
  if (name) j["name"] = *name;
  if (color) j["color"] = color_name(*color);
}

Move Move::read(const Fields& f) { return {f.str("decision", 40), f.opt_integer("ply", 0, 1000000)}; }
void Move::write(json& j) const {
  j["decision"] = decision;
  if (ply) j["ply"] = *ply;
}

Chat Chat::read(const Fields& f) {
  Chat c{f.str("text", kMaxChatChars)};
  if (c.text.empty()) f.fail("text", "must not be empty");
  return c;
}
void Chat::write(json& j) const { j["text"] = text; }

ChatDelete ChatDelete::read(const Fields& f) { return {f.integer("line", 1, INT64_MAX)}; }
void ChatDelete::write(json& j) const { j["line"] = line; }

}  // namespace cmd

bool is_lobby_command(const Command& c) {
  return std::visit(
      [](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        return std::is_same_v<T, cmd::Lobby> || std::is_same_v<T, cmd::Seek> || std::is_same_v<T, cmd::SeekCancel> ||
               std::is_same_v<T, cmd::SeekAccept> || std::is_same_v<T, cmd::Pair> || std::is_same_v<T, cmd::PairCancel> ||
               std::is_same_v<T, cmd::Challenge> || std::is_same_v<T, cmd::ChallengeAccept> ||
               std::is_same_v<T, cmd::ChallengeDecline> || std::is_same_v<T, cmd::ChallengeCancel>;
      },
      c);
}

json echo_id(const json& message) {
  if (!message.is_object()) return nullptr;
  auto it = message.find("id");
  if (it == message.end()) return nullptr;
  if (it->is_number()) return *it;
  if (it->is_string() && char_count(it->get_ref<const std::string&>()) <= kMaxIdChars) return *it;
  return nullptr;
}

ClientRead read_client_message(std::string_view text) {
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return {std::nullopt, {"bad_json", "a message must be one JSON object"}, nullptr};
  ClientRead r{std::nullopt, {}, echo_id(j)};
  try {
    const Fields f(j);
    const std::string type = f.str("type", 32);
    auto c = CommandTable::read(type, f);
    if (!c) {
      r.error = {"unknown_type", "unknown message type \"" + type + "\""};
      return r;
    }
    r.message = ClientMessage{std::move(*c), r.id};
  } catch (const SchemaError& e) {
    r.error = {"bad_request", e.what()};
  }
  return r;
}

json write_client_message(const ClientMessage& m) {
  json j = json::object();
  j["type"] = CommandTable::name_of(m.command);
  std::visit([&](const auto& c) { c.write(j); }, m.command);
  if (!m.id.is_null()) j["id"] = m.id;
  return j;
}

}  // namespace yinsh::server
