#include "server/lobby/seek_expiry.h"

#include <algorithm>

namespace yinsh::server {

std::optional<int64_t> lobby_deadline(const OnlineGame& g, const SeekOptions& o) {
  // A correspondence game waits for an opponent as long as a move may take (its days), not
  // the real-time lobby's minutes; in play its own deadline (the clock) is the only one.
  if (g.status() == Status::Waiting && is_correspondence(g.meta().clock))
    return g.meta().created_at + std::max(o.expiry_ms, g.meta().clock->base_ms);
  if (g.status() == Status::Waiting && o.expiry_ms > 0) return g.meta().created_at + o.expiry_ms;
  if (g.status() == Status::Active && !g.meta().clock && o.untimed_idle_ms > 0)
    return g.summary().updated_at + o.untimed_idle_ms;
  return std::nullopt;
}

Outcome lobby_due(const OnlineGame& g, const SeekOptions& o, int64_t now) {
  const auto d = lobby_deadline(g, o);
  if (!d || now < *d) return Outcome::fail("not_allowed", "the game is not due to end");
  if (g.status() == Status::Waiting) {
    const Color creator = g.seat(WHITE).taken() || !g.seat(BLACK).taken() ? WHITE : BLACK;
    return Outcome::of(now, ev::Aborted{creator, "expired"});
  }
  const auto to_move = g.to_move();
  if (!to_move) return Outcome::fail("not_allowed", "nobody is to move");
  const Color loser = *to_move;
  return Outcome::of(now, ev::GameOver{{loser == WHITE ? "0-1" : "1-0", ~loser, "abandoned"}, 0, 0});
}

Outcome claim_abandoned(const OnlineGame& g, Color claimer, bool draw, std::optional<int64_t> absent_since,
                        const SeekOptions& o, int64_t now) {
  if (g.status() != Status::Active) return Outcome::fail("not_allowed", "only a game in play can be claimed");
  if (!g.meta().clock) return Outcome::fail("not_allowed", "an untimed game cannot be claimed: it ends by itself after a long idle time");
  if (g.meta().clock->correspondence())
    return Outcome::fail("not_allowed", "a correspondence game cannot be claimed: it ends when the time per move runs out");
  if (g.seat(~claimer).kind != SeatKind::Human) return Outcome::fail("not_allowed", "the computer player never leaves");
  if (!absent_since) return Outcome::fail("not_allowed", "your opponent is connected");
  const int64_t left = *absent_since + o.claim_grace_ms - now;
  if (left > 0)
    return Outcome::fail("not_allowed", "your opponent may come back: you can claim in " +
                                            std::to_string((left + 999) / 1000) + " s");
  GameResult r = draw ? GameResult{"1/2-1/2", std::nullopt, "abandoned"}
                      : GameResult{claimer == WHITE ? "1-0" : "0-1", claimer, "abandoned"};
  return Outcome::of(now, ev::GameOver{r, g.remaining(WHITE, now), g.remaining(BLACK, now)});
}

}  // namespace yinsh::server
