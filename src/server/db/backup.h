// `yinsh backup`: a consistent copy of a SQLite database while a server writes to it, through
// SQLite's online backup API. The copy is read in one read transaction (WAL mode: the server's
// commits go on meanwhile and are simply not in it), written to OUT.part, checked with
// `PRAGMA quick_check`, then renamed to OUT: OUT is either the old file or a whole new copy.
// PostgreSQL databases are backed up with pg_dump (docs/server.md).
#pragma once

#include <string>

namespace yinsh::server {

// False with `error` (the source cannot be opened, is not a database, the copy failed...).
bool backup_sqlite(const std::string& db_path, const std::string& out_path, std::string* error);

}  // namespace yinsh::server
