// A throwaway PostgreSQL cluster for tests: initdb + pg_ctl in a temporary directory, on a
// free port, listening on a Unix socket in that directory. Unavailable (with a reason) when
// the PostgreSQL server binaries are not installed.
#pragma once

#include <string>

namespace yinsh::test {

class PgCluster {
 public:
  // The shared cluster of this test process (started on first use, stopped at exit).
  static PgCluster& instance();
  bool available() const { return ok_; }
  bool running() const { return running_; }
  const std::string& why_not() const { return why_; }
  // A connection string for a fresh, empty database.
  std::string new_database();
  // Stops the server ("fast": sessions are terminated, or "immediate": a crash) and starts it
  // again on the same port and socket directory; the data stays. False when pg_ctl failed.
  bool stop(bool immediate = false);
  bool start();
  // Runs `sql` (one or more statements, each in its own transaction) with psql on the database
  // of `conninfo`; false when psql failed. `out`: what it printed (unaligned, tuples only).
  bool sql(const std::string& conninfo, const std::string& sql, std::string* out = nullptr);

  PgCluster();
  ~PgCluster();

 private:
  bool ok_ = false, running_ = false;
  std::string why_, dir_, bin_, runas_;
  int port_ = 0, next_db_ = 0;
};

}  // namespace yinsh::test
