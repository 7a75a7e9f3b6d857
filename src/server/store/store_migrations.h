// Versioned schema migrations, the same for both stores. The table schema_migrations holds one
// row per migration applied (version, applied_at). Opening a store runs the missing ones, in
// order, in one transaction (PostgreSQL: under an advisory lock, so that of several servers
// starting at once one migrates and the others find it done). A database written by release
// 0.1 has the games and events tables but no schema_migrations: migration 1 (the 0.1 schema,
// CREATE ... IF NOT EXISTS) finds them and changes nothing, and the rest are added; no game is
// touched. A database migrated by a newer program (a version above kSchemaVersion) is refused.
#pragma once

#include <cstdint>
#include <string>

#include "server/db/sql.h"

namespace yinsh::server {

// 1: games, events (release 0.1)
// 2: accounts, sessions, ratings, rating_history, moderation_log; games.rated,
//    games.white_account, games.black_account
// 3: reports
// 4: puzzle_ratings, puzzles, puzzle_attempts
// 5: api_tokens
// 6: accounts.bot
// 7: games.to_move, games.deadline (correspondence games)
constexpr int kSchemaVersion = 13;

// Applies the missing migrations inside the caller's transaction; the version found before
// (0 for an empty database or one of release 0.1). Throws std::runtime_error when the
// database's version is newer than kSchemaVersion (nothing changed).
int migrate(Sql& sql, int64_t now_ms);

// The version the database is at (0 without schema_migrations).
int schema_version(Sql& sql);
// Throws std::runtime_error saying what to do unless the database is at kSchemaVersion (a
// store opened as it is, without migrating).
void require_current_schema(Sql& sql);

// The SQL that takes a database to `version` (1..kSchemaVersion): its migrations' statements
// and schema_migrations' rows, as text for a shell (statements ending in ';'). Tests build a
// database of an older version with it, to see it upgraded.
std::string schema_script(int version, int64_t now_ms = 0);

}  // namespace yinsh::server
