// A Swiss event on the server (docs/tournaments.md "Swiss on the server"): its standings, what
// it does next and its next round's boards, computed from what the store holds (the entrants,
// the pairings as they were made, and the event's games) by the rules of src/tournament
// (swiss.h, tiebreak.h). Nothing is kept apart from those rows, so any server computes the
// same table and a restart loses no point. No threads, no I/O.
//
// What counts: a game that ended with a result; a bye is a win for no opponent; an aborted
// game is void (no point for either, and it is no meeting: the two may be paired again); a
// round a player was not paired in (joined late, withdrawn) scores nothing.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "server/tournaments/tournament_store.h"
#include "tournament/swiss.h"

namespace yinsh::server {

// After a round's last game ends, the next round waits this long (the players see the result).
constexpr int64_t kSwissRoundPauseMs = 10000;
// An event with fewer than two players at its start waits this long for them, then is over.
constexpr int64_t kSwissStartGraceMs = 10 * 60000;

enum class SwissCellKind { Win, Draw, Loss, Bye, Void, Playing, Absent };
std::string_view to_string(SwissCellKind k);

// A player's round: whom they met, with which colour, and how it went.
struct SwissCell {
  int round = 0;
  SwissCellKind kind = SwissCellKind::Absent;
  std::string opponent, game;  // the opponent's name and the game ("" for a bye or absence)
  tournament::Colour colour = tournament::Colour::None;
};

struct SwissRow {
  int rank = 0;  // 1: first
  std::string account, name;
  int points2 = 0, buchholz2 = 0, sonneborn4 = 0, rating = 0;  // points x 2, Buchholz x 2, S-B x 4
  bool active = true;
  std::string playing;  // the game of the current round while it is unfinished
  std::vector<SwissCell> cells;  // one a round paired so far, round 1 first
};

// Best first: points, Buchholz, Sonneborn-Berger, rating, then who joined first.
std::vector<SwissRow> swiss_table(const ArenaData& event);

struct SwissStep {
  enum class Kind { Wait, Pair, Finish } kind = Kind::Wait;
  int round = 0;   // Pair: the round to pair
  int64_t at = 0;  // Wait: when the next round is due (0: once the round's games have ended)
};
// What the event does at `now`: round 1 is paired at starts_at; round k + 1 once every game of
// round k has ended, kSwissRoundPauseMs after the last one ended and not before starts_at +
// k x round_gap_ms; the event finishes when its last round is over, or when a round is due and
// fewer than two players are active (round 1: kSwissStartGraceMs after the start).
SwissStep swiss_step(const ArenaData& event, int64_t now);

// Round `round`'s boards: every active entrant paired by pair_swiss (strongest board first, the
// bye last), each game given an id by `new_id`.
std::vector<SwissPairingRow> swiss_round(const ArenaData& event, int round, int64_t now,
                                         const std::function<std::string()>& new_id);

}  // namespace yinsh::server
