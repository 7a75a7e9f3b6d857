#include "bot_policy.h"

#include <algorithm>
#include <exception>

namespace yinsh::cli {

std::string decline_reason(const ChallengePolicy& p, const ChallengeOffer& o, int games_now) {
  if (games_now >= p.max_games) return "busy: " + std::to_string(p.max_games) + " games at once";
  if (o.rated && !p.rated) return "casual games only";
  if (!o.rated && !p.casual) return "rated games only";
  if (std::find(p.variants.begin(), p.variants.end(), o.variant) == p.variants.end())
    return "the variant " + o.variant + " is not played";
  if (o.challenger_bot ? !p.bots : !p.humans) return o.challenger_bot ? "no games with bots" : "bots only";
  if (!o.initial_ms) {
    if (!p.untimed) return "games with a clock only";
  } else {
    const int64_t initial_s = *o.initial_ms / 1000, inc_s = o.increment_ms / 1000;
    if (initial_s < p.min_initial_s || initial_s > p.max_initial_s)
      return "the clock's initial time is outside " + std::to_string(p.min_initial_s) + ".." +
             std::to_string(p.max_initial_s) + " s";
    if (inc_s < p.min_increment_s || inc_s > p.max_increment_s)
      return "the clock's increment is outside " + std::to_string(p.min_increment_s) + ".." +
             std::to_string(p.max_increment_s) + " s";
  }
  const int rating = o.rating.value_or(1500);
  if (rating < p.min_rating || rating > p.max_rating)
    return "the challenger's rating " + std::to_string(rating) + " is outside " + std::to_string(p.min_rating) +
           ".." + std::to_string(p.max_rating);
  return {};
}

std::optional<nlohmann::json> clock_of(const std::string& text) {
  if (text == "none") return nlohmann::json(nullptr);
  const size_t plus = text.find('+');
  try {
    size_t used = 0;
    const long base = std::stol(text.substr(0, plus), &used);
    if (used != (plus == std::string::npos ? text.size() : plus) || base <= 0) return std::nullopt;
    long inc = 0;
    if (plus != std::string::npos) {
      inc = std::stol(text.substr(plus + 1), &used);
      if (used != text.size() - plus - 1 || inc < 0) return std::nullopt;
    }
    return nlohmann::json{{"initial_ms", base * 1000}, {"increment_ms", inc * 1000}};
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace yinsh::cli
