// Sql: the few SQL operations that code written once for both stores needs (schema migrations,
// accounts, ratings), inside a transaction the store opened. Statements use `?` placeholders;
// the PostgreSQL adapter numbers them ($1, $2, ...). Values are integers, doubles or text;
// a NULL column reads as nullopt. Statements must be valid in both dialects (BIGINT, TEXT,
// INTEGER, DOUBLE PRECISION; no AUTOINCREMENT/SERIAL: ids are made by the caller).
// No SQLite or libpqxx in this header.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace yinsh::server {

using SqlValue = std::variant<int64_t, double, std::string>;
using SqlRow = std::vector<std::optional<std::string>>;  // every column as text

// A UNIQUE or PRIMARY KEY constraint refused the statement (the transaction is rolled back).
struct UniqueViolation : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Sql {
 public:
  virtual ~Sql() = default;
  virtual std::string_view dialect() const = 0;  // "sqlite" or "postgres"
  // Runs one statement; its rows (none for statements that return none). Throws
  // UniqueViolation, or std::runtime_error for any other failure.
  virtual std::vector<SqlRow> run(const std::string& sql, const std::vector<SqlValue>& params = {}) = 0;
  // Rows changed by the last INSERT/UPDATE/DELETE run through this object.
  virtual int64_t changes() const = 0;
};

// Runs `work` in one transaction and commits it. Throws what `work` throws (nothing is
// written), or StoreUnavailable when the database fails.
using Transactor = std::function<void(const std::function<void(Sql&)>& work)>;

inline int64_t sql_int(const std::optional<std::string>& v, int64_t fallback = 0) {
  if (!v || v->empty()) return fallback;
  return std::stoll(*v);
}
inline double sql_double(const std::optional<std::string>& v, double fallback = 0) {
  if (!v || v->empty()) return fallback;
  return std::stod(*v);
}
inline std::string sql_text(const std::optional<std::string>& v) { return v.value_or(std::string()); }

}  // namespace yinsh::server
