// Conditional lines in the database (migration 9, table conditional_lines): one row per game
// and seat, the lines of server/game/conditional_lines.h with the base they were stored at.
// Written and read through Store::transact, so both stores keep them alike; blocking, like
// every store call (the hub calls them on its store pool). Reads throw StoreUnavailable.
#pragma once

#include <optional>
#include <string>

#include "server/game/conditional_lines.h"
#include "server/store/store.h"

namespace yinsh::server {

// Replaces the seat's lines.
void save_conditional_lines(Store& store, const std::string& game, Color seat, const ConditionalLines& lines,
                            int64_t now);
std::optional<ConditionalLines> load_conditional_lines(Store& store, const std::string& game, Color seat);
// Drops the seat's lines; with `only_if`, only while they are still those (lines stored anew
// meanwhile stay).
void drop_conditional_lines(Store& store, const std::string& game, Color seat,
                            const std::optional<ConditionalLines>& only_if = std::nullopt);
// Drops both seats' lines (the game ended).
void drop_game_conditional_lines(Store& store, const std::string& game);

}  // namespace yinsh::server
