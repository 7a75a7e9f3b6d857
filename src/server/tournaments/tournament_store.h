// Tournaments in the database (migrations 11 and 12): the tournaments table (arenas and Swiss
// events), who joined, a Swiss event's pairings round by round, and the event's games read
// from the games table (each game knows its tournament). No score is kept apart from the
// games: standings are computed from what these calls read (arena_standings.h, swiss_event.h). Blocking, through Store::transact, like every store call; callers run
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
  std::string id, kind = "arena", name;  // kind: "arena" or "swiss"
  Variant variant = Variant::Normal;
  ClockSpec clock;
  bool rated = true;
  int64_t starts_at = 0, ends_at = 0, created_at = 0;
  std::string created_by;       // the creator's account id ("" for the schedule's)
  std::string created_by_name;  // as shown
  int players = 0;              // who joined (withdrawn or not)
  // Swiss: the rounds to play, the least time from a round's start to the next one's (0: as
  // soon as the last game ends; correspondence: one round per N days), the rounds paired.
  // A Swiss event's ends_at is far ahead until it finishes, then the time it finished.
  int rounds = 0;
  int64_t round_gap_ms = 0;
  int round = 0;
  // Entry conditions: the entry code's digest ("" for none; never shown) and the rating range
  // in the event's category (0: no bound).
  std::string entry_digest;
  int min_rating = 0, max_rating = 0;
  bool swiss() const { return kind == "swiss"; }
  TournamentStatus status(int64_t now) const {
    return now < starts_at ? TournamentStatus::Upcoming
                           : now < ends_at ? TournamentStatus::Running : TournamentStatus::Finished;
  }
};

// A Swiss event's ends_at until it finishes: this long after its start.
constexpr int64_t kSwissOpenEndMs = int64_t(100) * 365 * kDayMs;

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

// One board of a Swiss round as it was paired: black_account "" is the bye (no game).
// A board of a Swiss round, or (round 0) a game an arena's wave paired: stored in the pairing
// lease's transaction before its game is made, so no server pairs its players again meanwhile.
struct SwissPairingRow {
  int round = 0, board = 0;
  std::string white_account, black_account, game;
  int64_t paired_at = 0;
  bool bye() const { return black_account.empty(); }
};

struct ArenaData {
  TournamentRow tournament;
  std::vector<ArenaEntrant> entrants;  // by joined_at
  std::vector<ArenaGameRow> games;     // by created_at
  std::vector<SwissPairingRow> pairings;  // by round, then board (an arena's are round 0)
};

// Creates an arena or a Swiss event (t.kind); its id, or nullopt and `why`
// ("too_many_tournaments", or "duplicate" when a schedule slot's event exists already). An
// account may have `max_open` tournaments that have not finished.
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

enum class JoinResult { Ok, NoTournament, Over, WrongCode, RatingOutOfRange };
// Joins (or comes back: active again), or withdraws (active 0; a player who never joined is
// left out). Joining checks the entry code (its digest given: "" when none was typed) and the
// rating range, unless the account joined before; a Swiss event is over for joining once its
// last round is paired. Whether the account may play (not a bot) is checked by the caller.
JoinResult set_joined(Store& store, const std::string& id, const std::string& account, bool active, int64_t now,
                      const std::string& code_digest = "");
// Whether game `game` is one of tournament `id`'s.
bool is_tournament_game(Store& store, const std::string& id, const std::string& game);

// A Swiss round's boards stored as paired (in the pairing lease's transaction).
void insert_pairings(Sql& q, const std::string& id, const std::vector<SwissPairingRow>& boards);
// An arena's pairing whose game could not be made goes (its players are free again); kept when
// the game exists (another server made it).
void drop_unmade_pairing(Store& store, const std::string& id, const std::string& game);
// A Swiss event ends now (its last round is over, or too few players are left).
void finish_tournament(Sql& q, const std::string& id, int64_t now);

// The tournaments running at `now` (their ids).
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
