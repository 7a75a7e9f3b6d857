// The database of a test suite run on both stores (INSTANTIATE_TEST_SUITE_P with "sqlite" and
// "postgres"): a fresh, empty one per test.
#pragma once

#include <optional>
#include <string>

#include "pg_cluster.h"
#include "test_server.h"

namespace yinsh::test {

class FreshDatabase {
 public:
  // "sqlite": games.db in a scratch directory named after `prefix` and the test; "postgres": a
  // new database of the shared throwaway cluster; none when the PostgreSQL server binaries are
  // missing (skip_reason() says so: GTEST_SKIP) or createdb failed (spec() is empty).
  FreshDatabase(const std::string& backend, const std::string& prefix) {
    if (backend == "postgres") {
      auto& pg = PgCluster::instance();
      if (!pg.available()) skip_ = "PostgreSQL tests skipped: " + pg.why_not();
      else spec_ = pg.new_database();
    } else {
      dir_.emplace(prefix);
      spec_ = (*dir_ / "games.db").string();
    }
  }
  // The store's connection string (open_store's `spec`); empty when there is none.
  const std::string& spec() const { return spec_; }
  const std::string& skip_reason() const { return skip_; }

 private:
  std::optional<ScratchDir> dir_;
  std::string spec_, skip_;
};

}  // namespace yinsh::test
