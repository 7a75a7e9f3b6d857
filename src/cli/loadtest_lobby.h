// `yinsh loadtest --pair quick|seek`: instead of games made up front over HTTP, every bot asks
// the lobby for a game (quick pairing, docs/api.md 3.5; or, with `seek`, half the bots publish
// seeks and the other half follow the lobby and take them, as people do), plays it, and asks
// again after each game until `--pair-seconds` have passed; then the games under way are played to their end. Behind
// a balancer (scripts/cluster) the bots' connections land on every server of the site, so
// players are paired across servers (docs/server.md "One site") and their games' decisions go
// from server to server. Reports each pairing's wait next to the decisions' round trips.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <ostream>
#include <string>

#include "loadtest_bot.h"

namespace yinsh::cli {

struct PairOptions {
  std::string mode;      // "" (games made up front), "quick" or "seek"
  double seconds = 60;   // bots ask for another game while the run is younger than this
  int bots = 0;          // 2 per --games
  int think_ms = 0;
  uint64_t seed = 1;
  double ramp_s = 0;     // bot i starts at i * ramp_s / bots
};

// Starts the bots on `ioc` (the run's clock, stats.t0, must be set).
void start_pairing_bots(boost::asio::io_context& ioc, const boost::asio::ip::tcp::endpoint& ep, const PairOptions& o,
                        Stats& stats);
// Whether the run is over: past `seconds`, no game under way and nobody matched for 2 s (a
// bot still waiting then has nobody left to play), or every bot done (failed).
bool pairing_over(const PairOptions& o, const Stats& stats, LoadClock::time_point now);
// The pairing lines of the report; false when the run failed (no game, or a game begun and
// not finished).
bool print_pairing(std::ostream& out, const PairOptions& o, Stats& stats);

}  // namespace yinsh::cli
