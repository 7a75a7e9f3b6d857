// The two implementations of Sql (sql.h): over a SQLite connection and over a libpqxx
// transaction. Included by the stores only.
#pragma once

#include "server/db/sql.h"

namespace SQLite {
class Database;
}
namespace pqxx {
class transaction_base;
}

namespace yinsh::server {

// Statements on `db`, inside whatever transaction its owner opened (the caller holds the
// store's mutex).
class SqliteSql final : public Sql {
 public:
  explicit SqliteSql(SQLite::Database& db) : db_(db) {}
  std::string_view dialect() const override { return "sqlite"; }
  std::vector<SqlRow> run(const std::string& sql, const std::vector<SqlValue>& params) override;
  int64_t changes() const override { return changes_; }

 private:
  SQLite::Database& db_;
  int64_t changes_ = 0;
};

// Statements inside the libpqxx transaction `w`; `?` becomes $1, $2, ...
class PostgresSql final : public Sql {
 public:
  explicit PostgresSql(pqxx::transaction_base& w) : w_(w) {}
  std::string_view dialect() const override { return "postgres"; }
  std::vector<SqlRow> run(const std::string& sql, const std::vector<SqlValue>& params) override;
  int64_t changes() const override { return changes_; }

 private:
  pqxx::transaction_base& w_;
  int64_t changes_ = 0;
};

}  // namespace yinsh::server
