// `yinsh loadtest --pair quick|seek`: instead of games made up front over HTTP, every bot asks
// the lobby for a game (quick pairing, docs/api.md 3.5; or, with `seek`, half the bots publish
// seeks and the other half follow the lobby and take them, as people do), plays it, and asks
// again after each game until `--pair-seconds` have passed; then the games under way are played to their end. Behind
// a balancer (scripts/cluster) the bots' connections land on every server of the site, so
// players are paired across servers (docs/server.md "One site") and their games' decisions go
// from server to server. Reports each pairing's wait next to the decisions' round trips.
// `yinsh loadtest --challenge NAME`: each bot is a guest that challenges the account NAME (a bot
// account played by `yinsh bot`, docs/api.md 2.6) to a casual game on `--challenge-clock`,
// plays it, and challenges again after it; a challenge declined (the account is at its
// --max-games) is made again 1 s later. The wait is then challenge sent -> `matched`.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "loadtest_bot.h"

namespace yinsh::cli {

struct PairOptions {
  std::string mode;      // "" (games made up front), "quick", "seek" or "challenge"
  std::string challenge_to;  // "challenge": whom
  nlohmann::json clock;      // "challenge": the games' clock ({initial_ms, increment_ms}), null: none
  double seconds = 60;   // bots ask for another game while the run is younger than this
  int bots = 0;          // 2 per --games (1 with "challenge": the other seat is the account's)
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
