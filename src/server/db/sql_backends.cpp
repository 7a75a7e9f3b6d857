// Sql over SQLiteCpp and over libpqxx 6.4 (sql_backends.h).
#include "server/db/sql_backends.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <cstdio>
#include <pqxx/pqxx>

namespace yinsh::server {

std::vector<SqlRow> SqliteSql::run(const std::string& sql, const std::vector<SqlValue>& params) {
  try {
    SQLite::Statement st(db_, sql);
    for (size_t i = 0; i < params.size(); ++i) {
      const int at = int(i + 1);
      if (auto* n = std::get_if<int64_t>(&params[i])) st.bind(at, *n);
      else if (auto* d = std::get_if<double>(&params[i])) st.bind(at, *d);
      else st.bind(at, std::get<std::string>(params[i]));
    }
    std::vector<SqlRow> rows;
    while (st.executeStep()) {
      SqlRow row;
      for (int c = 0; c < st.getColumnCount(); ++c) {
        const auto col = st.getColumn(c);
        if (col.isNull()) row.emplace_back(std::nullopt);
        else row.emplace_back(col.getString());
      }
      rows.push_back(std::move(row));
    }
    changes_ = db_.getChanges();
    return rows;
  } catch (const SQLite::Exception& e) {
    const int code = e.getExtendedErrorCode();
    if (code == SQLITE_CONSTRAINT_UNIQUE || code == SQLITE_CONSTRAINT_PRIMARYKEY) throw UniqueViolation(e.what());
    throw;
  }
}

std::vector<SqlRow> PostgresSql::run(const std::string& sql, const std::vector<SqlValue>& params) {
  std::string numbered;
  int n = 0;
  for (char c : sql) {
    if (c == '?') numbered += "$" + std::to_string(++n);
    else numbered += c;
  }
  std::vector<std::string> text;
  for (const auto& p : params) {
    if (auto* i = std::get_if<int64_t>(&p)) text.push_back(std::to_string(*i));
    else if (auto* d = std::get_if<double>(&p)) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.17g", *d);
      text.emplace_back(buf);
    } else text.push_back(std::get<std::string>(p));
  }
  try {
    const pqxx::result r = w_.exec_params(numbered, pqxx::prepare::make_dynamic_params(text));
    changes_ = r.affected_rows();
    std::vector<SqlRow> rows;
    for (const auto& row : r) {
      SqlRow out;
      for (const auto& f : row) {
        if (f.is_null()) out.emplace_back(std::nullopt);
        else out.emplace_back(f.c_str());
      }
      rows.push_back(std::move(out));
    }
    return rows;
  } catch (const pqxx::unique_violation& e) {
    throw UniqueViolation(e.what());
  }
}

}  // namespace yinsh::server
