// The player pages' API (docs/api.md 2.2), read-only, answered on the accounts pool:
//   GET /api/players/<name>          the profile: ratings per category, wins/draws/losses,
//                                    the puzzle rating (puzzle_store.h)
//   GET /api/players/<name>/games    the games, newest first, paginated, filterable
//   GET /api/players/<name>/history  the rating after each rated game of a category (graph)
//   GET /api/players/<name>/records  every finished game as one file in the official notation,
//                                    streamed (records_download)
//   GET /api/leaderboard             the best established ratings of a category
// Blocking; uses Store::transact and the game archive only.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "server/common/http_api.h"

namespace yinsh::server {

class Store;

// Pages of the games list.
constexpr int kGamesPerPage = 20;
// The most games a player page looks through (filters and pages apply within them).
constexpr int kMaxPlayerGames = 5000;

// Every route above but the records download.
HttpReply serve_players(Store& store, const std::string& path, std::string_view query);

// GET /api/players/<name>/records: the download's reply. The player's finished games are
// listed (blocking); the reply's body is then made chunk by chunk as it is sent, each chunk's
// records read from the store in a job given to `run` (a pool of the caller's, never the
// sessions'), so that no download is ever whole in memory. `hold` is kept while the body lives
// (until it is sent or cut off; an error reply drops it at once).
using RunOff = std::function<void(std::function<void()>)>;
bool is_records_download(std::string_view method, std::string_view path);
HttpReply records_download(Store& store, const std::string& path, RunOff run, std::shared_ptr<void> hold);

}  // namespace yinsh::server
