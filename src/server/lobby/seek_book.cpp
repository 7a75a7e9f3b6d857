#include "server/lobby/seek_book.h"

#include <algorithm>

#include "core/notation.h"

namespace yinsh::server {

json to_json(const Seek& s, bool mine) {
  json j = {{"id", s.id},
            {"name", s.by.name},
            {"account", !s.by.account().empty()},  // false: a guest's seek
            {"variant", to_string(s.kind.variant)},
            {"clock", clock_json(s.kind.clock)},
            {"rated", s.rated},
            {"created_at", s.created_at},
            {"mine", mine}};
  if (s.by.rating) {
    j["rating"] = *s.by.rating;
    j["provisional"] = s.by.provisional;
  }
  if (s.range) j["range"] = {{"min", s.range->min}, {"max", s.range->max}};
  return j;
}

std::optional<ApiError> SeekBook::add(Seek s, int max_open, int waiting_games) {
  if (s.rated && !s.by.rating)
    return ApiError{"not_allowed", "rated games need an account: log in, or make the seek casual",
                    {{"reason", "rated_needs_account"}}};
  if (s.range && s.range->min > s.range->max) return ApiError{"bad_request", "the rating range is empty (min > max)"};
  if (max_open > 0) {
    const int held = std::max(count_key(s.by.key), count_address(s.by.address)) + waiting_games;
    if (held >= max_open)
      return ApiError{"too_many_open",
                      "you have " + std::to_string(held) + " open seeks and waiting games, at most " +
                          std::to_string(max_open) + ": cancel one or wait for an opponent",
                      {{"max", max_open}}};
  }
  const std::string id = s.id;
  seeks_.emplace(id, std::move(s));
  return std::nullopt;
}

std::optional<ApiError> SeekBook::acceptable(const Seek& s, const Seeker& taker) const {
  if (s.by.key == taker.key) return ApiError{"not_allowed", "this is your own seek", {{"reason", "own_seek"}}};
  if (s.rated && !taker.rating) return ApiError{"not_allowed", "this seek is for a rated game: log in to accept it",
                                                     {{"reason", "rated_needs_account"}}};
  const int r = taker.rating_or_guest();
  if (s.range && (r < s.range->min || r > s.range->max))
    return ApiError{"out_of_range", std::string(taker.rating ? "your rating " : "a guest's rating ") + std::to_string(r) +
                                        " is outside this seek's range " + std::to_string(s.range->min) + "-" +
                                        std::to_string(s.range->max),
                    {{"rating", r}, {"min", s.range->min}, {"max", s.range->max}}};
  return std::nullopt;
}

const Seek* SeekBook::find(const std::string& id) const {
  auto it = seeks_.find(id);
  return it == seeks_.end() ? nullptr : &it->second;
}

bool SeekBook::remove(const std::string& id) { return seeks_.erase(id) > 0; }

int SeekBook::remove_connection(const std::string& conn, std::vector<std::string>* removed) {
  return remove_ids_if(seeks_, [&](const Seek& s) { return s.by.connection() == conn; }, removed);
}

int SeekBook::expire(int64_t now, int64_t expiry_ms, std::vector<std::string>* removed) {
  if (expiry_ms <= 0) return 0;
  return remove_ids_if(seeks_, [&](const Seek& s) { return now >= s.created_at + expiry_ms; }, removed);
}

int SeekBook::count_key(const std::string& key) const {
  return int(std::count_if(seeks_.begin(), seeks_.end(), [&](const auto& kv) { return kv.second.by.key == key; }));
}

int SeekBook::count_address(const std::string& address) const {
  return int(std::count_if(seeks_.begin(), seeks_.end(), [&](const auto& kv) { return kv.second.by.address == address; }));
}

}  // namespace yinsh::server
