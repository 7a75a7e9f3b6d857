// Which challenges `yinsh bot` accepts: the policy an engine's owner sets with flags (or config
// keys), applied to each challenge its event stream announces. Plain data, no network.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace yinsh::cli {

// A challenge as the event stream's `challenge` line gives it (docs/api.md 2.5).
struct ChallengeOffer {
  std::string id;
  std::string challenger;
  std::optional<int> rating;  // the challenger's rating in the game's category; none if unrated
  bool challenger_bot = false;
  bool rated = false;
  std::string variant = "normal";        // "normal" or "blitz"
  std::optional<int64_t> initial_ms;     // none: a game without a clock
  int64_t increment_ms = 0;
};

struct ChallengePolicy {
  bool rated = true, casual = true;           // which kinds are accepted
  std::vector<std::string> variants = {"normal", "blitz"};
  bool untimed = true;                        // games without a clock
  int64_t min_initial_s = 0, max_initial_s = 7 * 24 * 3600;
  int64_t min_increment_s = 0, max_increment_s = 24 * 3600;
  int min_rating = 0, max_rating = 100000;    // an unrated challenger counts as 1500
  bool bots = true, humans = true;
  int max_games = 4;                          // games played at once
};

// "" when `offer` is accepted with `games_now` games running; otherwise why not, in words that
// go to the log (e.g. "rated games only", "busy: 4 games at once").
std::string decline_reason(const ChallengePolicy& policy, const ChallengeOffer& offer, int games_now);

// A challenge's clock as a flag gives it: "180+2" (seconds, the increment optional) as
// {"initial_ms", "increment_ms"}, "none" as null; nullopt for anything else.
std::optional<nlohmann::json> clock_of(const std::string& text);

}  // namespace yinsh::cli
