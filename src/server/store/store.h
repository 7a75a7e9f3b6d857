// Store: where games live. A game is its meta row plus its log of events (see online_game.h);
// a games-list summary row is updated in the same transaction as every append. Two
// implementations pass the same tests: SQLite (WAL, one process) and PostgreSQL (several
// processes share one database; LISTEN/NOTIFY tells each process what the others appended).
// All methods are blocking and thread-safe: the server calls them on its store pool and
// writer thread, never on an I/O thread or a game's strand. When the database fails (down,
// restarting, a disk error), writes return their failure value (false/Failed with `error`)
// and reads throw StoreUnavailable, quickly; a read never passes a failure off as "no such
// game" or "no events". Both work again once the database is back.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "server/game/online_game.h"
#include "server/db/sql.h"

namespace yinsh::server {

struct StoreUnavailable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct StoredEvent {
  int64_t version = 0;
  std::string body;  // the event's JSON text
};

enum class AppendStatus { Ok, Conflict, Failed };

struct RatedGame;  // ratings_store.h

// The game-list row also keeps the rated flag and the seats' account ids; an account id, once
// set, is never cleared by a later summary (a guest seat claimed by an account stays its).

// One append of a batch (see Store::append_many): the request, and what became of it.
struct AppendItem {
  std::string game;
  std::vector<StoredEvent> events;
  GameSummary summary;
  // The result of a rated game: applied (apply_rating) in the same transaction as the events,
  // and filled with the changes when the append is Ok.
  std::shared_ptr<RatedGame> rating;
  AppendStatus status = AppendStatus::Failed;
  std::string error;  // when Failed
};

class Store {
 public:
  virtual ~Store() = default;
  virtual std::string kind() const = 0;  // "sqlite" or "postgres"

  // Runs `work` in one transaction of its own and commits it (accounts, ratings, the admin
  // CLI: code written once against sql.h). Throws what `work` throws (UniqueViolation
  // included; nothing is written), StoreUnavailable when the database fails.
  virtual void transact(const std::function<void(Sql&)>& work) = 0;

  // A new game (no events yet). False (with `error`) when the id exists or the store fails.
  virtual bool create_game(const GameMeta& meta, std::string* error) = 0;
  // Appends `events` (their versions must follow the stored ones) and updates the summary, in
  // one transaction. Conflict when one of the versions exists already (another process got
  // there first): nothing is written.
  // `rating`: see AppendItem.
  virtual AppendStatus append(const std::string& game, const std::vector<StoredEvent>& events,
                              const GameSummary& summary, std::string* error, RatedGame* rating = nullptr) = 0;
  // Appends every item as append() would, each one all-or-nothing, and sets each item's status.
  // A store may commit them together (group commit: one transaction for many games); the
  // default appends them one by one.
  virtual void append_many(std::vector<AppendItem>& items);
  // A new game with its whole log, in one transaction (`yinsh import`): Ok, Conflict when the
  // id exists (nothing written), Failed with `error`. Nothing is half written.
  virtual AppendStatus create_with_events(const GameMeta& meta, const std::vector<StoredEvent>& events,
                                          const GameSummary& summary, std::string* error) = 0;
  virtual std::optional<GameMeta> load_meta(const std::string& id) = 0;
  virtual std::vector<StoredEvent> load_events(const std::string& id, int64_t after_version) = 0;
  // Newest first; every status when `status` is empty (Over also lists Aborted).
  virtual std::vector<GameSummary> list_games(std::optional<Status> status, int limit) = 0;
  virtual std::vector<std::string> unfinished_games() = 0;
  // The active games whose stored deadline (a correspondence game's player to move) is at or
  // before `now`, most overdue first, at most `limit`. Several servers may get the same ids:
  // each ends a game by appending its timeout, and the append's unique version lets one win.
  virtual std::vector<std::string> due_games(int64_t now, int limit) = 0;
  // How many games are stored in each status, indexed by Status (one query: /metrics).
  virtual std::array<int64_t, 4> count_by_status() = 0;

  // Game reports (docs/analysis.md): a report's JSON kept with its game, one per game (written
  // again: replaced). Table `reports`, created if missing (no migration needed: a new table).
  // A store without them keeps none: save_report false, load_report nullopt.
  virtual bool save_report(const std::string& game, const std::string& report_json, std::string* error);
  // The stored report; nullopt when there is none. Throws StoreUnavailable like every read.
  virtual std::optional<std::string> load_report(const std::string& game);

  // Multi-process stores call `on_append(game, version)` (from their own thread) when any
  // process appended to a game. The single-process store never calls it.
  // Resync: `on_append("", 0)` (an empty game id) says that notifications may have been lost
  // (the store's listening connection broke and is back): treat every game you hold as
  // possibly changed. It comes after listening resumed, so later appends are notified again.
  using AppendCallback = std::function<void(const std::string& game, int64_t version)>;
  virtual void watch(AppendCallback on_append) { (void)on_append; }
};

// `spec`: a file path for SQLite, or a PostgreSQL connection string ("postgresql://..." or
// "host=... dbname=..."). Nullptr with `error` when it cannot be opened.
// Whether `spec` names a PostgreSQL database (else it is a SQLite file).
bool is_postgres_spec(const std::string& spec);
// Migrate: a missing SQLite file is made and the schema brought up to date (the server).
// AsIs: the database is read as it is (`yinsh export`): nothing is created or migrated, and
// one whose schema is not this program's is refused with what to do.
enum class StoreOpen { Migrate, AsIs };
std::unique_ptr<Store> open_store(const std::string& spec, std::string* error, StoreOpen mode = StoreOpen::Migrate);
std::unique_ptr<Store> open_sqlite_store(const std::string& path, std::string* error,
                                         StoreOpen mode = StoreOpen::Migrate);
std::unique_ptr<Store> open_postgres_store(const std::string& conninfo, std::string* error,
                                           StoreOpen mode = StoreOpen::Migrate);

}  // namespace yinsh::server
