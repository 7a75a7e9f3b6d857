// Rating categories: one per time-control class, one for untimed games, one for the blitz
// variant (whatever its real-time clock) and one for correspondence games (days per move,
// whatever the variant). The class comes from the game's estimated duration, as on
// lichess: base time + kEstimatedTurns x increment, per player.
// Standard library only.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace yinsh::rating {

enum class Category : uint8_t { Bullet, Blitz, Rapid, Classical, Untimed, BlitzVariant, Correspondence };
constexpr int kNumCategories = 7;

// A player's turns in a typical YINSH game (placements included): Boardspace games run
// 60-70 turns, about 30 a player.
constexpr int kEstimatedTurns = 30;

// Upper bounds of the estimated duration, in seconds, of each timed class.
constexpr int64_t kBulletMax = 179;
constexpr int64_t kBlitzMax = 479;
constexpr int64_t kRapidMax = 1499;
// A base of a day or more is a correspondence clock (days per move; real-time bases are at
// most 3 hours).
constexpr int64_t kCorrespondenceMinMs = 24LL * 3600 * 1000;

// `base_ms` and `increment_ms` per player; base 0 and increment 0 is an untimed game.
Category categorize(bool blitz_variant, int64_t base_ms, int64_t increment_ms);

// Lower-case names, as used in URLs and the API: bullet, blitz, rapid, classical, untimed,
// blitz-variant, correspondence.
std::string_view name(Category c);
std::optional<Category> parse_category(std::string_view s);

}  // namespace yinsh::rating
