// The lobby's rules for games nobody plays, as functions of one OnlineGame (no threads, no
// network; the room calls them on its strand):
// - a waiting game that nobody joined and started within SeekOptions::expiry_ms of its
//   creation is aborted with the reason "expired" (a correspondence game: within its days per
//   move, if longer);
// - an active untimed game with no event for SeekOptions::untimed_idle_ms ends as abandoned:
//   the player to move loses (reason "abandoned");
// - in an active timed game, a player whose connection has been gone for
//   SeekOptions::claim_grace_ms can be claimed against by the opponent, as a win or a draw
//   (reason "abandoned"), except in a correspondence game, where being away is the rule: its
//   clock (the deadline of the player to move, OnlineGame::timeout) is what ends it.
#pragma once

#include <cstdint>
#include <optional>

#include "server/game/online_game.h"
#include "server/lobby/seek_options.h"

namespace yinsh::server {

// When the game is due to end by the first two rules (nullopt: never, as it stands now).
std::optional<int64_t> lobby_deadline(const OnlineGame& g, const SeekOptions& o);
// The event that ends it at `now` by those rules; refused (not_allowed) when nothing is due.
Outcome lobby_due(const OnlineGame& g, const SeekOptions& o, int64_t now);
// `claimer` claims the game against its opponent, absent since `absent_since` (nullopt: the
// opponent is connected). Refused unless the game is active and timed, the claimer is seated
// and the opponent, a person, has been away for the grace period.
Outcome claim_abandoned(const OnlineGame& g, Color claimer, bool draw, std::optional<int64_t> absent_since,
                        const SeekOptions& o, int64_t now);

}  // namespace yinsh::server
