// A match between two players: openings varied by seeded random ring placements, each
// opening played twice with colours swapped, games run in parallel (one per worker thread),
// every game kept as a record in the official notation, an optional SPRT that stops early.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/record.h"
#include "match/stats.h"
#include "search/search.h"

namespace yinsh {

struct MatchConfig {
  std::string first, second;  // player specs (player.h)
  std::string first_name = "A", second_name = "B";
  int games = 100;
  Limits limits;              // per decision (movetime, depth, nodes); its clocks are unused
  // Each player's clock per game in ms, indexed first/second (not by colour): the base
  // (-1 = no clocks) and the increment added after each of its decisions. Both players have a
  // clock or neither; unequal clocks give time odds.
  int64_t clock_base[2] = {-1, -1};
  int64_t clock_inc[2] = {0, 0};
  int concurrency = 2;        // games played at once
  uint64_t seed = 1;
  int random_plies = 6;       // random ring placements that open each game pair
  int64_t grace_ms = 10000;   // an external engine's overrun allowed before its decision is missing
  bool sprt = false;
  SprtParams sprt_params;
};

struct GameOutcome {
  int index = 0;
  double first_points = 0;  // 1, 0.5 or 0
  GameRecord record;
  std::string note;         // why a game ended abnormally (illegal decision, timeout, ...)
};

struct MatchReport {
  Score score;
  EloEstimate elo;          // trinomial: every game counted as independent
  PairCounts pairs;         // finished pairs (both games of an opening)
  EloEstimate pair_elo;     // pentanomial, from the pairs; the SPRT uses this model
  double llr = 0;
  SprtVerdict verdict = SprtVerdict::Continue;
  std::string error;        // set when the config is wrong or a player could not be started
};

// A clock as a match record's TimeControl tag writes it (PGN's form, seconds): "20+0.2", "300"
// without increment. The record's SearchLimit tag is player.h's go_limits().
std::string clock_tag(int64_t base_ms, int64_t inc_ms);

// What is wrong with `config` for a match ("" when nothing): today, a clock for one player only.
std::string config_error(const MatchConfig& config);

// Blocks until the match ends (at once, with `error` set, when config_error() says why).
// `on_game` is called (serialised, from a worker thread) after every game with the game and the
// running report.
MatchReport run_match(const MatchConfig& config,
                      const std::function<void(const GameOutcome&, const MatchReport&)>& on_game);

// The start of game pair `pair`: `plies` seeded random decisions from the start position.
Game opening(uint64_t seed, int pair, int plies);

}  // namespace yinsh
