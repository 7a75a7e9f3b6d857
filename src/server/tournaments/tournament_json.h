// The JSON of the tournaments API (docs/api.md 2.7): one writer for each shape (a tournament's
// summary, an arena with its standings, a Swiss event with its table and current round, a
// game of either) and the one reader of a new tournament's settings. No I/O.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "server/common/identity.h"
#include "server/common/shapes.h"
#include "server/tournaments/tournament_store.h"

namespace yinsh::server {

json tournament_summary_json(const TournamentRow& t, int64_t now);
json tournament_game_json(const ArenaGameRow& g);
// The tournament with its standings, current pairings and what `who` may do in it.
json arena_json(const ArenaData& a, const Identity& who, int64_t now);
json swiss_json(const ArenaData& s, const Identity& who, int64_t now);
// `account`'s place in the tournament (rank, points, games), or null when they did not join.
json tournament_result_json(const ArenaData& t, const std::string& account);

// The body of POST /api/tournaments read into a row (created_by left to the caller), or
// nullopt and the reason it is refused.
std::optional<TournamentRow> read_new_tournament(std::string_view body, int64_t now, std::string* why);

}  // namespace yinsh::server
