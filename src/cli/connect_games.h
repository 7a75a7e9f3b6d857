// The account's ongoing games for `yinsh play --connect URL --api-token T` (connect_games.cpp):
// read from GET /api/account/games with the account's API token (docs/api.md 2.1), those where
// it is the account's turn first, by time left, as the site's /games page shows them. The
// terminal client lists them, opens one, and moves on to the next game where it is the
// account's turn (`next`). No Beast in this header. Every call blocks its thread.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace yinsh::cli {

struct OngoingGame {
  std::string id, color, seat_token, status;  // status: "waiting" or "active"
  std::string opponent;                       // "" while the other seat is open
  std::string time_control;                   // "2 days per move", "5+3", "untimed"
  bool your_turn = false;
  int64_t deadline = -1;  // ms since the epoch when the player to move runs out; -1: none
};

// The time until a correspondence deadline as players read it: "2 days 4 h", "1 day",
// "5 h 12 min", "3 min" (never negative: "0 min").
std::string time_left_text(int64_t ms);

// The account's games, in the server's order. Throws std::runtime_error with a message fit for
// the terminal (a refused token, an unreachable server) when they cannot be read.
std::vector<OngoingGame> fetch_ongoing_games(const std::string& site_url, const std::string& api_token);

// The list as the terminal shows it: a numbered line per game (1-based), or a line saying that
// there is none. `now`: ms since the epoch.
std::string games_text(const std::vector<OngoingGame>& games, int64_t now);

// The first game after `current` (in the list's order, wrapping) where it is the account's turn;
// "" when there is none but `current`.
std::string next_your_turn(const std::vector<OngoingGame>& games, const std::string& current);

}  // namespace yinsh::cli
