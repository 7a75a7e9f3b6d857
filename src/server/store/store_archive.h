// The lossless archive of a store (`yinsh export`, `yinsh import`): every row that makes up
// the games -- the game rows (waiting, active, over, aborted; rated or not; seats' accounts),
// their whole event logs (moves, clocks, seat tokens, chat and its moderation), their reports
// and rating changes -- and the accounts and ratings they refer to, as JSON lines:
//
//   {"yinsh_archive":1,"schema":4}
//   {"table":"accounts","row":{"id":"...","name":"ann",...}}
//   {"table":"games","row":{"id":"k3j9x2m4p8qa","status":"active",...}}
//   {"table":"events","row":{"game_id":"k3j9x2m4p8qa","version":1,"body":"{...}"}}
//   ...
//
// Tables in the order of their references (accounts, ratings, then each game followed by its
// events, report and rating history, then the reports of uploaded records). Imported into
// another database of either kind, every row comes back as it was: exporting that database
// gives the same text. The file holds secrets (seat tokens, password hashes): keep it like a
// backup. Uses only Store::transact (sql.h), so it works on SQLite and PostgreSQL alike.
#pragma once

#include <cstdint>
#include <istream>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "server/store/store.h"

namespace yinsh::server {

constexpr int kArchiveFormat = 1;

// Whether `text` (a file's beginning) is such an archive.
bool is_store_archive(std::string_view text);

struct ArchiveCounts {
  int games = 0, accounts = 0, rows = 0;
};

// Writes the games created at or after `since_ms` with their rows, and every account and
// rating. Reads in one transaction (one consistent moment). Throws StoreUnavailable.
ArchiveCounts export_archive(Store& store, int64_t since_ms, std::ostream& out);

struct ArchiveImport {
  int games = 0, duplicates = 0, rejected = 0;  // games
  int accounts = 0, accounts_present = 0;       // accounts added; already there (same id)
  std::vector<std::string> lines;               // one per game: imported / duplicate / skipped: why
};

// Reads an archive: each account, rating row and uploaded report in a transaction of its own
// (one already there is kept), each game with all its rows in one transaction (a game whose id
// is there is a duplicate: nothing of it is written). `source` names the file in the lines.
ArchiveImport import_archive(Store& store, std::istream& in, const std::string& source);

}  // namespace yinsh::server
