// Archives of a server's games (`yinsh export`, `yinsh import`): every game of a store as
// records in the official notation, one multi-game file (docs/records.md), and records (that
// file, or Boardspace SGF files) back into a store as finished games.
// Blocking; uses only the Store interface, so it works on SQLite and PostgreSQL alike, also
// while a server runs on the same database.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/record.h"
#include "server/game/online_game.h"
#include "server/store/store.h"

namespace yinsh::server {

// A stored game rebuilt by replaying its events; nullopt with `error` when it is missing or
// its log cannot be read.
std::optional<OnlineGame> load_game(Store& store, const std::string& id, std::string* error);

// The record of a stored game: the server's record (tags Game, White, Black, TimeControl,
// Result, Termination) plus Date and Time (UTC) of its creation.
std::string archive_record(const OnlineGame& game);

// Writes every finished game (status over) created at or after `since_ms` (Unix ms), oldest
// first, separated by a blank line (`yinsh export --records`; store_archive.h keeps them all). Returns how many; games whose log cannot be read are listed in `skipped`.
int export_games(Store& store, int64_t since_ms, std::ostream& out,
                 std::vector<std::string>* skipped = nullptr);

// Splits a multi-game file into the text of each record: a record starts at a tag line
// ("[...") that follows move text. Text with no tags is one record.
std::vector<std::string> split_records(std::string_view text);

// "2026-11-23" or "2026.11.23" (UTC midnight) to Unix ms; nullopt when malformed.
std::optional<int64_t> parse_date_ms(std::string_view text);

// One record turned into what the store keeps: the meta row, the event log, the summary.
struct ImportedGame {
  GameMeta meta;
  std::vector<StoredEvent> events;
  GameSummary summary;
};

// The id is the record's Game tag when it is a valid id (a game exported from a server keeps
// its id), otherwise made from a hash of the record, so the same record always gets the same
// id. The game is rebuilt with the server's own commands (join, start, every decision, a
// resignation when the record ends before the rules end it). Refused with the reason: a set-up
// start position, an unfinished game (Result "*"), a draw the rules did not give.
std::optional<ImportedGame> game_from_record(const GameRecord& record, int64_t now_ms, std::string* why);

struct ImportReport {
  int imported = 0, duplicates = 0, rejected = 0;
  std::vector<std::string> lines;  // "<source>: imported as <id>" / "duplicate of <id>" / the reason
};

// Reads every file (a multi-game notation file, or one SGF game) and every record in them,
// stores each valid one in its own transaction, and reports the rest with the reason.
ImportReport import_files(Store& store, const std::vector<std::string>& files, int64_t now_ms);

}  // namespace yinsh::server
