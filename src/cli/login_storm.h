// The login storm of `yinsh loadtest --logins-per-s R` (issue 13): real logins (POST
// /api/account/login, each an Argon2id verification on the server) at a steady offered rate,
// while the load tool's bots play, so that both are measured at once. The accounts are
// registered first (or logged into, when a previous run left them). No Beast in this header.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace yinsh::cli {

struct StormOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 8080;
  int accounts = 20;             // logins go round-robin over these accounts
  double rate = 200;             // logins per second offered (open loop: not slowed by replies)
  double start_s = 5, seconds = 10;  // the storm's window, from the start of the bots' games
  int sources = 100;             // loopback only: logins come from 127.0.0.2, .3, ... (one per account)
  std::string prefix = "storm";  // account names: storm0, storm1, ...
  int timeout_s = 120;           // a login unanswered this long counts as failed
  // Loopback only: every storm login from this one address (e.g. 127.0.0.2) instead of
  // `sources` addresses; and `bystanders` other addresses after it (127.0.0.3, .4, ...), each
  // logging into its own account (PREFIXb0, PREFIXb1, ...) one login at a time, 500 ms after
  // the previous answer, during the storm: what one address's storm leaves the others.
  std::string source;
  int bystanders = 0;
};

struct StormReport {
  long offered = 0, ok = 0, throttled = 0, busy = 0, other = 0, network = 0;
  std::vector<double> login_ms;  // successful logins, request sent -> reply read
  // GET /api/account/me with a session (the accounts pool's other work: what a logged-in
  // player's WebSocket upgrade or game creation waits for), every 100 ms: when, and how long.
  std::vector<double> probe_at_s, probe_ms;
  double began_s = 0, ended_s = 0;  // first login sent, last login answered (from the bots' start)
  std::vector<std::string> first_errors;
  // The bystanders' logins (StormOptions::bystanders): answered 200, and every other answer.
  long bystander_ok = 0, bystander_failed = 0;
  std::vector<double> bystander_ms;
};

using StormClock = std::chrono::steady_clock;

// Registers the accounts, each from the address its logins come from (409 name_taken: logs into
// it instead, which must succeed), and the bystanders' accounts; returns one session token per
// storm account for the probe. Throws std::runtime_error with the reason.
std::vector<std::string> prepare_storm_accounts(const StormOptions& o);

// Runs the storm on the calling thread: waits until `t0 + start_s`, offers `rate` logins a
// second for `seconds`, then waits for every reply (or its timeout). `stop`: give up early.
StormReport run_login_storm(const StormOptions& o, const std::vector<std::string>& sessions,
                            StormClock::time_point t0, const std::atomic<bool>& stop);

}  // namespace yinsh::cli
