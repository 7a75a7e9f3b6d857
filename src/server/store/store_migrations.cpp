// The migrations (store_migrations.h). Each is a list of statements valid in SQLite and
// PostgreSQL. Never edit a migration that has shipped: add the next one.
#include "server/store/store_migrations.h"

#include <string>
#include <vector>

namespace yinsh::server {
namespace {

const std::vector<std::vector<std::string>>& migrations() {
  static const std::vector<std::vector<std::string>> list = {
      // 1: release 0.1
      {
          "CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, variant TEXT NOT NULL, "
          "base_ms BIGINT, inc_ms BIGINT, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, "
          "status TEXT NOT NULL, white TEXT NOT NULL DEFAULT '', black TEXT NOT NULL DEFAULT '', "
          "result TEXT NOT NULL DEFAULT '', ply INTEGER NOT NULL DEFAULT 0, version BIGINT NOT NULL DEFAULT 0)",
          "CREATE TABLE IF NOT EXISTS events (game_id TEXT NOT NULL REFERENCES games(id), "
          "version BIGINT NOT NULL, body TEXT NOT NULL, PRIMARY KEY (game_id, version))",
          "CREATE INDEX IF NOT EXISTS games_by_status ON games(status, created_at)",
          "CREATE INDEX IF NOT EXISTS games_by_created ON games(created_at)",
      },
      // 2: accounts, sessions, ratings, moderation
      {
          // name: as shown; name_key: lower case (the identity); skeleton: the look-alike
          // class (accounts/username.h), unique so that two look-alikes cannot both commit.
          // role: "player" or "admin". A deleted account keeps its row (its name stays
          // taken) with deleted=1 and no password.
          "CREATE TABLE accounts (id TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE, "
          "skeleton TEXT NOT NULL UNIQUE, password TEXT NOT NULL, role TEXT NOT NULL DEFAULT 'player', "
          "muted INTEGER NOT NULL DEFAULT 0, closed INTEGER NOT NULL DEFAULT 0, deleted INTEGER NOT NULL DEFAULT 0, "
          "created_at BIGINT NOT NULL)",
          // digest: BLAKE2b of the cookie's token (accounts/password.h), never the token.
          "CREATE TABLE sessions (digest TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id), "
          "created_at BIGINT NOT NULL, last_seen BIGINT NOT NULL)",
          "CREATE INDEX sessions_by_account ON sessions(account_id)",
          "CREATE TABLE ratings (account_id TEXT NOT NULL REFERENCES accounts(id), category TEXT NOT NULL, "
          "rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL, "
          "volatility DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL DEFAULT 0, wins INTEGER NOT NULL DEFAULT 0, "
          "draws INTEGER NOT NULL DEFAULT 0, losses INTEGER NOT NULL DEFAULT 0, updated_at BIGINT NOT NULL, "
          "PRIMARY KEY (account_id, category))",
          // One row per rated game and account: the key makes a second application impossible.
          "CREATE TABLE rating_history (game_id TEXT NOT NULL REFERENCES games(id), "
          "account_id TEXT NOT NULL REFERENCES accounts(id), category TEXT NOT NULL, color TEXT NOT NULL, "
          "score DOUBLE PRECISION NOT NULL, rating_before DOUBLE PRECISION NOT NULL, "
          "rating_after DOUBLE PRECISION NOT NULL, deviation_before DOUBLE PRECISION NOT NULL, "
          "deviation_after DOUBLE PRECISION NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (game_id, account_id))",
          "CREATE INDEX rating_history_by_account ON rating_history(account_id, category, at)",
          "ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0",
          "ALTER TABLE games ADD COLUMN white_account TEXT",
          "ALTER TABLE games ADD COLUMN black_account TEXT",
          "CREATE INDEX games_by_white_account ON games(white_account, created_at)",
          "CREATE INDEX games_by_black_account ON games(black_account, created_at)",
          "CREATE TABLE moderation_log (id TEXT PRIMARY KEY, at BIGINT NOT NULL, actor TEXT NOT NULL, "
          "action TEXT NOT NULL, target TEXT NOT NULL, detail TEXT NOT NULL DEFAULT '')",
      },
      // 3: game reports (analysis_pool.h): one JSON report per game or uploaded record
      {
          "CREATE TABLE IF NOT EXISTS reports (game_id TEXT PRIMARY KEY, report TEXT NOT NULL, "
          "created_at BIGINT NOT NULL)",
      },
      // 4: puzzle ratings (puzzle_store.h): an account's Glicko-2 puzzle rating, each puzzle's
      // own rating, and the account's first attempt at each puzzle (the key counts it once).
      {
          "CREATE TABLE puzzle_ratings (account_id TEXT PRIMARY KEY REFERENCES accounts(id), "
          "rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL, "
          "volatility DOUBLE PRECISION NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, "
          "solved INTEGER NOT NULL DEFAULT 0, updated_at BIGINT NOT NULL)",
          "CREATE TABLE puzzles (id TEXT PRIMARY KEY, rating DOUBLE PRECISION NOT NULL, "
          "deviation DOUBLE PRECISION NOT NULL, volatility DOUBLE PRECISION NOT NULL, "
          "attempts INTEGER NOT NULL DEFAULT 0, solved INTEGER NOT NULL DEFAULT 0, updated_at BIGINT NOT NULL)",
          "CREATE TABLE puzzle_attempts (account_id TEXT NOT NULL REFERENCES accounts(id), puzzle_id TEXT NOT NULL, "
          "solved INTEGER NOT NULL, at BIGINT NOT NULL, rating_before DOUBLE PRECISION NOT NULL, "
          "rating_after DOUBLE PRECISION NOT NULL, deviation_after DOUBLE PRECISION NOT NULL, "
          "puzzle_rating DOUBLE PRECISION NOT NULL, PRIMARY KEY (account_id, puzzle_id))",
          "CREATE INDEX puzzle_attempts_by_account ON puzzle_attempts(account_id, at)",
      },
      // 5: personal API tokens (accounts_store.h). digest: BLAKE2b of the token (accounts/
      // password.h), never the token; id: what the account page names it by; scopes: a space-
      // separated list; revoked_at: 0 while it works (a revoked row is kept for the list).
      {
          "CREATE TABLE api_tokens (digest TEXT PRIMARY KEY, id TEXT NOT NULL UNIQUE, "
          "account_id TEXT NOT NULL REFERENCES accounts(id), description TEXT NOT NULL, scopes TEXT NOT NULL, "
          "created_at BIGINT NOT NULL, last_used BIGINT NOT NULL DEFAULT 0, revoked_at BIGINT NOT NULL DEFAULT 0)",
          "CREATE INDEX api_tokens_by_account ON api_tokens(account_id, created_at)",
      },
      // 6: bot accounts (server/bots/bot_store.h): 1 once the account was upgraded, for good.
      {
          "ALTER TABLE accounts ADD COLUMN bot INTEGER NOT NULL DEFAULT 0",
      },
      // 7: correspondence games (store.h, Store::due_games): the seat to move ('white',
      // 'black', NULL unless active) and the deadline of the player to move (ms since the
      // epoch; NULL unless a correspondence game is active), written with every append.
      {
          "ALTER TABLE games ADD COLUMN to_move TEXT",
          "ALTER TABLE games ADD COLUMN deadline BIGINT",
          "CREATE INDEX games_by_deadline ON games(deadline)",
      },
      // 8: e-mail (server/mail): accounts' addresses and notification preferences, the tokens
      // mailed to them (BLAKE2b digests only), the outbox, and the keys of the notifications
      // queued (one per game and move: several servers queue each one once).
      {
          "CREATE TABLE account_email (account_id TEXT PRIMARY KEY REFERENCES accounts(id), address TEXT NOT NULL, "
          "address_key TEXT NOT NULL, verified_at BIGINT, your_turn INTEGER NOT NULL DEFAULT 1, "
          "time_low INTEGER NOT NULL DEFAULT 1, unsub_key TEXT NOT NULL, changed_at BIGINT NOT NULL)",
          "CREATE INDEX account_email_by_address ON account_email(address_key)",
          "CREATE TABLE email_tokens (digest TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id), "
          "kind TEXT NOT NULL, address TEXT NOT NULL, created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, "
          "used_at BIGINT)",
          "CREATE INDEX email_tokens_by_account ON email_tokens(account_id, kind)",
          "CREATE TABLE mail_outbox (id TEXT PRIMARY KEY, to_addr TEXT NOT NULL, kind TEXT NOT NULL, "
          "message TEXT NOT NULL, created_at BIGINT NOT NULL, next_try BIGINT NOT NULL, "
          "attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT NOT NULL DEFAULT '', sent_at BIGINT, "
          "gave_up_at BIGINT, claimed_until BIGINT)",
          "CREATE INDEX mail_outbox_due ON mail_outbox(sent_at, next_try)",
          "CREATE TABLE mail_keys (id TEXT PRIMARY KEY, at BIGINT NOT NULL)",
          "CREATE INDEX mail_keys_by_time ON mail_keys(at)",
      },
      // 9: conditional lines (conditional_store.h): a correspondence player's stored replies,
      // one row per game and seat; base_ply and history: the game's decisions when they were
      // stored; lines: one line a row of text, its decisions separated by spaces.
      {
          "CREATE TABLE conditional_lines (game_id TEXT NOT NULL REFERENCES games(id), seat TEXT NOT NULL, "
          "base_ply INTEGER NOT NULL, history TEXT NOT NULL, lines TEXT NOT NULL, stored_at BIGINT NOT NULL, "
          "PRIMARY KEY (game_id, seat))",
      },
      // 10: vacations (vacation_store.h): each vacation an account took, from its start to its
      // end (moved to the time it was ended, when ended early).
      {
          "CREATE TABLE vacations (account_id TEXT NOT NULL REFERENCES accounts(id), starts_at BIGINT NOT NULL, "
          "ends_at BIGINT NOT NULL, PRIMARY KEY (account_id, starts_at))",
      },
      // 11: arenas (server/tournaments): a tournament's settings and its pairing lease (the
      // server that pairs it, until when; told_start 1 once its players were told it began),
      // the players who joined (active 0: withdrawn), and
      // with each game the tournament it belongs to and its berserks (bit 1 White, bit 2 Black,
      // written with every append like the rest of the summary). schedule_key: the slot of the
      // configured schedule an event was made for (unique: one event a slot, whichever server
      // makes it).
      {
          "CREATE TABLE tournaments (id TEXT PRIMARY KEY, kind TEXT NOT NULL, name TEXT NOT NULL, "
          "variant TEXT NOT NULL, base_ms BIGINT NOT NULL, inc_ms BIGINT NOT NULL, rated INTEGER NOT NULL, "
          "starts_at BIGINT NOT NULL, ends_at BIGINT NOT NULL, created_by TEXT NOT NULL DEFAULT '', "
          "created_at BIGINT NOT NULL, lease_owner TEXT NOT NULL DEFAULT '', lease_until BIGINT NOT NULL DEFAULT 0, "
          "schedule_key TEXT UNIQUE, told_start INTEGER NOT NULL DEFAULT 0)",
          "CREATE INDEX tournaments_by_end ON tournaments(ends_at)",
          "CREATE TABLE tournament_players (tournament_id TEXT NOT NULL REFERENCES tournaments(id), "
          "account_id TEXT NOT NULL REFERENCES accounts(id), joined_at BIGINT NOT NULL, active INTEGER NOT NULL, "
          "PRIMARY KEY (tournament_id, account_id))",
          "ALTER TABLE games ADD COLUMN tournament TEXT",
          "ALTER TABLE games ADD COLUMN berserk INTEGER NOT NULL DEFAULT 0",
          "CREATE INDEX games_by_tournament ON games(tournament)",
      },
      // 12: Swiss events, entry conditions and chat (server/tournaments): a Swiss event's number of
      // rounds and the least time from one round's start to the next (0 for arenas); an
      // event's entry code (its digest, '' for none) and rating range (0: no bound); and each
      // round's pairings as they were made (board 0 first; black_account '' is the bye, whose
      // game_id is ''). The games themselves are ordinary games carrying the tournament's id.
      {
          "ALTER TABLE tournaments ADD COLUMN rounds INTEGER NOT NULL DEFAULT 0",
          "ALTER TABLE tournaments ADD COLUMN round_gap_ms BIGINT NOT NULL DEFAULT 0",
          "ALTER TABLE tournaments ADD COLUMN entry_digest TEXT NOT NULL DEFAULT ''",
          "ALTER TABLE tournaments ADD COLUMN min_rating INTEGER NOT NULL DEFAULT 0",
          "ALTER TABLE tournaments ADD COLUMN max_rating INTEGER NOT NULL DEFAULT 0",
          "CREATE TABLE swiss_pairings (tournament_id TEXT NOT NULL REFERENCES tournaments(id), "
          "round INTEGER NOT NULL, board INTEGER NOT NULL, white_account TEXT NOT NULL, "
          "black_account TEXT NOT NULL DEFAULT '', game_id TEXT NOT NULL DEFAULT '', paired_at BIGINT NOT NULL, "
          "PRIMARY KEY (tournament_id, round, board))",
          // A tournament's chat: each line with its writer, kept when removed (deleted 1).
          "CREATE TABLE tournament_chat (id TEXT PRIMARY KEY, tournament_id TEXT NOT NULL REFERENCES tournaments(id), "
          "account_id TEXT NOT NULL REFERENCES accounts(id), text TEXT NOT NULL, at BIGINT NOT NULL, "
          "deleted INTEGER NOT NULL DEFAULT 0)",
          "CREATE INDEX tournament_chat_by_time ON tournament_chat(tournament_id, at)",
      },
      // 13: challenges stored for an account that is offline (challenge_store.h), one per
      // challenger and challenged account; and whether an address gets the "challenge" mails.
      {
          "CREATE TABLE stored_challenges (id TEXT PRIMARY KEY, from_account TEXT NOT NULL REFERENCES accounts(id), "
          "to_account TEXT NOT NULL REFERENCES accounts(id), from_name TEXT NOT NULL, variant TEXT NOT NULL, "
          "days BIGINT NOT NULL, rated INTEGER NOT NULL, body TEXT NOT NULL, created_at BIGINT NOT NULL, "
          "expires_at BIGINT NOT NULL)",
          "CREATE UNIQUE INDEX stored_challenges_pair ON stored_challenges(from_account, to_account)",
          "CREATE INDEX stored_challenges_to ON stored_challenges(to_account)",
          "ALTER TABLE account_email ADD COLUMN challenges INTEGER NOT NULL DEFAULT 1",
      },
  };
  return list;
}

}  // namespace

int schema_version(Sql& sql) {
  const std::string exists = sql.dialect() == "sqlite"
                                 ? "SELECT COUNT(*) FROM sqlite_master WHERE type='table' AND name='schema_migrations'"
                                 : "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema=current_schema() "
                                   "AND table_name='schema_migrations'";
  if (sql_int(sql.run(exists).at(0).at(0)) == 0) return 0;
  return int(sql_int(sql.run("SELECT MAX(version) FROM schema_migrations").at(0).at(0)));
}

std::string schema_script(int version, int64_t now_ms) {
  if (version < 1 || version > kSchemaVersion) throw std::out_of_range("no schema version " + std::to_string(version));
  std::string out = "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL);\n";
  for (int v = 1; v <= version; ++v) {
    for (const auto& statement : migrations()[size_t(v - 1)]) out += statement + ";\n";
    out += "INSERT INTO schema_migrations(version, applied_at) VALUES (" + std::to_string(v) + ", " +
           std::to_string(now_ms) + ");\n";
  }
  return out;
}

void require_current_schema(Sql& sql) {
  const int found = schema_version(sql);
  if (found == kSchemaVersion) return;
  throw std::runtime_error("the database is at schema version " + std::to_string(found) + ", this program's is " +
                           std::to_string(kSchemaVersion) +
                           (found < kSchemaVersion ? ": it is read as it is, not upgraded; start `yinsh serve` on it once "
                                                     "to upgrade it"
                                                   : ": it was written by a newer program"));
}

int migrate(Sql& sql, int64_t now_ms) {
  static_assert(kSchemaVersion >= 1);
  if (int(migrations().size()) != kSchemaVersion) throw std::logic_error("kSchemaVersion != number of migrations");
  const int found = schema_version(sql);
  if (found > kSchemaVersion)
    throw std::runtime_error("the database's schema is version " + std::to_string(found) +
                             ", newer than this program's " + std::to_string(kSchemaVersion) +
                             ": use a newer yinsh (or a backup made before the upgrade)");
  if (found == 0)
    sql.run("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)");
  for (int v = found + 1; v <= kSchemaVersion; ++v) {
    for (const auto& statement : migrations()[size_t(v - 1)]) sql.run(statement);
    sql.run("INSERT INTO schema_migrations(version, applied_at) VALUES (?, ?)", {int64_t(v), now_ms});
  }
  return found;
}

}  // namespace yinsh::server
