// Arenas in the database (migration 11): the tournaments table, who joined, and the arena's
// games read from the games table (each game knows its tournament). Nothing here is kept
// apart from the games: standings are computed from what these calls read
// (arena_standings.h). Blocking, through Store::transact, like every store call; callers run
// them on their own threads, never on an I/O thread or a game's strand.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/types.h"
#include "server/common/shapes.h"
#include "server/db/sql.h"

namespace yinsh::server {

class Store;

enum class TournamentStatus { Upcoming, Running, Finished };
std::string_view to_string(TournamentStatus s);

struct TournamentRow {
  std::string id, kind = "arena", name;
  Variant variant = Variant::Normal;
  ClockSpec clock;
  bool rated = true;
  int64_t starts_at = 0, ends_at = 0, created_at = 0;
  std::string created_by;       // the creator's account id ("" for the schedule's)
  std::string created_by_name;  // as shown
  int players = 0;              // who joined (withdrawn or not)
  TournamentStatus status(int64_t now) const {
    return now < starts_at ? TournamentStatus::Upcoming
                           : now < ends_at ? TournamentStatus::Running : TournamentStatus::Finished;
  }
};

struct ArenaEntrant {
  std::string account, name;
  int64_t joined_at = 0;
  bool active = true;  // false: withdrawn (not paired again)
  int rating = 1500;   // in the arena's rating category (1500 when none yet)
};

struct ArenaGameRow {
  std::string id, white_account, black_account, white, black;
  Status status = Status::Active;
  std::string score;  // "1-0", "0-1", "1/2-1/2", "" while in play, "*" aborted
  int ply = 0;
  int berserk = 0;  // bit 1 White, bit 2 Black
  int64_t created_at = 0, updated_at = 0;
};

struct ArenaData {
  TournamentRow tournament;
  std::vector<ArenaEntrant> entrants;  // by joined_at
  std::vector<ArenaGameRow> games;     // by created_at
};

// Creates an arena; its id, or nullopt and `why` ("too_many_tournaments", or "duplicate" when
// a schedule slot's event exists already). An account may have `max_open` arenas that have
// not finished.
std::optional<std::string> create_arena(Store& store, TournamentRow t, const std::string& schedule_key, int64_t now,
                                        int max_open, std::string* why);
// The upcoming and running arenas, then the `finished` last finished, each by starts_at.
std::vector<TournamentRow> list_tournaments(Store& store, int64_t now, int finished);
std::optional<TournamentRow> load_tournament(Store& store, const std::string& id);
// The `limit` arenas the account named `name` joined, newest first, each with the account's id.
std::vector<TournamentRow> tournaments_of(Store& store, const std::string& name, int limit, std::string* account);
// The arena with its entrants and games, in one read.
std::optional<ArenaData> load_arena(Sql& q, const std::string& id);
std::optional<ArenaData> load_arena(Store& store, const std::string& id);

enum class JoinResult { Ok, NoTournament, Over };
// Joins (or comes back: active again), or withdraws (active 0; a player who never joined is
// left out). `rated`: whether the account may play rated (not for a bot): checked by the caller.
JoinResult set_joined(Store& store, const std::string& id, const std::string& account, bool active, int64_t now);

// The arenas running at `now` (their ids).
std::vector<std::string> running_arenas(Store& store, int64_t now);
// Takes or renews the pairing lease of arena `id` for `server` until now + lease_ms: true when
// this server holds it (nobody held it, it ran out, or it was this server's). Exactly one
// server holds a lease at a time (one conditional UPDATE; the database serializes them).
bool take_pairing_lease(Sql& q, const std::string& id, const std::string& server, int64_t now, int64_t lease_ms);
// Whether this call is the one that tells arena `id`'s players it has begun (once on the site:
// a conditional UPDATE, like the lease). In the lease's transaction.
bool claim_start_notice(Sql& q, const std::string& id);
// Gives up every lease `server` holds (it stops).
void release_pairing_leases(Store& store, const std::string& server);

}  // namespace yinsh::server
