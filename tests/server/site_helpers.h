// What the tests of one site with several servers share (site_test.cpp,
// site_challenge_test.cpp): two in-process servers on one fresh PostgreSQL database, with a
// short heartbeat and lease; waiting for a condition; the answer to a lobby command.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "account_helpers.h"
#include "lobby_helpers.h"
#include "pg_cluster.h"
#include "server_process.h"
#include "test_server.h"

namespace yinsh::test {

using beast::http::verb;
using Clock = std::chrono::steady_clock;

// Polls `f` every 20 ms until it holds (at most `ms`).
template <class F>
inline bool eventually(F f, int ms = 15000) {
  for (auto until = Clock::now() + std::chrono::milliseconds(ms); Clock::now() < until;) {
    if (f()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return f();
}

inline json online(uint16_t port) { return http_request(port, verb::get, "/api/online").body["players"]; }

// The answer to a lobby command: the next `matched` or `error`.
inline json outcome(Lobbyist& l) {
  for (;;) {
    auto m = l.ws.recv(10000);
    if (!m) return json();
    if ((*m)["type"] == "lobby") l.last = *m;
    if ((*m)["type"] == "matched" || (*m)["type"] == "error") return *m;
  }
}

inline size_t seeks_in(const json& view) { return view["seeks"].size(); }

// A new database on the tests' PostgreSQL cluster (started if need be) in `db`; skips the
// test when PostgreSQL is not available: callers return when IsSkipped() or HasFatalFailure().
inline void new_pg_database(std::string& db) {
  auto& pg = PgCluster::instance();
  if (!pg.available()) GTEST_SKIP() << "PostgreSQL tests skipped: " << pg.why_not();
  if (!pg.running()) {
    ASSERT_TRUE(pg.start());
  }
  db = pg.new_database();
  ASSERT_FALSE(db.empty());
}

class SiteTest : public ::testing::Test {
 protected:
  void SetUp() override {
    new_pg_database(db);
    if (IsSkipped() || HasFatalFailure()) return;
    a = start();
    b = start();
    ASSERT_TRUE(a && b);
  }
  std::unique_ptr<server::Server> start() {
    auto o = test_server_options(dir.path());
    o.db = db;
    o.hub.ai_movetime_ms = 5;
    o.site.heartbeat_ms = 200;
    o.site.lease_ms = 1500;
    if (expiry_ms > 0) o.hub.seeks.expiry_ms = expiry_ms;
    return start_test_server(o);
  }
  int64_t expiry_ms = 0;  // seeks, pairings and challenges expire after this (0: the default)
  ScratchDir dir{"yinsh-site"};
  std::string db;
  std::unique_ptr<server::Server> a, b;
};

}  // namespace yinsh::test
