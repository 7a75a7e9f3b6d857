#include "server/db/backup.h"

#include <sqlite3.h>

#include <cstdio>
#include <filesystem>
#include <memory>

namespace yinsh::server {

namespace {

struct Closer {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using Db = std::unique_ptr<sqlite3, Closer>;

Db open(const std::string& path, int flags, std::string* error) {
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
  Db db(raw);
  if (rc != SQLITE_OK) {
    *error = "cannot open " + path + ": " + (raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc));
    return nullptr;
  }
  sqlite3_busy_timeout(raw, 5000);
  return db;
}

// The first row's first column of `sql` as text ("" when none).
std::string query_text(sqlite3* db, const char* sql) {
  sqlite3_stmt* st = nullptr;
  std::string out;
  if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW) {
    const auto* t = sqlite3_column_text(st, 0);
    if (t) out = reinterpret_cast<const char*>(t);
  }
  sqlite3_finalize(st);
  return out;
}

}  // namespace

bool backup_sqlite(const std::string& db_path, const std::string& out_path, std::string* error) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(db_path, ec)) {
    *error = db_path + ": no such database file";
    return false;
  }
  Db src = open(db_path, SQLITE_OPEN_READONLY, error);
  if (!src) return false;
  if (query_text(src.get(), "SELECT count(*) FROM sqlite_master WHERE name='games'") != "1") {
    *error = db_path + ": not a yinsh database (no games table, or not SQLite)";
    return false;
  }
  const std::string part = out_path + ".part";
  std::filesystem::remove(part, ec);
  Db dst = open(part, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, error);
  if (!dst) return false;
  sqlite3_backup* b = sqlite3_backup_init(dst.get(), "main", src.get(), "main");
  if (!b) {
    *error = std::string("cannot start the backup: ") + sqlite3_errmsg(dst.get());
    dst.reset();
    std::filesystem::remove(part, ec);
    return false;
  }
  int rc;
  do {  // -1: every page in one step, i.e. one read transaction, one consistent snapshot
    rc = sqlite3_backup_step(b, -1);
    if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) sqlite3_sleep(50);
  } while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
  sqlite3_backup_finish(b);
  std::string check;
  if (rc == SQLITE_DONE) check = query_text(dst.get(), "PRAGMA quick_check");
  if (rc != SQLITE_DONE || check != "ok") {
    *error = rc != SQLITE_DONE ? std::string("the backup failed: ") + sqlite3_errstr(rc)
                               : "the copy fails its integrity check: " + check;
    dst.reset();
    std::filesystem::remove(part, ec);
    return false;
  }
  dst.reset();
  std::filesystem::rename(part, out_path, ec);
  if (ec) {
    *error = "cannot rename " + part + " to " + out_path + ": " + ec.message();
    std::filesystem::remove(part, ec);
    return false;
  }
  return true;
}

}  // namespace yinsh::server
