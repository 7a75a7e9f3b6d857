// An account's ongoing games (waiting or in play) as the games table has them, read with the
// Sql of one transaction (Store::transact): how many correspondence games it holds (the cap,
// SeekOptions::max_correspondence) and the list behind GET /api/account/games.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/db/sql.h"
#include "server/game/online_game.h"

namespace yinsh::server {

// Waiting and active correspondence games with a seat of `account`.
int64_t count_ongoing_correspondence(Sql& q, const std::string& account);

struct OngoingGame {
  GameSummary summary;  // to_move and deadline included (migration 7)
  Color color = WHITE;  // the account's seat
};
// Every waiting or active game with a seat of `account` (at most `limit`), in no order.
std::vector<OngoingGame> ongoing_games(Sql& q, const std::string& account, int limit);

// The seat token of `color` in game `id`: from its joined event ("" when there is none).
std::string seat_token(Sql& q, const std::string& id, Color color);

}  // namespace yinsh::server
