#include "server/lobby/seek_challenges.h"

#include <algorithm>

#include "core/notation.h"
#include "server/wire/seek_messages.h"

namespace yinsh::server {

json to_json(const Challenge& c, bool outgoing) {
  json j = {{"id", c.id},
            {"from", c.from.name},
            {"account", !c.from.account().empty()},  // false: a guest's challenge
            {"bot", c.from.bot},  // the challenger is a bot account
            {"to", c.to},
            {"variant", to_string(c.kind.variant)},
            {"clock", clock_json(c.kind.clock)},
            {"rated", c.rated},
            {"color", cmd::challenge_color_name(c.color)},
            {"created_at", c.created_at},
            {"outgoing", outgoing}};
  if (c.stored) j["stored"] = true;  // it waits for an answer while the challenged is away
  if (c.from.rating) {
    j["rating"] = *c.from.rating;
    j["provisional"] = c.from.provisional;
  }
  return j;
}

std::string name_key(std::string_view name) {
  std::string k(name);
  for (char& ch : k)
    if (ch >= 'A' && ch <= 'Z') ch = char(ch - 'A' + 'a');
  return k;
}

bool Challenge::is_for(const std::string& key, std::string_view name) const {
  if (!to_key.empty()) return key == to_key;
  return key.rfind("a:", 0) != 0 && name_key(to) == name_key(name);
}

std::optional<ApiError> ChallengeBook::add(Challenge c, int max_open) {
  if (name_key(c.to) == name_key(c.from.name) || c.to_key == c.from.key)
    return ApiError{"not_allowed", "you cannot challenge yourself", {{"reason", "challenge_self"}}};
  if (c.rated && !c.from.rating) return ApiError{"not_allowed", "rated games need an account: log in, or make it casual",
                                                    {{"reason", "rated_needs_account"}}};
  if (c.rated && c.to_key.empty())
    return ApiError{"not_allowed", c.to + " plays as a guest: rated games need an account on both sides; make it casual",
                    {{"reason", "opponent_guest"}, {"name", c.to}}};
  if (max_open > 0 && int(sent_by(c.from.key).size()) >= max_open)
    return ApiError{"too_many_open",
                    "you have " + std::to_string(max_open) + " challenges waiting for an answer: cancel one or wait",
                    {{"max", max_open}}};
  const std::string id = c.id;
  challenges_.emplace(id, std::move(c));
  return std::nullopt;
}

const Challenge* ChallengeBook::find(const std::string& id) const {
  auto it = challenges_.find(id);
  return it == challenges_.end() ? nullptr : &it->second;
}

bool ChallengeBook::remove(const std::string& id) { return challenges_.erase(id) > 0; }

int ChallengeBook::remove_connection(const std::string& conn, std::vector<std::string>* removed) {
  return remove_ids_if(challenges_, [&](const Challenge& c) { return c.from.connection() == conn; }, removed);
}

int ChallengeBook::expire(int64_t now, int64_t expiry_ms, std::vector<std::string>* removed) {
  if (expiry_ms <= 0) return 0;
  return remove_ids_if(challenges_, [&](const Challenge& c) { return now >= c.created_at + expiry_ms; }, removed);
}

std::vector<const Challenge*> ChallengeBook::sent_by(const std::string& key) const {
  std::vector<const Challenge*> out;
  for (const auto& [id, c] : challenges_)
    if (c.from.key == key) out.push_back(&c);
  return out;
}

std::vector<const Challenge*> ChallengeBook::sent_to(const std::string& key, std::string_view name) const {
  std::vector<const Challenge*> out;
  for (const auto& [id, c] : challenges_)
    if (c.is_for(key, name)) out.push_back(&c);
  return out;
}

}  // namespace yinsh::server
