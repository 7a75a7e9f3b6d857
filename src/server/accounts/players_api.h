// The player pages' API (docs/api.md 2.2), read-only, answered on the accounts pool:
//   GET /api/players/<name>          the profile: ratings per category, wins/draws/losses,
//                                    the puzzle rating (puzzle_store.h)
//   GET /api/players/<name>/games    the games, newest first, paginated, filterable
//   GET /api/players/<name>/history  the rating after each rated game of a category (graph)
//   GET /api/players/<name>/records  every finished game as one file in the official notation
//   GET /api/leaderboard             the best established ratings of a category
// Blocking; uses Store::transact and the game archive only.
#pragma once

#include <string>
#include <string_view>

#include "server/common/http_api.h"

namespace yinsh::server {

class Store;

// Pages of the games list.
constexpr int kGamesPerPage = 20;
// The most games a player page looks through (filters and pages apply within them).
constexpr int kMaxPlayerGames = 5000;

HttpReply serve_players(Store& store, const std::string& path, std::string_view query);

}  // namespace yinsh::server
